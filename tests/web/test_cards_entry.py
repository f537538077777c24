"""Rounds entered by cards: melds, lay-offs, jokers and hands, checked by the engine."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ..support.cards import by_cards, post
from ..support.page import Page
from ..support.web import game_at, new_game, round_totals, totals

Cards = dict[str, Any]


def text(response: Any) -> str:
    """What the page or fragment says, as read."""
    return Page(response).text



def test_jolly_round_with_layoff_joker_and_handglatt_scores_like_the_worked_cases(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["P1", "P2"])
    data = by_cards([
        {"melds": ["As Ah Ad"], "hand": "JK 5h"},
        {"melds": ["Qh Kh Ah", "4s 5s 6s", "6c 7c 8c 9c@P1"]},
    ], closer=1)
    assert post(client, game, data).status_code == 302
    assert totals(client, game) == [29, 97]  # case JA-13


def test_handglatt_by_cards_is_refused_when_the_closer_received_a_layoff(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["P1", "P2"])
    data = by_cards([
        {"melds": ["As Ah Ad"], "hand": "5h"},
        {"melds": ["6c 7c 8c 9c@P1"]},
    ], closer=1, hand_win="y")
    response = post(client, game, data)
    assert response.status_code == 422
    assert "Others laid off onto P2's melds" in text(response)


def test_an_illegal_meld_shows_its_problem_and_rule_and_keeps_every_field(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    data = by_cards([{"melds": ["Kh Ah 2h"], "hand": ""}, {"melds": [], "hand": "7c 8d"}], closer=0)
    response = post(client, game, data)
    page = Page(response)
    assert response.status_code == 422
    assert "A run may not go round the corner from king to ace to two" in page.text
    # The rule is a link to the game's rules page, never a file or section the players lack.
    assert f"{game}/rules#run" in page.links()
    assert "RULES.md" not in page.html and "§" not in page.html
    assert page.field("p0_meld0") == "Kh Ah 2h" and page.field("p1_hand") == "7c 8d"
    assert totals(client, game) == [0, 0]


def test_a_bad_card_names_the_token_and_keeps_the_text(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    data = by_cards([{"melds": ["7h 8h Xh"]}, {"hand": "7c"}], closer=0)
    page = Page(post(client, game, data))
    assert "“Xh” (card 3) is not a card" in page.text
    assert page.field("p0_meld0") == "7h 8h Xh"


def test_german_notation_is_read(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    data = by_cards([{"melds": ["♥10 B♥ D♥"]}, {"hand": "♣B D♦"}], closer=0)
    response = post(client, game, data, action="preview")
    assert Page(response).one("#check-p0_meld0").texts(".card") == ["10♥", "J♥", "Q♥"]
    assert round_totals(response)["Ben"] == "20"  # J + Q in hand


def test_a_layoff_by_somebody_not_at_the_table_is_named(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    data = by_cards([{"melds": ["6c 7c 8c 9c@Zoe"]}, {"hand": "5d"}], closer=0)
    assert "“Zoe” (card 4) is nobody at this table" in text(post(client, game, data))


@pytest.mark.parametrize(("variant", "players", "closer", "extra", "code_text"), [
    ("romme_de", [{"melds": ["7h 8h 9h"]}, {"hand": "Ks"}], None, {}, "Nobody went out"),
    ("romme_de", [{"melds": ["7h 8h 9h"], "hand": "2c"}, {"hand": "Ks"}], 0, {},
     "Anna went out but still holds 2♣"),
    ("romme_de", [{"melds": ["7h 8h 9h"]}, {"melds": ["Kc Kd Ks"]}], 0, {"hand_win": "y"},
     "Hand-Rommé needs that no other player has melded yet"),
    ("rami_fr", [{"melds": ["Kc Kd Ks", "7h JK 9h"]}, {"hand": "2c"}], 0, {"hand_win": "y"},
     "Going rummy still needs a run of at least 3 cards without a joker"),
    ("jolly_vorrat", [{"melds": ["7h 8h 9h"]}, {"hand": "2c"}], 0, {"hand_win": "y"},
     "This game has no win from the hand"),
    ("romme_de", [{"melds": ["7h 8h 9h", "7h 8h 9h", "7h 10s 10h 10d"]}, {"hand": "2c"}], 0, {},
     "This round has 3 × 7♥, but the pack holds only 2 (Anna: meld 1, meld 2, meld 3)."),
    ("romme_de", [{"melds": ["7h 8h 9h"]}, {"hand": "JK JK JK JK JK JK JK"}], 0, {},
     "This round has 7 × Joker, but the pack holds only 6 (Ben: hand 7×)."),
    ("jolly_at", [{"melds": ["7h 8h 9h", "Qs Qd Qc 10s"]}, {"hand": "2c"}], 0, {},
     "Neither a set nor a run"),
])
def test_every_round_problem_reaches_the_page(client: FlaskClient, variant: str, players: list[Cards],
                                              closer: int | None, extra: dict[str, str], code_text: str) -> None:
    game = new_game(client, variant, ["Anna", "Ben"])
    response = post(client, game, by_cards(players, closer, **extra))
    assert response.status_code == 422
    assert code_text in text(response)


def test_three_thirteen_hands_only_are_arranged_and_charged(client: FlaskClient) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben", "Cleo"])
    data = by_cards([{"hand": "Ah 2h 3s"}, {"hand": "9s 10s Jh"}, {"hand": "5c 6d 7h"}], closer=0)
    response = post(client, game, data, action="preview")
    assert "Best arrangement:" in text(response)
    # Round 1: threes are wild; Ben 9+10+11? no: J counts 10 -> 29; Cleo 18
    assert round_totals(response) == {"Anna": "0", "Ben": "29", "Cleo": "18"}
    assert post(client, game, data).status_code == 302
    assert totals(client, game) == [0, 29, 18]


def test_three_thirteen_wrong_card_count_is_named(client: FlaskClient) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben"])
    data = by_cards([{"hand": "Ah 2h 3s"}, {"hand": "9s 10s"}], closer=0)
    assert "Ben has 2 cards, but round 1 deals 3." in text(post(client, game, data))


def test_three_thirteen_layoffs_are_refused(client: FlaskClient) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben"])
    data = by_cards([{"hand": "Ah 2h 3s"}, {"hand": "9s 10s Jd"}], closer=0)
    data["p0_hand"] = "Ah 2h 3s@Ben"
    assert "a hand holds no laid-off cards" in text(post(client, game, data))


def test_rami_player_who_never_melded_pays_the_surcharge(client: FlaskClient) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben", "Cleo"])
    data = by_cards([{"melds": ["Ac 2c 3c", "Ks Kd Kh", "8d 9d 10d Jd"]},
                     {"melds": ["5s 6s 7s"], "hand": "9s"}, {"hand": "9h JK"}], closer=0)
    assert post(client, game, data).status_code == 302
    assert totals(client, game) == [0, 9, 259]  # Cleo: 9 + 150 + 100 never melded


def test_numbers_and_cards_mix_player_by_player(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben", "Cleo"])
    data = by_cards([{"melds": ["7h 8h 9h"]}, {"hand": "Ks 2c"}], closer=0)
    data |= {"mode_2": "numbers", "hand_2": "33"}
    assert post(client, game, data).status_code == 302
    assert totals(client, game) == [0, 12, 33]


def test_joker_reading_can_be_changed_and_changes_the_value(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    data = by_cards([{"melds": ["6h 7h JK"]}, {"hand": "2c"}], closer=0)
    response = post(client, game, data, action="preview")
    assert "The jokers stand for:" in text(response)
    assert round_totals(response)["Anna"] == "+51"  # 6 + 7 + 8 + 30
    data["p0_meld0_reading"] = "1"  # the other legal reading: 5h 6h 7h
    assert round_totals(post(client, game, data, action="preview"))["Anna"] == "+48"
    assert post(client, game, data).status_code == 302
    assert totals(client, game) == [48, -2]


def test_a_round_saved_by_cards_is_corrected_by_cards(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    post(client, game, by_cards([{"melds": ["7h 8h 9h"]}, {"melds": ["Kc Kd Ks"], "hand": "5c"}], closer=0))
    edit = Page(client.get(f"{game}/rounds/1/edit"))
    assert edit.field("p1_meld0") == "Kc Kd Ks" and edit.field("p1_hand") == "5c"
    version = edit.field("version")
    assert version
    data = by_cards([{"melds": ["7h 8h 9h"]}, {"melds": ["Kc Kd Ks"], "hand": "5c Qd"}], closer=0)
    response = client.post(f"{game}/rounds/1/edit", data=data | {"action": "save", "version": version})
    assert response.status_code == 302
    assert totals(client, game) == [0, 15]
    with app.app_context():
        stored = game_at(game)
        assert stored is not None
        assert stored.rounds[0].entry["players"][1]["hand"] == ["5c", "Qd"]
        assert [c.action for c in stored.history] == ["added", "corrected"]


def test_another_meld_slot_is_added_without_javascript(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    data = by_cards([{"melds": ["7h 8h 9h"]}, {"hand": "5c"}], closer=0)
    page = Page(client.post(f"{game}/rounds/new", data=data | {"action": "add_meld_0"}))
    assert page.field("p0_meld1") == "" and page.field("p0_meld0") == "7h 8h 9h"


def test_meld_check_fragment_answers_value_and_reading(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    response = client.post(f"{game}/rounds/check-meld", data={"field": "p0_meld0", "p0_meld0": "JK Qh Kh",
                                                               "number": "1"})
    answer = Page(response).one("body > *")
    assert answer.attr("id") == "check-p0_meld0" and "slot-check" in answer["class"].split()
    assert "✓ run · 30 points" in answer.text and "J♥" in answer.text


def test_initial_meld_check_uses_the_variant_threshold(client: FlaskClient) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben"])
    page = text(client.post(f"{game}/rounds/check-initial",
                            data={"melds": "5h 6h 7h JK\nKc Kd Ks"}))
    assert "This first meld is not allowed." in page and "56 points" in page
    assert "The first meld needs a run of at least 3 cards without a joker." in page
    page = text(client.post(f"{game}/rounds/check-initial", data={"melds": "5h 6h 7h; Kc Kd Ks"}))
    assert "The first meld is worth 48 points; it needs at least 51." in page
    page = text(client.post(f"{game}/rounds/check-initial",
                            data={"melds": "Ac 2c 3c; 4d 4s 4h 4c", "whole_hand": "y"}))
    assert "This first meld is allowed." in page


def test_initial_meld_check_inside_the_round_form_keeps_the_round_typed(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    data = by_cards([{"melds": ["7h 8h 9h"]}, {"hand": "5c"}], closer=None)
    data |= {"initial_melds": "Qs Ks As\n2d 3d 4d", "action": "check_initial"}
    response = client.post(f"{game}/rounds/new", data=data)
    page = Page(response)
    assert response.status_code < 500
    # Q-K-A 31 + 2-3-4 9 = 40: allowed
    assert "The first meld is worth 42 points" not in page.text
    assert "This first meld is allowed." in page.text and "40 points" in page.text
    assert page.field("p0_meld0") == "7h 8h 9h" and page.field("p1_hand") == "5c"
    assert "Nobody went out" not in page.text  # checking a first meld is no attempt to save
