"""A turn: may a player take from the discard pile, lay off, exchange a joker (RULES.md §8)?

The engine keeps no game: each check is told what the answer depends on (the
pile as it lies, the meld on the table, when the player made the first meld)
and says whether the action is allowed, what it leaves on the table, and
every rule that forbids it, with the meld problems of every meld it leaves.

When the player made the first meld is one of :data:`INITIAL_STATES`:
``none`` (not yet), ``this_turn`` (in this turn, before this action) or
``earlier`` (in an earlier turn). Taking from the pile opens a turn, so it
knows only ``none`` and ``earlier``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from .cards import Card, Rank, Suit, format_cards
from .melds import MeldCheck, check_initial_meld, check_meld
from .problems import Problem
from .scoring import Meld, MeldCard, PlayerRound, RoundResult, score_round
from .table import Rules

__all__ = [
    "ACTIONS",
    "ExchangeCheck",
    "GoingOutCheck",
    "INITIAL_STATES",
    "LayOff",
    "LayOffCheck",
    "TakeCheck",
    "TurnError",
    "check_exchange_joker",
    "check_going_out",
    "check_lay_off",
    "check_take_discard",
    "initial_meld_needed",
]

ACTIONS = ("take_discard", "lay_off", "exchange_joker")
"""The actions of ``check: "turn"``."""

INITIAL_STATES = ("none", "this_turn", "earlier")
"""When the player made the first meld: not yet, in this turn, in an earlier turn."""


class TurnError(ValueError):
    """A situation that contradicts itself or lacks what the answer depends on."""


@dataclass(frozen=True, slots=True)
class LayOff:
    """Cards laid off onto a meld on the table (``owner``: ``self`` or ``other``)."""

    onto: tuple[Card, ...]
    cards: tuple[Card, ...]
    owner: str = "other"
    onto_jokers_as: tuple[Card, ...] | None = None
    jokers_as: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class LayOffCheck:
    """The ruling on a lay-off: the meld it leaves, what the cards are worth, to whom.

    ``meld`` is the meld after the lay-off (``None`` when the lay-off cannot be
    made at all, as in 3-13); ``points`` what the laid-off cards are worth in it
    (``None`` in penalty variants), ``credit`` who scores them (``layer`` or
    ``owner``; ``None`` in penalty variants), ``pay`` how many cards the meld's
    owner pays the layer (``jolly_vorrat``).
    """

    legal: bool
    meld: MeldCheck | None
    points: int | None
    credit: str | None
    pay: int
    problems: tuple[Problem, ...]

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The contract's answer to a ``lay_off`` turn."""
        legal_meld = self.meld is not None and self.meld.legal
        return {
            "legal": self.legal,
            "action": "lay_off",
            "meld": [c.code() for c in self.meld.reading] if self.meld and legal_meld else None,
            "points": self.points,
            "credit": self.credit,
            "pay": self.pay,
            "problems": [p.to_json(lang) for p in self.problems],
        }


@dataclass(frozen=True, slots=True)
class TakeCheck:
    """The ruling on taking from the discard pile (or the Vorratsreihe).

    ``taken`` are the cards taken, in pile order; ``melds`` the melds laid at
    once with them; ``points`` the first meld's value when these melds are the
    player's first meld (else ``None``).
    """

    legal: bool
    taken: tuple[Card, ...]
    melds: tuple[MeldCheck, ...]
    lay_offs: tuple[LayOffCheck, ...]
    points: int | None
    first_meld: bool
    problems: tuple[Problem, ...]

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The contract's answer to a ``take_discard`` turn."""
        out: dict[str, Any] = {
            "legal": self.legal,
            "action": "take_discard",
            "taken": [c.code() for c in self.taken],
            "melds": [m.to_json(lang) for m in self.melds],
        }
        if self.first_meld:
            out["points"] = self.points
        if self.lay_offs:
            out["lay_offs"] = [lo.to_json(lang) for lo in self.lay_offs]
        out["problems"] = [p.to_json(lang) for p in self.problems]
        return out


