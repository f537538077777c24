"""One lay-off notation (docs/decisions.md): the player who lays off writes whose meld, a
colon and the cards (``Anna 2: 9c``) on the round form, on the together page and at the
referee (there the meld's cards stand for its owner); it is explained once per page; the
older spellings (``9c@Ben`` in the owner's meld, ``6c 7c 8c + 9c``) still work. Words
about lay-offs follow who scores them, and every wrong card of a field is named."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from ..support.cards import by_cards, post
from ..support.together import part, save
from ..support.web import game_at, new_game

DE = {"Accept-Language": "de-DE,de;q=0.9"}
EN = {"Accept-Language": "en"}


def text(response: object) -> str:
    return html.unescape(response.get_data(as_text=True))  # type: ignore[attr-defined]


def test_the_round_form_takes_a_lay_off_in_the_layers_meld_field(app: Flask,
                                                                  client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    data = by_cards([
        {"melds": ["6c 7c 8c", "Kh Kd Ks"], "hand": ""},
        {"melds": ["2h 3h 4h", "Anna: 9c"], "hand": "5s 9d"},
        {"melds": ["anna 2: Kc"], "hand": "Qh Qd 3c"},
    ], closer=0)
    assert post(client, game, data).status_code == 302
    with app.app_context():
        rnd = game_at(game).rounds[0]
        anna, ben = rnd.entry["players"][0], rnd.entry["players"][1]
        assert anna["melds"] == [["6c", "7c", "8c", {"card": "9c", "by": "Ben"}],
                                 ["Kh", "Kd", "Ks", {"card": "Kc", "by": "Cleo"}]]
        assert ben["melds"] == [["2h", "3h", "4h"]]
        assert rnd.details["Ben"]["layoffs"] == 9 and rnd.details["Cleo"]["layoffs"] == 10


def test_the_older_at_spelling_in_the_owners_meld_still_works(app: Flask,
                                                             client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    data = by_cards([{"melds": ["6c 7c 8c 9c@Ben"], "hand": ""},
                     {"melds": ["2h 3h 4h"], "hand": "5s"}], closer=0)
    assert post(client, game, data).status_code == 302
    with app.app_context():
        assert game_at(game).rounds[0].details["Ben"]["layoffs"] == 9


def test_a_lay_off_on_the_round_form_that_fits_nothing_is_said_at_its_field(
        client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    data = by_cards([{"melds": ["6c 7c 8c"], "hand": ""},
                     {"melds": ["Anna: 3d"], "hand": "5s"}], closer=0)
    page = text(post(client, game, data))
    assert "The lay-off 3♦ fits no meld of Anna." in page
    mine = text(post(client, game, by_cards([{"melds": ["Anna: 9c"], "hand": ""},
                                             {"hand": "5s"}], closer=0)))
    assert "“Anna:” names your own meld" in mine


def test_the_round_forms_meld_check_draws_a_lay_off_onto_its_owner(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    answer = text(client.post(f"{game}/rounds/check-meld", data={
        "field": "p1_meld1", "p1_meld1": "Anna 2: 9c 10c", "number": "1"}, headers=DE))
    assert 'class="card onto" data-onto="Anna">→ Anna 2<' in answer
    assert "angelegt an Meldung 2 von Anna" in answer
    assert "not-card" not in answer


def test_the_together_page_reads_a_lay_off_typed_with_the_melds(app: Flask,
                                                                client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert part(client, game, "Anna", melds="6c 7c 8c", hand="", went_out="y") == 303
    assert part(client, game, "Ben", melds="2h 3h 4h\nAnna: 9c", hand="5s") == 303
    assert save(client, game) == 303
    with app.app_context():
        rnd = game_at(game).rounds[0]
        assert rnd.entry["players"][1]["melds"] == [["2h", "3h", "4h"]]
        assert rnd.details["Ben"]["layoffs"] == 9


def test_the_referee_reads_the_lay_off_with_a_colon_and_with_a_plus(client: FlaskClient) -> None:
    def out(layoffs: str) -> str:
        return text(client.post("/referee/jolly_at", data={
            "q": "out", "melds": "10h Jh Qh", "layoffs": layoffs, "discard": "5d"},
            headers=EN))
    colon, plus = out("6c 7c 8c: 9c"), out("6c 7c 8c + 9c")
    assert "+69" in colon and "+69" in plus
    named = out("Jürgen 2: 4s")
    assert "then + and your cards" not in named
    assert "the referee does not know whose meld “Jürgen 2” is" in named
    assert 'placeholder="6c 7c 8c: 9c"' in named


def _hints(page: str) -> list[str]:
    return re.findall(r'<p class="hint layoff-notation">(.*?)</p>', page, re.S)


def test_the_notation_is_explained_once_on_each_page_in_its_language(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    form = text(client.get(f"{game}/rounds/new", headers=DE))
    assert len(_hints(form)) == 1
    assert "Anlegen: wessen Meldung, ein Doppelpunkt" in _hints(form)[0]
    assert "9c@" not in form
    together = text(client.get(f"{game}/together?as=Ben", headers=EN))
    assert len(_hints(together)) == 1 and "Anna: 9c" in _hints(together)[0]
    assert "9c@" not in together
    french = text(client.get(f"{game}/together?as=Ben",
                             headers={"Accept-Language": "fr"}))
    assert "Anna\u00a0: 9c" in _hints(french)[0]
    # The picker writes the head as the page's language spells it, onto the players' melds.
    assert 'data-layoff="{name}\u00a0: {cards}"' in french
    assert 'data-names="[&#34;Anna&#34;, &#34;Ben&#34;, &#34;Cleo&#34;]"' in client.get(
        f"{game}/together?as=Ben").get_data(as_text=True)


def test_vorrat_words_say_that_a_lay_off_scores_for_the_meld_owner(client: FlaskClient) -> None:
    game = new_game(client, "jolly_vorrat", ["Tom", "Uta"])
    form = text(client.get(f"{game}/rounds/new", headers=EN))
    assert "the points of their melds and lay-offs (+)" not in form
    assert "with the cards others laid off onto them (+)" in form
    check = text(client.post(f"{game}/rounds/check-meld", data={
        "field": "p1_meld0", "p1_meld0": "5h 6h 7h 8h@Tom", "number": "1"}, headers=DE))
    assert "Tom hat 5 angelegt" not in check
    assert "20 Punkte" in check and "davon 5 angelegt von Tom, zählen für den Besitzer" in check
    # Where the layer scores (Jolly), the meld check still says so.
    other = new_game(client, "jolly_at", ["Tom", "Uta"])
    jolly = text(client.post(f"{other}/rounds/check-meld", data={
        "field": "p1_meld0", "p1_meld0": "5h 6h 7h 8h@Tom", "number": "1"}, headers=DE))
    assert "Tom hat 8 angelegt" in jolly
    assert "the points of their melds and lay-offs (+)" in text(
        client.get(f"{other}/rounds/new", headers=EN))


def test_every_wrong_card_of_a_field_is_named(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    answer = text(client.post(f"{game}/rounds/check-meld", data={
        "field": "p0_hand", "p0_hand": "Bk 7h 7x Kreuz9", "number": "1"}, headers=EN))
    assert "“Bk” (card 1), “7x” (card 3), “Kreuz9” (card 4) are not cards." in answer
    assert "B♥" not in answer and "Q♥" in answer
    one = text(client.post(f"{game}/rounds/check-meld", data={
        "field": "p0_hand", "p0_hand": "7h 7x", "number": "1"}, headers=DE))
    assert "„7x“ (Karte 2) ist keine Karte. Schreibe z. B. 7h, ♥10, D♥ oder JK." in one
    referee = text(client.post("/referee/jolly_at", data={
        "q": "meld", "cards": "Bk 7h 7x"}, headers=EN))
    assert "“Bk” (card 1), “7x” (card 3) are not cards." in referee
