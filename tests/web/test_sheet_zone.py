"""The printed sheet's corrections give the time in the phone's zone, as its history does
(scorepad/web/times.py), not the server's."""

from __future__ import annotations

import re
from datetime import datetime

from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Change

from ..support.exports import pdf_text
from ..support.page import Page
from ..support.web import game_at, new_game, numbers, save_round


def test_the_sheets_corrections_are_in_the_phones_zone(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    assert save_round(client, game, numbers(0, [0, 30])).status_code == 302
    edit = client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 35]) | {
        "action": "save", "version": str(1)})
    assert edit.status_code in (302, 303), edit.status_code
    with app.app_context():
        change = db.session.scalars(db.select(Change).where(
            Change.game_id == game_at(game).id, Change.action == "corrected")).one()
        change.at = datetime(2026, 7, 1, 16, 40)  # UTC; 18:40 in Vienna (summer time)
        db.session.commit()
    client.set_cookie("tz", "Europe/Vienna")
    history = Page(client.get(f"{game}?lang=en"))
    assert re.search(r"6:40(:00)?\s*PM|18:40", history.text)
    text = pdf_text(client.get(f"{game}/sheet.pdf?lang=en").get_data())
    assert re.search(r"6:40(:00)?\s*PM|18:40", text), text[-800:]
    assert "UTC" not in text
    # The game page's link carries the zone: a viewer that fetches the PDF again without
    # the browser's cookies still gets the phone's time.
    links = [link for link in history.links() if "/sheet.pdf" in link]
    assert links and "tz=Europe" in links[0]
    bare = client.application.test_client()
    again = pdf_text(bare.get(links[0] + "&lang=en").get_data())
    assert re.search(r"6:40(:00)?\s*PM|18:40", again) and "UTC" not in again
