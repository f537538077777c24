"""The game API of ../shared/API.md, on both databases: paths, fields, refusals and the
invariants a single client can observe (the races are in tests/live)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorepad import create_app
from scorepad.schema import run_migrations

from ..support.api import JOLLY_ROUND, call, make_game


@pytest.fixture
def app_with_csrf(tmp_path: Path) -> FlaskClient:
    """A client of an app with CSRF protection on, as in production."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'csrf.sqlite'}"})
    run_migrations(app)
    return app.test_client()


def test_a_game_is_created_read_and_played_through_the_api(any_client: FlaskClient) -> None:
    response = call(any_client, "POST", "/api/v1/games",
                    {"variant": "jolly_at", "players": ["Anna", "Ben"],
                     "house_rules": {"target": 300}, "first_dealer": 1})
    assert response.status_code == 201
    game = response.get_json()
    assert response.headers["Location"].endswith(f"/api/v1/games/{game['key']}")
    assert len(game["key"]) >= 22 and game["url"] == f"/g/{game['key']}"
    assert game["house_rules"] == {"target": 300}
    assert game["players"] == ["Anna", "Ben"] and game["next_round"] == 1
    assert game["rounds"] == [] and game["totals"] == {"Anna": 0, "Ben": 0}
    assert not game["finished"] and game["winners"] == [] and game["playoff"] == []

    added = call(any_client, "POST", f"/api/v1/games/{game['key']}/rounds",
                 {"number": 1, "players": JOLLY_ROUND})
    assert added.status_code == 201, added.get_json()
    after = added.get_json()
    assert after["next_round"] == 2 and after["version"] > game["version"]
    assert after["rounds"][0]["scores"] == {"Anna": 75, "Ben": 7}
    assert after["rounds"][0]["dealer"] == "Ben"
    assert after["rounds"][0]["players"] == JOLLY_ROUND
    assert after["totals"] == {"Anna": 75, "Ben": 7}
    # The page of the game shows the same round.
    assert "75" in any_client.get(after["url"]).get_data(as_text=True)
    fetched = call(any_client, "GET", f"/api/v1/games/{game['key']}").get_json()
    assert fetched == after


def test_a_round_is_corrected_and_deleted_only_at_its_current_version(
        any_client: FlaskClient) -> None:
    key = make_game(any_client)["key"]
    added = call(any_client, "POST", f"/api/v1/games/{key}/rounds",
                 {"number": 1, "players": JOLLY_ROUND}).get_json()
    seen = added["rounds"][0]["version"]
    corrected = [dict(JOLLY_ROUND[0]), dict(JOLLY_ROUND[1], hand_points=3)]
    first = call(any_client, "PUT", f"/api/v1/games/{key}/rounds/1",
                 {"version": seen, "players": corrected})
    assert first.status_code == 200
    assert first.get_json()["rounds"][0]["scores"] == {"Anna": 75, "Ben": 17}
    version = first.get_json()["rounds"][0]["version"]
    assert version > seen
    stale = call(any_client, "PUT", f"/api/v1/games/{key}/rounds/1",
                 {"version": seen, "players": JOLLY_ROUND})
    assert stale.status_code == 409
    assert stale.get_json()["error"]["code"] == "CONFLICT"
    assert stale.get_json()["game"]["rounds"][0]["scores"] == {"Anna": 75, "Ben": 17}
    assert call(any_client, "DELETE", f"/api/v1/games/{key}/rounds/1?version={seen}"
                ).status_code == 409
    gone = call(any_client, "DELETE", f"/api/v1/games/{key}/rounds/1?version={version}")
    assert gone.status_code == 200 and gone.get_json()["rounds"] == []
    # A phone that still shows round 1 lost a race: 409 with the game, not 404 (API.md).
    for late in (call(any_client, "DELETE", f"/api/v1/games/{key}/rounds/1?version={version}"),
                 call(any_client, "PUT", f"/api/v1/games/{key}/rounds/1",
                      {"version": version, "players": JOLLY_ROUND})):
        assert late.status_code == 409, late.get_data(as_text=True)
        assert late.get_json()["game"]["rounds"] == []
    # A round that never was is not found.
    assert call(any_client, "PUT", f"/api/v1/games/{key}/rounds/2",
                {"version": version, "players": JOLLY_ROUND}).status_code == 404


