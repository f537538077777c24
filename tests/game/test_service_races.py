"""Phones racing at the service, on SQLite and PostgreSQL: threads call the same write at the
same moment, each in its own app context (its own session and connection, as two requests
of the server are), and the game's write lock decides. Exactly one wins each race; every
other caller gets the typed refusal a phone is shown (a conflict, or the first save again),
never an error of the database; the round numbers and versions stay 1, 2, …, n.

No HTTP, no timing: a barrier starts the threads together and only the outcome is checked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask import Flask

from scorepad.game import errors, service
from scorepad.game.models import Change, DraftPart, Round

from ..support.service import PLAYERS, by_numbers, count, net, stored

PHONES = 4


def _race(app: Flask, *calls: Callable[[], Any]) -> list[Any]:
    """Run ``calls`` together, each in a thread with its own app context; what each returned
    or raised, in the order of ``calls``."""
    outcomes: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        with app.app_context():
            start.wait()
            try:
                outcomes[i] = calls[i]()
            except Exception as error:  # the outcome (a refusal, or any error) is what is checked
                outcomes[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a racing write never returned"
    return outcomes


def _kinds(outcomes: list[Any]) -> list[str]:
    return sorted(type(o).__name__ for o in outcomes)


def test_phones_saving_round_one_together_save_it_once(game_app: Flask) -> None:
    key = service.create_game("jolly_at", {}, PLAYERS).key
    entries = [net(0, 10 * (i + 1), 0, 0) for i in range(PHONES)]
    outcomes = _race(game_app, *[lambda e=e: service.add_round(key, 1, e) for e in entries])
    assert _kinds(outcomes) == ["Conflict"] * (PHONES - 1) + ["Round"]
    assert all(o.extra == {"next_round": 2} for o in outcomes if isinstance(o, errors.Conflict))
    game = stored(key)
    winner = next(i for i, o in enumerate(outcomes) if not isinstance(o, Exception))
    assert [r.entry["players"] for r in game.rounds] == [entries[winner]]
    assert (count(Round), count(Change), game.version, game.last_version) == (1, 1, 2, 1)


def test_phones_correcting_the_same_version_together_correct_it_once(game_app: Flask) -> None:
    key = service.create_game("jolly_at", {}, PLAYERS).key
    seen = service.add_round(key, 1, net(0, 5, 5, 5)).version
    entries = [net(0, 10 * (i + 1), 0, 0) for i in range(PHONES)]
    outcomes = _race(game_app, *[lambda e=e: service.correct_round(key, 1, seen, e)
                                 for e in entries])
    assert _kinds(outcomes) == ["Conflict"] * (PHONES - 1) + ["Round"]
    game = stored(key)
    assert all(o.extra == {"round_version": game.rounds[0].version}
               for o in outcomes if isinstance(o, errors.Conflict))
    assert [c.action for c in game.history] == ["added", "corrected"]


def test_one_form_sent_from_several_connections_at_once_is_saved_once(game_app: Flask) -> None:
    key = service.create_game("jolly_at", {}, PLAYERS).key
    entry = by_numbers(0, (60, 0), (20, 15), (0, 40))
    outcomes = _race(game_app, *[lambda: service.add_round(key, 1, entry, write_id="form-1")
                                 for _ in range(PHONES)])
    assert _kinds(outcomes) == ["AlreadySaved"] * (PHONES - 1) + ["Round"]
    assert count(Round) == 1 and count(Change) == 1


def test_phones_adding_the_next_round_until_each_has_saved_keep_the_numbers_whole(
        game_app: Flask) -> None:
    """Each phone saves one round, trying again with the next number after each conflict:
    every phone's round is saved once, numbered 1 to n, and the versions never repeat."""
    key = service.create_game("jolly_at", {"target": None}, PLAYERS).key

    def phone(i: int) -> int:
        number = 1
        while True:
            try:
                return service.add_round(key, number, net(0, i, 0, 0), by=PLAYERS[i % 3]).number
            except errors.Conflict as conflict:
                number = conflict.extra["next_round"]

    outcomes = _race(game_app, *[lambda i=i: phone(i) for i in range(PHONES)])
    assert sorted(outcomes) == list(range(1, PHONES + 1))
    game = stored(key)
    assert [r.number for r in game.rounds] == list(range(1, PHONES + 1))
    assert sorted(r.scores["Anna"] for r in game.rounds) == list(range(PHONES))
    assert sorted(r.version for r in game.rounds) == list(range(1, PHONES + 1))


def test_a_part_saved_while_the_round_is_saved_is_cleared_or_refused_never_left(
        game_app: Flask) -> None:
    key = service.create_game("jolly_at", {}, PLAYERS).key
    part = {"name": "Ben", "meld_points": 20, "hand_points": 15}

    def save_round() -> Any:
        rnd = service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
        service.clear_parts(key, 1)
        return rnd

    outcomes = _race(game_app, save_round,
                     *[lambda p=p: service.save_part(key, 1, p, part | {"name": p}, {}, by=p)
                       for p in PLAYERS])
    assert type(outcomes[0]).__name__ == "Round"
    assert all(type(o).__name__ in ("DraftPart", "Conflict") for o in outcomes[1:]), outcomes
    assert count(DraftPart) == 0 and count(Round) == 1


def test_a_deletion_and_a_correction_of_the_last_round_together_do_one_of_them(
        game_app: Flask) -> None:
    key = service.create_game("jolly_at", {}, PLAYERS).key
    service.add_round(key, 1, net(0, 5, 5, 5))
    seen = service.add_round(key, 2, net(1, 5, 5, 5)).version
    outcomes = _race(game_app, lambda: service.delete_round(key, 2, seen),
                     lambda: service.correct_round(key, 2, seen, net(1, 0, 50, 0)))
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert all(isinstance(o, errors.Conflict) for o in outcomes if isinstance(o, Exception))
    game = stored(key)
    if isinstance(outcomes[0], Exception):  # the correction won
        assert game.rounds[-1].scores["Ben"] == 50
    else:
        assert [r.number for r in game.rounds] == [1]
