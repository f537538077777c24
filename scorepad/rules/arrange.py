"""The best arrangement of a Three Thirteen hand: the least deadwood (RULES.md §5.4 AMB-T6).

A player who did not go out is charged for the cards that fit in no
meld, and the app charges the *minimum* over every way of splitting the
hand into sets and runs (TT-11). :func:`arrange_hand` finds that minimum
exactly.

How: every wild card counts as a wild for all limits, so wild cards are
interchangeable inside melds and only their number matters there; the
ones left over are always the cheapest. The natural cards are a multiset, kept
as one integer with a small counter field per distinct card (identical cards
from two packs are one field, so their order never multiplies the work). A
memoised branch-and-bound search over (naturals left, wilds left) takes the
lowest natural left and either puts it into one of the melds made of it
and higher naturals, with each number of wilds that meld may hold, or
charges it. Wilds left when no natural is form all-wild melds where the house
rules allow them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import pairwise, product
from typing import Sequence

from .cards import Card, Rank
from .table import Rules

__all__ = ["Arrangement", "arrange_hand"]

_RANKS = 13  # positions in a run without an ace after the king


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand split into melds and the deadwood that is charged.

    ``melds`` are in display order: a run ascends with each wild card at the
    place it fills, a set lists its naturals and then its wilds. ``deadwood``
    is sorted with :meth:`Card.sort_key`; ``points`` is what it costs.

    >>> from .cards import parse_cards
    >>> from .table import rules_for
    >>> a = arrange_hand(parse_cards("9s 10s Js 10h 10d"), rules_for("three_thirteen", round=3))
    >>> [" ".join(map(str, m)) for m in a.melds], a.deadwood, a.points
    (['10s 10h 10d'], (Card('9s'), Card('Js')), 19)
    """

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int


