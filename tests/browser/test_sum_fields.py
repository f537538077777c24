"""A sum typed into a number field is read whole (Pixel 5, en and de): "50+10+10+5+5" is not
cut to "50+10+1", and the labels of a player's two fields stay in line when a total shows
under one of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..support.browser_live import LANGS
from ..support.browser_table import shot, start_game
from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

LONG_SUM = "50+10+10+5+5"

# The text of a field that does not fit the field (it scrolls inside it: a part is hidden).
CUT_JS = "e => e.scrollWidth > e.clientWidth + 1"


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_sum_is_read_whole_and_the_labels_stay_in_line(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Amélie", "Benjamin", "Cleo"])
    page.goto(f"{game}/rounds/new?number=1")
    meld, hand = page.locator("input[name=meld_1]"), page.locator("input[name=hand_1]")
    meld.fill(LONG_SUM)
    hand.fill("5")
    expect(page.locator("output[data-sum-of=meld_1]")).to_have_text("= 80")
    assert not meld.evaluate(CUT_JS), "the sum in Melds + is cut"
    labels = page.locator("fieldset.player").nth(1).locator(".numbers > label")
    tops = [round(box["y"]) for box in (labels.nth(0).bounding_box(), labels.nth(1).bounding_box())]
    fields = [round(box["y"]) for box in (meld.bounding_box(), hand.bounding_box())]
    assert tops[0] == tops[1] and fields[0] == fields[1], (tops, fields)
    hand.fill(LONG_SUM + "+10+10")
    assert not hand.evaluate(CUT_JS), "the sum in Hand − is cut"
    shot(page, screenshots, f"{lang}-long-sums-round")


def test_a_long_sum_in_one_number_per_player_is_read_whole(new_page: Any, server: Server,
                                                            screenshots: Path) -> None:
    page = new_page("en")
    game = start_game(page, "jolly_at", ["Amélie", "Benjamin"])
    page.goto(f"{game}/settings")
    page.locator("input[name=counting][value=net]").check()
    page.locator("main form button[type=submit]").first.click()
    page.goto(f"{game}/rounds/new?number=1")
    field = page.locator("input[name=net_1]")
    field.fill("-" + LONG_SUM.replace("+", "-"))
    expect(page.locator("output[data-sum-of=net_1]")).to_have_text("= −80")
    assert not field.evaluate(CUT_JS), "the sum in the net field is cut"
    shot(page, screenshots, "en-long-sums-net")
