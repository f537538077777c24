"""Rounds entered by cards in a real browser at a Pixel 5 viewport (issue 4)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import Server
from .test_table import GAME_URL, breakdown_totals, save, shot, start_game, totals


def round_by_cards(page: Any, game: str, players: range | list[int]) -> None:
    """Open the next round's form of ``game`` with htmx ready, ``players`` entered by cards."""
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    for player in players:
        page.locator(f"input[name=mode_{player}][value=cards]").check()


def part_by_cards(page: Any, game: str, who: str) -> None:
    """Open ``who``'s part of the round entered together, htmx ready, by cards."""
    page.goto(f"{game}/together?as={who}")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("input[name=mode][value=cards]").check()


class Picker:
    """Taps on the card picker, counted: a tap is one touch of a button or field."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.suit: str | None = None
        self.current: str | None = None
        self.suits: dict[str, str | None] = {}  # each field keeps its own suit

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.taps += 1

    def field(self, name: str) -> None:
        if name != self.current:
            if self.current is not None:
                self.suits[self.current] = self.suit
            self.suit, self.current = self.suits.get(name), name
        self.tap(f"[name={name}]")

    def reloaded(self) -> None:
        """A new page: the picker remembers no suit."""
        self.suit, self.current, self.suits = None, None, {}

    def by(self, name: str) -> None:
        self.page.locator("#picker-by").select_option(name)
        self.taps += 1

    def cards(self, text: str) -> None:
        """Tap each card of ``text`` (canonical notation) with the picker."""
        for token in text.split():
            if token == "JK":
                self.tap("#picker [data-card=JK]")
                continue
            rank, suit = token[:-1], token[-1]
            if suit != self.suit:
                self.tap(f"#picker [data-suit={suit}]")
                self.suit = suit
            self.tap(f"#picker [data-rank='{rank}']")


def as_written(lang: str, cards: str) -> str:
    """``cards`` (codes) as the picker writes them on a ``lang`` phone: German writes the
    B and D its chips show for J and Q."""
    if lang != "de":
        return cards
    letters = {"J": "B", "Q": "D"}
    return " ".join(t if t == "JK" else letters.get(t[:-1], t[:-1]) + t[-1] for t in cards.split())


def cards_mode(page: Any, player: int) -> None:
    page.locator(f"input[name=mode_{player}][value=cards]").check()


def close_picker(page: Any) -> None:
    """Done with cards: the picker's ✕ (it would cover what lies below it)."""
    if page.locator("#picker").is_visible():
        page.locator("#picker [data-action=close]").click()


def another_meld(page: Any, player: int) -> None:
    page.locator(f"button[name=action][value=add_meld_{player}]").click()
    page.wait_for_load_state()


def test_jolly_round_with_a_layoff_a_joker_and_handglatt_by_picker_only(
        new_page: Any, server: Server, screenshots: Path) -> None:
    page = new_page("en")
    game = start_game(page, "jolly_at", ["P1", "P2", "P3"])
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    picker = Picker(page)
    for player in range(3):
        cards_mode(page, player)
    melds = ["As Ah Ac", "2d 3d 4d", "10s Js Qs Ks", "7c 7h JK"]
    for j, meld in enumerate(melds):
        if j:
            another_meld(page, 0)
            picker.reloaded()
        picker.field(f"p0_meld{j}")
        picker.cards(meld)
        expect(page.locator(f"#check-p0_meld{j} .verdict")).to_contain_text("✓")
    expect(page.locator("#check-p0_meld3")).to_contain_text("7♠")  # the joker: a missing suit
    picker.field("p1_meld0")
    picker.cards("10c Jc Qc Kc")
    expect(page.locator("#check-p1_meld0 .verdict")).to_contain_text("40 points")
    picker.field("p1_hand")
    picker.cards("Kd 9h")
    # P3 laid off the 9♣ onto P2's run: in P3's meld field, "onto the meld of" P2.
    picker.field("p2_meld0")
    picker.by("P2")
    picker.cards("9c")
    expect(page.locator("input[name=p2_meld0]")).to_have_value("P2: 9c")
    picker.field("p2_hand")
    picker.cards("JK As 3c")
    close_picker(page)
    page.locator("input[name=closer][value='0']").check()
    page.locator("input[name=hand_win]").check()
    page.locator("button[name=action][value=preview]").click()
    # P1 145 + 60; P2 40 - 2 x 19; P3 lay-off 9 - 2 x 78
    assert breakdown_totals(page) == {"P1": "+205", "P2": "+2", "P3": "-147"}
    shot(page, screenshots, "en-cards-1-jolly-handglatt")
    save(page)
    page.wait_for_url(GAME_URL)
    assert totals(page) == ["205", "2", "-147"]


