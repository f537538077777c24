"""The table view (Pixel 5 and a tablet, en and de): large totals, who deals, the last round,
live when another phone saves, and nothing on it that changes the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from ..support.browser_live import LANGS, no_sideways_scrolling, save_by_numbers, seen_live
from ..support.browser_reading import SIZES, wrapped_numbers
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
    tablet = new_page(lang, origin="lan", **TABLET)  # a tablet at the table: the LAN address
    tablet.goto(urlsplit(game).path + "/table")
    board = tablet.locator("#table-board")
    expect(board).to_contain_text(server.text(lang, "No round yet."))
    expect(board.locator(".tv-totals li")).to_have_count(3)
    save_by_numbers(phone, game, 1, 0, {1: "12", 2: "30"})
    seen_live(board, server.text(lang, "Round %(n)d", n=1))
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


BIG = {5: ["Amélie", "Benjamin", "Cleo", "Dan", "Eva"],
       6: ["Amélie", "Benjamin", "Cleo", "Dan", "Eva", "Fritz"]}
HANDS = {1: "140", 2: "315", 3: "1234", 4: "999", 5: "2048"}


@pytest.mark.parametrize("players", [5, 6])
def test_big_totals_of_five_and_six_players_stay_on_one_line(
        new_page: Any, server: Server, screenshots: Path, players: int) -> None:
    """140 never reads "14 / 0": no total, score or distance is drawn over two lines on a
    phone or a tablet either way round; the leader is marked apart from who went out."""
    phone = new_page("de")
    game = start_game(phone, "romme_de", BIG[players])
    save_by_numbers(phone, game, 1, 0, {s: HANDS[s] for s in range(1, players)})
    wrapped = {}
    for size, device in SIZES.items():
        page = new_page("de", **device)
        page.goto(f"{game}/table")
        expect(page.locator(".tv-total")).to_have_count(players)
        found = wrapped_numbers(page)
        if found:
            wrapped[size] = found
        shot(page, screenshots, f"table-view-{players}-{size.replace(' ', '-')}")
    assert not wrapped, wrapped
    leader = page.locator(".tv-totals li.leader")
    went_out = page.locator(".tv-last")
    assert "★" not in leader.inner_text()
    expect(went_out).to_contain_text("★")
