"""The engine's public reader of round entries (``read_players``) and Rami's surcharge in its
parts (``Breakdown.surcharge_parts``): what the app calls instead of the JSON contract."""

from __future__ import annotations

from typing import Any

import pytest

from scorepad.rules import (
    Meld,
    MeldCard,
    PlayerRound,
    RequestError,
    adjudicate,
    parse_card,
    parse_cards,
    read_players,
    rules_for,
    score_round,
)


def test_an_entry_by_cards_reads_as_the_engine_typed_it() -> None:
    players = read_players([
        {"name": "Anna", "went_out": True, "hand_win": False,
         "melds": [{"cards": ["7h", "JK", "9h"], "jokers_as": ["8h"]},
                   ["Qc", {"card": "Kc", "by": "Ben"}, "Ac"]], "hand": []},
        {"name": "Ben", "hand": "5s 6d"},
    ])
    assert players == [
        PlayerRound("Anna", melds=(
            Meld.of(parse_cards("7h JK 9h"), jokers_as=[parse_card("8h")]),
            Meld((MeldCard(parse_card("Qc")), MeldCard(parse_card("Kc"), "Ben"),
                  MeldCard(parse_card("Ac"))))), hand=(), went_out=True),
        PlayerRound("Ben", hand=tuple(parse_cards("5s 6d"))),
    ]


def test_an_entry_by_numbers_keeps_its_numbers_and_leaves_out_the_hand() -> None:
    anna, ben = read_players([{"name": "Anna", "went_out": True, "meld_points": 60},
                              {"name": "Ben", "meld_points": 0, "hand_points": 14,
                               "melded": False}])
    assert anna == PlayerRound("Anna", went_out=True, meld_points=60)
    assert ben.hand is None and ben.hand_points == 14 and ben.melded is False


@pytest.mark.parametrize("entry, code, message", [
    ("Anna", "INVALID_REQUEST", "the field 'players' must be a list"),
    ([], "INVALID_REQUEST", "a round needs players"),
    ([{"name": "A"}, {"name": "A"}], "INVALID_REQUEST", "two players are called 'A'"),
    ([{"name": "A", "hand": "Zz"}], "INVALID_CARD", None),
    ([{"name": "A", "melded": "yes"}], "INVALID_REQUEST", "players[0].melded must be true or false"),
])
def test_an_entry_the_engine_cannot_read_is_refused_as_the_contract_refuses_it(
        entry: Any, code: str, message: str | None) -> None:
    with pytest.raises(RequestError) as caught:
        read_players(entry)
    assert caught.value.code == code
    if message is not None:
        assert str(caught.value) == message
    answer = adjudicate({"variant": "jolly_at", "check": "round", "players": entry})
    if isinstance(entry, list) and entry:
        assert answer["error"] == caught.value.to_json()["error"]


def test_scoring_what_it_reads_answers_as_the_contract() -> None:
    entry = [{"name": "Anna", "went_out": True, "melds": [["Qh", "Kh", "Ah"]], "hand": []},
             {"name": "Ben", "hand": ["JK", "5h"]}]
    typed = score_round(read_players(entry), rules_for("jolly_at", player_count=2))
    assert typed.to_json() == adjudicate({"variant": "jolly_at", "check": "round",
                                          "players": entry})


def _rami(*players: dict[str, Any], **house: Any) -> dict[str, Any]:
    result = score_round(read_players(list(players)),
                         rules_for("rami_fr", house or None, player_count=len(players)))
    assert result.valid, result.problems
    return {name: b.surcharge_parts for name, b in result.details.items()}


CLOSER = {"name": "P1", "went_out": True, "melds": [["Ac", "2c", "3c"], ["Ks", "Kd", "Kh"]],
          "hand": []}


def test_rami_surcharge_parts_add_up_to_the_surcharge_by_house_rule() -> None:
    melded = {"name": "P2", "melds": [["5s", "6s", "7s"]], "hand": ["9s"]}
    never = {"name": "P3", "hand": ["9c", "JK"]}
    assert _rami(CLOSER, melded, never) == {"P1": (), "P2": (), "P3": (("unmelded", 100),)}
    rummy = CLOSER | {"hand_win": True}
    assert _rami(rummy, melded, never) == {
        "P1": (), "P2": (("rummy", 100),), "P3": (("rummy", 100), ("unmelded", 100))}
    # Nobody else had melded: 200 in place of the rummy's 100, the 100 for never melding
    # added, or (house rule "both") the 200 alone.
    assert _rami(rummy, never) == {"P1": (), "P3": (("rummy_no_melds", 200), ("unmelded", 100))}
    assert _rami(rummy, never, rummy_no_melds_replaces="both") == {
        "P1": (), "P3": (("rummy_no_melds", 200),)}
    assert _rami(rummy, never, unmelded_surcharge=0) == {
        "P1": (), "P3": (("rummy_no_melds", 200),)}
    result = score_round(read_players([rummy, melded, never]), rules_for("rami_fr", player_count=3))
    for b in result.details.values():
        assert sum(n for _part, n in b.surcharge_parts) == b.surcharge


def test_surcharge_parts_stay_out_of_the_contract() -> None:
    answer = adjudicate({"variant": "rami_fr", "check": "round",
                         "players": [CLOSER, {"name": "P3", "hand": ["9c", "JK"]}]})
    assert answer["details"]["P3"] == {"melds": 0, "layoffs": 0, "hand": 159, "bonus": 0,
                                       "factor": 1, "surcharge": 100, "total": 259}