def test_thirteen_cards_cost_at_most_two_taps_each(new_page: Any, server: Server,
                                                   screenshots: Path) -> None:
    page = new_page("en")
    game = start_game(page, "three_thirteen", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    cards_mode(page, 0)
    cards_mode(page, 1)
    picker = Picker(page)
    picker.field("p1_hand")
    start = picker.taps
    hand = "Ks 4d 9h Qc 2s 7d JK Ah 10c 5s 8h 3d Jc"  # no two neighbours share a suit
    picker.cards(hand)
    worst = picker.taps - start
    expect(page.locator("input[name=p1_hand]")).to_have_value(hand)
    picker.field("p0_hand")
    start = picker.taps
    picker.cards("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks")
    best = picker.taps - start
    (screenshots / "picker-taps.txt").write_text(
        f"13-card hand, suit changing every card: {worst} taps ({worst / 13:.2f} a card)\n"
        f"13-card hand, one suit: {best} taps ({best / 13:.2f} a card)\n")
    assert worst <= 26 and best == 14


def test_a_chip_removes_its_card_with_one_tap(new_page: Any, server: Server) -> None:
    page = new_page("en")
    game = start_game(page, "romme_de", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    cards_mode(page, 0)
    picker = Picker(page)
    picker.field("p0_meld0")
    picker.cards("7h 8h 9h Kh")
    page.locator(".chips .chip", has_text="K♥").click()
    expect(page.locator("input[name=p0_meld0]")).to_have_value("7h 8h 9h")


def rami_round_cleo_never_melded(page: Any, game: str) -> None:
    """Round 1 of a Rami game of Anna, Ben and Cleo by cards, checked: Anna goes out with a
    run of 13, Ben melded and holds 9s, Cleo never melded and holds 9h and a joker."""
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    for player in range(3):
        cards_mode(page, player)
    page.locator("input[name=p0_meld0]").fill("Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc")
    page.locator("input[name=p1_meld0]").fill("5s 6s 7s")
    page.locator("input[name=p1_hand]").fill("9s")
    page.locator("input[name=p2_hand]").fill("9h JK")
    expect(page.locator("#check-p1_meld0")).not_to_be_empty()
    close_picker(page)
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[name=action][value=preview]").click()
    # Cleo: 9 + 150 for the joker in her hand, + 100 for never melding.
    assert breakdown_totals(page) == {"Anna": "0", "Ben": "9", "Cleo": "259"}


def test_rami_round_with_a_player_who_never_melded(new_page: Any, server: Server) -> None:
    page = new_page("en")
    game = start_game(page, "rami_fr", ["Anna", "Ben", "Cleo"])
    rami_round_cleo_never_melded(page, game)
    expect(page.locator("#check table.breakdown")).to_contain_text("100")  # the surcharge
    save(page)
    page.wait_for_url(GAME_URL)
    assert totals(page) == ["0", "9", "259"]


def test_three_thirteen_round_entered_as_hands_only(new_page: Any, server: Server,
                                                    screenshots: Path) -> None:
    page = new_page("en")
    game = start_game(page, "three_thirteen", ["Anna", "Ben", "Cleo"])
    page.goto(f"{game}/rounds/new")
    expect(page.locator("#picker [data-rank='3']")).to_have_class("wild")
    for player, hand in enumerate(["Ah 2h 3s", "9s 10s Jh", "5c 6d 7h"]):
        cards_mode(page, player)
        page.locator(f"input[name=p{player}_hand]").fill(hand)
    close_picker(page)
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[name=action][value=preview]").click()
    expect(page.locator(".arrangement").first).to_contain_text("Best arrangement:")
    assert breakdown_totals(page) == {"Anna": "0", "Ben": "29", "Cleo": "18"}
    shot(page, screenshots, "en-cards-2-three-thirteen")
    save(page)
    page.wait_for_url(GAME_URL)
    assert totals(page) == ["0", "29", "18"]


def test_an_illegal_meld_shows_its_message_and_keeps_the_input(new_page: Any, server: Server,
                                                               screenshots: Path) -> None:
    page = new_page("en")
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    cards_mode(page, 0)
    cards_mode(page, 1)
    page.locator("input[name=p0_meld0]").fill("Kh Ah 2h")
    expect(page.locator("#check-p0_meld0")).to_contain_text("may not go round the corner")
    page.locator("input[name=p1_hand]").fill("7c 8d")
    page.locator("input[name=closer][value='0']").check()
    save(page)
    expect(page.locator("#check-p0_meld0 a.rule")).to_have_attribute(
        "href", re.compile(r"/g/[\w-]+/rules#run$"))
    expect(page.locator("#check-p0_meld0")).not_to_contain_text("RULES.md")
    expect(page.locator("input[name=p0_meld0]")).to_have_value("Kh Ah 2h")
    expect(page.locator("input[name=p1_hand]")).to_have_value("7c 8d")
    shot(page, screenshots, "en-cards-3-illegal-meld")
    page.goto(game)
    assert totals(page) == ["0", "0"]


def test_german_notation_typed_as_text(new_page: Any, server: Server, screenshots: Path) -> None:
    page = new_page("de")
    game = start_game(page, "romme_de", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    cards_mode(page, 0)
    page.locator("input[name=p0_meld0]").fill("♥10 B♥ D♥")
    check = page.locator("#check-p0_meld0")
    expect(check).to_contain_text("Folge")
    expect(check).to_contain_text("30 Punkte")
    expect(page.locator(".chips").first).to_contain_text("B♥")
    shot(page, screenshots, "de-cards-4-german-notation")