@dataclass(frozen=True, slots=True)
class ExchangeCheck:
    """The ruling on exchanging a joker: the meld it leaves and where the joker goes.

    ``freed`` is how many jokers come off the meld; ``new_meld`` the check of
    the new meld they go into, when it was given.
    """

    legal: bool
    meld: MeldCheck | None
    joker_to: str
    freed: int
    new_meld: MeldCheck | None
    problems: tuple[Problem, ...]

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The contract's answer to an ``exchange_joker`` turn."""
        legal_meld = self.meld is not None and self.meld.legal
        out: dict[str, Any] = {
            "legal": self.legal,
            "action": "exchange_joker",
            "meld": [c.code() for c in self.meld.reading] if self.meld and legal_meld else None,
            "joker_to": self.joker_to,
        }
        if self.new_meld is not None:
            out["new_meld"] = self.new_meld.to_json(lang)
        out["problems"] = [p.to_json(lang) for p in self.problems]
        return out


@dataclass(frozen=True, slots=True)
class GoingOutCheck:
    """The ruling on going out: may the closer go out so, and is it a win from the hand?

    ``round`` is the round scored against one stand-in for the others, and
    ``problems`` its problems. Two rules the round check does not see stand
    beside them: ``discard_missing`` (the variant requires a last discard and
    none was thrown) and the cards the closer holds, ``held`` (in melds and
    kept) against ``hand_size`` (the count a closer goes out with where the
    cards are arranged in the hand, as in 3-13; ``None`` elsewhere); ``rule``
    is the rule on going out that decides those two. ``hand_win`` is ``None``
    unless a win from the hand was claimed; then ``hand_win_problems`` say why
    it is none and ``hand_win_round`` is the round scored as one.
    """

    may: bool
    round: RoundResult
    closer: str
    discard_missing: bool
    held: int
    hand_size: int | None
    rule: str
    hand_win: bool | None = None
    hand_win_problems: tuple[Problem, ...] = ()
    hand_win_round: RoundResult | None = None

    @property
    def problems(self) -> tuple[Problem, ...]:
        """The problems of the round the closer would end."""
        return self.round.problems

    @property
    def wrong_count(self) -> bool:
        """The closer holds another count of cards than going out takes (3-13)."""
        return self.hand_size is not None and self.held != self.hand_size


# -- when the first meld matters --------------------------------------------------------


def _first_meld_rule(rules: Rules) -> bool:
    """The variant asks something of a first meld (minimum points or a clean run)."""
    h, d = rules.house, rules.variant.defaults
    return "initial_min_points" in d and (h.initial_min_points > 0
                                          or h.initial_clean_run != "off")


def initial_meld_needed(rules: Rules, action: str) -> bool:
    """Whether the answer to ``action`` depends on when the player made the first meld.

    >>> from scorepad.rules import rules_for
    >>> initial_meld_needed(rules_for("jolly_at"), "lay_off")
    True
    >>> initial_meld_needed(rules_for("jolly_vorrat"), "lay_off")
    False
    >>> initial_meld_needed(rules_for("three_thirteen", round=1), "take_discard")
    False
    """
    h, d = rules.house, rules.variant.defaults
    if action == "take_discard":
        return not h.take_before_initial_meld or _first_meld_rule(rules)
    if action == "lay_off":
        return "layoff_from" in d and h.layoff_from != "any_time"
    if action == "exchange_joker":
        return "joker_exchange" in d and h.joker_exchange != "off"
    raise TurnError(f"unknown action {action!r}; actions: " + ", ".join(ACTIONS))


def _state(rules: Rules, action: str, initial_meld: str | None) -> str:
    if initial_meld is not None and initial_meld not in INITIAL_STATES:
        raise TurnError("initial_meld must be one of " + ", ".join(INITIAL_STATES))
    if action == "take_discard" and initial_meld == "this_turn":
        raise TurnError("taking from the discard pile opens a turn, so the first meld "
                        "cannot have been made in this turn: initial_meld is \"none\" or "
                        "\"earlier\"")
    if not initial_meld_needed(rules, action):
        return "earlier"
    if initial_meld is None:
        raise TurnError(f"{rules.variant.id} needs \"initial_meld\" (none, this_turn or "
                        f"earlier) for {action}: its rule depends on it")
    return initial_meld


