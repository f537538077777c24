"""The engine's problems on pages: worded through gettext (scorepad/words/problems.py), in
German exactly as the engine's own German, so the two can never drift apart; in French."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorepad import ROOT
from scorepad.rules import VARIANTS, Problem
from scorepad.rules.problems import WORDINGS
from scorepad.words import LANGUAGES
from scorepad.words.problems import problem_text, templates
from scorepad.words.variants import summary as variant_summary
from scorepad.words.variants import title as variant_title

from ..support.cards import by_cards, post
from ..support.page import Page
from ..support.web import new_game

SAMPLE = {"count": 5, "min": 2, "max": 4, "suits": "♥", "cards": "7♥ 8♥", "declared": "9♥",
          "options": "7♥ 8♥ 9♥ / 8♥ 9♥ 10♥", "points": 27, "player": "Anna", "index": 2,
          "players": "Ben, Cleo", "shown": "Q♠", "by": "Dan", "round": 3, "expected": 5,
          "take": 3, "jokers": 1, "wanted": "K♣"}


def _every_problem() -> list[Problem]:
    """A problem for every template of the engine, with jokers and with wild cards, and the
    copies of a card held in melds and hands."""
    out = []
    for code, reason in WORDINGS:
        if code == "HAND_WIN_NOT_ALLOWED":
            out.append(Problem(code, "RULES.md", SAMPLE | {"reason": reason}))
            continue
        for wild in (False, True):
            params = SAMPLE | {"wild_cards": wild}
            if reason:
                params["reason"] = reason
            if code == "TOO_MANY_COPIES":
                params["held"] = (("Anna", 1, 1), ("Ben", 0, 2), ("Anna", 0, 1))
            out.append(Problem(code, "RULES.md", params))
    out.append(Problem("TOO_MANY_COPIES", "RULES.md", {"count": 3, "shown": "Q♠", "max": 2}))
    return out


def _catalog(lang: str) -> dict[tuple[str, str | None], str]:
    with (ROOT / "scorepad" / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return {(m.id, m.context): m.string for m in read_po(f, locale=lang)
                if isinstance(m.id, str) and m.id}


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_every_engine_template_has_a_translation_with_the_same_parts(lang: str) -> None:
    catalog = _catalog(lang)
    assert len(templates()) == len(WORDINGS)
    for template in templates():
        said = catalog.get((template, None))
        assert said, f"no {lang} translation of {template!r}"
        assert set(re.findall(r"\{\w+\}", said)) == set(re.findall(r"\{\w+\}", template)), said
    for word in ("jokers", "wild cards", "meld %(n)s", "hand"):
        assert catalog.get((word, "problem")), f"no {lang} translation of {word!r}"


# The cards of SAMPLE as a German page writes them (its chips: Dame D, Bube B).
GERMAN_CARDS = {"shown": "D♠"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_problem_reads_as_the_engine_words_it(app: Flask, lang: str) -> None:
    """Word for word the engine's English and German; a German page writes the cards in its
    own letters (Q♠ is D♠ there), as its chips do."""
    with app.test_request_context(f"/?lang={lang}"):
        for problem in _every_problem():
            cards = GERMAN_CARDS if lang == "de" else {}
            expected = Problem(problem.code, problem.rule, problem.params | {
                key: value for key, value in cards.items() if key in problem.params})
            assert problem_text(problem) == expected.message(lang), problem


@pytest.mark.parametrize(("lang", "written"), [("en", "(Q♥ K♥ A♥)"), ("de", "(D♥ K♥ A♥)"),
                                               ("fr", "(Q♥ K♥ A♥)")])
def test_a_problem_writes_its_cards_as_the_page_does(client: FlaskClient, lang: str,
                                                     written: str) -> None:
    said = Page(client.post(f"/referee/three_thirteen?lang={lang}",
                            data={"q": "meld", "cards": "Qh Kh Ah"},
                            headers={"HX-Request": "true"})).one("[data-answer]")
    ace_high = said.keyed("data-problem")["ACE_HIGH_NOT_ALLOWED"]
    assert written in ace_high, ace_high
    # The API keeps the engine's own words, cards included (its contract).
    api = client.post("/api/v1/adjudicate", json={
        "variant": "three_thirteen", "check": "meld", "cards": ["Qh", "Kh", "Ah"], "round": 1,
        "lang": "de" if lang == "de" else "en"}).get_json()
    assert "(Q♥ K♥ A♥)" in next(p["message"] for p in api["problems"]
                                if p["code"] == "ACE_HIGH_NOT_ALLOWED")


def test_a_problem_reads_in_french(app: Flask) -> None:
    with app.test_request_context("/?lang=fr"):
        worded = [(p, problem_text(p)) for p in _every_problem()]  # a Problem hashes by code
    for problem, text in worded:
        assert text != problem.message("en") and "{" not in text, text
    copies = next(t for p, t in worded if "held" in p.params)
    assert copies.endswith(
        "n’en a que 4 (Anna\u00a0: combinaison 1, main\u00a0; Ben\u00a0: main 2×).")
    sample = Problem("SET_TOO_LARGE", "r", {"max": 4, "count": 5})
    with app.test_request_context("/?lang=fr"):
        assert problem_text(sample) == "Un groupe a au plus 4 cartes\u00a0; celui-ci en a 5."


def test_the_referee_answers_a_meld_question_in_french(client: FlaskClient) -> None:
    said = Page(client.post("/referee/rami_fr?lang=fr",
                            data={"q": "meld", "cards": "7s 7s 7h 7d JK JK"},
                            headers={"HX-Request": "true"})).one("[data-answer]")
    problems = said.keyed("data-problem")
    assert problems["SET_TOO_LARGE"].startswith(
        "Un groupe a au plus 4 cartes\u00a0; celui-ci en a 6.")
    assert problems["SET_DUPLICATE_SUIT"].startswith(
        "un groupe ne contient chaque couleur qu’une fois".capitalize())
    assert "at most" not in said.text and "each suit only once" not in said.text


def test_a_rami_round_is_checked_and_saved_in_french(client: FlaskClient) -> None:
    client.get("/?lang=fr")
    game = new_game(client, "rami_fr", ["Anna", "Ben"])
    illegal = by_cards([{"melds": ["Kh Ah 2h"], "hand": ""}, {"hand": "7c 8d"}], closer=0)
    answer = post(client, game, illegal, action="check")
    page = Page(answer)
    assert answer.status_code == 422 and page.one("html").attr("lang") == "fr"
    assert "Combinaison 1" in page.text
    assert 'lang must be "en" or "de"' not in page.text
    legal = by_cards([{"melds": ["7h 8h 9h", "Qs Qd Qc"], "hand": "5c"},
                      {"melds": ["2c 3c 4c"]}], closer=1)
    checked = Page(post(client, game, legal, action="check"))
    assert "comptée par Scorepad" in checked.one("#check caption").text
    assert post(client, game, legal).status_code == 302


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_variant_is_named_as_the_engine_names_it(app: Flask, lang: str) -> None:
    with app.test_request_context(f"/?lang={lang}"):
        for variant in VARIANTS.values():
            # English names the Vorratsreihe by what it is (German keeps the seed's word).
            named = ("Jolly with discard row" if lang == "en" and variant.discard_row
                     else variant.title(lang))
            assert variant_title(variant) == named
            assert variant_summary(variant) == variant.summary(lang)


def test_the_variants_are_named_in_french(client: FlaskClient) -> None:
    page = Page(client.get("/games/new?lang=fr")).text
    assert "Rami (France)" in page and "Jolly (Autriche)" in page
    assert "le plus petit total gagne" in page
    for variant in VARIANTS.values():
        assert variant.summary("en") not in page
    rules = Page(client.get("/rules/rami_fr?lang=fr"))
    assert rules.one("h1").text.endswith("Rami (France)") and "Rami (French)" not in rules.text
