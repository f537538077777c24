"""The table view: read only, and polled like the board (204 while nothing changed)."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from ..support.web import new_game, numbers, save_round


def test_the_table_view_has_no_controls_and_its_poll_answers_only_news(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben", "Cleo"])
    assert f'href="{game}/table"' in client.get(game).get_data(as_text=True)
    page = client.get(f"{game}/table").get_data(as_text=True)
    main = page[page.index("<main"):page.index("</main>")]
    assert "<form" not in main and "<button" not in main
    version = re.search(r"view=table&amp;v=(\d+)", page).group(1)
    assert client.get(f"{game}/live?view=table&v={version}").status_code == 204
    save_round(client, game, numbers(0, ["", "12", "30"]))
    fragment = client.get(f"{game}/live?view=table&v={version}")
    assert fragment.status_code == 200
    text = fragment.get_data(as_text=True)
    assert 'id="table-board"' in text and "<form" not in text
    assert re.findall(r'class="tv-total">(\d+)<', text) == ["0", "12", "30"]
    assert client.get(f"{game[:-2]}xx/table").status_code == 404
