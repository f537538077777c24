"""Melds: is it legal, is it a set or a run, what do its jokers stand for, what is it worth.

A meld is given in table order. :func:`check_meld` finds every reading of it
the variant allows (RULES.md §1 "Reading of jokers"), picks the one the rules
say applies, and lists every problem when there is none.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, Sequence

from .cards import Card, Rank, Suit, format_cards
from .problems import Problem
from .table import Rules

__all__ = ["MeldCheck", "check_meld", "InitialMeldCheck", "check_initial_meld"]

Kind = Literal["set", "run"]
_SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The ruling on one meld.

    ``reading`` is the card each entry stands for (jokers replaced), ``values``
    what each entry is worth under that reading (``None`` in 3-13), and
    ``readings`` every legal reading, the one used first, and ``positions``
    the run position of each entry under the reading (A = 1 or 14, and past 14
    round the corner where ``wraparound`` allows it: Q-K-A-2 is 12-15), empty
    for a set or a meld with no reading. A lay-off grows a run from these, so
    it reads a meld as the meld check does.
    """

    cards: tuple[Card, ...]
    legal: bool
    kind: Kind | None
    points: int | None
    reading: tuple[Card, ...]
    values: tuple[int, ...] | None
    problems: tuple[Problem, ...]
    readings: tuple[tuple[Card, ...], ...] = ()
    wild: tuple[bool, ...] = ()
    positions: tuple[int, ...] = ()

    @property
    def is_clean_run(self) -> bool:
        """A legal run without any joker or wild card."""
        return self.legal and self.kind == "run" and not any(self.wild)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The contract's answer to ``check: "meld"``."""
        out: dict[str, Any] = {
            "legal": self.legal,
            "kind": self.kind,
            "points": self.points,
            "reading": [c.code() for c in self.reading],
            "problems": [p.to_json(lang) for p in self.problems],
        }
        if len(self.readings) > 1:
            out["readings"] = [[c.code() for c in r] for r in self.readings]
        return out


@dataclass(frozen=True, slots=True)
class _Reading:
    kind: Kind
    cards: tuple[Card, ...]
    positions: tuple[int, ...]  # run positions (1..26), or 0 in a set
    violations: tuple[Problem, ...]
    in_order: bool = False

    def value(self, rules: Rules) -> int:
        in_set = self.kind == "set"
        return sum(rules.meld_value(c, in_set=in_set, position=p)
                   for c, p in zip(self.cards, self.positions))


def check_meld(cards: Sequence[Card], rules: Rules, *,
               jokers_as: Sequence[Card] | None = None) -> MeldCheck:
    """Check one meld, given in table order.

    >>> from scorepad.rules import parse_cards, rules_for
    >>> m = check_meld(parse_cards("Qh Kh Ah"), rules_for("jolly_at"))
    >>> m.legal, m.kind, m.points
    (True, 'run', 31)
    >>> check_meld(parse_cards("JK Qh Kh"), rules_for("jolly_at")).reading[0]
    Card('Jh')
    >>> [p.code for p in check_meld(parse_cards("7s 7h 7d 7c 7h"), rules_for("jolly_at")).problems]
    ['SET_DUPLICATE_SUIT', 'SET_TOO_LARGE']
    """
    cards = tuple(cards)
    return _Checker(cards, rules, tuple(jokers_as) if jokers_as is not None else None).run()


