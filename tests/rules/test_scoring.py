"""Rounds and standings: every round problem code, each variant's scoring, every house rule."""

from __future__ import annotations

from typing import Any

import pytest

from scorepad.rules import (
    Meld,
    MeldCard,
    PlayerRound,
    adjudicate,
    parse_card,
    parse_cards,
    rules_for,
    score_round,
    standings,
)


def player(name: str, melds: list[Any] | None = None, hand: list[str] | str | None = None,
           **flags: Any) -> dict[str, Any]:
    """A player of a round request; without ``hand`` the request gives no hand at all."""
    out: dict[str, Any] = {"name": name, "melds": melds or []}
    if hand is not None:
        out["hand"] = hand.split() if isinstance(hand, str) else list(hand)
    return out | flags


def by(card: str, name: str) -> dict[str, str]:
    return {"card": card, "by": name}


def round_(variant: str, *players: dict[str, Any], house: dict[str, Any] | None = None,
           **extra: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"variant": variant, "check": "round", "players": list(players)} | extra
    if house is not None:
        request["house_rules"] = house
    answer = adjudicate(request)
    assert "error" not in answer, answer
    return answer


def scores(variant: str, *players: dict[str, Any], house: dict[str, Any] | None = None,
           **extra: Any) -> dict[str, int]:
    answer = round_(variant, *players, house=house, **extra)
    assert answer["valid"], answer["problems"]
    return dict(answer["scores"])


def problems(variant: str, *players: dict[str, Any], house: dict[str, Any] | None = None,
             **extra: Any) -> list[dict[str, Any]]:
    answer = round_(variant, *players, house=house, **extra)
    assert answer["valid"] is False
    assert "scores" not in answer
    return list(answer["problems"])


def codes(found: list[dict[str, Any]]) -> list[str]:
    return [p["code"] for p in found]


def explained(variant: str, *players: dict[str, Any], code: str, **extra: Any) -> dict[str, Any]:
    """The problem ``code`` of an unscorable round, checked for en/de messages and its rule."""
    english = problems(variant, *players, **extra)
    german = problems(variant, *players, lang="de", **extra)
    assert code in codes(english), english
    i = codes(english).index(code)
    assert english[i]["message"] and german[i]["message"]
    assert english[i]["message"] != german[i]["message"]
    assert "?" not in english[i]["message"] + german[i]["message"]  # every parameter filled in
    assert variant in english[i]["rule"]
    return english[i]


RUN_Q = ["Qh", "Kh", "Ah"]


# -- round problem codes ----------------------------------------------------------

def test_illegal_meld_carries_the_melds_own_problems() -> None:
    p = explained("jolly_at", player("A", [RUN_Q, ["7s", "8h", "9d"]], went_out=True),
                  player("B", hand="5h"), code="ILLEGAL_MELD")
    assert p["player"] == "A"
    assert p["meld"] == 2
    assert [q["code"] for q in p["problems"]] == ["MIXED_RANKS_AND_SUITS"]


def test_closer_missing() -> None:
    explained("romme_de", player("A", hand="5h"), player("B", hand="6h"), code="CLOSER_MISSING")


def test_closer_not_unique() -> None:
    p = explained("romme_de", player("A", went_out=True), player("B", went_out=True),
                  code="CLOSER_NOT_UNIQUE")
    assert "A" in p["message"] and "B" in p["message"]


def test_closer_holds_cards() -> None:
    p = explained("jolly_at", player("A", [RUN_Q], "2c", went_out=True), player("B", hand="5h"),
                  code="CLOSER_HOLDS_CARDS")
    assert p["player"] == "A"
    assert "2♣" in p["message"]


def test_closer_holds_points_in_numbers_entry() -> None:
    explained("romme_de", player("A", went_out=True, hand_points=7), player("B", hand_points=9),
              code="CLOSER_HOLDS_CARDS")


def hand_win_reason(variant: str, *players: dict[str, Any], **extra: Any) -> str:
    p = explained(variant, *players, code="HAND_WIN_NOT_ALLOWED", **extra)
    return str(p["message"])


def test_hand_win_claimed_by_a_player_who_did_not_go_out() -> None:
    message = hand_win_reason("jolly_at", player("A", [RUN_Q], went_out=True),
                              player("B", hand="5h", hand_win=True))
    assert "did not go out" in message


def test_hand_win_in_a_variant_without_one() -> None:
    for variant, extra in (("jolly_vorrat", {}), ("three_thirteen", {"round": 1})):
        message = hand_win_reason(variant, player("A", hand="Qh Kh Jh", went_out=True, hand_win=True),
                                  player("B", hand="5h 6c 9d"), **extra)
        assert "no win from the hand" in message


def test_hand_win_after_laying_off_onto_another_meld() -> None:
    message = hand_win_reason("jolly_at", player("A", [RUN_Q], went_out=True, hand_win=True),
                              player("B", [["4s", "5s", "6s", by("7s", "A")]], "5h"))
    assert "laid off" in message


def test_hand_win_with_cards_laid_off_onto_the_closers_melds() -> None:
    message = hand_win_reason("jolly_at", player("A", [["Jh", "Qh", "Kh", by("Ah", "B")]],
                                                 went_out=True, hand_win=True),
                              player("B", [["4s", "5s", "6s"]], "5h"))
    assert "Others laid off" in message


