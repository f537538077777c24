"""Settlement: what the players of a game played for money pay each other (ADJUDICATION.md).

:func:`settle` turns the final totals and the stakes into balances (what each
player wins or pays, in whole cents) and the payments that settle them.
:func:`minimal_transfers` settles any balances, say an evening that adds up
several games, with as few payments as possible.

Why the minimum is what :func:`minimal_transfers` finds: the payments of a
settlement link players into groups; each group's balances add up to 0, and a
group of k players needs at least k - 1 payments to be linked at all. So no
settlement has fewer than (players with a balance) - (the most groups with a
zero sum the players can be split into) payments, and that many are enough: a
group whose balances add up to 0 and hold no smaller such group is settled by
k - 1 payments, each of which clears one player. Finding the most groups is a
search over subsets: for every set of players (a bitmask), the most zero-sum
groups that an order of adding its players one by one closes, in O(n·2^n).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping, Sequence, cast, get_args

from .limits import MAX_NUMBER, brief, is_whole
from .variant import Variant
from .variants import find_variant

__all__ = [
    "InvalidSettlementError",
    "MAX_SETTLEMENT_PLAYERS",
    "MODES",
    "Settlement",
    "Stakes",
    "Transfer",
    "minimal_transfers",
    "settle",
]

Mode = Literal["pot", "per_point", "to_winner"]
MODES: tuple[str, ...] = get_args(Mode)
"""The ways a table plays for money (ADJUDICATION.md ``check: "settlement"``)."""

MAX_SETTLEMENT_PLAYERS = 16
"""Most players with a balance that :func:`minimal_transfers` settles: 16 take about
0.2 s (bench/bench_settlement.py), each one more doubles it; a table has at most 8."""

_AMOUNT_KEY = {"pot": "stake", "per_point": "rate", "to_winner": "rate"}


class InvalidSettlementError(ValueError):
    """Stakes, totals, winners or balances that cannot be settled."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """How a game is played for money: a ``mode`` of :data:`MODES` and its amount in cents.

    ``cents`` is the stake every player puts into the pot (``pot``), or the
    rate per point (``per_point``, ``to_winner``): a whole number from 0 to
    100,000.

    >>> Stakes("pot", 100)
    Stakes(mode='pot', cents=100)
    >>> Stakes("per_point", -1)
    Traceback (most recent call last):
    ...
    scorepad.rules.settlement.InvalidSettlementError: the rate must be a whole number of cents from 0 to 100,000
    """

    mode: Mode
    cents: int

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise InvalidSettlementError(
                f"unknown mode {brief(self.mode)}; modes: {', '.join(MODES)}")
        if not is_whole(self.cents) or not 0 <= self.cents <= MAX_NUMBER:
            raise InvalidSettlementError(f"the {_AMOUNT_KEY[self.mode]} must be a whole number "
                                         f"of cents from 0 to {MAX_NUMBER:,}")

    @classmethod
    def from_json(cls, value: Any) -> Stakes:
        """The contract's ``stakes`` object: ``{"mode": "pot", "stake": c}`` or
        ``{"mode": "per_point" | "to_winner", "rate": c}``.

        >>> Stakes.from_json({"mode": "to_winner", "rate": 5})
        Stakes(mode='to_winner', cents=5)
        """
        if not isinstance(value, dict):
            raise InvalidSettlementError("stakes must be an object with a mode and an amount")
        mode = value.get("mode")
        if not isinstance(mode, str) or mode not in MODES:
            raise InvalidSettlementError(f"unknown mode {brief(mode)}; modes: {', '.join(MODES)}")
        key = _AMOUNT_KEY[mode]
        if key not in value:
            raise InvalidSettlementError(f"stakes of mode {mode!r} need {key!r}")
        if extra := sorted(str(k) for k in value if k not in ("mode", key)):
            raise InvalidSettlementError(f"stakes of mode {mode!r} have no {brief(extra[0])}")
        return cls(cast(Mode, mode), value[key])

    def to_json(self) -> dict[str, Any]:
        """The contract's ``stakes`` object."""
        return {"mode": self.mode, _AMOUNT_KEY[self.mode]: self.cents}


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: ``payer`` gives ``payee`` ``cents`` (always more than 0)."""

    payer: str
    payee: str
    cents: int

    def to_json(self) -> dict[str, Any]:
        """The contract's transfer: ``{"from", "to", "cents"}``."""
        return {"from": self.payer, "to": self.payee, "cents": self.cents}


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who won, what each player wins (+) or pays (-) in cents, and the payments.

    ``balances`` are in the order of the totals and add up to 0; ``transfers``
    settle them exactly with as few payments as possible.
    """

    winners: tuple[str, ...]
    balances: dict[str, int]
    transfers: tuple[Transfer, ...]

    def to_json(self) -> dict[str, Any]:
        """The contract's answer to ``check: "settlement"``."""
        return {"winners": list(self.winners), "balances": dict(self.balances),
                "transfers": [t.to_json() for t in self.transfers]}


