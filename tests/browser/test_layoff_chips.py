"""The one lay-off notation on a phone (Pixel 5, German and English): the together page
draws what it asks for ("Anna 2: 4s") as the meld the card goes onto and one card, never as
wrong cards, and counts one card; the picker's "onto" choice writes the notation; the
German picker writes the cards as its chips show them (B♦ D♦: "Bd Dd"), which the server
reads back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ..support.browser_cards import count_text, part_by_cards, round_by_cards
from ..support.browser_table import shot, start_game
from .conftest import Server

LANGS = ("en", "de")


def chips(page: Any, field: str) -> Any:
    return page.locator(f"#{field} ~ .chips")


@pytest.mark.parametrize("lang", LANGS)
def test_the_together_page_draws_the_lay_off_it_asks_for(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben", "Jürgen"])
    part_by_cards(page, game, "Ben")
    layoffs = page.locator("#part-layoffs")
    expect(layoffs).to_have_attribute("placeholder", server.text(
        lang, "%(name)s: %(cards)s", name="Anna", cards="9c"))
    layoffs.fill("Jürgen 2: 4s")
    box = chips(page, "part-layoffs")
    expect(box.locator(".chip.onto")).to_have_text("→ Jürgen 2")
    expect(box.locator(".not-card")).to_have_count(0)
    expect(box.locator(".chip:not(.onto)")).to_have_text(["4♠ ✕"])
    expect(page.locator("#part-layoffs ~ .card-count")).to_have_text(count_text(server, lang, 1))
    shot(page, screenshots, f"{lang}-layoff-together-chips")

    # The picker writes the same: "onto the meld of" Anna, then the cards.
    layoffs.fill("")
    layoffs.click()
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#picker .picker-by")).to_be_visible()
    page.locator("#picker-by").select_option("Anna")
    page.locator("#picker [data-suit=d]").click()
    for rank in ("J", "Q"):
        page.locator(f"#picker [data-rank='{rank}']").click()
    written = "Bd Dd" if lang == "de" else "Jd Qd"
    expect(layoffs).to_have_value(server.text(lang, "%(name)s: %(cards)s", name="Anna",
                                              cards=written))
    expect(box.locator(".chip.onto")).to_have_text("→ Anna")
    faces = ["B♦ ✕", "D♦ ✕"] if lang == "de" else ["J♦ ✕", "Q♦ ✕"]
    expect(box.locator(".chip:not(.onto)")).to_have_text(faces)
    expect(page.locator("#part-layoffs ~ .card-count")).to_have_text(count_text(server, lang, 2))
    # A second owner starts a line of its own.
    page.locator("#picker-by").select_option("Jürgen")
    page.locator("#picker [data-rank='K']").click()
    expect(box.locator(".chip.onto")).to_have_text(["→ Anna", "→ Jürgen"])
    shot(page, screenshots, f"{lang}-layoff-together-picker")


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_form_picker_writes_a_lay_off_into_the_layers_meld_field(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    round_by_cards(page, game, range(2))
    page.locator("input[name=p0_meld0]").click()
    page.locator("#picker [data-suit=d]").click()
    for rank in ("10", "J", "Q"):
        page.locator(f"#picker [data-rank='{rank}']").click()
    own = page.locator("input[name=p0_meld0]")
    expect(own).to_have_value("10d Bd Dd" if lang == "de" else "10d Jd Qd")
    # The server reads back what the German picker wrote.
    expect(page.locator("#check-p0_meld0 .verdict")).to_contain_text("✓")
    page.locator("input[name=p1_meld0]").click()
    page.locator("#picker-by").select_option("Anna")
    page.locator("#picker [data-suit=d]").click()
    page.locator("#picker [data-rank='K']").click()
    laid = page.locator("input[name=p1_meld0]")
    expect(laid).to_have_value(server.text(lang, "%(name)s: %(cards)s", name="Anna", cards="Kd"))
    expect(chips(page, "p1_meld0").locator(".chip.onto")).to_have_text("→ Anna")
    expect(chips(page, "p1_meld0").locator(".not-card")).to_have_count(0)
    expect(page.locator("#check-p1_meld0")).to_contain_text(server.text(
        lang, "laid off onto the meld of %(name)s", name="Anna"))
    shot(page, screenshots, f"{lang}-layoff-round-form")
