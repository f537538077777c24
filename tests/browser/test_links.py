"""The link and QR code a page shares, as the phones at a real table get them (Chromium at
Pixel 5): a game opened on the host's laptop at ``localhost`` shares the machine's LAN address,
which another phone opens; ``SCOREPAD_PUBLIC_URL`` makes every shared link; and
``scorepad serve --certfile --keyfile`` serves HTTPS on a LAN name, where the page is a secure
context with the service worker and the wake lock (docs/serving.md).

The app is served here on every interface of the machine (the session's ``server`` listens on
loopback only), so that the shared LAN address really answers. A machine with no LAN address
(a CI box may have none) shares the address the page was opened on: the tests check that
instead, never skip it.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import ssl
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from werkzeug.serving import make_server

from scorepad import ROOT, create_app
from scorepad.schema import run_migrations
from scorepad.web import links
from scorepad.web.links import Lan, is_loopback
from scorepad.web.qr import qr_svg

from ..support.browser_serving import controlled
from ..support.browser_table import GAME_URL, start_game
from .conftest import CHROMIUM, CHROMIUM_ARGS, Server, open_context, serve_local_htmx

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


@pytest.fixture(scope="module")
def lan_server(server: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app on a free port of every interface, opened at ``http://localhost:PORT`` (the
    session server's catalogs)."""
    folder = tmp_path_factory.mktemp("scorepad-lan")
    app = create_app({
        "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(folder / "scorepad.sqlite"),
        "SECRET_KEY": "test", "TESTING": False, "RATELIMIT_ENABLED": False,
        "BABEL_TRANSLATION_DIRECTORIES": server.app.config["BABEL_TRANSLATION_DIRECTORIES"],
    })
    run_migrations(app)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    httpd = make_server("0.0.0.0", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, name="scorepad-lan", daemon=True)
    thread.start()
    try:
        yield Server(f"http://localhost:{httpd.server_port}", app.config["HTMX_CDN"], server.catalogs, app)
    finally:
        httpd.shutdown()
        thread.join(timeout=5)


@pytest.fixture
def phone(playwright: Any, browser: Any, lan_server: Server) -> Iterator[Any]:
    """New phones (``phone()``), each a browser context of its own."""
    contexts: list[Any] = []

    def open_phone() -> Any:
        contexts.append(open_context(playwright, browser, lan_server))
        return contexts[-1].new_page()

    yield open_phone
    for context in contexts:
        context.close()


def shared(page: Any) -> tuple[str, str]:
    """The link the page shows to share, and its QR code (the SVG the page holds)."""
    link = page.locator("input.link").input_value()
    svg = page.locator("svg.qr").evaluate("svg => svg.outerHTML")
    return link, svg


def assert_qr_of(svg: str, link: str) -> None:
    """The QR code is the one made of ``link``: no QR decoder is installed, so the page's SVG
    is compared with the one segno makes of the link text (the same label, the same modules)."""
    label = svg.split('aria-label="', 1)[1].split('"', 1)[0]
    expected = str(qr_svg(link, label))
    path = svg.split(' d="', 1)[1].split('"', 1)[0]
    assert path and path == expected.split(' d="', 1)[1].split('"', 1)[0]


def test_a_game_opened_on_localhost_shares_a_lan_link_another_phone_opens(
        phone: Any, lan_server: Server, screenshots: Path) -> None:
    host = phone()
    game = start_game(host, "romme_de", ["Anna", "Ben", "Cleo"])
    assert urlsplit(game).hostname == "localhost"
    link, svg = shared(host)
    assert_qr_of(svg, link)
    port = urlsplit(lan_server.url).port
    lan = links.lan().first()
    if lan:  # the machine is on a network: the link names the default route's address
        assert link == f"http://{lan[0]}:{port}{urlsplit(game).path}"
        assert not is_loopback(urlsplit(link).hostname or "")
    else:  # no network: the address the page was opened on is all there is
        assert link == game
    host.locator("section.join").screenshot(path=str(screenshots / "links-lan-en.png"))

    other = phone()  # another phone at the table opens the shared link
    other.goto(link)
    other.wait_for_url(GAME_URL)
    expect(other.locator(".me-names button", has_text="Cleo")).to_be_visible()


def test_the_host_picks_another_address_of_the_machine(
        phone: Any, lan_server: Server, monkeypatch: pytest.MonkeyPatch, screenshots: Path) -> None:
    # This machine on two networks (the app is served in this process), whatever it really has.
    monkeypatch.setattr(links, "lan", lambda: Lan(("10.8.0.2", "192.168.1.20"), "192.168.1.20"))
    host = phone()
    game = start_game(host, "romme_de", ["Anna", "Ben"])
    port = urlsplit(lan_server.url).port
    path = urlsplit(game).path
    assert shared(host)[0] == f"http://192.168.1.20:{port}{path}"
    expect(host.locator("select#via")).to_have_value("192.168.1.20")
    host.locator("select#via").select_option("10.8.0.2")
    host.locator("form.lan-pick button").click()
    expect(host.locator("input.link")).to_have_value(f"http://10.8.0.2:{port}{path}")
    link, svg = shared(host)
    assert_qr_of(svg, link)
    host.locator("section.join").screenshot(path=str(screenshots / "links-pick-en.png"))


