"""A round saved from the form is checked once: each meld by the engine once (the service
scores it; the page does not ask first), and the scoreboard tallied once per request (the
service takes the board the page read, and adds the saved round to it)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorepad.game import scoreboard as boards
from scorepad.rules import melds

from ..support.cards import by_cards, post
from ..support.web import game_at, new_game


def count_calls(monkeypatch: pytest.MonkeyPatch, original: Callable[..., Any]) -> list[int]:
    """Count every call of ``original`` through any module that imported it, by any name."""
    calls = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    for module in list(sys.modules.values()):
        if not (getattr(module, "__name__", "") or "").startswith("scorepad"):
            continue
        for name, value in list(vars(module).items()):
            if value is original:
                monkeypatch.setattr(module, name, counted)
    return calls


JOLLY_ROUND = [{"melds": ["As Ah Ad"], "hand": "JK 5h"},
               {"melds": ["Qh Kh Ah", "4s 5s 6s", "6c 7c 8c 9c@P1"]}]


def test_each_meld_of_a_round_saved_by_cards_is_checked_once(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(client, "jolly_at", ["P1", "P2"])
    checks = count_calls(monkeypatch, melds.check_meld)
    assert post(client, game, by_cards(JOLLY_ROUND, closer=1)).status_code == 302
    assert checks[0] == 4  # four melds, each once (the page and the service asked: 8)


def test_a_preview_still_shows_each_meld_checked(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(client, "jolly_at", ["P1", "P2"])
    checks = count_calls(monkeypatch, melds.check_meld)
    response = post(client, game, by_cards(JOLLY_ROUND, closer=1), action="preview")
    assert response.status_code == 200
    assert response.get_data(as_text=True).count('class="verdict ok"') == 4
    assert checks[0] == 8  # the fields' verdicts, then the round scored: nothing is saved


def test_an_illegal_meld_refused_on_save_is_shown_at_its_field(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    data = by_cards([{"melds": ["Kh Ah 2h"], "hand": ""}, {"melds": [], "hand": "7c 8d"}],
                    closer=0)
    response = post(client, game, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'aria-invalid="true"' in page and 'class="meld-problems"' in page


def test_the_scoreboard_is_tallied_once_when_a_round_is_saved(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(client, "jolly_at", ["P1", "P2"])
    assert post(client, game, by_cards(JOLLY_ROUND, closer=1)).status_code == 302
    tallies = count_calls(monkeypatch, boards.scoreboard)
    second = by_cards([{"melds": ["7s 8s 9s"]}, {"melds": ["Kc Kd Ks"], "hand": "5h"}],
                      closer=0)
    assert post(client, game, second, number=2).status_code == 302
    assert tallies[0] == 1  # the page's board, taken by the service (was three)


def test_a_board_with_the_saved_round_added_is_the_board_tallied_anew(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["P1", "P2"], target=150)
    rounds = [by_cards(JOLLY_ROUND, closer=1),
              by_cards([{"melds": ["7s 8s 9s"]}, {"melds": ["Kc Kd Ks"], "hand": "5h"}],
                       closer=0),
              by_cards(JOLLY_ROUND, closer=1)]
    for number, data in enumerate(rounds, start=1):
        assert post(client, game, data, number=number).status_code == 302
    with app.app_context():
        stored = game_at(game)
        every = list(stored.rounds)
        earlier = SimpleNamespace(**{k: getattr(stored, k) for k in (
            "variant", "house_rules", "players", "first_dealer", "version")}, rounds=every[:-1])
        added = boards.with_round(boards.scoreboard(earlier), every[-1])
        anew = boards.scoreboard(stored)
        for part in ("totals", "finished", "winners", "playoff", "leaders", "next_number",
                     "next_dealer", "playing", "distance"):
            assert getattr(added, part) == getattr(anew, part), part
        assert [r.totals for r in added.rows] == [r.totals for r in anew.rows]
        assert anew.finished  # the target was passed: the decision is carried on too
