"""On a phone (Pixel 5, German and English): a net round on one screen, closer by
one tap, the first problem focused, house rules in words, safe deletes, named games."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

LANGS = ("en", "de")
NAMES = ["Anna", "Ben", "Cleo", "Dora"]
GAME = re.compile(r"/g/[A-Za-z0-9_-]+(#next)?$")


def start_net_game(page: Any, name: str = "Freitag") -> str:
    page.goto("/games/new?variant=jolly_at")
    for i, n in enumerate(NAMES):
        page.locator(f"input[name=player_{i}]").fill(n)
    page.locator("input[name=game_name]").fill(name)
    page.locator("input[name=counting][value=net]").check()
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(GAME)
    return str(page.url).split("#")[0]


def assert_fits(page: Any) -> None:
    """Nothing wider than the phone: a mobile browser widens innerWidth to content that
    overflows, so the phone's own width is the measure."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def bottom_of(page: Any, selector: str) -> float:
    return float(page.locator(selector).evaluate("e => e.getBoundingClientRect().bottom"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_net_round_fits_one_screen_and_saves_in_players_plus_one_taps(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_net_game(page)
    page.goto(f"{game}/rounds/new")
    height = page.evaluate("innerHeight")
    assert bottom_of(page, "button[value=save]") <= height, "Save is below the fold"
    assert_fits(page)
    page.screenshot(path=str(screenshots / f"fast-net-round-{lang}.png"))
    # Tap 1: Ben went out; his field has the focus.
    page.locator("label.closer-pick").nth(1).tap()
    expect(page.locator("#net_1")).to_be_focused()
    # The keyboard's "next" key goes on to the next empty field, round the table, and
    # after the last one saves: one tap in all, the rest is typing.
    page.keyboard.type("75")
    page.keyboard.press("Enter")
    expect(page.locator("#net_2")).to_be_focused()
    page.keyboard.type("-40")
    page.keyboard.press("Enter")
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    expect(page.locator("#net_0")).to_be_focused()
    page.keyboard.type("-23")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"#next$"))
    next_button = page.locator("#next a.button.primary")
    expect(next_button).to_be_in_viewport()
    expect(page.locator("#round-1")).to_contain_text("+75")
    page.screenshot(path=str(screenshots / f"fast-after-save-{lang}.png"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_failed_save_focuses_and_names_the_first_problem(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_net_game(page)
    page.goto(f"{game}/rounds/new")
    page.locator("label.closer-pick").nth(0).tap()
    page.keyboard.type("40")
    page.locator("#net_2").fill("-10")
    page.locator("#net_3").fill("-10")
    page.locator("button[value=save]").tap()
    expect(page.locator("#net_1")).to_be_focused()
    expect(page.locator("#net_1")).to_be_in_viewport()
    said = server.text(lang, "Enter %(name)s's points for the round (0 if even).", name="Ben")
    expect(page.locator(".net-row.invalid .field-error")).to_have_text(said)
    expect(page.locator("#problems")).to_contain_text("Ben")
    page.screenshot(path=str(screenshots / f"fast-problem-{lang}.png"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_number_is_said_at_its_field_only_once_it_is_left(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    game = start_net_game(page)
    page.goto(f"{game}/rounds/new")
    page.locator("#net_0").fill("4x")
    expect(page.locator(".field-error")).to_have_count(0)
    expect(page.locator("#problems")).to_have_count(0)
    page.locator("#net_1").focus()
    expect(page.locator(".typing-error")).to_have_text(
        server.text(lang, "Enter a whole number, like 25."))
    page.locator("#net_0").fill("4")
    page.locator("#net_1").focus()
    expect(page.locator(".typing-error")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_house_rules_are_words_on_the_new_game_form(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    page.goto("/games/new?variant=romme_de")
    page.locator("details summary").first.tap()
    body = page.locator("main").inner_text()
    for code in ("min_naturals", "target_reached_when", "playoff", "strict", "any_run", "layer/owner"):
        assert code not in body
    assert "Echte Karten pro Meldung" in body and "The target" not in body if lang == "de" \
        else "Natural cards per meld" in body
    page.screenshot(path=str(screenshots / f"fast-house-rules-{lang}.png"), full_page=True)


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_over_40_characters_is_kept_whole_and_the_limit_said_at_once(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    page.goto("/games/new?variant=jolly_at")
    name = page.locator("#player_0")
    name.fill("Maximiliane Alexandra von Hohenberg-Wald")  # 40 characters
    expect(page.locator("[data-max-note-of=player_0]")).to_have_count(0)
    name.press_sequentially("stein")  # typed as on a phone: nothing may cut it
    assert len(name.input_value()) == 45
    expect(page.locator("[data-max-note-of=player_0]")).to_have_text(
        server.text(lang, "At most %(n)d characters; this one has {count}.", n=40)
        .replace("{count}", "45"))
    expect(name).to_have_attribute("aria-invalid", "true")
    name.press("Backspace")
    for _ in range(4):
        name.press("Backspace")
    expect(page.locator("[data-max-note-of=player_0]")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_deleting_a_round_asks_once_and_is_undone_with_one_tap(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_net_game(page)
    page.goto(f"{game}/rounds/new")
    for i, v in enumerate(["30", "-5", "-5", "-5"]):
        page.locator(f"#net_{i}").fill(v)
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[value=save]").tap()
    page.wait_for_url(re.compile(r"#next$"))
    confirm = page.locator("details.confirm")
    confirm.locator("summary").tap()
    yes = confirm.locator("button[type=submit]")
    expect(yes).to_have_text(server.text(lang, "Yes, delete round %(n)d", n=1))
    page.screenshot(path=str(screenshots / f"fast-delete-confirm-{lang}.png"))
    yes.tap()
    restore = page.locator("form.undo button")
    expect(restore).to_be_visible()
    restore.tap()
    expect(page.locator("#round-1")).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_named_games_on_the_home_page_and_settings(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_net_game(page, "Freitag bei Anna")
    page.goto(f"{game}/rounds/new")
    for i, v in enumerate(["30", "-5", "-5", "-5"]):
        page.locator(f"#net_{i}").fill(v)
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[value=save]").tap()
    page.wait_for_url(re.compile(r"#next$"))
    page.goto("/")
    item = page.locator(".games li").first
    expect(item).to_contain_text("Freitag bei Anna")
    expect(item).to_contain_text(server.text(lang, "Leading: %(names)s", names="Anna"))
    page.screenshot(path=str(screenshots / f"fast-home-{lang}.png"))
    page.goto(f"{game}/settings")
    assert_fits(page)
    page.screenshot(path=str(screenshots / f"fast-settings-{lang}.png"), full_page=True)
    page.locator("details.confirm summary").tap()
    page.locator("details.confirm button").tap()
    page.wait_for_url(re.compile(r"/(\?.*)?$"))
    expect(page.locator(".games")).to_have_count(0)
