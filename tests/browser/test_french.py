"""A Rami round played in French, in Chromium at 360 px: the game, the round by cards with
its check (surcharges included), the game page, the rules page and the referee, with no
English sentence of the app on any of them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from playwright.sync_api import expect

from scorepad import ROOT
from scorepad.rules import SWITCHES, VARIANTS

from ..support.browser_cards import rami_round_cleo_never_melded
from ..support.browser_referee import ask
from ..support.browser_table import GAME_URL, save, shot, start_game, totals
from .conftest import Server

NARROW = {"viewport": {"width": 360, "height": 740}}


def _english_sentences() -> set[str]:
    """Every English sentence the app can show (the literal parts of the catalog's msgids,
    the engine's switch help and variant summaries), of at least three words so that a
    name or a card word never counts."""
    with (ROOT / "scorepad" / "translations" / "fr" / "LC_MESSAGES" / "messages.po").open(
            "rb") as f:
        catalog = read_po(f, locale="fr")
    english = [m.id for m in catalog if isinstance(m.id, str) and m.id]
    english += [m.id[1] for m in catalog if isinstance(m.id, tuple)]
    english += [s.help_en for s in SWITCHES.values()]
    english += [v.summary_en for v in VARIANTS.values()]
    out = set()
    for sentence in english:
        for part in re.split(r"%\(\w+\)[+]?[sd]|%[sd]|\{\w*\}|<[^>]+>", sentence):
            part = part.strip(" .,:;()–-")
            if len(part.split()) >= 3:
                out.add(part)
    return out


ENGLISH = _english_sentences()


def french_only(page: Any) -> None:
    """The page is French, shows no English sentence of the app and is no wider than 360 px."""
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    text = page.locator("body").inner_text()
    english = sorted(s for s in ENGLISH if s in text)
    assert not english, f"English on a French page ({page.url}): {english}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360 and width <= page.evaluate("innerWidth"), f"the page is {width} px wide"


def test_a_rami_round_in_french(new_page: Any, server: Server, screenshots: Path) -> None:
    page = new_page("fr", **NARROW)
    page.goto("/")
    french_only(page)
    expect(page.locator("nav.lang a")).to_have_text(["English", "Deutsch"])
    page.goto("/games/new?variant=rami_fr")
    expect(page.locator("h1")).to_have_text("Rami (France)")
    french_only(page)
    game = start_game(page, "rami_fr", ["Anna", "Ben", "Cleo"])

    rami_round_cleo_never_melded(page, game)
    expect(page.locator("#check-p1_meld0")).to_contain_text(server.text("fr", "run"))
    check = page.locator("#check")
    expect(check).to_contain_text(server.text("fr", "Round %(n)d as Scorepad counts it", n=1))
    expect(check.locator("table.breakdown")).to_contain_text(server.text("fr", "Surcharge"))
    expect(check).to_contain_text(server.text("fr", "Press “Save round” to keep it."))
    french_only(page)
    shot(page, screenshots, "fr-rami-1-check")
    save(page)
    page.wait_for_url(GAME_URL)

    assert totals(page) == ["0", "9", "259"]
    expect(page.locator("h1")).to_have_text("Rami (France)")
    expect(page.locator("main")).to_contain_text(server.text("fr", "Tap a round number to correct it."))
    french_only(page)
    shot(page, screenshots, "fr-rami-2-game")

    page.goto(f"{game}/rules")
    expect(page.locator("h1")).to_contain_text("Rami (France)")
    french_only(page)
    shot(page, screenshots, "fr-rami-3-rules")

    page.goto(f"{game}/referee")
    page.wait_for_function("() => window.htmx !== undefined")
    # Too large even without its doubled 7♠ (a set of five that doubles a suit is wrong
    # for the doubled suit only: words.problems.said_once).
    meld = ask(page, "meld", cards="7s 7s 7h 7d JK JK")
    expect(meld.locator(".verdict.bad")).to_contain_text(server.text("fr", "Not a legal meld."))
    expect(meld).to_contain_text("Un groupe a au plus 4 cartes\u00a0; celui-ci en a 6.")
    meld = ask(page, "meld", cards="JK Qh Kh")
    expect(meld.locator(".verdict.ok")).to_contain_text(server.text("fr", "Legal:"))
    french_only(page)
    page.locator("#q-meld").scroll_into_view_if_needed()
    shot(page, screenshots, "fr-rami-4-referee")
