"""The fixtures of the tests that call ``scorepad/game`` directly: ``game_app``, the app on each
database (``any_app``: SQLite and PostgreSQL, the schema made by the migrations) with an app
context pushed, so a test calls the service as a view or a command would; ``words_app``, an
app context with no database, for what is computed from a game held in memory."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from scorepad.game.db import db

from ..support.database import app_on


@pytest.fixture
def game_app(any_app: Flask) -> Iterator[Flask]:
    with any_app.app_context():
        yield any_app
        db.session.rollback()


@pytest.fixture
def words_app() -> Iterator[Flask]:
    """The app with an app context and no database behind it, for what is computed from a
    game held in memory (the scoreboard of an unsaved :class:`~scorepad.game.models.Game`):
    its words are said through gettext, which needs the app."""
    app = app_on("sqlite://")
    with app.app_context():
        yield app
