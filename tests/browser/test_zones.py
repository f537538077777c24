"""Times in the phone's own zone: the browser tells it (static/page.js), the pages use it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from babel.dates import format_datetime, get_timezone

from scorepad.web.times import server_zone

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

GAME = re.compile(r"/g/[A-Za-z0-9_-]+(#next)?$")


def start_game(page: Any) -> None:
    page.goto("/games/new?variant=romme_de")
    page.locator("input[name=player_0]").fill("Anna")
    page.locator("input[name=player_1]").fill("Ben")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(GAME)


def clock(zone: str, lang: str) -> set[str]:
    """The time of day now and a minute ago in ``zone``, as the home page writes it."""
    now = datetime.now(UTC)
    pattern = "%H:%M" if lang == "de" else "%-I:%M"
    return {(now - timedelta(minutes=m)).astimezone(ZoneInfo(zone)).strftime(pattern) for m in (0, 1)}


@pytest.mark.parametrize(("lang", "zone"), [("de", "Europe/Vienna"), ("en", "America/New_York")])
def test_the_home_page_shows_when_a_game_began_in_the_phones_zone(
        new_page: Any, lang: str, zone: str) -> None:
    page = new_page(lang, timezone_id=zone)
    start_game(page)
    page.goto("/")
    shown = page.locator("main li time").first.inner_text()
    assert "UTC" not in shown
    assert any(t in shown for t in clock(zone, lang)), (shown, clock(zone, lang))


def test_without_javascript_the_time_says_its_zone(new_page: Any) -> None:
    page = new_page("en", javascript=False, timezone_id="Europe/Vienna")
    start_game(page)
    page.goto("/")
    servers = format_datetime(datetime.now(UTC), "zzz", tzinfo=get_timezone(server_zone()), locale="en")
    expect(page.locator("main li time").first).to_contain_text(servers)  # "UTC" here