def _indexed(problems: Sequence[Problem], index: int) -> list[Problem]:
    return [Problem(p.code, p.rule, p.params | {"index": index}, p.problems) for p in problems]


# -- taking from the discard pile --------------------------------------------------------


def check_take_discard(discards: Sequence[Card], rules: Rules, *, take: int = 1,
                       initial_meld: str | None = None, hand_count: int | None = None,
                       melds: Sequence[Sequence[Card]] = (),
                       melds_jokers_as: Sequence[Sequence[Card] | None] = (),
                       lay_offs: Sequence[LayOff] = ()) -> TakeCheck:
    """May the player take the ``take`` newest cards of the pile ``discards`` (oldest first)?

    ``melds`` and ``lay_offs`` are what the player lays at once with the taken
    cards; with no first meld yet (``initial_meld="none"``) the melds are the
    first meld and must meet its rule.

    >>> from scorepad.rules import parse_cards, rules_for
    >>> t = check_take_discard(parse_cards("2c Kd 7h Ks"), rules_for("jolly_at"), take=3,
    ...                        initial_meld="earlier", hand_count=10)
    >>> t.legal, [c.code() for c in t.taken]
    (True, ['Kd', '7h', 'Ks'])
    >>> t = check_take_discard(parse_cards("5h 9c"), rules_for("jolly_at"),
    ...                        initial_meld="none", hand_count=13)
    >>> [p.code for p in t.problems]
    ['TAKE_BEFORE_INITIAL_MELD']
    """
    v, h = rules.variant, rules.house
    pile = tuple(discards)
    if not pile:
        raise TurnError("discards must hold at least one card")
    if not 1 <= take <= len(pile):
        raise TurnError(f"take must be from 1 to the {len(pile)} cards the pile holds")
    if hand_count is not None and hand_count < 1:
        raise TurnError("a player whose turn it is holds at least one card (hand_count >= 1)")
    if hand_count is None and (h.hand_limit is not None or not h.take_with_one_card):
        raise TurnError(f"{v.id} needs \"hand_count\" (cards in the hand before taking): "
                        "its rule depends on it")
    state = _state(rules, "take_discard", initial_meld)
    taken = pile[-take:]
    rule = v.turn_rule("take")
    problems: list[Problem] = []
    # The discard row's own words (problems.py "CODE:row"); the codes stay the pile's.
    row: dict[str, Any] = {"reason": "row"} if v.discard_row else {}
    if state == "none" and not h.take_before_initial_meld:
        problems.append(Problem("TAKE_BEFORE_INITIAL_MELD", rule,
                                {"switch": "take_before_initial_meld"} | row))
    if take > 1 and h.take_depth == "top":
        problems.append(Problem("TAKE_ONLY_TOP", rule,
                                {"count": take, "switch": "take_depth"} | row))
    if h.take_min_pile_value:
        worth = sum(rules.hand_value(c) for c in pile)
        if worth < h.take_min_pile_value:
            problems.append(Problem("PILE_TOO_LOW", rule, {
                "points": worth, "min": h.take_min_pile_value, "switch": "take_min_pile_value"}
                | row))
    if hand_count is not None and h.hand_limit is not None and hand_count + take > h.hand_limit:
        problems.append(Problem("HAND_LIMIT", rule, {
            "take": take, "count": hand_count + take, "max": h.hand_limit,
            "switch": "hand_limit"}))
    if hand_count == 1 and not h.take_with_one_card:
        problems.append(Problem("TAKE_WITH_ONE_CARD", rule, {"switch": "take_with_one_card"} | row))
    meld_cards = [tuple(m) for m in melds]
    in_melds = _uses(taken, [c for m in meld_cards for c in m])
    in_lay_offs = _uses(taken, [c for lo in lay_offs for c in lo.cards])
    if h.take_must_use == "new_meld" and not in_melds:
        if in_lay_offs:
            problems.append(Problem("TAKEN_CARD_MUST_BE_MELDED", rule,
                                    {"switch": "take_must_use"}))
        else:
            problems.append(Problem("TAKEN_CARD_NOT_USED", rule,
                                    {"switch": "take_must_use", "reason": "new_meld"}))
    elif h.take_must_use == "meld_or_layoff" and not (in_melds or in_lay_offs):
        problems.append(Problem("TAKEN_CARD_NOT_USED", rule, {"switch": "take_must_use"}))
    first = state == "none" and _first_meld_rule(rules)
    declared = list(melds_jokers_as)
    points: int | None = None
    if first and meld_cards:
        initial = check_initial_meld(meld_cards, rules, jokers_as=declared)
        checks, points = initial.melds, initial.points
        problems += initial.problems
    else:
        checks = tuple(check_meld(m, rules, jokers_as=declared[i] if i < len(declared) else None)
                       for i, m in enumerate(meld_cards))
        for i, m in enumerate(checks, 1):
            problems += _indexed(m.problems, i)
    # A lay-off after the melds of this turn is one made after the first meld, this turn.
    lay_state = state if state == "earlier" or not meld_cards else "this_turn"
    lay_checks = tuple(check_lay_off(lo.onto, lo.cards, rules, owner=lo.owner,
                                     initial_meld=lay_state, onto_jokers_as=lo.onto_jokers_as,
                                     jokers_as=lo.jokers_as) for lo in lay_offs)
    for i, lo in enumerate(lay_checks, len(checks) + 1):
        problems += _indexed(lo.problems, i)
    return TakeCheck(not problems, taken, checks, lay_checks, points if first else None, first,
                     tuple(problems))


