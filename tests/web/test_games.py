"""Home, new game and the scoreboard."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from ..support.page import Node, Page
from ..support.web import game_at, new_game, numbers, save_round, totals


def home_section(page: Page, title: str) -> Node:
    """The part of the home page under the heading ``title`` (In progress, Finished)."""
    found = [s for s in page.all("section") if s.has("h2") and s.one("h2").text == title]
    assert len(found) == 1, title
    return found[0]


def test_home_lists_running_and_finished_games(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"], target=100)
    page = Page(client.get("/"))
    assert "Anna, Ben" in home_section(page, "In progress").text
    assert "Anna, Ben" not in home_section(page, "Finished").text
    save_round(client, game, numbers(0, [0, 20], [150, 10]))
    page = Page(client.get("/"))
    assert "Anna, Ben" in home_section(page, "Finished").text
    assert "Anna, Ben" not in home_section(page, "In progress").text


def test_variant_choice_names_every_variant_with_its_summary(client: FlaskClient) -> None:
    page = Page(client.get("/games/new"))
    links = page.links()
    for variant in ("jolly_at", "jolly_vorrat", "three_thirteen", "romme_de", "rami_fr"):
        assert any(link.endswith(f"variant={variant}") for link in links), variant
    assert "Hand-Rommé doubles" in page.text


def test_unknown_variant_answers_404_with_the_choice(client: FlaskClient) -> None:
    response = client.get("/games/new?variant=gin_rummy")
    assert response.status_code == 404
    assert "gin_rummy" in response.get_data(as_text=True)


def test_new_game_form_prefills_every_house_rule_of_the_variant(client: FlaskClient) -> None:
    page = Page(client.get("/games/new?variant=rami_fr"))
    assert page.field("hr_joker_in_hand") == "150"
    assert page.field("hr_initial_min_points") == "51"
    assert not page.has('[name="hr_wild_in_hand"]')  # a 3-13 switch


def test_a_game_stores_players_in_seat_order_and_only_changed_rules(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Cleo", "anna", "Ben"], initial_min_points=30)
    with app.app_context():
        stored = game_at(game)
        assert stored is not None
        assert [p.name for p in stored.players] == ["Cleo", "anna", "Ben"]
        assert stored.house_rules == {"initial_min_points": 30}


def test_too_few_players_and_duplicate_names_come_back_with_input_kept(client: FlaskClient) -> None:
    response = client.post("/games/new?variant=jolly_at",
                           data={"player_0": "Anna", "first_dealer": "0", "hr_target": "300"})
    page = Page(response)
    assert response.status_code == 422
    assert "Enter at least 2 players." in page.text
    assert page.field("player_0") == "Anna" and page.field("hr_target") == "300"
    response = client.post("/games/new?variant=jolly_at",
                           data={"player_0": "Anna", "player_1": "anna", "first_dealer": "0"})
    assert "Two players cannot have the same name." in Page(response).text


def test_a_wrong_house_rule_value_is_named_at_its_field(client: FlaskClient) -> None:
    response = client.post("/games/new?variant=jolly_at", data={
        "player_0": "Anna", "player_1": "Ben", "first_dealer": "0", "hr_target": "lots",
        "hr_hand_win_factor": "0"})
    page = Page(response)
    assert "Enter a whole number." in page.one("[data-switch=target] .field-error").text
    assert "at least 1" in page.one("[data-switch=hand_win_factor] .field-error").text
    assert page.field("hr_target") == "lots"


def test_first_dealer_must_be_one_of_the_players(client: FlaskClient) -> None:
    response = client.post("/games/new?variant=jolly_at",
                           data={"player_0": "Anna", "player_1": "Ben", "first_dealer": "4"})
    assert "Choose one of the players." in Page(response).text


def test_scoreboard_shows_dealer_cards_and_wild_rank_in_three_thirteen(client: FlaskClient) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben", "Cleo"])
    upcoming = Page(client.get(game)).one("#next").text
    assert "Round 1: Anna deals 3 cards." in upcoming
    assert "Wild cards this round: 3" in upcoming
    save_round(client, game, numbers(1, [7, 0, 12]))
    upcoming = Page(client.get(game)).one("#next").text
    assert "Round 2: Ben deals 4 cards." in upcoming
    assert "Wild cards this round: 4" in upcoming


def test_scoreboard_shows_running_totals_leader_distance_and_chart(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"], target=300)
    save_round(client, game, numbers(0, [0, 30, 5], [50, 20, 10]))
    save_round(client, game, numbers(1, [12, 0, 40], [30, 60, 0]))
    page = Page(client.get(game))
    # Anna 80 + 18 = 98, Ben -10 + 90 = 80, Cleo 5 - 40 = -35
    assert totals(client, game) == [98, 80, -35]
    assert page.attrs("table.scores thead th.leader", "title") == ["Anna"]
    assert len(page.all("svg polyline")) == 3  # a line a player
    # Anna needs 203 to get over 300 (the game ends above it)
    assert page.keyed("data-distance") == {"Anna": "203", "Ben": "221", "Cleo": "336"}


def test_missing_game_is_404(client: FlaskClient) -> None:
    assert client.get("/games/999").status_code == 404
    assert client.get("/games/999/rounds/new").status_code == 404


def test_game_page_says_how_the_game_ends_as_the_target_rule_words_it(client: FlaskClient) -> None:
    """A penalty game with a target ends when a total passes it and the lowest wins: never
    'Target: 500' beside 'lowest total wins', which reads as if 500 were the goal."""
    romme = Page(client.get(new_game(client, "romme_de", ["Anna", "Ben"])))
    assert "ends when a total is over 500 · lowest total wins" in romme.text
    assert "Target: 500" not in romme.text
    vorrat = new_game(client, "jolly_vorrat", ["Anna", "Ben"], target=300)
    german = Page(client.get(f"{vorrat}?lang=de")).text
    assert "Ende, sobald eine Summe 300 erreicht · die höchste Summe gewinnt" in german
    three = Page(client.get(new_game(client, "three_thirteen", ["Anna", "Ben"]) + "?lang=en"))
    assert "11 rounds · lowest total wins" in three.text
