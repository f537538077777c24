"""Times in the phone's time zone (scorepad/zones.py): the ``tz`` cookie its browser sets,
else the server's zone, named."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Change, Game

from ..support.database import close_connections, migrated_app, sqlite_url
from ..support.exports import pdf_text
from ..support.page import Page
from ..support.web import new_game, numbers, save_round

# 18:30 UTC on 23 November: 19:30 in Vienna (CET), 13:30 in New York (EST).
AT = datetime(2026, 11, 23, 18, 30, 5)


@pytest.fixture
def zoned_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    monkeypatch.setenv("SCOREPAD_TIMEZONE", "UTC")  # the server's zone, whatever this machine's
    app = migrated_app(sqlite_url(tmp_path))
    yield app
    close_connections(app)


def game_at(app: Flask, client: FlaskClient) -> str:
    """A game with one round and one correction, all made at ``AT``."""
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    assert save_round(client, game, numbers(0, [0, 25])).status_code == 302
    version = Page(client.get(f"{game}/rounds/1/edit")).field("version")
    assert version
    assert client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 30]) | {"action": "save", "version": version},
                       ).status_code == 302
    with app.app_context():
        db.session.execute(db.update(Game).values(created_at=AT))
        db.session.execute(db.update(Change).values(at=AT))
        db.session.commit()
    return game


def test_a_phone_that_said_its_zone_sees_its_own_times(zoned_app: Flask) -> None:
    client = zoned_app.test_client()
    game = game_at(zoned_app, client)
    client.set_cookie("tz", "Europe/Vienna")
    client.set_cookie("lang", "de")
    home = client.get("/").get_data(as_text=True)
    assert "23.11.26, 19:30" in home and "UTC" not in home
    page = client.get(game).get_data(as_text=True)
    assert ">19:30:05<" in page and ">18:30" not in page
    sheet = " ".join(pdf_text(client.get(f"{game}/sheet.pdf").data).split())
    assert "23.11.26, 19:30" in sheet and "UTC" not in sheet

    client.set_cookie("tz", "America/New_York")
    client.set_cookie("lang", "en")
    assert "11/23/26, 1:30\u202fPM" in client.get("/").get_data(as_text=True)


def test_until_the_phone_has_said_its_zone_times_name_the_servers(zoned_app: Flask) -> None:
    client = zoned_app.test_client()
    game = game_at(zoned_app, client)
    client.set_cookie("lang", "en")
    assert "11/23/26, 6:30\u202fPM UTC" in client.get("/").get_data(as_text=True)
    assert "6:30:05\u202fPM UTC" in client.get(game).get_data(as_text=True)


@pytest.mark.parametrize("cookie", ["Mars/Olympus", "../../etc/passwd", "", "Europe/Vienna\x00",
                                    "x" * 4000])
def test_a_zone_that_is_none_is_the_servers(zoned_app: Flask, cookie: str) -> None:
    client = zoned_app.test_client()
    game_at(zoned_app, client)
    client.set_cookie("tz", cookie)
    client.set_cookie("lang", "en")
    response = client.get("/")
    assert response.status_code == 200
    assert "6:30\u202fPM UTC" in response.get_data(as_text=True)


def test_the_server_zone_comes_from_scorepad_timezone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREPAD_TIMEZONE", "Europe/Berlin")
    app = migrated_app(sqlite_url(tmp_path))
    client = app.test_client()
    game_at(app, client)
    client.set_cookie("lang", "de")
    assert "23.11.26, 19:30 MEZ" in client.get("/").get_data(as_text=True)
    close_connections(app)