def test_a_round_number_that_is_not_the_next_is_a_conflict_with_the_game(
        any_client: FlaskClient) -> None:
    key = make_game(any_client)["key"]
    assert call(any_client, "POST", f"/api/v1/games/{key}/rounds",
                {"number": 1, "players": JOLLY_ROUND}).status_code == 201
    again = call(any_client, "POST", f"/api/v1/games/{key}/rounds",
                 {"number": 1, "players": JOLLY_ROUND})
    assert again.status_code == 409
    body = again.get_json()
    assert body["error"]["code"] == "CONFLICT" and body["game"]["next_round"] == 2
    ahead = call(any_client, "POST", f"/api/v1/games/{key}/rounds",
                 {"number": 3, "players": JOLLY_ROUND})
    assert ahead.status_code == 409


def test_only_the_last_round_can_be_deleted(any_client: FlaskClient) -> None:
    key = make_game(any_client)["key"]
    for n in (1, 2):
        call(any_client, "POST", f"/api/v1/games/{key}/rounds", {"number": n, "players": JOLLY_ROUND})
    refused = call(any_client, "DELETE", f"/api/v1/games/{key}/rounds/1?version=1")
    assert refused.status_code == 409
    game = call(any_client, "GET", f"/api/v1/games/{key}").get_json()
    assert [r["number"] for r in game["rounds"]] == [1, 2]


def test_a_round_the_engine_refuses_is_round_invalid_with_its_problems(
        any_client: FlaskClient) -> None:
    key = make_game(any_client)["key"]
    two_closers = [dict(p, went_out=True, hand_points=0) for p in JOLLY_ROUND]
    response = call(any_client, "POST", f"/api/v1/games/{key}/rounds",
                    {"number": 1, "players": two_closers})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "ROUND_INVALID"
    assert "CLOSER_NOT_UNIQUE" in [p["code"] for p in error["problems"]]
    assert call(any_client, "GET", f"/api/v1/games/{key}").get_json()["rounds"] == []


def test_a_refused_round_says_its_problems_in_the_language_its_body_asks(
        any_client: FlaskClient) -> None:
    """``"lang": "de"`` in the body words the problems in German (the contract's two
    languages); the body was read from the stream, where the error handler found nothing."""
    key = make_game(any_client)["key"]
    two_closers = [dict(p, went_out=True, hand_points=0) for p in JOLLY_ROUND]
    said = {}
    for lang in ("de", "en"):
        response = call(any_client, "POST", f"/api/v1/games/{key}/rounds",
                        {"number": 1, "players": two_closers, "lang": lang})
        assert response.status_code == 422
        problems = response.get_json()["error"]["problems"]
        said[lang] = next(p["message"] for p in problems if p["code"] == "CLOSER_NOT_UNIQUE")
    assert said["de"] != said["en"], said
    assert "Spieler" in said["de"] or "ausgemacht" in said["de"] or "Ausgehen" in said["de"], said


@pytest.mark.parametrize("body, code", [
    ({"variant": "gin", "players": ["A", "B"]}, "UNKNOWN_VARIANT"),
    ({"variant": "jolly_at", "players": ["A", "B"], "house_rules": {"nonsense": 1}},
     "INVALID_HOUSE_RULE"),
    ({"variant": "jolly_at", "players": ["A", "B"], "house_rules": {"target": "x"}},
     "INVALID_HOUSE_RULE"),
    ({"variant": "jolly_at", "players": ["A"]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B", "C", "D", "E", "F", "G"]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "a"]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "x" * 41]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B\x00"]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "\u202eB"]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", " "]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", 7]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": "A,B"}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "first_dealer": 2}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "first_dealer": True}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "colour": "red"}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "name": 7}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "counting": "twice"}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "stakes": "5 cents"}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "stakes": {"cents": 5}}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "stakes": {"mode": "bet", "cents": 5}},
     "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "stakes": {"mode": "pot", "cents": -1}},
     "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"], "stakes": {"mode": "pot", "cents": 10**6}},
     "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"],
      "stakes": {"mode": "pot", "cents": 50, "currency": "XYZ"}}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "players": ["A", "B"],
      "stakes": {"mode": "pot", "cents": 50, "tip": 1}}, "INVALID_REQUEST"),
    (["jolly_at"], "INVALID_REQUEST"),
])
def test_a_bad_new_game_is_refused_with_its_code(any_client: FlaskClient, body: Any,
                                                 code: str) -> None:
    response = call(any_client, "POST", "/api/v1/games", body)
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["code"] == code
    assert response.get_json()["error"]["message"]


