"""The real app served on a free localhost port, driven by Debian's Chromium through Playwright.

Each page opens on ``localhost`` (a secure context, as the host's laptop sees it) or, with
``origin="lan"``, on ``http://table.lan:PORT/``: Chromium maps that name to the same server
(``--host-resolver-rules``), and treats it as every other phone at a real table treats the
laptop's LAN address: plain HTTP, not a secure context (no service worker, no Wake Lock API).

CSRF stays on and the schema comes from the migrations, as in `make run`. Every catalog
(German, French) is compiled from its .po into the temporary folder for each run, so the suite
always sees the current translations without touching the working tree.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from werkzeug.serving import make_server

from scorepad import ROOT, create_app
from scorepad.schema import run_migrations
from scorepad.web.helpers import HTMX_VERSION

from ..support.browser_wait import WAIT_MS

# The laptop's address as the other phones at the table use it (mapped to loopback).
LAN_HOST = "table.lan"
CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"]
SCREENSHOTS = Path(__file__).parent / "screenshots"
LOCAL_HTMX = ROOT / "static" / "vendor" / f"htmx-{HTMX_VERSION}.min.js"
CATALOGS = ROOT / "scorepad" / "translations"
# The phone's locale for each language of the app.
LOCALES = {"en": "en-GB", "de": "de-DE", "fr": "fr-FR"}


class Server:
    def __init__(self, url: str, cdn: str, catalogs: dict[str, Translations],
                 app: Any = None, lan: str = "") -> None:
        self.url = url
        self.lan = lan
        """The same server at the LAN origin (``http://table.lan:PORT``): no secure context."""
        self.cdn = cdn
        self.catalogs = catalogs
        self.catalog = catalogs["de"]
        self.app = app
        """The served Flask app (in this process): a test may swap a view to make it fail."""

    def at(self, origin: str) -> str:
        """The server's address at ``origin``: "local" (localhost) or "lan" (table.lan)."""
        return self.lan if origin == "lan" else self.url

    def text(self, lang: str, msgid: str, **values: Any) -> str:
        """``msgid`` as the app shows it in ``lang`` (the catalog the server uses)."""
        text = self.catalogs[lang].gettext(msgid) if lang in self.catalogs else msgid
        return text % values if values else text


def _compile_catalogs(folder: Path) -> dict[str, Translations]:
    """Every catalog of the app, by language."""
    compiled = {}
    for po in sorted(CATALOGS.glob("*/LC_MESSAGES/messages.po")):
        lang = po.parts[-3]
        target = folder / lang / "LC_MESSAGES"
        target.mkdir(parents=True)
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
        with (target / "messages.mo").open("wb") as f:
            write_mo(f, catalog)
        loaded = Translations.load(str(folder), [lang])
        assert isinstance(loaded, Translations), f"the {lang} catalog did not compile"
        compiled[lang] = loaded
    return compiled


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("scorepad")
    catalogs = _compile_catalogs(folder / "translations")
    app = create_app({
        "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(folder / "scorepad.sqlite"),
        "SECRET_KEY": "test",
        "TESTING": False,
        "BABEL_TRANSLATION_DIRECTORIES": str(folder / "translations"),
        "RATELIMIT_ENABLED": False,
    })
    run_migrations(app)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, name="scorepad", daemon=True)
    thread.start()
    try:
        yield Server(f"http://127.0.0.1:{httpd.server_port}", app.config["HTMX_CDN"], catalogs, app,
                     lan=f"http://{LAN_HOST}:{httpd.server_port}")
    finally:
        httpd.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (make test installs the Debian package)")
    sync_api = pytest.importorskip("playwright.sync_api")
    # How long an expectation or an action may wait before it fails. A passing test never
    # waits this long; a loaded CI machine (two browser workers, a PDF renderer, two cores)
    # took over 5 s for a full-page screenshot, so 5 s made good tests fail now and then.
    sync_api.expect.set_options(timeout=WAIT_MS)
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


def serve_local_htmx(route: Any) -> None:
    """Answer the CDN request with the same file (same SRI hash) from the vendor folder."""
    route.fulfill(status=200, body=LOCAL_HTMX.read_bytes(),
                  headers={"Content-Type": "text/javascript",
                           "Access-Control-Allow-Origin": "*"})


def open_context(playwright: Any, browser: Any, server: Server, lang: str = "en", *,
                 javascript: bool = True, cdn: str = "local", origin: str = "local",
                 **options: Any) -> Any:
    """A phone (Pixel 5, in Chromium) asking for ``lang``, on ``localhost`` or (``origin="lan"``)
    on the LAN origin; the htmx CDN is answered from the local file, or refused with
    ``cdn="block"``. ``options`` override the device."""
    device = dict(playwright.devices["Pixel 5"])
    device.pop("default_browser_type", None)
    locale = LOCALES[lang]
    accept = f"{locale},{lang};q=0.9"
    settings: dict[str, Any] = device | {
        "base_url": server.at(origin), "java_script_enabled": javascript,
        "locale": locale,
        "extra_http_headers": {"Accept-Language": accept},
    }
    context = browser.new_context(**(settings | options))
    context.set_default_timeout(WAIT_MS)
    if cdn == "block":
        context.route(server.cdn, lambda route: route.abort())
    else:
        context.route(server.cdn, serve_local_htmx)
    return context


@pytest.fixture
def new_page(playwright: Any, browser: Any, server: Server) -> Iterator[Callable[..., Any]]:
    """Open a page on a new phone: ``new_page("de", javascript=False)`` (see open_context)."""
    contexts: list[Any] = []

    def open_page(lang: str = "en", **kwargs: Any) -> Any:
        context = open_context(playwright, browser, server, lang, **kwargs)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
