"""The app on both databases: the schema the migrations make, and a game's way through it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
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
from ..support.postgres import PostgresServer
from .conftest import new_game, numbers, save_round


def schema(url: str) -> dict[str, Any]:
    """Every table as the database describes it: columns with generic types, keys, constraints."""
    engine = sa.create_engine(url)
    try:
        inspector = sa.inspect(engine)
        return {table: {
            # In name order: a migration adds its columns at the end, a new table has them
            # in the model's order; where a column stands means nothing to the app.
            "columns": sorted((c["name"], repr(c["type"].as_generic()), c["nullable"], _default(c["default"]))
                              for c in inspector.get_columns(table)),
            "indexes": sorted((i["name"], i["column_names"], bool(i["unique"]))
                              for i in inspector.get_indexes(table)
                              if not i.get("duplicates_constraint")),  # PostgreSQL: a unique's
            "primary key": inspector.get_pk_constraint(table)["constrained_columns"],
            "foreign keys": sorted((fk["constrained_columns"], fk["referred_table"], fk["referred_columns"])
                                   for fk in inspector.get_foreign_keys(table)),
            "unique": sorted(u["column_names"] for u in inspector.get_unique_constraints(table)),
        } for table in sorted(inspector.get_table_names())}
    finally:
        engine.dispose()


def _default(text: str | None) -> str | None:
    """A column's server default without its database's spelling: ``'1'`` and ``1``,
    ``false``, ``0`` and ``'false'::boolean`` are each one default; PostgreSQL's sequence
    behind an integer primary key (``nextval(…)``) is SQLite's rowid: none."""
    if text is None or text.startswith("nextval("):
        return None
    bare = re.sub(r"::[a-z ]+$", "", text).strip("'")
    return {"false": "0", "true": "1"}.get(bare, bare)


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
    totals = re.findall(r"<td[^>]*><strong>(-?\d+)</strong></td>", any_client.get(game).get_data(as_text=True))
    assert totals == [str(expected["Anna"]), str(expected["Ben"])]
