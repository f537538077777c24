"""Every phone at the table, not only the laptop's: the promises of a phone (nothing saved is
lost, the screen stays on, Scorepad on the home screen) on the LAN origin, plain HTTP and no
secure context (``http://table.lan:PORT``), and on the loopback address (Chromium at Pixel 5).

The outbox is the page's own (static/page.js), the same on both origins: a round saved while
the Wi-Fi is down is kept on the phone, the page says so in its language (never the browser's
error page), and it is saved exactly once when the connection is back, by that page or by a
page opened later, also after the browser was closed (its session cookie gone)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from ..support.browser_live import join, save_by_numbers
from ..support.browser_table import shot, start_game
from ..support.browser_wait import until
from .conftest import CHROMIUM, CHROMIUM_ARGS, LOCALES, Server, open_context

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

WAITING = "Not sent yet — will be sent when the Wi-Fi is back"
KEPT = """async () => {
    const db = await new Promise((ok, fail) => {
        const open = indexedDB.open("scorepad-outbox", 2);
        open.onupgradeneeded = () => {
            open.result.createObjectStore("writes", {keyPath: "id"});
            open.result.createObjectStore("prefs", {keyPath: "name"});
        };
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
# (origin, language): each language once, the LAN origin twice.
PHONES = [("lan", "de"), ("lan", "fr"), ("local", "en")]


def rounds_held(request: Any, server: Server, game: str) -> list[int]:
    """The numbers of the rounds the game holds (the API, asked from the test's side)."""
    key = game.rstrip("/").rsplit("/", 1)[1]
    answer = request.get(f"{server.url}/api/v1/games/{key}")
    assert answer.ok
    return [r["number"] for r in answer.json()["rounds"]]


def fill_round(page: Any, game: str, number: int) -> None:
    page.goto(f"{game}/rounds/new?number={number}")
    page.locator("input[name=hand_0]").fill("7")
    page.locator("input[name=hand_2]").fill("10+10+3")
    page.locator("input[name=closer][value='1']").check()


def not_the_browsers_error_page(page: Any, game: str) -> None:
    assert page.url.startswith(game), page.url  # no chrome-error:// page
    expect(page.locator("form.round")).to_be_visible()


@pytest.mark.parametrize("origin", ["lan", "local"])
def test_the_lan_origin_is_really_no_secure_context(new_page: Any, server: Server,
                                                    origin: str) -> None:
    page = new_page("en", origin=origin)
    page.goto("/")
    assert page.url.startswith(server.at(origin))
    found = page.evaluate("""() => ({secure: window.isSecureContext,
        worker: "serviceWorker" in navigator, wake: "wakeLock" in navigator})""")
    lan = origin == "lan"
    assert found == {"secure": not lan, "worker": not lan, "wake": not lan}, found


@pytest.mark.parametrize(("origin", "lang"), PHONES)
def test_a_round_saved_offline_is_saved_once_when_the_wifi_is_back(
        new_page: Any, server: Server, screenshots: Path, origin: str, lang: str) -> None:
    page = new_page(lang, origin=origin)
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    save_by_numbers(page, game, 1, 0, {1: "12", 2: "30"})
    fill_round(page, game, 2)
    page.context.set_offline(True)
    page.locator("button[name=action][value=save]").click()
    expect(page.locator("#outbox-note")).to_have_text(server.text(lang, WAITING))
    not_the_browsers_error_page(page, game)
    shot(page, screenshots, f"{lang}-{origin}-outbox-kept")
    kept = page.evaluate(KEPT)
    assert len(kept) == 1 and "write_token=" in kept[0]["body"]
    page.wait_for_timeout(3500)  # a try while still offline keeps it
    assert len(page.evaluate(KEPT)) == 1
    assert rounds_held(page.context.request, server, game) == [1]
    page.context.set_offline(False)
    # This page sends it by itself and shows the game with the round saved.
    page.wait_for_url(f"{game}#next")
    expect(page.locator("#round-2")).to_be_visible()
    expect(page.locator("#outbox-note")).to_be_hidden()
    assert page.evaluate(KEPT) == []
    assert rounds_held(page.context.request, server, game) == [1, 2]
    # The same write sent again by hand: saved once.
    again = page.evaluate("""item => fetch(item.url, {method: "POST", body: item.body,
        headers: {"Content-Type": item.type}}).then(r => r.status)""", kept[0])
    assert again < 500
    assert rounds_held(page.context.request, server, game) == [1, 2]


@pytest.mark.parametrize(("origin", "lang"), [("lan", "en"), ("local", "de")])
def test_a_round_kept_in_a_browser_closed_offline_is_saved_once_by_a_page_opened_later(
        playwright: Any, server: Server, tmp_path: Path, origin: str, lang: str) -> None:
    # A browser profile on disk, closed and started again: its session cookies are gone,
    # what the page kept (IndexedDB) and the long-lived cookies stay, as on a phone.
    device = dict(playwright.devices["Pixel 5"])
    device.pop("default_browser_type", None)

    def browser() -> Any:
        return playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
            base_url=server.at(origin), locale=LOCALES[lang],
            extra_http_headers={"Accept-Language": LOCALES[lang]}, **device)

    context = browser()
    try:
        page = context.new_page()
        game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
        fill_round(page, game, 1)
        context.set_offline(True)
        page.locator("button[name=action][value=save]").click()
        expect(page.locator("#outbox-note")).to_have_text(server.text(lang, WAITING))
        assert {c["name"] for c in context.cookies()} >= {"session"}
        # The page is left first: Playwright may lift the offline emulation while it closes a
        # browser, and the page's 3 s retry sent the round then (once in CI). A page left
        # sends nothing; a frozen one (Page.setWebLifecycleState) still did.
        page.goto("about:blank")
    finally:
        context.close()  # closed before the Wi-Fi came back
    assert rounds_held(playwright.request.new_context(), server, game) == []
    context = browser()
    try:
        assert "session" not in {c["name"] for c in context.cookies()}
        page = context.new_page()
        page.goto("/")  # another page of Scorepad: it sends what was kept
        expect(page.locator("#outbox-note")).to_have_text(
            server.text(lang, "Sent: what this phone kept is saved now."))
        assert page.evaluate(KEPT) == []
        assert rounds_held(context.request, server, game) == [1]
        page.goto(game)
        expect(page.locator("#round-1")).to_be_visible()
        page.reload()
        assert rounds_held(context.request, server, game) == [1]
    finally:
        context.close()


@pytest.mark.parametrize("origin", ["lan", "local"])
def test_a_kept_round_whose_number_was_taken_meanwhile_is_shown_with_the_choice(
        new_page: Any, server: Server, origin: str) -> None:
    anna, ben = new_page("en", origin=origin), new_page("en", origin=origin)
    game = start_game(anna, "romme_de", ["Anna", "Ben", "Cleo"])
    fill_round(anna, game, 1)
    anna.context.set_offline(True)
    anna.locator("button[name=action][value=save]").click()
    expect(anna.locator("#outbox-note")).to_be_visible()
    save_by_numbers(ben, game, 1, 0, {1: "40", 2: "2"})  # meanwhile, another deal's scores
    anna.context.set_offline(False)
    choices = anna.locator(".taken-choices")
    expect(choices).to_contain_text("Same deal, the saved one is right: discard mine")
    expect(choices).to_contain_text("Another deal was played: save mine as round 2")
    assert anna.evaluate(KEPT) == []
    assert rounds_held(anna.context.request, server, game) == [1]


@pytest.mark.parametrize("origin", ["lan", "local"])
def test_back_to_the_game_while_offline_shows_it_as_it_was_left_and_it_catches_up(
        playwright: Any, server: Server, origin: str) -> None:
    # Phones keep pages for Back (the back/forward cache); Playwright turns that off.
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                         ignore_default_args=["--disable-back-forward-cache"])
    try:
        phone = open_context(playwright, browser, server, "en", origin=origin)
        page = phone.new_page()
        game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
        save_by_numbers(page, game, 1, 0, {1: "12", 2: "30"})
        page.evaluate("window.leftHere = true")
        page.goto(f"{game}/rounds/new?number=2")
        phone.set_offline(True)
        page.go_back(wait_until="commit")
        expect(page.locator("#round-1")).to_be_visible()
        assert page.url.startswith(game) and page.evaluate("window.leftHere === true")
        other = open_context(playwright, browser, server, "en", origin=origin).new_page()
        save_by_numbers(other, game, 2, 1, {0: "4", 2: "8"})  # meanwhile, on another phone
        phone.set_offline(False)
        expect(page.locator("#round-2")).to_be_visible()
    finally:
        browser.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_on_the_lan_the_screen_stays_on_by_a_video_and_the_home_screen_is_explained(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang, origin="lan")
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    switch = page.get_by_label(server.text(lang, "Keep the screen on while this page is open"))
    expect(switch).to_be_checked()
    video = page.locator("video.awake-video")
    expect(video).to_have_count(1)
    playing = "v => !v.paused && v.muted && v.loop && v.readyState >= 2"
    until(page, lambda: video.evaluate(playing), "the video keeping the screen on plays")
    start = video.evaluate("v => v.currentTime")
    until(page, lambda: video.evaluate(playing) and video.evaluate("v => v.currentTime") != start,
          "the video plays on")
    expect(page.locator("[data-install-hint]")).to_have_text(server.text(
        lang, "To put Scorepad on the home screen: open the browser’s menu and choose "
              "“Add to Home screen”."))
    shot(page, screenshots, f"{lang}-lan-awake-install")
    switch.uncheck()
    expect(video).to_have_js_property("paused", True)
    page.goto(game)  # the choice is kept on this phone: no video plays
    expect(switch).not_to_be_checked()
    page.wait_for_timeout(300)
    assert page.locator("video.awake-video").count() == 0


def test_on_localhost_no_install_hint_is_shown(new_page: Any, server: Server) -> None:
    page = new_page("en")
    start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    expect(page.locator("[data-install-hint]")).to_be_hidden()
    assert page.locator("video.awake-video").count() == 0


def loaded_anew(page: Any) -> None:
    """Wait until ``page`` shows the page its outbox loaded anew (``location.reload()``):
    a tap before that lands on the page being left."""
    def reloaded() -> bool:
        try:
            return bool(page.evaluate("""() => document.readyState === 'complete'
                && performance.getEntriesByType('navigation')[0].type === 'reload'"""))
        except PlaywrightError:
            return False  # the old page went while it was asked
    until(page, reloaded, "the page loaded anew")


def test_a_part_and_a_round_entered_together_offline_on_the_lan_are_saved_once(
        new_page: Any, server: Server) -> None:
    anna, ben = new_page("de", origin="lan"), new_page("en", origin="lan")
    game = start_game(anna, "romme_de", ["Anna", "Ben"])
    for phone, name in ((anna, "Anna"), (ben, "Ben")):
        join(phone, game, name)
        phone.goto(f"{game}/together")
    anna.locator("input[name=mode][value=numbers]").check()
    anna.locator("input[name=hand_points]").fill("0")
    anna.locator("input[name=went_out]").check()
    anna.context.set_offline(True)
    anna.locator("form.part button[type=submit]").click()
    expect(anna.locator("#outbox-note")).to_have_text(server.text("de", WAITING))
    ben.locator("input[name=mode][value=numbers]").check()
    ben.locator("input[name=hand_points]").fill("25")
    ben.locator("form.part button[type=submit]").click()
    ben.wait_for_url(f"{game}/together#status")
    anna.context.set_offline(False)
    anna.wait_for_url(f"{game}/together#status")  # her part, sent by itself
    loaded_anew(anna)  # the address changes first, then the page loads again (page.js go())
    ready = anna.locator("#status form[data-outbox] button[type=submit]")
    expect(ready).to_be_visible()
    anna.context.set_offline(True)
    ready.click()
    expect(anna.locator("#outbox-note")).to_have_text(server.text("de", WAITING))
    ben.locator("#status form[data-outbox] button[type=submit]").click()  # Ben saves it too
    ben.wait_for_url(f"{game}#round-1")
    anna.context.set_offline(False)
    anna.wait_for_url(f"{game}#round-1")
    assert anna.evaluate(KEPT) == []
    assert rounds_held(anna.context.request, server, game) == [1]
