"""Test databases with the schema of the migrations, as ``make run`` makes it."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorepad import create_app
from scorepad.game.db import db
from scorepad.schema import run_migrations

from .postgres import PostgresServer


def sqlite_url(folder: Path) -> str:
    """The address of a SQLite file in ``folder``.

    >>> sqlite_url(Path("/tmp/t"))
    'sqlite:////tmp/t/scorepad.sqlite'
    """
    return f"sqlite:///{folder / 'scorepad.sqlite'}"


def app_on(url: str, **config: Any) -> Flask:
    """The app for the test client on the database at ``url``, as it is (no migration).

    CSRF is off, so tests post forms without reading the token first.
    """
    return create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": url,
        "WTF_CSRF_ENABLED": False,
        # The suite creates many games from one address; test_security.py tests the limit.
        "RATELIMIT_ENABLED": False,
    } | config)


def migrated_app(url: str, **config: Any) -> Flask:
    """:func:`app_on`, the schema made by the migrations (Alembic) first."""
    app = app_on(url, **config)
    run_migrations(app)
    return app


def sqlite_template(folder: Path) -> Path:
    """A SQLite file in ``folder`` with the schema of the migrations, made once a session:
    :func:`copy_template` gives each test its own copy (a file copy takes 1 ms; Alembic
    takes 50 ms on a quiet machine, and several times that on a busy one)."""
    url = sqlite_url(folder)
    migrate(url)
    path = Path(url.removeprefix("sqlite:///"))
    # Closed cleanly, a file in write-ahead-log mode has its log written back and removed:
    # the file alone is the whole database.
    assert not path.with_name(path.name + "-wal").exists(), "the template's log was left behind"
    return path


def copy_template(template: Path, url: str) -> None:
    """Make the SQLite database at ``url`` (no file there yet) a copy of ``template``."""
    path = Path(url.removeprefix("sqlite:///"))
    assert not path.exists(), f"{path} exists already: a template is copied to a new file only"
    shutil.copyfile(template, path)


def close_connections(app: Flask) -> None:
    """Close the app's pooled connections (PostgreSQL drops no database that is in use)."""
    with app.app_context():
        db.engine.dispose()


def migrate(url: str) -> None:
    """Give the database at ``url`` the schema of the migrations, and hold no connection to it."""
    close_connections(migrated_app(url))


def use_wal(url: str) -> None:
    """Switch a SQLite file to write-ahead logging: readers no longer wait for a writer.

    The journal mode is kept in the file, so every later connection uses it.
    """
    path = url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as conn:
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    assert mode == "wal", f"{path} refused write-ahead logging ({mode})"


def with_schema(url: str, request: pytest.FixtureRequest) -> None:
    """Give the fresh empty database at ``url`` (of ``db_url``, ``one_db_url``) the schema of
    the migrations: a copy of the session's template, so that Alembic runs once a session."""
    if url.startswith("sqlite"):
        copy_template(request.getfixturevalue("schema_sqlite"), url)
        return
    template = request.getfixturevalue("schema_postgres")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = url.rsplit("/", 1)[1]
    server.drop_database(name)
    server.copy_database(template, name)
