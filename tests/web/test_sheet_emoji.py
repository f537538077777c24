"""A name with an emoji prints on the score sheet: "Amélie 🎴" is drawn with a font that has
the glyph (a symbol font after the sheet's own, Debian's fonts-symbola: RUN_PACKAGES), not as
an empty box."""

from __future__ import annotations

import io

from flask.testing import FlaskClient
from pypdf import PdfReader

from ..support.exports import pdf_text
from ..support.web import new_game, numbers, save_round


def _fonts(data: bytes) -> set[str]:
    out = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            out.add(str(font.get_object()["/BaseFont"]))
    return out


def test_an_emoji_in_a_name_prints_with_a_font_that_has_it(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Amélie 🎴", "Ben"])
    assert save_round(client, game, numbers(0, [0, 30])).status_code == 302
    data = client.get(f"{game}/sheet.pdf").get_data()
    assert data.startswith(b"%PDF"), data[:300]
    fonts = _fonts(data)
    assert any("Symbola" in f or "Emoji" in f for f in fonts), fonts
    assert "🎴" in pdf_text(data)
