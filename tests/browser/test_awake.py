"""Awake while a game is open, quiet while hidden (Chromium at Pixel 5, en and de).

The Screen Wake Lock API is stubbed by an init script that records each request and
release, and the page's visibility is switched by overriding ``document.visibilityState``
and dispatching ``visibilitychange``, as a locked phone or another tab would."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ..support.browser_live import LANGS, save_by_numbers
from ..support.browser_table import shot, start_game
from ..support.browser_wait import until
from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

STUBS = """
window.__wake = [];
window.__hidden = false;
Object.defineProperty(Navigator.prototype, "wakeLock", {configurable: true, get() {
  return {request(type) {
    window.__wake.push("request:" + type);
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.released = false;
    sentinel.release = () => {
      if (!sentinel.released) {
        sentinel.released = true;
        window.__wake.push("release");
        sentinel.dispatchEvent(new Event("release"));
      }
      return Promise.resolve();
    };
    return Promise.resolve(sentinel);
  }};
}});
Object.defineProperty(Document.prototype, "visibilityState", {configurable: true,
  get() { return window.__hidden ? "hidden" : "visible"; }});
Object.defineProperty(Document.prototype, "hidden", {configurable: true,
  get() { return window.__hidden; }});
window.__asked = [];
document.addEventListener("htmx:configRequest", e => {
  if (e.detail.path.includes("/live?")) {
    const cause = e.detail.triggeringEvent;
    window.__asked.push(cause ? cause.type : "tick");
  }
});
"""
NO_WAKE_LOCK = """delete Navigator.prototype.wakeLock;"""


def wake(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__wake"))


def set_hidden(page: Any, hidden: bool) -> None:
    page.evaluate("h => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }",
                  hidden)


def wakes(page: Any, *events: str) -> None:
    """Wait until the wake lock was asked for and let go as ``events`` say, in that order."""
    until(page, lambda: wake(page) == list(events), f"the wake lock's events {list(events)}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_screen_stays_on_while_the_game_is_visible_and_the_switch_turns_it_off(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    page.context.add_init_script(STUBS)
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    switch = page.get_by_label(server.text(lang, "Keep the screen on while this page is open"))
    expect(switch).to_be_checked()
    wakes(page, "request:screen")
    set_hidden(page, True)
    wakes(page, "request:screen", "release")
    set_hidden(page, False)  # shown again: the lock is asked for again
    wakes(page, "request:screen", "release", "request:screen")
    shot(page, screenshots, f"{lang}-awake-game")
    switch.uncheck()
    until(page, lambda: wake(page)[-1] == "release", "the wake lock let go")
    page.reload()  # the choice is kept on this phone
    expect(switch).not_to_be_checked()
    page.wait_for_timeout(300)
    assert wake(page) == []
    switch.check()
    wakes(page, "request:screen")
    page.goto(f"{game}/rounds/new?number=1")  # the round form too
    expect(switch).to_be_checked()
    wakes(page, "request:screen")


@pytest.mark.parametrize("lang", LANGS)
def test_a_hidden_page_does_not_poll_and_catches_up_at_once_when_shown(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    page.context.add_init_script(STUBS)
    other = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    polls: list[float] = []
    page.on("request", lambda r: polls.append(time.monotonic()) if "/live?" in r.url else None)
    until(page, lambda: len(polls) >= 2, "a visible page polls")
    set_hidden(page, True)
    page.wait_for_timeout(300)
    hidden_since = len(polls)
    page.wait_for_timeout(6000)
    assert len(polls) == hidden_since, f"{len(polls) - hidden_since} polls while hidden"
    # Meanwhile another phone saves a round; the hidden page shows it as soon as it is shown.
    save_by_numbers(other, game, 1, 0, {1: "12", 2: "30"})
    assert len(polls) == hidden_since
    asked_before = len(page.evaluate("() => window.__asked"))
    assert "tick" in page.evaluate("() => window.__asked"), "a visible page polls on its tick"
    set_hidden(page, False)
    expect(page.locator("#board")).to_contain_text("30")
    # At once: the first question after showing is the page's own "poll-now", sent from the
    # visibilitychange handler, not the next tick of the poll (how soon that is depends on
    # the machine's load, so the cause is checked, never a time).
    asked = page.evaluate("() => window.__asked")
    assert asked[asked_before] == "poll-now", asked[asked_before:]


def test_without_the_wake_lock_api_a_muted_video_keeps_the_screen_on_while_visible(
        new_page: Any, server: Server) -> None:
    page = new_page("en")
    page.context.add_init_script(STUBS + NO_WAKE_LOCK)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    expect(page.locator("[data-awake]")).to_be_visible()
    video = page.locator("video.awake-video")
    until(page, lambda: video.count() == 1 and video.evaluate("v => !v.paused && v.muted"),
          "the muted video plays")
    set_hidden(page, True)  # let go while hidden
    until(page, lambda: video.evaluate("v => v.paused"), "the video pauses while hidden")
    set_hidden(page, False)
    until(page, lambda: video.evaluate("v => !v.paused"), "the video plays again when shown")
    expect(page.locator("#board")).to_be_visible()
    assert errors == []
