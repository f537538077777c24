"""The links a page shares with the other phones (game, evening, profile, and their QR codes)
name an address those phones can reach: ``SCOREPAD_PUBLIC_URL`` when set; this machine's LAN
address when the page was opened on a loopback address; a trusted proxy's forwarded host;
else the address the phone used (scorepad/web/links.py)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from scorepad.web import links
from scorepad.web.links import Lan, default_route_address, machine_addresses
from scorepad.web.qr import qr_svg

from ..support.database import close_connections, migrated_app
from ..support.page import Page
from ..support.web import new_game

TWO_NETWORKS = Lan(("10.8.0.2", "192.168.1.20"), default="192.168.1.20")


@pytest.fixture
def on_lan(monkeypatch: pytest.MonkeyPatch) -> Lan:
    """This machine on two networks, its default route by the home Wi-Fi (whatever the
    machine running the test has: a CI machine may have none)."""
    monkeypatch.setattr(links, "lan", lambda: TWO_NETWORKS)
    return TWO_NETWORKS


@pytest.fixture
def configured(one_db_url: str) -> Iterator[list[Flask]]:
    """Apps made with more configuration (``made.append(migrated_app(url, ...))``), closed after."""
    made: list[Flask] = []
    yield made
    for app in made:
        close_connections(app)


def shared(page: str) -> tuple[str, str]:
    """The link a page shows to share, and its QR code's SVG (as markup: it is compared with
    what the QR module draws)."""
    link = Page(page).one("input.link[readonly]")["value"]
    qr = re.search(r'<svg [^>]*class="qr"[^>]*>.*?</svg>', page, flags=re.S)
    assert link and qr, page
    return link, qr.group(0)


def every_shared_link(client: FlaskClient, base_url: str = "http://localhost:5000",
                      **headers: str) -> dict[str, tuple[str, str]]:
    """The shared link and QR code of a game, its evening and a profile, as the page at
    ``base_url`` shows them; also the paths of each (by kind)."""
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    evening = client.post(f"{game}/evening").headers["Location"]
    profile = client.post(f"{game}/profile", data={"name": "Omas"}).headers["Location"]
    found = {}
    for kind, path in (("game", game), ("evening", evening), ("profile", profile)):
        response = client.get(path, base_url=base_url, headers=headers)
        assert response.status_code == 200
        found[kind] = shared(response.get_data(as_text=True))
        found[kind + " path"] = (path, "")
    return found


def assert_links(found: dict[str, tuple[str, str]], base: str) -> None:
    """Every shared link is ``base`` + the page's path, and its QR code is made of that link."""
    for kind in ("game", "evening", "profile"):
        link, qr = found[kind]
        assert link == base + found[kind + " path"][0], kind
        assert qr.startswith("<svg") and qr in str(qr_svg(link, label_of(qr))), kind


def label_of(svg: str) -> str:
    label = re.search(r'aria-label="([^"]+)"', svg)
    assert label
    return html.unescape(label.group(1))


def test_a_page_opened_on_localhost_shares_the_default_routes_lan_address(
        client: FlaskClient, on_lan: Lan) -> None:
    for base_url in ("http://localhost:5000", "http://127.0.0.1:5000", "http://[::1]:5000"):
        assert_links(every_shared_link(client, base_url), "http://192.168.1.20:5000")


def test_the_host_may_pick_another_of_the_machines_addresses(client: FlaskClient, on_lan: Lan) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    page = Page(client.get(game, base_url="http://localhost:5000"))
    assert page.options("via") == ["192.168.1.20", "10.8.0.2"]
    assert page.field("via") == "192.168.1.20"
    picked = client.get(f"{game}?via=10.8.0.2", base_url="http://localhost:5000").get_data(as_text=True)
    assert shared(picked)[0] == "http://10.8.0.2:5000" + game
    assert Page(picked).texts('select[name="via"] option[selected]') == ["10.8.0.2"]
    # An address that is not this machine's is not taken from the query.
    other = client.get(f"{game}?via=203.0.113.9", base_url="http://localhost:5000").get_data(as_text=True)
    assert shared(other)[0] == "http://192.168.1.20:5000" + game


def test_a_page_opened_on_the_lan_address_shares_that_address_and_offers_no_pick(
        client: FlaskClient, on_lan: Lan) -> None:
    found = every_shared_link(client, "http://10.8.0.2:5000")
    assert_links(found, "http://10.8.0.2:5000")
    page = client.get(found["game path"][0], base_url="http://10.8.0.2:5000").get_data(as_text=True)
    assert not Page(page).has('[name="via"]')


