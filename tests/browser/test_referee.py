"""The referee and the rules page in Chromium at a Pixel 5 viewport, German and English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from ..support.browser_referee import LANGS, ask, no_sideways_scroll
from .conftest import Server


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_is_answered_in_place_and_wrong_input_is_named_and_kept(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    page.goto("/")
    page.get_by_role("link", name=server.text(lang, "Referee: settle a rule question")).click()
    page.locator("a.choice[href$='/referee/jolly_at']").click()
    expect(page.locator("h1")).to_contain_text(server.text(lang, "Referee"))
    # Asked before htmx is ready, the form posts as without JavaScript (to #q-meld): on a
    # loaded machine it once was.
    page.wait_for_load_state()
    page.wait_for_function("() => window.htmx !== undefined")
    url = page.url

    meld = ask(page, "meld", cards="7s 7h 7d 7c 7h")
    expect(meld.locator(".verdict.bad")).to_contain_text(server.text(lang, "Not a legal meld."))
    expect(meld.locator("a.rule").first).to_have_attribute("href", "/rules/jolly_at#set")
    assert page.url == url, "htmx answers without loading another page"
    meld = ask(page, "meld", cards="Qh Xh Kh")
    expect(meld.locator("[role=alert]")).to_contain_text("Xh")
    expect(meld.locator("[name=cards]")).to_have_value("Qh Xh Kh")
    meld = ask(page, "meld", cards="")
    expect(meld.locator("[role=alert]")).to_contain_text(
        server.text(lang, "Type the cards of the meld, like 7h 8h 9h or 7s 7h JK."))
    meld = ask(page, "meld", cards="JK Qh Kh")
    expect(meld.locator(".verdict.ok")).to_contain_text("30")

    hand = ask(page, "hand", cards="JK 5h")
    expect(hand.locator(".verdict")).to_contain_text(
        server.text(lang, "This hand costs %(n)d points.", n=55))
    hand = ask(page, "hand", cards="JK 5x")
    expect(hand.locator("[role=alert]")).to_contain_text("5x")
    expect(hand.locator("[name=cards]")).to_have_value("JK 5x")

    first = ask(page, "initial", melds="10h Jh Qh")
    expect(first.locator(".verdict.ok")).to_contain_text(
        server.text(lang, "This first meld is allowed."))
    first = ask(page, "initial", melds="2h 3h 4h")
    expect(first.locator(".verdict.bad")).to_be_visible()
    expect(first.locator("a.rule")).to_have_attribute("href", "/rules/jolly_at#initial")

    out = ask(page, "out", melds="10h Jh Qh", layoffs="6c 7c 8c + 9c", hand_win=True)
    expect(out.locator(".verdict.bad").first).to_contain_text(
        server.text(lang, "No, not like this."))
    expect(out.locator(".meld-problems").first).to_contain_text(server.text(
        lang, "To go out you throw your last card on the discard pile: type the card you throw."))
    out = ask(page, "out", melds="10h Jh Qh", layoffs="6c 7c 8c: 9c", discard="5d",
              hand_win=True)
    expect(out.locator(".verdict.ok").first).to_contain_text("+69")
    expect(out.locator(".verdict.bad")).to_contain_text(
        server.text(lang, "It is not %(name)s.", name=server.text(lang, "Handglatt")))
    out = ask(page, "out", melds="10h Jh Qh", layoffs="6c 7c 8c 9c", hand_win=True)
    expect(out.locator("[role=alert]")).to_contain_text("6c 7c 8c: 9c")
    expect(out.locator("[name=layoffs]")).to_have_value("6c 7c 8c 9c")

    end = ask(page, "standings", totals="Anna 510\nBen 510\nCleo 80", played="9")
    expect(end.locator(".verdict")).to_contain_text(
        server.text(lang, "Tie! %(names)s play on until one leads.", names="Anna, Ben"))
    end = ask(page, "standings", totals="Anna lots", played="9")
    expect(end.locator("[role=alert]")).to_contain_text("Anna lots")
    expect(end.locator("[name=totals]")).to_have_value("Anna lots")
    no_sideways_scroll(page)
    page.locator("#q-meld").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"{lang}-referee.png"), full_page=True)


@pytest.mark.parametrize("lang", LANGS)
def test_the_three_thirteen_referee_asks_what_three_thirteen_has(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    page.goto("/referee/three_thirteen")
    expect(page.locator("#q-initial")).to_have_count(0)
    expect(page.locator(".referee-index a[href='#q-initial']")).to_have_count(0)
    expect(page.locator("#q-out h2")).to_have_text(server.text(lang, "May I go out like this?"))
    expect(page.locator("#q-out [name=hand_win]")).to_have_count(0)
    page.locator("#q-out [name=round]").select_option("1")
    out = ask(page, "out", melds="4h 5h 6h", discard="Kd")
    expect(out.locator(".verdict.ok")).to_contain_text("K♦")
    out = ask(page, "out", melds="4h 5h 6h", discard="")
    expect(out.locator(".verdict.bad")).to_contain_text(server.text(lang, "No, not like this."))
    expect(out.locator("[name=melds]")).to_have_value("4h 5h 6h")
    no_sideways_scroll(page)
    out.screenshot(path=str(screenshots / f"{lang}-referee-3-13-going-out.png"))


@pytest.mark.parametrize("lang", LANGS)
def test_without_javascript_a_question_is_answered_by_a_form_post(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang, javascript=False)
    page.goto("/referee/romme_de")
    ask(page, "out", melds="10h Jh Qh\n7s 7d 7c", hand_win=True, others_melded=True)
    out = page.locator("#q-out")
    expect(out.locator(".verdict.bad")).to_contain_text(
        server.text(lang, "It is not %(name)s.", name=server.text(lang, "Hand-Rommé")))
    expect(out.locator("[name=melds]")).to_have_value("10h Jh Qh\n7s 7d 7c")
    expect(out.locator("[name=others_melded]")).to_be_checked()
    link = out.locator("a.rule")
    expect(link).to_have_attribute("href", "/rules/romme_de#hand_win")
    page.screenshot(path=str(screenshots / f"{lang}-referee-nojs.png"), full_page=True)
    link.click()
    expect(page.locator("#hand_win h2")).to_have_text(
        "Aus der Hand ausgehen" if lang == "de" else "Going out from the hand")
    expect(page.locator("#hand_win blockquote")).to_contain_text("Hand-Rommé")


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_reads_on_a_phone_and_prints(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    page.goto('/rules/rami_fr?house={"initial_min_points":40}')
    expect(page.locator(".house-mark").first).to_be_visible()
    assert "RULES.md" not in page.content()
    no_sideways_scroll(page)
    for link in page.locator(".rule-index a").all():
        assert link.bounding_box()["height"] >= 44
    page.screenshot(path=str(screenshots / f"{lang}-rules.png"), full_page=True)
    pdf = screenshots / f"{lang}-rules.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format="A4", print_background=False)
    assert pdf.stat().st_size > 5000
    pages = len(PdfReader(pdf).pages)
    assert 1 <= pages <= 3


def test_an_answer_swapped_in_sets_no_inline_style(new_page: Any, server: Server) -> None:
    """The CSP allows no inline style, so htmx must not carry an old field's style attribute
    onto the new one while a swap settles. A field gets one from page.js (a long sum's
    shrunk font size) or from the phone itself; before, every such swap logged a violation."""
    page = new_page("en")
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text else None)
    page.goto("/referee/jolly_at")
    page.locator("#meld-cards").evaluate("field => { field.style.fontSize = '14px'; }")
    meld = ask(page, "meld", cards="7h 8h 9h")
    expect(meld.locator(".verdict.ok")).to_be_visible()
    page.wait_for_timeout(100)  # htmx settles 20 ms after the swap
    assert violations == []
