"""The turn questions of the referee page (take the discard, lay off, swap the joker) and
the turn rules on the rules page, through the app on a real SQLite file."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from flask.testing import FlaskClient

from ..support.page import Node, Page
from ..support.referee import answer, ask, question
from ..support.web import new_game


def section(page: Page, question: str) -> Node:
    return page.one(f"#q-{question}")


def test_taking_before_the_first_meld_is_no_in_jolly_with_the_rule_linked(
        client: FlaskClient) -> None:
    status, said = answer(client, "/referee/jolly_at", q="take", pile="5h 9c", hand="13",
                          first="none")
    assert status == 200
    assert "No, you may not take from the discard pile like this." in said.text
    assert "draw from the talon only" in said.text
    assert "/rules/jolly_at#take" in said.links()


def test_taking_three_cards_deep_is_yes_and_names_them(client: FlaskClient) -> None:
    status, said = answer(client, "/referee/jolly_at", q="take", pile="2c Kd 7h Ks", count="3",
                          hand="10", first="earlier")
    assert status == 200
    assert "Yes, you may take these 3 cards:" in said.text
    assert said.texts(".verdict .card") == ["K♦", "7♥", "K♠"]
    _, over = answer(client, "/referee/jolly_at", q="take", pile="2c Kd 7h Ks", count="3",
                     hand="18", first="earlier")
    assert "at most 20 are allowed" in over.text


def test_each_variant_asks_only_what_its_rule_needs(client: FlaskClient) -> None:
    vorrat = Page(client.get("/referee/jolly_vorrat"))
    take = section(vorrat, "take")
    assert not take.has('[name="first"]') and not take.has('[name="hand"]')
    assert take.has('[name="count"]')
    assert section(vorrat, "layoff").has('[name="owner"]')
    assert "jokers are not exchanged" in section(vorrat, "exchange").text
    assert not section(vorrat, "exchange").has("form")
    three = Page(client.get("/referee/three_thirteen"))
    assert "nobody lays off in this game" in section(three, "layoff").text
    assert not section(three, "layoff").has("form") and not section(three, "exchange").has("form")
    assert "/rules/three_thirteen#layoff" in section(three, "layoff").links()
    assert "/rules/three_thirteen#exchange" in section(three, "exchange").links()
    jolly = Page(client.get("/referee/jolly_at"))
    assert not section(jolly, "take").has('[name="melds"]')
    assert section(jolly, "take").has('[name="hand"]')
    romme = Page(client.get("/referee/romme_de"))
    assert not section(romme, "take").has('[name="count"]')
    assert section(romme, "layoff").has('[value="this_turn"]')
    rami = Page(client.get("/referee/rami_fr"))
    assert section(rami, "take").has('[name="hand"]')
    assert not section(rami, "take").has('[value="this_turn"]')


def test_the_vorrat_row_must_be_worth_30_and_a_taken_card_used(client: FlaskClient) -> None:
    _, low = answer(client, "/referee/jolly_vorrat", q="take", pile="3h 4c 5d 6s 7h",
                    melds="7h 7s 7d")
    assert "The discard row is worth 25" in low.text
    _, used = answer(client, "/referee/jolly_vorrat", q="take", pile="Kh Qc 9d 9s", count="2",
                     melds="9d 9s 9h")
    assert "Yes, you may take these 2 cards:" in used.text


DE = {"Accept-Language": "de-DE,de;q=0.9"}
FR = {"Accept-Language": "fr-FR,fr;q=0.9"}


@pytest.mark.parametrize(("headers", "row", "pile"), [
    ({}, ("The discard row is worth 25", "Rule: Taking from the discard row"),
     ("The discard pile is worth 21", "Rule: Taking from the discard pile")),
    (DE, ("Die Vorratsreihe ist 25 Punkte wert", "Regel: Aus der Vorratsreihe aufnehmen"),
     ("Der Ablagestapel ist 21 Punkte wert", "Regel: Vom Ablagestapel aufnehmen")),
    (FR, ("La rangée de défausse vaut 25", "Règle\u00a0: Prendre dans la rangée de défausse"),
     ("La défausse vaut 21", "Règle\u00a0: Prendre dans la défausse")),
])
def test_jolly_with_discard_row_says_the_row_where_the_others_say_the_pile(
        client: FlaskClient, headers: dict[str, str], row: tuple[str, ...],
        pile: tuple[str, ...]) -> None:
    """The take problem, its rule link, the house rules' labels and help and the rules page's
    heading say the discard row (German: Vorratsreihe) in Jolly with discard row only."""
    said = {}
    for variant, house in (("jolly_vorrat", ""), ("romme_de", '{"take_min_pile_value": 30}')):
        response = client.post(f"/referee/{variant}", headers=headers | {"HX-Request": "true"},
                               data={"q": "take", "pile": "2h 3c 4d 5s 7h", "melds": "7h 7s 7d",
                                     "count": "1", "first": "earlier", "house": house})
        said[variant] = Page(response).one("#q-take [data-answer]")
    for variant, (problem, link) in (("jolly_vorrat", row), ("romme_de", pile)):
        assert problem in said[variant].text
        assert link in said[variant].texts("a.rule")
    words = {v: Page(client.get(f"/referee/{v}", headers=headers)) for v in ("jolly_vorrat", "romme_de")}
    labels = {v: words[v].one('[data-switch="take_min_pile_value"] label').text for v in words}
    rules = {v: Page(client.get(f"/rules/{v}", headers=headers)).one("#take").text for v in words}
    if headers is DE:
        assert "Vorratsreihe" in labels["jolly_vorrat"] and "Ablagestapel" not in labels["jolly_vorrat"]
        assert "Ablagestapel" in labels["romme_de"]
        assert "Vorratsreihe" in rules["jolly_vorrat"]
    else:
        row_word, pile_word = (("discard row", "discard pile") if not headers
                               else ("rangée de défausse", "la défausse"))
        assert row_word in labels["jolly_vorrat"] and pile_word not in labels["jolly_vorrat"]
        assert pile_word in labels["romme_de"] and row_word not in labels["romme_de"]
        assert row_word in rules["jolly_vorrat"] and row_word not in rules["romme_de"]


# What a Jolly-with-discard-row page may never say: a pile (German Stapel, Ablagestapel;
# French la défausse on its own; the pile's top), and the row's name it says instead.
ROW_WORD = {"en": "discard row", "de": "Vorratsreihe", "fr": "rangée de défausse"}
RIGHT_END = {"en": "right end", "de": "rechte", "fr": "extrémité droite"}
PILE_WORDS = {"en": re.compile(r"\bpile\b|\bthe discard\b(?! row)|\bthe top\b|deeper|above it",
                                re.I),
              "de": re.compile(r"stapel\b|von oben|oberste|tiefere|darüber", re.I),
              "fr": re.compile(r"(?<!rangée de )\bdéfausse\b|dessus|plus profonde", re.I)}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_jolly_with_discard_row_pages_say_the_row_and_never_a_pile(
        client: FlaskClient, lang: str) -> None:
    """The rules page (taking, going out, the switches), the referee page (its index, the take
    question's count) and the referee's answers (a row not typed, a count past it, going out
    without the last card) speak of the row from which cards are taken at the right end."""
    url = f"/referee/jolly_vorrat?lang={lang}"
    rules = Page(client.get(f"/rules/jolly_vorrat?lang={lang}"))
    referee = Page(client.get(url))
    answers = [answer(client, url, q="take", pile="")[1],
               answer(client, url, q="take", pile="Kh Qc 9d 9s", count="9")[1],
               answer(client, url, q="out", melds="10h Jh Qh\n7s 7d 7c")[1]]
    for said in (rules, referee, *answers):
        assert not PILE_WORDS[lang].search(said.text), PILE_WORDS[lang].search(said.text)
    for said in (rules.one("#take"), rules.one("#going_out"), *answers):
        assert ROW_WORD[lang] in said.text, said.text
    assert ROW_WORD[lang] in referee.one(".referee-index").text
    assert RIGHT_END[lang] in referee.one("label[for=take-count]").text
    assert RIGHT_END[lang] in rules.one("#going_out").text


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_discard_pile_games_still_say_the_pile(client: FlaskClient, lang: str) -> None:
    """The same sentences in a game with a discard pile (Jolly, Austria) keep the pile."""
    url = f"/referee/jolly_at?lang={lang}"
    rules = Page(client.get(f"/rules/jolly_at?lang={lang}"))
    said = [rules.one("#take"), rules.one("#going_out"), answer(client, url, q="take", pile="")[1],
            answer(client, url, q="out", melds="10h Jh Qh\n7s 7d 7c")[1]]
    for node in said:
        assert PILE_WORDS[lang].search(node.text) and ROW_WORD[lang] not in node.text, node.text


def test_a_lay_off_yes_and_no(client: FlaskClient) -> None:
    _, no = answer(client, "/referee/jolly_at", q="layoff", onto="5h 6h 7h", cards="8h",
                   first="this_turn")
    assert "No, you may not lay this off." in no.text
    assert "not in the same turn" in no.text and "/rules/jolly_at#layoff" in no.links()
    _, yes = answer(client, "/referee/jolly_vorrat", q="layoff", onto="5h 6h 7h",
                    cards="8h 9h", owner="other")
    assert "Yes, you may lay this off." in yes.text
    assert "10 points for the meld’s owner" in yes.text and "pays you 2 cards" in yes.text


def test_a_joker_swap_yes_and_no(client: FlaskClient) -> None:
    _, no = answer(client, "/referee/jolly_at", q="exchange", meld="8s 8h JK", cards="8c",
                   first="earlier")
    assert "No, you may not swap the joker like this." in no.text
    assert "only in a set of four" in no.text
    _, yes = answer(client, "/referee/rami_fr", q="exchange", meld="8s 8h JK", cards="8c 8d",
                    new_meld="JK Qd Kd", first="earlier")
    assert "Yes, you may swap the joker." in yes.text
    assert "the joker goes into your new meld" in yes.text
    _, hand = answer(client, "/referee/romme_de", q="exchange", meld="5h JK 7h", cards="6h",
                     first="earlier")
    assert "must go at once into a new meld" in hand.text


@pytest.mark.parametrize("asked,fields,kept", [
    ("take", {"pile": "5h Xq", "hand": "9", "first": "earlier"}, ("pile", "5h Xq")),
    ("layoff", {"onto": "5h 6h 7h", "cards": "8z", "first": "earlier"}, ("cards", "8z")),
    ("exchange", {"meld": "5h JK 7h", "cards": "6h", "new_meld": "JK Qd Kq",
                  "first": "earlier"}, ("new_meld", "JK Qd Kq")),
])
def test_a_card_typed_wrong_is_named_and_kept(client: FlaskClient, asked: str,
                                             fields: dict[str, str],
                                             kept: tuple[str, str]) -> None:
    status, form = question(client, "/referee/jolly_at", q=asked, **fields)
    assert status == 422
    assert "is not a card" in form.one("[data-answer]").text
    assert form.field(kept[0]) == kept[1]


def test_a_meld_that_cannot_lie_on_the_table_and_a_missing_first_meld_are_said(
        client: FlaskClient) -> None:
    status, form = question(client, "/referee/romme_de", q="layoff", onto="5h 6h", cards="7h",
                            first="earlier")
    assert status == 422 and "cannot lie on the table" in form.one("[data-answer]").text
    assert form.field("onto") == "5h 6h"
    status, said = answer(client, "/referee/romme_de", q="layoff", onto="5h 6h 7h", cards="8h")
    assert status == 422 and "Say when you made your first meld." in said.text
    status, said = answer(client, "/referee/jolly_at", q="take", pile="5h 9c", count="3",
                          hand="4", first="earlier")
    assert status == 422 and "a number from 1 to 2" in said.text


def test_without_javascript_a_turn_question_is_answered_by_the_whole_page(
        client: FlaskClient) -> None:
    status, html = ask(client, "/referee/romme_de", htmx=False, q="layoff", onto="7s 7h 7d",
                       cards="7c", first="this_turn")
    page = Page(html)
    assert status == 200 and page.has("head title") and page.has("#q-meld")
    assert "Yes, you may lay this off." in page.one("#q-layoff [data-answer]").text


def test_the_turn_questions_speak_german(client: FlaskClient) -> None:
    response = client.post("/referee/jolly_at", data={"q": "take", "pile": "5h 9c",
                                                      "hand": "13", "first": "none"},
                           headers={"HX-Request": "true", "Accept-Language": "de"})
    take = Page(response).one("#q-take")
    assert take.one("h2").text == "Darf ich vom Ablagestapel aufnehmen?"
    said = take.one("[data-answer]").text
    assert "Nein, so darfst du nicht vom Ablagestapel aufnehmen." in said
    assert "nur vom Talon gezogen" in said


def test_the_game_referee_asks_with_the_games_house_rules(client: FlaskClient) -> None:
    url = new_game(client, "jolly_at", ["Anna", "Ben"], take_before_initial_meld=True)
    _, said = answer(client, f"{url}/referee", q="take", pile="5h 9c", hand="13", first="none")
    assert "Yes, you may take this card:" in said.text
    _, full = answer(client, f"{url}/referee", q="take", pile="5h 9c", hand="20", first="none")
    assert "at most 20 are allowed" in full.text and f"{url}/rules#take" in full.links()


@pytest.mark.parametrize("variant,words", [
    ("jolly_at", ["muss er eine Karte vom Talon ziehen", "nicht mehr als 20 Karten",
                  "erst bei einem Vierling"]),
    ("jolly_vorrat", ["mindestens 30", "sofort in einer Reihe oder Gruppe"]),
    ("romme_de", ["darf nicht in das eigene Blatt aufgenommen werden"]),
    ("rami_fr", ["wenn er damit sogleich eine Figur melden kann", "nur noch eine Karte"]),
])
def test_the_rules_page_has_the_turn_rules_and_quotes_the_seed(
        client: FlaskClient, variant: str, words: list[str]) -> None:
    page = Page(client.get(f"/rules/{variant}"))
    turn = " ".join(page.one(f"#{topic}").text for topic in ("take", "layoff", "exchange"))
    for phrase in words:
        assert phrase in turn, phrase


def test_a_changed_turn_switch_is_marked_on_the_rules_page(client: FlaskClient) -> None:
    house = quote(json.dumps({"take_before_initial_meld": True, "hand_limit": 25}))
    page = Page(client.get(f"/rules/jolly_at?house={house}")).text
    assert "before your first meld too. (house rule)" in page
    assert "at most 25 cards. (house rule)" in page
    plain = Page(client.get("/rules/jolly_at")).text
    assert "Before your first meld you draw from the talon only." in plain
    assert "(house rule)" not in plain


def test_the_new_game_form_and_the_game_show_the_turn_switches_in_words(
        client: FlaskClient) -> None:
    form = Page(client.get("/games/new?variant=jolly_at")).text
    for words in ("Take the discard before the first meld", "Most cards in the hand",
                  "Laying off is allowed", "from the turn after the first meld",
                  "in a set only in a four", "The freed joker goes"):
        assert words in form, words
    url = new_game(client, "jolly_at", ["Anna", "Ben"], take_depth="top", hand_limit="25")
    game = Page(client.get(url)).text
    assert "the top card only" in game and "Most cards in the hand" in game
    german = Page(client.get("/games/new?variant=rami_fr",
                             headers={"Accept-Language": "de"})).text
    assert "Aufnehmen mit nur einer Karte auf der Hand" in german
    assert "im Dreier-Satz nur gegen beide fehlenden Farben" in german
