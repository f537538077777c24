"""A save kept on a phone and sent later, from a browser whose session is gone (closed and
opened again): each write form's own token stands in for the session's CSRF token, for that
write only, and the write is saved once however often it comes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ..support.database import close_connections, migrated_app
from ..support.page import Page
from ..support.web import new_game


@pytest.fixture
def app(one_db_url: str) -> Iterator[Flask]:
    """CSRF on, as served."""
    app = migrated_app(one_db_url, WTF_CSRF_ENABLED=True)
    yield app
    close_connections(app)


def hidden(page: str) -> dict[str, str]:
    """The form fields that carry the write's identity (CSRF, round, write id, version)."""
    kept = ("csrf_token", "number", "write_id", "write_token", "version")
    return {f["name"]: f.attr("value") or "" for f in Page(page).all("input[name]")
            if f["name"] in kept}


def round_form(client: FlaskClient, game: str) -> dict[str, str]:
    """What the round form posts for a round Anna closed (its hidden fields as rendered)."""
    fields = hidden(client.get(f"{game}/rounds/new").get_data(as_text=True))
    assert fields["write_id"] and fields["write_token"]
    return fields | {"closer": "0", "hand_0": "0", "hand_1": "12", "hand_2": "7", "action": "save"}


def rounds(client: FlaskClient, game: str) -> list[int]:
    key = game.rstrip("/").rsplit("/", 1)[1]
    return [r["number"] for r in client.get(f"/api/v1/games/{key}").get_json()["rounds"]]


def test_a_save_sent_after_the_session_is_gone_is_saved_once(app: Flask) -> None:
    phone = app.test_client()
    game = new_game(phone, "romme_de", ["Anna", "Ben", "Cleo"])
    data = round_form(phone, game)
    later = app.test_client()  # the browser closed and opened again: no session cookie
    without = {k: v for k, v in data.items() if k != "csrf_token"}
    first = later.post(f"{game}/rounds/new", data=without)
    assert first.status_code == 302 and first.headers["Location"].endswith("#next")
    again = app.test_client().post(f"{game}/rounds/new", data=data)
    assert again.status_code == 303  # saved already: nothing saved twice
    assert rounds(phone, game) == [1]


def test_a_write_token_authorizes_only_its_own_write_of_its_own_game(app: Flask) -> None:
    phone = app.test_client()
    game = new_game(phone, "romme_de", ["Anna", "Ben", "Cleo"])
    other = new_game(phone, "romme_de", ["Anna", "Ben", "Cleo"])
    data = {k: v for k, v in round_form(phone, game).items() if k != "csrf_token"}
    stranger = app.test_client()
    assert stranger.post(f"{game}/rounds/new", data=data | {"write_id": "another-id"}).status_code == 400
    assert stranger.post(f"{other}/rounds/new", data=data).status_code == 400
    assert stranger.post(f"{game}/rounds/new", data=data | {"write_token": "x" + data["write_token"]}
                         ).status_code == 400
    no_token = {k: v for k, v in data.items() if k != "write_token"}
    assert stranger.post(f"{game}/rounds/new", data=no_token).status_code == 400
    assert rounds(phone, game) == [] and rounds(phone, other) == []


def test_the_outbox_reads_where_a_saved_write_leads_anchor_included(app: Flask) -> None:
    phone = app.test_client()
    game = new_game(phone, "romme_de", ["Anna", "Ben", "Cleo"])
    data = round_form(phone, game)
    answer = phone.post(f"{game}/rounds/new", data=data, headers={"X-Scorepad-Outbox": "1"})
    assert answer.status_code == 204
    assert answer.headers["X-Scorepad-Location"].endswith(f"{game}#next")
    again = phone.post(f"{game}/rounds/new", data=data, headers={"X-Scorepad-Outbox": "1"})
    assert again.status_code == 204 and again.headers["X-Scorepad-Location"].endswith("#round-1")
    # A refusal is the page, as for any form.
    wrong = phone.post(f"{game}/rounds/new", data=round_form(phone, game) | {"hand_1": "x"},
                       headers={"X-Scorepad-Outbox": "1"})
    assert wrong.status_code == 422
    assert rounds(phone, game) == [1]


def test_a_part_and_a_round_entered_together_are_saved_without_the_session(app: Flask) -> None:
    phone = app.test_client()
    game = new_game(phone, "romme_de", ["Anna", "Ben"])
    page = phone.get(f"{game}/together?as=Anna").get_data(as_text=True)
    fields = hidden(page)
    assert fields["write_token"]
    later = app.test_client()
    answer = later.post(f"{game}/together?as=Anna", data={
        "number": "1", "as": "Anna", "mode": "numbers", "went_out": "y", "hand": "0",
        "write_id": fields["write_id"], "write_token": fields["write_token"]})
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    assert answer.headers["Location"].endswith("#status")  # the part saved, not sent away
