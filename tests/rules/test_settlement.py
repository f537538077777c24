"""Settlement (ADJUDICATION.md check "settlement"): balances per mode, ties and remainders,
every error, and the true minimum of payments.

The property tests compare :func:`minimal_transfers` with a brute force written
here on its own: it tries every set of k payments from a player who owes to a
player who is owed, for k = 0, 1, 2, ..., and solves each set's amounts
directly. A smallest settlement never holds a cycle of payments (one payment of
the cycle could be shifted onto the others until it is 0), so trying forests
only, whose amounts follow leaf by leaf, misses none.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.rules import (
    MAX_SETTLEMENT_PLAYERS,
    InvalidSettlementError,
    Stakes,
    Transfer,
    adjudicate,
    minimal_transfers,
    settle,
)


def settlement(variant: str, totals: dict[str, int], stakes: dict[str, Any], **extra: Any) -> dict[str, Any]:
    answer = adjudicate({"variant": variant, "check": "settlement", "totals": totals,
                         "stakes": stakes} | extra)
    assert "error" not in answer, answer
    assert_settles(answer["balances"], answer["transfers"])
    return answer


def assert_settles(balances: dict[str, int], transfers: list[dict[str, Any]]) -> None:
    """The payments clear every balance; payers only owe, payees are only owed; all > 0."""
    assert sum(balances.values()) == 0
    left = dict(balances)
    for t in transfers:
        assert t["cents"] > 0
        assert balances[t["from"]] < 0 < balances[t["to"]]
        left[t["from"]] += t["cents"]
        left[t["to"]] -= t["cents"]
    assert not any(left.values()), left


def error(request: dict[str, Any]) -> str:
    answer = adjudicate({"variant": "jolly_at", "check": "settlement"} | request)
    assert answer["error"]["code"] == "INVALID_REQUEST", answer
    return str(answer["error"]["message"])


def plain(transfers: tuple[Transfer, ...]) -> list[tuple[str, str, int]]:
    return [(t.payer, t.payee, t.cents) for t in transfers]


# -- modes ---------------------------------------------------------------------------

def test_pot_each_loser_pays_the_stake_to_the_winner() -> None:
    answer = settlement("jolly_at", {"Anna": 512, "Ben": 230, "Cleo": 480}, {"mode": "pot", "stake": 100})
    assert answer["winners"] == ["Anna"]
    assert answer["balances"] == {"Anna": 200, "Ben": -100, "Cleo": -100}
    assert answer["transfers"] == [{"from": "Ben", "to": "Anna", "cents": 100},
                                   {"from": "Cleo", "to": "Anna", "cents": 100}]


def test_the_best_total_is_the_lowest_in_penalty_variants() -> None:
    for variant in ("three_thirteen", "romme_de", "rami_fr"):
        answer = settlement(variant, {"Anna": 61, "Ben": 48, "Cleo": 70}, {"mode": "pot", "stake": 50})
        assert answer["winners"] == ["Ben"]
        assert answer["balances"] == {"Anna": -50, "Ben": 100, "Cleo": -50}


def test_per_point_everyone_settles_with_everyone() -> None:
    # Jolly: higher is better. Anna-Ben 100, Anna-Cleo 300, Ben-Cleo 200 points.
    answer = settlement("jolly_at", {"Anna": 600, "Ben": 500, "Cleo": 300}, {"mode": "per_point", "rate": 2})
    assert answer["balances"] == {"Anna": 800, "Ben": 200, "Cleo": -1000}
    assert len(answer["transfers"]) == 2
    # Rami: lower is better (SETTLE-01).
    answer = settlement("rami_fr", {"Anna": 300, "Ben": 120, "Cleo": 500}, {"mode": "per_point", "rate": 1})
    assert answer["balances"] == {"Anna": 20, "Ben": 560, "Cleo": -580}


def test_to_winner_losers_pay_the_distance_to_the_best_total() -> None:
    answer = settlement("jolly_at", {"Anna": 510, "Ben": 300, "Cleo": -20}, {"mode": "to_winner", "rate": 3})
    assert answer["balances"] == {"Anna": 3 * 210 + 3 * 530, "Ben": -630, "Cleo": -1590}
    answer = settlement("romme_de", {"Anna": 120, "Ben": 510, "Cleo": 90}, {"mode": "to_winner", "rate": 1})
    assert answer["balances"] == {"Anna": -30, "Ben": -420, "Cleo": 450}


def test_a_stake_of_zero_settles_with_no_payment() -> None:
    answer = settlement("jolly_at", {"Anna": 510, "Ben": 300}, {"mode": "pot", "stake": 0})
    assert answer["balances"] == {"Anna": 0, "Ben": 0}
    assert answer["transfers"] == []


def test_three_thirteen_settles_without_a_round() -> None:
    settlement("three_thirteen", {"Anna": 40, "Ben": 52}, {"mode": "per_point", "rate": 10})


# -- ties and remainders -----------------------------------------------------------------

def test_tied_winners_share_the_pot_and_the_remainder_goes_in_seat_order() -> None:
    # 3 losers x 5 = 15 cents for two winners: 8 to the first in seat order, 7 to the second.
    answer = settlement("rami_fr", {"Dora": 90, "Anna": 30, "Ben": 40, "Cleo": 30, "Eve": 50},
                        {"mode": "pot", "stake": 5})
    assert answer["winners"] == ["Anna", "Cleo"]
    assert answer["balances"] == {"Dora": -5, "Anna": 8, "Ben": -5, "Cleo": 7, "Eve": -5}


def test_remainder_cents_go_one_each_to_the_first_winners() -> None:
    totals = {"A": 100, "B": 100, "C": 100, "D": 0}
    answer = settlement("jolly_at", totals, {"mode": "to_winner", "rate": 1})
    assert answer["balances"] == {"A": 34, "B": 33, "C": 33, "D": -100}
    answer = settlement("jolly_at", totals | {"D": 98}, {"mode": "to_winner", "rate": 1})
    assert answer["balances"] == {"A": 1, "B": 1, "C": 0, "D": -2}
    assert [t["to"] for t in answer["transfers"]] == ["A", "B"]


def test_everybody_tied_means_nobody_pays() -> None:
    for mode, key in (("pot", "stake"), ("per_point", "rate"), ("to_winner", "rate")):
        answer = settlement("jolly_at", {"A": 100, "B": 100}, {"mode": mode, key: 50})
        assert answer["winners"] == ["A", "B"]
        assert answer["balances"] == {"A": 0, "B": 0} and answer["transfers"] == []


def test_winners_given_after_a_playoff_override_the_totals() -> None:
    totals = {"Anna": 510, "Ben": 510, "Cleo": 80}
    answer = settlement("jolly_at", totals, {"mode": "pot", "stake": 100}, winners=["Ben"])
    assert answer["winners"] == ["Ben"]
    assert answer["balances"] == {"Anna": -100, "Ben": 200, "Cleo": -100}


def test_given_winners_are_answered_and_paid_in_seat_order() -> None:
    answer = settlement("jolly_at", {"A": 10, "B": 10, "C": 0}, {"mode": "pot", "stake": 3},
                        winners=["B", "A"])
    assert answer["winners"] == ["A", "B"]
    assert answer["balances"] == {"A": 2, "B": 1, "C": -3}


# -- errors ---------------------------------------------------------------------------

TOTALS = {"Anna": 512, "Ben": 230}


@pytest.mark.parametrize("stakes", [
    {"mode": "pot", "stake": -1}, {"mode": "pot", "stake": 100_001}, {"mode": "pot", "stake": 1.5},
    {"mode": "pot", "stake": True}, {"mode": "pot", "stake": "5"}, {"mode": "pot", "stake": None},
    {"mode": "pot", "stake": 10 ** 4300}, {"mode": "per_point", "rate": -5},
    {"mode": "to_winner", "rate": 100_001},
], ids=["negative", "over", "float", "bool", "text", "null", "huge", "rate-negative", "rate-over"])
def test_the_amount_is_whole_cents_from_0_to_100000(stakes: dict[str, Any]) -> None:
    assert "0 to 100,000" in error({"totals": TOTALS, "stakes": stakes})


@pytest.mark.parametrize(("stakes", "says"), [
    ({"mode": "winner_takes_all", "stake": 5}, "unknown mode"),
    ({"mode": None, "stake": 5}, "unknown mode"),
    ({"stake": 5}, "unknown mode"),
    ({"mode": "pot", "rate": 5}, "'stake'"),
    ({"mode": "per_point", "stake": 5}, "'rate'"),
    ({"mode": "pot", "stake": 5, "rate": 1}, "no \"rate\""),
    ("pot", "object"),
    (None, "object"),
])
def test_stakes_name_a_known_mode_and_its_amount(stakes: Any, says: str) -> None:
    assert says in error({"totals": TOTALS, "stakes": stakes})


@pytest.mark.parametrize(("winners", "says"), [
    (["Zed"], "without a total"),
    (["Anna", "Zed"], "Zed"),
    ([], "at least one"),
    (["Anna", "Anna"], "twice"),
    ("Anna", "list of names"),
    ([7], "name"),
])
def test_winners_must_be_players_with_a_total(winners: Any, says: str) -> None:
    assert says in error({"totals": TOTALS, "stakes": {"mode": "pot", "stake": 5}, "winners": winners})


@pytest.mark.parametrize("totals", [None, {}, {"A": "x"}, {"A": True}, {"A": 100_001}, {"": 5},
                                    {"A" * 41: 5}, [1, 2]])
def test_totals_must_map_names_to_bounded_whole_numbers(totals: Any) -> None:
    error({"totals": totals, "stakes": {"mode": "pot", "stake": 5}})


def test_settlement_needs_a_variant_for_the_best_total() -> None:
    answer = adjudicate({"check": "settlement", "totals": TOTALS, "stakes": {"mode": "pot", "stake": 5}})
    assert answer["error"]["code"] == "INVALID_REQUEST"


def test_more_players_than_the_cap_are_refused_clearly() -> None:
    totals = {f"P{i}": i for i in range(MAX_SETTLEMENT_PLAYERS + 2)}  # no balance is 0
    message = error({"totals": totals, "stakes": {"mode": "per_point", "rate": 1}})
    assert f"at most {MAX_SETTLEMENT_PLAYERS} players" in message
    with pytest.raises(InvalidSettlementError, match="at most"):
        minimal_transfers({f"P{i}": (1 if i % 2 else -1) for i in range(MAX_SETTLEMENT_PLAYERS + 2)})
    # Players without a balance do not count.
    evening = {f"P{i}": 0 for i in range(30)} | {"A": 5, "B": -5}
    assert plain(minimal_transfers(evening)) == [("B", "A", 5)]


def test_stakes_and_balances_are_checked_in_python_too() -> None:
    with pytest.raises(InvalidSettlementError):
        Stakes("pot", -1)
    with pytest.raises(InvalidSettlementError):
        Stakes("jackpot", 5)  # type: ignore[arg-type]
    with pytest.raises(InvalidSettlementError, match="add up to 0"):
        minimal_transfers({"A": 5, "B": -4})
    with pytest.raises(InvalidSettlementError, match="whole cents"):
        minimal_transfers({"A": 0.5, "B": -0.5})  # type: ignore[dict-item]
    with pytest.raises(InvalidSettlementError, match="empty"):
        settle({}, Stakes("pot", 5), "jolly_at")


# -- the fewest payments ---------------------------------------------------------------------

def test_five_players_settle_in_three_payments_not_four() -> None:
    balances = {"A": 30, "B": 20, "C": -15, "D": -15, "E": -20}
    transfers = minimal_transfers(balances)
    assert len(transfers) == 3
    assert_settles(balances, [t.to_json() for t in transfers])


def test_the_minimum_beats_matching_the_biggest_debts_first() -> None:
    # Biggest first pairs 40 with 35 and needs 5 payments; {+40 -25 -15} and {+35 -20 -15}
    # are two groups of three: 4 payments.
    balances = {"A": 40, "B": 35, "C": -25, "D": -20, "E": -15, "F": -15}
    assert len(minimal_transfers(balances)) == 4


def test_balances_of_zero_need_no_payment() -> None:
    assert minimal_transfers({"A": 0, "B": 0}) == ()
    assert minimal_transfers({}) == ()


def test_an_evening_of_several_games_is_settled_from_the_balances_alone() -> None:
    games = [{"A": 200, "B": -100, "C": -100}, {"A": -50, "B": 100, "C": -50},
             {"A": -30, "B": -30, "C": 60}]
    evening = {n: sum(g[n] for g in games) for n in "ABC"}
    assert evening == {"A": 120, "B": -30, "C": -90}
    assert plain(minimal_transfers(evening)) == [("B", "A", 30), ("C", "A", 90)]


def test_twelve_players_are_settled_in_eleven_payments() -> None:
    # Only all twelve together add up to 0: eleven payments, the most there can be.
    amounts = [2 ** i for i in range(11)]
    balances = {f"P{i}": a for i, a in enumerate(amounts)} | {"P11": -sum(amounts)}
    transfers = minimal_transfers(balances)  # its time: bench/bench_settlement.py
    assert_settles(balances, [t.to_json() for t in transfers])
    assert len(transfers) == 11


# -- properties against the independent brute force --------------------------------------------


def forest_amounts(edges: tuple[tuple[str, str], ...], balances: dict[str, int]) -> bool:
    """Whether payments along ``edges`` (payer, payee), if they form a forest, settle
    ``balances`` with every amount above 0: the amounts follow from the leaves inwards."""
    parent = {n: n for n in balances}

    def root(n: str) -> str:
        while parent[n] != n:
            n = parent[n]
        return n

    for a, b in edges:
        if root(a) == root(b):
            return False  # a cycle: never in a smallest settlement
        parent[root(a)] = root(b)
    left = dict(balances)
    open_edges = list(edges)
    while open_edges:
        degree: dict[str, int] = {}
        for a, b in open_edges:
            degree[a] = degree.get(a, 0) + 1
            degree[b] = degree.get(b, 0) + 1
        leaf = next(n for n, d in degree.items() if d == 1)
        edge = next(e for e in open_edges if leaf in e)
        payer, payee = edge
        cents = -left[payer] if leaf == payer else left[payee]
        if cents <= 0:
            return False
        left[payer] += cents
        left[payee] -= cents
        open_edges.remove(edge)
    return not any(left.values())


def brute_force_minimum(balances: dict[str, int]) -> int:
    payers = [n for n, b in balances.items() if b < 0]
    payees = [n for n, b in balances.items() if b > 0]
    edges = [(p, q) for p in payers for q in payees]
    for k in range(len(edges) + 1):
        for chosen in combinations(edges, k):
            if forest_amounts(chosen, balances):
                return k
    raise AssertionError("balances that add up to 0 can always be settled")


@st.composite
def balance_sheets(draw: st.DrawFn, max_players: int = 6) -> dict[str, int]:
    # Few distinct amounts: groups that add up to 0 are then common.
    amounts = draw(st.lists(st.sampled_from([-30, -20, -15, -10, -5, 5, 10, 15, 20, 30]),
                            min_size=1, max_size=max_players - 1))
    amounts.append(-sum(amounts))
    return {f"P{i}": a for i, a in enumerate(amounts)}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(balance_sheets())
def test_payments_settle_every_balance_and_none_fewer_do(balances: dict[str, int]) -> None:
    transfers = minimal_transfers(balances)
    assert_settles(balances, [t.to_json() for t in transfers])
    assert len(transfers) == brute_force_minimum(balances)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(-10**6, 10**6), min_size=1, max_size=11))
def test_any_balances_of_up_to_twelve_players_are_settled(amounts: list[int]) -> None:
    balances = {f"P{i}": a for i, a in enumerate(amounts + [-sum(amounts)])}
    transfers = minimal_transfers(balances)
    assert_settles(balances, [t.to_json() for t in transfers])
    nonzero = sum(1 for a in balances.values() if a)
    assert len(transfers) <= max(nonzero - 1, 0)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["jolly_at", "jolly_vorrat", "three_thirteen", "romme_de", "rami_fr"]),
       st.lists(st.integers(-1000, 1000), min_size=1, max_size=8),
       st.sampled_from([("pot", "stake"), ("per_point", "rate"), ("to_winner", "rate")]),
       st.integers(0, 100))
def test_a_settlement_pays_winners_out_of_the_losers_pockets(
        variant: str, points: list[int], mode: tuple[str, str], cents: int) -> None:
    totals = {f"P{i}": t for i, t in enumerate(points)}
    answer = settlement(variant, totals, {"mode": mode[0], mode[1]: cents})
    balances, winners = answer["balances"], answer["winners"]
    assert list(balances) == list(totals)
    better = max if variant.startswith("jolly") else min
    assert winners == [n for n, t in totals.items() if t == better(totals.values())]
    if mode[0] != "per_point":
        assert all(balances[n] <= 0 for n in totals if n not in winners)
        shares = [balances[n] for n in winners]
        assert max(shares) - min(shares) <= 1
        assert shares == sorted(shares, reverse=True)  # remainder cents to the first winners
    else:
        ranked = sorted(totals, key=lambda n: totals[n], reverse=better is max)
        assert [balances[n] for n in ranked] == sorted(balances.values(), reverse=True)
