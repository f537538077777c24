"""Installing Scorepad (Chromium at Pixel 5, in every language): the manifest, the service
worker that controls every page, installability as Chromium judges it, and what an installed
Scorepad shows offline (the offline page, never a score kept from before)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..support.browser_live import LANGS, save_by_numbers
from ..support.browser_table import shot, start_game
from .conftest import CHROMIUM, CHROMIUM_ARGS, Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


def controlled(page: Any) -> None:
    """Wait until the service worker controls ``page`` (polled: the CSP forbids the string
    evaluation of ``wait_for_function``). An install that failed (a precache request lost on
    a busy machine) is tried again at the next page, as on a phone: so one reload."""
    for attempt in range(2):
        for _ in range(100):
            if page.evaluate("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
                return
            page.wait_for_timeout(50)
        if attempt == 0:
            page.reload()
    raise AssertionError("no service worker controls the page")


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


KEPT = """async () => {
    const db = await new Promise((ok, fail) => {
        const open = indexedDB.open("scorepad-outbox", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("writes", {keyPath: "id"});
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
    });
    const items = await new Promise((ok, fail) => {
        const asked = db.transaction("writes").objectStore("writes").getAll();
        asked.onsuccess = () => ok(asked.result);
        asked.onerror = () => fail(asked.error);
    });
    db.close();
    return items;
}"""


def rounds_held(page: Any, server: Server, game: str) -> list[int]:
    """The numbers of the rounds the game holds (the API; ``page``: a page or a context)."""
    key = game.rstrip("/").rsplit("/", 1)[1]
    answer = page.request.get(f"{server.url}/api/v1/games/{key}")
    assert answer.ok
    return [r["number"] for r in answer.json()["rounds"]]


@pytest.mark.parametrize("lang", LANGS)
def test_a_round_saved_offline_is_sent_once_when_the_connection_is_back(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    controlled(page)
    save_by_numbers(page, game, 1, 0, {1: "12", 2: "30"})
    page.goto(f"{game}/rounds/new?number=2")
    page.locator("input[name=hand_0]").fill("7")
    page.locator("input[name=hand_2]").fill("10+10+3")
    page.locator("input[name=closer][value='1']").check()
    page.context.set_offline(True)
    page.locator("button[name=action][value=save]").click()
    expect(page.locator("h1")).to_have_text(
        server.text(lang, "Not sent yet — will be sent when the Wi-Fi is back"))
    shot(page, screenshots, f"{lang}-install-kept")
    page.reload()  # still offline: the write stays kept on the phone
    kept = page.evaluate(KEPT)
    assert len(kept) == 1 and kept[0]["url"].endswith(f"{game}/rounds/new".removeprefix(server.url))
    assert rounds_held(page, server, game) == [1]
    page.context.set_offline(False)
    # The kept page sends it by itself, and shows the game with the round saved.
    page.wait_for_url(game, timeout=8000)
    expect(page.locator("#round-2")).to_be_visible()
    assert page.evaluate(KEPT) == []
    assert rounds_held(page, server, game) == [1, 2]
    # The same request replayed by hand: answered, saved once.
    again = page.request.post(kept[0]["url"], data=kept[0]["body"],
                              headers={"Content-Type": kept[0]["type"]})
    assert again.status < 500
    assert rounds_held(page, server, game) == [1, 2]


def test_a_round_kept_on_a_phone_closed_offline_is_sent_when_the_app_is_opened_again(
        new_page: Any, server: Server) -> None:
    page = new_page("en")
    context = page.context
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    controlled(page)
    page.goto(f"{game}/rounds/new?number=1")
    page.locator("input[name=hand_1]").fill("5")
    page.locator("input[name=hand_2]").fill("9")
    page.locator("input[name=closer][value='0']").check()
    context.set_offline(True)
    page.locator("button[name=action][value=save]").click()
    expect(page.locator("[data-kept]")).to_be_visible()
    page.close()  # the app closed while offline
    context.set_offline(False)
    assert rounds_held(context, server, game) == []
    page = context.new_page()
    # Opened again: what was kept is sent without a tap (by this page, or already by the
    # browser's Background Sync when the connection came back).
    page.goto(game)
    expect(page.locator("#round-1")).to_be_visible(timeout=3000)
    assert page.evaluate(KEPT) == []
    assert rounds_held(context, server, game) == [1]


@pytest.mark.parametrize("lang", LANGS)
def test_a_kept_round_whose_number_was_taken_meanwhile_gets_the_choice_of_any_conflict(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    anna, ben = new_page(lang), new_page(lang)
    game = start_game(anna, "romme_de", ["Anna", "Ben", "Cleo"])
    controlled(anna)
    anna.goto(f"{game}/rounds/new?number=1")
    anna.locator("input[name=hand_1]").fill("5")
    anna.locator("input[name=hand_2]").fill("9")
    anna.locator("input[name=closer][value='0']").check()
    anna.context.set_offline(True)
    anna.locator("button[name=action][value=save]").click()
    expect(anna.locator("[data-kept]")).to_be_visible()
    save_by_numbers(ben, game, 1, 0, {1: "40", 2: "2"})  # meanwhile, another deal's scores
    anna.context.set_offline(False)
    choices = anna.locator(".taken-choices")
    expect(choices).to_contain_text(
        server.text(lang, "Same deal, the saved one is right: discard mine"), timeout=8000)
    expect(choices).to_contain_text(server.text(
        lang, "Another deal was played: save mine as round %(n)d", n=2))
    shot(anna, screenshots, f"{lang}-install-kept-conflict")
    assert anna.evaluate(KEPT) == []
    assert rounds_held(anna, server, game) == [1]
