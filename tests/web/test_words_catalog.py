"""One place for words (issue 20, step 4): every sentence a player reads outside the engine is
a gettext message with its German and French, house rules are put into words by one module
and shown alike on every page, and a card is drawn by one chip on the server and one function
in the picker, which reads cards from the engine's own notation tables."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorepad.rules import VARIANTS, InvalidCardError, Rank, parse_card
from scorepad.rules.cards import notation
from scorepad.words.cards import chip

from ..support.page import Page
from ..support.web import new_game

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "scorepad"
# Two words side by side, or a letter only German has: a phrase a player reads.
_PHRASE = re.compile(r"[^\W\d_]+ [^\W\d_]+")
_GERMAN = re.compile(r"[äöüÄÖÜß]")
# Messages the catalog held before the word modules used them: their French comes with the
# completion of the French catalog (its own branch this session), not with these modules.
_GETTEXT = {"_", "_l", "gettext", "lazy_gettext", "ngettext", "pgettext", "lazy_pgettext"}


def _literal(node: ast.AST) -> str | None:
    """A string constant, or an f-string's constant parts."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values
                       if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def word_pairs(source: str) -> list[tuple[int, str, str]]:
    """(line, first, second) of every pair of strings written side by side as the same words in
    two languages: a 2-tuple of (f-)strings that differ, one a phrase or German."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple) and len(node.elts) == 2:
            first, second = (_literal(e) for e in node.elts)
            if first is None or second is None or first == second:
                continue
            if any(_PHRASE.search(s) or _GERMAN.search(s) for s in (first, second)):
                out.append((node.lineno, first, second))
    return out


def _app_modules() -> list[Path]:
    """Every module outside the engine (which keeps its own Babel-free messages)."""
    return [p for p in sorted(APP.rglob("*.py"))
            if p.relative_to(APP).parts[0] not in ("rules", "migrations")]


def test_the_pair_finder_finds_word_tuples() -> None:
    """The shapes the word tuples had before (rulewords, rulebook): it cannot pass by
    finding nothing."""
    old = ('LABELS = {"decks": ("Packs of cards", "Kartenspiele"), "jokers": ("Jokers", "Joker")}\n'
           'line = (f"At most {n} cards in a run.", f"Höchstens {n} Karten in einer Folge.")\n'
           'pick = ("the dealer", "der Geber")\n'
           'keys = ("portrait", "landscape"), ("GET", "HEAD"), ("000", "set")\n')
    assert sorted(line for line, _a, _b in word_pairs(old)) == [1, 2, 3]


def test_no_english_german_word_pairs_outside_the_engine() -> None:
    found = [(str(p.relative_to(ROOT)), *pair) for p in _app_modules()
             for pair in word_pairs(p.read_text(encoding="utf-8"))]
    assert found == []


def test_no_language_is_picked_by_hand_outside_the_engine() -> None:
    """No ``lang == "de"`` choosing words, and no ``lang`` parameter in the word modules: the
    active locale decides. The API's ``lang`` field only picks the engine's own message
    language in its JSON answers (the edge), so it is the one comparison left."""
    found = []
    for path in _app_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and any(
                    isinstance(c, ast.Constant) and c.value == "de"
                    for c in [node.left, *node.comparators]):
                found.append((str(path.relative_to(ROOT)), node.lineno))
            if (path.parent.name == "words" and isinstance(node, ast.FunctionDef)
                    and any(a.arg == "lang" for a in node.args.args + node.args.kwonlyargs)):
                found.append((str(path.relative_to(ROOT)), node.name))
    assert found == [("scorepad/web/errors.py", found[0][1])] if found else found == []


def _messages(path: Path) -> list[tuple[str | None, str]]:
    """(context, msgid) of every gettext call in ``path``; a call whose text is not a literal
    is reported as (None, "<not a literal>") so that a future extract finds every message."""
    out: list[tuple[str | None, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in _GETTEXT):
            continue
        args = [_literal(a) if isinstance(a, ast.Constant) else None for a in node.args]
        if node.func.id.endswith("pgettext"):
            context, ids = args[0], args[1:2]
        else:
            context, ids = None, args[:1]
        if not ids or ids[0] is None:
            out.append((None, "<not a literal>"))
        else:
            out.append((context, ids[0]))
    return out


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_message_of_the_word_modules_is_translated(lang: str) -> None:
    """House rules, the rules page and the card words: each message has its German and its
    French in the catalogs (the French is what makes the language need no code)."""
    po = APP / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    missing = []
    # problems.py words the engine's problems by the engine's own English templates (data,
    # not literals); tests/web/test_problem_words.py checks each of them in every catalog.
    for path in sorted(p for p in (APP / "words").glob("*.py") if p.name != "problems.py"):
        for context, msgid in _messages(path):
            message = catalog.get(msgid, context=context)
            strings = (message.string if isinstance(message.string, tuple)
                       else (message.string,)) if message is not None else ("",)
            if not all(strings):
                missing.append((path.name, context, msgid))
    assert missing == []
    assert len(_messages(APP / "words" / "house_rules.py")) > 140


def test_french_needs_no_code(app: Flask) -> None:
    """With the French catalog the words come out French, through the same functions."""
    from flask_babel import force_locale

    from scorepad.rules import find_variant, rules_for
    from scorepad.words import house_rules, rulebook
    from scorepad.words.cards import rank_label

    with app.test_request_context(), force_locale("fr"):
        assert house_rules.label("target") == "Score à atteindre"
        assert house_rules.value_words("tie", "shared") == "est une victoire partagée"
        assert house_rules.pack_words("hand_size", find_variant("rami_fr")) == (
            "14 cartes, à 4 ou 6 joueurs 12")
        titles = [s.title for s in rulebook.sections(rules_for("rami_fr"))]
        assert titles[:3] == ["Cartes et donne", "Brelans et carrés", "Suites"]
        # French chips say the letters a French table types (the engine reads no V or R):
        # every rank a page shows must be one the card field takes back.
        assert [rank_label(r) for r in "AJQK"] == ["A", "J", "Q", "K"]
        for lang in ("de", "fr"):
            with force_locale(lang):
                assert all(parse_card(rank_label(r) + "h").rank.text == r for r in "AJQK")
        assert str(chip("Kh")) == '<span class="card red">K♥</span>'
        from scorepad.words.variants import summary, title
        assert title(find_variant("jolly_at")) == "Jolly (Autriche)"
        assert summary(find_variant("three_thirteen")).startswith("11 manches de 3 à 13 cartes")


def test_every_variant_has_its_name_and_line_in_the_catalog(app: Flask) -> None:
    """The variant names and lines come from the catalog in German as the engine words them,
    and no template asks the engine for a language's words (``title(lang)``)."""
    from flask_babel import force_locale

    from scorepad.words.variants import summary, title

    with app.test_request_context(), force_locale("de"):
        for v in VARIANTS.values():
            assert (title(v), summary(v)) == (v.name_de, v.summary_de)
    asked = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "templates").rglob("*.html"))
             if re.search(r"\.(title|summary)\(lang\)", p.read_text(encoding="utf-8"))]
    assert asked == []


