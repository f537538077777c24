"""The referee's questions: what was typed, asked of the engine, answered as typed values.

Each question reads the values of its form (strings, as typed, read by
:mod:`scorepad.game.questions`), asks the typed engine functions and answers a frozen
dataclass: the verdict, the engine's problems (as :class:`~scorepad.rules.Problem`, worded
by :mod:`scorepad.words.referee`), the reading and what the page shows. What cannot be
asked at all is an :class:`~scorepad.game.questions.Unasked` that says why. Nothing here
knows a request or a template; the view reads the form, asks, renders. The questions of a
turn are in :mod:`scorepad.game.turn_questions`; :data:`ASKED` names them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from flask_babel import gettext as _

from scorepad.game.checks import whole
from scorepad.game.models import Game
from scorepad.game.questions import (
    FirstMeld,
    Table,
    Unasked,
    cards_of,
    first_meld,
    hand_win_words,
    lay_off_line,
    meld_lines,
    melds_of,
)
from scorepad.game.scoreboard import scoreboard
from scorepad.game.turn_questions import (
    ExchangeAnswer,
    LayOffAnswer,
    ask_exchange,
    ask_layoff,
    ask_take,
)
from scorepad.rules import (
    Arrangement,
    Breakdown,
    Card,
    GoingOutCheck,
    LayOff,
    MeldCheck,
    Problem,
    Standings,
    TakeCheck,
    check_going_out,
    check_meld,
    evaluate_hand,
    standings,
)

_TOTAL_LINE = re.compile(r"^\s*(?P<name>.+?)\s*[:=]?\s+(?P<points>[-−+]?[0-9]{1,6})\s*$")


# -- the questions ---------------------------------------------------------------------


@dataclass(frozen=True)
class MeldAnswer:
    """Is this meld legal: the engine's check under the reading chosen, and every
    reading of its jokers."""

    check: MeldCheck
    readings: tuple[tuple[Card, ...], ...]

    @property
    def legal(self) -> bool:
        return self.check.legal

    @property
    def kind(self) -> str | None:
        return self.check.kind

    @property
    def points(self) -> int | None:
        return self.check.points

    @property
    def reading(self) -> tuple[Card, ...]:
        return self.check.reading

    @property
    def wild(self) -> bool:
        """Some card of the meld stands for another."""
        return any(self.check.wild)

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.check.problems


def ask_meld(table: Table, values: Mapping[str, str]) -> MeldAnswer:
    rules = table.rules()
    cards = cards_of(values.get("cards", ""), _("Meld"))
    if not cards:
        raise Unasked(_("Type the cards of the meld, like 7h 8h 9h or 7s 7h JK."))
    check = check_meld(cards, rules)
    readings = check.readings
    choice = whole(values.get("reading", ""), 1, len(readings) - 1)
    if choice is not None:
        declared = [c for c, w in zip(readings[choice], check.wild) if w]
        check = check_meld(cards, rules, jokers_as=declared)
    return MeldAnswer(check, tuple(tuple(r) for r in readings))


@dataclass(frozen=True)
class HandAnswer:
    """What a hand costs: the engine's arrangement, ``arranged`` where the variant
    arranges the hand into melds (3-13), ``minus`` where it counts against a plus."""

    arrangement: Arrangement
    arranged: bool
    minus: bool

    @property
    def points(self) -> int:
        return self.arrangement.points

    @property
    def melds(self) -> tuple[tuple[Card, ...], ...]:
        return self.arrangement.melds

    @property
    def deadwood(self) -> tuple[Card, ...]:
        return self.arrangement.deadwood


def ask_hand(table: Table, values: Mapping[str, str]) -> HandAnswer:
    rules = table.rules()
    cards = cards_of(values.get("cards", ""), _("Hand"))
    if not cards:
        raise Unasked(_("Type the cards left in the hand, like Qs 5h JK."))
    return HandAnswer(evaluate_hand(cards, rules), table.variant.melds_in_hand,
                      table.variant.higher_wins)


def ask_initial(table: Table, values: Mapping[str, str]) -> FirstMeld:
    rules = table.rules()
    if not rules.first_meld_rule:
        raise Unasked(_("In this game a first meld needs nothing more than legal melds: ask "
                        "about each meld."))
    melds = melds_of(values.get("melds", ""), _("Melds"))
    if not melds:
        raise Unasked(_("Type the melds, one per line."))
    return first_meld(melds, rules, whole=values.get("whole") == "y")


@dataclass(frozen=True)
class OutAnswer:
    """May I go out like this, and is it a win from the hand: the engine's
    :class:`GoingOutCheck`, with what the page says of it."""

    check: GoingOutCheck
    claim: bool
    hand_win_name: str
    discard: Card | None
    round: int
    plus_minus: bool
    hand_win_factor: int

    @property
    def may(self) -> bool:
        return self.check.may

    @property
    def hand_win(self) -> bool | None:
        return self.check.hand_win

    @property
    def hand_win_problems(self) -> tuple[Problem, ...]:
        return self.check.hand_win_problems

    @property
    def score(self) -> Breakdown | None:
        """The closer's score, where the round can be scored."""
        went = self.check.round
        return went.details[self.check.closer] if went.valid else None

    @property
    def factor(self) -> int | None:
        """The factor of the others' hands in a win from the hand, when it is one."""
        won = self.check.hand_win_round
        return self.hand_win_factor if self.hand_win and won is not None and won.valid else None


