"""House rules in words on every page that shows them: no key, code, file name or raw
value a family would have to decode (issue 18, "words a family should never see")."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import quote

import pytest
from flask.testing import FlaskClient

from scorepad.rules import SWITCHES, VARIANTS

from ..support.page import Page
from ..support.referee import ask
from ..support.web import new_game

LANGS = ("en", "de")
# Every value code of a choice switch, and what Python or JSON would print for a value.
CODES = sorted({c for s in SWITCHES.values() for c in s.choices} | {"True", "False", "None",
                                                                     "null", "face"})
NEVER = ("RULES.md", "§", "seed 0", "no limit / by the table", "keine Grenze / nach Tisch")


def cells(html: str) -> list[str]:
    """The texts of the house-rules table of a rules page, cell by cell."""
    return Page(html).one("#house-rules table").texts("td")


def no_codes(words: str, where: str) -> None:
    """No value code as a value, in brackets or as a lead ("auto: ..."), no key, no operator
    (some codes are English words too: "laid off", "both")."""
    words = unescape(words).strip()
    for code in CODES:
        assert words != code, (where, code)
        assert f"({code})" not in words, (where, code, words)
        # A code as the lead of a line or a list item; "From the hand: no minimum" is words.
        assert not re.search(rf"(?:^|[\n;,(·]\s*){re.escape(code)}:", words), (where, code, words)
    for sign in ("_", "=", ">", "<"):
        assert sign not in words, (where, sign, words)


def every_choice() -> list[tuple[str, str, object]]:
    """(variant, switch, value) for every value of every choice switch of every variant."""
    return [(v.id, s.key, c) for v in VARIANTS.values() for s in v.switches for c in s.choices]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_says_every_switch_value_in_words(client: FlaskClient, lang: str) -> None:
    for variant, key, value in every_choice() + [("three_thirteen", "wild_in_hand", "face"),
                                                  ("jolly_at", "ace_high", False)]:
        house = quote(json.dumps({key: value}))
        html = client.get(f"/rules/{variant}?lang={lang}&house={house}").get_data(as_text=True)
        for cell in cells(html):
            no_codes(cell, f"{variant} {key}={value} {lang}")
        for word in NEVER:
            assert word not in html, (variant, key, value, word)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pack_defaults_are_said_in_words(client: FlaskClient, lang: str) -> None:
    html = client.get(f"/rules/jolly_at?lang={lang}").get_data(as_text=True)
    rows = cells(html)
    if lang == "de":
        assert "2 Kartenspiele" in rows and "6 Joker" in rows
        assert "13 Karten, mit 5–6 Spielern 11" in rows
        assert "Karten pro Spieler: 13, mit 5–6 Spielern 11." in Page(html).text
    else:
        assert "2 packs" in rows and "6 jokers" in rows
        assert "13 cards, with 5–6 players 11" in rows
    rami = cells(client.get(f"/rules/rami_fr?lang={lang}").get_data(as_text=True))
    assert ("14 Karten, mit 4 oder 6 Spielern 12" if lang == "de"
            else "14 cards, with 4 or 6 players 12") in rami


def test_the_new_game_form_says_what_an_empty_pack_field_deals(client: FlaskClient) -> None:
    page = Page(client.get("/games/new?variant=jolly_at&lang=de"))
    assert "Karten pro Spieler Karten pro Spieler" not in page.text
    assert "Leer: 13 Karten, mit 5–6 Spielern 11." in page.one("[data-switch=hand_size]").text
    assert "Leer: 2 Kartenspiele." in page.one("[data-switch=decks]").text
    assert "Leer: 6 Joker." in page.one("[data-switch=jokers]").text
    page = Page(client.get("/games/new?variant=rami_fr&lang=en"))
    assert "Empty: 2 packs, with 5–6 players 3." in page.text


@pytest.mark.parametrize("lang", LANGS)
def test_the_referee_form_of_house_rules_speaks_the_page_language(
        client: FlaskClient, lang: str) -> None:
    form = Page(client.get(f"/referee/jolly_at?lang={lang}")).one("details.referee-house")
    words = form.text
    if lang == "de":
        assert "Kartenspiele" in words and "Packs of cards" not in words
        assert "aus der Reihenfolge" in words and "from the order" not in words
    for explanation in form.texts("label"):
        no_codes(explanation, f"referee form {lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_referee_shows_house_rules_in_words_as_the_game_page_does(
        client: FlaskClient, lang: str) -> None:
    url = new_game(client, "jolly_at", ["Anna", "Ben"], target="300", tie="shared")
    referee = Page(client.get(f"{url}/referee?lang={lang}")).text
    game = Page(client.get(f"{url}?lang={lang}")).text
    said = ("Zielpunktzahl: 300; Gleichstand um den Sieg: ist ein geteilter Sieg"
            if lang == "de" else "Target: 300; A tie for the win: is a shared win")
    assert said in referee and said in game
    assert "target=300" not in referee and "shared" not in referee.replace("a shared win", "")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_no_rule_reference_or_file_name_in_any_referee_answer(
        client: FlaskClient, variant: str) -> None:
    url = f"/referee/{variant}"
    questions = {"meld": {"cards": "7s 7h 7d 7c 7h"}, "hand": {"cards": "JK 5h"},
                 "initial": {"melds": "5h 6h 7h JK\nKc Kd"},
                 "out": {"melds": "5h 6h JK\nKc Kd", "keep": "2c", "layoffs": "6c 7c 8c + 9c",
                         "hand_win": "y"},
                 "standings": {"totals": "Anna 510\nBen 510", "played": "11"}}
    for lang in LANGS:
        pages = [client.get(f"{url}?lang={lang}").get_data(as_text=True),
                 client.get(f"/rules/{variant}?lang={lang}").get_data(as_text=True)]
        for q, fields in questions.items():
            pages.append(ask(client, f"{url}?lang={lang}", q=q, round="2", **fields)[1])
        for html in pages:
            for word in NEVER:
                assert word not in html, (variant, lang, word)


@pytest.mark.parametrize("lang", LANGS)
def test_every_house_rule_field_is_explained_without_a_code(
        client: FlaskClient, lang: str) -> None:
    for variant in VARIANTS:
        for url in (f"/games/new?variant={variant}&lang={lang}",
                    f"/referee/{variant}?lang={lang}"):
            switches = Page(client.get(url)).all("[data-switch]")
            assert sorted(s["data-switch"] for s in switches) == sorted(
                s.key for s in VARIANTS[variant].switches), url
            for switch in switches:
                no_codes(switch.text, url)
                for value in switch.attrs("input", "value"):
                    assert value not in CODES, (url, value)


def test_a_wild_card_field_left_empty_costs_its_face_value(client: FlaskClient) -> None:
    url = new_game(client, "three_thirteen", ["Anna", "Ben"], wild_in_hand="")
    rules = Page(client.get(f"{url}/rules?lang=en")).text
    assert "Wild card left in the hand its face value" in rules
    assert "house rule" not in rules.replace("House rules at this table", "")


@pytest.mark.parametrize("lang", LANGS)
def test_a_profile_says_its_house_rules_as_the_game_page_does(
        client: FlaskClient, lang: str) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben"], target="300", initial_clean_run="any_run",
                    rummy_no_melds_replaces="both")
    profile = client.post(f"{game}/profile", data={"name": "Omas Rami"}).headers["Location"]
    items = Page(client.get(f"{profile}?lang={lang}")).one("ul.rules-in-words").texts("li")
    assert ("Erstes Auslegen: eine Folge: irgendeine Folge" if lang == "de"
            else "First meld: a run: any run") in items
    assert ("Zielpunktzahl: 300" if lang == "de" else "Target: 300") in items
    for item in items:
        no_codes(item, f"profile {lang}")


def test_a_game_s_rules_page_counts_its_own_pack_in_words(client: FlaskClient) -> None:
    url = new_game(client, "three_thirteen", ["Anna", "Ben"])
    assert "1 pack of 52 cards and no jokers (at a table of 2)." in Page(
        client.get(f"{url}/rules?lang=en")).text
    assert "1 Kartenspiel zu 52 Karten und keine Joker (bei 2 Spielern)." in Page(
        client.get(f"{url}/rules?lang=de")).text