def _uses(taken: Sequence[Card], laid: Sequence[Card]) -> bool:
    """Some taken card is among the cards laid."""
    return bool(Counter(taken) & Counter(laid))


# -- laying off ------------------------------------------------------------------------


def check_lay_off(onto: Sequence[Card], cards: Sequence[Card], rules: Rules, *,
                  owner: str = "other", initial_meld: str | None = None,
                  onto_jokers_as: Sequence[Card] | None = None,
                  jokers_as: Sequence[Card] | None = None) -> LayOffCheck:
    """May the player lay ``cards`` off onto the meld ``onto`` (given as it lies)?

    A set takes cards within its size and suits; a run grows only at its ends
    and keeps its jokers where they stood. A joker laid off onto a run stands
    at the higher free end (the lower where the higher is closed) unless
    ``jokers_as`` names its card.

    >>> from scorepad.rules import parse_cards, rules_for
    >>> lo = check_lay_off(parse_cards("5h 6h 7h"), parse_cards("8h 9h"), rules_for("jolly_vorrat"))
    >>> lo.legal, format_cards(lo.meld.reading), lo.points, lo.credit, lo.pay
    (True, '5h 6h 7h 8h 9h', 10, 'owner', 2)
    >>> lo = check_lay_off(parse_cards("5h 6h 7h"), parse_cards("8h"), rules_for("jolly_at"),
    ...                    initial_meld="this_turn")
    >>> [p.code for p in lo.problems]
    ['LAYOFF_SAME_TURN']
    """
    v, h = rules.variant, rules.house
    onto, laid = tuple(onto), tuple(cards)
    if owner not in ("self", "other"):
        raise TurnError("owner must be \"self\" or \"other\"")
    if not laid:
        raise TurnError("a lay-off needs at least one card")
    if "layoff_from" not in v.defaults:
        return LayOffCheck(False, None, None, None, 0, (
            Problem("LAYOFF_NOT_ALLOWED", v.turn_rule("layoff"), {"reason": "turn"}),))
    state = _state(rules, "lay_off", initial_meld)
    before = _table_meld(onto, rules, onto_jokers_as, "onto")
    rule = v.turn_rule("layoff")
    problems: list[Problem] = []
    if h.layoff_from != "any_time" and state == "none":
        problems.append(Problem("LAYOFF_BEFORE_INITIAL_MELD", rule, {"switch": "layoff_from"}))
    elif h.layoff_from == "next_turn" and state == "this_turn":
        problems.append(Problem("LAYOFF_SAME_TURN", rule, {"switch": "layoff_from"}))
    if h.completed_melds_closed and "completed_melds_closed" in v.defaults \
            and len(onto) >= (4 if before.kind == "set" else 13):
        problems.append(Problem("MELD_COMPLETED", rule, {"count": len(onto),
                                                         "switch": "completed_melds_closed"}))
    after, laid_at = _grown(before, laid, rules, jokers_as)
    problems += after.problems
    points: int | None = None
    credit: str | None = None
    if v.higher_wins:
        credit = h.layoff_credit
        if after.legal and after.values is not None:
            points = sum(after.values[i] for i in laid_at)
    legal = not problems
    pay = len(laid) if legal and v.owner_pays_layoffs and owner == "other" else 0
    return LayOffCheck(legal, after, points, credit, pay, tuple(problems))


