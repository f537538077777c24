"""A page costs the same however many games the server holds and however long a game is:
the same SQL statements, counted (bench/bench_scale.py has the times with 10 and 1,000 games)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorepad.game.db import db

from ..support.web import new_game, numbers, save_round


@pytest.fixture
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements the app sends while the test runs."""
    sent: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    yield sent
    event.remove(engine, "before_cursor_execute", count)


def cost(client: FlaskClient, path: str, statements: list[str]) -> int:
    statements.clear()
    response = client.get(path)
    assert response.status_code == 200, path
    return len(statements)


def test_home_and_game_pages_send_the_same_statements_with_few_or_many_games_and_rounds(
        client: FlaskClient, statements: list[str]) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben", "Cleo"])
    for _ in range(2):
        assert save_round(client, game, numbers(0, [0, 20, 35])).status_code == 302
    few = {path: cost(client, path, statements) for path in ("/", game, f"{game}/rounds/new")}

    for _ in range(4):
        assert save_round(client, game, numbers(1, [12, 0, 7])).status_code == 302
    for i in range(32):  # more than a home page lists (30): the home page pages
        other = new_game(client, "jolly_at", ["Dora", f"Emil {i}"])
        assert save_round(client, other, numbers(0, [0, 40], [100, 20])).status_code == 302
    client.get(game)  # the game of the first count is on top of the list again
    many = {path: cost(client, path, statements) for path in ("/", game, f"{game}/rounds/new")}

    assert many == few
    assert cost(client, "/?page=1", statements) <= few["/"]


def test_a_browser_seen_for_the_first_time_gets_its_home_page_without_a_query(
        app: Flask, statements: list[str]) -> None:
    new_game(app.test_client(), "romme_de", ["Anna", "Ben"])
    assert cost(app.test_client(), "/", statements) == 0
