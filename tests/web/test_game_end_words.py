"""A new game says its end one way: the target's help, the setting below it and the game page
agree on whether a total must reach the target or go over it (Jolly with discard row: 500
reached, RULES.md; Rommé: over 500)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from ..support.matrix_games import visible_text
from ..support.web import new_game

WORDS = {  # lang: (reaches, goes over)
    "en": ("reach", "over"),
    "de": ("erreich", "über"),
    "fr": ("atteint", "dépasse"),
}


@pytest.mark.parametrize("lang", sorted(WORDS))
@pytest.mark.parametrize(("variant", "reaches"), [("jolly_vorrat", True), ("romme_de", False)])
def test_the_target_help_the_setting_and_the_game_page_say_one_end(
        client: FlaskClient, variant: str, reaches: bool, lang: str) -> None:
    said, other = WORDS[lang] if reaches else WORDS[lang][::-1]
    form = client.get(f"/games/new?variant={variant}&lang={lang}").get_data(as_text=True)
    text = visible_text(form)
    help_line = next(line for line in text.splitlines()
                     if "500" not in line and ("target" in line.lower() or "ziel" in line.lower()
                                              or "score" in line.lower())
                     and ("ends" in line or "endet" in line or "termine" in line))
    assert said in help_line and other not in help_line, help_line
    game = new_game(client, variant, ["Anna", "Ben", "Cleo"])
    page = visible_text(client.get(f"{game}?lang={lang}").get_data(as_text=True))
    end = next(line for line in page.splitlines() if "500" in line and said in line)
    assert other not in end, end
