"""Stakes and settlement, evenings, house-rule profiles, players across games, the trail."""

from __future__ import annotations

import csv
import io
import json

from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Profile

from ..support.exports import pdf_text
from ..support.page import Page
from ..support.web import game_at, new_game, numbers, save_round

POT = {"stakes_mode": "pot", "stakes_cents": "100", "currency": "EUR"}


def jolly_to_100(client: FlaskClient, form: dict[str, str] | None = None,
                 names: list[str] | None = None) -> str:
    """Anna wins a jolly_at game to 100 in two rounds: 110 : -10 : 30."""
    game = new_game(client, "jolly_at", names or ["Anna", "Ben", "Cleo"], fields=form, target=100)
    save_round(client, game, numbers(2, [10, 20, 0], [30, 10, 40]))
    save_round(client, game, numbers(0, [0, 10, 45], [60, 10, 5]))
    return game


def key_of(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[1]


# -- stakes in a game -----------------------------------------------------------------

def test_stakes_are_stored_with_the_game(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"],
                    fields={"stakes_mode": "per_point", "stakes_cents": "5", "currency": "chf"})
    with app.app_context():
        stored = game_at(game)
        assert (stored.stakes_mode, stored.stakes_cents, stored.currency) == ("per_point", 5, "CHF")


def test_a_game_without_stakes_shows_no_settlement(app: Flask, client: FlaskClient) -> None:
    game = jolly_to_100(client)
    with app.app_context():
        assert game_at(game).stakes_mode is None
    page = Page(client.get(game))
    assert not page.has("#stakes-title") and not page.has("section.stakes")


def test_stakes_without_an_amount_are_refused_with_the_field_marked(client: FlaskClient) -> None:
    data = {"player_0": "Anna", "player_1": "Ben", "first_dealer": "0",
            "stakes_mode": "pot", "stakes_cents": "zehn", "currency": "EUR"}
    response = client.post("/games/new?variant=romme_de", data=data)
    assert response.status_code == 422
    assert "Enter the stake in cents" in Page(response).text


def test_an_unknown_currency_or_mode_is_refused(client: FlaskClient) -> None:
    base = {"player_0": "Anna", "player_1": "Ben", "first_dealer": "0", "stakes_cents": "10"}
    assert client.post("/games/new?variant=romme_de",
                       data=base | {"stakes_mode": "pot", "currency": "XYZ"}).status_code == 422
    assert client.post("/games/new?variant=romme_de",
                       data=base | {"stakes_mode": "all_in", "currency": "EUR"}).status_code == 422


def test_finished_game_with_a_pot_says_who_pays_whom(client: FlaskClient) -> None:
    game = jolly_to_100(client, POT)
    stakes = Page(client.get(game + "?lang=en")).one("section.stakes")
    assert "Who pays whom" in stakes.texts("h3")
    assert stakes.texts(".transfers li") == ["Ben pays Anna €1.00", "Cleo pays Anna €1.00"]
    assert stakes.keyed("data-balance")["Anna"] == "receives €2.00"


def test_amounts_are_written_the_german_way_in_german(client: FlaskClient) -> None:
    game = jolly_to_100(client, {"stakes_mode": "per_point", "stakes_cents": "1",
                                 "currency": "EUR"})
    stakes = Page(client.get(game + "?lang=de")).one("section.stakes")
    # 110 : -10 : 30 at a cent a point, everyone with everyone: Anna +2.00, Ben -1.60, Cleo -0.40
    balances = stakes.keyed("data-balance")
    assert "2,00\xa0€" in balances["Anna"] and "1,60\xa0€" in balances["Ben"]
    assert "0,40\xa0€" in balances["Cleo"]


def test_a_running_game_shows_the_settlement_if_it_ended_now(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"], fields=POT, target=1000)
    save_round(client, game, numbers(0, [0, 20], [50, 10]))
    stakes = Page(client.get(game + "?lang=en")).one("section.stakes")
    assert "If the game ended now:" in stakes.texts("p")
    assert stakes.texts(".transfers li") == ["Ben pays Anna €1.00"]


def test_the_sheet_prints_the_stakes_and_the_settlement(client: FlaskClient) -> None:
    game = jolly_to_100(client, POT)
    text = pdf_text(client.get(f"{game}/sheet.pdf?lang=en").data)
    assert "Pot: €1.00 per player" in text
    assert "Ben pays Anna €1.00" in text and "Cleo pays Anna €1.00" in text


# -- the correction trail ---------------------------------------------------------------

def test_the_sheet_lists_corrected_deleted_and_restored_rounds(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 30]))
    save_round(client, game, numbers(1, [12, 0]))
    version = Page(client.get(f"{game}/rounds/1/edit")).field("version")
    assert version
    client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 40]) | {"action": "save",
                                                                      "version": version})
    version = Page(client.get(game)).field("version")
    assert version
    client.post(f"{game}/rounds/2/delete", data={"version": version})
    text = pdf_text(client.get(f"{game}/sheet.pdf?lang=en").data)
    assert "Corrections" in text
    assert "Round 1 corrected" in text and "Ben 30" in text and "Ben 40" in text
    assert "Round 2 deleted" in text
    clean = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, clean, numbers(0, [0, 30]))
    assert "Corrections" not in pdf_text(client.get(f"{clean}/sheet.pdf?lang=en").data)