# -- house rules in words, the same on every page ------------------------------------------

def _house_line(html: str) -> str:
    """The words after "House rules:" in the page's paragraph that says them (its last line)."""
    said = [found.group(1) for p in Page(html).all("p")
            if (found := re.search(r"(?:House rules|Hausregeln): (.*)$", p.text))]
    assert len(said) == 1, said
    return said[0]


def _sheet_house_rules(html: str) -> str:
    """What a score sheet's details list says beside "House rules"."""
    terms = Page(html).all("dt, dd")
    found = [terms[i + 1].text for i, term in enumerate(terms[:-1])
             if term.tag == "dt" and term.text in ("House rules", "Hausregeln")]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_referee_shows_house_rules_in_words_as_the_game_page_does(
        app: Flask, client: FlaskClient, lang: str) -> None:
    """The referee once showed ``target=300``; the referee of a game, the game page, its
    profile and its score sheet say the house rules with the same words (one function,
    house_rules.changed_in_words)."""
    from flask_babel import force_locale

    from scorepad.game.models import Game
    from scorepad.game.scoreboard import scoreboard
    from scorepad.sheets.pdf import sheet_html

    game = new_game(client, "jolly_at", ["Anna", "Ben"], target="300", tie="shared")
    referee = client.get(f"{game}/referee?lang={lang}").get_data(as_text=True)
    page = client.get(f"{game}?lang={lang}").get_data(as_text=True)
    line = _house_line(referee)
    assert line == _house_line(page)
    with app.test_request_context("/"), force_locale(lang):
        from scorepad.game.db import db

        board = scoreboard(db.session.scalars(db.select(Game)).one())
        sheet = sheet_html(board, details=False, paper="A4", orientation="portrait")
    assert _sheet_house_rules(sheet).replace(" · ", "; ") == line
    expected = ({"Zielpunktzahl: 300", "Gleichstand um den Sieg: ist ein geteilter Sieg"}
                if lang == "de" else {"Target: 300", "A tie for the win: is a shared win"})
    assert set(line.split("; ")) == expected
    for code in ("target", "=", "_", "tie:"):
        assert code not in line


def test_the_house_rules_of_the_referee_without_a_game_are_words(client: FlaskClient) -> None:
    html = client.get("/referee/rami_fr?lang=de&hr=1&hr_target=700").get_data(as_text=True)
    line = _house_line(html)
    assert "Zielpunktzahl: 700" in line and "Aufnehmen vor dem ersten Auslegen: nein" in line
    assert "=" not in line and "_" not in line