def test_a_machine_without_a_lan_address_shares_the_address_the_page_was_opened_on(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(links, "lan", lambda: Lan((), None))
    found = every_shared_link(client, "http://localhost:5000")
    assert_links(found, "http://localhost:5000")
    page = client.get(found["game path"][0], base_url="http://localhost:5000").get_data(as_text=True)
    assert not Page(page).has('[name="via"]')


def test_one_network_is_shared_without_a_pick(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(links, "lan", lambda: Lan(("192.168.1.20",), "192.168.1.20"))
    found = every_shared_link(client, "http://localhost:5000")
    assert_links(found, "http://192.168.1.20:5000")
    page = client.get(found["game path"][0], base_url="http://localhost:5000").get_data(as_text=True)
    assert not Page(page).has('[name="via"]')


@pytest.mark.parametrize("base_url", ["http://localhost:5000", "http://192.168.1.20:5000"])
def test_the_public_url_makes_every_shared_link_with_its_path_prefix(
        one_db_url: str, configured: list[Flask], on_lan: Lan, base_url: str) -> None:
    configured.append(app := migrated_app(one_db_url, SCOREPAD_PUBLIC_URL="https://scores.example.org/rummy/"))
    found = every_shared_link(app.test_client(), base_url)
    assert_links(found, "https://scores.example.org/rummy")
    assert 'name="via"' not in app.test_client().get(found["game path"][0], base_url=base_url).get_data(as_text=True)


def test_a_server_listening_on_loopback_only_shares_the_address_the_page_was_opened_on(
        one_db_url: str, configured: list[Flask], on_lan: Lan) -> None:
    configured.append(app := migrated_app(one_db_url, SCOREPAD_LAN_LINKS=False))
    assert_links(every_shared_link(app.test_client(), "http://localhost:5000"), "http://localhost:5000")


def test_the_public_url_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from scorepad import create_app

    monkeypatch.setenv("SCOREPAD_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREPAD_PUBLIC_URL", "https://scores.example.org/")
    monkeypatch.setenv("SCOREPAD_TRUSTED_PROXIES", "1")
    app = create_app()
    assert app.config["SCOREPAD_PUBLIC_URL"] == "https://scores.example.org"
    assert app.config["SCOREPAD_TRUSTED_PROXIES"] == "1"
    monkeypatch.setenv("SCOREPAD_PUBLIC_URL", "scores.example.org")
    with pytest.raises(ValueError, match="SCOREPAD_PUBLIC_URL"):
        create_app()


FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org",
             "X-Forwarded-Port": "443", "X-Forwarded-For": "203.0.113.5"}


def test_a_trusted_proxys_forwarded_host_makes_the_links(
        one_db_url: str, configured: list[Flask], on_lan: Lan) -> None:
    configured.append(app := migrated_app(one_db_url, SCOREPAD_TRUSTED_PROXIES=1))
    found = every_shared_link(app.test_client(), "http://127.0.0.1:8000", **FORWARDED)
    assert_links(found, "https://scores.example.org")


def test_a_forged_forwarded_host_changes_nothing_when_no_proxy_is_trusted(
        client: FlaskClient, on_lan: Lan) -> None:
    assert_links(every_shared_link(client, "http://192.168.1.20:5000", **FORWARDED),
                 "http://192.168.1.20:5000")
    assert_links(every_shared_link(client, "http://localhost:5000", **FORWARDED),
                 "http://192.168.1.20:5000")


def test_the_machines_own_addresses_hold_no_loopback_and_the_default_route_is_one_of_them() -> None:
    found = machine_addresses()
    assert not any(a.startswith("127.") or a.startswith("169.254.") for a in found)
    default = default_route_address()
    if default is not None and found:  # a machine with a network (a CI box may have none)
        assert default in found
        assert links.lan().first()[0] == default


def test_the_addresses_are_listed_default_route_first() -> None:
    assert TWO_NETWORKS.first() == ["192.168.1.20", "10.8.0.2"]
    assert Lan(("10.8.0.2", "192.168.1.20"), None).first() == ["10.8.0.2", "192.168.1.20"]


def test_make_run_prints_the_address_to_scan_first_then_the_others(on_lan: Lan) -> None:
    from scorepad.cli import print_addresses

    lines: list[str] = []
    print_addresses(5000, lines.append)
    assert lines[0] == "Scorepad is running. On this machine: http://localhost:5000/"
    assert lines[1] == "Other phones at the table, scan this: http://192.168.1.20:5000/"
    assert "█" in lines[2] and lines[2].count("\n") > 10
    assert lines[3] == "  or, on another network of this machine: http://10.8.0.2:5000/"
    assert "█" in lines[4]
    https: list[str] = []
    print_addresses(8443, https.append, scheme="https", public_url="https://scores.example.org")
    assert https[:3] == ["Scorepad is running. On this machine: https://localhost:8443/",
                         "Shared links and QR codes use SCOREPAD_PUBLIC_URL: https://scores.example.org/",
                         "Other phones at the table, scan this: https://192.168.1.20:8443/"]


def test_make_run_on_the_real_machine_prints_each_lan_address_with_a_qr_code() -> None:
    from scorepad.cli import print_addresses

    lines: list[str] = []
    print_addresses(5000, lines.append)
    addresses = links.lan().first()
    urls = [line.rsplit(" ", 1)[1] for line in lines[1::2]]
    assert urls == [f"http://{a}:5000/" for a in addresses]
    assert all("█" in qr for qr in lines[2::2])


# --- scorepad serve --certfile --keyfile -------------------------------------------------


@pytest.fixture
def serve_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on_lan: Lan
                  ) -> Callable[..., dict[str, object]]:
    """``serve_options(args, env)``: run ``scorepad serve`` (its own app, in ``tmp_path``) with
    the servers themselves replaced by a record of how each was called."""
    from scorepad import cli

    seen: dict[str, object] = {}
    monkeypatch.setattr(cli, "serve_gunicorn", lambda app, *args: seen.update(
        server="gunicorn", tls=args[-1], secure=app.config["SESSION_COOKIE_SECURE"],
        **{"lan links": app.config["SCOREPAD_LAN_LINKS"]}))
    monkeypatch.setattr(cli, "serve_waitress", lambda app, *args: seen.update(
        server="waitress", secure=app.config["SESSION_COOKIE_SECURE"]))

    def serve(args: list[str], env: dict[str, str] | None = None) -> dict[str, object]:
        seen.clear()
        result = CliRunner().invoke(cli.main, ["serve", *args],
                                    env={"SCOREPAD_INSTANCE": str(tmp_path)} | (env or {}))
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        return seen | {"exit": result.exit_code, "output": result.output}

    return serve


