"""The live table: several phones (Chromium contexts at Pixel 5) on one game.

A change on one phone shows on the others within 2 s without a reload and without
touching what they type; four phones enter a round together, part by part; a stale link
and a lost save are said in words; and all of it works with the htmx CDN unreachable.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from ..support.browser_live import (
    LANGS,
    LIVE,
    expect,
    join,
    no_sideways_scrolling,
    save_by_numbers,
    seen_live,
)
from ..support.browser_table import GAME_URL, shot, start_game
from .conftest import Server

NARROW = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 1}


@pytest.mark.parametrize("lang", LANGS)
def test_a_round_saved_on_one_phone_shows_on_the_others_within_two_seconds(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    # Anna hosts on the laptop (localhost); Ben and Cleo open its LAN address (plain HTTP).
    anna = new_page(lang, **NARROW)
    ben, cleo = new_page(lang, origin="lan", **NARROW), new_page(lang, origin="lan")
    game = urlsplit(start_game(anna, "romme_de", ["Anna", "Ben", "Cleo"])).path
    join(anna, game, "Anna")
    join(ben, game, "Ben")
    join(cleo, game, "Cleo")
    shot(anna, screenshots, f"{lang}-live-1-game-joined")
    no_sideways_scrolling(anna)
    # Ben has the round form open and is typing when Cleo saves round 1.
    ben.goto(f"{game}/rounds/new?number=1")
    ben.locator("input[name=hand_1]").fill("17")
    save_by_numbers(cleo, game, 1, closer=0, hands={1: "20", 2: "35"})
    seen_live(anna.locator("#round-1"), "35")
    said = server.text(lang, "Round %(n)d was saved on %(name)s’s phone.", n=1, name="Cleo")
    seen_live(ben.locator("#live-notice"), said)
    # Ben's typing is untouched: the form is not swapped, only the notice above it.
    expect(ben.locator("input[name=hand_1]")).to_have_value("17")
    expect(ben.locator("input[name=number]")).to_have_value("1")
    shot(ben, screenshots, f"{lang}-live-2-form-notice")
    no_sideways_scrolling(ben)
    # The history says whose phone it was.
    expect(anna.locator(".history")).to_contain_text(
        server.text(lang, "on %(name)s’s phone", name="Cleo"))
    # Anna reads the history while round 2 arrives: it stays open, with round 2 in it.
    anna.locator(".history summary").click()
    save_by_numbers(cleo, game, 2, closer=1, hands={0: "12", 2: "8"})
    seen_live(anna.locator("#round-2"), "12")
    expect(anna.locator("details.history")).to_have_attribute("open", "")
    expect(anna.locator(".history")).to_contain_text(server.text(lang, "Round %(n)d entered", n=2))


def _part(page: Any, melds: str, hand: str, went_out: bool = False) -> None:
    page.locator("input[name=mode][value=cards]").check()
    page.locator("#part-melds").fill(melds)
    page.locator("#part-hand").fill(hand)
    if went_out:
        page.locator("input[name=went_out]").check()


@pytest.mark.parametrize("lang", LANGS)
def test_four_phones_enter_a_jolly_round_together_and_one_saves_it(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    names = ["Anna", "Ben", "Cleo", "Dan"]
    phones = [new_page(lang, **NARROW) for _ in names]
    game = start_game(phones[0], "jolly_at", names)
    for phone, name in zip(phones, names):
        join(phone, game, name)
        phone.locator("a", has_text=server.text(lang, "Enter the round together")).click()
        expect(phone.locator("h1")).to_have_text(
            server.text(lang, "Round %(n)d together", n=1))
    # All four type at once; Anna's run carries Ben's lay-off.
    _part(phones[0], "6c 7c 8c 9c@Ben\nKh Kd Ks", "", went_out=True)
    _part(phones[1], "2h 3h 4h", "5s 9d")
    _part(phones[2], "", "Qh Qd 3c")
    _part(phones[3], "", "Ad 5c")
    # The meld is checked as it is typed, before anything is saved.
    expect(phones[0].locator("#part-check")).to_contain_text("✓", timeout=LIVE * 4)
    expect(phones[0].locator("#part-check")).to_contain_text(
        server.text(lang, "by %(name)s", name="Ben"))
    shot(phones[0], screenshots, f"{lang}-live-3-together-typing")
    for phone in phones[:3]:
        phone.locator("form.part button[type=submit]").click()
        phone.wait_for_url(re.compile(r"/together"))
    # Dan's phone has not saved yet: everybody sees who is missing.
    missing = server.text(lang, "Still missing: %(names)s.", names="Dan")
    for phone in phones:
        expect(phone.locator("#status")).to_contain_text(missing, timeout=LIVE * 4)
    expect(phones[3].locator("#part-hand")).to_have_value("Ad 5c")
    phones[3].locator("form.part button[type=submit]").click()
    ready = server.text(lang, "Every part is in and the round is valid:")
    for phone in phones:  # the last phone reloads itself; the others poll
        seen_live(phone.locator("#status"), ready)
    shot(phones[1], screenshots, f"{lang}-live-4-together-ready")
    for phone in phones:
        no_sideways_scrolling(phone)
    phones[2].locator("#status button[type=submit]").click()
    phones[2].wait_for_url(GAME_URL)
    expect(phones[2].locator("#round-1")).to_be_visible()
    row = phones[2].locator("#round-1 td").all_inner_texts()
    assert len(row) == 4 and "★" in row[0]
    # The other phones learn at their next poll that round 1 is saved: its scores, the
    # next round, and their part forms (round 1's cards) closed, never saved again.
    for phone in (phones[0], phones[1], phones[3]):
        expect(phone.locator("#status")).to_contain_text(
            server.text(lang, "Round %(n)d is saved", n=1), timeout=LIVE * 4)
        expect(phone.locator("#part-form form")).to_have_count(0)
        expect(phone.locator("#status")).to_contain_text(
            server.text(lang, "Enter round %(n)d together", n=2))
    shot(phones[1], screenshots, f"{lang}-live-4b-together-saved")


@pytest.mark.parametrize("lang", LANGS)
def test_a_stale_link_and_a_lost_save_are_said_in_words(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    anna, ben = new_page(lang, **NARROW), new_page(lang, **NARROW)
    game = start_game(anna, "romme_de", ["Anna", "Ben"])
    join(anna, game, "Anna")
    join(ben, game, "Ben")
    # Both open round 1 and both save it: the same deal entered twice.
    for phone, hand in ((anna, "30"), (ben, "31")):
        phone.goto(f"{game}/rounds/new?number=1")
        phone.locator("input[name=hand_1]").fill(hand)
        phone.locator("input[name=closer][value='0']").check()
    anna.locator("button[name=action][value=save]").click()
    anna.wait_for_url(GAME_URL)
    ben.locator("button[name=action][value=save]").click()
    expect(ben.locator("h1")).to_have_text(
        server.text(lang, "Two phones saved round %(n)d", n=1))
    # Ben's hand differs and is marked; the safe choice comes first and is the primary one.
    expect(ben.locator(".diff li.differs")).to_have_count(1)
    expect(ben.locator(".diff li.differs h2")).to_contain_text("Ben")
    expect(ben.locator(".diff li.differs .saved")).to_contain_text("30")
    expect(ben.locator(".diff li.differs .mine")).to_contain_text("31")
    expect(ben.locator("main")).to_contain_text(
        server.text(lang, "Round %(n)d was saved on %(name)s’s phone.", n=1, name="Anna"))
    choices = ben.locator(".taken-choices a, .taken-choices button")
    expect(choices.first).to_have_text(
        server.text(lang, "Same deal, the saved one is right: discard mine"))
    expect(choices.first).to_have_class(re.compile(r"\bprimary\b"))
    expect(choices.last).to_have_text(server.text(
        lang, "Another deal was played: save mine as round %(n)d", n=2))
    expect(choices.last).not_to_have_class(re.compile(r"\bprimary\b"))
    shot(ben, screenshots, f"{lang}-live-5-lost-save")
    no_sideways_scrolling(ben)
    choices.first.click()
    ben.wait_for_url(GAME_URL)
    expect(ben.locator("table.scores tbody tr")).to_have_count(1)

    # The stale "Enter round 1" link opens round 1 as saved, not a form for round 2.
    ben.goto(f"{game}/rounds/new?number=1")
    expect(ben.locator("h1")).to_have_text(
        server.text(lang, "Round %(n)d is saved already", n=1))
    expect(ben.locator("input[name=hand_1]")).to_have_count(0)
    shot(ben, screenshots, f"{lang}-live-6-stale-link")

    # Another deal: both phones save round 2; the second keeps its entry as round 3.
    for phone, hand in ((anna, "12"), (ben, "13")):
        phone.goto(f"{game}/rounds/new?number=2")
        phone.locator("input[name=hand_0]").fill(hand)
        phone.locator("input[name=closer][value='1']").check()
    anna.locator("button[name=action][value=save]").click()
    anna.wait_for_url(GAME_URL)
    ben.locator("button[name=action][value=save]").click()
    ben.locator(".taken-choices button", has_text=server.text(
        lang, "Another deal was played: save mine as round %(n)d", n=3)).click()
    ben.wait_for_url(GAME_URL)
    expect(ben.locator("table.scores tbody tr")).to_have_count(3)
    expect(ben.locator("#round-3")).to_contain_text("13")


@pytest.mark.parametrize("lang", LANGS)
def test_without_internet_the_live_checks_and_updates_still_work(
        new_page: Any, server: Server, lang: str) -> None:
    cdn_requests: list[str] = []
    anna = new_page(lang, cdn="block")
    ben = new_page(lang, cdn="block")
    anna.on("request", lambda r: cdn_requests.append(r.url) if "unpkg" in r.url else None)
    game = start_game(anna, "jolly_at", ["Anna", "Ben"])
    join(anna, game, "Anna")
    ben.goto(game)
    anna.goto(f"{game}/rounds/new?number=1")
    assert anna.evaluate("typeof window.htmx") == "object"
    # A live meld check, from the app's own htmx.
    anna.locator("input[name=mode_0][value=cards]").check()
    anna.locator("#p0_meld0").fill("7h 8h 9h")
    expect(anna.locator("#check-p0_meld0")).to_contain_text("✓", timeout=LIVE * 4)
    # A live update: Ben's phone saves round 1 by numbers; Anna's form says so.
    ben.goto(f"{game}/rounds/new?number=1")
    ben.locator("input[name=meld_0]").fill("40")
    ben.locator("input[name=hand_0]").fill("0")
    ben.locator("input[name=meld_1]").fill("0")
    ben.locator("input[name=hand_1]").fill("25")
    ben.locator("input[name=closer][value='0']").check()
    ben.locator("button[name=action][value=save]").click()
    ben.wait_for_url(GAME_URL)
    expect(anna.locator("#live-notice")).to_contain_text(
        server.text(lang, "Round %(n)d was saved on another phone.", n=1), timeout=LIVE * 4)
    expect(anna.locator("#p0_meld0")).to_have_value("7h 8h 9h")
    assert cdn_requests == [], "the CDN was asked although the app serves htmx"


def test_a_hanging_cdn_does_not_delay_the_page(playwright: Any, browser: Any,
                                                server: Server) -> None:
    from .conftest import open_context

    context = open_context(playwright, browser, server, "en")
    context.unroute(server.cdn)
    context.route(server.cdn, lambda route: None)  # never answers
    try:
        page = context.new_page()
        # Loaded well before Chromium would give up on the CDN (minutes): the page does not
        # wait for it. A bound for the wait, not a time that is asserted.
        page.goto("/", wait_until="load", timeout=LIVE * 4)
        assert page.evaluate("typeof window.htmx") == "object"
    finally:
        context.close()


def test_without_javascript_the_round_is_entered_together_by_plain_posts(
        new_page: Any, server: Server) -> None:
    anna = new_page("en", javascript=False, **NARROW)
    ben = new_page("en", javascript=False, **NARROW)
    game = start_game(anna, "jolly_at", ["Anna", "Ben"])
    for phone, name in ((anna, "Anna"), (ben, "Ben")):
        join(phone, game, name)
        phone.goto(f"{game}/together")
    anna.locator("input[name=mode][value=cards]").check()
    anna.locator("#part-melds").fill("2h 3h 4h\n9s 9d 9c")
    anna.locator("input[name=went_out]").check()
    anna.locator("form.part button[type=submit]").click()
    expect(anna.locator("#status")).to_contain_text("Still missing: Ben.")
    expect(anna.locator("#part-check")).to_contain_text("✓")
    ben.locator("input[name=mode][value=numbers]").check()
    ben.locator("input[name=meld_points]").fill("0")
    ben.locator("input[name=hand_points]").fill("25")
    ben.locator("form.part button[type=submit]").click()
    expect(ben.locator("#status")).to_contain_text("Every part is in and the round is valid:")
    anna.locator("#status a", has_text="Refresh").click()
    expect(anna.locator("#status")).to_contain_text("Every part is in")
    anna.locator("#status button[type=submit]").click()
    anna.wait_for_url(GAME_URL)
    expect(anna.locator("#round-1")).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_a_second_phone_claiming_a_player_is_asked_and_a_lay_off_is_entered_by_its_player(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    anna, ben = new_page(lang, **NARROW), new_page(lang, **NARROW)
    game = start_game(anna, "jolly_at", ["Anna", "Ben Lee"])
    join(anna, game, "Anna")
    ben.goto(game)
    ben.locator(".me-names button", has_text="Anna").click()
    expect(ben.locator("h1")).to_have_text(
        server.text(lang, "%(name)s is chosen on another phone", name="Anna"))
    shot(ben, screenshots, f"{lang}-live-7-claim")
    no_sideways_scrolling(ben)
    ben.locator(".taken-choices a").click()
    ben.locator(".me-names button", has_text="Ben Lee").click()
    expect(ben.locator("form.me.chosen")).to_contain_text("Ben Lee")
    ben.goto(f"{game}/together")
    ben.locator("input[name=mode][value=cards]").check()
    ben.locator("#part-melds").fill("9c")
    expect(ben.locator("#part-check")).to_contain_text("Anna: 9c", timeout=LIVE * 4)
    ben.locator("#part-melds").fill("2h 3h 4h")
    ben.locator("#part-layoffs").fill("Anna: 9c")
    ben.locator("#part-hand").fill("5s")
    shot(ben, screenshots, f"{lang}-live-8-layoff")
    no_sideways_scrolling(ben)
    ben.locator("form.part button[type=submit]").click()
    expect(ben.locator("#status")).to_contain_text("→ Anna")
