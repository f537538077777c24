"""Sums in number fields: a hand counted card by card (``10+10+7+3``) is saved as its total,
with the same ASCII-only reading as a single number; anything else is refused at the field."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db

from ..support.net import net, net_game
from ..support.page import Page
from ..support.web import game_at, new_game, numbers, save_round


def scores(app: Flask, game: str) -> list[dict[str, int]]:
    with app.app_context():
        db.session.expire_all()
        return [r.scores for r in sorted(game_at(game).rounds, key=lambda r: r.number)]


def test_a_hand_typed_as_a_sum_is_saved_as_its_total(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben", "Cleo"])
    answer = save_round(client, game, numbers(0, ["", "10+10+7+3", " 5 + 4 "]))
    assert answer.status_code in (302, 303), answer.get_data(as_text=True)
    assert scores(app, game) == [{"Anna": 0, "Ben": 30, "Cleo": 9}]


def test_net_counting_takes_minus_in_a_sum(app: Flask, client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben"])
    answer = save_round(client, game, net(0, ["+40+15", "\u221210\u22127"]))
    assert answer.status_code in (302, 303), answer.get_data(as_text=True)
    assert scores(app, game) == [{"Anna": 55, "Ben": -17}]


def test_anything_else_is_refused_at_the_field_and_kept_as_typed(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben", "Cleo"])
    for typed in ("10++3", "10+", "10*3", "5+\u00b2", "10+x"):
        answer = save_round(client, game, numbers(0, ["", typed, "4"]))
        assert answer.status_code == 422, typed
        page = Page(answer)
        assert "Enter a whole number, like 25." in page.one("#problems").text
        assert page.field("hand_1") == typed, typed
    assert scores(app, game) == []