def _table_meld(cards: tuple[Card, ...], rules: Rules, jokers_as: Sequence[Card] | None,
                where: str) -> MeldCheck:
    """A meld lying on the table: it must be legal, or the situation contradicts itself."""
    if not cards:
        raise TurnError(f"{where} must hold the cards of the meld on the table")
    check = check_meld(cards, rules, jokers_as=jokers_as)
    if not check.legal:
        why = "; ".join(p.message("en") for p in check.problems)
        raise TurnError(f"{where} is not a legal meld, so it cannot lie on the table: {why}")
    return check


def _rank_at(position: int) -> Rank:
    return Rank((position - 1) % 13 + 1)


def _places(rank: Rank | None) -> tuple[int, ...]:
    """Every run position a card of ``rank`` may take (A = 1 or 14, round the corner)."""
    if rank is None:
        return ()
    first = int(rank)
    return tuple(first + 13 * k for k in range(-2, 3))


def _outside(places: Sequence[int], slots: dict[int, Any]) -> list[int]:
    """The places beyond either end of the run in ``slots``."""
    low, high = min(slots), max(slots)
    return [p for p in places if p < low or p > high]


def _gap(place: int, slots: dict[int, Any]) -> int:
    """How far ``place`` lies beyond the run's nearer end (1: next to it)."""
    low, high = min(slots), max(slots)
    return place - high if place > high else low - place


def _nearest(places: Sequence[int], slots: dict[int, Any]) -> int | None:
    """The place beyond the run nearest its ends, a tie to the higher end (an ace
    laid onto 2-K is the high ace); ``None`` when every place is inside the run.

    Where the run may not go (K-A-2 without ``wraparound``, the high ace where
    the variant has none) the meld check of the grown run says why.
    """
    outside = _outside(places, slots)
    if not outside:
        return None
    return min(outside, key=lambda p: (_gap(p, slots), -p))


