"""Checking a round while typing writes nothing to the database: the debounced Check of the
round form (``hx-trigger="change delay:300ms"``, ``action=preview``), a meld checked on its
own, and switching a player between numbers and cards. How this phone enters each player
is remembered when the round is saved, and only then.

The writes are counted where they happen: every statement SQLAlchemy sends to the SQLite
file (``INSERT``, ``UPDATE``, ``DELETE``, and ``BEGIN IMMEDIATE``, which takes the write lock
before any change and which a save opens with).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorepad.game.db import db

from ..support.page import Page
from ..support.web import new_game

HTMX = {"HX-Request": "true"}
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN IMMEDIATE", "BEGIN EXCLUSIVE")


@contextmanager
def writes(app: Flask) -> Iterator[list[str]]:
    """The writing statements sent to the app's database while the block runs."""
    with app.app_context():
        engine = db.engine
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith(WRITES):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def typing(closer: str = "") -> dict[str, str]:
    """A round form half typed: Anna by cards, Ben by numbers (Jolly starts by numbers)."""
    return {"mode_0": "cards", "melds_0": "1", "p0_meld0": "7h 8h 9h", "p0_hand": "",
            "mode_1": "numbers", "meld_1": "0", "hand_1": "15", "closer": closer,
            "number": "1", "action": "preview"}


def test_checking_a_new_round_while_typing_writes_nothing(client: FlaskClient, app: Flask) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    client.get(game)
    client.get(f"{game}/rounds/new")  # the phone has its cookie, the game is on its list
    with writes(app) as seen:
        for closer in ("", "0", "1"):
            response = client.post(f"{game}/rounds/new", data=typing(closer), headers=HTMX)
            assert response.status_code in (200, 422), response.status_code
        assert client.post(f"{game}/rounds/check-meld", headers=HTMX, data={
            "field": "p0_meld0", "p0_meld0": "7h 8h 9h", "number": "1"}).status_code == 200
        client.post(f"{game}/rounds/new", data=typing("0") | {"mode_1": "cards"}, headers=HTMX)
    assert seen == []


def test_the_modes_are_remembered_when_the_round_is_saved(client: FlaskClient, app: Flask) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    client.get(f"{game}/rounds/new")
    client.post(f"{game}/rounds/new", data=typing("0"), headers=HTMX)
    assert Page(client.get(f"{game}/rounds/new")).field("mode_0") == "numbers"  # kept nothing
    with writes(app) as seen:
        saved = client.post(f"{game}/rounds/new", data=typing("0") | {"action": "save"})
    assert saved.status_code == 302
    assert any(s.startswith("UPDATE known_game") for s in seen), "the save did not remember the modes"
    assert Page(client.get(f"{game}/rounds/new")).field("mode_0") == "cards"


def test_checking_a_correction_while_typing_writes_nothing(client: FlaskClient, app: Flask) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    client.get(f"{game}/rounds/new")
    assert client.post(f"{game}/rounds/new", data=typing("0") | {"action": "save"}).status_code == 302
    version = Page(client.get(f"{game}/rounds/1/edit")).first('input[type=hidden][name="version"]')
    assert version is not None, "the correction form has no version"
    with writes(app) as seen:
        for mode in ("numbers", "cards"):
            client.post(f"{game}/rounds/1/edit", headers=HTMX,
                        data=typing("0") | {"mode_0": mode, "meld_0": "24", "hand_0": "0",
                                            "version": version["value"]})
    assert seen == []
