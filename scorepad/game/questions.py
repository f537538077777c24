"""What a referee question is asked about, and what a player typed, read into cards.

A :class:`Table` is a variant with house rules (maybe a game, a round); the readers turn
the text of a field into cards, melds, a lay-off line, or say why they cannot
(:class:`Unasked`, in the player's words). The one reading of a field of melds
(:func:`read_meld_lines`) and the one first-meld check (:func:`first_meld`) are shared by
the referee (:mod:`scorepad.game.referee`) and the round form's first-meld check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from scorepad.game.cardtext import CardTextError, parse_typed, read_tokens
from scorepad.game.models import Game
from scorepad.rules import (
    MAX_CARDS,
    Card,
    InitialMeldCheck,
    MeldCheck,
    Problem,
    Rules,
    TurnError,
    Variant,
    check_initial_meld,
    check_meld,
    rules_for,
)

QUESTIONS = ("meld", "hand", "initial", "out", "standings")
TURN_QUESTIONS = ("take", "layoff", "exchange")
"""The questions of a turn (RULES.md §8), in templates/referee/_turn.html."""


@dataclass
class Table:
    """What the questions are asked about: a variant with house rules, maybe a game."""

    variant: Variant
    house: dict[str, Any]
    game: Game | None = None
    player_count: int = 4
    round: int = 1

    def rules(self) -> Rules:
        return rules_for(self.variant, self.house, player_count=self.player_count,
                         round=self.variant.deal_of(self.round, self.house.get("rounds")))

    @property
    def deals(self) -> range:
        """The deals this table plays: a 3-13 game of five rounds offers rounds 1 to 5."""
        last = self.variant.deal_of(len(self.variant.deals), self.house.get("rounds"))
        return range(1, (last or 0) + 1)

    def questions(self) -> tuple[str, ...]:
        """The questions this table can have: no first-meld question where a first meld
        needs nothing (3-13, Jolly with Vorratsreihe)."""
        return tuple(q for q in QUESTIONS if q != "initial" or self.rules().first_meld_rule)

    @property
    def hand_win_name(self) -> str | None:
        """What a win from the hand is called here, or ``None`` where there is none."""
        return hand_win_words(self.variant) or None


def hand_win_words(variant: Variant) -> str:
    return str(_(variant.hand_win.name)) if variant.hand_win else ""


# -- what cannot be asked --------------------------------------------------------------


class Unasked(ValueError):
    """What was typed cannot be asked: the message says why."""


class NotOnTable(Unasked):
    """A meld said to lie on the table is no legal meld: ``problems`` say why (worded by
    :func:`scorepad.words.referee.refusal`, in the page's language)."""

    def __init__(self, what: str, problems: Sequence[Problem]) -> None:
        super().__init__(what)
        self.what = what
        self.problems = tuple(problems)


class UnreadableLine(ValueError):
    """Line ``line`` (from 1) of a field of melds holds no card the engine reads."""

    def __init__(self, line: int, error: CardTextError) -> None:
        super().__init__(str(error))
        self.line = line
        self.error = error


# -- reading what was typed ------------------------------------------------------------


def meld_lines(text: str) -> list[str]:
    """The lines of a field that holds one meld a line (``;`` also ends a line)."""
    return [line for line in text.replace(";", "\n").splitlines() if line.strip()]


def read_meld_lines(text: str) -> list[list[Card]]:
    """The melds of a field that holds one meld a line: the one meld reading of the
    referee and the round form. A line that is no cards is an :class:`UnreadableLine`."""
    melds = []
    for i, line in enumerate(meld_lines(text), 1):
        try:
            melds.append([t.card for t in parse_typed(line, [], allow_by=False)])
        except CardTextError as e:
            raise UnreadableLine(i, e) from None
    return melds


def cards_of(text: str, what: str) -> list[Card]:
    try:
        return [t.card for t in parse_typed(text, [], allow_by=False)]
    except CardTextError as e:
        raise Unasked(_("%(what)s: %(problem)s", what=what, problem=str(e))) from None


def melds_of(text: str, what: str) -> list[list[Card]]:
    try:
        return read_meld_lines(text)
    except UnreadableLine as e:
        raise Unasked(_("%(what)s: %(problem)s", problem=str(e.error),
                        what=_("%(what)s, line %(n)d", what=what, n=e.line))) from None


def lay_off_line(line: str, what: str) -> tuple[str, str]:
    """A lay-off line as every page writes one (docs/decisions.md, "One lay-off notation"):
    the meld it goes onto, a colon, the cards laid off onto it; here, where the players
    have no names, the meld is given by its cards (``6c 7c 8c: 9c``). The older ``+``
    (``6c 7c 8c + 9c``) is read too."""
    at = min((i for i in (line.find(":"), line.find("+")) if i >= 0), default=-1)
    on_table, mine = (line[:at], line[at + 1:]) if at >= 0 else (line, "")
    if at < 0 or not mine.strip() or not on_table.strip():
        raise Unasked(_("%(what)s: write the meld on the table, a colon, then your cards, "
                        "like 6c 7c 8c: 9c.", what=what))
    if all(card is None for _token, card in read_tokens(on_table)):
        raise Unasked(_("%(what)s: the referee does not know whose meld “%(name)s” is: write "
                        "the cards of the meld before the colon, like 6c 7c 8c: 9c.",
                        what=what, name=on_table.strip()[:40]))
    return on_table, mine


def table_meld(text: str, what: str, rules: Rules) -> list[Card]:
    """A meld that lies on the table: typed right and legal, else the player is told."""
    cards = cards_of(text, what)
    if not cards:
        raise Unasked(_("%(what)s: type its cards, like 7h 8h 9h.", what=what))
    check = check_meld(cards, rules)
    if not check.legal:
        raise NotOnTable(what, check.problems)
    return cards


def needed_cards(values: Mapping[str, str], name: str, what: str, missing: str) -> list[Card]:
    """Cards that must be typed: the field's cards, or ``missing`` said to the player."""
    cards = cards_of(values.get(name, ""), what)
    if not cards:
        raise Unasked(missing)
    return cards


def first_state(values: Mapping[str, str], states: tuple[str, ...]) -> str:
    state = values.get("first", "")
    if state not in states:
        raise Unasked(_("Say when you made your first meld."))
    return state


def judged(check: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """The engine's ruling; a situation that contradicts itself is said to the player."""
    try:
        return check(*args, **kwargs)
    except TurnError as e:
        raise Unasked(_("This situation cannot happen: %(why)s", why=str(e))) from None


def left_on_table(meld: MeldCheck | None) -> tuple[Card, ...] | None:
    """The cards of the meld an action leaves on the table, when it is legal."""
    return meld.reading if meld is not None and meld.legal else None


# -- the first meld: one check for the referee and the round form -----------------------


@dataclass(frozen=True)
class FirstMeld:
    """A first meld checked: the melds as read (``cards``) and the engine's
    :class:`InitialMeldCheck`.

    ``oversized`` is the index of a meld longer than any pack (the engine's contract
    refuses it; the round form says so instead of an answer); ``minimum`` the points a
    first meld needs at this table."""

    cards: tuple[tuple[Card, ...], ...]
    check: InitialMeldCheck
    minimum: int
    oversized: int | None = None

    @property
    def legal(self) -> bool:
        return self.check.legal

    @property
    def points(self) -> int | None:
        return self.check.points

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.check.problems

    @property
    def melds(self) -> tuple[MeldCheck, ...]:
        """Each meld's own check, in the order typed."""
        return self.check.melds


def first_meld(melds: Sequence[Sequence[Card]], rules: Rules, *, whole: bool) -> FirstMeld:
    """May these melds open the round for a player (threshold, clean run)? ``whole``: the
    whole hand at once (going out from the hand)."""
    oversized = next((i for i, m in enumerate(melds) if len(m) > MAX_CARDS), None)
    return FirstMeld(tuple(tuple(m) for m in melds),
                     check_initial_meld([list(m) for m in melds], rules, whole_hand=whole),
                     rules.house.initial_min_points, oversized)
