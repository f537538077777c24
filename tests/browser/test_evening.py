"""The evening on phones: stakes to the settlement and its sheet, an evening of two games,
a profile passed from one phone to another, and the players' statistics (German and English)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from ..support.browser_evening import pdf_text
from ..support.browser_serving import as_served
from ..support.browser_table import GAME_URL, LANGS, NARROW, TARGETS_JS, WIDTH_JS, fill_round, save, shot
from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


def enter_round(page: Any, game: str, hands: list[int], melds: list[int],
                closer: int) -> None:
    page.goto(f"{game}/rounds/new")
    fill_round(page, hands, melds, closer)
    save(page)
    page.wait_for_url(GAME_URL)


def start_staked(page: Any, names: list[str], mode: str = "pot", cents: str = "100",
                 evening: bool = False) -> str:
    """A jolly_at game to 100 for money, started from the form on screen."""
    if not evening:
        page.goto("/games/new?variant=jolly_at")
    for i, name in enumerate(names):
        page.locator(f"input[name=player_{i}]").fill(name)
    page.locator("input[name=hr_target]").fill("100")
    page.locator("select[name=stakes_mode]").select_option(mode)
    page.locator("input[name=stakes_cents]").fill(cents)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    return str(page.url).split("#")[0]


def play_to_the_end(page: Any, game: str) -> None:
    """Seat 0 wins: 110 : -10 : 30."""
    enter_round(page, game, melds=[30, 10, 40], hands=[10, 20, 0], closer=2)
    enter_round(page, game, melds=[60, 10, 5], hands=[0, 10, 45], closer=0)


def fits_a_phone(page: Any) -> None:
    scroll_width, width = page.evaluate(WIDTH_JS)
    assert scroll_width <= width
    assert page.evaluate(TARGETS_JS) == []


EURO = {"en": "€1.00", "de": "1,00\xa0€"}


@pytest.mark.parametrize("lang", LANGS)
def test_stakes_through_to_who_pays_whom_on_the_page_and_the_sheet(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang, **NARROW)
    page.goto("/games/new?variant=jolly_at")
    expect(page.locator("fieldset.stakes legend")).to_have_text(
        server.text(lang, "Stakes (optional)"))
    shot(page, screenshots, f"{lang}-evening-1-stakes-form")
    game = start_staked(page, ["Anna", "Ben", "Cleo"], evening=True)
    expect(page.locator("#stakes-title")).to_have_text(server.text(lang, "Stakes"))
    expect(page.locator("section.stakes")).to_contain_text(
        server.text(lang, "The settlement appears after the first round."))
    enter_round(page, game, melds=[30, 10, 40], hands=[10, 20, 0], closer=2)
    # Cleo leads after one round: were it over now, she would take the pot.
    expect(page.locator("section.stakes")).to_contain_text(server.text(lang, "If the game ended now:"))
    expect(page.locator("ul.transfers li")).to_have_count(2)
    enter_round(page, game, melds=[60, 10, 5], hands=[0, 10, 45], closer=0)
    stakes = page.locator("section.stakes")
    expect(stakes).to_contain_text(server.text(lang, "Who pays whom"))
    transfers = page.locator("ul.transfers li").all_inner_texts()
    assert sorted(transfers) == sorted(
        server.text(lang, "%(payer)s pays %(payee)s %(amount)s", payer=p, payee="Anna",
                    amount=EURO[lang]) for p in ("Ben", "Cleo"))
    if lang == "de":
        assert "Ben zahlt Anna 1,00\xa0€" in transfers
    stakes.scroll_into_view_if_needed()
    shot(page, screenshots, f"{lang}-evening-2-settlement")
    fits_a_phone(page)
    text = pdf_text(page.request, f"{game}/sheet.pdf")
    assert server.text(lang, "Who pays whom") not in text  # the sheet says it once, as a list
    assert server.text(lang, "Settlement") in text
    assert server.text(lang, "%(payer)s pays %(payee)s %(amount)s", payer="Ben", payee="Anna",
                       amount=EURO[lang]).replace("\xa0", " ") in text.replace("\xa0", " ")


@pytest.mark.parametrize("lang", LANGS)
def test_an_evening_of_two_games_is_settled_in_one_set_of_payments(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang, **NARROW)
    first = start_staked(page, ["Anna", "Ben", "Cleo"])
    play_to_the_end(page, first)
    page.locator("section.evening button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/e/[A-Za-z0-9_-]+$"))
    evening = str(page.url)
    expect(page.locator("ul.evening-games li")).to_have_count(1)
    # The second game is started from the evening page and belongs to it.
    page.locator("a.button[href*='variant=jolly_at']").click()
    second = start_staked(page, ["Ben", "Anna", "Cleo"], evening=True)
    play_to_the_end(page, second)
    expect(page.locator("section.evening a.button")).to_have_text(
        server.text(lang, "The evening of this game"))
    page.goto(evening)
    expect(page.locator("ul.evening-games li")).to_have_count(2)
    # Anna +2 -1, Ben -1 +2, Cleo -1 -1: Cleo pays 1 to each, two payments in all.
    expect(page.locator("ul.transfers li")).to_have_count(2)
    for payee in ("Anna", "Ben"):
        expect(page.locator("ul.transfers")).to_contain_text(server.text(
            lang, "%(payer)s pays %(payee)s %(amount)s", payer="Cleo", payee=payee,
            amount=EURO[lang]))
    shot(page, screenshots, f"{lang}-evening-3-evening")
    fits_a_phone(page)
    text = pdf_text(page.request, f"{evening}/sheet.pdf")
    assert server.text(lang, "Settlement of the evening") in text
    assert text.count("Jolly") >= 2


@pytest.mark.parametrize("lang", LANGS)
def test_a_profile_shared_by_one_phone_starts_a_game_on_another(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    mine = new_page(lang, **NARROW)
    mine.goto("/games/new?variant=romme_de")
    for i, name in enumerate(["Anna", "Ben"]):
        mine.locator(f"input[name=player_{i}]").fill(name)
    mine.locator("input[name=hr_target]").fill("300")
    mine.locator("main form button[type=submit]").click()
    mine.wait_for_url(GAME_URL)
    mine.locator("#profile-name").fill("Omas Rommé")
    mine.locator("section.profile-save button").click()
    mine.wait_for_url(re.compile(r"/p/[A-Za-z0-9_-]+$"))
    expect(mine.locator("h1")).to_have_text("Omas Rommé")
    expect(mine.locator("svg.qr")).to_be_visible()
    link = as_served(mine.locator("input.link").input_value(), server)
    shot(mine, screenshots, f"{lang}-evening-4-profile")
    fits_a_phone(mine)

    # Another phone (its own browser context) on the LAN origin, as at a real table.
    theirs = new_page(lang, origin="lan", **NARROW)
    theirs.goto(urlsplit(link).path)
    expect(theirs.locator("h1")).to_have_text("Omas Rommé")
    theirs.locator("main a.button.primary").click()
    expect(theirs.locator("input[name=hr_target]")).to_have_value("300")
    expect(theirs.locator("p.profile-note")).to_contain_text("Omas Rommé")
    for i, name in enumerate(["Cleo", "Dan"]):
        theirs.locator(f"input[name=player_{i}]").fill(name)
    theirs.locator("main form button[type=submit]").click()
    theirs.wait_for_url(GAME_URL)
    expect(theirs.locator("main p.muted").first).to_contain_text(
        server.text(lang, "Profile: %(name)s", name="Omas Rommé"))
    # Fetched through the first phone's origin: the test's own HTTP client cannot resolve
    # table.lan (only Chromium maps it).
    text = pdf_text(mine.request, urlsplit(str(theirs.url)).path + "/sheet.pdf")
    assert "Omas Rommé" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_statistics_page_counts_the_players_of_this_phone(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang, **NARROW)
    for names in (["Anna", "Ben", "Cleo"], ["Anna", "Ben", "Dora"]):
        page.goto("/games/new?variant=jolly_at")
        for i, name in enumerate(names):
            page.locator(f"input[name=player_{i}]").fill(name)
        page.locator("input[name=hr_target]").fill("100")
        page.locator("main form button[type=submit]").click()
        page.wait_for_url(GAME_URL)
        play_to_the_end(page, str(page.url).split("#")[0])
    page.goto("/")
    page.locator("a.button[href$='/players']").click()
    expect(page.locator("h1")).to_have_text(server.text(lang, "Players and statistics"))
    expect(page.locator("section.player-stats h2")).to_have_text(["Anna", "Ben", "Cleo", "Dora"])
    anna = page.locator("section.player-stats").first
    expect(anna.locator("svg rect.won")).to_have_count(2)
    expect(anna.locator("dl.figures dd").nth(1)).to_have_text("2")  # wins
    page.locator("select#a").select_option("Anna")
    page.locator("select#b").select_option("Ben")
    page.locator("form.versus button").click()
    expect(page.locator("#versus")).to_have_text(server.text(
        lang, "%(a)s ahead %(x)d times, %(b)s ahead %(y)d times, level %(z)d times, in %(n)d games.",
        a="Anna", b="Ben", x=2, y=0, z=0, n=2))
    shot(page, screenshots, f"{lang}-evening-5-statistics")
    fits_a_phone(page)
    csv_text = page.request.get("/players.csv").text()
    assert csv_text.splitlines()[0].startswith("player,variant,games,wins")
