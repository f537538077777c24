"""Meld checks: every meld and initial-meld problem code, joker readings, values per variant."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules import (
    JOKER,
    Card,
    MeldCheck,
    Problem,
    Rank,
    Suit,
    check_initial_meld,
    check_meld,
    format_cards,
    parse_cards,
    rules_for,
)


def meld(variant: str, text: str, house: dict[str, Any] | None = None, *, round: int | None = None,
         jokers_as: str | None = None) -> MeldCheck:
    rules = rules_for(variant, house, round=round)
    declared = parse_cards(jokers_as) if jokers_as is not None else None
    return check_meld(parse_cards(text), rules, jokers_as=declared)


def codes(problems: tuple[Problem, ...]) -> list[str]:
    return [p.code for p in problems]


def the_problem(problems: tuple[Problem, ...], code: str) -> Problem:
    found = [p for p in problems if p.code == code]
    assert found, f"{code} not among {codes(problems)}"
    return found[0]


def assert_explained(problem: Problem, variant: str) -> None:
    """A player reads the problem in English and German, and which variant's rule decides it."""
    en, de = problem.message("en"), problem.message("de")
    assert en and de
    assert en != de
    # an unfilled parameter shows as "?" or a stray brace
    assert "?" not in en and "?" not in de
    assert "{" not in en and "{" not in de
    assert variant in problem.rule


def codes_of(check: MeldCheck) -> list[str]:
    return codes(check.problems)


# -- every meld problem code ---------------------------------------------------

