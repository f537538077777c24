"""Bounded growth (issue 19): a game holds at most MAX_ROUNDS rounds and MAX_CHANGES changes,
refused in the player's words at the form and as a 4xx in the API, and a game at both caps
exports and imports back."""

from __future__ import annotations

import io
import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from bench.table_game import NAMES, long_card_game_file, numbers_round
from scorepad.game.files import MAX_BYTES, dump
from scorepad.rules.limits import MAX_CHANGES, MAX_PLAYED_ROUNDS, MAX_ROUNDS
from scorepad.rules.switches import SWITCHES
from scorepad.web.live_context import HISTORY_SHOWN

from ..support.page import Page
from ..support.web import game_at


def _import(client: FlaskClient, document: dict[str, Any]) -> str:
    response = client.post("/games/import", data={"file": (io.BytesIO(dump(document).encode()),
                                                           "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)[-3000:]
    return str(response.headers["Location"])


def _key(game: str) -> str:
    return game.rstrip("/").rsplit("/", 1)[1]


def _add(client: FlaskClient, game: str, number: int) -> Any:
    return client.post(f"/api/v1/games/{_key(game)}/rounds",
                       json={"number": number, "players": numbers_round(number)})


def _form(number: int) -> dict[str, str]:
    form = {"action": "save", "number": str(number)}
    for i, player in enumerate(numbers_round(number)):
        form |= {f"meld_{i}": str(player["meld_points"]), f"hand_{i}": str(player["hand_points"])}
        if player.get("went_out"):
            form["closer"] = str(i)
    return form


def test_the_rounds_rule_fits_the_cap_with_room_for_play_offs() -> None:
    assert SWITCHES["rounds"].maximum == MAX_PLAYED_ROUNDS == MAX_ROUNDS - 20


def test_a_game_takes_its_last_round_and_refuses_the_one_past_the_cap(
        any_app: Flask, any_client: FlaskClient) -> None:
    game = _import(any_client, long_card_game_file(MAX_ROUNDS - 1))
    assert _add(any_client, game, MAX_ROUNDS).status_code == 201
    before = any_client.get(f"/api/v1/games/{_key(game)}").get_json()
    answer = _add(any_client, game, MAX_ROUNDS + 1)
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["error"]["code"] == "GAME_TOO_LONG"
    assert f"at most {MAX_ROUNDS} rounds" in body["error"]["message"]
    after = any_client.get(f"/api/v1/games/{_key(game)}").get_json()
    assert after == before and len(after["rounds"]) == MAX_ROUNDS


def test_the_round_form_says_the_game_is_full_and_keeps_the_input(
        app: Flask, client: FlaskClient) -> None:
    game = _import(client, long_card_game_file(MAX_ROUNDS))
    for lang, words in (("en", f"A game holds at most {MAX_ROUNDS} rounds"),
                        ("de", f"Ein Spiel hat höchstens {MAX_ROUNDS} Runden")):
        response = client.post(f"{game}/rounds/new?lang={lang}", data=_form(MAX_ROUNDS + 1))
        assert response.status_code == 422
        page = Page(response)
        assert words in page.text
        for i, player in enumerate(numbers_round(MAX_ROUNDS + 1)[:3]):  # the input is kept
            assert page.field(f"meld_{i}") == str(player["meld_points"])
    with app.app_context():
        assert len(game_at(game).rounds) == MAX_ROUNDS
    page = client.get(f"{game}?lang=en").get_data(as_text=True)
    assert f"A game holds at most {MAX_ROUNDS} rounds" in page
    assert f"Enter round {MAX_ROUNDS + 1}" not in page


def test_a_full_history_refuses_corrections_deletions_and_rounds(
        any_app: Flask, any_client: FlaskClient) -> None:
    game = _import(any_client, long_card_game_file(10, MAX_CHANGES))
    key = _key(game)
    before = any_client.get(f"/api/v1/games/{key}").get_json()
    versions = {r["number"]: r["version"] for r in before["rounds"]}
    refused = [
        _add(any_client, game, 11),
        any_client.put(f"/api/v1/games/{key}/rounds/3",
                       json={"version": versions[3], "players": numbers_round(3)}),
        any_client.delete(f"/api/v1/games/{key}/rounds/10?version={versions[10]}"),
    ]
    for answer in refused:
        assert answer.status_code == 422, answer.get_data(as_text=True)
        assert answer.get_json()["error"]["code"] == "HISTORY_FULL"
    assert any_client.get(f"/api/v1/games/{key}").get_json() == before
    with any_app.app_context():
        assert len(game_at(game).history) == MAX_CHANGES


def test_a_deletion_just_under_the_history_cap_stays_restorable(
        any_app: Flask, any_client: FlaskClient) -> None:
    """The cap drops nothing: the deletion that fills the history is undone as before."""
    game = _import(any_client, long_card_game_file(10, MAX_CHANGES - 2))
    key = _key(game)
    last = any_client.get(f"/api/v1/games/{key}").get_json()["rounds"][-1]["version"]
    assert any_client.delete(f"/api/v1/games/{key}/rounds/10?version={last}").status_code == 200
    with any_app.app_context():
        deleted = game_at(game).history[-1].id
    assert "Restore round 10" in any_client.get(game).get_data(as_text=True)
    response = any_client.post(f"{game}/rounds/restore/{deleted}")
    assert response.status_code == 303
    with any_app.app_context():
        stored = game_at(game)
        assert [r.number for r in stored.rounds] == list(range(1, 11))
        assert len(stored.history) == MAX_CHANGES


def test_a_game_at_both_caps_exports_and_imports_back(
        app: Flask, client: FlaskClient) -> None:
    game = _import(client, long_card_game_file(MAX_ROUNDS, MAX_CHANGES))
    exported = client.get(f"{game}/game.json")
    assert len(exported.data) < MAX_BYTES
    first = json.loads(exported.data)
    assert (len(first["rounds"]), len(first["history"])) == (MAX_ROUNDS, MAX_CHANGES)
    response = client.post("/games/import", data={"file": (io.BytesIO(exported.data),
                                                           "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 302
    assert json.loads(client.get(f"{response.headers['Location']}/game.json").data) == first
    assert first["players"] == NAMES


def test_a_file_past_the_caps_is_refused_in_words(client: FlaskClient) -> None:
    for document, words in ((long_card_game_file(MAX_ROUNDS + 1), f"at most {MAX_ROUNDS} can be imported"),
                            (long_card_game_file(5, MAX_CHANGES + 1), "history is too long")):
        response = client.post("/games/import", data={"text": dump(document)})
        assert response.status_code == 422
        assert words in response.get_data(as_text=True)


def test_the_changed_poll_shows_the_newest_changes_only(client: FlaskClient) -> None:
    """The board a poll sends after a change does not grow with the history: the newest
    HISTORY_SHOWN changes, and a word that the older ones are in the game file."""
    short = _import(client, long_card_game_file(10, 10))
    full = _import(client, long_card_game_file(10, MAX_CHANGES))
    sizes = {}
    for game in (short, full):
        fragment = client.get(f"{game}/live?view=board&v=0")
        assert fragment.status_code == 200
        sizes[game] = len(fragment.data)
    page = client.get(f"{full}/live?view=board&v=0").get_data(as_text=True)
    assert page.count("Round 1 corrected") + page.count("Round 2 corrected") <= HISTORY_SHOWN
    assert f"History of changes ({MAX_CHANGES})" in page
    history = Page(page).one("ol[reversed]")  # numbered as in the whole history
    assert history["start"] == str(MAX_CHANGES)
    assert f"{MAX_CHANGES - HISTORY_SHOWN} older changes are kept in the game file" in page
    german = client.get(f"{full}/live?view=board&v=0&lang=de").get_data(as_text=True)
    assert f"{MAX_CHANGES - HISTORY_SHOWN} ältere Änderungen stehen in der Spieldatei" in german
    assert sizes[full] < sizes[short] + 10_000
