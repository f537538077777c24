"""French beside German and English: chosen by the browser or the switch on every page, a
complete catalog for each language, amounts and times as the language writes them."""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import UTC, datetime

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorepad import ROOT
from scorepad.game.money import money
from scorepad.web.times import when
from scorepad.words import LANGUAGES

from ..support.cards import by_cards, post
from ..support.page import Page
from ..support.web import new_game

CATALOGS = ROOT / "scorepad" / "translations"


def _offered(page: Page) -> dict[str, str]:
    """The language switch of a page: language -> the name its link shows (in that
    language: the link's own lang is its hreflang)."""
    links = page.one("nav.lang").all("a[hreflang]")
    assert all(a["lang"] == a["hreflang"] for a in links)
    return {a["hreflang"]: a.text for a in links}


def _lang(page: Page) -> str | None:
    return page.one("html").attr("lang")


def test_a_french_browser_gets_french_pages(client: FlaskClient) -> None:
    page = Page(client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}))
    assert _lang(page) == "fr"
    assert "Vos parties" in page.text and "Your games" not in page.text
    assert _offered(page) == {"en": "English", "de": "Deutsch"}


@pytest.mark.parametrize(("lang", "others"), [
    ("en", {"de": "Deutsch", "fr": "Français"}),
    ("de", {"en": "English", "fr": "Français"}),
    ("fr", {"en": "English", "de": "Deutsch"}),
])
def test_every_page_offers_the_other_languages_in_their_own_names(
        client: FlaskClient, lang: str, others: dict[str, str]) -> None:
    for path in ("/", "/games/new?variant=rami_fr", "/referee/", "/no-such-page"):
        page = Page(client.get(f"{path}{'&' if '?' in path else '?'}lang={lang}"))
        assert _lang(page) == lang, path
        assert _offered(page) == others, path


def test_the_switch_to_french_is_remembered(client: FlaskClient) -> None:
    first = client.get("/?lang=fr", headers={"Accept-Language": "de"})
    assert "lang=fr" in first.headers["Set-Cookie"]
    assert _lang(Page(client.get("/", headers={"Accept-Language": "de"}))) == "fr"


def test_the_offline_page_offers_the_other_languages_offline(client: FlaskClient) -> None:
    page = Page(client.get("/offline/fr"))
    assert _lang(page) == "fr" and "Scorepad" in page.text
    offered = {a["hreflang"]: a["href"] for a in page.all("a[hreflang]")}
    assert offered == {"de": "/offline/de", "en": "/offline/en"}
    assert client.get("/manifest.fr.webmanifest").status_code == 200


def test_amounts_and_times_are_written_the_french_way(app: Flask) -> None:
    moment = datetime(2026, 11, 25, 21, 5, tzinfo=UTC)
    with app.test_request_context("/?lang=fr", headers={"Cookie": "tz=Europe/Paris"}):
        assert money(1250, "EUR") == "12,50\u00a0€"
        assert money(-300, "CHF") == "-3,00\u00a0CHF"
        assert when(moment, "time") == "22:05:00"
        assert when(moment, "date") == "25 novembre 2026"
    with app.test_request_context("/?lang=en", headers={"Cookie": "tz=Europe/Paris"}):
        assert money(1250, "EUR") == "€12.50"


def test_every_language_but_english_has_a_catalog() -> None:
    assert {p.parts[-3] for p in CATALOGS.glob("*/LC_MESSAGES/messages.po")} == set(LANGUAGES) - {"en"}


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_each_catalog_passes_msgfmt_check(lang: str, tmp_path: object) -> None:
    po = CATALOGS / lang / "LC_MESSAGES" / "messages.po"
    done = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)], capture_output=True,
                          text=True, check=False)
    errors = [line for line in done.stderr.splitlines() if "warning:" not in line]
    assert done.returncode == 0 and not errors, done.stderr


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_each_catalog_is_complete_and_knows_every_german_msgid(lang: str) -> None:
    with (CATALOGS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    with (CATALOGS / "de" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        german = read_po(f, locale="de")
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
    missing = [m.id for m in german if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in ids]
    assert not missing, f"{len(missing)} German msgids have no {lang} entry, e.g. {missing[:3]}"
    empty = [m.id for m in catalog if m.id and (
        not all(m.string) if isinstance(m.string, tuple) else not m.string)]
    assert not empty, f"{len(empty)} {lang} msgids have no translation, e.g. {empty[:3]}"
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy {lang} entries: {fuzzy[:3]}"


def test_every_page_of_a_rami_game_with_stakes_answers_in_french(client: FlaskClient) -> None:
    client.get("/?lang=fr")
    game = new_game(client, "rami_fr", ["Anna", "Ben"],
                    fields={"stakes_mode": "per_point", "stakes_cents": "5", "currency": "EUR"})
    played = by_cards([{"melds": ["7h 8h 9h", "Qs Qd Qc"], "hand": "5c"},
                       {"melds": ["2c 3c 4c"]}], closer=1)
    assert post(client, game, played).status_code == 302
    page = Page(client.get(game))
    assert _lang(page) == "fr" and "Rami (France)" in page.text
    assert re.search(r"\d,\d\d\u00a0€", page.one("section.stakes").text), (
        "an amount as French writes it")
    for path in ("/table", "/settings", "/rules", "/referee", "/rounds/new", "/rounds/1/edit", "/rounds/check-initial",
                 "/rounds.csv", "/sheet.pdf", "/game.json"):
        answer = client.get(game + path)
        assert answer.status_code == 200, path
    for path in ("/", "/players", "/profiles", "/games/import", "/sheets/blank",
                 "/sheets/blank?variant=rami_fr&players=Anna,Ben"):
        assert client.get(path).status_code == 200, path
