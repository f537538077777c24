"""On a phone (Pixel 5, German and English): the picker never drops a card and counts
them, reads every joker spelling, and the first tap beside it does what it says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scorepad.rules import InvalidCardError, evaluate_hand, parse_card, parse_cards, rules_for

from ..support.browser_cards import Picker, as_written, count_text, part_by_cards, round_by_cards
from ..support.browser_table import GAME_URL, save_part, shot, start_game
from .conftest import Server

LANGS = ("en", "de")

# A 13-card hand as a family taps it: a suit, then its ranks; the first suit is the one the
# field before ended with.
HAND = "Kh 4h 9h Qc 2c 7d Ad 10s 5s 8s 3s Js 6s"


def reads_as_card(token: str) -> bool:
    try:
        parse_card(token)
    except InvalidCardError:
        return False
    return True


def tap_as_the_hint_says(page: Any, cards: str) -> int:
    """In a field just chosen: tap a suit, then its ranks; a new suit when it changes.
    Returns the taps."""
    taps, suit = 0, None
    for token in cards.split():
        if token == "JK":
            page.locator("#picker [data-card=JK]").click()
            taps += 1
            continue
        if token[-1] != suit:
            suit = token[-1]
            page.locator(f"#picker [data-suit={suit}]").click()
            taps += 1
        page.locator(f"#picker [data-rank='{token[:-1]}']").click()
        taps += 1
    return taps


@pytest.mark.parametrize("lang", LANGS)
def test_the_picker_never_drops_a_card_and_counts_them(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    round_by_cards(page, game, range(2))
    # Anna's meld ends with hearts; Ben's hand then starts with hearts too: his first tap on
    # ♥ (as the hint says: a suit, then ranks) must not take the suit away again.
    page.locator("input[name=p0_meld0]").click()
    tap_as_the_hint_says(page, "7h 8h 9h")
    expect(page.locator("input[name=p0_meld0]")).to_have_value("7h 8h 9h")
    page.locator("input[name=p1_hand]").click()
    expect(page.locator("#picker [aria-pressed=true]")).to_have_count(0)  # a new field: no suit yet
    tap_as_the_hint_says(page, HAND)
    expect(page.locator("input[name=p1_hand]")).to_have_value(as_written(lang, HAND))
    expect(page.locator("#p1_hand ~ .card-count")).to_have_text(count_text(server, lang, 13))
    expect(page.locator("#p0_meld0 ~ .card-count")).to_have_text(count_text(server, lang, 3))
    # Ranks tapped before a suit wait for it, shown; the suit then takes them all.
    page.locator("input[name=p0_hand]").click()
    for rank in ("5", "6"):
        page.locator(f"#picker [data-rank='{rank}']").click()
    expect(page.locator(".picker-waiting")).to_be_visible()
    expect(page.locator(".picker-waiting")).to_contain_text("5 6")
    shot(page, screenshots, f"{lang}-picker-waiting")
    page.locator("#picker [data-suit=d]").click()
    expect(page.locator(".picker-waiting")).to_be_hidden()
    page.locator("#picker [data-rank='7']").click()
    expect(page.locator("input[name=p0_hand]")).to_have_value("5d 6d 7d")
    # ⌫ takes a waiting rank back before a card.
    page.locator("#picker [data-suit=c]").click()
    page.locator("#picker [data-action=undo]").click()
    expect(page.locator("input[name=p0_hand]")).to_have_value("5d 6d")
    shot(page, screenshots, f"{lang}-picker-count")
    # Saved, Ben's hand is the 13 cards (the engine's value of all 13, not of 10).
    value = evaluate_hand(parse_cards(HAND), rules_for("jolly_at", player_count=2)).points
    assert value > evaluate_hand(parse_cards(HAND)[:10], rules_for("jolly_at", player_count=2)).points
    page.locator("#picker [data-action=close]").click()
    page.locator("input[name=p0_hand]").fill("")
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[name=action][value=save]").click()
    page.wait_for_url(GAME_URL)
    expect(page.locator("#round-1")).to_contain_text(f"-{value}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_picker_reads_every_notation_the_server_reads(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=mode_1][value=cards]").check()
    field = page.locator("input[name=p1_hand]")
    field.fill("Joker jolly ★ * 🃏 JK 10p Tp ♥\ufe0fQ ♤A Dp")
    field.dispatch_event("input")
    chips = page.locator("#p1_hand ~ .chips .chip")
    expect(chips).to_have_count(11)
    expect(page.locator("#p1_hand ~ .chips .chip.not-card")).to_have_count(0)
    queen = "D" if lang == "de" else "Q"
    expect(chips.nth(6)).to_have_text("10♠ ✕")
    expect(chips.nth(7)).to_have_text("10♠ ✕")
    expect(chips.nth(8)).to_have_text(f"{queen}♥ ✕")
    expect(chips.nth(9)).to_have_text("A♠ ✕")
    expect(page.locator("#p1_hand ~ .card-count")).to_have_text(count_text(server, lang, 11))
    # The server agrees: every one of them is a card.
    expect(page.locator("#check-p1_hand .field-error")).to_have_count(0)
    expect(page.locator("#check-p1_hand .card")).to_have_count(11)
    # Every notation, both orders, with mistakes among them: a chip is drawn as a card exactly
    # when the server reads the token as one.
    ranks = ["A", "a", "2", "9", "10", "T", "t", "J", "j", "B", "b", "Q", "D", "d", "K", "k", "1", "X"]
    suits = ["s", "S", "h", "d", "c", "p", "P", "♠", "♥", "♦", "♣", "♤", "♡", "♢", "♧", "x", "k"]
    tokens = [r + s for r in ranks for s in suits] + [s + r for r in ranks for s in suits] + [
        "JK", "jk", "Joker", "JOLLY", "★", "*", "🃏", "J", "Q", "QQ", "hh", "14h", "JKh"]
    field.fill(" ".join(tokens))
    field.dispatch_event("input")
    drawn = page.locator("#p1_hand ~ .chips .chip").evaluate_all(
        "chips => chips.map(c => !c.classList.contains('not-card'))")
    assert len(drawn) == len(tokens)
    wrong = [t for t, card in zip(tokens, drawn) if card != reads_as_card(t)]
    assert wrong == []


def just_above_the_picker(page: Any, selector: str) -> None:
    """Scroll so that the element lies just above the open picker, where a thumb reaches it."""
    page.locator(selector).evaluate(
        "e => window.scrollBy(0, e.getBoundingClientRect().bottom"
        " - document.getElementById('picker').getBoundingClientRect().top + 12)")


def _press(page: Any, selector: str) -> None:
    """A finger's tap: down, a tenth of a second, up, where the element was at the touch."""
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.wait_for_timeout(100)
    page.mouse.up()


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_tap_beside_the_open_picker_does_what_it_says(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben", "Cleo", "Dora"])
    round_by_cards(page, game, [3])
    picker = Picker(page)
    picker.field("p3_hand")
    picker.cards("Ks 4d 9h")
    expect(page.locator("#picker")).to_be_visible()
    # "went out" of the last player, just above the picker.
    went_out = "input[name=closer][value='3']"
    just_above_the_picker(page, f"label:has({went_out})")
    before = page.evaluate("() => window.scrollY")
    _press(page, f"label:has({went_out})")
    expect(page.locator("#picker")).to_be_hidden()
    expect(page.locator(went_out)).to_be_checked()
    assert page.evaluate("() => window.scrollY") == before, "the page jumped as the picker closed"
    # Check: open the picker again, then one tap on Check checks the round.
    picker.field("p3_hand")
    expect(page.locator("#picker")).to_be_visible()
    check = "button[name=action][value=preview]"
    just_above_the_picker(page, check)
    with page.expect_navigation():
        _press(page, check)
    expect(page.locator("#check")).to_be_visible()


NOTATION = ("Each card is its rank and suit: 7h, 10s, Qd, Ac (s ♠ spades, h ♥ hearts, "
            "d ♦ diamonds, c ♣ clubs), JK for a joker.")


@pytest.mark.parametrize("lang", LANGS)
def test_the_together_page_has_the_picker_and_says_how_cards_are_written(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    part_by_cards(page, game, "Ben")
    expect(page.locator(".notation")).to_have_text(server.text(lang, NOTATION))
    # Two melds, one a line: the picker's "next meld" starts the second line.
    picker = Picker(page)
    picker.field("melds")
    expect(page.locator("#picker")).to_be_visible()
    picker.cards("7h 8h 9h")
    picker.tap("#picker [data-action=line]")
    picker.cards("Qs Qd Qc")
    expect(page.locator("#part-melds")).to_have_value(
        "7h 8h 9h\n" + as_written(lang, "Qs Qd Qc"))
    expect(page.locator("#part-melds ~ .chips .chip-line")).to_have_count(2)
    expect(page.locator("#part-melds ~ .card-count")).to_have_text(count_text(server, lang, 6))
    picker.field("hand")
    expect(page.locator("#picker [data-action=line]")).to_be_hidden()
    picker.cards("Ks 4d")
    expect(page.locator("#part-hand")).to_have_value("Ks 4d")
    expect(page.locator("#part-check .verdict.ok")).to_have_count(2)
    # ⌫ on the second meld, then the German Pik letter typed by hand: read as spades.
    picker.field("melds")
    picker.tap("#picker [data-action=undo]")
    expect(page.locator("#part-melds")).to_have_value("7h 8h 9h\n" + as_written(lang, "Qs Qd"))
    shot(page, screenshots, f"{lang}-together-picker")
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.locator("#picker [data-action=close]").click()
    page.locator("#part-hand").fill("Kp 4d")
    expect(page.locator("#part-hand ~ .chips .chip").first).to_have_text("K♠ ✕")
    save_part(page)  # saved (the page's outbox sends it)
    expect(page.locator("#part-hand")).to_have_value("Kp 4d")
    expect(page.locator("#part-check .field-error")).to_have_count(0)
