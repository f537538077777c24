"""The database handle, created once here and bound to an app in :func:`scorepad.create_app`,
and how SQLite is set up for several phones writing at once.

The stored game (``scorepad.game``) needs the database and nothing of the web: this module
is where its layer begins.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)

# How long a write waits for another writer's lock (SQLite's busy timeout).
BUSY_SECONDS = 20.0


def _write_ahead_log(cursor: Any) -> None:
    """Put the database in write-ahead-log mode (it stays so; later connections find it so).

    Switching a new database to WAL needs it to itself; while another process holds the
    write lock (making the tables of a new database, say) SQLite refuses at once, busy
    timeout or not, to rule out a deadlock. So: wait and try again, as long as any write
    would wait."""
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
        return
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return  # WAL now, or a database that has no log (in memory)
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def sqlite_for_many_phones(engine: Engine) -> None:
    """SQLite for several writers: WAL, a busy timeout, and transactions we begin ourselves,
    so that a write can begin ``IMMEDIATE`` (take the write lock before it reads). Any other
    database is left as it is."""
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        _write_ahead_log(cursor)
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")
