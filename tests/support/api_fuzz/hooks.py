"""Schemathesis hooks for tests/live/test_schemathesis.py: real games to aim at.

A generated key names no game, so nearly every request would stop at 404 and the rounds'
checks would go untested. These hooks make games on the live server (its address in
``$SCOREPAD_FUZZ_URL``) and put their keys into most requests, with round numbers
and versions the games have: the requests then reach the service and the engine.
"""

from __future__ import annotations

import os
import random
from typing import Any

import httpx
import schemathesis

from scorepad.game.checks import is_key

_GAMES: list[dict[str, Any]] = []
_RNG = random.Random(28)

_ROUND = [{"name": "Anna", "went_out": True, "meld_points": 45},
          {"name": "Ben", "meld_points": 20, "hand_points": 13}]


def _games() -> list[dict[str, Any]]:
    """A few games, each with two rounds, made once per run."""
    if not _GAMES:
        url = os.environ["SCOREPAD_FUZZ_URL"] + "/api/v1/games"
        with httpx.Client(timeout=30) as client:
            for _ in range(4):
                game = client.post(url, json={"variant": "jolly_at", "players": ["Anna", "Ben"],
                                              "house_rules": {"target": None}}).json()
                for number in (1, 2):
                    client.post(f"{url}/{game['key']}/rounds",
                                json={"number": number, "players": _ROUND})
                _GAMES.append(game)
    return _GAMES


@schemathesis.hook
def map_path_parameters(context: Any, path_parameters: dict[str, Any]) -> dict[str, Any]:
    """Most requests name a real game (one in ten keeps its generated key: a 404), and
    often a round it has. Only a value the description allows is swapped, for another it
    allows, so a case stays as valid or as invalid as it was generated."""
    if not path_parameters:
        return path_parameters
    key = path_parameters.get("key")
    if isinstance(key, str) and is_key(key) and _RNG.random() < 0.9:
        path_parameters["key"] = _RNG.choice(_games())["key"]
        number = path_parameters.get("number")
        if isinstance(number, int) and not isinstance(number, bool) and number >= 1 \
                and _RNG.random() < 0.7:
            path_parameters["number"] = _RNG.choice((1, 2, 3))
    return path_parameters
