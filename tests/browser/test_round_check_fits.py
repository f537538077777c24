"""On a phone: the round check of Rami fits 360 px in German and English, and only
the wrong field of a player is outlined red."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

LANGS = ("en", "de")
NAMES = ["Annemarie", "Benedikt", "Cleopatra", "Dorothea"]
GAME = re.compile(r"/g/[A-Za-z0-9_-]+$")
NARROW = {"viewport": {"width": 360, "height": 740}}


def start_game(page: Any, variant: str, names: list[str]) -> str:
    page.goto(f"/games/new?variant={variant}")
    for i, n in enumerate(names):
        page.locator(f"input[name=player_{i}]").fill(n)
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_url(GAME)
    return str(page.url)


def fits(page: Any) -> None:
    """Nothing wider than the phone. A mobile browser widens its layout viewport (and
    innerWidth) to content that overflows, so the phone's own width is compared too."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("innerWidth"), f"the page is {width} px wide"
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("javascript", [True, False])
def test_the_rami_check_with_surcharges_fits_360_px(
        new_page: Any, server: Server, screenshots: Path, lang: str, javascript: bool) -> None:
    page = new_page(lang, javascript=javascript, **NARROW)
    game = start_game(page, "rami_fr", NAMES)
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=closer][value='0']").check()
    page.locator("input[name=hand_win]").check()
    page.locator("#hand_1").fill("30")  # nobody else had melded: the longest surcharge
    page.locator("#hand_2").fill("45")
    page.locator("#hand_3").fill("150")
    page.locator("button[value=preview]").click()
    expect(page.locator("table.breakdown")).to_be_visible()
    expect(page.locator("table.breakdown")).to_contain_text("+200")
    fits(page)
    page.locator("table.breakdown").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"numbers-rami-check-{lang}-{'js' if javascript else 'nojs'}.png"))
    # Every total is on the screen, not cut off at the right edge.
    right = page.locator("table.breakdown").evaluate("t => t.getBoundingClientRect().right")
    assert right <= page.viewport_size["width"]


@pytest.mark.parametrize("lang", LANGS)
def test_only_the_wrong_field_of_a_player_is_outlined(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang, javascript=False, **NARROW)
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=closer][value='0']").check()
    page.locator("#meld_0").fill("50")
    page.locator("#meld_1").fill("20")
    page.locator("#hand_1").fill("zehn")  # Ben's melds are right, his hand is not a number
    page.locator("button[value=save]").click()
    expect(page.locator("#hand_1")).to_have_attribute("aria-invalid", "true")
    border = "e => getComputedStyle(e).borderTopColor"
    wrong = page.locator("#hand_1").evaluate(border)
    assert page.locator("#meld_1").evaluate(border) != wrong  # right, so not marked
    assert page.locator("#meld_0").evaluate(border) != wrong
    page.locator("fieldset.player").nth(1).scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"numbers-only-wrong-field-{lang}.png"))


SIX = ["Annemarie", "Benedikt", "Cleopatra", "Dorothea", "Eberhard", "Friederike"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_jolly_check_with_every_column_fits_360_px(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    """Six players, a lay-off, Handglatt (×2): melds with lay-offs, hand, bonus and total
    (German was 413 px wide with lay-offs in a column of their own)."""
    page = new_page(lang, javascript=False, **NARROW)
    game = start_game(page, "jolly_at", SIX)
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=closer][value='0']").check()
    page.locator("input[name=hand_win]").check()
    page.locator("#meld_0").fill("50")
    page.locator("input[name=mode_1][value=cards]").check()
    page.locator("#p1_meld0").fill("6c 7c 8c 9c@Cleopatra")
    page.locator("#p1_hand").fill("5h JK")
    page.locator("input[name=mode_2][value=cards]").check()  # Cleopatra scores her lay-off
    page.locator("#p2_hand").fill("Kd")
    for i, (meld, hand) in enumerate([(20, 5), (0, 130), (10, 10)], start=3):
        page.locator(f"#meld_{i}").fill(str(meld))
        page.locator(f"#hand_{i}").fill(str(hand))
    page.locator("button[value=preview]").click()
    expect(page.locator("table.breakdown")).to_contain_text("×2")
    expect(page.locator("table.breakdown")).to_contain_text(
        "+9 angelegt" if lang == "de" else "+9 laid off")
    fits(page)
    page.locator("table.breakdown").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"numbers-jolly-check-{lang}.png"))


@pytest.mark.parametrize("lang", LANGS)
def test_one_number_counting_says_what_the_number_holds_and_checks_it(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang, **NARROW)
    game = start_game(page, "jolly_at", ["Anna", "Ben", "Cleo"])
    page.goto(f"{game}/settings")
    page.locator("input[name=counting][value=net]").check()
    page.locator("main form button.primary").first.click()
    page.goto(f"{game}/rounds/new")
    notes = page.locator("p.number-notes")
    expect(notes).to_contain_text("30")
    expect(notes).to_contain_text("Handglatt")
    page.locator("label.closer-pick").nth(0).tap()
    page.keyboard.type("90")
    page.locator("#net_1").fill("-20")
    page.locator("#net_2").fill("-35")
    page.locator("input[name=hand_win]").check()
    # The live preview answers (it failed silently on every keystroke in one-number counting).
    expect(page.locator("#check table.breakdown")).to_contain_text("+90")
    fits(page)
    page.screenshot(path=str(screenshots / f"numbers-net-round-{lang}.png"), full_page=True)
