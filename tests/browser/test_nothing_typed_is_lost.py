"""Nothing typed is ever lost (Pixel 5, German and English): a round, a correction,
a part entered together and a referee question keep what was typed across a reload, Back,
leaving and reopening, a language switch and an error page; kept on the phone, filled in
again, and dropped once the server has it (never over another round or another game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import request
from playwright.sync_api import expect

from ..support.browser_cards import Picker, as_written, part_by_cards, round_by_cards
from ..support.browser_table import GAME_URL, save_part, shot, start_game
from .conftest import Server

LANGS = ("en", "de")
# What the error page claimed without knowing it (issue 18).
OLD_CLAIM = "Nothing you entered before this page was lost. Please go back and try again."
HAND = "Kh 4h 9h Qc 2c 7d Ad 10s 5s 8s 3s Js 6s"  # 13 cards


def drafts(page: Any) -> list[str]:
    """The drafts this phone keeps (their keys)."""
    return list(page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('scorepad-draft|'))"
        ".map(k => k.slice('scorepad-draft|'.length))"))


def other_lang(lang: str) -> str:
    return "de" if lang == "en" else "en"


def switch_language(page: Any, lang: str) -> str:
    lang = other_lang(lang)
    page.locator(f"nav.lang a[hreflang={lang}]").click()
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    return lang


def save_by_numbers(page: Any, game: str, points: int) -> None:
    """Anna goes out; Ben keeps ``points`` in the hand. Saved on ``page``'s phone."""
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=hand_0]").fill("0")
    page.locator("input[name=hand_1]").fill(str(points))
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[name=action][value=save]").click()
    page.wait_for_url(GAME_URL)


def expect_round_typed(page: Any, server: Server, lang: str, typed_in: str) -> None:
    """The round typed in the test below (on a ``typed_in`` phone: its picker writes that
    language's rank letters), all of it, chips and counts too."""
    expect(page.locator("input[name=mode_0][value=cards]")).to_be_checked()
    expect(page.locator("input[name=mode_1][value=cards]")).to_be_checked()
    expect(page.locator("input[name=p0_meld0]")).to_have_value("7h 8h 9h")
    expect(page.locator("input[name=p0_meld1]")).to_have_value(as_written(typed_in, "Qs Qd Qc"))
    expect(page.locator("input[name=p1_hand]")).to_have_value(as_written(typed_in, HAND))
    expect(page.locator("input[name=closer][value='0']")).to_be_checked()
    expect(page.locator("#p1_hand ~ .card-count")).to_have_text(
        server.text(lang, "%(n)s cards", n=13))
    expect(page.locator("#p1_hand ~ .chips .chip")).to_have_count(13)
    # Checked again as if just typed: the second meld's verdict is back.
    expect(page.locator("#check-p0_meld1 .verdict")).to_contain_text("✓")