def _grown(before: MeldCheck, laid: tuple[Card, ...], rules: Rules,
           jokers_as: Sequence[Card] | None) -> tuple[MeldCheck, list[int]]:
    """The meld after ``laid`` is added, and the indices of the laid cards in it.

    A run is grown from the meld check's own reading of it (its positions,
    round the corner too), and the run it makes is judged by the meld check in
    ascending order: one reading of a meld, whichever question asks.
    """
    onto = before.cards
    laid_naturals = [c for c in laid if not rules.is_wild(c)]
    suit = next((c.suit for c in before.reading), None)
    if before.kind == "set" or not before.positions \
            or any(c.suit != suit for c in laid_naturals):
        # A set, or cards of another suit: the meld as typed says what is wrong.
        after = check_meld(onto + laid, rules)
        return after, list(range(len(onto), len(onto) + len(laid)))
    assert suit is not None
    slots: dict[int, tuple[Card, Card, bool]] = {
        p: (entry, card, False)
        for p, entry, card in zip(before.positions, onto, before.reading)}
    top = 14 if rules.house.ace_high else 13
    gap = False
    # Cards next to an end first, so that K and A laid onto 2-3-4 both find their place.
    for c in sorted(laid_naturals, key=lambda c: min(
            (_gap(p, slots) for p in _outside(_places(c.rank), slots)), default=0)):
        p = _nearest(_places(c.rank), slots)
        if p is None:
            gap = True  # a card already in the run: the run grows only at its ends
            continue
        slots[p] = (c, c, True)
    named = list(jokers_as or [])
    jokers = [c for c in laid if rules.is_wild(c)]
    for joker in jokers[:len(named)]:
        want = named.pop(0)
        p = None if want.rank is None or want.suit != suit else \
            _nearest(_places(want.rank), slots)
        if p is None:
            gap = True
            continue
        slots[p] = (joker, want, True)
    free = jokers[len(jokers_as or []):]
    lowest, highest = min(slots), max(slots)
    for p in range(lowest, highest + 1):
        if p not in slots and free:
            slots[p] = (free[0], Card(_rank_at(p), suit), True)
            free.pop(0)
    for joker in free:
        lowest, highest = min(slots), max(slots)
        closed = len(slots) >= 13 if rules.house.wraparound else highest >= top
        p = lowest - 1 if closed and lowest > 1 else highest + 1
        slots[p] = (joker, Card(_rank_at(p), suit), True)
    order = sorted(slots)
    if gap or order != list(range(order[0], order[-1] + 1)):
        shown = format_cards(list(before.reading) + list(laid), display=True)
        problem = Problem("NOT_CONSECUTIVE", rules.variant.rule("run"), {"cards": shown})
        after = MeldCheck(onto + laid, False, "run", None, before.reading + laid, None,
                          (problem,), wild=tuple(rules.is_wild(c) for c in onto + laid))
        return after, list(range(len(onto), len(onto) + len(laid)))
    cards = tuple(slots[p][0] for p in order)
    declared = [slots[p][1] for p in order if rules.is_wild(slots[p][0])]
    after = check_meld(cards, rules, jokers_as=declared or None)
    return after, [i for i, p in enumerate(order) if slots[p][2]]


# -- exchanging a joker ----------------------------------------------------------------


def check_exchange_joker(meld: Sequence[Card], cards: Sequence[Card], rules: Rules, *,
                         initial_meld: str | None = None, joker_to: str | None = None,
                         new_meld: Sequence[Card] | None = None,
                         meld_jokers_as: Sequence[Card] | None = None,
                         new_meld_jokers_as: Sequence[Card] | None = None) -> ExchangeCheck:
    """May the player put ``cards`` (natural cards) into ``meld`` for its joker?

    ``joker_to`` is where the freed joker goes: ``hand`` or ``new_meld`` (the
    default is ``new_meld`` when ``new_meld`` is given, else ``hand``).

    >>> from scorepad.rules import parse_cards, rules_for
    >>> x = check_exchange_joker(parse_cards("8s 8h JK"), parse_cards("8c"), rules_for("jolly_at"),
    ...                          initial_meld="earlier")
    >>> [p.code for p in x.problems]
    ['EXCHANGE_SET_NOT_FOUR']
    >>> x = check_exchange_joker(parse_cards("8s 8h JK"), parse_cards("8c 8d"), rules_for("rami_fr"),
    ...                          initial_meld="earlier", new_meld=parse_cards("JK Qd Kd"))
    >>> x.legal, format_cards(x.meld.reading), x.joker_to
    (True, '8s 8h 8c 8d', 'new_meld')
    """
    v, h = rules.variant, rules.house
    meld_t, offered = tuple(meld), tuple(cards)
    if joker_to is None:
        joker_to = "new_meld" if new_meld is not None else "hand"
    if joker_to not in ("hand", "new_meld"):
        raise TurnError("joker_to must be \"hand\" or \"new_meld\"")
    if joker_to == "hand" and new_meld is not None:
        raise TurnError("new_meld is given, but joker_to says the joker goes into the hand")
    if not offered:
        raise TurnError("an exchange needs the natural card(s) put in for the joker")
    if any(c.is_joker for c in offered):
        raise TurnError("a joker is exchanged for natural cards, not for a joker")
    if "joker_exchange" not in v.defaults or h.joker_exchange == "off":
        reason = "wild" if "joker_exchange" not in v.defaults else None
        params: dict[str, Any] = {"switch": "joker_exchange"} if reason is None else {
            "reason": reason}
        return ExchangeCheck(False, None, joker_to, 0, None,
                             (Problem("EXCHANGE_NOT_ALLOWED", v.turn_rule("exchange"), params),))
    state = _state(rules, "exchange_joker", initial_meld)
    before = _table_meld(meld_t, rules, meld_jokers_as, "meld")
    rule = v.turn_rule("exchange")
    problems: list[Problem] = []
    if state == "none":
        problems.append(Problem("EXCHANGE_BEFORE_INITIAL_MELD", rule,
                                {"switch": "exchange_from"}))
    elif h.exchange_from == "next_turn" and state == "this_turn":
        problems.append(Problem("EXCHANGE_SAME_TURN", rule, {"switch": "exchange_from"}))
    jokers = [i for i, c in enumerate(meld_t) if c.is_joker]
    after: MeldCheck | None = None
    freed = 0
    if not jokers:
        problems.append(Problem("NO_JOKER_IN_MELD", rule))
    elif before.kind == "set":
        after, found, freed = _set_swap(before, offered, jokers, rules, rule)
        problems += found
    else:
        swapped = _run_swap(before, offered, jokers, rules, rule)
        problems += swapped[1]
        after = swapped[0]
        freed = len(offered) if after is not None else 0
    if after is not None:
        problems += after.problems
    if joker_to == "hand" and h.exchanged_joker_to == "new_meld":
        problems.append(Problem("JOKER_MUST_BE_MELDED", rule, {"switch": "exchanged_joker_to"}))
    new_check = None
    if new_meld is not None:
        new_t = tuple(new_meld)
        if not any(c.is_joker for c in new_t):
            raise TurnError("new_meld must hold the freed joker")
        new_check = check_meld(new_t, rules, jokers_as=new_meld_jokers_as)
        problems += _indexed(new_check.problems, 2)
    return ExchangeCheck(not problems, after, joker_to, freed, new_check, tuple(problems))


