"""The least-deadwood arrangement of a Three Thirteen hand (RULES.md §5.4 AMB-T6).

The property tests compare :func:`arrange_hand` with a plain brute force
written here on its own: it tries every way of splitting the hand into blocks
and checks each block with :func:`is_legal_meld`, a direct reading of the
rules that shares nothing with ``arrange.py``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from typing import Any, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.rules.arrange import Arrangement, arrange_hand
from scorepad.rules.cards import JOKER, Card, Rank, Suit, parse_cards
from scorepad.rules.melds import check_meld
from scorepad.rules.table import Rules, rules_for


def tt(round: int, **house: Any) -> Rules:
    return rules_for("three_thirteen", house, round=round, player_count=4)


def points(hand: str, round: int, **house: Any) -> int:
    return arrange_hand(parse_cards(hand), tt(round, **house)).points


def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code() for c in cards]


# -- the independent brute force ------------------------------------------------


def _longest_wild_stretch(occupied: list[bool]) -> int:
    longest = current = 0
    for taken in occupied:
        current = 0 if taken else current + 1
        longest = max(longest, current)
    return longest


def _is_set(naturals: list[Card], size: int, rules: Rules) -> bool:
    house = rules.house
    if len({c.rank for c in naturals}) > 1:
        return False
    # With distinct suits each card, a wild one too, stands for its own suit: four at most.
    if house.set_distinct_suits and (len({c.suit for c in naturals}) != len(naturals) or size > 4):
        return False
    return house.set_max_size is None or size <= house.set_max_size


def _is_run(naturals: list[Card], size: int, rules: Rules) -> bool:
    house = rules.house
    if len({c.suit for c in naturals}) > 1:
        return False
    if size > 13 or (house.max_run_length is not None and size > house.max_run_length):
        return False
    ranks = [int(c.rank) for c in naturals if c.rank is not None]
    windows: list[list[int]] = []  # each window: the rank (1..13) at each place, in order
    if house.wraparound:
        for start in range(13):
            windows.append([(start + t) % 13 + 1 for t in range(size)])
    else:
        for start in range(1, 14 - size + 1):
            windows.append(list(range(start, start + size)))
        if house.ace_high:
            for start in range(2, 15 - size + 1):
                windows.append([1 if p == 14 else p for p in range(start, start + size)])
    for window in windows:
        if sorted(ranks) != sorted(set(ranks)) or not set(ranks) <= set(window):
            continue
        occupied = [rank in ranks for rank in window]
        limit = house.max_adjacent_jokers
        if limit is None or _longest_wild_stretch(occupied) <= limit:
            return True
    return False


def is_legal_meld(cards: Sequence[Card], rules: Rules) -> bool:
    """A plain reading of the 3-13 combination rules and the house switches."""
    house = rules.house
    if len(cards) < 3:
        return False
    wilds = [c for c in cards if rules.is_wild(c)]
    naturals = [c for c in cards if not rules.is_wild(c)]
    if len(naturals) < house.min_naturals:
        return False
    if not naturals and not house.all_wild_meld:
        return False
    if house.max_jokers_per_meld is not None and len(wilds) > house.max_jokers_per_meld:
        return False
    return _is_set(naturals, len(cards), rules) or _is_run(naturals, len(cards), rules)


def brute_force_points(cards: Sequence[Card], rules: Rules) -> int:
    """Least deadwood over every partition of the hand into blocks."""

    @cache
    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        result = rules.hand_value(first) + best(others)
        for size in range(2, len(others) + 1):
            for picked in combinations(range(len(others)), size):
                block = (first,) + tuple(others[i] for i in picked)
                if is_legal_meld(block, rules):
                    remaining = tuple(c for i, c in enumerate(others) if i not in picked)
                    result = min(result, best(remaining))
        return result

    return best(tuple(sorted(cards, key=Card.sort_key)))


def assert_consistent(arrangement: Arrangement, cards: Sequence[Card], rules: Rules) -> None:
    laid = [c for meld in arrangement.melds for c in meld] + list(arrangement.deadwood)
    assert Counter(laid) == Counter(cards)
    for meld in arrangement.melds:
        assert is_legal_meld(meld, rules), codes(meld)
    assert arrangement.points == sum(rules.hand_value(c) for c in arrangement.deadwood)
    assert list(arrangement.deadwood) == sorted(arrangement.deadwood, key=Card.sort_key)


# -- worked cases -----------------------------------------------------------------


def test_set_of_tens_beats_the_run_tt11() -> None:
    a = arrange_hand(parse_cards("9s 10s Js 10h 10d"), tt(3))
    assert a.points == 19
    assert [codes(m) for m in a.melds] == [["10s", "10h", "10d"]]
    assert codes(a.deadwood) == ["9s", "Js"]


def test_lone_king_in_round_eleven_costs_ten_tt10() -> None:
    assert points("Kd Qs 5h Ah Jc", 11) == 36


def test_lone_wild_three_costs_its_face_value_tt09() -> None:
    a = arrange_hand(parse_cards("Ah 2c 3d"), tt(1))
    assert a.points == 6
    assert a.melds == ()


# -- wild cards ---------------------------------------------------------------------


def test_wild_fills_the_gap_of_a_run_at_its_place() -> None:
    a = arrange_hand(parse_cards("Kd 7h 5h 3c"), tt(1))
    assert [codes(m) for m in a.melds] == [["5h", "3c", "7h"]]
    assert a.points == 10


def test_extra_wilds_are_absorbed_by_a_combination() -> None:
    a = arrange_hand(parse_cards("5h 7h 3c 3d 3s"), tt(1))
    assert a.points == 0
    assert len(a.melds) == 1


def test_three_wilds_alone_form_an_all_wild_meld() -> None:
    a = arrange_hand(parse_cards("3h 3c 3d"), tt(1))
    assert a.points == 0
    assert [sorted(codes(m)) for m in a.melds] == [["3c", "3d", "3h"]]


def test_all_wild_meld_switched_off_charges_the_wilds() -> None:
    assert points("3h 3c 3d", 1, all_wild_meld=False) == 9
    assert points("3h 3c 3d Kd", 1, all_wild_meld=False) == 0


def test_all_wild_melds_split_when_jokers_per_meld_are_limited() -> None:
    a = arrange_hand(parse_cards("3h 3c 3d 3s 3h 3c 3d"), tt(1, max_jokers_per_meld=3))
    assert a.points == 3
    assert sorted(len(m) for m in a.melds) == [3, 3]
    a = arrange_hand(parse_cards("3h 3c 3d 3s 3h 3c"), tt(1, max_jokers_per_meld=4))
    assert a.points == 0
    assert sorted(len(m) for m in a.melds) == [3, 3]


def test_min_naturals_one_forbids_all_wild_melds() -> None:
    assert points("3h 3c 3d", 1, min_naturals=1) == 9
    assert points("3h 3c 3d 9s", 1, min_naturals=1) == 0


def test_min_naturals_two_needs_a_pair() -> None:
    assert points("Kd 3h 3c", 1) == 0
    assert points("Kd 3h 3c", 1, min_naturals=2) == 16
    assert points("Kd Ks 3c", 1, min_naturals=2) == 0


def test_one_wild_per_meld_needs_two_naturals() -> None:
    assert points("5h 3c 3d 9s", 1) == 5
    assert points("5h 3c 3d 9s", 1, max_jokers_per_meld=1) == 20
    assert points("5h 5d 3c 3d", 1, max_jokers_per_meld=1) == 3


def test_adjacent_wilds_limit_applies_to_runs_only() -> None:
    assert points("5h 8h 3c 3d", 1) == 0
    # 5h-W-W-8h is out; W-8h-W as a run or 8h-W-W as a set leaves 5h.
    assert points("5h 8h 3c 3d", 1, max_adjacent_jokers=1) == 5
    a = arrange_hand(parse_cards("5h 7h 9h 3c 3d"), tt(1, max_adjacent_jokers=1))
    assert a.points == 0
    assert [[c.code() if c.rank != Rank.THREE else "W" for c in m] for m in a.melds] == [
        ["5h", "W", "7h", "W", "9h"]]


# -- aces, runs and sets -------------------------------------------------------------


def test_queen_king_ace_is_a_run_only_with_aces_high() -> None:
    assert points("Qh Kh Ah", 1) == 21
    a = arrange_hand(parse_cards("Ah Kh Qh"), tt(1, ace_high=True))
    assert a.points == 0
    assert [codes(m) for m in a.melds] == [["Qh", "Kh", "Ah"]]
    assert points("Kh Ah 3c", 1) == 14
    assert points("Kh Ah 3c", 1, ace_high=True) == 0


def test_king_ace_two_needs_wraparound() -> None:
    assert points("Kh Ah 2h", 3) == 13
    assert points("Kh Ah 2h", 3, ace_high=True) == 13
    a = arrange_hand(parse_cards("2h Ah Kh"), tt(3, wraparound=True))
    assert a.points == 0
    assert [codes(m) for m in a.melds] == [["Kh", "Ah", "2h"]]
    assert points("Qh Ah 5c", 3, wraparound=True) == 0


def test_run_length_limit() -> None:
    assert points("4h 5h 6h 7h", 1) == 0
    assert points("4h 5h 6h 7h", 1, max_run_length=3) == 4


def test_set_may_hold_identical_cards() -> None:
    a = arrange_hand(parse_cards("9c 9c 9d"), tt(3))
    assert a.points == 0
    assert [codes(m) for m in a.melds] == [["9d", "9c", "9c"]]
    assert points("9c 9c 9d", 3, set_distinct_suits=True) == 27


def test_set_size_limit() -> None:
    assert points("9c 9c 9d 9s", 3) == 0
    assert points("9c 9c 9d 9s", 3, set_max_size=3) == 9


def test_distinct_suits_cap_a_set_at_four_cards_whatever_set_max_size() -> None:
    # 9s 9h 9d 9c is a set; the wild 5h cannot be a fifth nine when every suit is there once.
    assert points("9s 9h 9d 9c 5h", 3) == 0
    a = arrange_hand(parse_cards("9s 9h 9d 9c 5h"), tt(3, set_distinct_suits=True))
    assert a.points == 5
    assert codes(a.deadwood) == ["5h"]
    assert points("9s 9h 9d 9c 5h", 3, set_distinct_suits=True, set_max_size=8) == 5
    # With printed jokers an all-wild set may not grow past four either.
    rules = tt(1, set_distinct_suits=True, jokers=5, max_run_length=3)
    a = arrange_hand([JOKER] * 5, rules)
    assert [len(m) for m in a.melds] == [4]
    assert a.points == 20


def test_duplicate_cards_can_go_to_two_runs() -> None:
    a = arrange_hand(parse_cards("4h 5h 6h 4h 5h 6h Kd"), tt(1))
    assert a.points == 10
    assert sorted(codes(m) for m in a.melds) == [["4h", "5h", "6h"], ["4h", "5h", "6h"]]


# -- two classes of wild cards --------------------------------------------------------


def test_the_dearer_wild_goes_into_the_meld() -> None:
    rules = tt(1, jokers=2, max_jokers_per_meld=1)
    a = arrange_hand([JOKER, *parse_cards("3c 7h 7d")], rules)
    assert a.points == 3
    assert codes(a.deadwood) == ["3c"]
    assert [codes(m) for m in a.melds] == [["7h", "7d", "JK"]]


def test_a_printed_joker_left_over_costs_joker_in_hand() -> None:
    assert arrange_hand([JOKER, *parse_cards("5h")], tt(1, jokers=1)).points == 25
    assert arrange_hand([JOKER, *parse_cards("5h")], tt(1, jokers=1, joker_in_hand=7)).points == 12
    assert arrange_hand([JOKER, *parse_cards("5h 3d")], tt(1, jokers=1)).points == 0


def test_wild_in_hand_fixed_value() -> None:
    assert points("Ah 2c 3d", 1, wild_in_hand=25) == 28


# -- sizes and variants -----------------------------------------------------------------


def test_empty_hand_has_no_deadwood() -> None:
    assert arrange_hand([], tt(1)) == Arrangement((), (), 0)


def test_other_variants_charge_every_card() -> None:
    rules = rules_for("romme_de")
    a = arrange_hand(parse_cards("5h 6h 7h JK"), rules)
    assert a.melds == ()
    assert codes(a.deadwood) == ["5h", "6h", "7h", "JK"]
    assert a.points == 5 + 6 + 7 + 20


def test_thirteen_card_hand_all_in_runs_and_sets() -> None:
    hand = parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ks")
    a = arrange_hand(hand, tt(11))
    assert a.points == 0
    assert_consistent(a, hand, tt(11))


def test_big_hand_from_two_packs() -> None:
    hand = [Card(rank, suit) for rank in Rank for suit in Suit] * 2
    rules = tt(5)
    a = arrange_hand(hand, rules)
    assert a.points == 0
    assert_consistent(a, hand, rules)


# -- property: the same as the brute force -------------------------------------------------

_SWITCHES = st.fixed_dictionaries({}, optional={
    "min_naturals": st.integers(0, 2),
    "max_jokers_per_meld": st.none() | st.integers(0, 3),
    "max_adjacent_jokers": st.none() | st.integers(0, 2),
    "all_wild_meld": st.booleans(),
    "set_max_size": st.none() | st.integers(3, 5),
    "set_distinct_suits": st.booleans(),
    "ace_high": st.booleans(),
    "wraparound": st.booleans(),
    "max_run_length": st.none() | st.integers(3, 13),
    "ace_in_hand": st.sampled_from([1, 15, 0]),
    "joker_in_hand": st.sampled_from([20, 1, 0]),
    "wild_in_hand": st.sampled_from(["face", 0, 25]),
    "court_values": st.sampled_from([(10, 10, 10), (11, 12, 13)]),
})


@st.composite
def hands(draw: st.DrawFn, max_size: int = 8) -> tuple[list[Card], Rules]:
    house = draw(_SWITCHES)
    jokers = draw(st.integers(0, 2))
    house["jokers"] = jokers
    rules = tt(draw(st.integers(1, 11)), **house)
    # A narrow corner of the pack makes combinations likely.
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
    low = draw(st.integers(1, 13))
    width = draw(st.integers(1, 13))  # one or two ranks: hands full of sets
    ranks = [Rank((low - 1 + t) % 13 + 1) for t in range(width)]
    pack = [Card(r, s) for r in ranks for s in suits] * 2
    pack += [Card(rules.wild_rank, s) for s in Suit] * 2 if rules.wild_rank else []
    pack += [JOKER] * jokers
    picked = draw(st.lists(st.integers(0, len(pack) - 1), max_size=max_size, unique=True))
    return [pack[i] for i in picked], rules


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_least_deadwood_equals_brute_force(case: tuple[list[Card], Rules]) -> None:
    cards, rules = case
    a = arrange_hand(cards, rules)
    assert a.points == brute_force_points(cards, rules)
    assert_consistent(a, cards, rules)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([Card(r, s) for r in Rank for s in Suit]), max_size=8),
       st.integers(1, 11))
def test_default_rules_equal_brute_force_on_any_cards(cards: list[Card], round: int) -> None:
    rules = tt(round)
    a = arrange_hand(cards, rules)
    assert a.points == brute_force_points(cards, rules)
    assert_consistent(a, cards, rules)


# -- property: the arranger and the meld checker agree ------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_every_combination_of_an_arrangement_is_a_legal_meld(case: tuple[list[Card], Rules]) -> None:
    cards, rules = case
    for meld in arrange_hand(cards, rules).melds:
        check = check_meld(meld, rules)
        assert check.legal, (codes(meld), [p.code for p in check.problems])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=7))
def test_a_hand_that_is_one_legal_meld_leaves_no_deadwood(case: tuple[list[Card], Rules]) -> None:
    cards, rules = case
    if len(cards) >= 3 and check_meld(cards, rules).legal:
        assert arrange_hand(cards, rules).points == 0
