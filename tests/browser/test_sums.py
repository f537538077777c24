"""Sums in number fields at Pixel 5 (en, de): the total shows as the hand is counted card by
card, the round is saved with it, and a sum that is not one is said at the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..support.browser_live import LANGS, no_sideways_scrolling
from ..support.browser_table import shot, start_game
from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_counted_card_by_card_shows_its_total_and_is_saved_with_it(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    page.goto(f"{game}/rounds/new?number=1")
    ben = page.locator("input[name=hand_1]")
    plus = ben.locator("xpath=..").get_by_role("button", name=server.text(lang, "Add up card by card (+)"))
    ben.press_sequentially("10")
    plus.tap()  # a number pad without a + key: the button adds it, the typing goes on
    expect(ben).to_be_focused()
    page.keyboard.type("10")
    plus.tap()
    page.wait_for_timeout(400)  # not a double tap
    plus.tap()  # twice is once
    page.keyboard.type("7+3")
    expect(ben).to_have_value("10+10+7+3")
    expect(page.locator("output[data-sum-of=hand_1]")).to_have_text("= 30")
    cleo = page.locator("input[name=hand_2]")
    cleo.fill("12")
    expect(page.locator("output[data-sum-of=hand_2]")).to_have_count(0)  # one number: no sum
    cleo.fill("5+")
    cleo.blur()
    expect(page.locator(".typing-error[data-for=hand_2]")).to_have_text(
        server.text(lang, "Enter a whole number, like 25."))
    cleo.fill("5+4")
    expect(page.locator("output[data-sum-of=hand_2]")).to_have_text("= 9")
    page.locator("input[name=closer][value='0']").check()
    no_sideways_scrolling(page)
    shot(page, screenshots, f"{lang}-sums-round")
    page.locator("button[name=action][value=save]").click()
    page.wait_for_url(f"{game}*")
    expect(page.locator("#board")).to_contain_text("30")
    expect(page.locator("#board")).to_contain_text("9")


def test_net_counting_shows_a_minus_total(new_page: Any, server: Server) -> None:
    page = new_page("en")
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    page.goto(f"{game}/settings")
    page.locator("input[name=counting][value=net]").check()
    page.locator("main form button[type=submit]").first.click()
    page.goto(f"{game}/rounds/new?number=1")
    page.locator("input[name=net_1]").fill("\u221210-7")
    page.locator("input[name=net_1]").dispatch_event("input")
    expect(page.locator("output[data-sum-of=net_1]")).to_have_text("= \u221217")