class _Checker:
    def __init__(self, cards: tuple[Card, ...], rules: Rules,
                 jokers_as: tuple[Card, ...] | None) -> None:
        self.cards = cards
        self.rules = rules
        self.house = rules.house
        self.jokers_as = jokers_as
        self.wild = tuple(rules.is_wild(c) for c in cards)
        self.naturals = [c for c, w in zip(cards, self.wild) if not w]
        self.v = rules.variant

    def problem(self, code: str, topic: str, **params: Any) -> Problem:
        params.setdefault("wild_cards", self.rules.wild_word)
        return Problem(code, self.v.rule(topic), params)

    def shown(self, cards: Sequence[Card] | None = None) -> str:
        return format_cards(self.cards if cards is None else cards, display=True)

    # -- the whole check -------------------------------------------------

    def run(self) -> MeldCheck:
        general = self.general_problems()
        kinds = self.candidate_kinds()
        if not kinds:
            mixed = self.problem("MIXED_RANKS_AND_SUITS", "set", cards=self.shown())
            return self.result(None, (), general + [mixed])
        readings: list[_Reading] = []
        for kind in kinds:
            readings += self.set_readings() if kind == "set" else self.run_readings()
        if self.jokers_as is not None:
            return self.declared(readings, general, kinds)
        legal = [r for r in readings if not r.violations]
        if legal and not general:
            chosen = self.choose(legal)
            ambiguity: list[Problem] = []
            if self.ambiguous(legal, chosen):
                options = " / ".join(self.shown(r.cards) for r in self.distinct(legal))
                ambiguity.append(self.problem("JOKER_READING_AMBIGUOUS", "jokers", options=options))
            return self.result(chosen, self.distinct([chosen] + legal), ambiguity)
        if legal:
            return self.result(self.choose(legal), (), general)
        if readings:
            best = min(readings, key=lambda r: (len(r.violations), not r.in_order))
            return self.result(best, (), general + list(best.violations))
        only: Kind | None = kinds[0] if len(kinds) == 1 else None
        gap = self.problem("NOT_CONSECUTIVE", "run", cards=self.shown())
        return self.result(None, (), general + [gap], kind=only)

    def result(self, chosen: _Reading | None, readings: Sequence[_Reading],
               problems: Sequence[Problem], kind: Kind | None = None) -> MeldCheck:
        legal = not problems
        values: tuple[int, ...] | None = None
        points: int | None = None
        if chosen is not None and not self.v.melds_in_hand:
            values = tuple(self.rules.meld_value(c, in_set=chosen.kind == "set", position=p)
                           for c, p in zip(chosen.cards, chosen.positions))
            points = sum(values) if legal else None
        return MeldCheck(
            cards=self.cards,
            legal=legal,
            kind=chosen.kind if chosen is not None else kind,
            points=points,
            reading=chosen.cards if chosen is not None else self.cards,
            values=values,
            problems=tuple(problems),
            readings=tuple(r.cards for r in readings) if legal else (),
            wild=self.wild,
            positions=chosen.positions if chosen is not None and chosen.kind == "run" else (),
        )

    def general_problems(self) -> list[Problem]:
        h, n, nat = self.house, len(self.cards), len(self.naturals)
        wilds = n - nat
        out = []
        if n < 3:
            out.append(self.problem("TOO_FEW_CARDS", "set", count=n))
        if nat < h.min_naturals:
            out.append(self.problem("TOO_FEW_NATURALS", "jokers", min=h.min_naturals, count=nat))
        if h.max_jokers_per_meld is not None and wilds > h.max_jokers_per_meld:
            out.append(self.problem("TOO_MANY_JOKERS", "jokers", max=h.max_jokers_per_meld,
                                    count=wilds, switch="max_jokers_per_meld"))
        if ("all_wild_meld" in self.v.defaults and not h.all_wild_meld
                and n > 0 and nat == 0):
            out.append(self.problem("ALL_WILD_NOT_ALLOWED", "jokers"))
        return out

    def candidate_kinds(self) -> list[Kind]:
        ranks = {c.rank for c in self.naturals}
        suits = {c.suit for c in self.naturals}
        if len(self.naturals) <= 1:
            return ["set", "run"]
        if len(ranks) == 1:
            return ["set"]
        if len(suits) == 1:
            return ["run"]
        return []

    # -- choosing among readings -----------------------------------------

    def choose(self, legal: list[_Reading]) -> _Reading:
        if not self.naturals:
            return next((r for r in legal if r.kind == "set"), legal[0])
        in_order = [r for r in legal if r.in_order]
        if in_order:
            return in_order[0]
        if self.v.melds_in_hand:  # no values to choose by: a set
            sets = [r for r in legal if r.kind == "set"]
            return sets[0] if sets else legal[0]
        return max(legal, key=lambda r: (r.value(self.rules), r.kind == "set"))

    def ambiguous(self, legal: list[_Reading], chosen: _Reading) -> bool:
        if self.house.joker_declaration != "required" or chosen.in_order:
            return False
        if not any(self.wild):
            return False
        return len({frozenset(Counter(r.cards).items()) for r in legal}) > 1

    @staticmethod
    def distinct(readings: Sequence[_Reading]) -> list[_Reading]:
        seen: set[tuple[Card, ...]] = set()
        out = []
        for r in readings:
            if r.cards not in seen:
                seen.add(r.cards)
                out.append(r)
        return out

    def declared(self, readings: list[_Reading], general: list[Problem],
                 kinds: list[Kind]) -> MeldCheck:
        declared = self.jokers_as or ()
        wild_index = [i for i, w in enumerate(self.wild) if w]
        matching = []
        if len(declared) == len(wild_index) and not any(c.is_joker for c in declared):
            for r in readings:
                if r.kind == "set":
                    if self.set_declaration_fits(r, declared):
                        matching.append(self.placed(r, wild_index, declared))
                elif all(r.cards[i] == d for i, d in zip(wild_index, declared)):
                    matching.append(r)
                elif self.same_cards_declared(r, wild_index, declared):
                    matching.append(self.placed(r, wild_index, declared))
        if not matching:
            shown = self.shown(declared) if declared else "—"
            return self.result(None, (), general + [
                self.problem("DECLARATION_IMPOSSIBLE", "jokers", declared=shown)],
                kind=kinds[0] if len(kinds) == 1 else None)
        best = min(matching, key=lambda r: len(r.violations))
        return self.result(best, [best], general + list(best.violations))

    @staticmethod
    def same_cards_declared(r: _Reading, wild_index: list[int],
                            declared: Sequence[Card]) -> bool:
        return Counter(r.cards[i] for i in wild_index) == Counter(declared)

    def set_declaration_fits(self, r: _Reading, declared: Sequence[Card]) -> bool:
        """A set's jokers may stand for any missing suit of its rank, in any order
        (RULES.md §1): the one reading built by :meth:`set_readings` is only the
        default choice, so a declaration is checked against the rule itself."""
        rank = next((c.rank for c in r.cards), None)
        if any(d.rank != rank for d in declared):
            return False
        if not self.house.set_distinct_suits:
            return True
        suits = [d.suit for d in declared]
        return (len(set(suits)) == len(suits)
                and not set(suits) & {c.suit for c in self.naturals})

    @staticmethod
    def placed(r: _Reading, wild_index: list[int], declared: Sequence[Card]) -> _Reading:
        # Unsorted entry (or a set): the jokers take the declared cards in the order given.
        pos_of = dict(zip(r.cards, r.positions)) | {d: 0 for d in declared
                                                                  if r.kind == "set"}
        cards, positions = list(r.cards), list(r.positions)
        for i, d in zip(wild_index, declared):
            cards[i], positions[i] = d, pos_of[d]
        return _Reading(r.kind, tuple(cards), tuple(positions), r.violations, r.in_order)

    # -- sets ------------------------------------------------------------

    def set_readings(self) -> list[_Reading]:
        h, n = self.house, len(self.cards)
        if self.naturals:
            rank = self.naturals[0].rank
        elif self.rules.wild_rank is not None:
            rank = self.rules.wild_rank
        else:
            rank = Rank.ACE if h.ace_in_set >= 10 else Rank.KING
        assert rank is not None
        present = [c.suit for c in self.naturals]
        violations = []
        if h.set_distinct_suits:
            doubled = [s for s, k in Counter(present).items() if k > 1 and s is not None]
            if doubled:
                violations.append(self.problem(
                    "SET_DUPLICATE_SUIT", "set",
                    suits=" ".join(s.symbol for s in doubled), switch="set_distinct_suits"))
        limit = self.rules.set_limit
        if limit is not None and n > limit:
            # The switch that sets the limit: the size, or the four suits.
            switch = "set_max_size" if h.set_max_size == limit else "set_distinct_suits"
            violations.append(self.problem("SET_TOO_LARGE", "set", max=limit, count=n,
                                           switch=switch))
        missing = [s for s in _SUITS if s not in present] or list(_SUITS)
        reading, k = [], 0
        for card, wild in zip(self.cards, self.wild):
            if not wild or (card.rank == rank and not self.naturals):
                reading.append(card)
            else:
                reading.append(Card(rank, missing[k % len(missing)]))
                k += 1
        return [_Reading("set", tuple(reading), (0,) * n, tuple(violations))]

    # -- runs ------------------------------------------------------------

    def run_readings(self) -> list[_Reading]:
        """Every window of positions the cards can fill, in table order or not."""
        n = len(self.cards)
        if n == 0 or n > 26:
            return []
        suit = self.naturals[0].suit if self.naturals else self.first_wild_suit()
        assert suit is not None
        needed = list(Counter(int(c.rank) for c in self.naturals if c.rank is not None).items())
        readings: list[_Reading] = []
        for start in range(1, 14):
            ranks, available = _window(start, n)
            if any(available[r] < k for r, k in needed):
                continue
            window = range(start, start + n)
            violations = self.window_violations(start, n)
            for order, positions in self.placements(window, ranks):
                cards = tuple(Card(_rank_at(p), suit) for p in positions)
                adj = self.adjacent_violation(positions)
                readings.append(_Reading("run", cards, positions,
                                         violations + adj, in_order=order))
        return readings

    def first_wild_suit(self) -> Suit:
        for c in self.cards:
            if c.suit is not None:
                return c.suit
        return Suit.HEARTS

    def placements(self, window: range, ranks: list[Rank]) -> list[tuple[bool, tuple[int, ...]]]:
        """Positions for each entry: in table order (ascending, descending) if the
        order fits, else naturals at their rank and jokers in the gaps, lowest first."""
        out: list[tuple[bool, tuple[int, ...]]] = []
        cards = self.cards
        for direction in (1, -1):
            positions = tuple(window) if direction == 1 else tuple(reversed(window))
            if all(w or _rank_at(p) == c.rank
                   for c, w, p in zip(cards, self.wild, positions)):
                out.append((True, positions))
        if out:
            return out
        free = list(window)
        assigned: list[int | None] = [None] * len(cards)
        for i, (c, w) in enumerate(zip(cards, self.wild)):
            if not w:
                p = next(p for p in free if _rank_at(p) == c.rank)
                free.remove(p)
                assigned[i] = p
        for i, w in enumerate(self.wild):
            if w:
                assigned[i] = free.pop(0)
        return [(False, tuple(p for p in assigned if p is not None))]

    def window_violations(self, start: int, n: int) -> tuple[Problem, ...]:
        h, end = self.house, start + n - 1
        if (end < 14 and h.max_run_length is None) or (end < 14 and n <= (h.max_run_length or 0)):
            return ()
        shown = self.shown()
        out = []
        wrap_ok = h.wraparound
        if end >= 15 and not wrap_ok:
            out.append(self.problem("RUN_WRAP_AROUND", "run", cards=shown, switch="wraparound"))
        elif end == 14 and not h.ace_high and not wrap_ok:
            out.append(self.problem("ACE_HIGH_NOT_ALLOWED", "run", cards=shown, switch="ace_high"))
        limit = h.max_run_length
        if end >= 14 and start == 1 and not (h.ace_both_ends and "ace_both_ends" in self.v.defaults):
            limit = min(limit or 13, 13)
        if end >= 15:
            limit = min(limit or 13, 13)
        if limit is not None and n > limit:
            out.append(self.problem("RUN_TOO_LONG", "run", max=limit, count=n,
                                    switch="max_run_length"))
        return tuple(out)

    def adjacent_violation(self, positions: tuple[int, ...]) -> tuple[Problem, ...]:
        limit = self.house.max_adjacent_jokers
        if limit is None:
            return ()
        wild_positions = sorted(p for p, w in zip(positions, self.wild) if w)
        longest = run = 0
        previous = None
        for p in wild_positions:
            run = run + 1 if previous is not None and p == previous + 1 else 1
            longest = max(longest, run)
            previous = p
        if longest > limit:
            return (self.problem("JOKERS_ADJACENT", "jokers", max=limit, count=longest,
                                 switch="max_adjacent_jokers"),)
        return ()