def _set_swap(before: MeldCheck, offered: tuple[Card, ...], jokers: list[int], rules: Rules,
              rule: str) -> tuple[MeldCheck | None, list[Problem], int]:
    """A set's joker(s) for natural cards of the set's rank and a missing suit: the meld
    it leaves, what forbids it, and how many jokers come off."""
    h = rules.house
    cards = before.cards
    rank = next(c.rank for c in before.reading)
    present = {c.suit for c in cards if not c.is_joker}
    missing = [s for s in Suit if s not in present] if h.set_distinct_suits else list(Suit)
    wanted = " / ".join(format_cards([Card(rank, s)], display=True) for s in missing)
    n = len(cards)
    problems: list[Problem] = []
    wrong = [c for c in offered if c.rank != rank or c.suit not in missing]
    if wrong or (h.set_distinct_suits and len({c.suit for c in offered}) < len(offered)):
        problems.append(Problem("EXCHANGE_WRONG_CARD", rule, {
            "cards": format_cards(wrong or offered, display=True), "wanted": wanted}))
    mode = h.joker_exchange
    both = mode == "both_missing" and n < 4
    if mode == "four_only" and n < 4:
        problems.append(Problem("EXCHANGE_SET_NOT_FOUR", rule,
                                {"count": n, "switch": "joker_exchange"}))
    elif both and len(offered) < 2:
        both_cards = format_cards([Card(rank, s) for s in missing], display=True)
        problems.append(Problem("EXCHANGE_NEEDS_BOTH_SUITS", rule,
                                {"wanted": both_cards, "switch": "joker_exchange"}))
    elif len(offered) > (len(jokers) + 1 if both else len(jokers)):
        problems.append(Problem("EXCHANGE_WRONG_CARD", rule, {
            "reason": "too_many", "jokers": len(jokers), "count": len(offered)}))
    if problems:
        return None, problems, 0
    if both:
        # Both missing suits at once: the joker comes off, a four of naturals is left.
        naturals = tuple(c for c in cards if not c.is_joker)
        return check_meld(naturals + offered, rules), [], len(jokers)
    new = list(cards)
    for i, c in zip(jokers, offered):
        new[i] = c
    return check_meld(tuple(new), rules), [], len(offered)


