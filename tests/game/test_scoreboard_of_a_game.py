"""The scoreboard built from a game without HTTP (``scorepad/game/scoreboard.py``): totals round
by round, leaders and winners each way a variant counts, the dealer, the distance to the
target, the deal of 3-13's rounds, the surcharges, bonuses and doublings of each variant as
the engine breaks them down, and the notes a round by numbers carries.

Most games here are held in memory (an unsaved ``Game``: the scoreboard reads no database);
one is saved and read back, so that the stored breakdowns are the same typed values.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask_babel import force_locale

from scorepad.game import service
from scorepad.game.models import Game, Player, Round
from scorepad.game.scoreboard import (
    Net,
    TableProblem,
    rules_of,
    saved_details,
    score_entry,
    scoreboard,
)
from scorepad.rules import Breakdown, RequestError
from scorepad.rules.cards import Rank
from scorepad.words.problems import problem_json, table_words
from scorepad.words.round_notes import number_notes, surcharge_words

from ..support.cases import CASES
from ..support.service import PLAYERS, by_numbers, engine_answer, net, stored


def _game(variant: str, house_rules: dict[str, Any] | None = None, first_dealer: int = 0,
          names: list[str] | None = None) -> Game:
    game = Game(variant=variant, house_rules=house_rules or {}, first_dealer=first_dealer,
                counting="separate")
    game.players = [Player(seat=i, name=n) for i, n in enumerate(names or PLAYERS)]
    return game


def _played(game: Game, *entries: list[dict[str, Any]]) -> Game:
    """``game`` with ``entries`` as its rounds, scored as the service scores them."""
    for players in entries:
        number = len(game.rounds) + 1
        scored = score_entry(game, number, players)
        assert scored.valid, (scored.problems, scored.error)
        game.rounds.append(Round(number=number, dealer=service.dealer_of(game, number),
                                 entry={"players": players}, scores=scored.scores,
                                 details=scored.details_json()))
    return game


def _case(case_id: str) -> dict[str, Any]:
    return next(c for c in CASES if c["id"] == case_id)


# Totals, leaders, dealer ----------------------------------------------------------------------

def test_the_rows_carry_each_rounds_scores_running_totals_closer_and_dealer(words_app: Flask) -> None:
    game = _played(_game("jolly_at", first_dealer=2),
                   by_numbers(0, (60, 0), (20, 15), (0, 40)),
                   by_numbers(1, (10, 30), (80, 0), (35, 5)))
    board = scoreboard(game)
    assert [(r.number, r.dealer, r.closer) for r in board.rows] == [(1, "Cleo", "Anna"),
                                                                   (2, "Anna", "Ben")]
    assert [r.scores for r in board.rows] == [{"Anna": 90, "Ben": 5, "Cleo": -40},
                                             {"Anna": -20, "Ben": 110, "Cleo": 30}]
    assert [r.totals for r in board.rows] == [{"Anna": 90, "Ben": 5, "Cleo": -40},
                                             {"Anna": 70, "Ben": 115, "Cleo": -10}]
    assert board.totals == {"Anna": 70, "Ben": 115, "Cleo": -10}
    assert (board.next_number, board.next_dealer, board.playing) == (3, "Ben", PLAYERS)
    assert board.leaders == ["Ben"] and not board.finished and board.winners == []


def test_a_plus_minus_game_is_won_by_passing_the_target_and_a_penalty_game_lost(
        words_app: Flask) -> None:
    plus = scoreboard(_played(_game("jolly_at", {"target": 100}), net(0, 130, 40, -20)))
    assert (plus.higher_wins, plus.finished, plus.winners, plus.leaders) == (
        True, True, ["Anna"], ["Anna"])
    penalty = scoreboard(_played(_game("romme_de", {"target": 100}),
                                 by_numbers(0, (0, 0), (0, 120), (0, 30))))
    assert (penalty.higher_wins, penalty.finished, penalty.winners) == (False, True, ["Anna"])


def test_the_distance_is_what_each_player_still_needs_before_the_target_ends_the_game(
        words_app: Flask) -> None:
    # Jolly ends past the target (">"): 501 ends a game of 500; Vorrat ends on reaching it.
    jolly = scoreboard(_played(_game("jolly_at"), net(0, 120, 0, -30)))
    assert (jolly.target, jolly.distance) == (500, {"Anna": 381, "Ben": 501, "Cleo": 531})
    vorrat = scoreboard(_played(_game("jolly_vorrat"), by_numbers(0, (70, 0), (0, 3), (0, 5))))
    assert vorrat.distance == {"Anna": 500 - 120, "Ben": 503, "Cleo": 505}
    over = scoreboard(_played(_game("jolly_at", {"target": 100}), net(0, 150, 0, 0)))
    assert over.distance["Anna"] == -49  # past it: the game is over
    assert scoreboard(_game("three_thirteen")).distance == dict.fromkeys(PLAYERS, None)


def test_a_tie_at_the_top_past_the_target_is_a_play_off_not_an_end(words_app: Flask) -> None:
    game = _played(_game("jolly_at", {"target": 100}), net(0, 120, 120, 10))
    board = scoreboard(game)
    assert (board.finished, board.playoff, board.playing, board.leaders) == (
        False, ["Anna", "Ben"], ["Anna", "Ben"], ["Anna", "Ben"])
    board = scoreboard(_played(game, net(1, -5, 20, names=["Anna", "Ben"])))
    assert (board.finished, board.winners, board.playoff) == (True, ["Ben"], [])
    assert board.rows[-1].scores == {"Anna": -5, "Ben": 20, "Cleo": None}


def test_a_total_stored_past_the_bound_leaves_the_game_undecided(words_app: Flask) -> None:
    game = _game("jolly_at", {"target": 100})
    game.rounds.append(Round(number=1, dealer=0, entry={"players": net(0, 1, 0, 0)},
                             scores={"Anna": 100_001, "Ben": 0, "Cleo": 0}, details={}))
    board = scoreboard(game)
    assert (board.finished, board.winners, board.totals["Anna"]) == (False, [], 100_001)


# 3-13: the deal of each round -----------------------------------------------------------------

def test_three_thirteen_deals_one_card_more_each_round_with_its_rank_wild(words_app: Flask) -> None:
    game = _game("three_thirteen", first_dealer=1)
    board = scoreboard(game)
    assert (board.next_cards, board.next_wild, board.target) == (3, Rank.THREE, None)
    _played(game, [{"name": "Anna", "went_out": True, "hand": ["4h", "5h", "6h"]},
                   {"name": "Ben", "hand": ["Kc", "9d", "2s"]},
                   {"name": "Cleo", "hand": ["7c", "7d", "Jh"]}])
    board = scoreboard(game)
    assert (board.next_number, board.next_cards, board.next_wild, board.next_dealer) == (
        2, 4, Rank.FOUR, "Cleo")


def test_three_thirteen_ends_after_its_rounds_with_the_lowest_total(words_app: Flask) -> None:
    game = _game("three_thirteen", {"rounds": 2}, names=["Anna", "Ben"])
    _played(game,
            [{"name": "Anna", "went_out": True, "hand": ["4h", "5h", "6h"]},
             {"name": "Ben", "hand": ["Kc", "9d", "2s"]}],
            [{"name": "Anna", "hand": ["Kh", "Qd", "2c", "9s"]},
             {"name": "Ben", "went_out": True, "hand": ["7c", "7d", "7h", "7s"]}])
    board = scoreboard(game)
    assert board.finished and board.winners == (["Anna"] if board.totals["Anna"] < board.totals["Ben"]
                                                 else ["Ben"])
    assert board.totals == {"Anna": 0 + board.rows[1].scores["Anna"], "Ben": 21}


# Bonuses, doublings, surcharges: each variant --------------------------------------------------

def test_jolly_gives_the_closer_bonus_and_doubles_the_hands_after_handglatt(words_app: Flask) -> None:
    plain = score_entry(_game("jolly_at"), 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    assert plain.details["Anna"].bonus == 30 and plain.details["Ben"].factor == 1
    hand = [p | {"hand_win": p["name"] == "Anna"} for p in by_numbers(0, (60, 0), (20, 15), (0, 40))]
    won = score_entry(_game("jolly_at"), 1, hand)
    assert won.scores == engine_answer("jolly_at", hand)["scores"]
    assert (won.details["Anna"].bonus, won.details["Ben"].factor, won.details["Cleo"].factor) == (60, 2, 2)
    assert won.details["Ben"].total == 20 - 2 * 15


def test_vorrat_gives_its_own_closer_bonus_and_never_doubles(words_app: Flask) -> None:
    scored = score_entry(_game("jolly_vorrat"), 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    assert {n: (d.bonus, d.factor) for n, d in scored.details.items()} == {
        "Anna": (50, 1), "Ben": (0, 1), "Cleo": (0, 1)}


def test_romme_doubles_the_hands_after_hand_romme_and_has_no_bonus(words_app: Flask) -> None:
    players = [{"name": "Anna", "went_out": True, "hand_win": True, "hand": [],
                "melds": [["10h", "Jh", "Qh"], ["4c", "4d", "4s"], ["7s", "8s", "9s", "10s"]]},
               {"name": "Ben", "melds": [], "hand": ["Kd", "3c"]},
               {"name": "Cleo", "melds": [], "hand": ["2h"]}]
    scored = score_entry(_game("romme_de"), 1, players)
    assert scored.valid and scored.scores == engine_answer("romme_de", players)["scores"]
    assert {n: (d.bonus, d.factor, d.surcharge) for n, d in scored.details.items()} == {
        "Anna": (0, 1, 0), "Ben": (0, 2, 0), "Cleo": (0, 2, 0)}
    assert scored.scores["Ben"] == 2 * (10 + 3)


@pytest.mark.parametrize(("case_id", "parts"), [
    ("RF-09", (("rummy", 100),)),
    ("RF-10", (("rummy_no_melds", 200), ("unmelded", 100))),
])
def test_rami_adds_its_surcharges_in_parts_that_sum_to_the_surcharge(
        words_app: Flask, case_id: str, parts: tuple[tuple[str, int], ...]) -> None:
    request, expect = _case(case_id)["request"], _case(case_id)["expect"]
    game = _game("rami_fr", names=[p["name"] for p in request["players"]])
    scored = score_entry(game, 1, request["players"])
    loser = scored.details["P2"]
    assert scored.scores == expect["scores"]
    assert loser.surcharge_parts == parts and loser.surcharge == sum(n for _, n in parts)
    assert scored.details["P1"].surcharge_parts == ()


def test_the_surcharge_parts_are_said_in_the_tables_words(words_app: Flask) -> None:
    assert surcharge_words((("rummy_no_melds", 200), ("unmelded", 100), ("rummy", 100),
                            ("something_new", 5))) == [
        ("rummy, nobody else had melded", 200), ("never melded", 100), ("rummy", 100),
        ("surcharge", 5)]


@pytest.mark.parametrize("variant", ["jolly_at", "jolly_vorrat", "romme_de", "three_thirteen"])
def test_no_variant_but_rami_charges_a_surcharge(words_app: Flask, variant: str) -> None:
    players = by_numbers(0, (0, 0), (0, 15), (0, 40))
    if variant == "three_thirteen":
        players = [{"name": "Anna", "went_out": True, "hand": ["4h", "5h", "6h"]},
                   {"name": "Ben", "hand": ["Kc", "9d", "2s"]},
                   {"name": "Cleo", "hand": ["7c", "7d", "Jh"]}]
    scored = score_entry(_game(variant), 1, players)
    assert scored.valid
    assert all(isinstance(d, Breakdown) and d.surcharge == 0 and d.surcharge_parts == ()
               for d in scored.details.values())


def test_a_net_round_is_scored_as_typed_with_net_details(words_app: Flask) -> None:
    scored = score_entry(_game("jolly_at"), 1, net(0, 40, -5, 12))
    assert scored.details == {"Anna": Net(40), "Ben": Net(-5), "Cleo": Net(12)}
    assert scored.details_json()["Ben"] == {"net": -5, "total": -5}


def test_stored_breakdowns_read_back_as_the_engine_gave_them(game_app: Flask) -> None:
    key = service.create_game("rami_fr", {}, ["P1", "P2"]).key
    entry = _case("RF-10")["request"]["players"]
    service.add_round(key, 1, entry)
    service.add_round(key, 2, [{"name": "P1", "hand_points": 12}, {"name": "P2", "went_out": True,
                                                                   "hand_points": 0}])
    game = stored(key)
    fresh = score_entry(game, 1, entry).details
    again = saved_details(game.rounds[0])
    assert again["P2"].total == fresh["P2"].total == 459
    assert again["P2"].surcharge == fresh["P2"].surcharge == 300
    assert again["P2"].surcharge_parts == ()  # the stored details keep the surcharge whole
    assert {n: d.to_json() for n, d in again.items()} == game.rounds[0].details
    assert scoreboard(game).totals == {"P1": 12 + 100, "P2": 459}  # P1 never melded in round 2


# Notes of a round by numbers ------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "separate", "one_number"), [
    ("jolly_at", ["Type the points as they lie on the table.",
                  "Scorepad adds the 30 for going out itself.",
                  "After Handglatt it gives 60 instead.",
                  "After Handglatt Scorepad doubles the others' hand points itself."],
     ["Each number already includes the 30 for going out (Handglatt: 60) and the doubled "
      "hands after Handglatt."]),
    ("jolly_vorrat", ["Type the points as they lie on the table.",
                      "Scorepad adds the 50 for going out itself."],
     ["Each number already includes the 50 for going out."]),
    ("romme_de", ["Type only the points of the cards left in the hand.",
                  "After Hand-Rommé Scorepad doubles the others' hand points itself."],
     ["Each number already includes the doubled hands after Hand-Rommé."]),
    ("rami_fr", ["Type only the points of the cards left in the hand.",
                 "Scorepad adds the surcharges itself: +100 for who never melded, +100 after a "
                 "rummy (+200 when nobody else had melded)."],
     ["Each number is the player's whole score for the round."]),
    ("three_thirteen", [], ["Each number is the player's whole score for the round."]),
])
def test_a_round_by_numbers_says_what_the_numbers_hold_for_each_variant(
        words_app: Flask, variant: str, separate: list[str], one_number: list[str]) -> None:
    rules = rules_of(_game(variant), 1)
    assert number_notes(rules, net=False) == separate
    assert number_notes(rules, net=True) == one_number


def test_the_notes_follow_the_house_rules(words_app: Flask) -> None:
    rules = rules_of(_game("jolly_at", {"closer_bonus": 0, "hand_win_factor": 3}), 1)
    assert number_notes(rules, net=False)[-1] == (
        "After Handglatt Scorepad counts the others' hand points 3 times itself.")
    assert number_notes(rules, net=True) == [
        "Each number already includes the hands ×3 after Handglatt."]


# Problems as answered ---------------------------------------------------------------------------

def test_scorepads_own_problems_are_answered_as_the_engines_are(words_app: Flask) -> None:
    closer = TableProblem("NET_CLOSER", "%(name)s went out and cannot lose points.",
                          {"name": "Anna"}, "Anna")
    assert list(problem_json(closer)) == ["code", "message", "player"]
    assert problem_json(closer)["message"] == "Anna went out and cannot lose points."
    points = TableProblem("POINTS_OUT_OF_RANGE", "%(name)s: too many.", {"name": "Ben"}, "Ben")
    assert list(problem_json(points)) == ["code", "player", "message"]
    error = RequestError("INVALID_CARD", "Not a card: Zz.")
    assert problem_json(error) == error.to_json()["error"]


def test_scorepads_own_problem_carries_its_message_id_and_is_worded_where_shown(
        words_app: Flask) -> None:
    """The game words nothing: a problem carries its message id (its English) and parameters;
    a game file reads the English, a page the words of its language, numbers written as the
    language writes them."""
    total = TableProblem("TOTAL_TOO_LARGE", "%(name)s's total would pass %(n)s points.",
                         {"name": "Anna", "n": 100_000}, "Anna")
    assert total.english() == "Anna's total would pass 100,000 points."
    assert total.to_json() == {"code": "TOTAL_TOO_LARGE", "player": "Anna",
                               "message": "Anna's total would pass 100,000 points."}
    with force_locale("de"):
        assert table_words(total) == "Anna's total would pass 100.000 points."
    points = TableProblem("POINTS_OUT_OF_RANGE", "%(name)s: 0 to %(n)d.", {"name": "Ben", "n": 2900})
    assert points.english() == "Ben: 0 to 2900."
    with force_locale("de"):
        assert table_words(points) == "Ben: 0 to 2900."
