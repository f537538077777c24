"""A lay-off reads the meld as the meld check does (RULES.md §1, §8.2): with
``wraparound`` a run grows round the corner, and the run it leaves comes back in
order, growing at its ends; without it, the lay-off answers the meld check's code."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules import Card, Rank, Suit, adjudicate, check_lay_off, check_meld, rules_for

WRAP = {"wraparound": True}


def lay(variant: str, onto: str, cards: str, house: dict[str, Any] | None = None,
        **fields: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"variant": variant, "check": "turn", "action": "lay_off",
                               "initial_meld": "earlier", "onto": onto.split(),
                               "cards": cards.split(), **fields}
    if house:
        request["house_rules"] = house
    answer = adjudicate(request)
    assert "error" not in answer, answer
    return answer


def meld(variant: str, cards: str, house: dict[str, Any] | None = None) -> dict[str, Any]:
    request: dict[str, Any] = {"variant": variant, "check": "meld", "cards": cards.split()}
    if house:
        request["house_rules"] = house
    return adjudicate(request)


def codes(answer: dict[str, Any]) -> list[str]:
    return [p["code"] for p in answer["problems"]]


def test_a_two_laid_onto_queen_king_ace_goes_round_the_corner_with_wraparound() -> None:
    assert meld("rami_fr", "Qs Ks As 2s", WRAP)["legal"]
    answer = lay("rami_fr", "Qs Ks As", "2s", WRAP)
    assert answer["legal"], answer
    assert answer["meld"] == ["Qs", "Ks", "As", "2s"]


def test_ace_and_king_laid_onto_two_three_four_make_king_ace_two_three_four() -> None:
    assert meld("jolly_at", "Kh Ah 2h 3h 4h", WRAP)["legal"]
    answer = lay("jolly_at", "2h 3h 4h", "Ah Kh", WRAP)
    assert answer["legal"], answer
    assert answer["meld"] == ["Kh", "Ah", "2h", "3h", "4h"]
    # The points are the laid cards' values in the run the meld check reads.
    assert answer["points"] == meld("jolly_at", "Kh Ah 2h 3h 4h", WRAP)["points"] - 9


def test_a_queen_laid_onto_king_ace_two_comes_back_at_the_lower_end() -> None:
    answer = lay("jolly_at", "Kh Ah 2h", "Qh", WRAP)
    assert answer["legal"] and answer["meld"] == ["Qh", "Kh", "Ah", "2h"]
    # Typed descending on the table, the run still comes back in order.
    assert lay("jolly_at", "2h Ah Kh", "Qh", WRAP)["meld"] == ["Qh", "Kh", "Ah", "2h"]
    # Cards at both ends at once.
    assert lay("jolly_at", "Kh Ah 2h", "3h Qh", WRAP)["meld"] == ["Qh", "Kh", "Ah", "2h", "3h"]


def test_without_wraparound_the_lay_off_answers_the_meld_checks_code() -> None:
    assert codes(meld("jolly_at", "Qh Kh Ah 2h")) == ["RUN_WRAP_AROUND"]
    answer = lay("jolly_at", "Qh Kh Ah", "2h")
    assert not answer["legal"] and answer["meld"] is None
    assert codes(answer) == ["RUN_WRAP_AROUND"]
    assert codes(lay("rami_fr", "Qs Ks As", "2s 3s")) == codes(meld("rami_fr", "Qs Ks As 2s 3s"))


def test_a_joker_laid_onto_a_run_ending_in_the_ace_goes_round_the_corner_with_wraparound(
        ) -> None:
    # The higher end of Q-K-A is open with the switch (the meld check takes Q-K-A-2).
    assert lay("jolly_at", "Qh Kh Ah", "JK", WRAP)["meld"] == ["Qh", "Kh", "Ah", "2h"]
    # Without it the ace closes the run: the joker goes below.
    assert lay("jolly_at", "Qh Kh Ah", "JK")["meld"] == ["Jh", "Qh", "Kh", "Ah"]


def test_a_gap_stays_not_consecutive_round_the_corner_too() -> None:
    assert codes(lay("jolly_at", "Qh Kh Ah", "3h", WRAP)) == ["NOT_CONSECUTIVE"]
    assert lay("jolly_at", "Qh Kh Ah", "3h JK", WRAP)["meld"] == ["Qh", "Kh", "Ah", "2h", "3h"]
    assert codes(lay("jolly_at", "Kh Ah 2h", "Ah", WRAP)) == ["NOT_CONSECUTIVE"]


def test_the_answer_is_contract_shaped_and_scores_as_before_without_the_switch() -> None:
    answer = lay("jolly_vorrat", "5h 6h 7h", "8h 9h", owner="other")
    assert answer == {"legal": True, "action": "lay_off", "meld": ["5h", "6h", "7h", "8h", "9h"],
                      "points": 10, "credit": "owner", "pay": 2, "problems": []}
    assert lay("jolly_at", "2h 3h 4h", "Ah")["meld"] == ["Ah", "2h", "3h", "4h"]
    assert lay("jolly_at", "Jh Qh Kh", "Ah")["meld"] == ["Jh", "Qh", "Kh", "Ah"]


def _run(start: int, length: int, suit: Suit) -> list[Card]:
    return [Card(Rank((p - 1) % 13 + 1), suit) for p in range(start, start + length)]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_run_grown_at_its_ends_is_judged_as_the_meld_check_judges_it(
        data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(["jolly_at", "jolly_vorrat", "romme_de", "rami_fr"]))
    wrap = data.draw(st.booleans(), label="wraparound")
    rules = rules_for(variant, {"wraparound": wrap})
    suit = data.draw(st.sampled_from(list(Suit)))
    start = data.draw(st.integers(1, 13))
    length = data.draw(st.integers(3, 6))
    below = data.draw(st.integers(0, 2))
    above = data.draw(st.integers(0 if below else 1, 2))
    whole = _run(start - below + 13, below + length + above, suit)
    onto = whole[below:below + length]
    if not check_meld(onto, rules).legal:
        return
    laid = whole[:below] + whole[below + length:]
    if data.draw(st.booleans(), label="shuffled"):
        laid = data.draw(st.permutations(laid))
    answer = check_lay_off(onto, laid, rules, initial_meld="earlier")
    judged = check_meld(whole, rules)
    if len(set(whole)) < len(whole):  # the same card twice (13 cards round the corner)
        return
    assert answer.legal == judged.legal, (onto, laid, answer.problems, judged.problems)
    assert answer.meld is not None
    assert [p.code for p in answer.meld.problems] == [p.code for p in judged.problems]
    if answer.legal:
        assert answer.meld.reading == judged.reading


def test_a_lay_off_made_with_a_taken_card_reads_the_meld_the_same_way() -> None:
    request: dict[str, Any] = {
        "variant": "jolly_vorrat", "check": "turn", "action": "take_discard",
        "discards": ["Kh", "Qc", "9d", "9s", "2s"], "take": 1,
        "lay_offs": [{"onto": ["Qs", "Ks", "As"], "cards": ["2s"], "owner": "other"}]}
    wrapped = adjudicate(request | {"house_rules": WRAP})
    assert wrapped["legal"], wrapped
    assert wrapped["lay_offs"][0]["meld"] == ["Qs", "Ks", "As", "2s"]
    assert wrapped["lay_offs"][0]["pay"] == 1
    plain = adjudicate(request)
    assert not plain["legal"]
    assert [p["code"] for p in plain["lay_offs"][0]["problems"]] == ["RUN_WRAP_AROUND"]
