"""On a phone (Pixel 5, German and English): the picker never covers the field being
filled or its verdict and closes off card fields; 3-13 starts with cards; the entry mode is
remembered; wild cards and lay-offs drawn right."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ..support.browser_cards import Picker
from ..support.browser_table import shot, start_game
from ..support.browser_wait import until
from .conftest import Server

LANGS = ("en", "de")


def box(page: Any, selector: str) -> dict[str, float]:
    return dict(page.locator(selector).evaluate(
        "e => { const r = e.getBoundingClientRect(); "
        "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"))


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["top"] < b["bottom"] and b["top"] < a["bottom"] and \
        a["left"] < b["right"] and b["left"] < a["right"]


def uncovered(page: Any, field: str) -> list[str]:
    """What is wrong with where the field and its verdict stand beside the open picker."""
    picker = box(page, "#picker")
    wrong = []
    for selector in (f"input[name={field}]", f"#check-{field}"):
        if overlaps(box(page, selector), picker):
            wrong.append(f"the picker covers {selector}")
        if box(page, selector)["top"] < 0:
            wrong.append(f"{selector} is scrolled away above")
    return wrong


def assert_uncovered(page: Any, field: str) -> None:
    """The picker scrolls the field up after each card and each verdict it is answered with:
    the field is uncovered once the page has come to rest."""
    try:
        until(page, lambda: not uncovered(page, field), f"{field} uncovered")
    except AssertionError:
        raise AssertionError("; ".join(uncovered(page, field))) from None


@pytest.mark.parametrize("lang", LANGS)
def test_the_picker_never_covers_the_field_or_its_verdict_and_closes_off_card_fields(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben", "Cleo", "Dora"])
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    for player in range(4):
        page.locator(f"input[name=mode_{player}][value=cards]").check()
    picker = Picker(page)
    # The last player's meld: the lowest card field but one on the page.
    for field, cards in (("p0_meld0", "7h 8h 9h 10h"), ("p3_meld0", "5d 6d JK"),
                         ("p3_hand", "Ks 4d 9h Qc 2s 7d Ah 10c 5s 8h 3d Jc")):
        picker.field(field)
        expect(page.locator("#picker")).to_be_visible()
        picker.cards(cards)
        if field != "p3_hand":
            expect(page.locator(f"#check-{field} .verdict")).to_contain_text("✓")
        assert_uncovered(page, field)
        shot(page, screenshots, f"{lang}-picker-{field}")
    page.screenshot(path=str(screenshots / f"{lang}-picker-viewport.png"))
    # The joker's readings, in run order.
    expect(page.locator("#check-p3_meld0 .readings")).to_contain_text("4♦ 5♦ 6♦")
    # A number field: the picker closes and stays closed.
    page.locator("input[name=mode_1][value=numbers]").check()
    page.locator("input[name=hand_1]").click()
    expect(page.locator("#picker")).to_be_hidden()
    page.locator("input[name=hand_1]").fill("12")
    expect(page.locator("#picker")).to_be_hidden()
    # Back on a card field it opens again; a tap on the page closes it.
    page.locator("input[name=p0_hand]").click()
    expect(page.locator("#picker")).to_be_visible()
    page.locator("h1").click()
    expect(page.locator("#picker")).to_be_hidden()


@pytest.mark.parametrize("lang", LANGS)
def test_three_thirteen_starts_with_cards_and_marks_the_wild_cards(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "three_thirteen", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    for player in range(2):
        expect(page.locator(f"input[name=mode_{player}][value=cards]")).to_be_checked()
    picker = Picker(page)
    picker.field("p1_hand")
    picker.cards("3c 9d Ks")  # round 1: threes are wild
    wild = server.text(lang, "wild")
    expect(page.locator("#p1_hand ~ .chips .chip.wild")).to_have_count(1)
    expect(page.locator("#p1_hand ~ .chips .chip.wild")).to_contain_text(f"3♣ {wild}")
    picker.field("p0_hand")
    picker.cards("3h 4h 5h")
    picker.tap("#picker [data-action=close]")
    expect(page.locator("#picker")).to_be_hidden()
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[name=action][value=preview]").click()
    expect(page.locator("p.arrangement .card.wild").first).to_contain_text(wild)
    shot(page, screenshots, f"{lang}-thirteen-wild")


@pytest.mark.parametrize("lang", LANGS)
def test_the_phone_remembers_who_was_entered_by_cards(new_page: Any, server: Server,
                                                      lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    expect(page.locator("input[name=mode_0][value=numbers]")).to_be_checked()
    page.locator("input[name=mode_0][value=cards]").check()
    page.locator("input[name=p0_meld0]").fill("7h 8h 9h")
    page.locator("input[name=p0_hand]").fill("")
    page.locator("input[name=hand_1]").fill("20")
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[name=action][value=save]").click()
    page.wait_for_url(f"{game}#next")
    page.goto(f"{game}/rounds/new")
    expect(page.locator("input[name=mode_0][value=cards]")).to_be_checked()
    expect(page.locator("input[name=mode_1][value=numbers]")).to_be_checked()


@pytest.mark.parametrize("lang", LANGS)
def test_a_slip_shows_as_text_and_a_layoff_apart_from_the_melds_points(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben", "Cleo"])
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("input[name=mode_1][value=cards]").check()
    page.locator("input[name=p1_meld0]").fill("9c@Cleo 10c Jc Qc Kc")
    laid = server.text(lang, "%(name)s laid off %(n)d", name="Cleo", n=9)
    expect(page.locator("#check-p1_meld0 .verdict")).to_contain_text(laid)
    expect(page.locator("#check-p1_meld0 .verdict")).to_contain_text("40")
    page.locator("input[name=p1_hand]").fill("7h X♥")
    page.locator("input[name=p1_hand]").dispatch_event("input")
    expect(page.locator("#p1_hand ~ .chips .chip.not-card")).to_have_text("X♥ ✕")
    expect(page.locator("#check-p1_hand .field-error")).to_contain_text("X♥")
    shot(page, screenshots, f"{lang}-layoff-and-slip")
