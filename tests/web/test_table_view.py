"""The table view: read only, and polled like the board (204 while nothing changed)."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from ..support.page import Page
from ..support.web import new_game, numbers, save_round


def test_the_table_view_has_no_controls_and_its_poll_answers_only_news(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben", "Cleo"])
    assert f"{game}/table" in Page(client.get(game)).links()
    page = Page(client.get(f"{game}/table"))
    main = page.one("main")
    assert not main.has("form") and not main.has("button")
    poll = page.one("[hx-get*='view=table']")["hx-get"]
    version = re.search(r"[?&]v=(\d+)", poll).group(1)  # type: ignore[union-attr]
    assert client.get(f"{game}/live?view=table&v={version}").status_code == 204
    save_round(client, game, numbers(0, ["", "12", "30"]))
    fragment = client.get(f"{game}/live?view=table&v={version}")
    assert fragment.status_code == 200
    board = Page(fragment)
    assert board.has("#table-board") and not board.has("form")
    assert board.keyed("data-total") == {"Anna": "0", "Ben": "12", "Cleo": "30"}
    assert client.get(f"{game[:-2]}xx/table").status_code == 404
