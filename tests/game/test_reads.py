"""The pages' reads of scorepad/game/reads.py, called directly on SQLite and PostgreSQL: each
reads what the service wrote, in the order and number the pages rely on."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from scorepad.game import devices, evenings, reads, service
from scorepad.game.db import db

PLAYERS = ["Anna", "Ben", "Cleo"]
PHONE, OTHER = "p" * 22, "o" * 22


@pytest.fixture
def app(any_app: Flask) -> Iterator[Flask]:
    with any_app.app_context():
        yield any_app
        db.session.rollback()


def jolly_round(closer: int) -> list[dict[str, Any]]:
    return [{"name": name, "meld_points": 30, "hand_points": 0 if seat == closer else 10,
             "went_out": seat == closer} for seat, name in enumerate(PLAYERS)]


def new_game() -> str:
    return service.create_game("jolly_at", {}, PLAYERS).key


def game(key: str) -> Any:
    db.session.rollback()
    found = service.find_game(key)
    assert found is not None
    return found


def test_a_browser_reads_the_games_it_opened_newest_first_a_page_at_a_time(app: Flask) -> None:
    keys = [new_game() for _ in range(3)]
    for key in keys:
        devices.remember_game(game(key).id, PHONE, opened=True)
    devices.remember_game(game(keys[0]).id, OTHER, opened=True)
    db.session.rollback()
    assert [g.key for g in reads.games_opened(PHONE, 0, 10)] == keys[::-1]
    assert [g.key for g in reads.games_opened(PHONE, 1, 1)] == [keys[1]]
    assert [g.key for g in reads.games_opened(OTHER, 0, 10)] == [keys[0]]
    assert [g.key for g in reads.games_with_rounds_opened(PHONE, 2)] == keys[:0:-1]
    assert reads.known_game(PHONE, game(keys[0])) is not None
    assert reads.known_game(PHONE, game(keys[0]).id) is not None
    assert reads.known_game("n" * 22, game(keys[0])) is None


def test_who_another_phone_is_at_the_table(app: Flask) -> None:
    key = new_game()
    devices.choose_player(key, OTHER, "Ben")
    assert reads.other_phone_is(game(key), "Ben", PHONE)
    assert not reads.other_phone_is(game(key), "Ben", OTHER)
    assert reads.other_phone_is(game(key), "Ben", None)
    assert not reads.other_phone_is(game(key), "Anna", PHONE)


def test_a_games_rounds_history_and_versions(app: Flask) -> None:
    key, empty = new_game(), new_game()
    assert reads.game_version(key) == game(key).version
    assert reads.game_version("x" * 22) is None
    before = reads.game_and_draft_versions(key)
    service.add_round(key, 1, jolly_round(0))
    service.add_round(key, 2, jolly_round(1))
    g = game(key)
    assert reads.game_version(key) == g.version
    assert reads.game_and_draft_versions(key) == (g.version, 0, 0) != before
    assert reads.game_and_draft_versions("x" * 22) is None
    scores = reads.round_scores([g.id, game(empty).id])
    assert sorted(map(repr, scores)) == sorted(repr((g.id, r.scores)) for r in g.rounds)
    assert reads.round_scores([]) == []
    reads.load_players([])  # nothing to load: no query
    changes = reads.newest_changes(g, 10)
    assert reads.change_count(g) == len(changes) == 2
    assert [c.id for c in changes] == sorted((c.id for c in changes), reverse=True)
    assert reads.newest_changes(g, 1) == changes[:1]
    assert reads.changes_after(g, changes[-1].id, 5) == [changes[0]]
    assert reads.change_count(game(empty)) == 0


def test_an_evenings_games_in_the_order_they_were_started(app: Flask) -> None:
    first, second = new_game(), new_game()
    evening = evenings.start_evening(first)
    evenings.join_evening(second, evening.key)
    db.session.rollback()
    found = evenings.find_evening(evening.key)
    assert found is not None
    assert [g.key for g in reads.evening_games(found)] == [first, second]


def test_the_profiles_a_browser_saved_by_name(app: Flask) -> None:
    devices.save_profile(PHONE, "Zoe's table", "jolly_at", {})
    devices.save_profile(PHONE, "At Anna's", "jolly_at", {})
    devices.save_profile(OTHER, "Elsewhere", "jolly_at", {})
    db.session.rollback()
    assert [p.name for p in reads.profiles_of(PHONE)] == ["At Anna's", "Zoe's table"]
    assert reads.profiles_of("n" * 22) == []
