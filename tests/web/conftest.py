"""The app on a real SQLite file, its schema made by the migrations (as `make run` does).

``app`` and ``client`` stay on SQLite (``SCOREPAD_TEST_DATABASE=postgresql`` moves them);
``any_app`` and ``any_client`` of tests/conftest.py are the same on each database.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ..support.database import app_on, close_connections, with_schema


@pytest.fixture
def app(one_db_url: str, request: pytest.FixtureRequest) -> Iterator[Flask]:
    """On SQLite (or as $SCOREPAD_TEST_DATABASE says); ``any_app`` runs a test on both."""
    with_schema(one_db_url, request)
    app = app_on(one_db_url)
    yield app
    close_connections(app)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


