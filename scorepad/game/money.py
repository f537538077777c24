"""Stakes: what a game played for money settles to, and an evening of several games.

The arithmetic is the engine's (:func:`scorepad.rules.settle` and
:func:`scorepad.rules.minimal_transfers`, the ``check: "settlement"`` of
``../shared/rules/ADJUDICATION.md``); this module only says what a stored game
or evening asks it, and keeps the answer with its currency for the pages and
the sheets. Amounts are whole cents of one currency.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import current_app
from flask_babel import format_currency

from scorepad.game.checks import STAKE_MODES
from scorepad.game.models import Evening, Game
from scorepad.game.scoreboard import Scoreboard
from scorepad.rules import InvalidSettlementError, Stakes, Transfer, minimal_transfers, settle


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who wins, what each player wins (+) or pays (−), and the payments that settle it."""

    currency: str
    winners: tuple[str, ...]
    balances: dict[str, int]
    transfers: tuple[Transfer, ...]


def default_currency() -> str:
    """The app's currency for stakes when a game names none (``SCOREPAD_CURRENCY``)."""
    return str(current_app.config["SCOREPAD_CURRENCY"])


def currency_of(game: Game) -> str:
    return game.currency or default_currency()


def money(cents: int, currency: str) -> str:
    """``cents`` as the browser's locale writes an amount of ``currency`` (Flask-Babel),
    with the no-break space CLDR puts between a symbol of letters and the digits
    (Babel leaves it out: English wrote "CHF0.50").

    >>> from flask_babel import Babel
    >>> from flask import Flask
    >>> app = Flask("x"); _ = Babel(app)
    >>> with app.test_request_context():
    ...     money(50, "CHF"), money(1250, "EUR"), money(-700, "USD")
    ('CHF\xa00.50', '€12.50', '-$7.00')
    """
    return _SYMBOL_SPACING.sub("\u00a0", str(format_currency(cents / 100, currency)))


# A letter of a currency's symbol right against a digit, either way round ("CHF0.50").
_SYMBOL_SPACING = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")


def stakes_of(game: Game) -> Stakes | None:
    """The engine's stakes of a game, or None when it is not played for money."""
    if game.stakes_mode not in STAKE_MODES or game.stakes_cents is None:
        return None
    return Stakes(game.stakes_mode, game.stakes_cents)  # type: ignore[arg-type]


def settle_game(board: Scoreboard) -> Settlement | None:
    """What the game settles to now: at its end, or as if it ended with these totals.

    None for a game not played for money. A finished game passes its winners
    (a play-off decides them); a running one leaves them to the best total.
    """
    stakes = stakes_of(board.game)
    if stakes is None:
        return None
    winners = list(board.winners) if board.finished and board.winners else None
    answer = settle(dict(board.totals), stakes, board.variant, winners)
    return Settlement(currency_of(board.game), answer.winners, dict(answer.balances),
                      answer.transfers)


@dataclass(frozen=True, slots=True)
class EveningGame:
    game: Game
    board: Scoreboard
    settlement: Settlement | None


@dataclass(frozen=True, slots=True)
class EveningSettlement:
    """The games of an evening and one set of payments for all of them.

    ``transfers`` is None when the engine cannot settle so many players at once.
    """

    currency: str
    games: list[EveningGame]
    balances: dict[str, int]
    transfers: tuple[Transfer, ...] | None


def settle_evening(evening: Evening, boards: list[Scoreboard]) -> EveningSettlement:
    """Sum every game's balances by player name (the same name in any case is one player)
    and settle the sums in as few payments as possible."""
    games = []
    spelling: dict[str, str] = {}
    balances: dict[str, int] = {}
    for board in boards:
        settlement = settle_game(board)
        games.append(EveningGame(board.game, board, settlement))
        if settlement is None:
            continue
        for name, cents in settlement.balances.items():
            who = spelling.setdefault(name.casefold(), name)
            balances[who] = balances.get(who, 0) + cents
    try:
        transfers: tuple[Transfer, ...] | None = minimal_transfers(balances)
    except InvalidSettlementError:
        transfers = None
    return EveningSettlement(evening.currency, games, balances, transfers)
