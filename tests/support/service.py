"""Helpers for the tests that call the service (``scorepad/game``) directly, without HTTP:
games made and read back, rounds in the engine's player format (what the JSON API sends:
``[{"name": ..., "melds": [...], "hand": [...]}]`` or the numbers of a round typed by
numbers), and the engine's own answer to compare what the service stored with.

Every function here runs inside an app context (``game_app`` of ``tests/game/conftest.py``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from scorepad.game import service
from scorepad.game.db import db
from scorepad.game.models import Game
from scorepad.rules import adjudicate

PLAYERS = ["Anna", "Ben", "Cleo"]
DEVICE = "d" * 22

CARD_ROUNDS: dict[str, list[dict[str, Any]]] = {
    "jolly_at": [{"name": "Anna", "went_out": True, "melds": [["Qh", "Kh", "Ah"]], "hand": []},
                 {"name": "Ben", "melds": [["7s", "7h", "7d"]], "hand": ["9c", "2d"]},
                 {"name": "Cleo", "melds": [], "hand": ["JK", "5s"]}],
    "jolly_vorrat": [{"name": "Anna", "went_out": True, "melds": [["As", "2s", "3s"]], "hand": []},
                     {"name": "Ben", "melds": [["8c", "8d", "8h"]], "hand": ["Kd"]},
                     {"name": "Cleo", "melds": [], "hand": ["4h", "9s"]}],
    "romme_de": [{"name": "Anna", "went_out": True, "melds": [["10h", "Jh", "Qh"]], "hand": []},
                 {"name": "Ben", "melds": [["4c", "4d", "4s"]], "hand": ["Ac", "3d"]},
                 {"name": "Cleo", "melds": [], "hand": ["Qs", "Qd", "2c"]}],
    "rami_fr": [{"name": "Anna", "went_out": True, "melds": [["5d", "6d", "7d"]], "hand": []},
                {"name": "Ben", "melds": [["Jc", "Jd", "Jh"]], "hand": ["9s"]},
                {"name": "Cleo", "melds": [], "hand": ["3h", "8c"]}],
    "three_thirteen": [{"name": "Anna", "went_out": True, "hand": ["4h", "5h", "6h"]},
                       {"name": "Ben", "hand": ["Kc", "9d", "2s"]},
                       {"name": "Cleo", "hand": ["7c", "7d", "Jh"]}],
}
"""Round 1 of each variant by cards, in the engine's player format: legal, Anna went out."""


def count(model: Any) -> int:
    """Rows of ``model`` committed (what this session still holds is rolled back first)."""
    db.session.rollback()
    return int(db.session.scalar(select(func.count()).select_from(model)) or 0)


def stored(key: str) -> Game:
    """The game behind ``key`` as the database holds it now."""
    db.session.rollback()
    game = service.find_game(key)
    assert game is not None, f"no game {key}"
    return game


def by_numbers(closer: int, *points: tuple[int, int],
               names: list[str] | None = None) -> list[dict[str, Any]]:
    """A round typed by numbers, counted separately: each player's (meld points, hand
    points); the player at seat ``closer`` went out (-1: nobody)."""
    return [{"name": name, "meld_points": melds, "hand_points": hand, "went_out": seat == closer}
            for seat, (name, (melds, hand)) in enumerate(zip(names or PLAYERS, points))]


def net(closer: int, *numbers: int, names: list[str] | None = None) -> list[dict[str, Any]]:
    """A round a plus/minus table counted net: one number per player."""
    return [{"name": name, "net": n, "went_out": seat == closer}
            for seat, (name, n) in enumerate(zip(names or PLAYERS, numbers))]


def engine_answer(variant: str, players: list[dict[str, Any]], house_rules: dict[str, Any] | None = None,
                  round_number: int | None = None) -> dict[str, Any]:
    """The engine's contract's answer for the round (the CLI's and the API's ``adjudicate``)."""
    request: dict[str, Any] = {"variant": variant, "check": "round", "players": players}
    if house_rules:
        request["house_rules"] = house_rules
    if round_number is not None:
        request["round"] = round_number
    return adjudicate(request)


def engine_scores(variant: str, players: list[dict[str, Any]], house_rules: dict[str, Any] | None = None,
                  round_number: int | None = None) -> dict[str, int]:
    """What the engine scores for the round: the service must store the same."""
    answer = engine_answer(variant, players, house_rules, round_number)
    assert answer["valid"], answer
    return dict(answer["scores"])


def play(key: str, *rounds: list[dict[str, Any]]) -> None:
    """Add ``rounds`` to the game behind ``key`` as its next rounds, in order."""
    for players in rounds:
        service.add_round(key, len(stored(key).rounds) + 1, players)
