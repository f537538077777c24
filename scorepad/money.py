"""Stakes: what a game played for money settles to, and an evening of several games.

The arithmetic is the engine's (``check: "settlement"`` of the JSON contract,
``../shared/rules/ADJUDICATION.md``); this module only says what a stored game
or evening asks it, and reads the answer into small typed values for the pages
and the sheets. Amounts are whole cents of one currency.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import format_currency

from .models import Evening, Game
from .rules import adjudicate
from .service import STAKE_MODES, default_currency
from .table import Scoreboard



class SettlementError(ValueError):
    """The engine refused the settlement request (a bug here, or stakes out of range)."""


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    cents: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who wins, what each player wins (+) or pays (−), and the payments that settle it."""

    currency: str
    winners: list[str]
    balances: dict[str, int]
    transfers: list[Transfer]

    @property
    def settled(self) -> bool:
        """Whether any money changes hands at all."""
        return bool(self.transfers)


def currency_of(game: Game) -> str:
    return game.currency or default_currency()


def money(cents: int, currency: str) -> str:
    """``cents`` as the browser's locale writes an amount of ``currency`` (Flask-Babel)."""
    return str(format_currency(cents / 100, currency))


def stakes_request(game: Game) -> dict[str, Any] | None:
    """The contract's ``stakes`` object of a game, or None when it is not played for money."""
    if game.stakes_mode not in STAKE_MODES or game.stakes_cents is None:
        return None
    amount = "stake" if game.stakes_mode == "pot" else "rate"
    return {"mode": game.stakes_mode, amount: game.stakes_cents}


def _transfers(answer: dict[str, Any]) -> list[Transfer]:
    return [Transfer(t["from"], t["to"], int(t["cents"])) for t in answer["transfers"]]


def settle_game(board: Scoreboard) -> Settlement | None:
    """What the game settles to now: at its end, or as if it ended with these totals.

    None for a game not played for money. A finished game passes its winners
    (a play-off decides them); a running one leaves them to the best total.
    """
    game = board.game
    stakes = stakes_request(game)
    if stakes is None:
        return None
    request: dict[str, Any] = {"variant": game.variant, "check": "settlement",
                               "house_rules": game.house_rules, "totals": dict(board.totals),
                               "stakes": stakes}
    if board.finished and board.winners:
        request["winners"] = list(board.winners)
    answer = adjudicate(request)
    if "error" in answer:
        raise SettlementError(answer["error"]["message"])
    return Settlement(currency_of(game), list(answer["winners"]),
                      {n: int(answer["balances"][n]) for n in board.names}, _transfers(answer))


@dataclass(frozen=True, slots=True)
class EveningGame:
    game: Game
    board: Scoreboard
    settlement: Settlement | None


@dataclass(frozen=True, slots=True)
class EveningSettlement:
    """The games of an evening and one set of payments for all of them."""

    currency: str
    games: list[EveningGame]
    balances: dict[str, int]
    transfers: list[Transfer]


def settle_evening(evening: Evening, boards: list[Scoreboard]) -> EveningSettlement:
    """Sum every game's balances by player name and settle the sums in as few payments as
    the engine finds (its minimal transfers from balances)."""
    from .rules.settlement import minimal_transfers

    games = []
    balances: dict[str, int] = {}
    for board in boards:
        settlement = settle_game(board)
        games.append(EveningGame(board.game, board, settlement))
        if settlement is None:
            continue
        for name, cents in settlement.balances.items():
            balances[name] = balances.get(name, 0) + cents
    transfers = [Transfer(t.payer, t.payee, t.cents) for t in minimal_transfers(balances)]
    return EveningSettlement(evening.currency, games, balances, transfers)
