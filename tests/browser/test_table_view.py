"""The table view (Pixel 5 and a tablet, en and de): large totals, who deals, the last round,
live when another phone saves, and nothing on it that changes the game."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ..support.browser_live import LANGS, no_sideways_scrolling, save_by_numbers, seen_within
from ..support.browser_table import shot, start_game
from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

TABLET = {"viewport": {"width": 1024, "height": 768}, "device_scale_factor": 1}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_view_follows_the_phones_and_changes_nothing(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    phone = new_page(lang)
    game = start_game(phone, "romme_de", ["Anna", "Ben", "Cleo"])
    phone.locator("a", has_text=server.text(lang, "Table view")).click()
    phone.wait_for_url(f"{game}/table")
    no_sideways_scrolling(phone)
    tablet = new_page(lang, **TABLET)
    tablet.goto(f"{game}/table")
    board = tablet.locator("#table-board")
    expect(board).to_contain_text(server.text(lang, "No round yet."))
    expect(board.locator(".tv-totals li")).to_have_count(3)
    save_by_numbers(phone, game, 1, 0, {1: "12", 2: "30"})
    since = time.monotonic()
    assert seen_within(board, server.text(lang, "Round %(n)d", n=1), since) < 2.0
    expect(board.locator(".tv-total")).to_have_text(["0", "12", "30"])
    expect(board.locator(".leader")).to_contain_text("Anna")
    expect(board).to_contain_text(server.text(lang, "%(name)s went out", name="Anna"))
    expect(board.locator(".tv-deal")).to_contain_text(server.text(
        lang, "Round %(n)d: %(dealer)s deals %(cards)d cards.", n=2, dealer="Ben", cards=13))
    # Read only: no form, no button, no link into entering or correcting rounds.
    page_main = tablet.locator("main")
    expect(page_main.locator("form")).to_have_count(0)
    expect(page_main.locator("button")).to_have_count(0)
    hrefs = page_main.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert all("/rounds" not in h and "/together" not in h and "/settings" not in h for h in hrefs)
    shot(tablet, screenshots, f"{lang}-table-view-tablet")
    phone.goto(f"{game}/table")
    no_sideways_scrolling(phone)
    shot(phone, screenshots, f"{lang}-table-view-phone")
