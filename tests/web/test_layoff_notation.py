"""One lay-off notation (docs/decisions.md): the player who lays off writes whose meld, a
colon and the cards (``Anna 2: 9c``) on the round form, on the together page and at the
referee (there the meld's cards stand for its owner); it is explained once per page; the
older spellings (``9c@Ben`` in the owner's meld, ``6c 7c 8c + 9c``) still work. Words
about lay-offs follow who scores them, and every wrong card of a field is named."""

from __future__ import annotations

import html
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from ..support.cards import by_cards, post
from ..support.page import Page
from ..support.together import part, save
from ..support.web import game_at, new_game

DE = {"Accept-Language": "de-DE,de;q=0.9"}
EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr-FR,fr;q=0.9"}


def text(response: object) -> str:
    """What the page says, as read."""
    return Page(response).text


def markup(response: object) -> str:
    """The page as sent (entities read), for what must be nowhere in it, attributes included."""
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
    answer = Page(client.post(f"{game}/rounds/check-meld", data={
        "field": "p1_meld1", "p1_meld1": "Anna 2: 9c 10c", "number": "1"}, headers=DE))
    onto = answer.one(".card.onto")
    assert onto["data-onto"] == "Anna" and onto.text == "→ Anna 2"
    assert "angelegt an Meldung 2 von Anna" in answer.text
    assert not answer.has(".not-card")


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
    def out(layoffs: str) -> Page:
        return Page(client.post("/referee/jolly_at", data={
            "q": "out", "melds": "10h Jh Qh", "layoffs": layoffs, "discard": "5d"},
            headers=EN))
    colon, plus = out("6c 7c 8c: 9c"), out("6c 7c 8c + 9c")
    for said in (colon, plus):
        assert "+69" in said.one("#q-out [data-answer]").text
    named = out("Jürgen 2: 4s")
    assert "then + and your cards" not in named.text
    assert ("the referee does not know whose meld “Jürgen 2” is"
            in named.one("#q-out [data-answer]").text)
    assert named.one('textarea[name="layoffs"]')["placeholder"] == "6c 7c 8c: 9c"


def _hints(page: Page) -> list[str]:
    return page.texts("p.hint.layoff-notation")


def test_the_notation_is_explained_once_on_each_page_in_its_language(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    response = client.get(f"{game}/rounds/new", headers=DE)
    form = Page(response)
    assert len(_hints(form)) == 1
    assert "Anlegen: wessen Meldung, ein Doppelpunkt" in _hints(form)[0]
    assert "9c@" not in markup(response)
    response = client.get(f"{game}/together?as=Ben", headers=EN)
    together = Page(response)
    assert len(_hints(together)) == 1 and "Anna: 9c" in _hints(together)[0]
    assert "9c@" not in markup(response)
    french = Page(client.get(f"{game}/together?as=Ben", headers={"Accept-Language": "fr"}))
    assert "Anna\u00a0: 9c" in _hints(french)[0]
    # The picker writes the head as the page's language spells it, onto the players' melds.
    assert french.attrs("[data-layoff]", "data-layoff") == ["{name}\u00a0: {cards}"]
    names = Page(client.get(f"{game}/together?as=Ben")).attrs("[data-names]", "data-names")
    assert [json.loads(n) for n in names] == [["Anna", "Ben", "Cleo"]]


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


def test_a_round_corrected_shows_its_lay_offs_in_the_one_notation(app: Flask,
                                                                  client: FlaskClient) -> None:
    """The correction form writes a saved lay-off as it was typed, in the layer's meld field
    (``Anna 2: Kc``), not in the owner's meld in the older spelling (``Kh Kd Ks Kc@Cleo``),
    and saving it unchanged keeps the round as it was."""
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    melds = [["6c 7c 8c", "Kh Kd Ks"], ["2h 3h 4h", "Anna: 9c"], ["anna 2: Kc"]]
    hands = ["", "5s 9d", "Qh Qd 3c"]
    data = by_cards([{"melds": m, "hand": h} for m, h in zip(melds, hands)], closer=0)
    assert post(client, game, data).status_code == 302
    with app.app_context():
        before = game_at(game).rounds[0]
        entry, details = before.entry, before.details
    edit = Page(client.get(f"{game}/rounds/1/edit"))
    shown = {f["name"]: value for f in edit.all("input[name]")
             if re.fullmatch(r"p\d_meld\d", f["name"]) and (value := f.attr("value"))}
    assert shown == {"p0_meld0": "6c 7c 8c", "p0_meld1": "Kh Kd Ks",
                     "p1_meld0": "2h 3h 4h", "p1_meld1": "Anna 1: 9c", "p2_meld0": "Anna 2: Kc"}
    version = edit.field("version")
    assert version
    again = by_cards([{"melds": [shown[f"p{i}_meld{j}"] for j in range(len(m))], "hand": h}
                      for i, (m, h) in enumerate(zip(melds, hands))], closer=0)
    response = client.post(f"{game}/rounds/1/edit",
                           data=again | {"action": "save", "version": version})
    assert response.status_code == 302
    with app.app_context():
        after = game_at(game).rounds[0]
        assert after.details == details
        assert [p.get("melds") for p in after.entry["players"]] == [
            p.get("melds") for p in entry["players"]]


def test_a_lay_off_waiting_for_the_owners_cards_is_not_explained_in_the_older_spelling(
        client: FlaskClient) -> None:
    """The together page asks the owner (entered by numbers) for their melds by cards; it
    teaches no ``9c@Ben`` (the older spelling is no longer explained on the pages)."""
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert part(client, game, "Anna", mode="numbers", meld_points="24", hand_points="0",
                went_out="y") == 303
    assert part(client, game, "Ben", melds="2h 3h 4h\nAnna: 9c", hand="5s") == 303
    for headers, said in ((EN, "Anna has no meld entered by cards for the lay-off 9♣: Anna "
                               "enters their melds by cards, or both by numbers."),
                          (DE, "Anna trägt die Meldungen mit Karten ein, oder beide mit Zahlen."),
                          (FR, "Anna saisit ses combinaisons en cartes, ou bien tous les deux "
                               "en nombres.")):
        response = client.get(f"{game}/together", headers=headers)
        assert said in text(response)
        assert "9c@Ben" not in markup(response)


def test_the_referees_lay_off_question_reads_the_one_notation_in_the_melds_field(
        client: FlaskClient) -> None:
    """"May I lay this off?": ``5h 6h 7h: 8h`` typed into the meld's field, as the page's
    other lay-off fields ask, is asked as the meld and the card apart; a name before the colon
    is answered with the referee's sentence, not with "“Anna:” is not a card"."""
    def layoff(onto: str, cards: str = "") -> str:
        return text(client.post("/referee/jolly_at", data={
            "q": "layoff", "onto": onto, "cards": cards, "first": "earlier"}, headers=EN))
    apart, together = layoff("5h 6h 7h", "8h"), layoff("5h 6h 7h: 8h")
    assert "Yes, you may lay this off." in apart and "Yes, you may lay this off." in together
    named = layoff("Anna: 8h")
    assert "the referee does not know whose meld “Anna” is" in named
    assert "is not a card" not in named


def test_a_lay_off_line_with_a_card_that_is_no_card_is_said_not_a_crash(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    response = client.post(f"{game}/together", data={
        "as": "Ben", "number": "1", "mode": "cards", "melds": "2h 3h 4h",
        "layoffs": "Anna: 9x", "hand": "5s"})
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    assert "Anna: " in page and "9x" in page
