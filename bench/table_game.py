"""The games the benchmarks measure: Jolly, 6 players, 20 rounds entered by numbers
(through the round form) or by cards (imported as a game file, scored by the engine)."""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask.testing import FlaskClient

from scorepad import create_app
from scorepad.rules import adjudicate
from scorepad.schema import run_migrations
from tests.support.web import new_game

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
ROUNDS = 20


def numbers_round(number: int) -> list[dict[str, object]]:
    """Round ``number`` of the game by numbers: each player's meld and hand points; the
    closer (seat ``number % 6``) has an empty hand, every other hand holds cards (1-59
    points: an empty one beside a closer is refused)."""
    closer = number % len(NAMES)
    return [{"name": name, "meld_points": (number * 7 + i * 13) % 90,
             "hand_points": 0 if i == closer else 1 + (number * 11 + i * 5) % 59}
            | ({"went_out": True} if i == closer else {})
            for i, name in enumerate(NAMES)]


def numbers_game_file() -> dict[str, object]:
    """The game file of the 20-round game by numbers, every round scored by the engine."""
    rounds = []
    for number in range(1, ROUNDS + 1):
        players = numbers_round(number)
        answer = adjudicate({"variant": "jolly_at", "check": "round", "players": players})
        rounds.append({"number": number, "dealer": (number - 1) % len(NAMES),
                       "entry": {"players": players}, "scores": answer["scores"]})
    return _game_file(rounds)


def twenty_rounds() -> tuple[FlaskClient, str, list[float]]:
    """A fresh app on a SQLite file with the game by numbers, entered through the round form;
    also the time each round took to save."""
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    run_migrations(app)
    client = app.test_client()
    game = new_game(client, "jolly_at", NAMES, target=100_000)
    saves = []
    for number in range(1, ROUNDS + 1):
        form: dict[str, str] = {"action": "save", "number": str(number)}
        for i, player in enumerate(numbers_round(number)):
            form |= {f"meld_{i}": str(player["meld_points"]), f"hand_{i}": str(player["hand_points"])}
            if player.get("went_out"):
                form["closer"] = str(i)
        start = time.perf_counter()
        response = client.post(f"{game}/rounds/new", data=form)
        saves.append(time.perf_counter() - start)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return client, game, saves


def _game_file(rounds: list[dict[str, object]]) -> dict[str, object]:
    return {"format": "scorepad-game", "version": 1, "variant": "jolly_at",
            "house_rules": {"target": 100_000}, "players": NAMES, "first_dealer": 0,
            "created": "2026-01-01T20:00:00", "rounds": rounds}


_SUITS = "cdhs"
_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _card_round(rng: random.Random, closer: int) -> list[dict[str, object]]:
    """Six players' melds and hands from two packs: the closer and most others show a run
    and a set, everyone but the closer keeps four cards."""
    pack = {rank + suit: 2 for rank in _RANKS for suit in _SUITS}

    def take(cards: list[str]) -> bool:
        if any(pack[c] == 0 for c in cards):
            return False
        for c in cards:
            pack[c] -= 1
        return True

    def run() -> list[str]:
        while True:
            suit, start = rng.choice(_SUITS), rng.randint(1, 9)
            cards = [_RANKS[i] + suit for i in range(start, start + rng.randint(3, 4))]
            if take(cards):
                return cards

    def a_set() -> list[str]:
        while True:
            rank = rng.choice(_RANKS[1:])
            cards = [rank + suit for suit in rng.sample(_SUITS, 3)]
            if take(cards):
                return cards

    players: list[dict[str, object]] = []
    for seat, name in enumerate(NAMES):
        melds = [run(), a_set()] if seat == closer or rng.random() < 0.7 else []
        hand: list[str] = []
        while seat != closer and len(hand) < 4:
            card = rng.choice(list(pack))
            if take([card]):
                hand.append(card)
        player: dict[str, object] = {"name": name, "melds": melds, "hand": hand}
        if seat == closer:
            player["went_out"] = True
        players.append(player)
    return players


def card_game(client: FlaskClient, seed: int = 5) -> str:
    """A 20-round game entered by cards, imported as a game file; returns its address."""
    response = client.post("/games/import", data={"text": json.dumps(card_game_file(seed))})
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return str(response.headers["Location"])


def card_game_file(seed: int = 5) -> dict[str, object]:
    """The game file of a 20-round game entered by cards, every round scored by the engine."""
    rng = random.Random(seed)
    rounds = []
    for number in range(1, ROUNDS + 1):
        players = _card_round(rng, number % len(NAMES))
        answer = adjudicate({"variant": "jolly_at", "check": "round", "players": players})
        assert answer.get("valid"), answer
        rounds.append({"number": number, "dealer": (number - 1) % len(NAMES),
                       "entry": {"players": players}, "scores": answer["scores"]})
    return _game_file(rounds)


def long_card_game_file(rounds: int, changes: int = 0, seed: int = 5) -> dict[str, object]:
    """The game file of a game by cards with ``rounds`` rounds and a history of ``changes``
    changes (at least one per round: each round added, then corrections of the first rounds
    by another deal) -- the largest game a table may play, when both are at their caps."""
    rng = random.Random(seed)
    deals = []
    for _ in range(12):  # a few deals, reused: the engine scores each one once here
        players = _card_round(rng, len(deals) % len(NAMES))
        answer = adjudicate({"variant": "jolly_at", "check": "round", "players": players})
        assert answer.get("valid"), answer
        deals.append({"entry": {"players": players}, "scores": answer["scores"]})
    file = _game_file([{"number": n, "dealer": (n - 1) % len(NAMES)}
                       | deals[n % len(deals)] for n in range(1, rounds + 1)])
    history: list[dict[str, object]] = [
        {"round": n, "action": "added", "before": None, "after": deals[n % len(deals)],
         "at": "2026-01-01T20:00:00"} for n in range(1, rounds + 1)]
    for i in range(max(0, changes - rounds)):
        n = 1 + i % rounds
        history.append({"round": n, "action": "corrected", "before": deals[n % len(deals)],
                        "after": deals[n % len(deals)], "at": "2026-01-01T21:00:00"})
    return file | {"history": history}
