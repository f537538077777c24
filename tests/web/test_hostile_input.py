"""Hostile input is answered in the player's words, never with a 500, on both
databases: totals past the bound, dates at the ends of the calendar, Unicode digits,
numbers past the database's range, JSON nested deep, odd device cookies, lone surrogates."""

from __future__ import annotations

import copy
import json
import threading
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Game, KnownGame
from scorepad.web.times import when

from ..support.exports import exported, upload
from ..support.net import net, net_game, text
from ..support.page import Page
from ..support.web import new_game, numbers, save_round


def api_game(client: FlaskClient, **house: Any) -> str:
    response = client.post("/api/v1/games", json={"variant": "jolly_at", "players": ["Anna", "Ben"],
                                                  "house_rules": house})
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["key"])


def api_round(client: FlaskClient, key: str, number: int, net: int) -> Any:
    """A round counted net (each player's number as typed, at most 10,000)."""
    return client.post(f"/api/v1/games/{key}/rounds", json={"number": number, "players": [
        {"name": "Anna", "went_out": True, "net": net}, {"name": "Ben", "net": -net}]})


# -- totals are bounded: the round that would pass the bound is refused -------------------

def test_api_refuses_a_round_that_carries_a_total_past_the_bound_and_the_game_goes_on(
        any_client: FlaskClient) -> None:
    key = api_game(any_client, rounds=50)
    for number in range(1, 11):
        assert api_round(any_client, key, number, 10_000).status_code == 201
    refused = api_round(any_client, key, 11, 1)
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["code"] == "TOTAL_TOO_LARGE"  # API.md's code, with the problems as ROUND_INVALID's
    assert error["problems"][0]["code"] == "TOTAL_TOO_LARGE"
    assert error["problems"][0]["player"] == "Anna"
    # Nothing was stored, and the game goes on.
    assert any_client.get(f"/api/v1/games/{key}").get_json()["next_round"] == 11
    assert api_round(any_client, key, 11, 0).status_code == 201
    assert any_client.get(f"/g/{key}").status_code == 200


def test_api_says_a_total_past_the_bound_in_the_contracts_words_as_every_other_problem(
        client: FlaskClient) -> None:
    """Worded where it is answered, in the contract's language as the other problems of a
    refused round are, not in the page language of the request's Accept-Language."""
    key = api_game(client, rounds=50)
    for number in range(1, 11):
        assert api_round(client, key, number, 10_000).status_code == 201
    refused = client.post(f"/api/v1/games/{key}/rounds", headers={"Accept-Language": "de"},
                          json={"number": 11, "players": [
                              {"name": "Anna", "went_out": True, "net": 1},
                              {"name": "Ben", "net": -1}]})
    assert [p["message"] for p in refused.get_json()["error"]["problems"]] == [
        f"{name}'s total would pass 100,000 points, more than a game can hold: check the "
        "points of this round." for name in ("Anna", "Ben")]


def test_the_one_number_form_says_at_the_field_that_the_total_would_pass_the_bound(
        client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben"], rounds=50)
    for _ in range(10):
        assert save_round(client, game, net(0, ["10000", "-10000"])).status_code == 302
    refused = save_round(client, game, net(0, ["10000", "-10000"]))
    assert refused.status_code == 422
    page = Page(refused)
    assert "total would pass 100,000 points" in page.text
    # At the field of each player whose total it is, with the typed numbers kept.
    at_fields = page.texts(".field-error")
    assert len([e for e in at_fields if e.startswith("Anna's total would pass")]) == 1
    assert len([e for e in at_fields if e.startswith("Ben's total would pass")]) == 1
    assert page.field("net_0") == "10000" and page.field("net_1") == "-10000"
    assert save_round(client, game, net(1, ["-5", "5"])).status_code == 302
    german = client.post(f"{game}/rounds/new?lang=de", data=net(0, ["10000", "-10000"]) | {
        "action": "save", "number": "12"})
    assert "Der Gesamtstand von Anna käme über 100.000 Punkte" in text(german)


def test_an_import_whose_totals_pass_the_bound_is_refused(client: FlaskClient) -> None:
    key = api_game(client, rounds=50)
    for number in range(1, 11):
        assert api_round(client, key, number, 10_000).status_code == 201
    document = exported(client, f"/g/{key}")
    last = copy.deepcopy(document["rounds"][-1]) | {"number": 11, "dealer": 0}
    document["rounds"].append(last)
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 422
    assert "passes 100,000 points" in text(response)


# -- dates -------------------------------------------------------------------------------

@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00", "9999-12-31T23:59:00",
                                    "1899-05-01T10:00:00"])