# -- an evening -----------------------------------------------------------------------

def test_an_evening_of_two_games_settles_the_summed_balances(app: Flask,
                                                              client: FlaskClient) -> None:
    first = jolly_to_100(client, POT)
    response = client.post(f"{first}/evening")
    assert response.status_code == 302
    evening = response.headers["Location"]
    assert "/e/" in evening
    # The second game: Ben wins this one; Cleo pays in both.
    second = jolly_to_100(client, POT, names=["Ben", "Anna", "Cleo"])
    joined = client.post(f"{second}/evening/join", data={"link": "http://x" + evening})
    assert joined.headers["Location"] == evening
    page = Page(client.get(evening + "?lang=en"))
    games = page.one(".evening-games").links()
    assert any(key_of(first) in link for link in games)
    assert any(key_of(second) in link for link in games)
    # Anna +2 -1, Ben -1 +2, Cleo -1 -1: one payment each from Cleo.
    stakes = page.one("section.stakes")
    assert stakes.keyed("data-balance")["Cleo"] == "pays €2.00"
    paid = stakes.texts(".transfers li")
    assert len(paid) == 2 and all(t.startswith("Cleo pays") for t in paid)
    text = pdf_text(client.get(f"{evening}/sheet.pdf?lang=en").data)
    assert "1. Jolly" in text and "2. Jolly" in text
    assert "Cleo pays" in text


def test_a_game_started_in_an_evening_belongs_to_it(app: Flask, client: FlaskClient) -> None:
    first = jolly_to_100(client, POT)
    evening = client.post(f"{first}/evening").headers["Location"]
    game = new_game(client, "romme_de", ["Anna", "Ben"], fields={"evening": key_of(evening)})
    with app.app_context():
        assert game_at(game).evening is not None
        assert game_at(game).evening.key == key_of(evening)


def test_a_game_in_another_currency_cannot_join_the_evening(client: FlaskClient) -> None:
    first = jolly_to_100(client, POT)
    evening = client.post(f"{first}/evening").headers["Location"]
    other = new_game(client, "romme_de", ["Anna", "Ben"],
                     fields={"stakes_mode": "pot", "stakes_cents": "50", "currency": "CHF"})
    response = client.post(f"{other}/evening/join", data={"link": evening},
                           follow_redirects=True)
    assert "played in CHF, the evening in EUR" in Page(response).text


def test_an_unknown_evening_is_not_found(client: FlaskClient) -> None:
    assert client.get("/e/" + "A" * 22).status_code == 404
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    response = client.post(f"{game}/evening/join", data={"link": "nonsense"},
                           follow_redirects=True)
    assert "No evening was found at this link." in Page(response).text


# -- house-rule profiles -------------------------------------------------------------