# -- the card chip ---------------------------------------------------------------------------

def test_cards_are_drawn_by_the_one_chip_only() -> None:
    """No template or module but the chip writes a card's markup by hand."""
    hand_made = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "templates").rglob("*.html"))
                 if re.search(r'class="card[ "{]', p.read_text(encoding="utf-8"))]
    hand_made += [str(p.relative_to(ROOT)) for p in _app_modules()
                  if 'class="card' in p.read_text(encoding="utf-8")
                  and p != APP / "words" / "cards.py"]
    assert hand_made == []


def test_the_chip_draws_every_notation_the_engine_reads() -> None:
    ranks = ["A", "a", "2", "10", "T", "t", "J", "B", "b", "Q", "D", "d", "K", "1", "X"]
    suits = ["s", "h", "D", "c", "p", "♠", "♥", "♦", "♣", "♤", "♡", "♢", "♧", "x"]
    tokens = [r + s for r in ranks for s in suits] + [s + r for r in ranks for s in suits] + [
        "JK", "jk", "Joker", "JOLLY", "jolly\ufe0f", "★", "*", "🃏", "J", "QQ", "JKh"]
    for token in tokens:
        try:
            card = parse_card(token)
        except InvalidCardError:
            assert "not-card" in chip(token), token
            continue
        drawn = str(chip(token))
        assert "not-card" not in drawn, token
        assert ("Joker" in drawn) == card.is_joker, token
        assert (" red" in drawn) == bool(card.suit and card.suit.is_red), token
    assert "wild" in chip("3d", wild_rank=Rank.THREE) and "wild" not in chip("4d", Rank.THREE)


def test_the_picker_reads_cards_from_the_engines_tables(client: FlaskClient) -> None:
    """The picker's chips read a token exactly as parse_card does: the page hands it the
    engine's notation, and picker.js keeps no joker word or suit table of its own (it once
    refused joker spellings the server took)."""
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    picker = Page(client.get(f"{game}/rounds/new?lang=de")).one("#picker")
    assert json.loads(picker["data-notation"]) == json.loads(json.dumps(notation()))
    assert json.loads(picker["data-ranks"])["J"] == "B"
    script = (ROOT / "static" / "picker.js").read_text(encoding="utf-8")
    for word in ("jolly", "🃏", "♤", "♧", "joker: 1"):
        assert word not in script.lower()
    assert all(isinstance(v, str) for v in notation()["suits"].values())
    assert set(notation()["jokers"]) >= {"jk", "joker", "jolly", "★", "*", "🃏"}
    assert len(VARIANTS) >= 5


@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_the_picker_and_the_camera_write_cards_by_the_servers_one_rule(
        client: FlaskClient, lang: str) -> None:
    """Both are handed written_ranks (docs/decisions.md "Cards the picker writes"): the
    picker no longer decides for itself which letters to write; its chips keep the page's."""
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    for path in (f"{game}/rounds/new", f"{game}/together?as=Anna"):
        page = Page(client.get(f"{path}{'&' if '?' in path else '?'}lang={lang}"))
        written = json.loads(page.one("#picker")["data-written"])
        assert written == json.loads(page.one("#camera")["data-ranks"]), path
        assert (written["J"], written["Q"]) == (("B", "D") if lang == "de" else ("J", "Q"))
        assert json.loads(page.one("#picker")["data-ranks"])["J"] == ("B" if lang == "de" else "J")
    script = (ROOT / "static" / "picker.js").read_text(encoding="utf-8")
    assert "dataset.written" in script and "LOCAL" not in script


def test_the_rules_page_worded_once_is_still_worded_per_language(app: Flask) -> None:
    """The rules page's words are kept once worded (words/rulebook._MEMO): asked again in
    another language, or for other house rules, they are that language's and those rules'."""
    from flask_babel import force_locale

    from scorepad.rules import find_variant, rules_for
    from scorepad.words import rulebook

    rami = find_variant("rami_fr")
    with app.test_request_context():
        titles = {}
        for lang in ("en", "de", "fr", "en"):
            with force_locale(lang):
                titles.setdefault(lang, []).append(
                    rulebook.sections(rules_for(rami))[0].title)
        assert titles == {"en": ["Cards and deal", "Cards and deal"], "de": ["Karten und Geben"],
                          "fr": ["Cartes et donne"]}
        with force_locale("en"):
            rows = rulebook.switch_rows(rami, rami.house_rules({"target": 300}))
            plain = rulebook.switch_rows(rami, rami.house_rules())
        assert [r["value"] for r in rows if r["key"] == "target"] == ["300"]
        assert not any(r["changed"] for r in plain)