def test_hand_rommé_after_another_player_melded() -> None:
    message = hand_win_reason("romme_de", player("A", [RUN_Q], went_out=True, hand_win=True),
                              player("B", [["4s", "5s", "6s"]], "5h"))
    assert "B" in message


def test_hand_rommé_after_another_player_melded_by_numbers() -> None:
    hand_win_reason("romme_de", player("A", went_out=True, hand_win=True),
                    player("B", hand_points=5, melded=True))


def test_rami_rummy_without_a_clean_run() -> None:
    message = hand_win_reason("rami_fr", player("A", [["Kc", "Kd", "Ks"], ["5h", "6h", "JK"]],
                                                went_out=True, hand_win=True),
                              player("B", hand="9s"))
    assert "without a joker" in message


def test_too_many_copies_of_a_card() -> None:
    p = explained("jolly_at", player("A", [RUN_Q, ["Qh", "Qs", "Qd"]], went_out=True),
                  player("B", hand="Qh"), code="TOO_MANY_COPIES")
    assert "Q♥" in p["message"] and "3" in p["message"]
    assert p["card"] == "Qh"  # answers name cards canonically (ADJUDICATION.md "Cards")


def test_too_many_jokers() -> None:
    p = explained("jolly_at", player("A", [RUN_Q], went_out=True),
                  player("B", hand="JK JK JK JK JK JK JK"), code="TOO_MANY_COPIES")
    assert p["card"] == "JK"
    assert "Joker" in p["message"]


def test_rami_pack_depends_on_the_player_count() -> None:
    five_jokers = player("B", hand="JK JK JK JK JK")
    closer = player("A", [["Ac", "2c", "3c"]], went_out=True)
    assert codes(problems("rami_fr", closer, five_jokers)) == ["TOO_MANY_COPIES"]
    assert scores("rami_fr", closer, five_jokers, player_count=5)["B"] == 5 * 150 + 100


def test_three_thirteen_two_players_play_with_one_deck() -> None:
    found = problems("three_thirteen", player("A", hand="9c 9d 9h", went_out=True),
                     player("B", hand="9c 2s 4d"), round=1)
    assert codes(found) == ["TOO_MANY_COPIES"]


def test_unknown_player_in_a_lay_off() -> None:
    p = explained("jolly_at", player("A", [["Jh", "Qh", "Kh", by("Ah", "Zed")]], went_out=True),
                  player("B", hand="5h"), code="UNKNOWN_PLAYER")
    assert "Zed" in p["message"] and "A♥" in p["message"]
    assert p["card"] == "Ah"


def test_three_thirteen_has_no_lay_offs() -> None:
    found = explained("three_thirteen", player("A", [["Jh", "Qh", "Kh", "Ks", "Kd"]], went_out=True),
                      player("B", [["5h", "6h", "7h", by("8h", "A")]], "9c"), round=3,
                      code="LAYOFF_NOT_ALLOWED")
    assert found["player"] == "B"
    assert found["card"] == "8h"
    assert "8♥" in found["message"]


def test_three_thirteen_wrong_card_count_for_a_non_closer() -> None:
    p = explained("three_thirteen", player("A", hand="Jh Qh Kh", went_out=True),
                  player("B", hand="5h 6c"), round=1, code="WRONG_CARD_COUNT")
    assert p["player"] == "B"
    assert "3" in p["message"]


def test_three_thirteen_card_count_is_not_checked_without_cards_or_for_the_closer() -> None:
    assert scores("three_thirteen", player("A", hand="Jh Qh Kh 4s 4d 4c", went_out=True),
                  player("B", hand_points=12), round=1) == {"A": 0, "B": 12}


def test_hand_missing_when_a_player_who_did_not_go_out_gives_no_hand() -> None:
    p = explained("jolly_at", player("A", [RUN_Q], went_out=True), player("B", [["4s", "5s", "6s"]]),
                  code="HAND_MISSING")
    assert p["player"] == "B"
    assert "B" in p["message"]


@pytest.mark.parametrize("ben", [
    {"name": "B", "meld_points": 20},
    {"name": "B", "hand": None},
    {"name": "B", "melds": [["4s", "5s", "6s"]], "hand": None, "melded": True},
])
def test_hand_missing_is_never_guessed_as_zero(ben: dict[str, Any]) -> None:
    found = problems("jolly_at", player("A", meld_points=45, went_out=True), ben)
    assert codes(found) == ["HAND_MISSING"]


def test_hand_missing_names_every_player_without_a_hand() -> None:
    found = problems("romme_de", player("A", went_out=True), player("B"), player("C", hand="5h"),
                     player("D", melds=[["4s", "5s", "6s"]]))
    assert [(p["code"], p["player"]) for p in found] == [("HAND_MISSING", "B"), ("HAND_MISSING", "D")]


def test_the_closer_needs_no_hand() -> None:
    assert scores("romme_de", player("A", went_out=True), player("B", hand="5h")) == {"A": 0, "B": 5}


@pytest.mark.parametrize("variant", ["jolly_at", "jolly_vorrat", "romme_de", "rami_fr"])
@pytest.mark.parametrize("ben", [{"hand": []}, {"hand_points": 0}, {"hand": "", "meld_points": 10}])
def test_hand_empty_outside_three_thirteen(variant: str, ben: dict[str, Any]) -> None:
    closer = player("A", [["4s", "5s", "6s"]], went_out=True)
    p = explained(variant, closer, {"name": "B"} | ben, code="HAND_EMPTY")
    assert p["player"] == "B"
    assert codes(problems(variant, closer, {"name": "B"} | ben)) == ["HAND_EMPTY"]


