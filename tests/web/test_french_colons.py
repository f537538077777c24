"""French puts a no-break space before a colon everywhere, also where a label and its value
are put together outside a catalog sentence ("Règles maison : Nombre de manches : 2")."""

from __future__ import annotations

from flask.testing import FlaskClient

from ..support.matrix_games import french_colons, visible_text
from ..support.web import new_game


def test_the_house_rules_line_spaces_every_colon_in_french(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"], rounds=2)
    for path in (game, f"{game}/referee", f"{game}/rules"):
        text = visible_text(client.get(f"{path}?lang=fr").get_data(as_text=True))
        assert "Nombre de manches : 2" in text or path != game, text[:2000]
        assert not french_colons(text), (path, french_colons(text))


def test_french_colons_finds_a_colon_without_its_space() -> None:
    assert french_colons("Nombre de manches: 2")
    assert not french_colons("Nombre de manches\u00a0: 2 · à 17:40 · https://x.org/a")
