"""The promises of ../shared/API.md that a fuzzer found kept to the letter only (issue 28),
on both databases, through the API and through the pages: versions never given twice in
a game, a lost race on a round is 409 with the game (never 404 for a round the phone saw),
an Idempotency-Key bound to its request, 405 with Allow, names that look alike."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorepad import create_app

from ..support.api import JOLLY_ROUND, call, make_game
from ..support.page import Page
from ..support.web import delete_last, hidden, numbers, save_round

OTHER_ROUND = [{"name": "Anna", "meld_points": 30, "hand_points": 5},
               {"name": "Ben", "went_out": True, "meld_points": 40}]


def rounds_url(key: str, number: int | None = None) -> str:
    return f"/api/v1/games/{key}/rounds" + ("" if number is None else f"/{number}")


# -- versions are never given twice in a game ------------------------------------------

def test_a_phone_still_showing_a_deleted_round_cannot_touch_the_round_saved_after_it(
        any_client: FlaskClient) -> None:
    """The issue's sequence: A sees round 1 at v; B deletes it and saves another round 1;
    A's correction and deletion at v are 409 with the game, and B's round stands."""
    key = make_game(any_client)["key"]
    seen = call(any_client, "POST", rounds_url(key),
                {"number": 1, "players": JOLLY_ROUND}).get_json()["rounds"][0]["version"]
    assert call(any_client, "DELETE", f"{rounds_url(key, 1)}?version={seen}").status_code == 200
    again = call(any_client, "POST", rounds_url(key), {"number": 1, "players": OTHER_ROUND})
    assert again.status_code == 201
    b_round = again.get_json()["rounds"][0]
    assert b_round["version"] != seen
    for stale in (call(any_client, "PUT", rounds_url(key, 1),
                       {"version": seen, "players": JOLLY_ROUND}),
                  call(any_client, "DELETE", f"{rounds_url(key, 1)}?version={seen}")):
        assert stale.status_code == 409, stale.get_data(as_text=True)
        assert stale.get_json()["error"]["code"] == "CONFLICT"
        assert stale.get_json()["game"]["rounds"] == [b_round]
    assert call(any_client, "GET", f"/api/v1/games/{key}").get_json()["rounds"] == [b_round]


def test_a_request_on_a_round_deleted_meanwhile_is_a_conflict_with_the_game(
        any_client: FlaskClient) -> None:
    key = make_game(any_client)["key"]
    call(any_client, "POST", rounds_url(key), {"number": 1, "players": JOLLY_ROUND})
    seen = call(any_client, "POST", rounds_url(key), {"number": 2, "players": OTHER_ROUND}
                ).get_json()["rounds"][1]["version"]
    assert call(any_client, "DELETE", f"{rounds_url(key, 2)}?version={seen}").status_code == 200
    for late in (call(any_client, "DELETE", f"{rounds_url(key, 2)}?version={seen}"),
                 call(any_client, "PUT", rounds_url(key, 2),
                      {"version": seen, "players": OTHER_ROUND})):
        assert late.status_code == 409
        assert [r["number"] for r in late.get_json()["game"]["rounds"]] == [1]
    # A round that never was, or a version round 2 never had, is still not found.
    assert call(any_client, "DELETE", f"{rounds_url(key, 3)}?version={seen}").status_code == 404
    assert call(any_client, "DELETE", f"{rounds_url(key, 2)}?version={seen + 50}").status_code == 404


def test_the_migration_gives_existing_rounds_versions_their_game_never_gave(
        tmp_path: Path) -> None:
    """A database of the migration before: round 1 deleted and saved again, both at
    version 1. After the upgrade no round holds a version the game gave before."""
    import sqlalchemy as sa

    from scorepad.schema import run_migrations

    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    run_migrations(app, revision="d4f6a8c0e2b4")
    engine = sa.create_engine(url)
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO game (id, key, version, variant, house_rules, first_dealer, "
                          "created_at, updated_at, finished) VALUES (1, 'k0000000000000000000000', "
                          "4, 'jolly_at', '{}', 0, '2026-01-01', '2026-01-01', 0)"))
        for number, version in ((1, 1), (2, 2)):
            c.execute(sa.text("INSERT INTO round (game_id, number, dealer, entry, scores, details, "
                              "version, created_at, updated_at) VALUES (1, :n, 0, '{}', '{}', '{}', "
                              ":v, '2026-01-01', '2026-01-01')"), {"n": number, "v": version})
    run_migrations(app)
    with engine.connect() as c:
        versions = [v for (v,) in c.execute(sa.text("SELECT version FROM round ORDER BY number"))]
        last = c.execute(sa.text("SELECT last_version FROM game")).scalar()
    engine.dispose()
    assert versions == [5, 6] and last == 6  # above the game's 4, one each


# -- the same through the pages --------------------------------------------------------

def test_a_stale_correction_form_of_a_deleted_round_is_a_conflict_that_keeps_the_entry(
        app: Flask, client: FlaskClient) -> None:
    game = "/g/" + make_game(client, variant="romme_de")["key"]
    save_round(client, game, numbers(0, [0, 30]))
    form = client.get(f"{game}/rounds/1/edit").get_data(as_text=True)
    stale = {"version": hidden(form, "version"), "write_id": hidden(form, "write_id")}
    assert delete_last(client, game, 1).status_code == 303
    answer = client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 45]) | stale
                         | {"action": "save"})
    assert answer.status_code == 409
    page = Page(answer)
    assert "was deleted on another phone meanwhile" in page.text
    assert page.field("hand_1") == "45"  # the entry is kept, for the next round
    # B saves another round 1; A's old form still cannot correct it.
    save_round(client, game, numbers(1, [12, 0]))
    answer = client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 45]) | stale
                         | {"action": "save"})
    assert answer.status_code == 409
    kept = call(client, "GET", "/api/v1/games/" + game.rsplit("/", 1)[1]).get_json()
    assert kept["rounds"][0]["scores"] == {"Anna": 12, "Ben": 0}


def test_a_stale_delete_button_does_not_delete_the_round_saved_after(
        app: Flask, client: FlaskClient) -> None:
    game = "/g/" + make_game(client, variant="romme_de")["key"]
    save_round(client, game, numbers(0, [0, 30]))
    old = Page(client.get(game)).field("version")
    assert old is not None
    assert delete_last(client, game, 1).status_code == 303
    save_round(client, game, numbers(1, [12, 0]))
    refused = client.post(f"{game}/rounds/1/delete", data={"version": old},
                          follow_redirects=True)
    assert "Another phone corrected round 1 meanwhile" in refused.get_data(as_text=True)
    kept = call(client, "GET", "/api/v1/games/" + game.rsplit("/", 1)[1]).get_json()
    assert [r["scores"] for r in kept["rounds"]] == [{"Anna": 12, "Ben": 0}]


def test_a_resent_round_form_saves_once(app: Flask, client: FlaskClient) -> None:
    game = "/g/" + make_game(client, variant="romme_de")["key"]
    form = client.get(f"{game}/rounds/new").get_data(as_text=True)
    sent = numbers(0, [0, 30]) | {"action": "save", "number": "1",
                                  "write_id": hidden(form, "write_id")}
    assert client.post(f"{game}/rounds/new", data=sent).status_code == 302
    again = client.post(f"{game}/rounds/new", data=sent, follow_redirects=True)
    assert "nothing was saved twice" in again.get_data(as_text=True)
    kept = call(client, "GET", "/api/v1/games/" + game.rsplit("/", 1)[1]).get_json()
    assert len(kept["rounds"]) == 1


# -- an Idempotency-Key belongs to one request -------------------------------------------

def test_an_idempotency_key_answers_its_own_request_again_and_refuses_any_other(
        any_client: FlaskClient) -> None:
    key = make_game(any_client)["key"]
    other = make_game(any_client)["key"]
    k = {"Idempotency-Key": "phone-a-1"}
    first = call(any_client, "POST", rounds_url(key), {"number": 1, "players": JOLLY_ROUND},
                 headers=k)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    # The same request, its JSON spaced otherwise: the first answer again, nothing saved.
    again = any_client.post(rounds_url(key), headers=k, content_type="application/json",
                            data=json.dumps({"players": JOLLY_ROUND, "number": 1.0}, indent=2))
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    before = call(any_client, "GET", f"/api/v1/games/{key}").get_json()
    version = before["rounds"][0]["version"]
    reused = [
        call(any_client, "POST", rounds_url(key), {"number": 2, "players": JOLLY_ROUND}, headers=k),
        call(any_client, "POST", rounds_url(key), {"number": 1, "players": OTHER_ROUND}, headers=k),
        call(any_client, "PUT", rounds_url(key, 1), {"version": version, "players": OTHER_ROUND},
             headers=k),
        call(any_client, "POST", rounds_url(other), {"number": 1, "players": JOLLY_ROUND}, headers=k),
    ]
    for answer in reused:
        assert answer.status_code == 422, answer.get_data(as_text=True)
        assert answer.get_json()["error"]["code"] == "IDEMPOTENCY_KEY_REUSED"
        assert "Idempotent-Replayed" not in answer.headers
    assert call(any_client, "GET", f"/api/v1/games/{key}").get_json() == before
    assert call(any_client, "GET", f"/api/v1/games/{other}").get_json()["rounds"] == []


# -- 405 names the methods a route has ----------------------------------------------------

def test_every_route_answers_a_method_it_lacks_with_405_and_allow(app: Flask,
                                                                client: FlaskClient) -> None:
    key = make_game(client)["key"]
    checked = 0
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        values = {name: (key if name == "key" else 1) for name in rule.arguments}
        url = rule.rule
        for name, value in values.items():
            url = re.sub(rf"<(?:[^:<>]+:)?{name}>", str(value), url)
        missing = next(m for m in ("PATCH", "TRACE", "PUT", "DELETE") if m not in rule.methods)
        answer = client.open(url, method=missing)
        if answer.status_code == 404:
            continue  # another rule of the same path has the method (a 405 is for a path)
        assert answer.status_code == 405, (url, missing, answer.status_code)
        allowed = {m.strip() for m in answer.headers["Allow"].split(",")}
        assert rule.methods <= allowed, (url, allowed)
        checked += 1
    assert checked > 30
    api = client.open("/api/v1/games", method="TRACE")
    assert api.get_json()["error"]["code"] == "METHOD_NOT_ALLOWED"
    assert set(api.headers["Allow"].replace(" ", "").split(",")) == {"POST", "OPTIONS"}
    page = client.open("/", method="PATCH")
    assert page.status_code == 405 and "GET" in page.headers["Allow"]


# -- names that look alike are one name ---------------------------------------------------

@pytest.mark.parametrize("players", [["Eve", "Eve\ufe0f"], ["AB", "A\ufe0fB"],
                                     ["Max", "Max\U000e0100"], ["Jo ❤", "Jo ❤\ufe0f"],
                                     ["Lu", "L\u180bu"]])
def test_names_differing_only_by_what_shows_nothing_are_refused(
        any_client: FlaskClient, players: list[str]) -> None:
    answer = call(any_client, "POST", "/api/v1/games", {"variant": "jolly_at", "players": players})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["field"] == "players[1]"


def test_an_emoji_in_a_name_is_kept_as_typed(any_client: FlaskClient) -> None:
    made = make_game(any_client, players=["Jo ❤\ufe0f", "Ben"])
    assert made["players"] == ["Jo ❤\ufe0f", "Ben"]


# -- numbers as JSON Schema counts them ------------------------------------------------------

def test_a_whole_number_written_with_a_fraction_is_that_number(any_client: FlaskClient) -> None:
    key = make_game(any_client, first_dealer=1.0)["key"]
    added = call(any_client, "POST", rounds_url(key), {"number": 1.0, "players": JOLLY_ROUND})
    assert added.status_code == 201
    version = added.get_json()["rounds"][0]["version"]
    fixed = call(any_client, "PUT", rounds_url(key, 1), {"version": float(version),
                                                         "players": OTHER_ROUND})
    assert fixed.status_code == 200
    assert call(any_client, "POST", rounds_url(key), {"number": 2.5, "players": JOLLY_ROUND}
                ).status_code == 422


# -- the environment sets what docs/app.md says it sets ---------------------------------------

def test_the_creation_limit_is_read_from_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorepad.schema import run_migrations

    monkeypatch.setenv("SCOREPAD_INSTANCE", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite'}")
    monkeypatch.setenv("SCOREPAD_CREATE_LIMIT", "2 per hour")
    monkeypatch.setenv("SCOREPAD_CURRENCY", "CHF")
    app = create_app()
    assert app.config["SCOREPAD_CREATE_LIMIT"] == "2 per hour"
    assert app.config["SCOREPAD_CURRENCY"] == "CHF"
    run_migrations(app)
    client = app.test_client()
    body = {"variant": "jolly_at", "players": ["Anna", "Ben"]}
    codes = [call(client, "POST", "/api/v1/games", body).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