_RANKS_AT = tuple(Rank((p - 1) % 13 + 1) for p in range(0, 41))


def _rank_at(position: int) -> Rank:
    """The rank at a run position; 14 is the high ace and 15.. wraps to 2.."""
    return _RANKS_AT[position]


@cache
def _window(start: int, n: int) -> tuple[list[Rank], list[int]]:
    """The ranks of the run positions ``start .. start + n - 1``, and how often each
    rank (by number) occurs there."""
    ranks = [_RANKS_AT[p] for p in range(start, start + n)]
    counts = [0] * 14
    for r in ranks:
        counts[int(r)] += 1
    return ranks, counts


@dataclass(frozen=True, slots=True)
class InitialMeldCheck:
    """The ruling on the melds a player lays in one turn to come out."""

    legal: bool
    points: int | None
    melds: tuple[MeldCheck, ...]
    problems: tuple[Problem, ...]

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The contract's answer to ``check: "initial_meld"``."""
        return {
            "legal": self.legal,
            "points": self.points,
            "melds": [m.to_json(lang) for m in self.melds],
            "problems": [p.to_json(lang) for p in self.problems],
        }


def check_initial_meld(melds: Sequence[Sequence[Card]], rules: Rules, *,
                       whole_hand: bool = False,
                       jokers_as: Sequence[Sequence[Card] | None] | None = None) -> InitialMeldCheck:
    """Check a player's first melds: every meld, the minimum points, the clean run.

    ``whole_hand`` is a hand win (Handglatt, Hand-Rommé, rummy): by default the
    minimum is waived then, but a clean run still counts.

    >>> from scorepad.rules import parse_cards, rules_for
    >>> r = check_initial_meld([parse_cards("5h 6h 7h JK"), parse_cards("Kc Kd Ks")], rules_for("rami_fr"))
    >>> r.legal, r.points, [p.code for p in r.problems]
    (False, 56, ['NO_CLEAN_RUN'])
    """
    declared = list(jokers_as or [])
    checks = tuple(check_meld(m, rules, jokers_as=declared[i] if i < len(declared) else None)
                   for i, m in enumerate(melds))
    h, v = rules.house, rules.variant
    problems: list[Problem] = []
    for index, m in enumerate(checks, 1):
        for p in m.problems:
            problems.append(Problem(p.code, p.rule, p.params | {"index": index}))
    has_points = not v.melds_in_hand
    points = sum(m.points or 0 for m in checks if m.legal) if has_points else None
    if h.initial_clean_run != "off" and "initial_clean_run" in v.defaults:
        strict = h.initial_clean_run == "strict"
        if not any(m.legal and m.kind == "run" and (m.is_clean_run or not strict)
                   for m in checks):
            problems.append(Problem("NO_CLEAN_RUN", v.rule("initial"),
                                    {"switch": "initial_clean_run"}))
    waived = whole_hand and h.hand_win_waives_minimum and "hand_win_waives_minimum" in v.defaults
    minimum = h.initial_min_points if "initial_min_points" in v.defaults else 0
    if points is not None and not waived and points < minimum:
        problems.append(Problem("BELOW_MIN_POINTS", v.rule("initial"),
                                {"points": points, "min": minimum,
                                 "switch": "initial_min_points"}))
    return InitialMeldCheck(not problems, points, checks, tuple(problems))
