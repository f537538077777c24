"""Test databases with the schema of the migrations, as ``make run`` makes it."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from flask import Flask

from scorepad import create_app
from scorepad.game.db import db
from scorepad.schema import run_migrations


def sqlite_url(folder: Path) -> str:
    """The address of a SQLite file in ``folder``.

    >>> sqlite_url(Path("/tmp/t"))
    'sqlite:////tmp/t/scorepad.sqlite'
    """
    return f"sqlite:///{folder / 'scorepad.sqlite'}"


def migrated_app(url: str, **config: Any) -> Flask:
    """The app for the test client on the database at ``url``, its schema made by the migrations.

    CSRF is off, so tests post forms without reading the token first.
    """
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": url,
        "WTF_CSRF_ENABLED": False,
        # The suite creates many games from one address; test_security.py tests the limit.
        "RATELIMIT_ENABLED": False,
    } | config)
    run_migrations(app)
    return app


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
