"""Rounds entered by cards in a real browser at a Pixel 5 viewport (issue 4)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from ..support.browser_cards import (
    Picker,
    cards_mode,
    close_picker,
    rami_round_cleo_never_melded,
)
from ..support.browser_table import GAME_URL, breakdown_totals, save, shot, start_game, totals
from .conftest import Server


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
    # The outbox sends the save, and posts the refused form again to show the server's page:
    # the checks below read that page, not the one the tap left.
    with page.expect_navigation():
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