def _run_swap(before: MeldCheck, offered: tuple[Card, ...], jokers: list[int], rules: Rules,
              rule: str) -> tuple[MeldCheck | None, list[Problem]]:
    """A run's joker(s) for the exact card(s) they stand for; the other jokers keep theirs."""
    stands = {i: before.reading[i] for i in jokers}
    wanted = " / ".join(format_cards([c], display=True) for c in stands.values())
    if len(offered) > len(jokers):
        return None, [Problem("EXCHANGE_WRONG_CARD", rule, {
            "reason": "too_many", "jokers": len(jokers), "count": len(offered)})]
    new = list(before.cards)
    open_ = dict(stands)
    for c in offered:
        at = next((i for i, s in open_.items() if s == c), None)
        if at is None:
            return None, [Problem("EXCHANGE_WRONG_CARD", rule, {
                "cards": format_cards([c], display=True), "wanted": wanted})]
        new[at] = c
        del open_[at]
    declared = [open_[i] for i in sorted(open_)]
    return check_meld(tuple(new), rules, jokers_as=declared or None), []


# -- going out -------------------------------------------------------------------------


def check_going_out(melds: Sequence[Sequence[Card]], rules: Rules, *,
                    keep: Sequence[Card] = (), discard: Card | None = None,
                    lay_offs: Sequence[LayOff] = (), others_melded: bool = False,
                    hand_win: bool = False, closer: str = "closer",
                    others: str = "others") -> GoingOutCheck:
    """May a player go out with ``melds`` (and ``keep`` left in the hand, where the
    variant arranges the hand), throwing ``discard`` last, after ``lay_offs`` onto the
    others' melds? With ``hand_win``: is it a win from the hand (Handglatt, Hand-Rommé,
    rummy)?

    The round is scored against one stand-in for the others, named ``others``, who
    still holds a card (a hand is never empty): what that costs them changes nothing of
    the closer's score. ``others_melded`` says somebody else has melded this round (a
    lay-off onto their melds says so too).

    >>> from scorepad.rules import parse_cards, rules_for
    >>> out = check_going_out([parse_cards("10h Jh Qh"), parse_cards("7s 7d 7c")],
    ...                       rules_for("romme_de"), hand_win=True)
    >>> out.may, out.discard_missing, out.hand_win
    (True, False, True)
    >>> out = check_going_out([parse_cards("3h 3d 3c")], rules_for("three_thirteen", round=1))
    >>> out.may, out.discard_missing, out.held, out.hand_size
    (False, True, 3, 3)
    """
    v = rules.variant
    if lay_offs and not v.has_layoffs:
        raise TurnError(f"nobody lays off onto another player's melds in {v.id}")
    laid = tuple(Meld.of(list(lo.onto) + [MeldCard(c, by=closer) for c in lo.cards])
                 for lo in lay_offs)
    me = PlayerRound(closer, melds=tuple(Meld.of(m) for m in melds), hand=tuple(keep),
                     went_out=True)
    other = PlayerRound(others, melds=laid, hand_points=1,
                        melded=others_melded or bool(lay_offs))
    went = score_round([me, other], rules)
    discard_missing = discard is None and v.final_discard == "required"
    held = sum(len(m) for m in melds) + len(keep)
    hand_size = rules.pack.hand_size if v.melds_in_hand else None
    rule = v.rule("going_out")
    may = (went.valid and not went.problems and not discard_missing
           and (hand_size is None or held == hand_size))
    if not (hand_win and v.has_hand_win):
        return GoingOutCheck(may, went, closer, discard_missing, held, hand_size, rule)
    won = score_round([PlayerRound(closer, melds=me.melds, hand=me.hand, went_out=True,
                                   hand_win=True), other], rules)
    why = [p for p in won.problems if p.code == "HAND_WIN_NOT_ALLOWED"]
    if melds:
        why += [p for p in check_initial_meld(melds, rules, whole_hand=True).problems
                if p.code in ("NO_CLEAN_RUN", "BELOW_MIN_POINTS")]
    return GoingOutCheck(may, went, closer, discard_missing, held, hand_size, rule,
                         hand_win=not why and may, hand_win_problems=tuple(why),
                         hand_win_round=won)
