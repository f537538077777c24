"""The game as the API describes it (``../shared/API.md``): what the API answers and what a
conflict carries, in :mod:`scorepad.web.errors` as in :mod:`scorepad.web.views.api`."""

from __future__ import annotations

from typing import Any

from flask import url_for

from scorepad.game.models import Game
from scorepad.game.money import currency_of, settle_game
from scorepad.game.scoreboard import scoreboard


def game_json(game: Game) -> dict[str, Any]:
    """The game as API.md describes it."""
    board = scoreboard(game)
    names = board.names
    return {
        "key": game.key,
        "url": url_for("games.show", key=game.key),
        "variant": game.variant,
        "house_rules": dict(game.house_rules),
        "players": names,
        "first_dealer": game.first_dealer,
        "version": game.version,
        "next_round": board.next_number,
        "rounds": [{"number": r.number, "version": r.version,
                    "dealer": names[r.dealer % len(names)],
                    "players": r.entry["players"], "scores": r.scores} for r in game.rounds],
        "totals": board.totals,
        "finished": board.finished,
        "winners": board.winners,
        "playoff": board.playoff,
        "next_dealer": board.next_dealer,
        "name": game.name,
        "counting": game.counting,
        "stakes": None if game.stakes_mode is None else {
            "mode": game.stakes_mode, "cents": game.stakes_cents, "currency": currency_of(game)},
        "settlement": _settlement(board),
    }


def _settlement(board: Any) -> dict[str, Any] | None:
    """What the game settles to (final once it is over), or None without stakes."""
    settlement = settle_game(board)
    if settlement is None:
        return None
    return {"final": board.finished, "currency": settlement.currency,
            "winners": list(settlement.winners), "balances": settlement.balances,
            "transfers": [t.to_json() for t in settlement.transfers]}
