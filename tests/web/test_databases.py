"""The app on both databases: the schema the migrations make, and a game's way through it."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import downgrade

from scorepad.game.db import db
from scorepad.game.models import Round
from scorepad.rules import PlayerRound, rules_for, score_round
from scorepad.schema import with_alembic

from ..support.database import close_connections, migrate, migrated_app, sqlite_url
from ..support.page import Page
from ..support.postgres import PostgresServer
from ..support.schema import schema
from ..support.web import new_game, numbers, save_round


@pytest.mark.postgres
def test_migrations_make_the_same_tables_on_sqlite_and_postgresql(
        tmp_path: Path, postgres_server: PostgresServer) -> None:
    name = postgres_server.create_database()
    try:
        migrate(postgres_url := postgres_server.url(name))
        migrate(sqlite_url(tmp_path))
        on_postgres, on_sqlite = schema(postgres_url), schema(sqlite_url(tmp_path))
    finally:
        postgres_server.drop_database(name)
    assert set(on_sqlite) == {"alembic_version"} | set(db.metadata.tables)
    assert on_postgres == on_sqlite


def test_migrations_leave_nothing_for_autogenerate(any_app: Flask) -> None:
    with any_app.app_context(), db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
    assert differences == []


def test_migrations_go_down_to_nothing_and_up_again(db_url: str) -> None:
    migrate(db_url)
    made = schema(db_url)
    app = migrated_app(db_url)
    with_alembic(app)
    with app.app_context():
        downgrade(revision="base")
    close_connections(app)
    assert set(schema(db_url)) == {"alembic_version"}
    migrate(db_url)
    assert schema(db_url) == made


def test_game_made_through_the_form_shows_on_its_page(any_client: FlaskClient) -> None:
    game = new_game(any_client, "jolly_at", ["Anna", "Ben", "Cleo"], target=500)
    page = any_client.get(game)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert all(name in text for name in ("Anna", "Ben", "Cleo"))
    assert "Anna, Ben, Cleo" in any_client.get("/").get_data(as_text=True)


def test_saved_round_is_stored_and_totalled_as_the_engine_scores_it(any_client: FlaskClient,
                                                                    any_app: Flask) -> None:
    game = new_game(any_client, "jolly_at", ["Anna", "Ben"], target=500)
    response = save_round(any_client, game, numbers(0, [0, 37], [120, 40]))
    assert response.status_code in (302, 303), response.get_data(as_text=True)
    expected = score_round([PlayerRound("Anna", went_out=True, meld_points=120, hand_points=0),
                            PlayerRound("Ben", meld_points=40, hand_points=37)],
                           rules_for("jolly_at", player_count=2)).scores
    with any_app.app_context():
        stored = db.session.scalars(db.select(Round.scores)).all()
    assert stored == [expected]
    totals = Page(any_client.get(game)).keyed("data-total")
    assert totals == {"Anna": str(expected["Anna"]), "Ben": str(expected["Ben"])}
