"""Installing Scorepad (Chromium at Pixel 5, in every language): the manifest, the service
worker that controls every page, installability as Chromium judges it, and what an installed
Scorepad shows offline (the offline page in the language of the page seen last, never a score
kept from before). The outbox, the pages' own on every origin, is tested in test_outbox.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..support.browser_live import LANGS, save_by_numbers
from ..support.browser_serving import controlled
from ..support.browser_table import shot, start_game
from ..support.browser_wait import until
from .conftest import CHROMIUM, CHROMIUM_ARGS, Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


@pytest.mark.parametrize("lang", LANGS)
def test_chromium_judges_scorepad_installable_with_a_manifest_in_the_page_language(
        playwright: Any, server: Server, tmp_path: Path, lang: str) -> None:
    # A browser profile of its own: Chromium installs nothing from an incognito window,
    # which every new_context is.
    device = dict(playwright.devices["Pixel 5"])
    device.pop("default_browser_type", None)
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
        base_url=server.url, locale="de-DE" if lang == "de" else "en-GB",
        extra_http_headers={"Accept-Language": "de-DE,de" if lang == "de" else "en-GB,en"},
        **device)
    try:
        installable(context.new_page(), server, lang)
    finally:
        context.close()


def installable(page: Any, server: Server, lang: str) -> None:
    page.goto("/")
    controlled(page)
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    found = cdp.send("Page.getAppManifest")
    assert found["errors"] == [], found["errors"]
    assert found["url"].endswith(f"/manifest.{lang}.webmanifest")
    manifest = page.evaluate("url => fetch(url).then(r => r.json())", found["url"])
    assert manifest["name"] == server.text(lang, "Scorepad – rummy scores")
    assert manifest["lang"] == lang and manifest["short_name"] == "Scorepad"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        answer = page.request.get(server.url + icon["src"])
        assert answer.ok and answer.headers["content-type"].split(";")[0] == icon["type"]
    if lang == "de":
        assert manifest["name"] != "Scorepad – rummy scores"


@pytest.mark.parametrize("lang", LANGS)
def test_offline_an_installed_scorepad_says_so_and_never_shows_a_kept_score(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    controlled(page)
    save_by_numbers(page, game, 1, 0, {1: "12", 2: "30"})
    page.goto(game)
    expect(page.locator("#board")).to_contain_text("30")
    kept = page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls;
    }""")
    paths = [url.removeprefix(server.url) for url in kept]
    assert paths and all((p.startswith("/static/") and "?v=" in p) or p.startswith("/offline/")
                         for p in paths), paths
    page.context.set_offline(True)
    try:
        page.goto(game)
        expect(page.locator("h1")).to_have_text(
            server.text(lang, "No connection to the Scorepad server"))
        expect(page.locator("main")).not_to_contain_text("Anna")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") != ""
        shot(page, screenshots, f"{lang}-install-offline")
    finally:
        page.context.set_offline(False)
    page.locator("a", has_text=server.text(lang, "Try again")).click()
    expect(page.locator("#board")).to_contain_text("Anna")
    assert page.url.split("#")[0] == game


def test_the_offline_page_speaks_the_language_the_phone_switched_to(
        new_page: Any, server: Server) -> None:
    page = new_page("fr")  # a French phone
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    controlled(page)
    page.goto(f"{game}?lang=de")  # switched to German at the table
    expect(page.locator("html")).to_have_attribute("lang", "de")
    kept = """() => scorepadOutbox("prefs", "readonly", s => s.get("lang"))
                        .then(p => p && p.value)"""
    until(page, lambda: page.evaluate(kept) == "de", "page.js keeps the language for the worker")
    page.context.set_offline(True)
    try:
        page.goto(game)
        expect(page.locator("h1")).to_have_text(
            server.text("de", "No connection to the Scorepad server"))
        expect(page.locator("html")).to_have_attribute("lang", "de")
    finally:
        page.context.set_offline(False)