def test_hand_points_given_with_an_empty_hand_list_are_the_hand() -> None:
    assert scores("romme_de", player("A", went_out=True), player("B", hand=[], hand_points=7)) == {
        "A": 0, "B": 7}


def test_three_thirteen_allows_an_empty_hand_and_zero_hand_points() -> None:
    closer = player("A", hand="Jh Qh Kh", went_out=True)
    laid_all = player("B", [["4c", "4d", "4h"]], hand=[])
    assert scores("three_thirteen", closer, laid_all, player("C", hand_points=0), round=1) == {
        "A": 0, "B": 0, "C": 0}


def test_three_thirteen_melds_are_cards_of_the_hand() -> None:
    # In 3-13 combinations stay in the hand: melds alone give the player's cards...
    assert scores("three_thirteen", player("A", hand="Jh Qh Kh", went_out=True),
                  player("B", [["4c", "4d", "4h"]]), round=1) == {"A": 0, "B": 0}
    # ...and the card count still checks that none is missing.
    found = problems("three_thirteen", player("A", hand="Jh Qh Kh", went_out=True),
                     player("B", [["4c", "4d", "4h"]]), round=2)
    assert codes(found) == ["WRONG_CARD_COUNT"]


def test_three_thirteen_hand_missing_and_an_empty_hand_without_melds() -> None:
    closer = player("A", hand="Jh Qh Kh", went_out=True)
    assert codes(problems("three_thirteen", closer, player("B"), round=1)) == ["HAND_MISSING"]
    # No cards at all is no hand of round 1's three cards.
    assert codes(problems("three_thirteen", closer, player("B", hand=[]), round=1)) == [
        "WRONG_CARD_COUNT"]


def test_a_set_of_five_is_an_illegal_meld_in_a_round_even_without_a_size_limit() -> None:
    p = explained("jolly_at", player("A", [["7s", "7h", "7d", "7c", "JK"]], went_out=True),
                  player("B", hand="5h"), code="ILLEGAL_MELD", house_rules={"set_max_size": None})
    assert [q["code"] for q in p["problems"]] == ["SET_TOO_LARGE"]


def test_three_thirteen_round_with_distinct_suits_charges_a_wild_that_fits_no_set() -> None:
    closer = player("A", hand="Ac 2c 3c 4c 5d", went_out=True)
    loser = player("B", hand="9s 9h 9d 9c 5h")
    assert scores("three_thirteen", closer, loser, round=3)["B"] == 0
    answer = round_("three_thirteen", closer, loser, round=3, house={"set_distinct_suits": True})
    assert answer["scores"]["B"] == 5
    assert answer["details"]["B"]["arrangement"]["deadwood"] == ["5h"]


def test_every_problem_of_a_round_is_reported_not_only_the_first() -> None:
    found = problems("jolly_at", player("A", [["Qh", "Qs"]], "2c", went_out=True),
                     player("B", [["Jh", "Qh", "Kh", by("Ah", "Zed")]], "5h", went_out=True))
    assert {"ILLEGAL_MELD", "UNKNOWN_PLAYER", "CLOSER_NOT_UNIQUE", "CLOSER_HOLDS_CARDS"} <= set(codes(found))


# -- scoring per variant -------------------------------------------------------

def test_jolly_at_round_score_and_breakdown() -> None:
    answer = round_("jolly_at",
                    player("P1", [["As", "Ah", "Ad"]], "JK 5h"),
                    player("P2", [RUN_Q, ["4s", "5s", "6s"], ["6c", "7c", "8c", by("9c", "P1")]],
                           went_out=True))
    assert answer["scores"] == {"P1": 29, "P2": 97}
    assert answer["details"]["P1"] == {"melds": 75, "layoffs": 9, "hand": 55, "bonus": 0, "factor": 1,
                                       "surcharge": 0, "total": 29}
    assert answer["details"]["P2"] == {"melds": 67, "layoffs": 0, "hand": 0, "bonus": 30, "factor": 1,
                                       "surcharge": 0, "total": 97}


def test_jolly_at_handglatt_doubles_only_the_opponents_hands() -> None:
    answer = round_("jolly_at",
                    player("P1", [["As", "Ah", "Ac"], ["2d", "3d", "4d"], ["10s", "Js", "Qs", "Ks"],
                                  ["7c", "7h", "JK"]], went_out=True, hand_win=True),
                    player("P2", [["10c", "Jc", "Qc", "Kc"]], "Kd 9h"),
                    player("P3", [], "JK As 3c"))
    assert answer["scores"] == {"P1": 205, "P2": 2, "P3": -156}
    assert answer["details"]["P1"]["bonus"] == 60
    assert answer["details"]["P2"]["factor"] == 2
    assert answer["details"]["P2"]["melds"] == 40


def test_jolly_vorrat_laid_off_cards_score_for_the_meld_owner() -> None:
    answer = round_("jolly_vorrat",
                    player("P1", [["6h", "7h", "8h", by("9h", "P2")]], "Qc"),
                    player("P2", [], "5c 5d"),
                    player("P3", [["2c", "3c", "4c"]], went_out=True))
    assert answer["scores"] == {"P1": 10, "P2": -10, "P3": 65}
    assert answer["details"]["P1"]["melds"] == 20
    assert answer["details"]["P2"]["layoffs"] == 0
    assert answer["details"]["P3"]["bonus"] == 50


