"""Jolly with Vorratsreihe is named in each language's words (English and French say what
the row is; German keeps the seed's word), and its English referee calls the row a row,
never "the discard pile"."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from ..support.matrix_games import visible_text
from ..support.page import Page

NAMES = {"en": "Jolly with discard row", "de": "Jolly mit Vorratsreihe",
         "fr": "Jolly avec rangée de défausse"}


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_the_variant_is_named_in_the_pages_language(client: FlaskClient, lang: str) -> None:
    for path in ("/games/new?variant=jolly_vorrat", "/referee/jolly_vorrat",
                 "/rules/jolly_vorrat"):
        text = visible_text(client.get(f"{path}&lang={lang}" if "?" in path
                                       else f"{path}?lang={lang}").get_data(as_text=True))
        assert NAMES[lang] in text, path
        if lang != "de":
            assert "Jolly with Vorratsreihe" not in text
            assert "Jolly avec Vorratsreihe" not in text


def test_the_english_referee_of_the_row_says_row_not_discard_pile(client: FlaskClient) -> None:
    """The turn question about taking: its title and its field."""
    take = Page(client.get("/referee/jolly_vorrat?lang=en")).one("#q-take")
    read_out = [take.text] + [value for name in ("title", "placeholder", "aria-label", "alt")
                              for value in take.attrs(f"[{name}]", name)]
    assert take.one("h2").text == "May I take from the discard row?"
    assert not any("discard pile" in words for words in read_out)
    other = visible_text(client.get("/referee/romme_de?lang=en").get_data(as_text=True))
    assert "May I take from the discard pile?" in other