MELD_PROBLEMS = [
    # (code, variant, cards, house rules, round, jokers_as)
    ("TOO_FEW_CARDS", "jolly_at", "Qh Qs", None, None, None),
    ("TOO_FEW_NATURALS", "jolly_at", "Qh JK JK", None, None, None),
    ("TOO_FEW_NATURALS", "romme_de", "3s JK JK", None, None, None),
    ("TOO_MANY_JOKERS", "rami_fr", "5h 6h JK 8h JK", {"max_jokers_per_meld": 1}, None, None),
    ("SET_DUPLICATE_SUIT", "jolly_at", "7s 7h 7h", None, None, None),
    ("SET_TOO_LARGE", "jolly_at", "7s 7h 7d 7c JK", None, None, None),
    ("MIXED_RANKS_AND_SUITS", "romme_de", "7s 8h 9d", None, None, None),
    ("JOKERS_ADJACENT", "romme_de", "3h JK JK JK 7h", None, None, None),
    ("RUN_WRAP_AROUND", "jolly_at", "Kh Ah 2h", None, None, None),
    ("RUN_WRAP_AROUND", "three_thirteen", "Kh Ah 2h", None, 1, None),
    ("ACE_HIGH_NOT_ALLOWED", "three_thirteen", "Qh Kh Ah", None, 1, None),
    ("RUN_TOO_LONG", "jolly_vorrat", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", None, None, None),
    ("NOT_CONSECUTIVE", "jolly_at", "5h 7h 8h", None, None, None),
    ("ALL_WILD_NOT_ALLOWED", "three_thirteen", "7s 7h 7c", {"all_wild_meld": False}, 5, None),
    ("DECLARATION_IMPOSSIBLE", "jolly_at", "Qh Kh JK", None, None, "5h"),
    ("JOKER_READING_AMBIGUOUS", "jolly_at", "Kh JK Qh", {"joker_declaration": "required"}, None, None),
]


@pytest.mark.parametrize(("code", "variant", "cards", "house", "round", "jokers_as"), MELD_PROBLEMS,
                         ids=[f"{c[0]}-{c[1]}" for c in MELD_PROBLEMS])
def test_every_meld_problem_is_reported_and_explained(code: str, variant: str, cards: str,
                                                      house: dict[str, Any] | None, round: int | None,
                                                      jokers_as: str | None) -> None:
    check = meld(variant, cards, house, round=round, jokers_as=jokers_as)
    assert not check.legal
    assert check.points is None
    assert code in codes_of(check)
    assert_explained(the_problem(check.problems, code), variant)


def test_too_few_cards_counts_the_cards() -> None:
    p = the_problem(meld("jolly_at", "Qh Qs").problems, "TOO_FEW_CARDS")
    assert "2" in p.message("en") and "2" in p.message("de")


def test_a_set_of_five_in_two_decks_reports_every_problem() -> None:
    assert codes_of(meld("jolly_at", "7s 7h 7d 7c 7h")) == ["SET_DUPLICATE_SUIT", "SET_TOO_LARGE"]


@pytest.mark.parametrize(("variant", "house", "round", "cards"), [
    ("jolly_at", {"set_max_size": None}, None, "7s 7h 7d 7c JK"),
    ("jolly_at", {"set_max_size": 6}, None, "7s 7h JK 7d 7c JK"),
    ("rami_fr", {"set_max_size": None}, None, "Ks Kh Kd Kc JK"),
    ("three_thirteen", {"set_distinct_suits": True}, 3, "9s 9h 9d 9c 5h"),
    ("three_thirteen", {"set_distinct_suits": True, "set_max_size": 8}, 9, "9s 9h Jc 9d Jd"),
])
def test_with_distinct_suits_a_set_holds_at_most_four_cards_whatever_set_max_size(
        variant: str, house: dict[str, Any], round: int | None, cards: str) -> None:
    # A joker in a set stands for a missing suit, and there are only four.
    check = meld(variant, cards, house | {"jokers": 6}, round=round)
    assert not check.legal
    assert codes_of(check) == ["SET_TOO_LARGE"]
    problem = check.problems[0]
    assert problem.params["max"] == 4 and problem.params["switch"] == "set_distinct_suits"
    assert "4" in problem.message("en") and "4" in problem.message("de")


def test_set_max_size_below_four_still_names_its_own_switch() -> None:
    problem = meld("jolly_at", "7s 7h 7d 7c", {"set_max_size": 3}).problems[0]
    assert (problem.code, problem.params["max"], problem.params["switch"]) == (
        "SET_TOO_LARGE", 3, "set_max_size")


def test_a_four_with_a_joker_and_no_size_limit_is_legal_with_four_suits() -> None:
    check = meld("jolly_at", "7s 7h JK 7c", {"set_max_size": None})
    assert check.legal
    assert {c.suit for c in check.reading} == set(Suit)


def test_three_thirteen_sets_without_distinct_suits_have_no_size_limit() -> None:
    assert meld("three_thirteen", "9s 9h 9d 9c 5h", round=3).legal


def test_not_consecutive_includes_repeated_ranks() -> None:
    assert codes_of(meld("jolly_at", "5h 5h 6h")) == ["NOT_CONSECUTIVE"]


def test_a_clean_meld_has_no_problems() -> None:
    check = meld("jolly_at", "5h 6h 7h")
    assert check.legal and check.problems == ()


# -- initial-meld codes -------------------------------------------------------

def test_no_clean_run_when_the_only_run_holds_a_joker() -> None:
    check = check_initial_meld([parse_cards("5h 6h 7h JK"), parse_cards("Kc Kd Ks")], rules_for("rami_fr"))
    assert not check.legal
    assert check.points == 56
    assert codes(check.problems) == ["NO_CLEAN_RUN"]
    assert_explained(check.problems[0], "rami_fr")


def test_below_min_points_names_points_and_minimum() -> None:
    check = check_initial_meld([parse_cards("2h 3h 4h")], rules_for("romme_de"))
    assert not check.legal
    assert check.points == 9
    p = the_problem(check.problems, "BELOW_MIN_POINTS")
    assert_explained(p, "romme_de")
    assert "9" in p.message("en") and "40" in p.message("de")


def test_initial_meld_reports_the_problems_of_each_meld_with_its_number() -> None:
    check = check_initial_meld([parse_cards("Qh Kh Ah"), parse_cards("Qh Qs")], rules_for("jolly_at"))
    assert not check.legal
    assert "TOO_FEW_CARDS" in codes(check.problems)
    assert check.points == 31  # only legal melds count
    assert check.problems[0].params["index"] == 2


def test_initial_meld_reaching_the_minimum_is_legal() -> None:
    check = check_initial_meld([parse_cards("Qh Kh Ah")], rules_for("jolly_at"))
    assert check.legal and check.points == 31


def test_jolly_vorrat_has_no_minimum() -> None:
    check = check_initial_meld([parse_cards("2s 3s 4s")], rules_for("jolly_vorrat"))
    assert check.legal and check.points == 15


def test_a_hand_win_waives_the_minimum_but_not_the_clean_run() -> None:
    rules = rules_for("rami_fr")
    clean = [parse_cards("Ac 2c 3c"), parse_cards("4d 4s 4h")]
    assert check_initial_meld(clean, rules, whole_hand=True).legal
    assert codes(check_initial_meld(clean, rules).problems) == ["BELOW_MIN_POINTS"]
    dirty = [parse_cards("Ac 2c JK"), parse_cards("4d 4s 4h")]
    assert codes(check_initial_meld(dirty, rules, whole_hand=True).problems) == ["NO_CLEAN_RUN"]


# -- joker readings (RULES.md §1) ---------------------------------------------

@pytest.mark.parametrize(("cards", "reading", "points"), [
    ("6h 7h JK", "6h 7h 8h", 21),
    ("JK 6h 7h", "5h 6h 7h", 18),
    ("JK Qh Kh", "Jh Qh Kh", 30),
    ("Qh Kh JK", "Qh Kh Ah", 31),
    ("Kh Qh JK", "Kh Qh Jh", 30),
    ("JK 2h 3h", "Ah 2h 3h", 6),
    ("3h JK JK 6h", "3h 4h 5h 6h", 18),
    ("7h JK 9h", "7h 8h 9h", 24),
])
def test_a_joker_in_a_run_in_table_order_stands_for_the_card_at_its_place(cards: str, reading: str,
                                                                           points: int) -> None:
    check = meld("jolly_at", cards)
    assert check.legal and check.kind == "run"
    assert list(check.reading) == parse_cards(reading)
    assert check.points == points


def test_unsorted_run_uses_the_highest_value_reading() -> None:
    check = meld("jolly_at", "Kh JK Qh")  # J (10) or high ace (11): the ace is worth more
    assert check.legal
    assert set(check.reading) == set(parse_cards("Qh Kh Ah"))
    assert check.points == 31
    low = meld("jolly_at", "7h JK 6h")  # 5 or 8: the 8
    assert set(low.reading) == set(parse_cards("6h 7h 8h"))
    assert low.points == 21


def test_every_legal_reading_is_listed_with_the_chosen_one_first() -> None:
    check = meld("jolly_at", "Kh JK Qh")
    assert check.readings[0] == check.reading
    assert len(check.readings) == 2


def test_jokers_as_overrides_the_table_order() -> None:
    check = meld("jolly_at", "Qh Kh JK", jokers_as="Jh")
    assert check.legal
    assert check.reading[2] == Card(Rank.JACK, Suit.HEARTS)
    assert check.points == 30


def test_jokers_as_overrides_the_highest_value_reading() -> None:
    check = meld("jolly_at", "Kh JK Qh", jokers_as="Jh")
    assert check.legal and check.points == 30


def test_a_joker_in_a_set_stands_for_a_missing_suit() -> None:
    check = meld("jolly_at", "As Ah Ad JK")
    assert check.kind == "set"
    assert check.reading[3] == Card(Rank.ACE, Suit.CLUBS)
    assert check.points == 100


@pytest.mark.parametrize("declared", ["Ad", "Ac"])
def test_a_joker_in_a_three_card_set_may_be_declared_as_either_missing_suit(declared: str) -> None:
    check = meld("jolly_at", "As Ah JK", jokers_as=declared)
    assert check.legal, codes_of(check)
    assert check.reading[2] == parse_cards(declared)[0]
    assert check.points == 75


def test_two_jokers_in_a_set_may_be_declared_in_any_order_of_the_missing_suits() -> None:
    for declared in ("Ac Ad", "Ad Ac"):
        check = meld("jolly_at", "As Ah JK JK", jokers_as=declared)
        assert check.legal, (declared, codes_of(check))
        assert list(check.reading[2:]) == parse_cards(declared)


@pytest.mark.parametrize("declared", ["As", "Kc", "JK"])
def test_a_set_joker_cannot_be_declared_as_a_present_suit_or_another_rank(declared: str) -> None:
    check = meld("jolly_at", "As Ah JK", jokers_as=declared)
    assert codes_of(check) == ["DECLARATION_IMPOSSIBLE"]


def test_a_declaration_must_name_every_joker() -> None:
    assert "DECLARATION_IMPOSSIBLE" in codes_of(meld("jolly_at", "7h 8h JK JK", jokers_as="9h"))


def test_required_declaration_is_only_asked_for_unsorted_runs() -> None:
    house = {"joker_declaration": "required"}
    assert meld("jolly_at", "Qh Kh JK", house).legal
    assert codes_of(meld("jolly_at", "Kh JK Qh", house)) == ["JOKER_READING_AMBIGUOUS"]
    assert meld("jolly_at", "Kh JK Qh", house, jokers_as="Ah").points == 31


def test_ambiguity_message_lists_the_readings() -> None:
    p = meld("jolly_at", "Kh JK Qh", {"joker_declaration": "required"}).problems[0]
    assert "J♥" in p.message("en") and "A♥" in p.message("de")


def test_three_thirteen_wild_card_acts_as_a_joker() -> None:
    check = meld("three_thirteen", "5h 6h 3s", round=1)
    assert check.legal and check.kind == "run"
    assert list(check.reading) == parse_cards("5h 6h 7h")
    assert check.points is None


def test_three_thirteen_wild_card_may_stand_for_itself() -> None:
    check = meld("three_thirteen", "2h 3h 4h", round=1)
    assert check.legal
    assert list(check.reading) == parse_cards("2h 3h 4h")


def test_three_thirteen_wild_card_in_a_set_takes_the_set_rank() -> None:
    check = meld("three_thirteen", "9c 9c Jh", round=9)
    assert check.legal and check.kind == "set"
    assert all(c.rank == Rank.NINE for c in check.reading)


def test_three_thirteen_wild_declared_in_a_set_may_duplicate_a_suit() -> None:
    # identical cards are allowed in a 3-13 set, so a wild may stand for one too
    check = meld("three_thirteen", "5s 5h 3c", round=1, jokers_as="5s")
    assert check.legal, codes_of(check)


def test_three_thirteen_identical_cards_and_large_sets() -> None:
    assert meld("three_thirteen", "9c 9c 9d", round=3).legal
    assert meld("three_thirteen", "9c 9c 9d 9h Jh", round=9).legal


def test_three_thirteen_all_wild_meld_is_allowed_by_default() -> None:
    assert meld("three_thirteen", "7s 7h 7c", round=5).legal
    assert meld("three_thirteen", "JK JK JK", round=1).legal


# -- values per variant -------------------------------------------------------

@pytest.mark.parametrize(("variant", "cards", "points"), [
    ("jolly_at", "Qh Kh Ah", 31),
    ("jolly_at", "Ah 2h 3h", 6),
    ("jolly_at", "As Ah Ad", 75),
    ("jolly_at", "As Ah Ad JK", 100),
    ("jolly_at", "4s JK JK 7s", 22),
    ("jolly_at", "10c Jc Qc Kc", 40),
    ("jolly_at", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", 96),
    ("jolly_vorrat", "As 2s 3s", 15),
    ("jolly_vorrat", "Qs Ks As", 30),
    ("jolly_vorrat", "As Ah JK", 75),
    ("jolly_vorrat", "8h 9h 10h Jh", 30),
    ("jolly_vorrat", "JK 2h 3h", 15),
    ("romme_de", "As Ah Ad", 33),
    ("romme_de", "Ah 2h 3h", 6),
    ("romme_de", "Qh Kh Ah", 31),
    ("romme_de", "3s JK JK 6s", 18),
    ("romme_de", "8d 9d 10d", 27),
    ("rami_fr", "Kc Kd Ks", 30),
    ("rami_fr", "Ac 2c 3c", 6),
    ("rami_fr", "Ac Ad JK", 33),
])
def test_meld_values_per_variant(variant: str, cards: str, points: int) -> None:
    check = meld(variant, cards)
    assert check.legal, codes_of(check)
    assert check.points == points


def test_three_thirteen_melds_have_no_value() -> None:
    assert meld("three_thirteen", "5h 6h 7h", round=1).points is None


# -- property: legal melds and their value from an independent table ----------

def table_value(variant: str, rank: Rank, *, in_set: bool, position: int) -> int:
    """RULES.md §2 value tables, written out independently of the engine."""
    if rank == Rank.ACE:
        if in_set:
            return {"jolly_at": 25, "jolly_vorrat": 25, "romme_de": 11, "rami_fr": 11}[variant]
        high = position == 14
        return {"jolly_at": (1, 11), "jolly_vorrat": (5, 10),
                "romme_de": (1, 11), "rami_fr": (1, 11)}[variant][high]
    if variant == "jolly_vorrat":
        return 5 if rank <= Rank.NINE else 10
    return min(int(rank), 10)


VALUED = ["jolly_at", "jolly_vorrat", "romme_de", "rami_fr"]
MAX_RUN = {"jolly_at": 14, "jolly_vorrat": 13, "romme_de": 14, "rami_fr": 14}
MAX_ADJACENT = {"jolly_at": None, "jolly_vorrat": None, "romme_de": 2, "rami_fr": 2}


def rank_at(position: int) -> Rank:
    return Rank(position if position <= 13 else 1)


@st.composite
def legal_runs(draw: st.DrawFn) -> tuple[str, list[Card], list[int], list[bool]]:
    variant = draw(st.sampled_from(VALUED))
    suit = draw(st.sampled_from(list(Suit)))
    length = draw(st.integers(3, MAX_RUN[variant]))
    start = draw(st.integers(1, 15 - length))
    positions = list(range(start, start + length))
    # at most length - 2 jokers (2 naturals), keeping two naturals of different ranks
    jokers = draw(st.sets(st.integers(0, length - 1), max_size=length - 2))
    naturals = [i for i in range(length) if i not in jokers]
    if len({rank_at(positions[i]) for i in naturals}) < 2:
        jokers.discard(next(i for i in range(length) if rank_at(positions[i]) != rank_at(positions[naturals[0]])))
    limit = MAX_ADJACENT[variant]
    if limit is not None:
        streak = 0
        for i in range(length):
            streak = streak + 1 if i in jokers else 0
            if streak > limit:
                jokers.discard(i)
                streak = 0
    descending = draw(st.booleans())
    cards = [JOKER if i in jokers else Card(rank_at(p), suit) for i, p in enumerate(positions)]
    wild = [i in jokers for i in range(length)]
    if descending:
        cards, positions, wild = cards[::-1], positions[::-1], wild[::-1]
    return variant, cards, positions, wild


@settings(deadline=None)
@given(legal_runs())
def test_a_legal_run_is_worth_the_sum_of_its_cards_at_their_places(
        run: tuple[str, list[Card], list[int], list[bool]]) -> None:
    variant, cards, positions, _ = run
    rules = rules_for(variant)
    check = check_meld(cards, rules)
    assert check.legal, (variant, cards, codes_of(check))
    assert check.kind == "run"
    suit = next(c.suit for c in cards if not c.is_joker)
    assert list(check.reading) == [Card(rank_at(p), suit) for p in positions]
    expected = sum(table_value(variant, rank_at(p), in_set=False, position=p) for p in positions)
    assert check.points == expected
    assert check.points == sum(rules.meld_value(c, in_set=False, position=p)
                               for c, p in zip(check.reading, positions))


@settings(deadline=None)
@given(st.sampled_from(VALUED), st.sampled_from(list(Rank)), st.data())
def test_a_legal_set_is_worth_its_rank_times_its_size(variant: str, rank: Rank, data: st.DataObject) -> None:
    suits = data.draw(st.permutations(list(Suit)))[:data.draw(st.integers(3, 4))]
    jokers = data.draw(st.sets(st.integers(0, len(suits) - 1), max_size=len(suits) - 2))
    cards = [JOKER if i in jokers else Card(rank, s) for i, s in enumerate(suits)]
    rules = rules_for(variant)
    check = check_meld(cards, rules)
    assert check.legal, (variant, cards, codes_of(check))
    assert check.kind == "set"
    assert all(c.rank == rank for c in check.reading)
    assert len({c.suit for c in check.reading}) == len(cards)
    assert check.points == len(cards) * table_value(variant, rank, in_set=True, position=0)
    assert check.points == sum(rules.meld_value(c, in_set=True) for c in check.reading)


@settings(deadline=None)
@given(st.sampled_from(VALUED + ["three_thirteen"]),
       st.sampled_from([r for r in Rank if r != Rank.FOUR]),
       st.lists(st.sampled_from(list(Suit)), min_size=2, max_size=8), st.integers(0, 4),
       st.sampled_from([None, 3, 4, 5, 8]))
def test_a_set_with_distinct_suits_is_legal_exactly_up_to_four_cards(
        variant: str, rank: Rank, suits: list[Suit], jokers: int, set_max_size: int | None) -> None:
    # Two naturals of one rank can only be a set; in 3-13 round 2 only the fours are wild.
    house: dict[str, Any] = {"set_distinct_suits": True, "set_max_size": set_max_size,
                             "min_naturals": 0, "jokers": 6}
    round = 2 if variant == "three_thirteen" else None
    cards = [Card(rank, s) for s in suits] + [JOKER] * jokers
    check = meld(variant, format_cards(cards), house, round=round)
    legal = len(set(suits)) == len(suits) and 3 <= len(cards) <= min(4, set_max_size or 4)
    assert check.legal == legal, (cards, codes_of(check))
    if legal:
        assert check.kind == "set"
        assert len({c.suit for c in check.reading}) == len(cards)


@settings(deadline=None)
@given(st.integers(1, 11), st.sampled_from(list(Suit)), st.integers(3, 13), st.data())
def test_three_thirteen_runs_with_wild_cards_are_legal(round: int, suit: Suit, length: int,
                                                       data: st.DataObject) -> None:
    start = data.draw(st.integers(1, 14 - length))
    positions = range(start, start + length)
    wild_rank = Rank(round + 2)
    wilds = data.draw(st.sets(st.integers(0, length - 1)))
    wild_suits = data.draw(st.lists(st.sampled_from(list(Suit)), min_size=length, max_size=length))
    cards = [Card(wild_rank, wild_suits[i]) if i in wilds else Card(Rank(p), suit)
             for i, p in enumerate(positions)]
    rules = rules_for("three_thirteen", round=round)
    check = check_meld(cards, rules)
    assert check.legal, (round, cards, codes_of(check))
    assert check.points is None


@st.composite
def meld_like(draw: st.DrawFn) -> list[Card]:
    """Cards close to a meld: neighbours in one suit, one rank in other suits, jokers."""
    start = draw(st.integers(1, 13))
    suit = draw(st.sampled_from(list(Suit)))
    pool = ([Card(Rank((start + k - 1) % 13 + 1), suit) for k in range(5)]
            + [Card(Rank(start), s) for s in Suit] + [JOKER])
    return draw(st.lists(st.sampled_from(pool), min_size=3, max_size=7))


@settings(deadline=None, max_examples=300)
@given(st.sampled_from(VALUED + ["three_thirteen"]), meld_like(), st.integers(1, 11))
def test_a_legal_reading_is_itself_a_legal_meld_of_the_same_value(variant: str, cards: list[Card],
                                                                  round: int) -> None:
    rules = rules_for(variant, round=round if variant == "three_thirteen" else None)
    check = check_meld(cards, rules)
    assert check.legal == (not check.problems)
    if not check.legal:
        return
    assert not any(c.is_joker for c in check.reading)
    assert all(c == r for c, r, w in zip(cards, check.reading, check.wild) if not w)
    if variant != "three_thirteen":
        natural = check_meld(list(check.reading), rules)
        assert natural.legal, codes_of(natural)
        assert natural.points == check.points


@settings(deadline=None, max_examples=300)
@given(st.sampled_from(VALUED + ["three_thirteen"]), meld_like(), st.integers(1, 11))
def test_every_listed_reading_can_be_declared(variant: str, cards: list[Card], round: int) -> None:
    rules = rules_for(variant, round=round if variant == "three_thirteen" else None)
    check = check_meld(cards, rules)
    for reading in check.readings or (check.reading,) * check.legal:
        declared = [c for c, w in zip(reading, check.wild) if w]
        if not declared:
            continue
        again = check_meld(cards, rules, jokers_as=declared)
        assert again.legal, (reading, codes_of(again))
        assert list(again.reading) == list(reading)