def test_the_public_url_makes_every_shared_link(
        phone: Any, lan_server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(lan_server.app.config, "SCOREPAD_PUBLIC_URL", "https://scores.example.org/rummy")
    host = phone()
    game = start_game(host, "romme_de", ["Anna", "Ben"])
    pages = {"game": game}
    host.locator("#profile-name").fill("Omas Rommé")
    host.locator("section.profile-save button").click()
    host.wait_for_url("**/p/*")
    pages["profile"] = host.url
    host.goto(game)
    host.locator("section.evening form button[type=submit]").first.click()
    host.wait_for_url("**/e/*")
    pages["evening"] = host.url
    for kind, url in pages.items():
        host.goto(url)
        link, svg = shared(host)
        assert link == "https://scores.example.org/rummy" + urlsplit(url).path, kind
        assert_qr_of(svg, link)
    assert host.locator("select#via").count() == 0


# --- HTTPS: scorepad serve --certfile --keyfile, opened on a LAN name ------------------------


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def self_signed(folder: Path, name: str) -> tuple[Path, Path]:
    """A certificate for ``name`` and its key, made with the openssl command."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
                    "-addext", f"subjectAltName=DNS:{name}"],
                   check=True, capture_output=True)
    return cert, key


@pytest.fixture
def https_server(tmp_path: Path) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """``scorepad serve --certfile --keyfile`` (this checkout's code) on a free loopback port."""
    cert, key = self_signed(tmp_path, "table.lan")
    port = free_port()
    env = os.environ | {"SCOREPAD_INSTANCE": str(tmp_path / "instance"), "PYTHONPATH": str(ROOT)}
    env.pop("DATABASE_URL", None)
    process = subprocess.Popen(
        [sys.executable, "-c", "from scorepad.cli import main; main()", "serve",
         "--host", "127.0.0.1", "--port", str(port), "--workers", "1", "--threads", "4",
         "--certfile", str(cert), "--keyfile", str(key)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    unverified = ssl.create_default_context()
    unverified.check_hostname = False
    unverified.verify_mode = ssl.CERT_NONE
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"https://127.0.0.1:{port}/", context=unverified, timeout=10):
                    break
            except OSError:
                assert process.poll() is None, process.stdout.read().decode()  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "no HTTPS answer within 60 s"
                time.sleep(0.1)
        yield port, process
    finally:
        if process.poll() is None:  # the test reads the output after it stops it
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


def test_serve_with_a_certificate_gives_a_lan_name_a_secure_context(
        playwright: Any, server: Server, https_server: tuple[int, subprocess.Popen[bytes]]) -> None:
    port, process = https_server
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, "--host-resolver-rules=MAP table.lan 127.0.0.1", "--ignore-certificate-errors"])
    origin = f"https://table.lan:{port}"
    try:
        device = dict(playwright.devices["Pixel 5"])
        device.pop("default_browser_type", None)
        context = browser.new_context(**device, locale="en-GB", base_url=origin,
                                      extra_http_headers={"Accept-Language": "en-GB,en"})
        context.set_default_timeout(5000)
        context.route(server.cdn, serve_local_htmx)
        page = context.new_page()
        page.goto("/")
        assert page.evaluate("() => window.isSecureContext") is True
        assert page.evaluate("() => 'wakeLock' in navigator") is True
        worker = page.evaluate("""() => Promise.race([
            navigator.serviceWorker.ready.then(r => r.active.scriptURL),
            new Promise(resolve => setTimeout(() => resolve('not registered in 20 s'), 20000))])""")
        assert worker == origin + "/sw.js"
        # The server's cookies (the page's script writes only the time zone, static/page.js).
        cookies = {c["name"]: c["secure"] for c in context.cookies() if c["name"] != "tz"}
        assert cookies == {"scorepad_device": True, "session": True}

        # A round saved without a connection is kept and saved once when it is back.
        game = start_game(page, "romme_de", ["Anna", "Ben"])
        controlled(page)
        page.goto(f"{game}/rounds/new?number=1")
        page.locator("input[name=hand_1]").fill("12")
        page.locator("input[name=closer][value='0']").check()
        context.set_offline(True)
        page.locator("button[name=action][value=save]").click()
        expect(page.locator("#outbox-note")).to_have_text("Not sent yet — will be sent when the Wi-Fi is back")
        context.set_offline(False)
        page.wait_for_url(re.compile(re.escape(game) + r"(#next)?$"))
        key = game.rsplit("/", 1)[1]
        held = page.evaluate("url => fetch(url).then(r => r.json())", f"/api/v1/games/{key}")
        assert [r["number"] for r in held["rounds"]] == [1]
        context.close()
    finally:
        browser.close()
    os.killpg(process.pid, signal.SIGTERM)
    output = process.communicate(timeout=30)[0].decode()
    assert f"On this machine: https://localhost:{port}/" in output and "Traceback" not in output