def test_names_of_forty_characters_and_of_any_script_are_kept(any_client: FlaskClient) -> None:
    names = ["Ä" * 40, "Zoë 🃏"]
    game = make_game(any_client, players=names)
    assert call(any_client, "GET", f"/api/v1/games/{game['key']}").get_json()["players"] == names


@pytest.mark.parametrize("entry", [
    "not a list",
    [{"name": "Anna", "went_out": True, "meld_points": 45}],
    [{"name": "Anna", "went_out": True, "meld_points": 45}, {"name": "Cleo", "hand_points": 3,
                                                             "meld_points": 0}],
    [{"name": "Anna", "went_out": True, "meld_points": 45}, {"name": "Anna", "hand_points": 3}],
    [{"name": "Anna", "went_out": True, "meld_points": 45, "colour": 1},
     {"name": "Ben", "hand_points": 3, "meld_points": 0}],
    [{"name": "Anna", "went_out": True, "meld_points": 45},
     {"name": "Ben", "hand": ["Qx"], "melds": []}],
])
def test_a_bad_round_changes_nothing(any_client: FlaskClient, entry: Any) -> None:
    key = make_game(any_client)["key"]
    response = call(any_client, "POST", f"/api/v1/games/{key}/rounds",
                    {"number": 1, "players": entry})
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["code"] in ("INVALID_REQUEST", "INVALID_CARD")
    game = call(any_client, "GET", f"/api/v1/games/{key}").get_json()
    assert game["rounds"] == [] and game["version"] == 1


def test_keys_unknown_or_malformed_are_404_in_json(any_client: FlaskClient) -> None:
    for key in ("x", "1", "A" * 22, "../../etc", "99999999999999999999", "%00" * 8):
        response = call(any_client, "GET", f"/api/v1/games/{key}")
        assert response.status_code == 404, key
        assert response.get_json()["error"]["code"] == "NOT_FOUND"
    key = make_game(any_client)["key"]
    huge = call(any_client, "PUT", f"/api/v1/games/{key}/rounds/99999999999999999999",
                {"version": 1, "players": JOLLY_ROUND})
    assert huge.status_code == 404
    assert call(any_client, "GET", "/api/v1/nothing").get_json()["error"]["code"] == "NOT_FOUND"


def test_refusals_of_the_transport_are_json(any_client: FlaskClient) -> None:
    form = any_client.post("/api/v1/games", data={"variant": "jolly_at"})
    assert form.status_code == 415
    assert form.get_json()["error"]["code"] == "UNSUPPORTED_MEDIA_TYPE"
    broken = any_client.post("/api/v1/games", data="{", content_type="application/json")
    assert broken.status_code == 400 and broken.get_json()["error"]["code"] == "INVALID_JSON"
    deep = any_client.post("/api/v1/games", data="[" * 100_000, content_type="application/json")
    assert deep.status_code == 400 and deep.get_json()["error"]["code"] == "INVALID_JSON"
    large = any_client.post("/api/v1/games", data=" " * (1024 * 1024 + 10),
                            content_type="application/json")
    assert large.status_code == 413 and large.get_json()["error"]["code"] == "TOO_LARGE"
    wrong = any_client.patch("/api/v1/games")
    assert wrong.status_code == 405 and wrong.get_json()["error"]["code"]


