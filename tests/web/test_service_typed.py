"""The service speaks Python to the engine: a round it refuses carries the engine's typed
``Problem`` objects (and Scorepad's own ``TableProblem``), not words; words are made where
they are shown, in the language asked for. On SQLite and PostgreSQL (``any_app``)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask_babel import force_locale

from scorepad.game.scoreboard import Net, TableProblem, score_entry
from scorepad.game.service import InvalidRequest, RoundInvalid, add_round, create_game
from scorepad.rules import Breakdown, Problem
from scorepad.words.problems import problem_json, table_words


def _game(app: Flask, variant: str, names: list[str]) -> str:
    with app.test_request_context():
        return create_game(variant, {}, names, 0, "", "separate").key


def _refusal(app: Flask, key: str, players: Any) -> Exception:
    with app.test_request_context():
        with pytest.raises((RoundInvalid, InvalidRequest)) as caught:
            add_round(key, 1, players)
        return caught.value


def test_an_illegal_meld_is_refused_with_the_engines_problem(any_app: Flask) -> None:
    key = _game(any_app, "jolly_at", ["Anna", "Ben"])
    e = _refusal(any_app, key, [
        {"name": "Anna", "went_out": True, "melds": [["7h", "8s", "Kd"]], "hand": []},
        {"name": "Ben", "hand_points": 12}])
    assert isinstance(e, RoundInvalid)
    assert [type(p) for p in e.problems] == [Problem]
    problem = e.problems[0]
    assert isinstance(problem, Problem) and problem.code == "ILLEGAL_MELD"
    assert problem.params["player"] == "Anna"
    with any_app.test_request_context():
        with force_locale("en"):
            en = problem_json(problem)
        with force_locale("de"):
            de = problem_json(problem)
    assert en == problem.to_json("en") and de == problem.to_json("de")
    assert en["message"] != de["message"]


def test_a_round_counted_net_is_refused_with_scorepads_own_problem(any_app: Flask) -> None:
    key = _game(any_app, "jolly_at", ["Anna", "Ben"])
    e = _refusal(any_app, key, [{"name": "Anna", "went_out": True, "net": -5},
                                {"name": "Ben", "net": -20}])
    assert isinstance(e, RoundInvalid)
    assert e.problems == (TableProblem(
        "NET_CLOSER", "%(name)s went out and cannot lose points in the round.",
        {"name": "Anna"}, "Anna"),)
    with any_app.test_request_context():
        with force_locale("de"):
            assert table_words(e.problems[0]) == ("Anna ist ausgegangen und kann in der Runde "
                                                  "keine Punkte verlieren.")
        with force_locale("en"):
            assert table_words(e.problems[0]) == (
                "Anna went out and cannot lose points in the round.")
    assert e.problems[0].english() == "Anna went out and cannot lose points in the round."


def test_an_entry_the_engine_cannot_read_is_an_invalid_request_with_its_code(
        any_app: Flask) -> None:
    key = _game(any_app, "jolly_at", ["Anna", "Ben"])
    e = _refusal(any_app, key, [{"name": "Anna", "went_out": True, "hand": ["Zz"]},
                                {"name": "Ben", "hand_points": 3}])
    assert isinstance(e, InvalidRequest)
    assert (e.code, e.field, e.extra) == ("INVALID_CARD", "players", {"token": "Zz",
                                                                      "position": 1})


def test_a_round_scores_into_typed_breakdowns(any_app: Flask) -> None:
    key = _game(any_app, "rami_fr", ["Anna", "Ben", "Cleo"])
    with any_app.test_request_context():
        from scorepad.game.service import find_game

        game = find_game(key)
        assert game is not None
        scored = score_entry(game, 1, [
            {"name": "Anna", "went_out": True, "hand_win": True,
             "melds": [["Ac", "2c", "3c"], ["Ks", "Kd", "Kh"]], "hand": []},
            {"name": "Ben", "melds": [["5s", "6s", "7s"]], "hand": ["9s"]},
            {"name": "Cleo", "hand": ["9c", "JK"]}])
        assert scored.valid and scored.scores == {"Anna": 0, "Ben": 109, "Cleo": 359}
        cleo = scored.details["Cleo"]
        assert isinstance(cleo, Breakdown)
        assert cleo.surcharge_parts == (("rummy", 100), ("unmelded", 100))
        assert scored.details_json()["Cleo"] == cleo.to_json()
        net = score_entry(game, 1, [{"name": "Anna", "net": 1}])
        assert net.error is not None and not net.valid
    key = _game(any_app, "jolly_at", ["Anna", "Ben"])
    with any_app.test_request_context():
        game = find_game(key)
        assert game is not None
        net = score_entry(game, 1, [{"name": "Anna", "went_out": True, "net": 40},
                                    {"name": "Ben", "net": -20}])
        assert net.details == {"Anna": Net(40), "Ben": Net(-20)}
        assert net.details_json() == {"Anna": {"net": 40, "total": 40},
                                      "Ben": {"net": -20, "total": -20}}