def test_an_import_dated_outside_the_sane_years_is_refused(client: FlaskClient,
                                                            moment: str) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 3]))
    document = exported(client, game)
    document["created"] = moment
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 422
    assert "must lie in the years 2000 to 2099" in text(response)
    history = exported(client, game)
    history["history"][0]["at"] = moment
    assert upload(client, json.dumps(history).encode()).status_code == 422


@pytest.mark.parametrize("zone", ["America/New_York", "Asia/Tokyo", ""])
def test_a_time_at_the_end_of_the_calendar_is_shown_not_a_failure(app: Flask, zone: str) -> None:
    headers = {"Cookie": f"tz={zone}"} if zone else {}
    with app.test_request_context("/", headers=headers):
        for moment in (datetime(1, 1, 1), datetime(9999, 12, 31, 23, 59)):
            for style in ("date", "datetime", "time"):
                assert when(moment, style)


# -- numbers: ASCII digits only, range checked before the database -----------------------

UNICODE_DIGITS = ["²", "⑤", "٣", "１"]


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_unicode_digits_are_not_numbers_anywhere(client: FlaskClient, digit: str) -> None:
    referee = client.post("/referee/jolly_at", data={"q": "meld", "cards": "JK Qh Kh",
                                                    "reading": digit})
    assert referee.status_code == 200
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    cards = {"mode_0": "cards", "p0_meld0": "JK Qh Kh", "p0_meld0_reading": digit,
             "mode_1": "numbers", "hand_1": "5", "closer": "0", "melds_0": digit}
    assert client.post(f"{game}/rounds/new", data=cards | {"action": "preview"}).status_code < 500
    assert client.post(f"{game}/rounds/check-meld", data={
        "field": "p0_meld0", "p0_meld0": "JK Qh Kh", "p0_meld0_reading": digit,
        "number": digit}).status_code == 200
    typed = client.post(f"{game}/rounds/new", data=numbers(0, [digit, "5"]) | {"action": "save",
                                                                               "number": "1"})
    assert typed.status_code == 422
    assert "Enter a whole number" in text(typed)
    form = client.get("/games/new?variant=three_thirteen").get_data(as_text=True)
    from ..support.web import new_game_data

    data = new_game_data(form, ["Anna", "Ben"]) | {"hr_court_values": f"10 {digit} 10",
                                                   "hr_ace_in_hand": digit}
    house = client.post("/games/new?variant=three_thirteen", data=data)
    assert house.status_code == 422


@pytest.mark.parametrize("huge", ["99999999999999999999", "2147483648", "-2147483649", "٣"])
def test_numbers_past_the_databases_range_are_not_read(any_client: FlaskClient,
                                                        huge: str) -> None:
    key = api_game(any_client)
    game = f"/g/{key}"
    assert any_client.get(f"{game}/live?view=notice&since={huge}&number={huge}").status_code == 200
    any_client.post(f"{game}/me", data={"player": "Anna"})
    for url in (f"{game}/together", f"{game}/together/save", f"{game}/together/discard"):
        response = any_client.post(url, data={"number": huge, "from": huge, "hand_points": "5"})
        assert response.status_code < 500, url
    assert any_client.get(f"{game}/rounds/new?number={huge}").status_code == 200
    assert any_client.post(f"{game}/rounds/new", data=numbers(0, [0, 5], [40, 0]) | {
        "action": "save", "number": huge}).status_code < 500
    assert any_client.delete(f"/api/v1/games/{key}/rounds/1?version={huge}").status_code < 500
    assert any_client.get(f"/?page={huge}").status_code == 200