def test_three_thirteen_charges_the_least_deadwood_and_the_closer_nothing() -> None:
    answer = round_("three_thirteen",
                    player("A", hand="4h 5h 6h 7h 8h", went_out=True),
                    player("B", hand="9s 10s Js 10h 10d"),
                    player("C", hand="2c 2d 2h 8s 9s"),
                    round=3)
    assert answer["scores"] == {"A": 0, "B": 19, "C": 17}
    assert answer["details"]["B"]["hand"] == 19
    assert sorted(answer["details"]["B"]["arrangement"]["deadwood"]) == ["9s", "Js"]


def test_three_thirteen_a_fully_combined_loser_scores_zero() -> None:
    assert scores("three_thirteen", player("A", hand="Jh Qh Kh", went_out=True),
                  player("B", hand="4c 4d 4h"), round=1) == {"A": 0, "B": 0}


def test_three_thirteen_closer_given_as_hand_must_arrange_without_deadwood() -> None:
    found = problems("three_thirteen", player("A", hand="Jh Qh 9c", went_out=True),
                     player("B", hand="4c 4d 4h"), round=1)
    assert codes(found) == ["CLOSER_HOLDS_CARDS"]
    assert scores("three_thirteen", player("A", hand="Jh Qh 3c", went_out=True),
                  player("B", hand="4c 4d 8h"), round=1) == {"A": 0, "B": 16}


def test_three_thirteen_closer_with_melds_laid_out() -> None:
    assert scores("three_thirteen", player("A", [["Jh", "Qh", "Kh"], ["5c", "5d", "5s"]], went_out=True),
                  player("B", hand="Ac 2d 9h Jc Qc Kd"), round=4)["B"] == 1 + 2 + 9 + 10 + 10 + 10


def test_romme_de_penalties_and_hand_rommé() -> None:
    normal = round_("romme_de", player("P1", [RUN_Q], went_out=True),
                    player("P2", [["5s", "5d", "5h"]], "JK 5c"), player("P3", [], "As"))
    assert normal["scores"] == {"P1": 0, "P2": 25, "P3": 11}
    doubled = round_("romme_de", player("P1", went_out=True, hand_win=True),
                     player("P2", [], "JK 5c"), player("P3", [], "As"))
    assert doubled["scores"] == {"P1": 0, "P2": 50, "P3": 22}
    assert doubled["details"]["P2"]["factor"] == 2


def test_rami_fr_surcharges() -> None:
    closer = player("P1", [["Ac", "2c", "3c"], ["Ks", "Kd", "Kh"]], went_out=True)
    plain = round_("rami_fr", closer, player("P2", [["5s", "6s", "7s"]], "9s"), player("P3", [], "9c JK"))
    assert plain["scores"] == {"P1": 0, "P2": 9, "P3": 159 + 100}
    assert plain["details"]["P3"]["surcharge"] == 100
    rummy = dict(closer, hand_win=True)
    assert scores("rami_fr", rummy, player("P2", [["5s", "6s", "7s"]], "9s"),
                  player("P3", [], "9c JK")) == {"P1": 0, "P2": 109, "P3": 159 + 100 + 100}
    assert scores("rami_fr", rummy, player("P2", [], "9s JK")) == {"P1": 0, "P2": 459}


def test_rami_fr_a_lay_off_counts_as_having_melded() -> None:
    closer = player("P1", [["Ac", "2c", "3c", by("4c", "P2")], ["Ks", "Kd", "Kh"]], went_out=True)
    assert scores("rami_fr", closer, player("P2", [], "9s"))["P2"] == 9


# -- numbers entry ----------------------------------------------------------------

def test_numbers_entry_in_a_plus_minus_game() -> None:
    answer = round_("jolly_at", player("A", meld_points=50, went_out=True),
                    player("B", meld_points=20, hand_points=15))
    assert answer["scores"] == {"A": 80, "B": 5}
    assert answer["details"]["B"]["hand"] == 15


def test_numbers_entry_hand_points_are_doubled_after_a_hand_win() -> None:
    assert scores("jolly_at", player("A", meld_points=120, went_out=True, hand_win=True),
                  player("B", meld_points=20, hand_points=15)) == {"A": 180, "B": -10}


def test_numbers_and_cards_mix_player_by_player() -> None:
    assert scores("romme_de", player("A", went_out=True), player("B", hand="JK 5c"),
                  player("C", hand_points=12)) == {"A": 0, "B": 25, "C": 12}


def test_numbers_entry_melded_flag_decides_rami_surcharges() -> None:
    closer = player("A", went_out=True, hand_win=True)
    assert scores("rami_fr", closer, player("B", hand_points=15, melded=True),
                  player("C", hand_points=15)) == {"A": 0, "B": 115, "C": 215}
    assert scores("rami_fr", closer, player("B", hand_points=15),
                  player("C", hand_points=15)) == {"A": 0, "B": 315, "C": 315}
    assert scores("rami_fr", player("A", went_out=True), player("B", hand_points=15),
                  player("C", hand_points=15, melded=True)) == {"A": 0, "B": 115, "C": 15}


