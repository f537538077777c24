"""Fixtures for every test folder: both databases, and the app served by a real server.

Databases
    ``db_url`` runs a test once per database, ``[sqlite]`` and ``[postgresql]`` in its
    name, with a fresh empty database each time: a SQLite file in ``tmp_path``, or a new
    database (``t_<n>``) on the session's throw-away PostgreSQL server, dropped afterwards.
    The PostgreSQL runs carry the ``postgres`` marker, so ``-m "not postgres"`` leaves
    them out; the server starts only when the first of them runs. If it cannot start,
    those tests fail, saying why: they are never skipped.

The app on either database
    ``any_app`` and ``any_client`` are ``app`` and ``client`` of ``tests/web`` on ``db_url``
    (the schema made by the migrations, CSRF off). ``app`` and ``client`` themselves stand
    on ``one_db_url``, SQLite, so a test chooses: one database, or both by asking for
    ``any_*``. ``SCOREPAD_TEST_DATABASE=postgresql`` puts ``one_db_url`` on PostgreSQL,
    to run every one-database test there (``make test-fast`` with it passes too).

A real server
    ``live_server`` is the app served by ``flask --app scorepad serve`` (gunicorn, as
    ``make run``) in a subprocess on 127.0.0.1, on ``db_url``'s database (so also once per
    database), CSRF on as in production. It yields a :class:`~tests.support.live.LiveServer`:
    ``.url``, ``.stop()``, ``.kill()`` (SIGKILL), ``.restart(kill=True)``, ``.log()``.
    SQLite is switched to write-ahead logging and waits 30 s for a busy writer; build a
    ``LiveServer`` yourself (``live_server_on``) to choose otherwise.

Markers: ``browser`` is set on every test under ``tests/browser``, ``postgres`` on every
PostgreSQL run (both registered in pyproject.toml, where markers are strict).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .support.database import (
    app_on,
    close_connections,
    migrate,
    sqlite_template,
    sqlite_url,
    with_schema,
)
from .support.live import LiveServer
from .support.postgres import PostgresServer, PostgresUnavailable

BROWSER_TESTS = Path(__file__).parent / "browser"
# The score-sheet renderer at the tests' own priority (scorepad/sheets/render.py): a test
# waits for each sheet it asks for, so a renderer niced below the test only made it wait
# longer on a busy machine. Set before any renderer (or its fork server, or a live server)
# starts; the environment carries it to all of them.
os.environ.setdefault("SCOREPAD_RENDER_NICE", "0")
DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server, started on first use and removed at the end."""
    try:
        server = PostgresServer.start()
    except PostgresUnavailable as error:
        pytest.fail(f"PostgreSQL tests cannot run: {error}", pytrace=False)
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def schema_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with the schema of the migrations, made once a session (once a worker
    under pytest-xdist); each test that needs the schema gets a copy of it."""
    return sqlite_template(tmp_path_factory.mktemp("template"))


@pytest.fixture(scope="session")
def schema_postgres(postgres_server: PostgresServer) -> str:
    """A database of the session's PostgreSQL server with the schema of the migrations,
    made once; each test that needs the schema gets a copy (``CREATE DATABASE … TEMPLATE``)."""
    name = "schema_template"
    postgres_server.copy_database(None, name)
    migrate(postgres_server.url(name))
    return name


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh empty database, once on SQLite and once on PostgreSQL."""
    yield from _fresh_database(request.param, request, tmp_path)


@pytest.fixture
def one_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh empty database of the kind ``$SCOREPAD_TEST_DATABASE`` names: SQLite unless it
    says ``postgresql``. ``app`` of tests/web stands on it."""
    kind = os.environ.get("SCOREPAD_TEST_DATABASE") or "sqlite"
    if kind not in ("sqlite", "postgresql"):
        pytest.fail(f"SCOREPAD_TEST_DATABASE is 'sqlite' or 'postgresql', not {kind!r}", pytrace=False)
    yield from _fresh_database(kind, request, tmp_path)


def _fresh_database(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield sqlite_url(tmp_path)
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = server.create_database()
    try:
        yield server.url(name)
    finally:
        server.drop_database(name)


@pytest.fixture
def any_app(db_url: str, request: pytest.FixtureRequest) -> Iterator[Flask]:
    """``app`` on each database."""
    with_schema(db_url, request)
    app = app_on(db_url)
    yield app
    close_connections(app)


@pytest.fixture
def any_client(any_app: Flask) -> FlaskClient:
    """``client`` on each database."""
    return any_app.test_client()


@pytest.fixture
def live_server_on(tmp_path: Path, request: pytest.FixtureRequest
                   ) -> Iterator[Callable[..., LiveServer]]:
    """Start servers yourself: ``live_server_on(db_url, wal=False, config={...})`` (see LiveServer).

    The database gets the schema of the migrations first (a new SQLite file: a copy of the
    session's template); every server started here is killed at the end of the test. Two
    servers on one database are two instances.
    """
    servers: list[LiveServer] = []

    def start(url: str, **options: Any) -> LiveServer:
        if all(s.db_url != url for s in servers):
            if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
                with_schema(url, request)
            else:
                migrate(url)
        server = LiveServer(url, tmp_path / f"instance-{len(servers)}", **options)
        servers.append(server)
        server.start()
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def live_server(db_url: str, live_server_on: Callable[..., LiveServer]) -> LiveServer:
    """The app served as ``make run`` serves it (gunicorn) in a subprocess, on each database."""
    return live_server_on(db_url)


@pytest.fixture
def another_db_url(db_url: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A second fresh empty database of ``db_url``'s kind, to compare two with each other."""
    if db_url.startswith("sqlite"):
        (tmp_path / "another").mkdir()
        yield sqlite_url(tmp_path / "another")
        return
    yield from _fresh_database("postgresql", request, tmp_path)
