"""The input rules of ``scorepad/game/checks.py`` called directly: every number a page or the
API reads (``whole``, ``whole_sum``, ``arg``), every JSON document (``load_json``), keys and
write ids, player, game and profile names, currencies and stakes. Properties (hypothesis)
for the number readers, examples at each edge; the docstring examples of the module are run
by pytest besides.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from scorepad.game.checks import (
    LARGEST,
    MAX_DEPTH,
    JSONRefused,
    arg,
    check_counting,
    check_currency,
    check_stakes,
    check_write_id,
    integral,
    is_key,
    load_json,
    whole,
    whole_sum,
)
from scorepad.game.errors import InvalidRequest
from scorepad.game.names import (
    MAX_GAME_NAME,
    MAX_NAME,
    check_first_dealer,
    check_profile_name,
    game_name_problem,
    name_problem,
    players_problems,
    same_name_key,
)

# whole -----------------------------------------------------------------------------------------


@given(st.integers(-LARGEST, LARGEST), st.sampled_from(["", " ", "\t", "  \n"]),
       st.booleans())
def test_whole_reads_every_number_in_range_with_spaces_and_a_plus_sign(
        n: int, space: str, plus: bool) -> None:
    text = ("+" if plus and n >= 0 else "") + str(n)
    assert whole(space + text + space) == n


@given(st.integers(-LARGEST, LARGEST), st.integers(-LARGEST, LARGEST))
def test_whole_keeps_to_its_bounds_inclusive(n: int, bound: int) -> None:
    low, high = sorted((n, bound))
    assert whole(str(n), low, high) == n
    assert whole(str(n), n + 1, n + 10, default=-7) == -7
    assert whole(str(n), n - 10, n - 1) is None


@pytest.mark.parametrize("text", [
    "", " ", "1.0", "1,000", "1 000", "0x10", "1e3", "1_000", "--1", "+-1", "½", "²", "⑤",
    "٣", "１２", "12a", "12345678901", str(LARGEST + 1), str(-LARGEST - 1), "NaN", "∞",
])
def test_whole_refuses_what_a_table_does_not_write_as_a_whole_number(text: str) -> None:
    assert whole(text) is None
    assert whole(text, default=0) == 0


@pytest.mark.parametrize("value", [None, 12, 12.0, True, b"12", ["12"]])
def test_whole_reads_only_text(value: Any) -> None:
    assert whole(value, default=-1) == -1


# whole_sum -------------------------------------------------------------------------------------


@given(st.lists(st.integers(0, 9_999_999), min_size=1, max_size=100),
       st.lists(st.booleans(), min_size=100, max_size=100))
def test_whole_sum_adds_up_to_a_hundred_terms_card_by_card(terms: list[int],
                                                            minus: list[bool]) -> None:
    signed = [-t if m else t for t, m in zip(terms, minus)]
    text = "".join(("-" if s < 0 else "+") + str(abs(s)) for s in signed).removeprefix("+")
    assert whole_sum(text) == sum(signed)


@pytest.mark.parametrize(("text", "total"), [
    ("10+10+7+3", 30), (" 45-10 ", 35), ("-5", -5), ("+5", 5), ("0+0", 0), ("007", 7),
])
def test_whole_sum_reads_a_sum_as_typed_at_the_table(text: str, total: int) -> None:
    assert whole_sum(text) == total


@pytest.mark.parametrize("text", [
    "10++3", "10+", "+", "1*3", "1 + 3", "5+²", "12345678+1", "+".join(["1"] * 101), "(1+2)", "",
])
def test_whole_sum_refuses_anything_else(text: str) -> None:
    assert whole_sum(text) is None


def test_whole_sum_checks_the_total_not_the_terms_against_its_bounds() -> None:
    assert whole_sum("60+50", 0, 110) == 110
    assert whole_sum("60+50", 0, 109) is None
    assert whole_sum("200-150", 0, 100) == 50
    assert whole_sum("10-20", 0, 100, default=0) == 0


# arg and load_json -----------------------------------------------------------------------------

def test_arg_reads_the_first_value_of_a_form_field_as_whole_does() -> None:
    form = MultiDict([("n", " 12 "), ("n", "13"), ("x", "²")])
    assert (arg(form, "n"), arg(form, "n", 13, 20), arg(form, "x", default=0),
            arg(form, "missing", default=5)) == (12, None, 0, 5)


def test_load_json_takes_a_document_nested_to_the_limit_and_refuses_one_deeper() -> None:
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(JSONRefused):
        load_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    deep_object = '{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1)
    with pytest.raises(JSONRefused):
        load_json(deep_object)


@pytest.mark.parametrize("raw", [
    b"\xff\xfe", '{"\\ud800": 1}', '["a", "\\udfff"]', "{", "1" * 5000, "",
])
def test_load_json_refuses_what_would_break_later(raw: str | bytes) -> None:
    with pytest.raises(JSONRefused):
        load_json(raw)


def test_load_json_reads_bytes_with_a_byte_order_mark_and_whole_floats_as_integers() -> None:
    assert load_json("\ufeff[1]".encode()) == [1]
    assert load_json('{"n": 2.0, "m": 1.5}', parse_float=integral) == {"n": 2, "m": 1.5}


# keys and write ids ----------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "shaped"), [
    ("A" * 16, True), ("A" * 43, True), ("a-b_C9" * 4, True),
    ("A" * 15, False), ("A" * 44, False), ("A" * 21 + "=", False), ("A" * 21 + "é", False),
    ("A" * 22 + "\n", False), (22, False),
])
def test_a_key_has_the_shape_token_urlsafe_gives(value: Any, shaped: bool) -> None:
    assert is_key(value) is shaped


@pytest.mark.parametrize("value", ["!", "~" * 64, "k3Y-9.x:y"])
def test_a_write_id_of_printable_ascii_is_taken(value: str) -> None:
    assert check_write_id(value) == value


@pytest.mark.parametrize("value", ["", " ", "a b", "x" * 65, "é", "a\tb", 7, b"id"])
def test_any_other_write_id_is_refused_at_its_field(words_app: Flask, value: Any) -> None:
    with pytest.raises(InvalidRequest) as refused:
        check_write_id(value)
    assert refused.value.field == "write_id"


# names -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("one", "other"), [
    ("Zoe\u0308", "Zoë"), ("Anna", "ANNA"), ("\u0410nna", "Anna"), ("Ａnna", "anna"),
    ("Eve\ufe0f", "Eve"), ("Jo \u2764\ufe0f", "jo \u2764"), ("Straße", "STRASSE"),
    ("\u039fscar", "Oscar"),  # Greek capital Omicron
])
def test_names_a_table_cannot_tell_apart_are_one_name(one: str, other: str) -> None:
    assert same_name_key(one) == same_name_key(other)


@pytest.mark.parametrize(("one", "other"), [("Anna", "Ana"), ("Zoë", "Zoe"), ("Jo", "Jo2")])
def test_names_that_differ_at_the_table_stay_two(one: str, other: str) -> None:
    assert same_name_key(one) != same_name_key(other)


@pytest.mark.parametrize(("name", "words"), [
    ("", "Enter a name."), ("   ", "Enter a name."), (None, "Enter a name."),
    ("x" * (MAX_NAME + 1), f"A name has at most {MAX_NAME} characters."),
    ("An\u0007na", "A name cannot hold control or text-direction characters."),
    ("\u2066Anna", "A name cannot hold control or text-direction characters."),
    ("An\u00adna", "A name cannot hold invisible characters."),
    ("Max\U000e0100", "A name cannot hold invisible characters."),
    ("\ufe0fAnna", "A name cannot hold invisible characters."),
])
def test_a_name_that_cannot_be_a_players_says_why(words_app: Flask, name: Any, words: str) -> None:
    assert str(name_problem(name)) == words


@pytest.mark.parametrize("name", ["x" * MAX_NAME, "Jo \u263a\ufe0e", "Zoë", "Ōma", "李雷", "O'Brien"])
def test_a_players_name_may_be_any_visible_text_up_to_the_limit(name: str) -> None:
    assert name_problem(name) is None


def test_every_problem_of_the_names_is_listed_in_seat_order(words_app: Flask) -> None:
    found = players_problems(["Anna", "", "anna", "Ben", "B\u200ben", "BEN"])
    assert [(seat, rule) for seat, rule, _ in found] == [
        (1, "empty"), (2, "twice"), (4, "invisible"), (5, "twice")]


@pytest.mark.parametrize(("name", "problem"), [
    ("", False), ("x" * MAX_GAME_NAME, False), ("x" * (MAX_GAME_NAME + 1), True),
    ("Fri\u202eday", True), (None, True), ("  ", False),
])
def test_a_games_name_may_be_empty_but_not_too_long_or_turned(name: Any, problem: bool) -> None:
    assert (game_name_problem(name) is not None) is problem


@pytest.mark.parametrize("name", ["", "  ", None, "x" * (MAX_GAME_NAME + 1), "Oma\u0000"])
def test_a_profile_needs_a_name_of_visible_text(words_app: Flask, name: Any) -> None:
    with pytest.raises(InvalidRequest) as refused:
        check_profile_name(name)
    assert refused.value.field == "name"


# money, counting, dealer -----------------------------------------------------------------------

@pytest.mark.parametrize(("code", "taken"), [
    ("EUR", "EUR"), (" chf ", "CHF"), ("jpy", "JPY"),
])
def test_a_currency_is_an_iso_code_babel_knows(code: str, taken: str) -> None:
    assert check_currency(code) == taken


@pytest.mark.parametrize("code", ["XYZ", "EURO", "€", "", None, "E U"])
def test_any_other_currency_is_refused(words_app: Flask, code: Any) -> None:
    with pytest.raises(InvalidRequest) as refused:
        check_currency(code)
    assert refused.value.field == "currency"


@pytest.mark.parametrize(("mode", "cents", "taken"), [
    (None, 50, (None, None)), ("", None, (None, None)), ("pot", 0, ("pot", 0)),
    ("per_point", 100_000, ("per_point", 100_000)), ("to_winner", 1, ("to_winner", 1)),
])
def test_stakes_are_stored_as_mode_and_cents_or_not_at_all(mode: Any, cents: Any,
                                                           taken: tuple[Any, Any]) -> None:
    assert check_stakes(mode, cents) == taken


@pytest.mark.parametrize(("mode", "cents", "field"), [
    ("jackpot", 5, "stakes_mode"), ("pot", -1, "stakes_cents"), ("pot", 100_001, "stakes_cents"),
    ("pot", 1.5, "stakes_cents"), ("pot", "5", "stakes_cents"), ("pot", False, "stakes_cents"),
])
def test_stakes_out_of_the_rule_are_refused_at_their_field(
        words_app: Flask, mode: Any, cents: Any, field: str) -> None:
    with pytest.raises(InvalidRequest) as refused:
        check_stakes(mode, cents)
    assert refused.value.field == field


def test_counting_is_separate_or_net_and_the_first_dealer_a_seat(words_app: Flask) -> None:
    assert (check_counting("separate"), check_counting("net")) == ("separate", "net")
    assert [check_first_dealer(seat, 3) for seat in (0, 1, 2)] == [0, 1, 2]
    for counting in ("Net", "", None, "both"):
        with pytest.raises(InvalidRequest):
            check_counting(counting)
    for seat in (-1, 3, True, 1.0, "1", None):
        with pytest.raises(InvalidRequest):
            check_first_dealer(seat, 3)