@pytest.mark.parametrize("lang", LANGS)
def test_a_round_typed_with_the_picker_survives_reload_back_reopening_and_a_language_switch(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    typed_in = lang
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    round_by_cards(page, game, range(2))
    picker = Picker(page)
    picker.field("p0_meld0")
    picker.cards("7h 8h 9h")
    page.locator("#picker [data-action=close]").click()
    # A second meld field (a round trip to the server), then its cards.
    page.locator("button[name=action][value=add_meld_0]").click()
    page.wait_for_load_state()
    picker.reloaded()
    picker.field("p0_meld1")
    picker.cards("Qs Qd Qc")
    picker.field("p1_hand")
    picker.cards(HAND)
    page.locator("#picker [data-action=close]").click()
    page.locator("input[name=closer][value='0']").check()

    page.reload()
    expect_round_typed(page, server, lang, typed_in)
    expect(page.locator("form .draft-note")).to_be_visible()
    shot(page, screenshots, f"{lang}-draft-restored")

    lang = switch_language(page, lang)
    expect_round_typed(page, server, lang, typed_in)

    page.locator("a.back").click()
    page.wait_for_url(GAME_URL)
    page.go_back()
    expect_round_typed(page, server, lang, typed_in)

    page.goto(game)
    page.goto(f"{game}/rounds/new")
    expect_round_typed(page, server, lang, typed_in)

    # Saved: the draft goes, and the next round's form is empty.
    page.locator("button[name=action][value=save]").click()
    page.wait_for_url(GAME_URL)
    assert drafts(page) == []
    page.goto(f"{game}/rounds/new")
    expect(page.locator("h1")).to_contain_text("2")
    expect(page.locator("input[name=p1_hand]")).to_have_value("")
    expect(page.locator("form .draft-note")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_after_check_a_language_switch_keeps_the_form(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=hand_1]").fill("23")
    page.locator("input[name=hand_0]").fill("0")
    page.locator("button[name=action][value=preview]").click()
    page.wait_for_load_state()
    lang = switch_language(page, lang)
    expect(page.locator("h1")).to_contain_text("1")
    expect(page.locator("input[name=hand_1]")).to_have_value("23")
    expect(page.locator("input[name=hand_0]")).to_have_value("0")


@pytest.mark.parametrize("lang", LANGS)
def test_a_draft_of_a_round_saved_on_another_phone_is_dropped_not_restored(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=hand_1]").fill("23")
    assert drafts(page) == [f"{game.rsplit('/', 1)[1]}|new|1"]
    # Another phone saves round 1.
    save_by_numbers(new_page(other_lang(lang)), game, 11)
    # This phone opens the form again: round 2, empty; round 1's draft is gone.
    page.goto(f"{game}/rounds/new")
    expect(page.locator("h1")).to_contain_text("2")
    expect(page.locator("input[name=hand_1]")).to_have_value("")
    assert drafts(page) == []
    # Nor does a draft ever reach another game.
    page.locator("input[name=hand_1]").fill("17")
    second = start_game(page, "romme_de", ["Anna", "Ben"])
    page.goto(f"{second}/rounds/new")
    expect(page.locator("input[name=hand_1]")).to_have_value("")


@pytest.mark.parametrize("lang", LANGS)
def test_a_correction_is_kept_until_the_round_changes_elsewhere(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben"])
    save_by_numbers(page, game, 23)
    page.goto(f"{game}/rounds/1/edit")
    page.locator("input[name=hand_1]").fill("32")
    page.reload()
    expect(page.locator("input[name=hand_1]")).to_have_value("32")
    # Another phone corrects round 1 first: this phone's old draft is not put over it.
    other = new_page(lang)
    other.goto(f"{game}/rounds/1/edit")
    other.locator("input[name=hand_1]").fill("45")
    other.locator("button[name=action][value=save]").click()
    other.wait_for_url(GAME_URL)
    page.goto(f"{game}/rounds/1/edit")
    expect(page.locator("input[name=hand_1]")).to_have_value("45")
    assert drafts(page) == []


@pytest.mark.parametrize("lang", LANGS)
def test_an_error_page_says_only_what_is_true_and_the_form_comes_back(
        new_page: Any, server: Server, screenshots: Path, monkeypatch: pytest.MonkeyPatch,
        lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben"])
    view = server.app.view_functions["rounds.new"]

    def failing(**kwargs: Any) -> Any:
        if request.method == "POST":
            raise RuntimeError("a fault of the server")
        return view(**kwargs)

    monkeypatch.setitem(server.app.view_functions, "rounds.new", failing)
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=hand_1]").fill("23")
    page.locator("input[name=hand_0]").fill("0")
    page.locator("button[name=action][value=preview]").click()
    expect(page.locator("h1")).to_have_text(server.text(lang, "Something went wrong"))
    kept = server.text(lang, "What you typed is kept on this phone: go back, and the form is filled in again.")
    expect(page.locator("[data-draft-kept]")).to_have_text(kept)
    page.screenshot(path=str(screenshots / f"{lang}-error-draft-kept.png"))
    assert server.text(lang, OLD_CLAIM) not in page.content()
    page.go_back()
    expect(page.locator("input[name=hand_1]")).to_have_value("23")
    expect(page.locator("input[name=hand_0]")).to_have_value("0")


@pytest.mark.parametrize("lang", LANGS)
def test_an_error_page_without_a_draft_claims_nothing(
        new_page: Any, server: Server, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    page = new_page(lang, javascript=False)
    game = start_game(page, "romme_de", ["Anna", "Ben"])

    def failing(**kwargs: Any) -> Any:
        raise RuntimeError("a fault of the server")

    monkeypatch.setitem(server.app.view_functions, "rounds.new", failing)
    page.goto(f"{game}/rounds/new")
    expect(page.locator("h1")).to_have_text(server.text(lang, "Something went wrong"))
    expect(page.locator("[data-draft-kept]")).to_be_hidden()
    # With JavaScript, a draft kept for another form is not this page's: no claim either.
    page = new_page(lang)
    page.goto("/referee/jolly_at")
    page.locator("#meld-cards").fill("7h 8h JK")
    page.goto(f"{game}/rounds/new")
    expect(page.locator("h1")).to_have_text(server.text(lang, "Something went wrong"))
    expect(page.locator("[data-draft-kept]")).to_be_hidden()
    assert server.text(lang, OLD_CLAIM) not in page.content()


@pytest.mark.parametrize("lang", LANGS)
def test_a_part_entered_together_is_kept_until_it_is_saved(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    part_by_cards(page, game, "Ben")
    page.locator("#part-melds").fill("7h 8h 9h")
    page.locator("#part-hand").fill("Ks 4d")
    page.reload()
    expect(page.locator("#part-melds")).to_have_value("7h 8h 9h")
    expect(page.locator("#part-hand")).to_have_value("Ks 4d")
    expect(page.locator("form .draft-note")).to_be_visible()
    save_part(page)  # saved (the page's outbox sends it)
    expect(page.locator("#part-hand")).to_have_value("Ks 4d")
    assert drafts(page) == []
    shot(page, screenshots, f"{lang}-together-saved")
    # Typed again here, but another phone saves Ben's part first: theirs is shown, not the
    # older typing of this phone.
    page.locator("#part-hand").fill("Ks 4d 5d")
    other = new_page(lang)
    other.goto(f"{game}/together?as=Ben")
    other.locator("input[name=mode][value=cards]").check()
    other.locator("#part-melds").fill("7h 8h 9h 10h")
    other.locator("#part-hand").fill("2c")
    save_part(other)
    page.reload()
    expect(page.locator("#part-melds")).to_have_value("7h 8h 9h 10h")
    expect(page.locator("#part-hand")).to_have_value("2c")
    assert drafts(page) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_referee_question_is_kept_across_a_reload(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    page.goto("/referee/jolly_at")
    page.locator("#meld-cards").fill("7h 8h JK")
    page.locator("#out-melds").fill("10h Jh Qh\n7s 7d 7c")
    page.reload()
    expect(page.locator("#meld-cards")).to_have_value("7h 8h JK")
    expect(page.locator("#out-melds")).to_have_value("10h Jh Qh\n7s 7d 7c")
    # Asked (an htmx answer), and reloaded: still there.
    page.locator("#q-meld button[type=submit]").click()
    expect(page.locator("#q-meld .verdict")).to_be_visible()
    page.reload()
    expect(page.locator("#meld-cards")).to_have_value("7h 8h JK")


@pytest.mark.parametrize("lang", LANGS)
def test_without_javascript_every_round_trip_keeps_what_was_typed(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang, javascript=False)
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    page.locator("input[name=mode_0][value=cards]").check()
    page.locator("input[name=p0_meld0]").fill("7h 8h 9h")
    page.locator("button[name=action][value=add_meld_0]").click()
    page.locator("input[name=p0_meld1]").fill("Qs Qd Xc")
    page.locator("input[name=hand_1]").fill("23")
    page.locator("input[name=meld_1]").fill("abc")
    page.locator("button[name=action][value=preview]").click()
    for name, value in (("p0_meld0", "7h 8h 9h"), ("p0_meld1", "Qs Qd Xc"),
                        ("hand_1", "23"), ("meld_1", "abc")):
        expect(page.locator(f"input[name={name}]")).to_have_value(value)
    page.locator("button[name=action][value=save]").click()
    expect(page.locator("input[name=p0_meld1]")).to_have_value("Qs Qd Xc")
    # A part entered together with a mistake: kept as typed.
    page.goto(f"{game}/together?as=Ben")
    page.locator("input[name=mode][value=numbers]").check()
    page.locator("input[name=meld_points]").fill("40")
    page.locator("input[name=hand_points]").fill("zwölf")
    page.locator("form.part button[type=submit]").click()
    expect(page.locator("input[name=meld_points]")).to_have_value("40")
    expect(page.locator("input[name=hand_points]")).to_have_value("zwölf")