def arrange_hand(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """The arrangement of ``cards`` with the least deadwood points under ``rules``.

    Exact for every hand size and every 3-13 house rule (set and run limits,
    joker limits, ace high, wraparound, all-wild melds). A card belongs to at
    most one meld; there are no lay-offs. In another variant nothing is
    combined and every card is deadwood.

    >>> from .cards import parse_cards
    >>> from .table import rules_for
    >>> arrange_hand(parse_cards("Kd Qs 5h Ah Jc"), rules_for("three_thirteen", round=11)).points
    36
    >>> a = arrange_hand(parse_cards("5h Kd 7h 3c"), rules_for("three_thirteen", round=1))
    >>> a.melds, a.deadwood, a.points
    (((Card('5h'), Card('3c'), Card('7h')),), (Card('Kd'),), 10)
    >>> arrange_hand([], rules_for("three_thirteen", round=1))
    Arrangement(melds=(), deadwood=(), points=0)
    """
    if not rules.variant.melds_in_hand:
        deadwood = tuple(sorted(cards, key=Card.sort_key))
        return Arrangement((), deadwood, sum(rules.hand_value(c) for c in deadwood))
    return _Arranger(cards, rules).solve()


# A run lies on a "line": a straight stretch of positions holding its naturals,
# with room on either side for wilds that extend it.
@dataclass(frozen=True, slots=True)
class _Line:
    positions: tuple[int, ...]  # line coordinates of the naturals, ascending
    ranks: tuple[int, ...]  # the rank at each of those positions
    cap_left: int  # most wilds that may extend the run below its lowest natural
    cap_right: int  # … and above its highest
    shortest: int  # the lengths a run on this line may have
    longest: int


_State = int  # the naturals left: one counter field per distinct natural card
_Option = tuple[int, tuple[int, ...]]  # a meld's naturals, and its possible wild counts


class _Arranger:
    """One search: the hand, the house limits, the candidate melds and the memo."""

    def __init__(self, cards: Sequence[Card], rules: Rules) -> None:
        self.rules = rules
        house = rules.house
        self.min_naturals = house.min_naturals
        self.max_adjacent = house.max_adjacent_jokers
        self.set_max = rules.set_limit
        self.run_max = min(_RANKS, house.max_run_length or _RANKS)

        wilds = [c for c in cards if rules.is_wild(c)]
        # Melds take the dearest wilds, so the cheapest are the ones left over.
        wilds.sort(key=lambda c: (-rules.hand_value(c), c.sort_key()))
        self.wilds = wilds
        self.n_wilds = len(wilds)
        self.max_wilds = self.n_wilds if house.max_jokers_per_meld is None else min(
            self.n_wilds, house.max_jokers_per_meld)
        self.all_wild_cap = self._all_wild_cap()
        cheapest = [rules.hand_value(c) for c in reversed(wilds)]
        self.leftover = [sum(cheapest[: left - self._all_wild_use(left)])
                         for left in range(self.n_wilds + 1)]

        counts = Counter(c for c in cards if not rules.is_wild(c))
        self.distinct: list[Card] = sorted(counts, key=Card.sort_key)
        self.counts = [counts[c] for c in self.distinct]
        self.values = [rules.hand_value(c) for c in self.distinct]
        self.count_bits = max(self.counts, default=1).bit_length()
        self.field = self.count_bits + 1  # a guard bit above each counter catches borrows
        self.unit = [1 << (k * self.field) for k in range(len(self.distinct))]
        self.guard = sum(u << self.count_bits for u in self.unit)
        self.candidates = self._candidates()
        # A natural that fits in no meld is deadwood in every arrangement.
        in_some = 0
        for options in self.candidates:
            for vector, _ in options:
                in_some |= vector
        self.lonely: list[Card] = []
        self.start: _State = 0
        for k, card in enumerate(self.distinct):
            if in_some >> (k * self.field) & ((1 << self.count_bits) - 1):
                self.start += self.counts[k] * self.unit[k]
            else:
                self.lonely.extend([card] * self.counts[k])
        self.exact: dict[int, int] = {}
        self.lower: dict[int, int] = {}

    # -- all-wild melds ---------------------------------------------------------

    def _all_wild_cap(self) -> int:
        """Most wilds one all-wild meld may hold (0: no all-wild melds)."""
        house = self.rules.house
        if not house.all_wild_meld or house.min_naturals > 0:
            return 0
        run_cap = self.run_max if self.max_adjacent is None else min(self.run_max,
                                                                     self.max_adjacent)
        set_cap = self.n_wilds if self.set_max is None else self.set_max
        cap = max(set_cap, run_cap if run_cap >= 3 else 0)
        if house.max_jokers_per_meld is not None:
            cap = min(cap, house.max_jokers_per_meld)
        return cap if cap >= 3 else 0

    def _all_wild_use(self, left: int) -> int:
        """How many of ``left`` wilds all-wild melds of 3 to the cap can take, at most."""
        cap = self.all_wild_cap
        if cap:
            for used in range(left, 2, -1):
                if 3 * -(-used // cap) <= used:
                    return used
        return 0

    # -- candidate melds -----------------------------------------------

    def _set_wilds(self, naturals: int) -> range:
        """Numbers of wilds a set of ``naturals`` natural cards may hold."""
        if naturals < self.min_naturals:
            return range(0)
        high = self.max_wilds
        if self.set_max is not None:
            high = min(high, self.set_max - naturals)
        return range(max(0, 3 - naturals), high + 1)

    def _lines(self, ranks: Sequence[int]) -> list[_Line]:
        """The lines the distinct ``ranks`` (ascending) of one suit may lie on as a run."""
        limit = self.max_adjacent
        stretches: list[tuple[tuple[int, ...], tuple[int, ...], int, int, int]] = []
        if self.rules.house.wraparound:
            # One line per gap left outside the run; the widest outside gap first.
            for base in ranks:
                order = tuple(sorted(ranks, key=lambda r: (r - base) % _RANKS))
                offsets = tuple((r - base) % _RANKS for r in order)
                outside = _RANKS - 1 - offsets[-1]
                stretches.append((offsets, order, outside, outside, outside))
            stretches.sort(key=lambda s: -s[4])
        else:
            stretches.append((tuple(ranks), tuple(ranks), ranks[0] - 1, _RANKS - ranks[-1],
                              _RANKS))
            if self.rules.house.ace_high:
                high = sorted(14 if r == Rank.ACE else r for r in ranks)
                stretches.append((tuple(high), tuple(1 if p == 14 else p for p in high),
                                  high[0] - 2, 14 - high[-1], _RANKS))
        lines = []
        for positions, order, room_left, room_right, room in stretches:
            if limit is not None:
                if any(b - a - 1 > limit for a, b in pairwise(positions)):
                    continue
                room_left, room_right = min(room_left, limit), min(room_right, limit)
            span = positions[-1] - positions[0] + 1
            shortest = max(3, span)
            longest = min(self.run_max, span + min(room, room_left + room_right))
            if shortest <= longest:
                lines.append(_Line(positions, order, room_left, room_right, shortest, longest))
        return lines

    def _run_wilds(self, ranks: Sequence[int]) -> set[int]:
        """Numbers of wilds a run of the natural ``ranks`` (one suit, ascending) may hold."""
        n = len(ranks)
        if n < self.min_naturals:
            return set()
        out: set[int] = set()
        for line in self._lines(ranks):
            out.update(range(line.shortest - n, min(line.longest - n, self.max_wilds) + 1))
        return out

    def _run_rank_sets(self, ranks: list[int]) -> set[tuple[int, ...]]:
        """Subsets of one suit's distinct ``ranks`` whose inner gaps the hand's wilds could fill."""
        found: set[tuple[int, ...]] = set()
        budget, limit, run_max = self.max_wilds, self.max_adjacent, self.run_max

        # Along a stretch the gaps only add up, so a subset is dropped as soon as its
        # inner gaps need more wilds than a meld may hold.
        def grow(stretch: list[tuple[int, int]], k: int, first: int, last: int,
                 chosen: list[int], gaps: int) -> None:
            found.add(tuple(sorted(chosen)))
            for m in range(k + 1, len(stretch)):
                pos, rank = stretch[m]
                gap = pos - last - 1
                if gaps + gap > budget or pos - first + 1 > run_max:
                    break
                if limit is not None and gap > limit:
                    break
                chosen.append(rank)
                grow(stretch, m, first, pos, chosen, gaps + gap)
                chosen.pop()

        if self.rules.house.wraparound:
            for base in ranks:
                grow(sorted(((r - base) % _RANKS, r) for r in ranks), 0, 0, 0, [base], 0)
        else:
            stretches = [[(r, r) for r in ranks]]
            if self.rules.house.ace_high and Rank.ACE in ranks:
                stretches.append(sorted((14 if r == Rank.ACE else r, r) for r in ranks))
            for stretch in stretches:
                for k, (pos, rank) in enumerate(stretch):
                    grow(stretch, k, pos, pos, [rank], 0)
        return found

    def _candidates(self) -> list[list[_Option]]:
        """For each distinct natural: the melds whose lowest card it is."""
        wilds_for: dict[int, set[int]] = {}
        by_rank: dict[int, list[int]] = {}
        by_suit: dict[object, list[int]] = {}
        for k, card in enumerate(self.distinct):
            by_rank.setdefault(int(card.rank or 0), []).append(k)
            by_suit.setdefault(card.suit, []).append(k)
        distinct_suits = self.rules.house.set_distinct_suits
        for fields in by_rank.values():
            choices = [range(min(self.counts[k], 1 if distinct_suits else self.counts[k]) + 1)
                       for k in fields]
            for take in product(*choices):
                numbers = self._set_wilds(sum(take))
                if sum(take) and numbers:
                    vector = sum(t * self.unit[k] for t, k in zip(take, fields))
                    wilds_for.setdefault(vector, set()).update(numbers)
        for fields in by_suit.values():
            field_of = {int(self.distinct[k].rank or 0): k for k in fields}
            for ranks in self._run_rank_sets(sorted(field_of)):
                numbers_run = self._run_wilds(ranks)
                if numbers_run:
                    vector = sum(self.unit[field_of[r]] for r in ranks)
                    wilds_for.setdefault(vector, set()).update(numbers_run)
        out: list[list[_Option]] = [[] for _ in self.distinct]
        for vector, numbers_all in wilds_for.items():
            lowest = ((vector & -vector).bit_length() - 1) // self.field
            out[lowest].append((vector, tuple(sorted(numbers_all))))
        for options in out:
            # Big melds first: they find low totals early, which bound the rest.
            options.sort(key=lambda option: -self._size(option[0]))
        return out

    def _size(self, vector: int) -> int:
        """How many naturals ``vector`` holds."""
        mask = (1 << self.count_bits) - 1
        return sum((vector >> (k * self.field)) & mask for k in range(len(self.distinct)))

    # -- the search -------------------------------------------------------------

    def best(self, state: _State, left: int, bound: int) -> int:
        """Least deadwood for the naturals in ``state`` and ``left`` wilds, if below ``bound``.

        At or above ``bound`` the answer is only a lower bound (never above the
        least deadwood, never below ``bound``), which is all a caller with a
        better total in hand needs.
        """
        if state == 0:
            return self.leftover[left]
        key = state * (self.n_wilds + 1) + left
        known = self.exact.get(key)
        if known is not None:
            return known
        floor = self.lower.get(key, 0)
        if floor >= bound:
            return floor
        k = ((state & -state).bit_length() - 1) // self.field
        # ``bound_now`` falls to each better total found; every cost returned at or
        # above it is a lower bound, so the least of all costs is one for this state.
        bound_now, lowest, found = bound, -1, False
        guard = self.guard
        for vector, numbers in self.candidates[k]:
            rest = (state | guard) - vector
            if rest & guard != guard:
                continue  # the hand has too few of some card
            rest ^= guard
            for number in numbers:
                if number > left:
                    break
                cost = self.best(rest, left - number, bound_now)
                if lowest < 0 or cost < lowest:
                    lowest = cost
                if cost < bound_now:
                    bound_now, found = cost, True
            if bound_now <= floor:
                break
        if bound_now > floor:
            value = self.values[k]
            cost = value  # alone, charging this card may already cost too much
            if value < bound_now:
                cost += self.best(state - self.unit[k], left, bound_now - value)
            if lowest < 0 or cost < lowest:
                lowest = cost
            if cost < bound_now:
                bound_now, found = cost, True
        if found:
            self.exact[key] = bound_now
            return bound_now
        self.lower[key] = lowest
        return lowest

    def solve(self) -> Arrangement:
        """Run the search and lay out the arrangement it found."""
        state, left = self.start, self.n_wilds
        infinity = sum(self.values[k] * self.counts[k] for k in range(len(self.distinct)))
        infinity += sum(self.leftover) + 1
        points = self.best(state, left, infinity)
        chosen: list[tuple[int, int]] = []
        deadwood = list(self.lonely)
        while state:
            target = self.best(state, left, infinity)
            step = self._step(state, left, target)
            if step is None:
                k = ((state & -state).bit_length() - 1) // self.field
                deadwood.append(self.distinct[k])
                state -= self.unit[k]
            else:
                vector, number = step
                chosen.append(step)
                state -= vector
                left -= number
        pool = list(self.wilds)
        melds = [self._lay_out(vector, [pool.pop(0) for _ in range(number)])
                 for vector, number in chosen]
        all_wild = self._all_wild_use(left)
        if all_wild:
            groups = -(-all_wild // self.all_wild_cap)
            for g in range(groups):
                size = all_wild // groups + (1 if g < all_wild % groups else 0)
                melds.append(tuple(pool.pop(0) for _ in range(size)))
        deadwood.extend(pool)
        deadwood.sort(key=Card.sort_key)
        points += sum(self.rules.hand_value(c) for c in self.lonely)
        assert points == sum(self.rules.hand_value(c) for c in deadwood)
        return Arrangement(tuple(melds), tuple(deadwood), points)

    def _step(self, state: _State, left: int, target: int) -> tuple[int, int] | None:
        """A meld of the lowest natural that keeps ``target``; None: charge that card."""
        k = ((state & -state).bit_length() - 1) // self.field
        guard = self.guard
        for vector, numbers in self.candidates[k]:
            rest = (state | guard) - vector
            if rest & guard != guard:
                continue
            for number in numbers:
                if number <= left and self.best(rest ^ guard, left - number, target + 1) == target:
                    return vector, number
        return None

    def _lay_out(self, vector: int, wilds: list[Card]) -> tuple[Card, ...]:
        """The cards of one meld in display order."""
        mask = (1 << self.count_bits) - 1
        naturals: list[Card] = []
        for k, card in enumerate(self.distinct):
            naturals.extend([card] * ((vector >> (k * self.field)) & mask))
        if (len({c.rank for c in naturals}) == 1 and len(wilds) in self._set_wilds(len(naturals))
                and (not self.rules.house.set_distinct_suits
                     or len({c.suit for c in naturals}) == len(naturals))):
            return tuple(naturals) + tuple(wilds)
        by_rank = {int(c.rank or 0): c for c in naturals}
        length = len(naturals) + len(wilds)
        for line in self._lines(sorted(by_rank)):
            if not line.shortest <= length <= line.longest:
                continue
            extra = length - (line.positions[-1] - line.positions[0] + 1)
            below = extra - min(extra, line.cap_right)  # extend upwards where there is room
            at = dict(zip(line.positions, line.ranks))
            spare = iter(wilds)
            first = line.positions[0] - below
            return tuple(by_rank[at[p]] if p in at else next(spare)
                         for p in range(first, first + length))
        raise AssertionError("a chosen meld has no layout")  # pragma: no cover