# -- JSON nesting --------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [40, 900, 1100])
def test_house_rules_nested_deep_are_refused_not_a_failure(client: FlaskClient,
                                                           depth: int) -> None:
    nested = "[" * depth + "]" * depth
    assert client.get(f"/rules/jolly_at?house={nested}").status_code == 200
    objects = '{"a":' * depth + "1" + "}" * depth
    assert client.get(f"/rules/jolly_at?house={objects}").status_code == 200
    posted = client.post("/referee/jolly_at", data={"q": "meld", "cards": "Qh Kh Ah",
                                                    "house": nested})
    assert posted.status_code == 400
    api = client.post("/api/v1/adjudicate", data=objects, content_type="application/json")
    assert api.status_code == 400
    assert api.get_json()["error"]["code"] == "INVALID_JSON"


# -- device cookies ----------------------------------------------------------------------

@pytest.mark.parametrize("cookie", ["a" * 33, "b" * 43, "short", "ab cd" * 5])
def test_a_device_cookie_of_the_wrong_shape_is_replaced_never_stored(
        any_app: Flask, any_client: FlaskClient, cookie: str) -> None:
    any_client.set_cookie("scorepad_device", cookie)
    game = new_game(any_client, "romme_de", ["Anna", "Ben"])
    assert any_client.get(game).status_code == 200
    assert any_client.post(f"{game}/me", data={"player": "Anna"}).status_code == 303
    replaced = any_client.get_cookie("scorepad_device")
    assert replaced is not None and replaced.value != cookie
    with any_app.app_context():
        assert db.session.query(Game).count() == 1
        devices = {k.device for k in db.session.query(KnownGame)}
        assert devices == {replaced.value}


# -- imported documents are validated as a whole -------------------------------------------

@pytest.mark.parametrize("where", ["history", "round", "name"])
def test_a_lone_surrogate_anywhere_in_a_file_refuses_the_file(client: FlaskClient,
                                                              where: str) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 3]))
    document = exported(client, game)
    lone = "x\ud800"
    if where == "history":
        document["history"][0]["after"]["entry"]["players"][1]["hand"] = [lone]
    elif where == "round":
        document["rounds"][0]["entry"]["players"][1]["hand"] = [lone]
    else:
        document["name"] = lone
    raw = json.dumps(document).encode()  # ensure_ascii: "\ud800" as an escape
    response = upload(client, raw)
    assert response.status_code == 422
    assert client.get("/").status_code == 200


def test_a_history_entry_is_scored_like_a_round(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 3]))
    document = exported(client, game)
    document["history"][0]["after"]["scores"]["Ben"] = 77
    assert upload(client, json.dumps(document).encode()).status_code == 422
    document = exported(client, game)
    document["history"][0]["after"]["entry"]["players"][1]["melds"] = [[{"a": [[[]]]}]]
    assert upload(client, json.dumps(document).encode()).status_code == 422


# -- a part updated while another phone saves the round --------------------------------

