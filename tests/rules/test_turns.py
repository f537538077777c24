"""check: "turn" (RULES.md §8): every turn problem code and every turn switch by a case
that is refused and its neighbour that is allowed, requests that contradict themselves,
and properties of taking, laying off and exchanging."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules import (
    CODES,
    JOKER,
    SWITCHES,
    Card,
    Problem,
    Rank,
    Suit,
    adjudicate,
    check_exchange_joker,
    check_going_out,
    check_lay_off,
    check_meld,
    check_take_discard,
    parse_cards,
    rules_for,
)
from scorepad.rules.turns import LayOff, TurnError

TURN_CODES = (
    "TAKE_BEFORE_INITIAL_MELD", "TAKE_ONLY_TOP", "PILE_TOO_LOW", "HAND_LIMIT",
    "TAKE_WITH_ONE_CARD", "TAKEN_CARD_NOT_USED", "TAKEN_CARD_MUST_BE_MELDED",
    "LAYOFF_BEFORE_INITIAL_MELD", "LAYOFF_SAME_TURN", "LAYOFF_NOT_ALLOWED", "MELD_COMPLETED",
    "EXCHANGE_NOT_ALLOWED", "EXCHANGE_BEFORE_INITIAL_MELD", "EXCHANGE_SAME_TURN",
    "NO_JOKER_IN_MELD", "EXCHANGE_WRONG_CARD", "EXCHANGE_SET_NOT_FOUR",
    "EXCHANGE_NEEDS_BOTH_SUITS", "JOKER_MUST_BE_MELDED",
)


def turn(variant: str, action: str, house: dict[str, Any] | None = None, **fields: Any
         ) -> dict[str, Any]:
    request = {"variant": variant, "check": "turn", "action": action, **fields}
    if house:
        request["house_rules"] = house
    if variant == "three_thirteen":
        request.setdefault("round", 3)
    return adjudicate(request)


def codes(answer: dict[str, Any]) -> list[str]:
    assert "error" not in answer, answer
    return [p["code"] for p in answer["problems"]]


def take(variant: str, house: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    return turn(variant, "take_discard", house, **fields)


def lay(variant: str, house: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    return turn(variant, "lay_off", house, **fields)


def swap(variant: str, house: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    return turn(variant, "exchange_joker", house, **fields)


# Each code: (variant, action, house rules, request fields) refused with exactly that code,
# then the nearest situation that is allowed.
EARLY = {"initial_meld": "earlier"}
CODE_CASES: dict[str, tuple[tuple[str, str, dict[str, Any], dict[str, Any]], ...]] = {
    "TAKE_BEFORE_INITIAL_MELD": (
        ("jolly_at", "take_discard", {}, {"initial_meld": "none", "hand_count": 13,
                                          "discards": ["5h", "9c"]}),
        ("jolly_at", "take_discard", {}, {"initial_meld": "earlier", "hand_count": 13,
                                          "discards": ["5h", "9c"]}),
    ),
    "TAKE_ONLY_TOP": (
        ("romme_de", "take_discard", {}, {**EARLY, "discards": ["5h", "9c"], "take": 2}),
        ("romme_de", "take_discard", {}, {**EARLY, "discards": ["5h", "9c"], "take": 1}),
    ),
    "PILE_TOO_LOW": (
        ("jolly_vorrat", "take_discard", {}, {"discards": ["2h", "3c", "4d", "5s", "7h"],
                                              "melds": [["7h", "7s", "7d"]]}),
        ("jolly_vorrat", "take_discard", {}, {"discards": ["2h", "3c", "4d", "5s", "Kd", "7h"],
                                              "melds": [["7h", "7s", "7d"]]}),
    ),
    "HAND_LIMIT": (
        ("jolly_at", "take_discard", {}, {**EARLY, "hand_count": 19, "discards": ["2c", "Kd"],
                                          "take": 2}),
        ("jolly_at", "take_discard", {}, {**EARLY, "hand_count": 18, "discards": ["2c", "Kd"],
                                          "take": 2}),
    ),
    "TAKE_WITH_ONE_CARD": (
        ("rami_fr", "take_discard", {}, {**EARLY, "hand_count": 1, "discards": ["Qs"],
                                         "melds": [["Qs", "Qh", "Qd"]]}),
        ("rami_fr", "take_discard", {}, {**EARLY, "hand_count": 3, "discards": ["Qs"],
                                         "melds": [["Qs", "Qh", "Qd"]]}),
    ),
    "TAKEN_CARD_NOT_USED": (
        ("rami_fr", "take_discard", {}, {**EARLY, "hand_count": 8, "discards": ["Qs"],
                                         "melds": [["4h", "5h", "6h"]]}),
        ("rami_fr", "take_discard", {}, {**EARLY, "hand_count": 8, "discards": ["Qs"],
                                         "melds": [["Qs", "Ks", "As"]]}),
    ),
    "TAKEN_CARD_MUST_BE_MELDED": (
        ("rami_fr", "take_discard", {}, {**EARLY, "hand_count": 8, "discards": ["Qs"],
                                         "lay_offs": [{"onto": ["Qh", "Qd", "Qc"],
                                                       "cards": ["Qs"], "owner": "self"}]}),
        ("rami_fr", "take_discard", {"take_must_use": "meld_or_layoff"},
         {**EARLY, "hand_count": 8, "discards": ["Qs"],
          "lay_offs": [{"onto": ["Qh", "Qd", "Qc"], "cards": ["Qs"], "owner": "self"}]}),
    ),
    "LAYOFF_BEFORE_INITIAL_MELD": (
        ("romme_de", "lay_off", {}, {"initial_meld": "none", "onto": ["5h", "6h", "7h"],
                                     "cards": ["8h"]}),
        ("romme_de", "lay_off", {}, {"initial_meld": "this_turn", "onto": ["5h", "6h", "7h"],
                                     "cards": ["8h"]}),
    ),
    "LAYOFF_SAME_TURN": (
        ("jolly_at", "lay_off", {}, {"initial_meld": "this_turn", "onto": ["5h", "6h", "7h"],
                                     "cards": ["4h"]}),
        ("jolly_at", "lay_off", {}, {"initial_meld": "earlier", "onto": ["5h", "6h", "7h"],
                                     "cards": ["4h"]}),
    ),
    "LAYOFF_NOT_ALLOWED": (
        ("three_thirteen", "lay_off", {}, {"onto": ["5h", "6h", "7h"], "cards": ["8h"]}),
        ("jolly_vorrat", "lay_off", {}, {"onto": ["5h", "6h", "7h"], "cards": ["8h"]}),
    ),
    "MELD_COMPLETED": (
        # (with an ace at each end allowed, so that only the completion forbids it)
        ("jolly_vorrat", "lay_off", {"ace_both_ends": True, "max_run_length": None},
         {"onto": ["As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks"],
          "cards": ["As"]}),
        ("jolly_vorrat", "lay_off", {"ace_both_ends": True, "max_run_length": None},
         {"onto": ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks"],
          "cards": ["As"]}),
    ),
    "EXCHANGE_NOT_ALLOWED": (
        ("jolly_vorrat", "exchange_joker", {}, {"meld": ["5h", "JK", "7h"], "cards": ["6h"]}),
        ("jolly_vorrat", "exchange_joker", {"joker_exchange": "four_only"},
         {**EARLY, "meld": ["5h", "JK", "7h"], "cards": ["6h"]}),
    ),
    "EXCHANGE_BEFORE_INITIAL_MELD": (
        ("romme_de", "exchange_joker", {}, {"initial_meld": "none", "meld": ["5h", "JK", "7h"],
                                            "cards": ["6h"], "new_meld": ["JK", "Qd", "Kd"]}),
        ("romme_de", "exchange_joker", {}, {"initial_meld": "this_turn",
                                            "meld": ["5h", "JK", "7h"], "cards": ["6h"],
                                            "new_meld": ["JK", "Qd", "Kd"]}),
    ),
    "EXCHANGE_SAME_TURN": (
        ("jolly_at", "exchange_joker", {}, {"initial_meld": "this_turn",
                                            "meld": ["5h", "JK", "7h"], "cards": ["6h"]}),
        ("jolly_at", "exchange_joker", {}, {**EARLY, "meld": ["5h", "JK", "7h"],
                                            "cards": ["6h"]}),
    ),
    "NO_JOKER_IN_MELD": (
        ("jolly_at", "exchange_joker", {}, {**EARLY, "meld": ["5h", "6h", "7h"],
                                            "cards": ["6h"]}),
        ("jolly_at", "exchange_joker", {}, {**EARLY, "meld": ["5h", "JK", "7h"],
                                            "cards": ["6h"]}),
    ),
    "EXCHANGE_WRONG_CARD": (
        ("jolly_at", "exchange_joker", {}, {**EARLY, "meld": ["5h", "6h", "JK"],
                                            "cards": ["4h"]}),
        ("jolly_at", "exchange_joker", {}, {**EARLY, "meld": ["5h", "6h", "JK"],
                                            "cards": ["7h"]}),
    ),
    "EXCHANGE_SET_NOT_FOUR": (
        ("jolly_at", "exchange_joker", {}, {**EARLY, "meld": ["8s", "8h", "JK"],
                                            "cards": ["8c"]}),
        ("jolly_at", "exchange_joker", {}, {**EARLY, "meld": ["8s", "8h", "8d", "JK"],
                                            "cards": ["8c"]}),
    ),
    "EXCHANGE_NEEDS_BOTH_SUITS": (
        ("rami_fr", "exchange_joker", {}, {**EARLY, "meld": ["8s", "8h", "JK"],
                                           "cards": ["8c"], "new_meld": ["JK", "Qd", "Kd"]}),
        ("rami_fr", "exchange_joker", {}, {**EARLY, "meld": ["8s", "8h", "JK"],
                                           "cards": ["8c", "8d"],
                                           "new_meld": ["JK", "Qd", "Kd"]}),
    ),
    "JOKER_MUST_BE_MELDED": (
        ("romme_de", "exchange_joker", {}, {**EARLY, "meld": ["8s", "8h", "JK"],
                                            "cards": ["8c"], "joker_to": "hand"}),
        ("romme_de", "exchange_joker", {}, {**EARLY, "meld": ["8s", "8h", "JK"],
                                            "cards": ["8c"], "new_meld": ["JK", "Qd", "Kd"]}),
    ),
}


def test_every_turn_code_is_a_code_and_has_its_cases() -> None:
    assert set(TURN_CODES) <= set(CODES)
    assert set(CODE_CASES) == set(TURN_CODES)


@pytest.mark.parametrize("code", TURN_CODES)
def test_each_turn_code_refuses_its_case_and_allows_the_neighbour(code: str) -> None:
    (variant, action, house, fields), (v2, a2, h2, f2) = CODE_CASES[code]
    refused = turn(variant, action, house, **fields)
    assert codes(refused) == [code]
    assert refused["legal"] is False
    problem = refused["problems"][0]
    assert problem["rule"].startswith("RULES.md §8.") and variant in problem["rule"]
    german = turn(variant, action, house, lang="de", **fields)["problems"][0]["message"]
    for message in (problem["message"], german):
        assert message and "?" not in message and "{" not in message
    assert german != problem["message"]
    allowed = turn(v2, a2, h2, **f2)
    assert codes(allowed) == [] and allowed["legal"] is True, allowed


def test_every_turn_message_reads_in_both_languages_with_its_words() -> None:
    rule = "RULES.md §8.1 jolly_at, Draw (seed 000)"
    params = {"count": 21, "take": 3, "max": 20, "min": 30, "points": 25, "cards": "8♣",
              "wanted": "7♥", "jokers": 1}
    for code in TURN_CODES:
        for reason in (None, "new_meld", "turn", "wild", "too_many", "row"):
            if code == "LAYOFF_NOT_ALLOWED" and reason != "turn":
                continue  # the round's sentence, with its own words (tests/rules/test_scoring.py)
            p = Problem(code, rule, params | ({"reason": reason} if reason else {}))
            en, de = p.message("en"), p.message("de")
            assert en != de and "{" not in en + de and "?" not in en + de


def test_the_take_problems_of_jolly_with_discard_row_say_the_row_with_the_piles_codes() -> None:
    """Jolly with discard row lays its discards in a row (Vorratsreihe): its take problems say
    so in both languages, under the codes every variant shares; the others say the pile."""
    house = {"take_before_initial_meld": False, "take_depth": "top", "hand_limit": None,
             "take_with_one_card": False}
    fields = {"action": "take_discard", "initial_meld": "none", "hand_count": 1, "take": 2,
              "discards": ["2h", "3c", "4d", "5s", "7h"], "melds": [["7h", "7s", "7d"]]}
    row = turn("jolly_vorrat", house=house, **fields)
    wanted = ["TAKE_BEFORE_INITIAL_MELD", "TAKE_ONLY_TOP", "PILE_TOO_LOW", "TAKE_WITH_ONE_CARD"]
    assert codes(row)[:4] == wanted
    german = turn("jolly_vorrat", house=house, lang="de", **fields)["problems"][:4]
    for en, de in zip(row["problems"][:4], german):
        assert "discard row" in en["message"] and "pile" not in en["message"]
        assert "Vorratsreihe" in de["message"] and "Ablagestapel" not in de["message"]
        assert set(en) == {"code", "message", "rule"}  # the contract's object, nothing added
    assert row["problems"][2]["message"] == ("The discard row is worth 25; nobody takes from it "
                                             "before it is worth at least 30.")
    pile = turn("romme_de", house=house | {"take_min_pile_value": 30}, **fields)
    assert codes(pile)[:4] == wanted
    assert all("discard pile" in p["message"] for p in pile["problems"][:4])


# -- the switches, each from its default to the other value --------------------------------

SWITCH_CASES = [
    # (variant, action, house, fields, codes with the default, codes with the switch)
    ("jolly_at", "take_discard", {"take_before_initial_meld": True},
     {"initial_meld": "none", "hand_count": 13, "discards": ["9c"]},
     ["TAKE_BEFORE_INITIAL_MELD"], []),
    ("romme_de", "take_discard", {"take_depth": "any"},
     {**EARLY, "discards": ["5h", "9c", "Kd"], "take": 3}, ["TAKE_ONLY_TOP"], []),
    ("romme_de", "take_discard", {"take_must_use": "new_meld"},
     {**EARLY, "discards": ["Kd"]}, [], ["TAKEN_CARD_NOT_USED"]),
    ("jolly_at", "take_discard", {"take_must_use": "meld_or_layoff"},
     {**EARLY, "hand_count": 9, "discards": ["Kd"]}, [], ["TAKEN_CARD_NOT_USED"]),
    ("romme_de", "take_discard", {"take_min_pile_value": 20},
     {**EARLY, "discards": ["2c", "3d"]}, [], ["PILE_TOO_LOW"]),
    ("rami_fr", "take_discard", {"take_with_one_card": True},
     {**EARLY, "hand_count": 1, "discards": ["Qs"], "melds": [["Qs", "Qh", "Qd"]]},
     ["TAKE_WITH_ONE_CARD"], []),
    ("jolly_at", "take_discard", {"hand_limit": None},
     {**EARLY, "hand_count": 20, "discards": ["Qs"]}, ["HAND_LIMIT"], []),
    ("romme_de", "take_discard", {"hand_limit": 15},
     {**EARLY, "hand_count": 14, "discards": ["Qs", "Kd"], "take": 1}, [], []),
    ("romme_de", "take_discard", {"hand_limit": 14},
     {**EARLY, "hand_count": 14, "discards": ["Qs"], "take": 1}, [], ["HAND_LIMIT"]),
    ("jolly_at", "lay_off", {"layoff_from": "initial_meld"},
     {"initial_meld": "this_turn", "onto": ["5h", "6h", "7h"], "cards": ["8h"]},
     ["LAYOFF_SAME_TURN"], []),
    ("romme_de", "lay_off", {"layoff_from": "next_turn"},
     {"initial_meld": "this_turn", "onto": ["5h", "6h", "7h"], "cards": ["8h"]},
     [], ["LAYOFF_SAME_TURN"]),
    ("rami_fr", "lay_off", {"layoff_from": "any_time"},
     {"initial_meld": "none", "onto": ["5h", "6h", "7h"], "cards": ["8h"]},
     ["LAYOFF_BEFORE_INITIAL_MELD"], []),
    ("jolly_vorrat", "lay_off", {"completed_melds_closed": False},
     {"onto": ["Qs", "Qh", "Qd", "Qc"], "cards": ["JK"]}, ["MELD_COMPLETED", "SET_TOO_LARGE"],
     ["SET_TOO_LARGE"]),
    ("jolly_at", "exchange_joker", {"joker_exchange": "any_missing_suit"},
     {**EARLY, "meld": ["8s", "8h", "JK"], "cards": ["8c"]}, ["EXCHANGE_SET_NOT_FOUR"], []),
    ("romme_de", "exchange_joker", {"joker_exchange": "both_missing"},
     {**EARLY, "meld": ["8s", "8h", "JK"], "cards": ["8c"], "new_meld": ["JK", "Qd", "Kd"]},
     [], ["EXCHANGE_NEEDS_BOTH_SUITS"]),
    ("rami_fr", "exchange_joker", {"joker_exchange": "off"},
     {**EARLY, "meld": ["5h", "JK", "7h"], "cards": ["6h"], "new_meld": ["JK", "Qd", "Kd"]},
     [], ["EXCHANGE_NOT_ALLOWED"]),
    ("jolly_at", "exchange_joker", {"exchange_from": "initial_meld"},
     {"initial_meld": "this_turn", "meld": ["5h", "JK", "7h"], "cards": ["6h"]},
     ["EXCHANGE_SAME_TURN"], []),
    ("romme_de", "exchange_joker", {"exchange_from": "next_turn"},
     {"initial_meld": "this_turn", "meld": ["5h", "JK", "7h"], "cards": ["6h"],
      "new_meld": ["JK", "Qd", "Kd"]}, [], ["EXCHANGE_SAME_TURN"]),
    ("jolly_at", "exchange_joker", {"exchanged_joker_to": "new_meld"},
     {**EARLY, "meld": ["5h", "JK", "7h"], "cards": ["6h"]}, [], ["JOKER_MUST_BE_MELDED"]),
    ("rami_fr", "exchange_joker", {"exchanged_joker_to": "hand"},
     {**EARLY, "meld": ["5h", "JK", "7h"], "cards": ["6h"], "joker_to": "hand"},
     ["JOKER_MUST_BE_MELDED"], []),
]


@pytest.mark.parametrize("variant,action,house,fields,default,switched", SWITCH_CASES,
                         ids=[f"{c[0]}-{next(iter(c[2]))}={next(iter(c[2].values()))}"
                              for c in SWITCH_CASES])
def test_each_turn_switch_changes_the_answer_as_it_says(
        variant: str, action: str, house: dict[str, Any], fields: dict[str, Any],
        default: list[str], switched: list[str]) -> None:
    assert codes(turn(variant, action, None, **fields)) == default
    assert codes(turn(variant, action, house, **fields)) == switched


def test_every_turn_switch_has_a_case() -> None:
    turn_keys = list(SWITCHES)[list(SWITCHES).index("take_before_initial_meld"):]
    assert len(turn_keys) == 11
    assert {next(iter(c[2])) for c in SWITCH_CASES} == set(turn_keys)


@pytest.mark.parametrize("variant,house,key", [
    ("jolly_at", {"hand_limit": 2}, "hand_limit"),
    ("jolly_at", {"hand_limit": 61}, "hand_limit"),
    ("jolly_vorrat", {"take_min_pile_value": 1001}, "take_min_pile_value"),
    ("romme_de", {"take_depth": "bottom"}, "take_depth"),
    ("rami_fr", {"joker_exchange": True}, "joker_exchange"),
    ("three_thirteen", {"layoff_from": "any_time"}, "layoff_from"),
    ("three_thirteen", {"joker_exchange": "four_only"}, "joker_exchange"),
    ("three_thirteen", {"completed_melds_closed": True}, "completed_melds_closed"),
])
def test_turn_switches_out_of_range_or_foreign_to_the_variant_are_refused(
        variant: str, house: dict[str, Any], key: str) -> None:
    answer = lay(variant, house, initial_meld="earlier", onto=["5h", "6h", "7h"], cards=["8h"])
    assert answer["error"]["code"] == "INVALID_HOUSE_RULE" and answer["error"]["key"] == key


# -- the answer's fields -----------------------------------------------------------------


def test_a_first_meld_with_the_taken_card_must_meet_the_first_meld_rule() -> None:
    low = take("rami_fr", initial_meld="none", hand_count=14, discards=["Kh"],
               melds=[["Jh", "Qh", "Kh"], ["2s", "2h", "2d"]])
    assert codes(low) == ["BELOW_MIN_POINTS"] and low["points"] == 36
    dirty = take("rami_fr", initial_meld="none", hand_count=14, discards=["Kh"],
                 melds=[["JK", "Qh", "Kh"], ["As", "Ah", "Ac"], ["9s", "9h", "9d"]])
    assert codes(dirty) == ["NO_CLEAN_RUN"] and dirty["points"] == 90
    romme = take("romme_de", {"take_must_use": "new_meld"}, initial_meld="none",
                 discards=["Kh"], melds=[["Jh", "Qh", "Kh"]])
    assert codes(romme) == ["BELOW_MIN_POINTS"] and romme["points"] == 30
    later = take("romme_de", {"take_must_use": "new_meld"}, initial_meld="earlier",
                 discards=["Kh"], melds=[["Jh", "Qh", "Kh"]])
    assert codes(later) == [] and "points" not in later


def test_a_meld_laid_with_the_taken_card_answers_its_own_codes() -> None:
    answer = take("jolly_vorrat", discards=["Kh", "Qc", "9d", "9s"], take=2,
                  melds=[["9d", "9s", "9h", "9s"]])
    assert codes(answer) == ["SET_DUPLICATE_SUIT"] and answer["problems"][0]["meld"] == 1
    assert answer["melds"][0]["legal"] is False


def test_a_lay_off_after_the_first_meld_of_the_same_turn_follows_layoff_from() -> None:
    request = dict(initial_meld="none", hand_count=14, discards=["Kh"],
                   melds=[["Jh", "Qh", "Kh"], ["As", "Ah", "Ac"]],
                   lay_offs=[{"onto": ["5s", "6s", "7s"], "cards": ["8s"]}])
    assert codes(take("rami_fr", **request)) == []
    assert codes(take("jolly_at", {"take_before_initial_meld": True}, **request)) == [
        "LAYOFF_SAME_TURN"]


def test_a_lay_off_answers_the_meld_it_leaves_and_who_scores_it() -> None:
    at = lay("jolly_at", initial_meld="earlier", onto=["Qh", "Kh", "JK"], cards=["Jh"])
    # The joker stands for the ace after the king (its place): the jack goes below.
    assert at["meld"] == ["Jh", "Qh", "Kh", "Ah"] and at["points"] == 10
    assert at["credit"] == "layer" and at["pay"] == 0
    own = lay("jolly_vorrat", onto=["5h", "6h", "7h"], cards=["8h"], owner="self")
    assert own["credit"] == "owner" and own["pay"] == 0 and own["points"] == 5
    penalty = lay("romme_de", initial_meld="earlier", onto=["7s", "7h", "7d"], cards=["7c"])
    assert penalty["legal"] and penalty["points"] is None and penalty["credit"] is None
    five = lay("jolly_at", initial_meld="earlier", onto=["7s", "7h", "7d", "7c"], cards=["7h"])
    assert "SET_TOO_LARGE" in codes(five) and five["meld"] is None and five["legal"] is False


@pytest.mark.parametrize("onto,cards,reading", [
    (["5h", "6h", "7h"], ["JK"], ["5h", "6h", "7h", "8h"]),
    (["Jh", "Qh", "Kh"], ["JK"], ["Jh", "Qh", "Kh", "Ah"]),
    (["Jh", "Qh", "Kh", "Ah"], ["JK"], ["10h", "Jh", "Qh", "Kh", "Ah"]),
    (["7h", "6h", "5h"], ["4h", "8h"], ["4h", "5h", "6h", "7h", "8h"]),
    (["5h", "JK", "7h"], ["9h", "JK"], ["5h", "6h", "7h", "8h", "9h"]),
    (["2h", "3h", "4h"], ["Ah"], ["Ah", "2h", "3h", "4h"]),
])
def test_a_joker_laid_off_onto_a_run_goes_to_the_higher_free_end_and_jokers_stay(
        onto: list[str], cards: list[str], reading: list[str]) -> None:
    answer = lay("romme_de", initial_meld="earlier", onto=onto, cards=cards)
    assert answer["legal"], answer
    assert answer["meld"] == reading


def test_a_named_joker_and_a_card_inside_the_run() -> None:
    named = lay("romme_de", initial_meld="earlier", onto=["5h", "6h", "7h"],
                cards={"cards": ["JK"], "jokers_as": ["4h"]})
    assert named["meld"] == ["4h", "5h", "6h", "7h"]
    inside = lay("romme_de", initial_meld="earlier", onto=["5h", "JK", "7h"], cards=["6h"])
    assert codes(inside) == ["NOT_CONSECUTIVE"]
    other_suit = lay("romme_de", initial_meld="earlier", onto=["5h", "6h", "7h"], cards=["8s"])
    assert other_suit["legal"] is False and codes(other_suit)
    three_jokers = lay("romme_de", initial_meld="earlier", onto=["5h", "6h", "JK", "JK"],
                       cards=["JK"])
    assert "JOKERS_ADJACENT" in codes(three_jokers)


def test_an_exchange_answers_the_meld_it_leaves() -> None:
    four = swap("jolly_at", initial_meld="earlier", meld=["8s", "8h", "8d", "JK"], cards=["8c"])
    assert four["legal"] and four["meld"] == ["8s", "8h", "8d", "8c"] and four["joker_to"] == "hand"
    two = swap("romme_de", initial_meld="earlier", meld=["5h", "JK", "JK", "8h"],
               cards=["7h"], new_meld=["JK", "Qd", "Kd"])
    assert two["legal"] and two["meld"] == ["5h", "6h", "7h", "8h"]
    wrong_suit = swap("romme_de", initial_meld="earlier", meld=["8s", "8h", "JK"],
                      cards=["8s"], new_meld=["JK", "Qd", "Kd"])
    assert codes(wrong_suit) == ["EXCHANGE_WRONG_CARD"]
    too_many = swap("jolly_at", initial_meld="earlier", meld=["5h", "JK", "7h"],
                    cards=["6h", "8h"])
    assert codes(too_many) == ["EXCHANGE_WRONG_CARD"]
    bad_new = swap("romme_de", initial_meld="earlier", meld=["5h", "JK", "7h"], cards=["6h"],
                   new_meld=["JK", "Qd", "3c"])
    assert "MIXED_RANKS_AND_SUITS" in codes(bad_new) and bad_new["problems"][0]["meld"] == 2
    wild = swap("three_thirteen", meld=["5h", "6h", "7h"], cards=["6h"])
    assert codes(wild) == ["EXCHANGE_NOT_ALLOWED"]
    assert "Wildcards" in swap("three_thirteen", meld=["5h", "6h", "7h"], cards=["6h"],
                               lang="de")["problems"][0]["message"]


@pytest.mark.parametrize("variant,fields", [
    ("jolly_at", {"action": "take_discard", "initial_meld": "this_turn", "hand_count": 5,
                  "discards": ["Kd"]}),
    ("jolly_at", {"action": "take_discard", "initial_meld": "earlier", "hand_count": 5,
                  "discards": ["Kd"], "take": 2}),
    ("jolly_at", {"action": "take_discard", "initial_meld": "earlier", "hand_count": 5,
                  "discards": []}),
    ("jolly_at", {"action": "take_discard", "initial_meld": "earlier", "discards": ["Kd"]}),
    ("jolly_at", {"action": "take_discard", "hand_count": 5, "discards": ["Kd"]}),
    ("jolly_at", {"action": "take_discard", "initial_meld": "earlier", "hand_count": 0,
                  "discards": ["Kd"]}),
    ("romme_de", {"action": "take_discard", "initial_meld": "earlier"}),
    ("romme_de", {"action": "lay_off", "onto": ["5h", "6h", "7h"], "cards": ["8h"]}),
    ("romme_de", {"action": "lay_off", "initial_meld": "earlier", "onto": ["5h", "6h"],
                  "cards": ["7h"]}),
    ("romme_de", {"action": "lay_off", "initial_meld": "earlier", "onto": ["5h", "6h", "7h"],
                  "cards": []}),
    ("romme_de", {"action": "lay_off", "initial_meld": "later", "onto": ["5h", "6h", "7h"],
                  "cards": ["8h"]}),
    ("romme_de", {"action": "lay_off", "initial_meld": "earlier", "onto": ["5h", "6h", "7h"],
                  "cards": ["8h"], "owner": "Ben"}),
    ("romme_de", {"action": "exchange_joker", "initial_meld": "earlier",
                  "meld": ["5h", "JK", "7h"], "cards": ["6h"], "joker_to": "hand",
                  "new_meld": ["JK", "Qd", "Kd"]}),
    ("romme_de", {"action": "exchange_joker", "initial_meld": "earlier",
                  "meld": ["5h", "JK", "7h"], "cards": ["6h"], "new_meld": ["Jd", "Qd", "Kd"]}),
    ("romme_de", {"action": "exchange_joker", "initial_meld": "earlier",
                  "meld": ["5h", "JK", "7h"], "cards": ["JK"]}),
    ("romme_de", {"action": "exchange_joker", "initial_meld": "earlier",
                  "meld": ["5h", "JK", "7h"], "cards": ["6h"], "joker_to": "table"}),
    ("romme_de", {"action": "shuffle"}),
    ("romme_de", {}),
])
def test_a_situation_that_contradicts_itself_is_an_invalid_request(
        variant: str, fields: dict[str, Any]) -> None:
    answer = adjudicate({"variant": variant, "check": "turn", **fields})
    assert answer["error"]["code"] == "INVALID_REQUEST", answer


def test_a_card_typed_wrong_in_a_turn_is_an_invalid_card_with_its_position() -> None:
    answer = lay("romme_de", initial_meld="earlier", onto=["5h", "6h", "7h"], cards=["8h", "Xq"])
    assert answer["error"]["code"] == "INVALID_CARD" and answer["error"]["position"] == 2


def test_initial_meld_is_ignored_where_nothing_depends_on_it() -> None:
    assert initial_free("jolly_vorrat") and initial_free("three_thirteen")


def initial_free(variant: str) -> bool:
    answer = take(variant, discards=["2c", "Kd", "Kh", "Ks", "Kc"],
                  melds=[["Kh", "Ks", "Kc"]], take=1)
    return "error" not in answer


# -- properties ------------------------------------------------------------------------

CARDS = [Card(r, s) for r in Rank for s in Suit]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=20), st.data())
def test_taking_k_cards_takes_exactly_the_k_newest(pile: list[Card], data: st.DataObject
                                                   ) -> None:
    k = data.draw(st.integers(1, len(pile)))
    rules = rules_for("jolly_at")
    answer = check_take_discard(pile, rules, take=k, initial_meld="earlier", hand_count=1)
    assert answer.taken == tuple(pile[len(pile) - k:])
    assert answer.legal == (k + 1 <= 20)
    top_only = check_take_discard(pile, rules_for("romme_de"), take=k, initial_meld="earlier")
    assert top_only.legal == (k == 1)


def _natural_meld(data: st.DataObject) -> list[Card]:
    if data.draw(st.booleans(), label="set"):
        rank = data.draw(st.sampled_from(list(Rank)))
        suits = data.draw(st.permutations(list(Suit)))
        return [Card(rank, s) for s in suits[:data.draw(st.integers(3, 4))]]
    suit = data.draw(st.sampled_from(list(Suit)))
    start = data.draw(st.integers(1, 11))
    end = data.draw(st.integers(start + 2, 14))
    return [Card(Rank((p - 1) % 13 + 1), suit) for p in range(start, end + 1)]


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_lay_off_is_legal_exactly_when_the_meld_it_leaves_is_legal_and_the_time_allows(
        data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(["jolly_at", "jolly_vorrat", "romme_de", "rami_fr"]))
    rules = rules_for(variant)
    onto = _natural_meld(data)
    if not check_meld(onto, rules).legal:
        return
    near = [c for c in CARDS if c.suit == onto[0].suit or c.rank == onto[0].rank]
    laid = data.draw(st.lists(st.sampled_from(near), min_size=1, max_size=2))
    state = data.draw(st.sampled_from(["none", "this_turn", "earlier"]))
    answer = check_lay_off(onto, laid, rules, initial_meld=state)
    layoff_from = rules.house.layoff_from
    timely = layoff_from == "any_time" or state == "earlier" or (
        layoff_from == "initial_meld" and state == "this_turn")
    closed = rules.house.completed_melds_closed and len(onto) >= (
        4 if len({c.rank for c in onto}) == 1 else 13)
    leaves = check_meld(onto + laid, rules)  # natural cards: one reading, whatever the order
    assert answer.legal == (timely and not closed and leaves.legal), (onto, laid, answer)
    if answer.legal:
        assert answer.meld is not None
        assert sorted(answer.meld.reading, key=Card.sort_key) == sorted(
            onto + laid, key=Card.sort_key)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_legal_joker_exchange_leaves_a_legal_meld_of_the_same_length(
        data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(["jolly_at", "romme_de", "rami_fr"]))
    rules = rules_for(variant)
    natural = _natural_meld(data)
    at = data.draw(st.integers(0, len(natural) - 1))
    meld = natural[:at] + [JOKER] + natural[at + 1:]
    before = check_meld(meld, rules)
    if not before.legal:
        return
    offered = data.draw(st.lists(st.sampled_from(
        [natural[at]] + [c for c in CARDS if c.rank == natural[at].rank]), min_size=1,
        max_size=2, unique=True))
    answer = check_exchange_joker(meld, offered, rules, initial_meld="earlier",
                                  new_meld=parse_cards("JK Qd Kd") if variant != "jolly_at"
                                  else None)
    if not answer.legal:
        return
    assert answer.meld is not None and answer.meld.legal
    grew = len(answer.meld.cards) - len(meld)
    both = rules.house.joker_exchange == "both_missing" and before.kind == "set" and len(meld) == 3
    assert grew == (1 if both else 0)
    assert not any(c.is_joker for c in answer.meld.cards)
    assert answer.freed == 1
    if before.kind == "run":
        assert offered == [before.reading[at]]
        assert answer.meld.reading == before.reading


def test_the_typed_functions_raise_turn_error_for_contradictions() -> None:
    with pytest.raises(TurnError):
        check_take_discard([], rules_for("romme_de"), initial_meld="earlier")
    with pytest.raises(TurnError):
        check_lay_off(parse_cards("5h 6h 7h"), [], rules_for("romme_de"), initial_meld="earlier")


def test_an_ace_laid_off_goes_to_the_nearer_end_and_follows_ace_high() -> None:
    high = lay("jolly_at", initial_meld="earlier", onto=["Jh", "Qh", "Kh"], cards=["Ah"])
    assert high["meld"] == ["Jh", "Qh", "Kh", "Ah"] and high["points"] == 11
    low = lay("jolly_at", initial_meld="earlier", onto=["2h", "3h", "4h"], cards=["Ah"])
    assert low["meld"] == ["Ah", "2h", "3h", "4h"] and low["points"] == 1
    refused = lay("jolly_at", {"ace_high": False}, initial_meld="earlier",
                  onto=["Jh", "Qh", "Kh"], cards=["Ah"])
    assert codes(refused) == ["ACE_HIGH_NOT_ALLOWED"]


# -- going out (what the referee's "May I go out like this?" asks) ------------------------


def test_going_out_where_the_last_discard_is_required_needs_the_card_thrown() -> None:
    rules = rules_for("jolly_at")
    melds = [parse_cards("10h Jh Qh Kh"), parse_cards("7s 7h 7d")]
    without = check_going_out(melds, rules)
    assert without.discard_missing and not without.may and without.problems == ()
    assert without.rule == rules.variant.rule("going_out")
    thrown = check_going_out(melds, rules, discard=parse_cards("5d")[0])
    assert thrown.may and not thrown.discard_missing


def test_going_out_where_the_last_discard_is_optional_needs_none() -> None:
    out = check_going_out([parse_cards("10h Jh Qh"), parse_cards("7s 7d 7c")],
                          rules_for("romme_de"))
    assert out.may and not out.discard_missing and out.hand_size is None


def test_three_thirteen_closer_goes_out_with_the_round_s_count_in_combinations() -> None:
    card = parse_cards("5s")[0]
    first = check_going_out([parse_cards("3h 3d 3c")], rules_for("three_thirteen", round=1),
                            discard=card)
    assert first.may and (first.held, first.hand_size) == (3, 3) and not first.wrong_count
    second = check_going_out([parse_cards("3h 3d 3c")], rules_for("three_thirteen", round=2),
                             discard=card)
    assert not second.may and second.wrong_count and (second.held, second.hand_size) == (3, 4)
    kept = check_going_out([parse_cards("4h 4d 4c")], rules_for("three_thirteen", round=2),
                           keep=parse_cards("9s"), discard=card)
    assert kept.held == 4 and not kept.wrong_count


def test_a_closer_with_an_illegal_meld_may_not_go_out() -> None:
    out = check_going_out([parse_cards("10h Jh Ks")], rules_for("romme_de"))
    assert not out.may and [p.code for p in out.problems] == ["ILLEGAL_MELD"]
    assert not out.round.valid


def test_a_win_from_the_hand_is_refused_once_another_player_has_melded() -> None:
    melds = [parse_cards("10h Jh Qh"), parse_cards("7s 7d 7c")]
    alone = check_going_out(melds, rules_for("romme_de"), hand_win=True)
    assert alone.hand_win is True and alone.hand_win_problems == ()
    assert alone.hand_win_round is not None and alone.hand_win_round.valid
    after = check_going_out(melds, rules_for("romme_de"), hand_win=True, others_melded=True)
    assert after.may and after.hand_win is False
    assert [p.code for p in after.hand_win_problems] == ["HAND_WIN_NOT_ALLOWED"]


def test_a_win_from_the_hand_is_not_asked_where_the_variant_has_none() -> None:
    out = check_going_out([parse_cards("5h 6h 7h")], rules_for("jolly_vorrat"),
                          discard=parse_cards("2c")[0], hand_win=True)
    assert out.hand_win is None and out.hand_win_round is None


def test_a_rami_win_from_the_hand_needs_the_first_meld_s_clean_run() -> None:
    out = check_going_out([parse_cards("5h 6h JK"), parse_cards("Kc Kd Ks")],
                          rules_for("rami_fr"), hand_win=True)
    assert out.hand_win is False and "NO_CLEAN_RUN" in [p.code for p in out.hand_win_problems]


def test_a_lay_off_onto_the_others_melds_counts_for_the_closer_and_says_they_melded() -> None:
    rules = rules_for("jolly_at")
    melds = [parse_cards("10h Jh Qh")]
    alone = check_going_out(melds, rules, discard=parse_cards("2c")[0])
    laid = check_going_out(melds, rules, discard=parse_cards("2c")[0],
                           lay_offs=[LayOff(tuple(parse_cards("6c 7c 8c")),
                                            tuple(parse_cards("9c")))],
                           closer="Me", others="Them")
    assert laid.may and laid.round.details["Me"].layoffs > 0
    assert alone.round.details["closer"].layoffs == 0
    assert laid.round.details["Me"].total > alone.round.details["closer"].total


def test_lay_offs_where_nobody_lays_off_contradict_themselves() -> None:
    with pytest.raises(TurnError):
        check_going_out([parse_cards("3h 3d 3c")], rules_for("three_thirteen", round=1),
                        lay_offs=[LayOff(tuple(parse_cards("5s 6s 7s")),
                                         tuple(parse_cards("8s")))])
