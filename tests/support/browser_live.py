"""Helpers of the browser tests of several phones at one table: a game joined, rounds saved
by numbers, a change seen in time."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_table import GAME_URL

sync_api = pytest.importorskip("playwright.sync_api")


expect = sync_api.expect


LANGS = ("en", "de")


LIVE = 2000
"""A change shows on the other phones within this many milliseconds."""


def join(page: Any, game: str, name: str) -> None:
    """Open the game's link and say which player this phone is."""
    page.goto(game)
    page.locator(".me-names button", has_text=name).click()
    page.wait_for_url(GAME_URL)
    expect(page.locator("form.me.chosen")).to_contain_text(name)


def save_by_numbers(page: Any, game: str, number: int, closer: int, hands: dict[int, str]) -> None:
    """Enter round ``number`` by the points left in each hand, and save it."""
    page.goto(f"{game}/rounds/new?number={number}")
    for seat, points in hands.items():
        page.locator(f"input[name=hand_{seat}]").fill(points)
    page.locator(f"input[name=closer][value='{closer}']").check()
    page.locator("button[name=action][value=save]").click()
    page.wait_for_url(GAME_URL)


def no_sideways_scrolling(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width}px wide at {page.viewport_size}"


def seen_live(locator: Any, text: str | re.Pattern[str]) -> None:
    """Wait until ``locator`` shows ``text`` without the page being reloaded: a few of the
    page's polls at most. How soon is measured by bench/bench_live.py, never asserted here,
    where the machine's load decides it."""
    expect(locator).to_contain_text(text, timeout=LIVE * 4)
