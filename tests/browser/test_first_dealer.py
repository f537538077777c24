"""The first dealer follows the names as they are typed (Pixel 5, de and en)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..support.browser_live import LANGS
from ..support.browser_table import shot
from .conftest import Server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_dealer_is_chosen_by_the_names_typed(new_page: Any, server: Server,
                                                        screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    page.goto("/games/new?variant=romme_de")
    dealer = page.locator("select[name=first_dealer]")
    page.locator("input[name=player_0]").fill("Anna")
    page.locator("input[name=player_1]").fill("Ben")
    page.locator("input[name=player_2]").fill("Amélie")
    options = dealer.locator("option")
    expect(options.nth(0)).to_have_text("Anna")
    expect(options.nth(2)).to_have_text("Amélie")
    expect(options.nth(3)).to_have_text(server.text(lang, "Player %(n)d", n=4))
    dealer.select_option(label="Amélie")
    shot(page, screenshots, f"{lang}-first-dealer")
