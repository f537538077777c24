"""Readable in any light (Chromium at Pixel 5, en and de): the dark theme follows the phone
and can be chosen on the page (kept on the phone), and axe-core (axe-playwright-python) finds
no serious or critical violation, colour contrast included, on any main page in either theme."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ..support.browser_live import LANGS, save_by_numbers
from ..support.browser_table import shot, start_game
from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
axe_api = pytest.importorskip("axe_playwright_python.sync_playwright")
expect = sync_api.expect

THEMES = ("light", "dark")
SERIOUS = ("serious", "critical")


def main_pages(page: Any) -> list[str]:
    """A game with a round, and the addresses of every main page around it."""
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    save_by_numbers(page, game, 1, 0, {1: "12", 2: "30"})
    return ["/", "/games/new", "/games/new?variant=romme_de", game, f"{game}/rounds/new?number=2",
            f"{game}/rounds/1/edit", f"{game}/together", f"{game}/table", f"{game}/settings",
            f"{game}/referee", "/referee/jolly_at", "/rules/romme_de", "/players", "/profiles",
            "/games/import", "/offline/en", "/offline/de"]


def violations(axe: Any, page: Any) -> list[str]:
    found = axe.run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in SERIOUS]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("theme", THEMES)
def test_no_serious_accessibility_violation_on_any_main_page(
        new_page: Any, server: Server, screenshots: Path, lang: str, theme: str) -> None:
    page = new_page(lang, color_scheme=theme)
    axe = axe_api.Axe()
    problems = {}
    for i, url in enumerate(main_pages(page)):
        page.goto(url)
        found = violations(axe, page)
        if found:
            problems[url] = found
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == ("rgb(255, 255, 255)" if theme == "light" else "rgb(18, 18, 18)"), url
        path = url.removeprefix(server.url)
        slug = re.sub(r"[^a-z0-9]+", "-", re.sub(r"/g/[^/]+", "/game", path)).strip("-") or "home"
        shot(page, screenshots, f"{lang}-{theme}-{i:02d}-{slug}")
    # Cards in both suit colours: a set with a joker (the referee's answer reads it).
    page.goto("/referee/jolly_at")
    page.locator("#meld-cards").fill("Qh Qs JK")
    page.locator("#q-meld button[type=submit]").first.click()
    expect(page.locator("#q-meld .card.red").first).to_be_visible()
    expect(page.locator("#q-meld .card:not(.red)").first).to_be_visible()
    found = violations(axe, page)
    if found:
        problems["referee answer"] = found
    shot(page, screenshots, f"{lang}-{theme}-cards")
    assert problems == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_dark_theme_is_chosen_on_the_page_and_kept_on_the_phone(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang, color_scheme="light")
    page.goto("/")
    body = "getComputedStyle(document.body).backgroundColor"
    assert page.evaluate(body) == "rgb(255, 255, 255)"
    choice = page.get_by_label(server.text(lang, "Colours"))
    expect(choice).to_have_value("")
    choice.select_option("dark")
    assert page.evaluate(body) == "rgb(18, 18, 18)"
    page.goto("/referee/")  # another page, same phone: still dark, drawn dark from the start
    expect(choice).to_have_value("dark")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate(body) == "rgb(18, 18, 18)"
    page.emulate_media(color_scheme="dark")
    choice.select_option("light")  # light on a phone set to dark
    assert page.evaluate(body) == "rgb(255, 255, 255)"
    choice.select_option("")  # as the phone is set: dark again
    assert page.evaluate(body) == "rgb(18, 18, 18)"
    page.reload()
    expect(choice).to_have_value("")
    assert page.evaluate(body) == "rgb(18, 18, 18)"


def test_without_javascript_the_theme_follows_the_phone_and_no_choice_is_offered(
        new_page: Any) -> None:
    page = new_page("en", javascript=False, color_scheme="dark")
    page.goto("/")
    expect(page.locator("[data-theme-choice]")).to_be_hidden()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(18, 18, 18)"


def test_the_accessibility_check_finds_a_contrast_that_is_too_low(new_page: Any) -> None:
    """The runner can fail: grey on white (1.6:1) is a serious colour-contrast violation."""
    page = new_page("en")
    page.goto("/")
    page.evaluate("""() => { const p = document.createElement("p");
        p.textContent = "too pale"; p.style.color = "#cccccc"; p.style.background = "#ffffff";
        document.querySelector("main").append(p); }""")
    assert any(v.startswith("color-contrast (serious)") for v in violations(axe_api.Axe(), page))