def test_a_part_updated_while_another_phone_saves_the_round_is_no_failure(
        any_app: Flask, any_client: FlaskClient) -> None:
    """Anna's phone updates her part; in the moment between reading her part's row and
    writing it, Ben's phone saves the round (and clears its parts). Was a StaleDataError
    500 on PostgreSQL and a "busy" refusal on SQLite; now one waits for the other."""
    from sqlalchemy import event

    game = new_game(any_client, "romme_de", ["Anna", "Ben"])
    numbers_ = {"mode": "numbers"}
    assert any_client.post(f"{game}/together", data=numbers_ | {
        "as": "Anna", "number": "1", "went_out": "y", "hand_points": "0"}).status_code == 303
    assert any_client.post(f"{game}/together", data=numbers_ | {
        "as": "Ben", "number": "1", "hand_points": "12"}).status_code == 303
    other = any_app.test_client()
    saved: list[int] = []

    def ben_saves() -> None:
        saved.append(other.post(f"{game}/together/save", data={"number": "1"}).status_code)

    fired: list[threading.Thread] = []
    with any_app.app_context():
        engine = db.engine

    def between(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if not fired and statement.lstrip().upper().startswith("UPDATE DRAFT_PART"):
            thread = threading.Thread(target=ben_saves)
            fired.append(thread)
            thread.start()
            thread.join(1.0)  # Ben's save runs now, unless it waits for Anna's lock

    event.listen(engine, "before_cursor_execute", between)
    try:
        anna = any_client.post(f"{game}/together", data=numbers_ | {
            "as": "Anna", "number": "1", "went_out": "y", "hand_points": "0", "melded": "y"})
    finally:
        event.remove(engine, "before_cursor_execute", between)
    assert fired, "Anna's part was never written"
    fired[0].join(30)
    assert anna.status_code in (303, 409), anna.status_code
    assert saved == [303]
    with any_app.app_context():
        rounds = db.session.scalars(db.select(Game)).one().rounds
        assert [r.number for r in rounds] == [1]


def test_an_integer_of_thousands_of_digits_is_not_json_to_the_api(client: FlaskClient) -> None:
    for url in ("/api/v1/adjudicate", "/api/v1/games"):
        response = client.post(url, data=b"1" * 5000, content_type="application/json")
        assert response.status_code == 400
        assert response.get_json()["error"]["code"] == "INVALID_JSON"


# -- headers: CSP, Cache-Control, HEAD --------------------------------------------------------

def test_the_csp_names_the_pinned_htmx_file_not_its_host(client: FlaskClient) -> None:
    from scorepad.web.helpers import HTMX_VERSION

    csp = client.get("/").headers["Content-Security-Policy"]
    script = next(d for d in csp.split(";") if d.strip().startswith("script-src")).split()
    assert script == ["script-src", "'self'",
                      f"https://unpkg.com/htmx.org@{HTMX_VERSION}/dist/htmx.min.js"]


def test_keyed_pages_and_exports_are_not_stored_by_caches(app: Flask, client: FlaskClient) -> None:
    from ..support.fuzz import make_keys

    keys = make_keys(client)
    game, evening, profile = keys["game"], keys["evening"], keys["profile"]
    for path in ("/", f"/g/{game}", f"/g/{game}/game.json", f"/g/{game}/rounds.csv",
                 f"/g/{game}/rounds/new", f"/api/v1/games/{game}", f"/e/{evening}",
                 f"/p/{profile}", f"/p/{profile}/profile.json", "/players.csv"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers.get("Cache-Control") == "no-store", path
    static = client.get("/static/css/app.css?v=x")
    assert "no-store" not in static.headers.get("Cache-Control", "")


def test_head_works_wherever_get_does(app: Flask, client: FlaskClient) -> None:
    from ..support.fuzz import make_keys, routes

    keys = make_keys(client)
    for method, rule, _endpoint in routes(app):
        if method != "HEAD":
            continue
        key = keys["evening"] if rule.startswith("/e/") else (
            keys["profile"] if rule.startswith("/p/") else keys["game"])
        url = (rule.replace("<key:key>", key).replace("<key>", key)
               .replace("<int:number>", "1").replace("<variant>", "jolly_at"))
        get, head = client.get(url), client.head(url)
        assert head.status_code == get.status_code, (url, head.status_code, get.status_code)
        assert head.data == b"", url


# -- names that look the same are the same --------------------------------------------------

@pytest.mark.parametrize("names", [["Anna", "\u0410nna"], ["Zoë", "Zoe\u0308"], ["Ben", "ＢＥＮ"],
                                   ["Olga", "\u039flga"]])
def test_names_that_look_the_same_are_one_player(client: FlaskClient, names: list[str]) -> None:
    api = client.post("/api/v1/games", json={"variant": "romme_de", "players": names})
    assert api.status_code == 422
    assert api.get_json()["error"]["message"] == "Two players cannot have the same name."
    form = client.get("/games/new?variant=romme_de").get_data(as_text=True)
    from ..support.web import new_game_data

    page = client.post("/games/new?variant=romme_de", data=new_game_data(form, names))
    assert page.status_code == 422
    assert "Two players cannot have the same name." in text(page)


@pytest.mark.parametrize("name", ["Be\u200bn", "\u2060Ben", "Ben\ufeff", "B\u00aden", "\u3164"])
def test_invisible_characters_are_refused_in_names(client: FlaskClient, name: str) -> None:
    api = client.post("/api/v1/games", json={"variant": "romme_de", "players": ["Ben", name]})
    assert api.status_code == 422
    assert "invisible" in api.get_json()["error"]["message"]
    german = client.post("/api/v1/games", json={"variant": "romme_de", "players": ["Ben", name]},
                         headers={"Accept-Language": "de"})
    assert german.status_code == 422


def test_an_import_with_two_names_that_look_the_same_is_refused(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    document = exported(client, game)
    document["players"] = ["Anna", "\u0410nna"]
    document["rounds"], document["history"] = [], []
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 422
    assert "Two players are called" in text(response)


# -- the API takes the points the form takes ---------------------------------------------

@pytest.mark.parametrize("points", [{"meld_points": -5}, {"hand_points": 5000},
                                    {"meld_points": 99_999}])
def test_the_api_refuses_points_the_form_refuses(any_client: FlaskClient,
                                                 points: dict[str, int]) -> None:
    key = api_game(any_client)
    ben = {"name": "Ben", "meld_points": 0, "hand_points": 5} | points
    response = any_client.post(f"/api/v1/games/{key}/rounds", json={"number": 1, "players": [
        {"name": "Anna", "went_out": True, "meld_points": 40, "hand_points": 0}, ben]})
    assert response.status_code == 422
    problem = response.get_json()["error"]["problems"][0]
    assert problem["code"] == "POINTS_OUT_OF_RANGE" and problem["player"] == "Ben"
    game = f"/g/{key}"
    form = any_client.post(f"{game}/rounds/new", data=numbers(
        0, [0, points.get("hand_points", 5)], [40, points.get("meld_points", 0)]) | {
        "action": "save", "number": "1"})
    assert form.status_code == 422


# -- creating is limited; looking writes nothing -------------------------------------------

def test_evenings_profiles_and_profile_imports_are_limited_per_client(tmp_path: Any) -> None:
    from scorepad import create_app
    from scorepad.schema import bring_up_to_date

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'limit.sqlite'}",
                      "SCOREPAD_CREATE_LIMIT": "2 per minute"})
    bring_up_to_date(app)
    client = app.test_client()
    key = client.post("/api/v1/games", json={"variant": "romme_de", "players": ["A", "B"]}
                      ).get_json()["key"]
    evenings = [client.post(f"/g/{key}/evening").status_code for _ in range(3)]
    assert evenings[-1] == 429 and 429 not in evenings[:2]
    profiles = [client.post(f"/g/{key}/profile", data={"name": "Omas"}).status_code
                for _ in range(3)]
    assert profiles == [429, 429, 429]  # one budget for everything but games
    # Games have their own budget, untouched by the evenings.
    assert client.post("/api/v1/games", json={"variant": "romme_de", "players": ["A", "B"]}
                       ).status_code == 201
    assert client.post("/profiles/import", data={"text": "{}"}).status_code == 429


def test_a_cookieless_view_of_a_game_or_evening_writes_no_row(any_app: Flask,
                                                               any_client: FlaskClient) -> None:
    from ..support.fuzz import make_keys

    keys = make_keys(any_client)
    with any_app.app_context():
        before = db.session.query(KnownGame).count()
    cookieless = any_app.test_client(use_cookies=False)
    for _ in range(5):
        assert cookieless.get(f"/g/{keys['game']}").status_code == 200
        assert cookieless.get(f"/e/{keys['evening']}").status_code == 200
    with any_app.app_context():
        assert db.session.query(KnownGame).count() == before
    # A browser that keeps its cookies has the game it viewed first on its home page.
    phone = any_app.test_client()
    phone.get(f"/g/{keys['game']}")
    with any_app.app_context():
        assert db.session.query(KnownGame).count() == before
    assert f"/g/{keys['game']}" in phone.get("/").get_data(as_text=True)
    with any_app.app_context():
        assert db.session.query(KnownGame).count() == before + 1