def test_the_api_needs_no_csrf_token_but_the_pages_do(app_with_csrf: FlaskClient) -> None:
    created = call(app_with_csrf, "POST", "/api/v1/games",
                   {"variant": "romme_de", "players": ["A", "B"]})
    assert created.status_code == 201
    page_post = app_with_csrf.post(f"{created.get_json()['url']}/rounds/new",
                                   data={"closer": "0", "hand_1": "5", "action": "save"})
    assert page_post.status_code == 400


def test_adjudicate_answers_one_request_or_many(any_client: FlaskClient) -> None:
    one = call(any_client, "POST", "/api/v1/adjudicate",
               {"variant": "jolly_at", "check": "meld", "cards": ["Qh", "Kh", "Ah"]})
    assert one.status_code == 200 and one.get_json()["points"] == 31
    many = call(any_client, "POST", "/api/v1/adjudicate",
                [{"variant": "jolly_at", "check": "meld", "cards": ["Qh", "Kh", "Ah"]},
                 {"variant": "gin", "check": "meld", "cards": []}])
    assert many.status_code == 200
    answers = many.get_json()
    assert answers[0]["legal"] is True and answers[1]["error"]["code"] == "UNKNOWN_VARIANT"
    error = call(any_client, "POST", "/api/v1/adjudicate", {"variant": "gin", "check": "meld"})
    assert error.status_code == 422 and error.get_json()["error"]["code"] == "UNKNOWN_VARIANT"


def test_a_game_for_money_is_made_and_settled_through_the_api(any_client: FlaskClient) -> None:
    game = make_game(any_client, name="Friday", counting="net", house_rules={"target": 100},
                     stakes={"mode": "per_point", "cents": 10, "currency": "CHF"})
    assert game["name"] == "Friday" and game["counting"] == "net"
    assert game["stakes"] == {"mode": "per_point", "cents": 10, "currency": "CHF"}
    assert game["settlement"]["final"] is False
    net = [{"name": "Anna", "net": 120, "went_out": True}, {"name": "Ben", "net": -30}]
    over = call(any_client, "POST", f"/api/v1/games/{game['key']}/rounds",
                {"number": 1, "players": net}).get_json()
    assert over["finished"] and over["winners"] == ["Anna"]
    settlement = over["settlement"]
    assert settlement["final"] is True and settlement["currency"] == "CHF"
    assert settlement["winners"] == ["Anna"]
    # Per point: Ben pays the difference of the totals, 150 points at 10 cents.
    assert settlement["balances"] == {"Anna": 1500, "Ben": -1500}
    assert settlement["transfers"] == [{"from": "Ben", "to": "Anna", "cents": 1500}]
    # The page says the same.
    page = any_client.get(over["url"]).get_data(as_text=True)
    assert "CHF" in page and "15.00" in page


def test_a_game_without_stakes_has_none(any_client: FlaskClient) -> None:
    game = make_game(any_client)
    assert game["stakes"] is None and game["settlement"] is None
    assert game["name"] == "" and game["counting"] == "separate"


def test_changes_through_the_api_say_whose_phone_made_them(any_client: FlaskClient) -> None:
    game = make_game(any_client)
    url = f"/api/v1/games/{game['key']}"
    wrong = call(any_client, "POST", f"{url}/rounds", {"number": 1, "players": JOLLY_ROUND, "by": "Zoe"})
    assert wrong.status_code == 422 and wrong.get_json()["error"]["field"] == "by"
    assert call(any_client, "GET", url).get_json()["rounds"] == []  # refused: nothing saved
    added = call(any_client, "POST", f"{url}/rounds", {"number": 1, "players": JOLLY_ROUND, "by": "Ben"})
    assert added.status_code == 201
    version = added.get_json()["rounds"][0]["version"]
    deleted = call(any_client, "DELETE", f"{url}/rounds/1?version={version}&by=Anna")
    assert deleted.status_code == 200
    history = any_client.get(game["url"]).get_data(as_text=True)
    assert "on Ben’s phone" in history and "on Anna’s phone" in history
