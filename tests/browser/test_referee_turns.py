"""The turn questions of the referee (take the discard, lay off, swap the joker) in Chromium
at a Pixel 5 viewport, German and English: each answered yes and no, a wrong card kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ..support.browser_referee import LANGS, no_sideways_scroll
from .conftest import Server

pytestmark = pytest.mark.browser


def ask(page: Any, question: str, first: str | None = None, **fields: str) -> Any:
    """Fill a turn question (``first``: when the first meld was made), press Ask, and
    return its section once the answer is in."""
    section = page.locator(f"#q-{question}")
    for name, value in fields.items():
        section.locator(f"[name={name}]").fill(value)
    if first is not None:
        section.locator(f"[name=first][value={first}]").check()
    # The section asked is marked; the answer is in when a new section (swapped in by
    # htmx, or the next page without JavaScript) stands in its place.
    section.evaluate("node => node.dataset.asked = 'yes'")
    section.locator("button[type=submit]").click()
    section = page.locator(f"#q-{question}:not([data-asked])")
    expect(section.locator(".answer")).not_to_be_empty()
    return section


@pytest.mark.parametrize("lang", LANGS)
def test_each_turn_question_is_answered_yes_and_no_and_a_wrong_card_is_kept(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    t = server.text
    page = new_page(lang)
    page.goto("/referee/jolly_at")
    url = page.url

    take = ask(page, "take", first="none", pile="5h 9c", hand="13")
    expect(take.locator(".verdict.bad")).to_contain_text(
        t(lang, "No, you may not take from the discard pile like this."))
    expect(take.locator("a.rule")).to_have_attribute("href", "/rules/jolly_at#take")
    take.screenshot(path=str(screenshots / f"{lang}-referee-take-no.png"))
    take = ask(page, "take", first="earlier", pile="2c Kd 7h Ks", count="3", hand="10")
    take.locator(".answer").screenshot(path=str(screenshots / f"{lang}-referee-take-yes.png"))
    expect(take.locator(".verdict.ok")).to_contain_text("K♦")
    assert page.url == url, "htmx answers without loading another page"
    take = ask(page, "take", pile="2c Kx", count="1", hand="10")
    expect(take.locator("[role=alert]")).to_contain_text("Kx")
    expect(take.locator("[name=pile]")).to_have_value("2c Kx")

    lay = ask(page, "layoff", first="this_turn", onto="5h 6h 7h", cards="8h")
    expect(lay.locator(".verdict.bad")).to_contain_text(t(lang, "No, you may not lay this off."))
    expect(lay.locator("a.rule")).to_have_attribute("href", "/rules/jolly_at#layoff")
    lay = ask(page, "layoff", first="earlier", onto="5h 6h 7h", cards="8h")
    expect(lay.locator(".verdict.ok")).to_contain_text(t(lang, "Yes, you may lay this off."))
    lay = ask(page, "layoff", onto="5h 6h 7h", cards="8q")
    expect(lay.locator("[role=alert]")).to_contain_text("8q")
    expect(lay.locator("[name=cards]")).to_have_value("8q")

    swap = ask(page, "exchange", first="earlier", meld="8s 8h JK", cards="8c")
    expect(swap.locator(".verdict.bad")).to_contain_text(
        t(lang, "No, you may not swap the joker like this."))
    expect(swap.locator("a.rule")).to_have_attribute("href", "/rules/jolly_at#exchange")
    swap = ask(page, "exchange", first="earlier", meld="8s 8h 8d JK", cards="8c")
    expect(swap.locator(".verdict.ok")).to_contain_text(t(lang, "Yes, you may swap the joker."))
    swap = ask(page, "exchange", meld="8s 8h 8d JK", cards="8cc")
    expect(swap.locator("[role=alert]")).to_contain_text("8cc")
    expect(swap.locator("[name=cards]")).to_have_value("8cc")
    swap = ask(page, "exchange", first="earlier", meld="8s 8h 8d JK", cards="8c")
    no_sideways_scroll(page)
    page.locator("#q-take").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"{lang}-referee-turns.png"), full_page=True)


@pytest.mark.parametrize("lang", LANGS)
def test_without_javascript_a_turn_question_is_posted_and_three_thirteen_says_no_at_once(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    t = server.text
    page = new_page(lang, javascript=False)
    page.goto("/referee/rami_fr")
    take = ask(page, "take", first="earlier", pile="Qs", hand="8", melds="")
    take = page.locator("#q-take")
    expect(take.locator(".verdict.bad")).to_be_visible()
    expect(take.locator("a.rule")).to_have_attribute("href", "/rules/rami_fr#take")
    ask(page, "take", first="none", pile="Kh", hand="14",
        melds="Jh Qh Kh\n9s 9h 9d\nAs Ah Ac")
    take = page.locator("#q-take")
    expect(take.locator(".verdict.ok")).to_be_visible()
    expect(take.locator(".answer")).to_contain_text(
        t(lang, "Your first meld is worth %(n)d points.", n=90))
    expect(take.locator("[name=melds]")).to_have_value("Jh Qh Kh\n9s 9h 9d\nAs Ah Ac")
    page.screenshot(path=str(screenshots / f"{lang}-referee-turns-nojs.png"), full_page=True)
    page.goto("/referee/three_thirteen")
    lay = page.locator("#q-layoff")
    expect(lay.locator(".verdict.bad")).to_contain_text(
        t(lang, "No: nobody lays off in this game."))
    expect(lay.locator("form")).to_have_count(0)
    expect(page.locator("#q-exchange form")).to_have_count(0)
    page.goto("/rules/jolly_at")
    expect(page.locator("#take blockquote")).to_contain_text("nicht mehr als 20 Karten")
    expect(page.locator("#exchange blockquote")).to_contain_text("erst bei einem Vierling")
    no_sideways_scroll(page)
    page.locator("#take").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"{lang}-rules-turns.png"))
