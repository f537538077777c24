"""Entering a round together (issue 18): a player enters their own lay-offs onto another
player's meld on their own phone, a one-card "meld" gets a hint, names are typed as they
are, and whole-round problems are said in the player's words with a link to the rule."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from ..support.page import Page
from ..support.together import part, save, status
from ..support.web import game_at, new_game

DE = {"Accept-Language": "de-DE,de;q=0.9"}


def test_a_player_enters_their_own_lay_off_onto_another_players_meld(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    ben = client.application.test_client()
    assert part(client, game, "Anna", melds="6c 7c 8c\nKh Kd Ks", hand="", went_out="y") == 303
    # Ben, on his own phone: his 9♣ went onto Anna's run (the owner need not type it).
    assert part(ben, game, "Ben", melds="2h 3h 4h", layoffs="Anna: 9c", hand="5s 9d") == 303
    assert "→ Anna" in Page(status(ben, game)).texts(".card.onto")
    # Cleo laid off the 4th king onto Anna's second meld and names it by number.
    assert part(client, game, "Cleo", melds="", layoffs="anna 2: Kc", hand="Qh Qd 3c") == 303
    assert "Every part is in and the round is valid" in Page(status(client, game)).text
    assert save(client, game) == 303
    with app.app_context():
        rnd = game_at(game).rounds[0]
        anna = next(p for p in rnd.entry["players"] if p["name"] == "Anna")
        assert anna["melds"] == [["6c", "7c", "8c", {"card": "9c", "by": "Ben"}],
                                 ["Kh", "Kd", "Ks", {"card": "Kc", "by": "Cleo"}]]
        assert rnd.details["Ben"]["layoffs"] == 9 and rnd.details["Cleo"]["layoffs"] == 10


def test_a_lay_off_entered_by_both_players_counts_once(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert part(client, game, "Anna", melds="6c 7c 8c 9c@Ben", hand="", went_out="y") == 303
    assert part(client, game, "Ben", melds="", layoffs="Anna: 9c", hand="5s") == 303
    assert save(client, game) == 303
    with app.app_context():
        anna = game_at(game).rounds[0].entry["players"][0]
        assert anna["melds"] == [["6c", "7c", "8c", {"card": "9c", "by": "Ben"}]]


def test_a_lay_off_that_fits_nowhere_or_names_nobody_is_said_in_words(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert part(client, game, "Ben", melds="", layoffs="Anna: 9c", hand="5s") == 303
    assert "The lay-off 9♣ waits for the part of Anna." in Page(status(client, game)).text
    assert part(client, game, "Anna", melds="6c 7c 8c", hand="", went_out="y") == 303
    assert part(client, game, "Ben", melds="", layoffs="Anna: Qh", hand="5s") == 303
    page = Page(status(client, game))
    assert "The lay-off Q♥ fits no meld of Anna." in page.one("ul.problems").text
    assert "Save round 1" not in page.text
    nobody = client.post(f"{game}/together", data={"as": "Ben", "number": "1", "mode": "cards",
                                                    "layoffs": "Otto: 9c", "hand": "5s"})
    assert nobody.status_code == 422
    assert "“Otto” is nobody at this table." in Page(nobody).text
    no_colon = client.post(f"{game}/together", data={"as": "Ben", "number": "1",
                                                      "mode": "cards", "layoffs": "9c",
                                                      "hand": "5s"}, headers=DE)
    assert no_colon.status_code == 422
    assert "zuerst wessen Meldung" in Page(no_colon).text


def test_a_one_card_meld_gets_a_hint_how_to_enter_a_lay_off(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    checked = client.post(f"{game}/together/check", data={"as": "Ben", "mode": "cards",
                                                          "melds": "9c", "hand": "5s"})
    text = Page(checked).text
    assert "One or two cards are no meld of your own" in text and "Anna: 9c" in text
    de = Page(client.post(f"{game}/together/check", headers=DE, data={
        "as": "Ben", "mode": "cards", "melds": "9c", "hand": "5s"}))
    assert "Bei jemand anderem angelegt?" in de.text
    three = client.post(f"{game}/together/check", data={"as": "Ben", "mode": "cards",
                                                        "melds": "9c 10c Jc", "hand": ""})
    assert "One or two cards" not in Page(three).text


def test_names_with_spaces_are_typed_as_they_are(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna Lena", "Ben"])
    page = status(client, game)
    assert "Anna_Lena" not in client.get(f"{game}/together?as=Ben").get_data(as_text=True)
    assert part(client, game, "Ben", melds="6c 7c 8c 9c@anna lena", hand="",
                went_out="y") == 303
    assert part(client, game, "Anna Lena", melds="", layoffs="Ben: 10c", hand="5s") == 303
    assert save(client, game) == 303, page
    with app.app_context():
        ben = game_at(game).rounds[0].entry["players"][1]
        assert ben["melds"] == [["6c", "7c", "8c", {"card": "9c", "by": "Anna Lena"},
                                 {"card": "10c", "by": "Anna Lena"}]]
    edit = Page(client.get(f"{game}/rounds/1/edit"))
    # Corrected, the lay-off is Anna Lena's, written as she would type it (one notation).
    assert edit.field("p0_meld0") == "Ben: 9c 10c"


def test_whole_round_problems_are_in_the_players_words_with_a_link_to_the_rule(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert part(client, game, "Anna", melds="6c 7c 8c", hand="", went_out="y") == 303
    assert part(client, game, "Ben", melds="2h 3h 4h", hand="", went_out="y") == 303
    for headers in ({}, DE):
        problems = Page(status(client, game, headers)).one("ul.problems")
        said = " ".join([problems.text, *problems.links()])
        assert "RULES.md" not in said and "§" not in said
        assert "seed" not in said and "jolly_at" not in said
        rules = problems.attrs("a.rule", "href")
        assert rules and all(re.search(r"/rules#[a-z_]+$", href) for href in rules), rules


def test_the_together_page_writes_its_colons_the_french_way(client: FlaskClient) -> None:
    """"Main :" with a no-break space before the colon, as every French label (STYLE.md),
    in the table's parts and in the check of this phone's own part."""
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert part(client, game, "Anna", melds="6c 7c 8c", hand="Qd") == 303
    fr = {"Accept-Language": "fr-FR,fr;q=0.9"}
    page = Page(status(client, game, fr)).text
    assert "Main\u00a0:" in page and "Main:" not in page
    check = Page(client.post(f"{game}/together/check", headers=fr, data={
        "as": "Anna", "number": "1", "mode": "cards", "melds": "6c 7c 8c",
        "hand": "Qd"})).text
    assert "Combinaison 1\u00a0:" in check and "Main\u00a0:" in check