def test_numbers_entry_meld_points_mean_the_player_melded() -> None:
    assert scores("rami_fr", player("A", went_out=True),
                  player("B", hand_points=15, meld_points=40)) == {"A": 0, "B": 15}


def test_score_round_from_python_objects() -> None:
    rules = rules_for("jolly_at", player_count=2)
    anna = PlayerRound("Anna", melds=(Meld.of(parse_cards("6c 7c 8c") + [MeldCard(parse_card("9c"), "Ben")]),),
                       went_out=True)
    ben = PlayerRound("Ben", hand=tuple(parse_cards("JK")))
    result = score_round([anna, ben], rules)
    assert result.valid
    assert result.scores == {"Anna": 21 + 30, "Ben": 9 - 50}
    assert result.details["Ben"].layoffs == 9


# -- every house rule that changes a result ------------------------------------

def meld_answer(variant: str, cards: str, house: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    request = {"variant": variant, "check": "meld", "cards": cards, "house_rules": house or {}} | extra
    answer = adjudicate(request)
    assert "error" not in answer, answer
    return answer


def meld_codes(variant: str, cards: str, house: dict[str, Any] | None = None, **extra: Any) -> list[str]:
    return [p["code"] for p in meld_answer(variant, cards, house, **extra)["problems"]]


@pytest.mark.parametrize(("variant", "cards", "house", "default_codes", "switched_codes", "extra"), [
    ("jolly_at", "7h 7s JK", {"min_naturals": 3}, [], ["TOO_FEW_NATURALS"], {}),
    ("romme_de", "7h JK JK", {"min_naturals": 1}, ["TOO_FEW_NATURALS"], [], {}),
    ("rami_fr", "5h JK 7h JK", {"max_jokers_per_meld": 1}, [], ["TOO_MANY_JOKERS"], {}),
    ("three_thirteen", "3s 3h 5h", {"max_jokers_per_meld": 1}, [], ["TOO_MANY_JOKERS"], {"round": 1}),
    ("jolly_at", "3h JK JK 6h", {"max_adjacent_jokers": 1}, [], ["JOKERS_ADJACENT"], {}),
    ("romme_de", "3h JK JK JK 7h", {"max_adjacent_jokers": 3}, ["JOKERS_ADJACENT"], [], {}),
    ("three_thirteen", "7s 7h 7c", {"all_wild_meld": False}, [], ["ALL_WILD_NOT_ALLOWED"], {"round": 5}),
    ("jolly_at", "7h 7s 7d 7c", {"set_max_size": 3}, [], ["SET_TOO_LARGE"], {}),
    ("three_thirteen", "9c 9d 9h 9s 9c", {"set_max_size": 4}, [], ["SET_TOO_LARGE"], {"round": 1}),
    ("rami_fr", "7h 7s 7h", {"set_distinct_suits": False}, ["SET_DUPLICATE_SUIT"], [], {}),
    ("three_thirteen", "9c 9c 9d", {"set_distinct_suits": True}, [], ["SET_DUPLICATE_SUIT"], {"round": 3}),
    ("jolly_at", "Qh Kh Ah", {"ace_high": False}, [], ["ACE_HIGH_NOT_ALLOWED"], {}),
    ("three_thirteen", "Qh Kh Ah", {"ace_high": True}, ["ACE_HIGH_NOT_ALLOWED"], [], {"round": 1}),
    ("jolly_at", "Kh Ah 2h", {"wraparound": True}, ["RUN_WRAP_AROUND"], [], {}),
    ("romme_de", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", {"ace_both_ends": False}, [],
     ["RUN_TOO_LONG"], {}),
    ("jolly_vorrat", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", {"ace_both_ends": True, "max_run_length": None},
     ["RUN_TOO_LONG"], [], {}),
    ("jolly_at", "2h 3h 4h 5h", {"max_run_length": 3}, [], ["RUN_TOO_LONG"], {}),
    ("jolly_at", "Kh JK Qh", {"joker_declaration": "required"}, [], ["JOKER_READING_AMBIGUOUS"], {}),
])
def test_meld_switch_changes_the_ruling(variant: str, cards: str, house: dict[str, Any],
                                        default_codes: list[str], switched_codes: list[str],
                                        extra: dict[str, Any]) -> None:
    assert meld_codes(variant, cards, **extra) == default_codes
    assert meld_codes(variant, cards, house, **extra) == switched_codes


@pytest.mark.parametrize(("variant", "cards", "house", "default", "switched"), [
    ("jolly_at", "As Ah Ad", {"ace_in_set": 11}, 75, 33),
    ("romme_de", "As Ah Ad", {"ace_in_set": 25}, 33, 75),
    ("jolly_vorrat", "As 2s 3s", {"ace_low_run_value": 10}, 15, 20),
    ("jolly_at", "Ah 2h 3h", {"ace_low_run_value": 11}, 6, 16),
    ("jolly_at", "Qh Kh Ah", {"ace_high_run_value": 10}, 31, 30),
    ("rami_fr", "Qh Kh JK", {"ace_high_run_value": 15}, 31, 35),
])
def test_meld_value_switch_changes_the_points(variant: str, cards: str, house: dict[str, Any],
                                              default: int, switched: int) -> None:
    assert meld_answer(variant, cards)["points"] == default
    assert meld_answer(variant, cards, house)["points"] == switched


def test_lowering_the_ace_high_value_changes_the_joker_reading_of_unsorted_runs() -> None:
    # K JK Q unsorted: highest value wins, an ace (11) beats a jack (10) until the ace is worth less
    assert set(meld_answer("jolly_at", "Kh JK Qh")["reading"]) == {"Qh", "Kh", "Ah"}
    assert set(meld_answer("jolly_at", "Kh JK Qh", {"ace_high_run_value": 5})["reading"]) == {"Jh", "Qh", "Kh"}


def initial(variant: str, melds: list[str], house: dict[str, Any] | None = None,
            whole_hand: bool = False) -> dict[str, Any]:
    answer = adjudicate({"variant": variant, "check": "initial_meld", "melds": melds,
                         "whole_hand": whole_hand, "house_rules": house or {}})
    assert "error" not in answer, answer
    return answer


def test_initial_min_points_switch() -> None:
    assert initial("romme_de", ["10h Jh Qh"])["legal"] is False
    assert initial("romme_de", ["10h Jh Qh"], {"initial_min_points": 30})["legal"] is True
    assert initial("jolly_vorrat", ["2s 3s 4s"], {"initial_min_points": 30})["legal"] is False


@pytest.mark.parametrize(("mode", "with_joker_run", "no_run"), [
    ("strict", False, False), ("any_run", True, False), ("off", True, True)])
def test_initial_clean_run_modes(mode: str, with_joker_run: bool, no_run: bool) -> None:
    house = {"initial_clean_run": mode}
    assert initial("rami_fr", ["9h 10h Jh JK", "Kc Kd Ks"], house)["legal"] is with_joker_run
    assert initial("rami_fr", ["Qc Qd Qs", "Kc Kd Ks"], house)["legal"] is no_run
    assert initial("rami_fr", ["9h 10h Jh Qh", "Kc Kd Ks"], house)["legal"] is True


def test_initial_clean_run_can_be_asked_for_in_romme_de() -> None:
    answer = initial("romme_de", ["Qc Qd Qs", "Kc Kd Ks"], {"initial_clean_run": "strict"})
    assert [p["code"] for p in answer["problems"]] == ["NO_CLEAN_RUN"]


def test_hand_win_waives_minimum_switch() -> None:
    melds = ["Ac 2c 3c", "As 2s 3s", "4d 4s 4h"]
    assert initial("rami_fr", melds, whole_hand=True)["legal"] is True
    off = initial("rami_fr", melds, {"hand_win_waives_minimum": False}, whole_hand=True)
    assert [p["code"] for p in off["problems"]] == ["BELOW_MIN_POINTS"]


def test_rummy_without_a_clean_run_is_fine_when_the_clean_run_is_off() -> None:
    closer = player("A", [["Kc", "Kd", "Ks"], ["5h", "6h", "JK"]], went_out=True, hand_win=True)
    assert scores("rami_fr", closer, player("B", hand="9s"), house={"initial_clean_run": "off"})["B"] == 9 + 100 + 200
    assert scores("rami_fr", closer, player("B", hand="9s"), house={"initial_clean_run": "any_run"})["B"] == 309


LAYOFF_ROUND = (player("A", [["6c", "7c", "8c", by("9c", "B")]], went_out=True), player("B", hand="5h"))


def test_layoff_credit_layer_or_owner() -> None:
    assert scores("jolly_at", *LAYOFF_ROUND) == {"A": 21 + 30, "B": 9 - 5}
    assert scores("jolly_at", *LAYOFF_ROUND, house={"layoff_credit": "owner"}) == {"A": 30 + 30, "B": -5}
    assert scores("jolly_vorrat", *LAYOFF_ROUND) == {"A": 20 + 50, "B": -5}
    assert scores("jolly_vorrat", *LAYOFF_ROUND, house={"layoff_credit": "layer"}) == {"A": 15 + 50, "B": 5 - 5}


def test_closer_bonus_switch() -> None:
    assert scores("jolly_at", *LAYOFF_ROUND, house={"closer_bonus": 10})["A"] == 21 + 10
    assert scores("jolly_vorrat", *LAYOFF_ROUND, house={"closer_bonus": 0})["A"] == 20


HANDGLATT = (player("A", [RUN_Q], went_out=True, hand_win=True), player("B", [["4s", "5s", "6s"]], "9h"))


def test_hand_win_bonus_switch() -> None:
    assert scores("jolly_at", *HANDGLATT)["A"] == 31 + 60
    assert scores("jolly_at", *HANDGLATT, house={"hand_win_bonus": 100})["A"] == 31 + 100
    assert scores("jolly_at", *HANDGLATT, house={"hand_win_bonus": None})["A"] == 31 + 30


def test_hand_win_factor_switch() -> None:
    assert scores("jolly_at", *HANDGLATT)["B"] == 15 - 2 * 9
    assert scores("jolly_at", *HANDGLATT, house={"hand_win_factor": 3})["B"] == 15 - 3 * 9
    assert scores("jolly_at", *HANDGLATT, house={"hand_win_factor": 1})["B"] == 15 - 9
    assert scores("rami_fr", player("A", [["Ac", "2c", "3c"]], went_out=True, hand_win=True),
                  player("B", [["5s", "6s", "7s"]], "9h"), house={"hand_win_factor": 2})["B"] == 18 + 100


def hand_points(variant: str, cards: str, house: dict[str, Any] | None = None, **extra: Any) -> int:
    answer = adjudicate({"variant": variant, "check": "hand", "cards": cards,
                         "house_rules": house or {}} | extra)
    assert "error" not in answer, answer
    return int(answer["points"])


@pytest.mark.parametrize(("variant", "cards", "house", "default", "switched", "extra"), [
    ("romme_de", "As 5c", {"ace_in_hand": 15}, 16, 20, {}),
    ("jolly_vorrat", "As 5c", {"ace_in_hand": 25}, 15, 30, {}),
    ("three_thirteen", "Ac 9d Kh", {"ace_in_hand": 15}, 20, 34, {"round": 2}),
    ("rami_fr", "JK 5c", {"joker_in_hand": 25}, 155, 30, {}),
    ("jolly_at", "JK 5c", {"joker_in_hand": 30}, 55, 35, {}),
    ("three_thirteen", "JK 9d", {"joker_in_hand": 30}, 29, 39, {"round": 1}),
    ("three_thirteen", "Ah 2c 3d", {"wild_in_hand": 20}, 6, 23, {"round": 1}),
    ("three_thirteen", "Kd Qs 5h Ah Jc", {"court_values": [11, 12, 13]}, 36, 42, {"round": 1}),
])
def test_hand_value_switch_changes_the_points(variant: str, cards: str, house: dict[str, Any],
                                              default: int, switched: int, extra: dict[str, Any]) -> None:
    assert hand_points(variant, cards, **extra) == default
    assert hand_points(variant, cards, house, **extra) == switched



RAMI_CLOSER = player("P1", [["Ac", "2c", "3c"], ["Ks", "Kd", "Kh"]], went_out=True)


def test_unmelded_surcharge_switch() -> None:
    never = player("P2", [], "9s")
    assert scores("rami_fr", RAMI_CLOSER, never)["P2"] == 109
    assert scores("rami_fr", RAMI_CLOSER, never, house={"unmelded_surcharge": 50})["P2"] == 59


def test_rummy_surcharge_switch() -> None:
    rummy = dict(RAMI_CLOSER, hand_win=True)
    melded = player("P2", [["5s", "6s", "7s"]], "9s")
    assert scores("rami_fr", rummy, melded)["P2"] == 109
    assert scores("rami_fr", rummy, melded, house={"rummy_surcharge": 50})["P2"] == 59


def test_rummy_no_melds_surcharge_switch() -> None:
    rummy = dict(RAMI_CLOSER, hand_win=True)
    never = player("P2", [], "9s JK")
    assert scores("rami_fr", rummy, never)["P2"] == 159 + 100 + 200
    assert scores("rami_fr", rummy, never, house={"rummy_no_melds_surcharge": 300})["P2"] == 159 + 100 + 300


def test_rummy_no_melds_replaces_switch() -> None:
    rummy = dict(RAMI_CLOSER, hand_win=True)
    never = player("P2", [], "9s JK")
    assert scores("rami_fr", rummy, never, house={"rummy_no_melds_replaces": "both"})["P2"] == 159 + 200
    # when another player had melded, "both" changes nothing: 100 for never melded + 100 for rummy
    other = player("P3", [["5s", "6s", "7s"]], "2d")
    assert scores("rami_fr", rummy, never, other, house={"rummy_no_melds_replaces": "both"}) == {
        "P1": 0, "P2": 159 + 100 + 100, "P3": 2 + 100}


def test_decks_switch_allows_more_copies() -> None:
    three_queens = (player("A", [RUN_Q, ["Qh", "Qs", "Qd"]], went_out=True), player("B", hand="Qh"))
    assert codes(problems("jolly_at", *three_queens)) == ["TOO_MANY_COPIES"]
    assert scores("jolly_at", *three_queens, house={"decks": 3})["B"] == -10


def test_jokers_switch_changes_the_joker_limit() -> None:
    table = (player("A", [RUN_Q], went_out=True), player("B", hand="JK JK JK JK JK"))
    assert scores("romme_de", *table)["B"] == 100
    assert codes(problems("romme_de", *table, house={"jokers": 4})) == ["TOO_MANY_COPIES"]
    printed = (player("A", hand="Jh Qh Kh", went_out=True), player("B", hand="JK 5c 9d"))
    assert codes(problems("three_thirteen", *printed, round=1)) == ["TOO_MANY_COPIES"]
    assert scores("three_thirteen", *printed, round=1, house={"jokers": 2})["B"] == 20 + 5 + 9


def test_hand_size_switch_changes_the_three_thirteen_card_count() -> None:
    table = (player("A", hand="Jh Qh Kh", went_out=True), player("B", hand="4c 5d 9h"))
    assert scores("three_thirteen", *table, round=1)["B"] == 18
    assert codes(problems("three_thirteen", *table, round=1, house={"hand_size": 4})) == ["WRONG_CARD_COUNT"]


# -- standings -----------------------------------------------------------------

def standing(variant: str, totals: dict[str, int], rounds_played: int, house: dict[str, Any] | None = None,
             **extra: Any) -> dict[str, Any]:
    answer = adjudicate({"variant": variant, "check": "standings", "totals": totals,
                         "rounds_played": rounds_played, "house_rules": house or {}} | extra)
    assert "error" not in answer, answer
    return answer


def result(answer: dict[str, Any]) -> tuple[bool, list[str], list[str]]:
    return answer["finished"], sorted(answer["winners"]), sorted(answer["playoff"])


@pytest.mark.parametrize(("variant", "totals", "rounds", "expected"), [
    # jolly_at: over the target (> 500), highest wins
    ("jolly_at", {"Anna": 612, "Ben": 140, "Cleo": -35}, 11, (True, ["Anna"], [])),
    ("jolly_at", {"Anna": 500, "Ben": 140}, 11, (False, [], [])),
    ("jolly_at", {"Anna": 501, "Ben": 520}, 11, (True, ["Ben"], [])),
    # jolly_vorrat: reaching (>= 500) is enough
    ("jolly_vorrat", {"Anna": 500, "Ben": 140}, 9, (True, ["Anna"], [])),
    ("jolly_vorrat", {"Anna": 499, "Ben": 140}, 9, (False, [], [])),
    # three_thirteen: after round 11, lowest wins
    ("three_thirteen", {"Anna": 61, "Ben": 48}, 11, (True, ["Ben"], [])),
    ("three_thirteen", {"Anna": 61, "Ben": 48}, 10, (False, [], [])),
    # romme_de: someone over 500 ends it, lowest wins
    ("romme_de", {"Anna": 501, "Ben": 300, "Cleo": 310}, 12, (True, ["Ben"], [])),
    ("romme_de", {"Anna": 500, "Ben": 300}, 12, (False, [], [])),
    # rami_fr: someone over 1000 ends it, lowest wins
    ("rami_fr", {"Anna": 990, "Ben": 400}, 9, (False, [], [])),
    ("rami_fr", {"Anna": 1001, "Ben": 400}, 10, (True, ["Ben"], [])),
])
def test_each_variants_end_rule_and_winner(variant: str, totals: dict[str, int], rounds: int,
                                          expected: tuple[bool, list[str], list[str]]) -> None:
    assert result(standing(variant, totals, rounds)) == expected


def test_tied_leaders_play_off_in_jolly() -> None:
    for variant in ("jolly_at", "jolly_vorrat"):
        assert result(standing(variant, {"A": 510, "B": 510, "C": 600 - 200}, 7)) == (False, [], ["A", "B"])


def test_playoff_continues_with_only_the_tied_players() -> None:
    totals = {"A": 530, "B": 520, "C": 700 - 100}
    # C leads overall but sits out: only A and B are compared
    assert result(standing("jolly_at", totals, 8, playoff=["A", "B"])) == (True, ["A"], [])
    assert result(standing("jolly_at", {"A": 530, "B": 530, "C": 10}, 8, playoff=["A", "B"])) == (
        False, [], ["A", "B"])


def test_ties_are_shared_in_penalty_games() -> None:
    assert result(standing("three_thirteen", {"A": 50, "B": 50, "C": 60}, 11)) == (True, ["A", "B"], [])
    assert result(standing("rami_fr", {"A": 1001, "B": 300, "C": 300}, 10)) == (True, ["B", "C"], [])


def test_tie_switch() -> None:
    assert result(standing("three_thirteen", {"A": 50, "B": 50}, 11, {"tie": "playoff"})) == (
        False, [], ["A", "B"])
    assert result(standing("jolly_at", {"A": 510, "B": 510}, 6, {"tie": "shared"})) == (True, ["A", "B"], [])


def test_target_switch() -> None:
    assert result(standing("jolly_at", {"A": 310, "B": 100}, 6, {"target": 300})) == (True, ["A"], [])
    assert result(standing("rami_fr", {"A": 600, "B": 100}, 6, {"target": 500})) == (True, ["B"], [])


def test_target_reached_when_switch() -> None:
    assert result(standing("jolly_at", {"A": 500, "B": 100}, 6, {"target_reached_when": ">="})) == (
        True, ["A"], [])
    assert result(standing("jolly_vorrat", {"A": 500, "B": 100}, 6, {"target_reached_when": ">"})) == (
        False, [], [])


def test_rounds_switch_plays_a_fixed_number_of_rounds_and_ignores_the_target() -> None:
    assert result(standing("romme_de", {"A": 600, "B": 100}, 5, {"rounds": 6})) == (False, [], [])
    assert result(standing("romme_de", {"A": 300, "B": 100}, 6, {"rounds": 6})) == (True, ["B"], [])
    assert result(standing("three_thirteen", {"A": 30, "B": 40}, 7, {"rounds": 7})) == (True, ["A"], [])


def test_negative_totals_are_allowed_in_plus_minus_games() -> None:
    assert result(standing("jolly_at", {"A": -40, "B": -10}, 30, {"rounds": 30})) == (True, ["B"], [])


def test_standings_from_python() -> None:
    decided = standings({"Anna": 612, "Ben": 140}, 11, rules_for("jolly_at"))
    assert decided.finished and decided.winners == ("Anna",)


def test_too_many_copies_says_who_holds_them_and_where() -> None:
    found = problems("jolly_at", player("Anna", [["7h", "8h", "9h"], ["5h", "6h", by("7h", "Ben")]],
                                        hand=[], went_out=True),
                     player("Ben", hand="7h 2c"), player("Cleo", hand="3c"), lang="de")
    assert codes(found) == ["TOO_MANY_COPIES"]
    assert found[0]["held_by"] == ["Anna", "Ben"] and found[0]["card"] == "7h"
    assert found[0]["message"] == ("In dieser Runde liegen 3 × 7♥, das Spiel hat aber nur 2 "
                                   "(Anna: Meldung 1, Meldung 2; Ben: Hand).")
