"""The JSON contract (ADJUDICATION.md): the CLI, error codes, languages, and robustness."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.rules import CHECKS, MAX_CARDS, SWITCHES, VARIANTS, adjudicate, adjudicate_text
from scorepad.rules.limits import MAX_NAME_LENGTH, MAX_NUMBER

REPO = Path(__file__).resolve().parents[2]


def cli(text: str | bytes, env: dict[str, str] | None = None) -> tuple[int, list[dict[str, Any]]]:
    raw = text.encode() if isinstance(text, str) else text
    done = subprocess.run([sys.executable, "-m", "scorepad.rules"], input=raw,
                          capture_output=True, cwd=REPO, timeout=60,
                          env=None if env is None else os.environ | env)
    assert not done.stderr, done.stderr.decode(errors="replace")
    answers = [json.loads(line) for line in done.stdout.decode().splitlines() if line.strip()]
    return done.returncode, answers


def error_code(answer: dict[str, Any]) -> str | None:
    error = answer.get("error")
    return error.get("code") if isinstance(error, dict) else None


MELD = {"variant": "jolly_at", "check": "meld", "cards": ["Qh", "Kh", "Ah"]}


# -- the command line -----------------------------------------------------------

def test_acceptance_command_answers_a_legal_run_worth_31() -> None:
    done = subprocess.run(
        f"echo '{json.dumps(MELD)}' | {sys.executable} -m scorepad.rules",
        shell=True, capture_output=True, cwd=REPO, timeout=60)
    assert done.returncode == 0
    answer = json.loads(done.stdout)
    assert answer["legal"] is True
    assert answer["kind"] == "run"
    assert answer["points"] == 31
    assert answer["reading"] == ["Qh", "Kh", "Ah"]
    assert answer["problems"] == []


def test_cli_exit_status_is_0_when_every_request_is_understood() -> None:
    illegal = {"variant": "jolly_at", "check": "meld", "cards": ["Qh", "Qs"]}
    status, answers = cli(json.dumps(MELD) + "\n" + json.dumps(illegal) + "\n")
    assert status == 0
    assert [a["legal"] for a in answers] == [True, False]


def test_cli_exit_status_is_1_when_any_answer_is_an_error() -> None:
    unknown = {"variant": "gin_rummy", "check": "meld", "cards": ["5h", "6h", "7h"]}
    status, answers = cli(json.dumps(MELD) + "\n" + json.dumps(unknown) + "\n")
    assert status == 1
    assert answers[0]["points"] == 31
    assert error_code(answers[1]) == "UNKNOWN_VARIANT"


@pytest.mark.parametrize("text", ["{not json", "", "   \n", "Qh Kh Ah"])
def test_cli_exit_status_is_2_when_the_input_is_not_json(text: str) -> None:
    status, answers = cli(text)
    assert status == 2
    assert answers and error_code(answers[0]) == "INVALID_JSON"


def test_cli_answers_a_bad_line_among_json_lines_in_place_with_status_2() -> None:
    status, answers = cli(json.dumps(MELD) + "\n{oops\n" + json.dumps(MELD) + "\n")
    assert status == 2
    assert [error_code(a) for a in answers] == [None, "INVALID_JSON", None]
    assert answers[2]["points"] == 31


def test_cli_reads_one_pretty_printed_object() -> None:
    status, answers = cli(json.dumps(MELD, indent=2))
    assert status == 0
    assert len(answers) == 1 and answers[0]["points"] == 31


def test_cli_answers_json_lines_in_order_one_line_each() -> None:
    requests = [
        {"variant": "jolly_vorrat", "check": "meld", "cards": ["As", "2s", "3s"]},
        {"variant": "romme_de", "check": "hand", "cards": ["As", "JK"]},
        {"variant": "rami_fr", "check": "standings", "totals": {"A": 990, "B": 400}, "rounds_played": 9},
    ]
    status, answers = cli("\n".join(json.dumps(r) for r in requests) + "\n")
    assert status == 0
    assert [answers[0]["points"], answers[1]["points"], answers[2]["finished"]] == [15, 31, False]


def test_cli_writes_german_messages_as_utf8() -> None:
    request = {"variant": "jolly_at", "check": "meld", "cards": ["7s", "7h", "7d", "7c", "7h"], "lang": "de"}
    _, answers = cli(json.dumps(request))
    assert "höchstens" in answers[0]["problems"][1]["message"]


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"},
                                 {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}])
def test_cli_speaks_utf8_whatever_the_locale(env: dict[str, str]) -> None:
    request = {"variant": "jolly_at", "check": "meld", "cards": "♥Q ♥K ♥10", "lang": "de"}
    status, answers = cli(json.dumps(request, ensure_ascii=False), env)
    assert status == 0
    assert answers[0]["problems"][0]["rule"].startswith("RULES.md §2.1")


def test_cli_accepts_a_byte_order_mark() -> None:
    status, answers = cli(b"\xef\xbb\xbf" + json.dumps(MELD).encode())
    assert status == 0 and answers[0]["points"] == 31


def test_cli_input_that_is_not_utf8_is_not_json() -> None:
    status, answers = cli(b"\xff\xfe{")
    assert status == 2
    assert error_code(answers[0]) == "INVALID_JSON"


def test_adjudicate_text_matches_the_cli_contract() -> None:
    answers, status = adjudicate_text(json.dumps(MELD))
    assert status == 0 and answers[0]["points"] == 31
    assert adjudicate_text("[1")[1] == 2


# -- every error code -----------------------------------------------------------

@pytest.mark.parametrize(("request_", "code"), [
    ([1, 2], "INVALID_REQUEST"),
    ("meld", "INVALID_REQUEST"),
    ({"check": "meld", "cards": ["Qh", "Kh", "Ah"]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "cards": ["Qh", "Kh", "Ah"]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "meld"}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "meld", "cards": 5}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "initial_meld", "melds": "Qh Kh Ah"}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "round", "players": []}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "round", "players": [{"hand": []}]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "round", "players": [{"name": "A"}, {"name": "A"}]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "round", "players": [{"name": "A", "went_out": "yes"}]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "round", "players": [{"name": "A", "hand_points": "7"}]}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "standings", "totals": {"A": "x"}}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "standings", "totals": {"A": 1}, "rounds_played": -1}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "standings", "totals": {"A": 1}, "rounds_played": 1,
      "playoff": "A"}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "standings", "totals": {"A": 1}, "rounds_played": 1,
      "playoff": ["Zed"]}, "INVALID_REQUEST"),
    ({"variant": "three_thirteen", "check": "meld", "cards": ["5h", "6h", "7h"]}, "INVALID_REQUEST"),
    ({"variant": "three_thirteen", "check": "meld", "cards": ["5h", "6h", "7h"], "round": 12}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7h"], "round": 0}, "INVALID_REQUEST"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7h"], "lang": "fr"}, "INVALID_REQUEST"),
    ({"variant": "gin_rummy", "check": "meld", "cards": ["5h", "6h", "7h"]}, "UNKNOWN_VARIANT"),
    ({"variant": "jolly_at", "check": "score", "cards": ["5h", "6h", "7h"]}, "UNKNOWN_CHECK"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7x"]}, "INVALID_CARD"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7h"],
      "house_rules": {"no_such_rule": 1}}, "INVALID_HOUSE_RULE"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7h"],
      "house_rules": {"target": "500"}}, "INVALID_HOUSE_RULE"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7h"],
      "house_rules": {"ace_high": 1}}, "INVALID_HOUSE_RULE"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7h"],
      "house_rules": {"tie": "coin"}}, "INVALID_HOUSE_RULE"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7h"],
      "house_rules": {"wild_in_hand": 5}}, "INVALID_HOUSE_RULE"),
    ({"variant": "romme_de", "check": "meld", "cards": ["5h", "6h", "7h"],
      "house_rules": {"layoff_credit": "owner"}}, "INVALID_HOUSE_RULE"),
    ({"variant": "jolly_at", "check": "meld", "cards": ["5h", "6h", "7h"],
      "house_rules": ["ace_high"]}, "INVALID_HOUSE_RULE"),
])
def test_every_error_code(request_: Any, code: str) -> None:
    answer = adjudicate(request_)
    assert error_code(answer) == code
    assert answer["error"]["message"]


def test_invalid_card_names_the_token_and_its_position() -> None:
    answer = adjudicate({"variant": "jolly_at", "check": "meld", "cards": ["Qh", "Kh", "Xh"]})
    assert answer["error"]["token"] == "Xh"
    assert answer["error"]["position"] == 3
    text = adjudicate({"variant": "jolly_at", "check": "meld", "cards": "Qh, Lh, Ah"})
    assert (text["error"]["token"], text["error"]["position"]) == ("Lh", 2)
    hand = adjudicate({"variant": "jolly_at", "check": "round",
                       "players": [{"name": "A", "went_out": True, "hand": ["Qh", "J"]}]})
    assert error_code(hand) == "INVALID_CARD"
    assert (hand["error"]["token"], hand["error"]["position"]) == ("J", 2)


def test_invalid_house_rule_names_the_key() -> None:
    answer = adjudicate({"variant": "romme_de", "check": "hand", "cards": [],
                         "house_rules": {"closer_bonus": "x"}})
    assert answer["error"]["key"] == "closer_bonus"


def test_a_switch_of_another_variant_is_refused_by_name() -> None:
    answer = adjudicate({"variant": "jolly_vorrat", "check": "hand", "cards": [],
                         "house_rules": {"rummy_surcharge": 50}})
    assert error_code(answer) == "INVALID_HOUSE_RULE"
    assert "rummy_surcharge" in answer["error"]["message"]


# -- bounded input ------------------------------------------------------------------

NUMBER_SWITCHES = [(variant, key) for variant, v in VARIANTS.items() for key in v.defaults
                   if SWITCHES[key].kind in ("int", "int?", "face_or_int", "court")]


def with_house(variant: str, key: str, value: Any) -> dict[str, Any]:
    value = [value] * 3 if SWITCHES[key].kind == "court" else value
    request = {"variant": variant, "check": "hand", "cards": ["5h"], "house_rules": {key: value}}
    return request | ({"round": 1} if variant == "three_thirteen" else {})


def test_every_number_switch_has_a_range_within_the_general_bound() -> None:
    for switch in SWITCHES.values():
        if switch.kind in ("int", "int?", "face_or_int", "court"):
            assert 0 <= switch.minimum < switch.maximum <= MAX_NUMBER, switch.key
    assert (SWITCHES["decks"].minimum, SWITCHES["decks"].maximum) == (1, 4)
    assert (SWITCHES["hand_win_factor"].minimum, SWITCHES["hand_win_factor"].maximum) == (1, 10)
    assert (SWITCHES["target"].minimum, SWITCHES["target"].maximum) == (1, 100_000)


@pytest.mark.parametrize(("variant", "key"), NUMBER_SWITCHES, ids=[f"{v}-{k}" for v, k in NUMBER_SWITCHES])
def test_a_number_switch_takes_its_range_and_nothing_else(variant: str, key: str) -> None:
    switch = SWITCHES[key]
    for inside in (switch.minimum, switch.maximum):
        if key == "rounds" and variant == "three_thirteen" and inside > 11:
            continue
        assert "error" not in adjudicate(with_house(variant, key, inside)), (key, inside)
    for outside in (switch.minimum - 1, switch.maximum + 1, True, False, 10 ** 4300, -10 ** 4300,
                    2.0, "3"):
        answer = adjudicate(with_house(variant, key, outside))
        assert error_code(answer) == "INVALID_HOUSE_RULE", (key, outside)
        assert answer["error"]["key"] == key
        if switch.kind != "court":
            assert f"at least {switch.minimum} and at most {switch.maximum}" in answer["error"]["message"]


def test_a_true_is_not_a_one() -> None:
    request = {"variant": "jolly_at", "check": "round", "players": [
        {"name": "A", "went_out": True, "meld_points": 30}, {"name": "B", "meld_points": 5, "hand_points": True}]}
    assert error_code(adjudicate(request)) == "INVALID_REQUEST"
    for field, value in (("player_count", True), ("round", True)):
        assert error_code(adjudicate(MELD | {field: value})) == "INVALID_REQUEST", field
    standings = {"variant": "jolly_at", "check": "standings", "totals": {"A": True}}
    assert error_code(adjudicate(standings)) == "INVALID_REQUEST"
    assert error_code(adjudicate(standings | {"totals": {"A": 1}, "rounds_played": True})) == "INVALID_REQUEST"


def numbers_round(**ben: Any) -> dict[str, Any]:
    return {"variant": "jolly_at", "check": "round", "players": [
        {"name": "A", "went_out": True, "meld_points": 30}, {"name": "B", "hand_points": 5} | ben]}


@pytest.mark.parametrize(("field", "inside", "outside"), [
    ("meld_points", [-MAX_NUMBER, MAX_NUMBER], [-MAX_NUMBER - 1, MAX_NUMBER + 1]),
    ("hand_points", [1, MAX_NUMBER], [-1, MAX_NUMBER + 1]),
])
def test_points_of_a_round_lie_within_the_bound(field: str, inside: list[int], outside: list[int]) -> None:
    for value in inside:
        assert adjudicate(numbers_round(**{field: value}))["valid"] is True
    for value in outside + [10 ** 4300, -10 ** 4300]:
        answer = adjudicate(numbers_round(**{field: value}))
        assert error_code(answer) == "INVALID_REQUEST", value
        assert "100,000" in answer["error"]["message"]


@pytest.mark.parametrize(("request_", "ok"), [
    ({"totals": {"A": MAX_NUMBER, "B": -MAX_NUMBER}}, True),
    ({"totals": {"A": MAX_NUMBER + 1}}, False),
    ({"totals": {"A": -MAX_NUMBER - 1}}, False),
    ({"totals": {"A": 10 ** 4300}}, False),
    ({"totals": {}}, False),
    ({"totals": {f"P{i}": 0 for i in range(21)}}, False),
    ({"totals": {"A": 1}, "rounds_played": MAX_NUMBER}, True),
    ({"totals": {"A": 1}, "rounds_played": MAX_NUMBER + 1}, False),
], ids=["bounds", "over", "under", "huge", "empty", "21-players", "rounds-max", "rounds-over"])
def test_standings_numbers_lie_within_the_bound(request_: dict[str, Any], ok: bool) -> None:
    answer = adjudicate({"variant": "rami_fr", "check": "standings", "rounds_played": 1} | request_)
    assert ("error" not in answer) == ok
    if not ok:
        assert error_code(answer) == "INVALID_REQUEST"


@pytest.mark.parametrize(("field", "value"), [
    ("round", MAX_NUMBER + 1), ("round", 10 ** 4300), ("player_count", 21), ("player_count", 0),
    ("player_count", 10 ** 4300),
], ids=["round-over", "round-huge", "players-21", "players-0", "players-huge"])
def test_round_and_player_count_are_bounded(field: str, value: int) -> None:
    assert error_code(adjudicate(MELD | {field: value})) == "INVALID_REQUEST"


def test_a_round_has_at_most_twenty_players() -> None:
    players = [{"name": f"P{i}", "hand_points": 5} for i in range(21)]
    players[0] = {"name": "P0", "went_out": True}
    answer = adjudicate({"variant": "romme_de", "check": "round", "players": players})
    assert error_code(answer) == "INVALID_REQUEST"
    assert "20" in answer["error"]["message"]


def test_a_list_of_cards_holds_no_more_than_the_biggest_pack() -> None:
    assert MAX_CARDS == 4 * 52 + 12
    too_many = ["5h"] * (MAX_CARDS + 1)
    for request in ({"variant": "romme_de", "check": "hand", "cards": too_many},
                    {"variant": "romme_de", "check": "hand", "cards": " ".join(too_many)},
                    {"variant": "romme_de", "check": "meld", "cards": too_many},
                    {"variant": "romme_de", "check": "round", "players": [
                        {"name": "A", "went_out": True}, {"name": "B", "hand": too_many}]}):
        answer = adjudicate(request)
        assert error_code(answer) == "INVALID_REQUEST"
        assert str(MAX_CARDS) in answer["error"]["message"]
    assert "error" not in adjudicate({"variant": "romme_de", "check": "hand", "cards": too_many[1:]})


GOOD_NAMES = ["A", "Jörg", "A" * MAX_NAME_LENGTH, "Anna-Lena", "李小龙", "👩\u200d👩\u200d👧", "Ben (2)"]
BAD_NAMES = ["", "   ", "A" * (MAX_NAME_LENGTH + 1), "An\u0000na", "Ben\n", "Tab\there", "\u202eneB",
             "Ben\u202a", "\u2066Ben\u2069", "\u2067x", "Ben\u2028", "\ud800", 7, True, ["A"]]


def requests_naming(name: Any) -> list[dict[str, Any]]:
    """A request of each kind that names a player ``name`` somewhere."""
    return [
        {"variant": "romme_de", "check": "round", "players": [
            {"name": "Closer", "went_out": True}, {"name": name, "hand": ["5h"]}]},
        {"variant": "jolly_at", "check": "round", "players": [
            {"name": "Closer", "went_out": True, "melds": [["Qh", "Kh", {"card": "Ah", "by": name}]]},
            {"name": "Other", "hand": ["5h"]}]},
        {"variant": "rami_fr", "check": "standings", "totals": {"Closer": 10, "Other": 20},
         "rounds_played": 1, "playoff": [name]},
    ] + ([{"variant": "rami_fr", "check": "standings", "totals": {name: 10}, "rounds_played": 1}]
         if isinstance(name, str) else [])


@pytest.mark.parametrize("name", GOOD_NAMES)
def test_player_names_of_one_to_forty_characters_are_accepted(name: str) -> None:
    round_, layoff, _, totals = requests_naming(name)
    assert adjudicate(round_)["scores"][name] == 5
    assert [p["code"] for p in adjudicate(layoff)["problems"]] == ["UNKNOWN_PLAYER"]
    assert adjudicate(totals)["leaders"] == [name]


@pytest.mark.parametrize("name", BAD_NAMES, ids=[repr(n)[:20] for n in BAD_NAMES])
def test_bad_player_names_are_refused_wherever_they_appear(name: Any) -> None:
    for request in requests_naming(name):
        answer = adjudicate(request)
        assert error_code(answer) == "INVALID_REQUEST", (request, answer)
        assert "name" in answer["error"]["message"]
        json.dumps(answer)


DEEP_LIST: Any = []
DEEP_DICT: Any = {}
for _ in range(100_000):
    DEEP_LIST, DEEP_DICT = [DEEP_LIST], {"x": DEEP_DICT}


@pytest.mark.parametrize("deep", [DEEP_LIST, DEEP_DICT], ids=["list", "dict"])
def test_adjudicate_answers_a_request_nested_a_hundred_thousand_deep(deep: Any) -> None:
    requests = [deep, {"variant": "jolly_at", "check": "meld", "cards": [deep]},
                {"variant": "jolly_at", "check": "meld", "cards": deep},
                {"variant": "jolly_at", "check": "meld", "cards": ["Qh"], "house_rules": {"tie": deep}},
                {"variant": "jolly_at", "check": "meld", "cards": ["Qh"], "house_rules": {"ace_high": deep}},
                {"variant": "jolly_at", "check": "round", "players": [{"name": deep}]},
                {"variant": "jolly_at", "check": "standings", "totals": {"A": deep}},
                {"variant": deep, "check": deep, "lang": deep}]
    for request in requests:
        answer = adjudicate(request)
        assert error_code(answer) in ("INVALID_REQUEST", "INVALID_CARD", "INVALID_HOUSE_RULE")
        json.dumps(answer)


@pytest.mark.parametrize("text", [
    "[" * 100_000, "{" * 100_000, '{"a":' * 50_000, "[" * 100_000 + "]" * 100_000,
    '{"variant": "jolly_at", "check": "meld", "cards": ' + "[" * 100_000 + "]" * 100_000 + "}",
])
def test_cli_answers_input_nested_however_deep_without_a_traceback(text: str) -> None:
    status, answers = cli(text)  # cli() fails on any output to stderr
    assert status == 2
    assert [error_code(a) for a in answers] == ["INVALID_JSON"]
    if text.startswith("["):
        assert "nested too deeply" in answers[0]["error"]["message"]


def test_cli_reads_a_nesting_python_can_follow_as_json() -> None:
    status, answers = cli("[" * 500 + "]" * 500)
    assert status == 1
    assert error_code(answers[0]) == "INVALID_REQUEST"


def test_cli_answers_a_number_of_five_thousand_digits_as_out_of_range() -> None:
    request = '{"variant": "rami_fr", "check": "standings", "totals": {"A": ' + "9" * 5000 + "}}"
    status, answers = cli(request + "\n" + request.replace("9" * 5000, "-" + "9" * 5000))
    assert status == 1
    assert [error_code(a) for a in answers] == ["INVALID_REQUEST"] * 2
    house = json.dumps(MELD | {"house_rules": {"target": 0}}).replace("0}", "1" + "0" * 4999 + "}")
    status, answers = cli(house)
    assert status == 1 and error_code(answers[0]) == "INVALID_HOUSE_RULE"


def test_cli_refuses_nan_and_infinity_as_not_json() -> None:
    for text in ("[NaN]", '{"variant": "jolly_at", "check": "standings", "totals": {"A": Infinity}}'):
        status, answers = cli(text)
        assert status == 2 and error_code(answers[0]) == "INVALID_JSON"


def test_cli_quotes_a_lone_surrogate_back_as_an_escape() -> None:
    raw = b'{"variant": "jolly_at", "check": "meld", "cards": ["\\ud800"]}\n' + json.dumps(MELD).encode()
    status, answers = cli(raw)
    assert status == 1
    assert error_code(answers[0]) == "INVALID_CARD"
    assert answers[1]["points"] == 31


# -- answers ----------------------------------------------------------------------

def test_lang_de_gives_german_problem_messages() -> None:
    request = {"variant": "jolly_at", "check": "meld", "cards": ["Qh", "Qs"]}
    english = adjudicate(request)["problems"][0]
    german = adjudicate(request | {"lang": "de"})["problems"][0]
    assert english["code"] == german["code"] == "TOO_FEW_CARDS"
    assert english["message"].startswith("A meld needs")
    assert german["message"].startswith("Eine Meldung braucht")
    assert english["rule"] == german["rule"]


def test_lang_de_reaches_nested_round_problems() -> None:
    answer = adjudicate({"variant": "jolly_at", "check": "round", "lang": "de", "players": [
        {"name": "A", "went_out": True, "melds": [["Qh", "Qs"]]}, {"name": "B", "hand": ["5h"]}]})
    illegal = answer["problems"][0]
    assert illegal["code"] == "ILLEGAL_MELD"
    assert "nicht gültig" in illegal["message"]
    assert illegal["problems"][0]["message"].startswith("Eine Meldung braucht")


def test_meld_answer_has_the_contract_fields() -> None:
    answer = adjudicate({"variant": "jolly_at", "check": "meld", "cards": "JK Qh Kh"})
    assert {"legal", "kind", "points", "reading", "problems"} <= answer.keys()
    assert answer["reading"] == ["Jh", "Qh", "Kh"]


def test_meld_request_as_object_with_jokers_as() -> None:
    answer = adjudicate({"variant": "jolly_at", "check": "meld",
                         "cards": {"cards": ["Qh", "Kh", "JK"], "jokers_as": ["Jh"]}})
    assert answer["points"] == 30
    top = adjudicate({"variant": "jolly_at", "check": "meld", "cards": ["Qh", "Kh", "JK"],
                      "jokers_as": ["Jh"]})
    assert top["points"] == 30


def test_initial_meld_answer_lists_each_meld() -> None:
    answer = adjudicate({"variant": "romme_de", "check": "initial_meld",
                         "melds": [["Qh", "Kh", "Ah"], {"cards": ["5s", "5d", "JK"], "jokers_as": ["5c"]}]})
    assert answer["legal"] is True
    assert answer["points"] == 46
    assert [m["points"] for m in answer["melds"]] == [31, 15]
    assert answer["melds"][1]["reading"] == ["5s", "5d", "5c"]


def test_hand_answer_outside_three_thirteen_charges_every_card() -> None:
    answer = adjudicate({"variant": "rami_fr", "check": "hand", "cards": ["JK", "As", "Kd", "7c"]})
    assert answer["points"] == 150 + 11 + 10 + 7
    assert answer["melds"] == []
    assert sorted(answer["deadwood"]) == sorted(["JK", "As", "Kd", "7c"])


def test_hand_answer_in_three_thirteen_arranges_the_cards() -> None:
    answer = adjudicate({"variant": "three_thirteen", "check": "hand", "round": 3,
                         "cards": ["9s", "10s", "Js", "10h", "10d"]})
    assert answer["points"] == 19
    assert sorted(answer["deadwood"]) == ["9s", "Js"]
    assert [sorted(m) for m in answer["melds"]] == [["10d", "10h", "10s"]]


def test_round_answer_has_scores_and_details() -> None:
    answer = adjudicate({"variant": "jolly_at", "check": "round", "players": [
        {"name": "Anna", "went_out": True, "melds": [["Qh", "Kh", "Ah"], ["4s", "5s", "6s"]]},
        {"name": "Ben", "melds": [["7c", "7d", "7h"]], "hand": ["JK", "8d"]}]})
    assert answer["valid"] is True
    assert answer["scores"] == {"Anna": 31 + 15 + 30, "Ben": 21 - 58}
    assert answer["details"]["Anna"] == {"melds": 46, "layoffs": 0, "hand": 0, "bonus": 30,
                                         "factor": 1, "surcharge": 0, "total": 76}
    assert answer["problems"] == []


def test_an_invalid_round_has_no_scores() -> None:
    answer = adjudicate({"variant": "jolly_at", "check": "round", "players": [{"name": "A", "hand": ["5h"]}]})
    assert answer["valid"] is False
    assert "scores" not in answer
    assert [p["code"] for p in answer["problems"]] == ["CLOSER_MISSING"]


def test_standings_answer_has_finished_winners_and_playoff() -> None:
    answer = adjudicate({"variant": "jolly_at", "check": "standings",
                         "totals": {"Anna": 510, "Ben": 510, "Cleo": 3}, "rounds_played": 8})
    assert answer["finished"] is False
    assert answer["winners"] == []
    assert sorted(answer["playoff"]) == ["Anna", "Ben"]


# -- robustness -------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from([1, -1]).map(lambda sign: sign * 10 ** 4300)
    | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
card_like = st.sampled_from(["Qh", "Kh", "Ah", "JK", "2c", "10d", "J", "x", "5h", "5s", "5d", "★", "", "3s"])
cards_like = st.lists(card_like, max_size=8) | st.text(max_size=12) | json_values
meld_like = cards_like | st.fixed_dictionaries({"cards": cards_like}, optional={"jokers_as": cards_like})
player_like = st.fixed_dictionaries({}, optional={
    "name": st.sampled_from(["A", "B", "C", "", "A" * 41, "B\u202e"]) | st.text(max_size=45) | json_values,
    "melds": st.lists(meld_like | st.lists(card_like | st.fixed_dictionaries(
        {"card": card_like}, optional={"by": st.sampled_from(["A", "B", "Z"]) | json_values}),
        max_size=5), max_size=3) | json_values,
    "hand": cards_like,
    "went_out": st.booleans() | json_values,
    "hand_win": st.booleans() | json_values,
    "meld_points": st.integers(-50, 200) | st.integers() | json_values,
    "hand_points": st.integers(0, 200) | st.integers() | json_values,
    "melded": st.booleans() | json_values,
})
house_like = st.dictionaries(st.sampled_from(sorted({k for v in VARIANTS.values() for k in v.defaults})
                                             + ["bogus"]), json_values | st.integers(-2, 1001), max_size=3)
requests_with_real_keys = st.fixed_dictionaries(
    {"variant": st.sampled_from(list(VARIANTS)) | json_values,
     "check": st.sampled_from(list(CHECKS)) | json_values},
    optional={
        "cards": meld_like,
        "jokers_as": cards_like,
        "melds": st.lists(meld_like, max_size=4) | json_values,
        "whole_hand": st.booleans() | json_values,
        "players": st.lists(player_like, max_size=4) | json_values,
        "totals": st.dictionaries(st.text(max_size=3), st.integers(-100, 1200), max_size=4) | json_values,
        "rounds_played": st.integers(-2, 15) | json_values,
        "playoff": st.lists(st.text(max_size=3), max_size=3) | json_values,
        "winners": st.lists(st.text(max_size=3), max_size=3) | json_values,
        "stakes": st.fixed_dictionaries({"mode": st.sampled_from(["pot", "per_point", "to_winner", "x"])},
                                        optional={"stake": st.integers(-2, 10**5 + 1) | json_values,
                                                  "rate": st.integers(-2, 10**5 + 1) | json_values})
        | json_values,
        "round": st.integers(-1, 13) | json_values,
        "player_count": st.integers(-1, 25) | json_values,
        "house_rules": house_like | json_values,
        "lang": st.sampled_from(["en", "de", "fr"]) | json_values,
    })


def assert_well_formed(request: Any, answer: Any) -> None:
    assert isinstance(answer, dict)
    json.dumps(answer)  # an answer is always JSON
    if "error" in answer:
        assert isinstance(answer["error"]["code"], str) and answer["error"]["message"]
        return
    check = request["check"]
    fields = {"meld": {"legal", "kind", "points", "reading", "problems"},
              "initial_meld": {"legal", "points", "melds", "problems"},
              "hand": {"points", "melds", "deadwood"},
              "round": {"valid", "problems"},
              "standings": {"finished", "winners", "playoff"},
              "settlement": {"winners", "balances", "transfers"}}[check]
    assert fields <= answer.keys()


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_adjudicate_never_raises_on_arbitrary_json(request: Any) -> None:
    answer = adjudicate(request)
    assert isinstance(answer, dict)
    if "error" not in answer:
        assert_well_formed(request, answer)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests_with_real_keys)
def test_adjudicate_never_raises_on_requests_with_real_keys_and_random_values(request: dict[str, Any]) -> None:
    assert_well_formed(request, adjudicate(request))


# -- issue 18: the contract as ADJUDICATION.md and RULES.md §4 write it --------------------------

@pytest.mark.parametrize("key", ["decks", "jokers"])
@pytest.mark.parametrize("check", [MELD, {"variant": "rami_fr", "check": "standings",
                                           "totals": {"A": 1}, "rounds_played": 1}])
def test_decks_and_jokers_are_whole_numbers_never_null(key: str, check: dict[str, Any]) -> None:
    answer = adjudicate(check | {"house_rules": {key: None}})
    assert error_code(answer) == "INVALID_HOUSE_RULE"
    assert answer["error"]["key"] == key and "not null" in answer["error"]["message"]
    # Left out, the variant's pack by player count; a number in range, that pack.
    assert "error" not in adjudicate(check)
    assert "error" not in adjudicate(check | {"house_rules": {key: 2}})


def test_switches_section_4_types_int_or_null_still_take_null() -> None:
    for key in ("hand_size", "max_jokers_per_meld", "target", "hand_win_bonus"):
        assert "error" not in adjudicate(MELD | {"house_rules": {key: None}}), key


def test_standings_without_rounds_played_is_refused() -> None:
    request = {"variant": "three_thirteen", "check": "standings", "totals": {"A": 61, "B": 48}}
    answer = adjudicate(request)
    assert error_code(answer) == "INVALID_REQUEST"
    assert "rounds_played" in answer["error"]["message"]
    assert adjudicate(request | {"rounds_played": 11})["winners"] == ["B"]
    assert adjudicate(request | {"rounds_played": 0})["finished"] is False
    # The CLI says so with exit status 1, as for every request it cannot answer.
    status, answers = cli(json.dumps(request))
    assert status == 1 and error_code(answers[0]) == "INVALID_REQUEST"