def ask_out(table: Table, values: Mapping[str, str]) -> OutAnswer:
    """A round of the closer against the others (one stand-in player): may they go out,
    and is it a win from the hand (Handglatt, Hand-Rommé, rummy)?"""
    rules = table.rules()
    me, others = _("The closer"), _("the others")
    melds = melds_of(values.get("melds", ""), _("My melds"))
    keep = cards_of(values.get("keep", ""), _("Cards I keep"))
    discard = cards_of(values.get("discard", ""), _("The card I throw"))
    if len(discard) > 1:
        raise Unasked(_("The card I throw: only one card is thrown to go out; the others "
                        "belong to your melds or your hand."))
    layoffs: list[LayOff] = []
    for i, line in enumerate(meld_lines(values.get("layoffs", "")), 1):
        what = _("My lay-offs, line %(n)d", n=i)
        on_table, mine = lay_off_line(line, what)
        layoffs.append(LayOff(tuple(cards_of(on_table, what)), tuple(cards_of(mine, what))))
    if not melds and not keep and not layoffs:
        raise Unasked(_("Type your melds (one per line) and the card you throw."))
    if layoffs and not table.variant.has_layoffs:
        raise Unasked(_("Nobody lays off onto another player's melds in 3-13."))
    claim = values.get("hand_win") == "y" and table.variant.has_hand_win
    check = check_going_out(melds, rules, keep=keep, discard=discard[0] if discard else None,
                            lay_offs=layoffs, others_melded=values.get("others_melded") == "y",
                            hand_win=claim, closer=me, others=others)
    return OutAnswer(check, claim, hand_win_words(table.variant),
                     discard[0] if discard else None, table.round,
                     table.variant.higher_wins, rules.house.hand_win_factor)


@dataclass(frozen=True)
class StandingsAnswer:
    """Who has won, or who plays on: the engine's :class:`Standings` of these totals."""

    standings: Standings
    totals: tuple[tuple[str, int], ...]

    @property
    def finished(self) -> bool:
        return self.standings.finished

    @property
    def winners(self) -> tuple[str, ...]:
        return self.standings.winners

    @property
    def playoff(self) -> tuple[str, ...]:
        return self.standings.playoff

    @property
    def leaders(self) -> tuple[str, ...]:
        return self.standings.leaders


def ask_standings(table: Table, values: Mapping[str, str]) -> StandingsAnswer:
    rules = table.rules()
    totals: dict[str, int] = {}
    for i, line in enumerate(values.get("totals", "").splitlines(), 1):
        if not line.strip():
            continue
        m = _TOTAL_LINE.match(line)
        if m is None:
            raise Unasked(_("Line %(n)d (“%(line)s”): write a name and the total, like "
                            "Anna 120.", n=i, line=line.strip()[:40]))
        name = " ".join(m.group("name").split())
        if name in totals:
            raise Unasked(_("%(name)s appears twice.", name=name))
        totals[name] = int(m.group("points").replace("−", "-"))  # ASCII digits: the pattern
    if len(totals) < 2:
        raise Unasked(_("Type at least two players, one per line, like Anna 120."))
    played = whole(values.get("played", ""), 0, 10_000)
    if played is None:
        raise Unasked(_("Rounds played: enter a whole number, like 9."))
    playoff = [n for n in values.get("playoff", "").split(",") if n.strip() in totals]
    result = standings(totals, played, rules, playoff=playoff or None)
    return StandingsAnswer(result, tuple(sorted(
        totals.items(), key=lambda kv: -kv[1] if table.variant.higher_wins else kv[1])))


def standings_values(game: Game) -> dict[str, str]:
    """The standings question's fields prefilled from a game: its totals, its rounds."""
    board = scoreboard(game)
    totals = "\n".join(f"{name} {board.totals.get(name, 0)}" for name in board.names)
    return {"totals": totals, "played": str(len(game.rounds)),
            "playoff": ",".join(board.playoff or [])}


Asked = (MeldAnswer | HandAnswer | FirstMeld | OutAnswer | StandingsAnswer | TakeCheck
          | LayOffAnswer | ExchangeAnswer)


@dataclass(frozen=True)
class Question:
    """One question of the referee: the fields of its form and how it is asked."""

    fields: tuple[str, ...]
    ask: Callable[[Table, Mapping[str, str]], Asked]


ASKED: dict[str, Question] = {
    "meld": Question(("cards", "reading"), ask_meld),
    "hand": Question(("cards",), ask_hand),
    "initial": Question(("melds", "whole"), ask_initial),
    "out": Question(("melds", "layoffs", "discard", "keep", "others_melded", "hand_win"),
                    ask_out),
    "standings": Question(("totals", "played", "playoff"), ask_standings),
    "take": Question(("pile", "count", "hand", "first", "melds", "layoffs"), ask_take),
    "layoff": Question(("onto", "cards", "owner", "first"), ask_layoff),
    "exchange": Question(("meld", "cards", "new_meld", "first"), ask_exchange),
}
"""Every question by the name its form posts (``q``)."""