def settle(totals: Mapping[str, int], stakes: Stakes, variant: Variant | str,
           winners: Sequence[str] | None = None) -> Settlement:
    """Settle a game: ``totals`` (in seat order) under ``stakes``.

    Without ``winners`` every player with the best total wins: the highest in
    the plus/minus variants, the lowest in the penalty variants. A split that
    does not divide evenly gives the remainder cents one each to the winners
    in the order of ``totals``.

    >>> s = settle({"Anna": 512, "Ben": 230, "Cleo": 480}, Stakes("pot", 100), "jolly_at")
    >>> s.winners, s.balances
    (('Anna',), {'Anna': 200, 'Ben': -100, 'Cleo': -100})
    >>> [t.to_json() for t in s.transfers]
    [{'from': 'Ben', 'to': 'Anna', 'cents': 100}, {'from': 'Cleo', 'to': 'Anna', 'cents': 100}]
    >>> settle({"Anna": 30, "Ben": 30, "Cleo": 35}, Stakes("pot", 5), "rami_fr").balances
    {'Anna': 3, 'Ben': 2, 'Cleo': -5}
    """
    v = variant if isinstance(variant, Variant) else find_variant(variant)
    names = list(totals)
    if not names:
        raise InvalidSettlementError("nobody to settle: totals are empty")
    for name, total in totals.items():
        if not isinstance(name, str) or not is_whole(total):
            raise InvalidSettlementError("totals must map each player's name to a whole number")
    # sign * total ranks the players: higher is better in plus/minus games, lower elsewhere.
    sign = 1 if v.higher_wins else -1
    best = max(totals.values(), key=lambda t: sign * t)
    if winners is None:
        chosen = tuple(n for n in names if totals[n] == best)
    else:
        chosen = _winners(winners, names)
    losers = [n for n in names if n not in chosen]
    balances = dict.fromkeys(names, 0)
    c = stakes.cents
    if stakes.mode == "per_point":
        everyone = sum(totals.values())
        for n in names:
            balances[n] = c * sign * (len(names) * totals[n] - everyone)
    else:
        for n in losers:
            balances[n] = -(c if stakes.mode == "pot" else c * sign * (best - totals[n]))
        pot = -sum(balances[n] for n in losers)
        share, rest = divmod(pot, len(chosen))
        for i, n in enumerate(chosen):
            balances[n] = share + (1 if i < rest else 0)
    return Settlement(chosen, balances, minimal_transfers(balances))


def _winners(winners: Sequence[str], names: list[str]) -> tuple[str, ...]:
    """Given winners, checked, in the order of the totals."""
    if isinstance(winners, str) or not all(isinstance(w, str) for w in winners):
        raise InvalidSettlementError("winners must be a list of names")
    if not winners:
        raise InvalidSettlementError("winners, when given, name at least one player")
    if unknown := [w for w in winners if w not in names]:
        raise InvalidSettlementError("winners names players without a total: "
                                     + ", ".join(brief(w) for w in unknown))
    if len(set(winners)) != len(winners):
        raise InvalidSettlementError("winners names a player twice")
    return tuple(n for n in names if n in winners)


def minimal_transfers(balances: Mapping[str, int]) -> tuple[Transfer, ...]:
    """The fewest payments that settle ``balances`` (name -> cents, adding up to 0).

    Only players who owe pay, only players who are owed receive, every
    payment is more than 0; payments are listed by payer, then payee, in the
    order of ``balances``. At most :data:`MAX_SETTLEMENT_PLAYERS` players may
    have a balance other than 0.

    >>> balances = {"A": 30, "B": 20, "C": -15, "D": -15, "E": -20}
    >>> [(t.payer, t.payee, t.cents) for t in minimal_transfers(balances)]
    [('C', 'A', 15), ('D', 'A', 15), ('E', 'B', 20)]
    """
    for name, cents in balances.items():
        if not isinstance(name, str) or not is_whole(cents):
            raise InvalidSettlementError("balances must map each player's name to whole cents")
    if sum(balances.values()) != 0:
        raise InvalidSettlementError("balances must add up to 0")
    people = [n for n, cents in balances.items() if cents]
    if len(people) > MAX_SETTLEMENT_PLAYERS:
        raise InvalidSettlementError(f"at most {MAX_SETTLEMENT_PLAYERS} players with a balance "
                                     f"can be settled at once, not {len(people)}")
    seat = {n: i for i, n in enumerate(balances)}
    transfers = [t for group in _zero_sum_groups([balances[n] for n in people])
                 for t in _settle_group([people[i] for i in group], balances)]
    return tuple(sorted(transfers, key=lambda t: (seat[t.payer], seat[t.payee])))


def _zero_sum_groups(amounts: list[int]) -> list[list[int]]:
    """The indices of ``amounts`` (adding up to 0, none 0) split into the most groups
    that each add up to 0."""
    n = len(amounts)
    size = 1 << n
    total = [0] * size
    most = [0] * size  # the most zero-sum groups an order of adding mask's players closes
    for mask in range(1, size):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
        best, rest = 0, mask
        while rest:
            bit = rest & -rest
            if most[mask ^ bit] > best:
                best = most[mask ^ bit]
            rest ^= bit
        most[mask] = best + (total[mask] == 0)
    # Walk back along one best order; its zero-sum prefixes close the groups.
    order: list[int] = []
    mask = size - 1
    while mask:
        wanted = most[mask] - (total[mask] == 0)
        rest = mask
        while most[mask ^ (rest & -rest)] != wanted:
            rest ^= rest & -rest
        bit = rest & -rest
        order.append(bit.bit_length() - 1)
        mask ^= bit
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for i in reversed(order):
        current.append(i)
        running += amounts[i]
        if running == 0:
            groups.append(current)
            current = []
    return groups


def _settle_group(names: list[str], balances: Mapping[str, int]) -> list[Transfer]:
    """Payments that settle one zero-sum group, each clearing a payer or a payee."""
    payers = [n for n in names if balances[n] < 0]
    payees = [n for n in names if balances[n] > 0]
    left = {n: abs(balances[n]) for n in names}
    out: list[Transfer] = []
    i = j = 0
    while i < len(payers) and j < len(payees):
        payer, payee = payers[i], payees[j]
        cents = min(left[payer], left[payee])
        out.append(Transfer(payer, payee, cents))
        left[payer] -= cents
        left[payee] -= cents
        i += left[payer] == 0
        j += left[payee] == 0
    return out
