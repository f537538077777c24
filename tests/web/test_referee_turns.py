"""The turn questions of the referee page (take the discard, lay off, swap the joker) and
the turn rules on the rules page, through the app on a real SQLite file."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from flask.testing import FlaskClient

from ..support.referee import ask, text
from ..support.web import new_game


def section(html: str, question: str) -> str:
    found = re.search(rf'<section id="q-{question}".*?</section>', html, re.S)
    assert found, question
    return found.group(0)


def test_taking_before_the_first_meld_is_no_in_jolly_with_the_rule_linked(
        client: FlaskClient) -> None:
    status, html = ask(client, "/referee/jolly_at", q="take", pile="5h 9c", hand="13",
                       first="none")
    assert status == 200
    assert "No, you may not take from the discard pile like this." in text(html)
    assert "draw from the talon only" in text(html)
    assert 'href="/rules/jolly_at#take"' in html


def test_taking_three_cards_deep_is_yes_and_names_them(client: FlaskClient) -> None:
    status, html = ask(client, "/referee/jolly_at", q="take", pile="2c Kd 7h Ks", count="3",
                       hand="10", first="earlier")
    assert status == 200
    assert "Yes, you may take these 3 cards:" in text(html)
    assert "K♦" in html and "7♥" in html and "K♠" in html
    _, over = ask(client, "/referee/jolly_at", q="take", pile="2c Kd 7h Ks", count="3",
                  hand="18", first="earlier")
    assert "at most 20 are allowed" in text(over)


def test_each_variant_asks_only_what_its_rule_needs(client: FlaskClient) -> None:
    vorrat = client.get("/referee/jolly_vorrat").get_data(as_text=True)
    take = section(vorrat, "take")
    assert 'name="first"' not in take and 'name="hand"' not in take and 'name="count"' in take
    assert 'name="owner"' in section(vorrat, "layoff")
    assert "jokers are not exchanged" in text(section(vorrat, "exchange"))
    assert "<form" not in section(vorrat, "exchange")
    three = client.get("/referee/three_thirteen").get_data(as_text=True)
    assert "nobody lays off in this game" in text(section(three, "layoff"))
    assert "<form" not in section(three, "layoff") and "<form" not in section(three, "exchange")
    assert 'href="/rules/three_thirteen#layoff"' in section(three, "layoff")
    assert 'href="/rules/three_thirteen#exchange"' in section(three, "exchange")
    jolly = client.get("/referee/jolly_at").get_data(as_text=True)
    assert 'name="melds"' not in section(jolly, "take") and 'name="hand"' in section(jolly, "take")
    romme = client.get("/referee/romme_de").get_data(as_text=True)
    assert 'name="count"' not in section(romme, "take")
    assert 'value="this_turn"' in section(romme, "layoff")
    rami = client.get("/referee/rami_fr").get_data(as_text=True)
    assert 'name="hand"' in section(rami, "take")
    assert 'value="this_turn"' not in section(rami, "take")


def test_the_vorrat_row_must_be_worth_30_and_a_taken_card_used(client: FlaskClient) -> None:
    _, low = ask(client, "/referee/jolly_vorrat", q="take", pile="3h 4c 5d 6s 7h",
                 melds="7h 7s 7d")
    assert "The discard pile is worth 25" in text(low)
    _, used = ask(client, "/referee/jolly_vorrat", q="take", pile="Kh Qc 9d 9s", count="2",
                  melds="9d 9s 9h")
    assert "Yes, you may take these 2 cards:" in text(used)


def test_a_lay_off_yes_and_no(client: FlaskClient) -> None:
    _, no = ask(client, "/referee/jolly_at", q="layoff", onto="5h 6h 7h", cards="8h",
                first="this_turn")
    assert "No, you may not lay this off." in text(no)
    assert "not in the same turn" in text(no) and 'href="/rules/jolly_at#layoff"' in no
    _, yes = ask(client, "/referee/jolly_vorrat", q="layoff", onto="5h 6h 7h", cards="8h 9h",
                 owner="other")
    assert "Yes, you may lay this off." in text(yes)
    assert "10 points for the meld’s owner" in text(yes) and "pays you 2 cards" in text(yes)


def test_a_joker_swap_yes_and_no(client: FlaskClient) -> None:
    _, no = ask(client, "/referee/jolly_at", q="exchange", meld="8s 8h JK", cards="8c",
                first="earlier")
    assert "No, you may not swap the joker like this." in text(no)
    assert "only in a set of four" in text(no)
    _, yes = ask(client, "/referee/rami_fr", q="exchange", meld="8s 8h JK", cards="8c 8d",
                 new_meld="JK Qd Kd", first="earlier")
    assert "Yes, you may swap the joker." in text(yes)
    assert "the joker goes into your new meld" in text(yes)
    _, hand = ask(client, "/referee/romme_de", q="exchange", meld="5h JK 7h", cards="6h",
                  first="earlier")
    assert "must go at once into a new meld" in text(hand)


@pytest.mark.parametrize("question,fields,kept", [
    ("take", {"pile": "5h Xq", "hand": "9", "first": "earlier"}, 'value="5h Xq"'),
    ("layoff", {"onto": "5h 6h 7h", "cards": "8z", "first": "earlier"}, 'value="8z"'),
    ("exchange", {"meld": "5h JK 7h", "cards": "6h", "new_meld": "JK Qd Kq",
                  "first": "earlier"}, 'value="JK Qd Kq"'),
])
def test_a_card_typed_wrong_is_named_and_kept(client: FlaskClient, question: str,
                                             fields: dict[str, str], kept: str) -> None:
    status, html = ask(client, "/referee/jolly_at", q=question, **fields)
    assert status == 422
    assert "is not a card" in text(html) and kept in html


def test_a_meld_that_cannot_lie_on_the_table_and_a_missing_first_meld_are_said(
        client: FlaskClient) -> None:
    status, html = ask(client, "/referee/romme_de", q="layoff", onto="5h 6h", cards="7h",
                       first="earlier")
    assert status == 422 and "cannot lie on the table" in text(html)
    assert 'value="5h 6h"' in html
    status, html = ask(client, "/referee/romme_de", q="layoff", onto="5h 6h 7h", cards="8h")
    assert status == 422 and "Say when you made your first meld." in text(html)
    status, html = ask(client, "/referee/jolly_at", q="take", pile="5h 9c", count="3",
                       hand="4", first="earlier")
    assert status == 422 and "a number from 1 to 2" in text(html)


def test_without_javascript_a_turn_question_is_answered_by_the_whole_page(
        client: FlaskClient) -> None:
    status, html = ask(client, "/referee/romme_de", htmx=False, q="layoff", onto="7s 7h 7d",
                       cards="7c", first="this_turn")
    assert status == 200 and "<html" in html
    assert "Yes, you may lay this off." in text(section(html, "layoff"))


def test_the_turn_questions_speak_german(client: FlaskClient) -> None:
    response = client.post("/referee/jolly_at", data={"q": "take", "pile": "5h 9c",
                                                      "hand": "13", "first": "none"},
                           headers={"HX-Request": "true", "Accept-Language": "de"})
    html = response.get_data(as_text=True)
    assert "Darf ich vom Ablagestapel aufnehmen?" in html
    assert "Nein, so darfst du nicht vom Ablagestapel aufnehmen." in text(html)
    assert "nur vom Talon gezogen" in text(html)


def test_the_game_referee_asks_with_the_games_house_rules(client: FlaskClient) -> None:
    url = new_game(client, "jolly_at", ["Anna", "Ben"], take_before_initial_meld=True)
    _, html = ask(client, f"{url}/referee", q="take", pile="5h 9c", hand="13", first="none")
    assert "Yes, you may take this card:" in text(html)
    _, full = ask(client, f"{url}/referee", q="take", pile="5h 9c", hand="20", first="none")
    assert "at most 20 are allowed" in text(full) and f'href="{url}/rules#take"' in full


@pytest.mark.parametrize("variant,words", [
    ("jolly_at", ["muss er eine Karte vom Talon ziehen", "nicht mehr als 20 Karten",
                  "erst bei einem Vierling"]),
    ("jolly_vorrat", ["mindestens 30", "sofort in einer Reihe oder Gruppe"]),
    ("romme_de", ["darf nicht in das eigene Blatt aufgenommen werden"]),
    ("rami_fr", ["wenn er damit sogleich eine Figur melden kann", "nur noch eine Karte"]),
])
def test_the_rules_page_has_the_turn_rules_and_quotes_the_seed(
        client: FlaskClient, variant: str, words: list[str]) -> None:
    html = client.get(f"/rules/{variant}").get_data(as_text=True)
    assert 'id="take"' in html and 'id="layoff"' in html and 'id="exchange"' in html
    for phrase in words:
        assert phrase in html, phrase


def test_a_changed_turn_switch_is_marked_on_the_rules_page(client: FlaskClient) -> None:
    house = quote(json.dumps({"take_before_initial_meld": True, "hand_limit": 25}))
    html = text(client.get(f"/rules/jolly_at?house={house}").get_data(as_text=True))
    assert "before your first meld too. (house rule)" in html
    assert "at most 25 cards. (house rule)" in html
    plain = text(client.get("/rules/jolly_at").get_data(as_text=True))
    assert "Before your first meld you draw from the talon only." in plain
    assert "(house rule)" not in plain


def test_the_new_game_form_and_the_game_show_the_turn_switches_in_words(
        client: FlaskClient) -> None:
    form = text(client.get("/games/new?variant=jolly_at").get_data(as_text=True))
    for words in ("Take the discard before the first meld", "Most cards in the hand",
                  "Laying off is allowed", "from the turn after the first meld",
                  "in a set only in a four", "The freed joker goes"):
        assert words in form, words
    url = new_game(client, "jolly_at", ["Anna", "Ben"], take_depth="top", hand_limit="25")
    game = text(client.get(url).get_data(as_text=True))
    assert "the top card only" in game and "Most cards in the hand" in game
    german = text(client.get("/games/new?variant=rami_fr",
                             headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "Aufnehmen mit nur einer Karte auf der Hand" in german
    assert "im Dreier-Satz nur gegen beide fehlenden Farben" in german
