"""The database's schema: made new, left alone, or brought up by the migrations.

``scorepad serve`` brings the database to the newest schema before it serves. Alembic
(through Flask-Migrate) does that by running every migration in turn, and importing it
alone takes a third of a second: a third of a cold start. So the serve command looks
first, with SQLAlchemy alone:

- the database is at the newest migration: nothing to do, Alembic is not imported;
- the database is empty: the tables are made from the models in one transaction and
  marked as being at the newest migration, as Alembic's cookbook does for a new database
  ("Building an Up to Date Database from Scratch"); a test keeps the models' tables equal
  to the migrations' on SQLite and PostgreSQL;
- anything else (an older schema): Alembic runs the migrations it lacks.

The newest migration is read from the migration files themselves, so no constant can
fall behind them. Two processes starting on one new database take turns (SQLite's write
lock, a PostgreSQL advisory lock), and the second finds the tables made.
"""

from __future__ import annotations

import ast
from enum import Enum
from functools import cache
from pathlib import Path

import sqlalchemy as sa
from flask import Flask

from scorepad.game.db import db

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# Alembic's own table, as its ``stamp`` makes it.
_VERSION = sa.Table("alembic_version", sa.MetaData(),
                    sa.Column("version_num", sa.String(32), nullable=False),
                    sa.PrimaryKeyConstraint("version_num", name="alembic_version_pkc"))
# Any fixed number: the advisory lock that PostgreSQL processes take while they look and make.
_PG_LOCK = 0x5C0_4E9AD


class Done(Enum):
    CURRENT = "current"    # at the newest migration already
    CREATED = "created"    # empty: made from the models
    MIGRATED = "migrated"  # older: Alembic ran the migrations


@cache
def newest_migration(folder: Path = MIGRATIONS) -> str | None:
    """The revision no other migration builds on, read from the files in ``versions/``
    (``revision = "…"``, ``down_revision = "…"``); None if there is not exactly one."""
    revisions: set[str] = set()
    built_on: set[str] = set()
    for path in (folder / "versions").glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not (isinstance(node, ast.Assign | ast.AnnAssign)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            value = ast.literal_eval(node.value) if node.value is not None else None
            if "revision" in names and isinstance(value, str):
                revisions.add(value)
            elif "down_revision" in names and value is not None:
                built_on.update([value] if isinstance(value, str) else value)
    heads = revisions - built_on
    return heads.pop() if len(heads) == 1 else None


def with_alembic(app: Flask) -> None:
    """Flask-Migrate on ``app``: ``flask db …`` and ``flask_migrate.upgrade()`` need it.
    Imported here, not at start, for the third of a second Alembic costs."""
    if "migrate" not in app.extensions:
        from flask_migrate import Migrate

        Migrate(app, db, directory=str(MIGRATIONS), render_as_batch=True)


def run_migrations(app: Flask, revision: str = "head") -> None:
    """Alembic's upgrade to ``revision``: every migration in turn, from whatever is there."""
    from flask_migrate import upgrade

    with_alembic(app)
    with app.app_context():
        upgrade(revision=revision)


def bring_up_to_date(app: Flask) -> Done:
    """Give the database of ``app`` the newest schema (see the module's description), and
    hold no connection to it afterwards (gunicorn forks its workers after this)."""
    newest = newest_migration()
    with app.app_context():
        try:
            done = _create_or_leave(db.engine, newest) if newest else None
        finally:
            db.engine.dispose()
    if done is None:
        run_migrations(app)
        with app.app_context():
            db.engine.dispose()
        done = Done.MIGRATED
    return done


def _create_or_leave(engine: sa.Engine, newest: str) -> Done | None:
    """In one transaction that no other starting process shares: CURRENT, or CREATED after
    making the tables, or None for the migrations to do."""
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            connection = connection.execution_options(sqlite_begin="IMMEDIATE")
        with connection.begin():
            if engine.dialect.name == "postgresql":
                connection.execute(sa.select(sa.func.pg_advisory_xact_lock(_PG_LOCK)))
            inspector = sa.inspect(connection)
            tables = set(inspector.get_table_names())
            if _VERSION.name in tables:
                version = connection.execute(sa.select(_VERSION.c.version_num)).scalars().all()
                return Done.CURRENT if version == [newest] else None
            if tables:
                return None  # tables but no version: not ours to guess; Alembic will say
            db.metadata.create_all(connection)
            _VERSION.create(connection)
            connection.execute(_VERSION.insert().values(version_num=newest))
            return Done.CREATED
