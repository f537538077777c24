"""One rule per input, asked at every door: the new-game form, the API, a game file, a
profile file and the blank score sheet answer a name, a stake or a key alike
(scorepad/game/checks.py); views write nothing themselves (scorepad/game/service.py);
a file's rounds are built as a saved round is, dealer included."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.checks import MAX_CENTS
from scorepad.game.names import MAX_GAME_NAME, MAX_NAME, name_problem
from scorepad.rules.limits import MAX_NUMBER

from ..support.page import Page
from ..support.web import new_game, new_game_data, numbers, save_round

ROOT = Path(__file__).resolve().parents[2]

REFUSED = ["\u202eAnna", "Anna\u2066", "An\u0000na", "Be\u200bn", "x" * (MAX_NAME + 1), "   "]
ACCEPTED = ["Zoë", "Anna-Lena", "x" * MAX_NAME, "Jörg 🂡"]


def _form(client: FlaskClient, names: list[str], **fields: str) -> Any:
    page = client.get("/games/new?variant=romme_de").get_data(as_text=True)
    return client.post("/games/new?variant=romme_de", data=new_game_data(page, names) | fields)


def _api(client: FlaskClient, names: list[str], **fields: Any) -> Any:
    return client.post("/api/v1/games", json={"variant": "romme_de", "players": names} | fields)


def _sheet(client: FlaskClient, names: list[str]) -> Any:
    return client.get(f"/sheets/blank?variant=romme_de&players={quote(','.join(names))}")


def _file(client: FlaskClient, names: list[str]) -> Any:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    document = json.loads(client.get(f"{game}/game.json").data)
    document["players"] = names
    return client.post("/games/import", data={"text": json.dumps(document)})


def _games(app: Flask) -> int:
    from scorepad.game.db import db
    from scorepad.game.models import Game

    with app.app_context():
        return db.session.query(Game).count()


@pytest.mark.parametrize("name", REFUSED, ids=repr)
def test_a_name_the_rule_refuses_is_refused_at_every_door(
        app: Flask, client: FlaskClient, name: str) -> None:
    """The blank sheet accepted a name with U+202E (or a zero-width space) that the new-game
    form refused: it asked its own copy of the rule."""
    assert name_problem(name) is not None
    before = _games(app)
    assert _form(client, ["Ben", name]).status_code == 422
    api = _api(client, ["Ben", name])
    assert api.status_code == 422
    assert api.get_json()["error"]["field"] == "players[1]"
    assert _games(app) == before
    sheet = _sheet(client, ["Ben", name])
    assert sheet.status_code == 400, name
    if name.strip():
        assert _file(client, ["Ben", name]).status_code == 422
        assert _games(app) == before + 1  # only the game the file was exported from


@pytest.mark.parametrize("name", ACCEPTED, ids=repr)
def test_a_name_the_rule_accepts_is_accepted_at_every_door(
        app: Flask, client: FlaskClient, name: str) -> None:
    assert name_problem(name) is None
    assert _form(client, ["Ben", name]).status_code == 302
    assert _api(client, ["Ben", name]).status_code == 201
    assert _sheet(client, ["Ben", name]).status_code == 200
    assert _file(client, ["Ben", name]).status_code == 302


def test_the_blank_sheet_says_why_a_name_is_refused_in_the_forms_words(
        client: FlaskClient) -> None:
    for lang, words in (("en", "control or text-direction"), ("de", "Steuer")):
        page = client.get(f"/sheets/blank?variant=romme_de&players=Ben,%E2%80%AEAnna&lang={lang}")
        assert page.status_code == 400
        assert words in Page(page).text


def test_two_names_the_table_cannot_tell_apart_are_refused_at_every_door(
        client: FlaskClient) -> None:
    names = ["Anna", "\u0410nna"]  # a Cyrillic А
    assert _form(client, names).status_code == 422
    assert _api(client, names).status_code == 422
    assert _sheet(client, names).status_code == 400
    assert "Two players are called" in Page(_file(client, names)).text


@pytest.mark.parametrize("cents, ok", [(MAX_CENTS, True), (MAX_CENTS + 1, False), (-1, False)])
def test_the_stake_limit_is_the_same_for_the_form_and_the_api(
        client: FlaskClient, cents: int, ok: bool) -> None:
    form = _form(client, ["Anna", "Ben"], stakes_mode="pot", stakes_cents=str(cents),
                 currency="EUR")
    api = _api(client, ["Anna", "Ben"], stakes={"mode": "pot", "cents": cents})
    assert (form.status_code, api.status_code) == ((302, 201) if ok else (422, 422))


def test_the_stake_message_names_the_limit_in_each_language(client: FlaskClient) -> None:
    for lang, words in (("en", f"from 0 to {MAX_CENTS} "), ("de", f"von 0 bis {MAX_CENTS} ")):
        client.set_cookie("lang", lang)
        page = _form(client, ["Anna", "Ben"], stakes_mode="pot", stakes_cents="100001",
                     currency="EUR")
        assert words in Page(page).text


def test_a_game_name_past_the_limit_is_refused_by_the_form_the_api_and_a_file(
        client: FlaskClient) -> None:
    long = "x" * (MAX_GAME_NAME + 1)
    assert _form(client, ["Anna", "Ben"], game_name=long).status_code == 422
    assert _api(client, ["Anna", "Ben"], name=long).status_code == 422
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    document = json.loads(client.get(f"{game}/game.json").data)
    document["name"] = long
    assert client.post("/games/import", data={"text": json.dumps(document)}).status_code == 422


def test_no_module_writes_a_limit_or_the_key_pattern_of_its_own() -> None:
    """`100_000` stood in five files and the key pattern in six; they are named once."""
    for path in (ROOT / "scorepad").rglob("*.py"):
        text = path.read_text()
        where = path.relative_to(ROOT).as_posix()
        if where != "scorepad/game/checks.py":
            assert "{16,43}" not in text, where
        if not where.startswith("scorepad/rules/"):
            assert not re.search(r"\b100_?000\b", text), where
    assert MAX_CENTS == MAX_NUMBER


# Writes through the session (or statements that change rows) a view module would make.
_WRITE = re.compile(r"db\.session\.(add|add_all|delete|commit|merge|flush|begin)\b"
                    r"|\b(insert|update|delete)\(\w+\)\.(values|where)|\.commit\(\)")


def test_the_web_layer_writes_nothing_itself_every_write_is_the_services() -> None:
    """KnownGame and DraftPart were committed inside views; now only scorepad/game/service.py
    writes (a rollback after an error is no write)."""
    offenders = [f"{path.relative_to(ROOT)}:{n}"
                 for path in sorted((ROOT / "scorepad" / "web").rglob("*.py"))
                 for n, line in enumerate(path.read_text().splitlines(), 1)
                 if _WRITE.search(line)]
    assert offenders == []
    assert _WRITE.search("db.session.add(known)") and _WRITE.search("db.session.commit()")


def _jolly_with_rounds(client: FlaskClient) -> dict[str, Any]:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    save_round(client, game, numbers(0, [0, 20, 30], [40, 10, 0]))
    save_round(client, game, numbers(1, [15, 0, 25], [0, 60, 30]))
    return dict(json.loads(client.get(f"{game}/game.json").data))


def test_an_import_whose_round_names_a_dealer_out_of_turn_is_refused(
        app: Flask, client: FlaskClient) -> None:
    document = _jolly_with_rounds(client)
    assert [r["dealer"] for r in document["rounds"]] == [0, 1]
    document["rounds"][1]["dealer"] = 2  # Cleo, though Ben dealt round 2
    before = _games(app)
    response = client.post("/games/import", data={"text": json.dumps(document)})
    assert response.status_code == 422
    problems = Page(response).one(".problems").text
    assert "Round 2: the file says Cleo dealt" in problems and "it was Ben’s" in problems
    assert _games(app) == before
    german = client.post("/games/import?lang=de", data={"text": json.dumps(document)})
    assert "Laut Datei hat Cleo ausgeteilt" in Page(german).one(".problems").text


def test_an_import_follows_the_files_first_dealer_as_a_saved_round_does(
        client: FlaskClient) -> None:
    document = _jolly_with_rounds(client)
    document["first_dealer"] = 2
    document["history"] = []
    for rnd in document["rounds"]:
        rnd["dealer"] = (2 + rnd["number"] - 1) % 3
    response = client.post("/games/import", data={"text": json.dumps(document)})
    assert response.status_code == 302
    again = json.loads(client.get(response.headers["Location"] + "/game.json").data)
    assert [r["dealer"] for r in again["rounds"]] == [2, 0]


def test_a_refusal_on_a_page_is_a_flash_on_the_page_the_view_names(client: FlaskClient) -> None:
    """One handler (scorepad/web/errors.py) answers the service's refusals for pages: the
    game page by default, the page a view names with back_to (the settings)."""
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    response = client.post(f"{game}/evening/join", data={"link": "no evening here"})
    assert (response.status_code, response.headers["Location"]) == (303, game)
    assert "No evening was found at this link." in client.get(game).get_data(as_text=True)


def test_each_refusal_has_its_status_in_one_mapping() -> None:
    from scorepad.game import errors
    from scorepad.web.errors import status_of

    assert [status_of(e) for e in (errors.GameNotFound("x"), errors.RoundNotFound("x"),
                                   errors.Conflict("x"), errors.RoundInvalid("x", []),
                                   errors.InvalidRequest("x"))] == [404, 404, 409, 422, 422]
    assert not any(hasattr(kind, "status") for kind in (
        errors.ServiceError, errors.NotFound, errors.Conflict, errors.AlreadySaved,
        errors.RoundInvalid, errors.InvalidRequest))