def test_a_profile_saved_in_one_browser_starts_a_game_in_another(app: Flask,
                                                                  client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"], target=300)
    response = client.post(f"{game}/profile", data={"name": "Omas Rommé"})
    profile = response.headers["Location"]
    assert "/p/" in profile
    other = app.test_client()
    page = Page(other.get(profile + "?lang=en"))
    assert page.one("h1").text == "Omas Rommé" and "Keep in my profiles" in page.texts("button")
    form = Page(other.get(f"/games/new?variant=romme_de&profile={key_of(profile)}"))
    assert form.field("hr_target") == "300"
    started = new_game(other, "romme_de", ["Cleo", "Dan"], fields={"profile": key_of(profile)},
                       target=300)
    with app.app_context():
        assert game_at(started).profile_name == "Omas Rommé"
        assert game_at(started).house_rules == {"target": 300}
    text = pdf_text(other.get(f"{started}/sheet.pdf?lang=en").data)
    assert "Omas Rommé" in text


def test_a_changed_rule_is_no_longer_the_profile(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"], target=300)
    profile = key_of(client.post(f"{game}/profile", data={"name": "Omas"}).headers["Location"])
    started = new_game(client, "romme_de", ["Anna", "Ben"], fields={"profile": profile},
                       target=400)
    with app.app_context():
        assert game_at(started).profile_name is None


def test_naming_the_rules_on_the_new_game_form_saves_a_profile(app: Flask,
                                                               client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"], fields={"profile_name": "Freitag"},
                    target=250)
    with app.app_context():
        assert game_at(game).profile_name == "Freitag"
        saved = db.session.scalars(db.select(Profile)).one()
        assert (saved.name, saved.variant, saved.house_rules) == ("Freitag", "romme_de",
                                                                  {"target": 250})
    assert "Freitag" in Page(client.get("/profiles")).text


def test_a_profile_file_imports_on_another_server(app: Flask, client: FlaskClient,
                                                  tmp_path: object) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"], target=300)
    profile = client.post(f"{game}/profile", data={"name": "Omas Rommé"}).headers["Location"]
    document = json.loads(client.get(f"{profile}/profile.json").data)
    assert document == {"format": "scorepad-profile", "version": 1, "name": "Omas Rommé",
                        "variant": "romme_de", "house_rules": {"target": 300}}
    other = app.test_client()
    response = other.post("/profiles/import", data={"file": (io.BytesIO(
        json.dumps(document).encode()), "omas.json")}, content_type="multipart/form-data")
    assert response.status_code == 302
    assert Page(other.get(response.headers["Location"])).one("h1").text == "Omas Rommé"


def test_a_broken_profile_file_is_refused_with_every_reason(app: Flask,
                                                            client: FlaskClient) -> None:
    bad = {"format": "scorepad-profile", "version": 1, "name": "", "variant": "romme_de",
           "house_rules": {"target": "viel"}, "extra": 1}
    response = client.post("/profiles/import", data={"text": json.dumps(bad)})
    problems = Page(response).one(".problems").text
    assert response.status_code == 422
    assert "Give the house rules a name." in problems
    assert "fields a profile does not have: extra" in problems
    assert client.post("/profiles/import", data={"text": "{"}).status_code == 422
    assert client.post("/profiles/import", data={"text": json.dumps({"format": "scorepad-game"})}
                       ).status_code == 422
    with app.app_context():
        assert db.session.scalars(db.select(Profile)).all() == []


# -- players across games ----------------------------------------------------------------

def test_players_are_counted_across_the_games_this_browser_knows(client: FlaskClient) -> None:
    jolly_to_100(client)
    jolly_to_100(client, names=["anna", "Ben", "Dora"])
    page = Page(client.get("/players?lang=en&a=Anna&b=Ben"))
    assert "Anna ahead 2 times, Ben ahead 0 times, level 0 times, in 2 games." in page.text
    rows = list(csv.DictReader(io.StringIO(client.get("/players.csv").get_data(as_text=True))))
    anna = next(r for r in rows if r["player"] == "Anna")
    # Rounds 20 and 90 in each game (jolly_at: higher is better).
    assert (anna["games"], anna["wins"], anna["rounds"]) == ("2", "2", "4")
    assert (anna["average"], anna["best"], anna["worst"], anna["closes"]) == ("55.00", "90", "20", "2")
    assert {r["player"] for r in rows} == {"Anna", "Ben", "Cleo", "Dora"}


def test_another_browser_sees_none_of_these_players(app: Flask, client: FlaskClient) -> None:
    jolly_to_100(client)
    page = app.test_client().get("/players?lang=en").get_data(as_text=True)
    assert "Anna" not in page