@pytest.fixture
def pem(tmp_path: Path) -> tuple[str, str]:
    """Two files standing for a certificate and its key (the options only check they exist)."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert.write_text("certificate")
    key.write_text("key")
    return str(cert), str(key)


def test_serve_takes_a_certificate_and_key_for_https(
        pem: tuple[str, str], serve_options: Callable[..., dict[str, object]]) -> None:
    from scorepad.cli import TLS

    seen = serve_options(["--server", "gunicorn", "--certfile", pem[0], "--keyfile", pem[1]])
    assert seen["exit"] == 0 and seen["tls"] == TLS(*pem) and seen["secure"] is True
    assert "On this machine: https://localhost:5000/" in str(seen["output"])
    assert "scan this: https://192.168.1.20:5000/" in str(seen["output"])
    seen = serve_options(["--server", "gunicorn"], env={"SCOREPAD_CERTFILE": pem[0], "SCOREPAD_KEYFILE": pem[1]})
    assert seen["exit"] == 0 and seen["tls"] == TLS(*pem) and seen["secure"] is True
    seen = serve_options(["--server", "gunicorn"])
    assert seen["exit"] == 0 and seen["tls"] is None and seen["secure"] is False
    assert "scan this: http://192.168.1.20:5000/" in str(seen["output"]) and seen["lan links"] is True
    seen = serve_options(["--server", "gunicorn", "--host", "127.0.0.1"])
    assert "scan this" not in str(seen["output"]) and seen["lan links"] is False


def test_serve_refuses_half_of_https_waitress_with_https_and_a_missing_file(
        pem: tuple[str, str], serve_options: Callable[..., dict[str, object]]) -> None:
    half = serve_options(["--server", "gunicorn", "--certfile", pem[0]])
    assert half["exit"] == 2 and "both --certfile and --keyfile" in str(half["output"])
    waitress = serve_options(["--server", "waitress"], env={"SCOREPAD_CERTFILE": pem[0], "SCOREPAD_KEYFILE": pem[1]})
    assert waitress["exit"] == 2 and "waitress cannot serve HTTPS" in str(waitress["output"])
    assert "server" not in half and "server" not in waitress  # nothing was served
    missing = serve_options(["--certfile", "/nonexistent/cert.pem", "--keyfile", pem[1]])
    assert missing["exit"] == 2 and "does not exist" in str(missing["output"])
    assert serve_options(["--server", "waitress"])["server"] == "waitress"
