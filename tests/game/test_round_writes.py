"""Rounds written at the service (add, correct, delete, restore), on SQLite and PostgreSQL,
in the engine's player format (what the JSON API sends): the stored scores are the engine's
answer, round for round and variant for variant; a round typed by numbers is counted either
way (separately, or one net number per player); every refusal names its reason and writes
nothing; the game's one counter of versions, its bounds (most rounds, longest history,
largest total) and its play-offs hold.

No HTTP: the round form and the API only translate into these calls.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from bench.table_game import NAMES, long_card_game_file, numbers_round
from scorepad.game import errors, service
from scorepad.game.files import read_game
from scorepad.game.models import Change, Game, Player, Round
from scorepad.game.scoreboard import scoreboard
from scorepad.rules import VARIANTS, rules_for
from scorepad.rules.limits import MAX_CHANGES, MAX_ROUNDS

from ..support.cases import CASES
from ..support.service import (
    CARD_ROUNDS,
    PLAYERS,
    by_numbers,
    count,
    engine_answer,
    engine_scores,
    net,
    stored,
)

ROUND_CASES = [c for c in CASES if c["request"]["check"] == "round"]


def _game(variant: str = "jolly_at", house_rules: dict[str, Any] | None = None,
          players: list[str] | None = None, **options: Any) -> str:
    return service.create_game(variant, house_rules or {}, players or PLAYERS, **options).key


def _said(problem: Any) -> tuple[str, str | None]:
    """A problem's code and the player it is about, as the API answers them."""
    return problem.code, problem.to_json().get("player")


def _refused_and_nothing_written(key: str, error: type[Exception], players: Any,
                                 number: int = 1) -> Any:
    before = stored(key)
    rounds, version = len(before.rounds), before.version
    with pytest.raises(error) as refused:
        service.add_round(key, number, players)
    after = stored(key)
    assert (len(after.rounds), after.version) == (rounds, version)
    return refused.value


# The worked cases ------------------------------------------------------------------------------

def test_there_are_worked_round_cases_of_both_kinds() -> None:
    assert {c["expect"]["valid"] for c in ROUND_CASES} == {True, False}
    assert len({c["request"]["variant"] for c in ROUND_CASES}) >= 4


@pytest.mark.parametrize("case", ROUND_CASES, ids=[c["id"] for c in ROUND_CASES])
def test_a_worked_round_case_is_saved_with_the_cases_scores_or_refused_with_its_code(
        game_app: Flask, case: dict[str, Any]) -> None:
    request, expect = case["request"], case["expect"]
    names = [p["name"] for p in request["players"]]
    key = _game(request["variant"], request.get("house_rules"), names)
    if expect["valid"]:
        saved = service.add_round(key, 1, request["players"])
        assert saved.scores == expect["scores"]
        game = stored(key)
        assert game.rounds[0].entry == {"players": request["players"]}
        assert game.rounds[0].details == engine_answer(
            request["variant"], request["players"], request.get("house_rules"))["details"]
    else:
        refused = _refused_and_nothing_written(key, errors.RoundInvalid, request["players"])
        assert expect["code"] in [p.code for p in refused.problems]
        assert count(Round) == 0


# Cards, every variant --------------------------------------------------------------------------

def test_every_variant_has_a_round_by_cards_here() -> None:
    assert set(CARD_ROUNDS) == set(VARIANTS)


@pytest.mark.parametrize("variant", sorted(CARD_ROUNDS))
def test_a_round_by_cards_is_stored_as_entered_with_the_engines_scores_and_details(
        game_app: Flask, variant: str) -> None:
    players = CARD_ROUNDS[variant]
    key = _game(variant, first_dealer=1)
    rnd = service.add_round(key, 1, players, by="Ben")
    answer = engine_answer(variant, players, round_number=1 if variant == "three_thirteen" else None)
    game = stored(key)
    assert (rnd.number, rnd.dealer, rnd.version) == (1, 1, 1)
    assert game.rounds[0].entry == {"players": players}
    assert (game.rounds[0].scores, game.rounds[0].details) == (answer["scores"], answer["details"])
    assert scoreboard(game).totals == answer["scores"]


def test_a_three_thirteen_round_is_scored_with_the_deal_of_its_number(game_app: Flask) -> None:
    """Round 2 deals four cards with fours wild: the 4c completes Anna's run and
    Ben's 4d counts as a wild card, which it would not in round 1."""
    key = _game("three_thirteen")
    service.add_round(key, 1, CARD_ROUNDS["three_thirteen"])
    second = [{"name": "Anna", "went_out": True, "hand": ["4h", "5h", "6h", "4c"]},
              {"name": "Ben", "hand": ["Kc", "9d", "2s", "4d"]},
              {"name": "Cleo", "hand": ["7c", "7d", "7h", "Js"]}]
    service.add_round(key, 2, second)
    stored_scores = stored(key).rounds[1].scores
    assert stored_scores == engine_scores("three_thirteen", second, round_number=2)
    assert not engine_answer("three_thirteen", second, round_number=1)["valid"]


def test_a_round_with_an_illegal_meld_is_refused_with_the_engines_problem(game_app: Flask) -> None:
    key = _game()
    players = [dict(p) for p in CARD_ROUNDS["jolly_at"]]
    players[1] = players[1] | {"melds": [["7s", "7h", "8d"]]}
    refused = _refused_and_nothing_written(key, errors.RoundInvalid, players)
    assert [_said(p) for p in refused.problems] == [("ILLEGAL_MELD", "Ben")]


def test_a_card_the_engine_cannot_read_is_an_invalid_request_at_the_players(game_app: Flask) -> None:
    key = _game("romme_de")
    players = [dict(p) for p in CARD_ROUNDS["romme_de"]]
    players[2] = players[2] | {"hand": ["Zz"]}
    refused = _refused_and_nothing_written(key, errors.InvalidRequest, players)
    assert refused.field == "players" and refused.code != "INVALID_REQUEST"


# Numbers, both ways of counting ----------------------------------------------------------------

def test_a_round_by_numbers_counted_separately_gets_the_bonus_from_the_engine(game_app: Flask) -> None:
    key = _game()
    separate = by_numbers(0, (60, 0), (20, 15), (0, 40))
    service.add_round(key, 1, separate)
    scores = stored(key).rounds[0].scores
    assert scores == engine_scores("jolly_at", separate) == {"Anna": 90, "Ben": 5, "Cleo": -40}


@pytest.mark.parametrize("counting", ["separate", "net"])
def test_a_round_counted_net_is_stored_as_typed_whatever_the_games_setting(
        game_app: Flask, counting: str) -> None:
    key = _game(counting=counting)
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    service.add_round(key, 2, net(1, -10, 95, 33))
    second = stored(key).rounds[1]
    assert second.scores == {"Anna": -10, "Ben": 95, "Cleo": 33}
    assert second.details["Ben"] == {"net": 95, "total": 95}
    assert scoreboard(stored(key)).totals == {"Anna": 80, "Ben": 100, "Cleo": -7}


@pytest.mark.parametrize(("variant", "players", "error", "code"), [
    ("romme_de", net(0, 0, 20, 30), errors.InvalidRequest, "INVALID_REQUEST"),  # not plus/minus
    ("jolly_at", net(0, 10, 20, 10_001), errors.InvalidRequest, "INVALID_REQUEST"),
    ("jolly_at", net(0, 10, 20, True), errors.InvalidRequest, "INVALID_REQUEST"),
    ("jolly_at", [p | {"hand_points": 3} for p in net(0, 10, 20, 30)], errors.InvalidRequest,
     "INVALID_REQUEST"),
    ("jolly_at", net(-1, 10, 20, 30), errors.RoundInvalid, "CLOSER_COUNT"),
    ("jolly_at", [p | {"went_out": True} for p in net(0, 10, 20, 30)], errors.RoundInvalid,
     "CLOSER_COUNT"),
    ("jolly_at", net(2, 10, 20, -1), errors.RoundInvalid, "NET_CLOSER"),
])
def test_a_round_counted_net_is_refused_where_it_cannot_stand(
        game_app: Flask, variant: str, players: list[dict[str, Any]], error: type[Exception],
        code: str) -> None:
    refused = _refused_and_nothing_written(_game(variant), error, players)
    if isinstance(refused, errors.RoundInvalid):
        assert [p.code for p in refused.problems] == [code]
    else:
        assert (refused.code, refused.field) == (code, "players")


def test_typed_points_are_held_from_zero_to_what_the_whole_pack_is_worth(game_app: Flask) -> None:
    key = _game()
    most = rules_for("jolly_at", {}, player_count=3).most_points
    for too_many in (by_numbers(0, (60, 0), (20, most + 1), (0, 40)),
                     by_numbers(0, (60, 0), (-1, 15), (0, 40))):
        refused = _refused_and_nothing_written(key, errors.RoundInvalid, too_many)
        assert [_said(p) for p in refused.problems] == [("POINTS_OUT_OF_RANGE", "Ben")]
    service.add_round(key, 1, by_numbers(0, (60, 0), (0, most), (0, 40)))
    assert stored(key).rounds[0].scores["Ben"] == -most


@pytest.mark.parametrize("players", [
    by_numbers(0, (60, 0), (20, 15)),  # Cleo missing
    by_numbers(0, (60, 0), (20, 15), (0, 40), (0, 5), names=PLAYERS + ["Dora"]),
    by_numbers(0, (60, 0), (20, 15), (0, 40), names=["Anna", "Ben", "Dora"]),
    by_numbers(0, (60, 0), (20, 15), (0, 40), names=["Anna", "Ben", "Ben"]),
    "Anna 60, Ben 20",
    [["Anna", 60]],
    [{"name": "Anna", "colour": "red"}],
])
def test_a_round_must_list_each_player_of_the_game_once(game_app: Flask, players: Any) -> None:
    refused = _refused_and_nothing_written(_game(), errors.InvalidRequest, players)
    assert refused.field == "players"


# Versions, corrections, deletions --------------------------------------------------------------

def test_every_change_takes_the_next_version_from_the_games_one_counter(game_app: Flask) -> None:
    key = _game()
    versions = [service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40))).version]
    versions.append(service.add_round(key, 2, by_numbers(1, (10, 30), (80, 0), (35, 5))).version)
    versions.append(service.correct_round(key, 1, versions[0],
                                          by_numbers(0, (70, 0), (20, 15), (0, 40))).version)
    deleted = service.delete_round(key, 2, versions[1])
    versions.append(service.restore_round(key, deleted.id).version)
    assert versions == [1, 2, 3, 4]
    game = stored(key)
    assert (game.last_version, game.version) == (4, 6)  # created 1, then five writes
    assert [c.round_version for c in game.history] == [1, 2, 3, 2, 4]
    assert [c.action for c in game.history] == ["added", "added", "corrected", "deleted", "restored"]


def test_a_correction_keeps_the_rounds_number_dealer_and_players(game_app: Flask) -> None:
    key = _game(first_dealer=2)
    seen = service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40))).version
    fixed = service.correct_round(key, 1, seen, net(2, 5, 10, 50))
    assert (fixed.number, fixed.dealer) == (1, 2)
    assert stored(key).rounds[0].scores == {"Anna": 5, "Ben": 10, "Cleo": 50}
    with pytest.raises(errors.InvalidRequest) as refused:
        service.correct_round(key, 1, fixed.version,
                              by_numbers(0, (60, 0), (20, 15), names=["Anna", "Ben"]))
    assert refused.value.field == "players"


def test_a_correction_that_breaks_the_rules_changes_nothing(game_app: Flask) -> None:
    key = _game()
    seen = service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40))).version
    with pytest.raises(errors.RoundInvalid):
        service.correct_round(key, 1, seen, by_numbers(-1, (60, 0), (20, 15), (0, 40)))
    game = stored(key)
    assert (game.rounds[0].version, game.last_version, len(game.history)) == (seen, seen, 1)


@pytest.mark.parametrize("version", [True, "1", None, 1.5])
def test_a_version_that_is_not_a_whole_number_is_a_conflict(game_app: Flask, version: Any) -> None:
    key = _game()
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    with pytest.raises(errors.Conflict):
        service.correct_round(key, 1, version, net(0, 1, 2, 3))
    with pytest.raises(errors.Conflict):
        service.delete_round(key, 1, version)
    assert count(Round) == 1 and count(Change) == 1


def test_a_round_deleted_meanwhile_is_gone_for_its_versions_and_not_found_for_others(
        game_app: Flask) -> None:
    key = _game()
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    seen = service.add_round(key, 2, by_numbers(1, (10, 30), (80, 0), (35, 5))).version
    service.delete_round(key, 2, seen)
    with pytest.raises(errors.RoundGone) as gone:
        service.correct_round(key, 2, seen, net(0, 1, 2, 3))
    assert gone.value.extra == {"round_number": 2} and isinstance(gone.value, errors.Conflict)
    with pytest.raises(errors.RoundGone):
        service.delete_round(key, 2, seen)
    with pytest.raises(errors.RoundNotFound):
        service.correct_round(key, 2, seen + 5, net(0, 1, 2, 3))
    with pytest.raises(errors.RoundNotFound):
        service.correct_round(key, 7, seen, net(0, 1, 2, 3))
    # Another round 2 saved since: the phone that saw the deleted one holds a stale version.
    service.add_round(key, 2, by_numbers(2, (0, 30), (20, 10), (70, 0)))
    with pytest.raises(errors.Conflict):
        service.delete_round(key, 2, seen)
    assert [r.number for r in stored(key).rounds] == [1, 2]


def test_the_only_round_is_deleted_and_round_one_is_next_again(game_app: Flask) -> None:
    key = _game(first_dealer=1)
    seen = service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40))).version
    service.delete_round(key, 1, seen)
    board = scoreboard(stored(key))
    assert (board.next_number, board.next_dealer, board.totals) == (
        1, "Ben", dict.fromkeys(PLAYERS, 0))
    assert count(Round) == 0 and count(Change) == 2


def test_a_restored_round_is_scored_again_under_the_games_rules_now(game_app: Flask) -> None:
    """The deletion keeps the entry; restoring it scores the entry again, so it stands
    exactly as the engine scores it today."""
    key = _game()
    entry = by_numbers(1, (10, 30), (80, 0), (35, 5))
    service.delete_round(key, 1, service.add_round(key, 1, entry).version)
    deletion = stored(key).history[-1]
    assert deletion.before is not None and deletion.before["entry"] == {"players": entry}
    restored = service.restore_round(key, deletion.id, by="Cleo", device="e" * 22)
    assert restored.scores == engine_scores("jolly_at", entry)
    change = stored(key).history[-1]
    assert (change.action, change.by, change.device, change.round_version) == (
        "restored", "Cleo", "e" * 22, restored.version)


def test_a_change_that_is_no_deletion_cannot_be_restored(game_app: Flask) -> None:
    key = _game()
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    added = stored(key).history[0].id
    for change_id in (added, "1", None):
        with pytest.raises(errors.RoundNotFound):
            service.restore_round(key, change_id)
    assert count(Round) == 1 and count(Change) == 1


def test_a_deletion_of_another_game_cannot_be_restored_here(game_app: Flask) -> None:
    key, other = _game(), _game()
    service.delete_round(key, 1, service.add_round(key, 1, net(0, 1, 2, 3)).version)
    deletion = stored(key).history[-1].id
    with pytest.raises(errors.RoundNotFound):
        service.restore_round(other, deletion)
    assert service.restorable(stored(key)) == {deletion}
    assert service.restorable(stored(other)) == set()


# Write ids and Idempotency-Keys ----------------------------------------------------------------

def test_an_idempotency_key_sent_again_with_its_request_saves_nothing_twice(game_app: Flask) -> None:
    key = _game()
    entry = by_numbers(0, (60, 0), (20, 15), (0, 40))
    request = service.request_hash("POST", f"/api/v1/games/{key}/rounds", {"players": entry})
    service.add_round(key, 1, entry, write_id="k-1", request=request)
    with pytest.raises(errors.AlreadySaved) as again:
        service.add_round(key, 1, entry, write_id="k-1", request=request)
    assert (again.value.number, again.value.action) == (1, "added")
    assert stored(key).history[0].request_hash == request
    assert count(Round) == 1


def test_an_idempotency_key_sent_with_another_request_is_refused_in_any_game(game_app: Flask) -> None:
    key, other = _game(), _game()
    entry = by_numbers(0, (60, 0), (20, 15), (0, 40))
    first = service.request_hash("POST", f"/api/v1/games/{key}/rounds", {"players": entry})
    service.add_round(key, 1, entry, write_id="k-1", request=first)
    changed = by_numbers(0, (60, 0), (20, 25), (0, 40))
    with pytest.raises(errors.KeyReused) as reused:
        service.add_round(key, 2, changed, write_id="k-1",
                          request=service.request_hash("POST", f"/api/v1/games/{key}/rounds",
                                                       {"players": changed}))
    assert reused.value.code == "IDEMPOTENCY_KEY_REUSED"
    with pytest.raises(errors.KeyReused):
        service.add_round(other, 1, entry, write_id="k-1",
                          request=service.request_hash("POST", f"/api/v1/games/{other}/rounds",
                                                       {"players": entry}))
    with pytest.raises(errors.KeyReused):
        service.correct_round(key, 1, 1, changed, write_id="k-1", request="0" * 64)
    assert count(Round) == 1 and count(Change) == 1


def test_a_forms_write_id_is_kept_per_game(game_app: Flask) -> None:
    """The round form's write id (no request hash) is looked up in its own game only."""
    key, other = _game(), _game()
    entry = by_numbers(0, (60, 0), (20, 15), (0, 40))
    service.add_round(key, 1, entry, write_id="form-1")
    service.add_round(other, 1, entry, write_id="form-1")
    assert count(Round) == 2


def test_a_write_id_of_an_added_round_is_already_saved_for_a_correction_too(game_app: Flask) -> None:
    key = _game()
    seen = service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)), write_id="w").version
    with pytest.raises(errors.AlreadySaved) as again:
        service.correct_round(key, 1, seen, net(0, 1, 2, 3), write_id="w")
    assert again.value.action == "added"
    assert stored(key).rounds[0].version == seen


# Play-offs, the end, the bounds ----------------------------------------------------------------

def test_a_tie_past_the_target_is_played_off_by_the_tied_players_only(game_app: Flask) -> None:
    key = _game(house_rules={"target": 100})
    service.add_round(key, 1, net(0, 120, 120, 10))
    board = scoreboard(stored(key))
    assert (board.finished, board.playoff, board.playing) == (False, ["Anna", "Ben"], ["Anna", "Ben"])
    with pytest.raises(errors.InvalidRequest) as everybody:
        service.add_round(key, 2, net(0, 30, -10, 5))
    assert everybody.value.field == "players"
    play_off = net(0, 30, -10, names=["Anna", "Ben"])
    rnd = service.add_round(key, 2, play_off)
    assert (rnd.dealer, rnd.scores) == (service.dealer_of(stored(key), 2), {"Anna": 30, "Ben": -10})
    board = scoreboard(stored(key))
    assert (board.finished, board.winners, board.totals["Cleo"]) == (True, ["Anna"], 10)
    assert stored(key).finished


def test_a_finished_game_takes_corrections_and_opens_again_when_one_undoes_the_end(
        game_app: Flask) -> None:
    key = _game(house_rules={"target": 100})
    seen = service.add_round(key, 1, net(0, 150, 20, 10)).version
    assert stored(key).finished
    with pytest.raises(errors.Conflict):
        service.add_round(key, 2, net(0, 1, 2, 3))
    service.correct_round(key, 1, seen, net(0, 50, 20, 10))
    game = stored(key)
    assert not game.finished and scoreboard(game).next_number == 2
    service.add_round(key, 2, net(1, 0, 90, 5))
    assert stored(key).finished and scoreboard(stored(key)).winners == ["Ben"]


def test_a_round_that_would_carry_a_total_past_the_bound_is_refused(game_app: Flask) -> None:
    key = _game(house_rules={"target": None})
    for _ in range(10):
        service.add_round(key, len(stored(key).rounds) + 1, net(0, 10_000, 0, 0))
    assert scoreboard(stored(key)).totals["Anna"] == 100_000
    refused = _refused_and_nothing_written(key, errors.RoundInvalid, net(0, 1, 0, 0), number=11)
    assert refused.code == "TOTAL_TOO_LARGE"
    assert [_said(p) for p in refused.problems] == [("TOTAL_TOO_LARGE", "Anna")]
    service.add_round(key, 11, net(1, -1, 5, 0))
    assert scoreboard(stored(key)).totals["Anna"] == 99_999


def _imported(document: dict[str, Any]) -> str:
    return service.add_game(read_game(document)).key


def test_a_game_takes_its_last_round_and_refuses_the_one_past_the_cap(game_app: Flask) -> None:
    key = _imported(long_card_game_file(MAX_ROUNDS - 1))
    service.add_round(key, MAX_ROUNDS, numbers_round(MAX_ROUNDS))
    refused = _refused_and_nothing_written(key, errors.InvalidRequest,
                                           numbers_round(MAX_ROUNDS + 1), number=MAX_ROUNDS + 1)
    assert (refused.code, refused.field, refused.extra) == ("GAME_TOO_LONG", "number",
                                                             {"most": MAX_ROUNDS})
    assert len(stored(key).rounds) == MAX_ROUNDS


def test_a_full_history_refuses_rounds_corrections_deletions_and_restorations(
        game_app: Flask) -> None:
    key = _imported(long_card_game_file(10, MAX_CHANGES))
    game = stored(key)
    versions = {r.number: r.version for r in game.rounds}
    writes = [lambda: service.add_round(key, 11, numbers_round(11)),
              lambda: service.correct_round(key, 3, versions[3], numbers_round(3)),
              lambda: service.delete_round(key, 10, versions[10]),
              lambda: service.change_game(key, name="still fine")]
    for write in writes[:3]:
        with pytest.raises(errors.InvalidRequest) as refused:
            write()
        assert refused.value.code == "HISTORY_FULL"
        assert refused.value.extra == {"most": MAX_CHANGES}
    writes[3]()  # renaming the game writes no change to the history
    game = stored(key)
    assert (len(game.rounds), len(game.history), game.name) == (10, MAX_CHANGES, "still fine")
    assert [r.version for r in game.rounds] == list(versions.values())


def test_a_game_of_six_by_numbers_is_dealt_round_by_round_from_the_first_dealer(
        game_app: Flask) -> None:
    key = service.create_game("jolly_at", {"target": None}, NAMES, first_dealer=4).key
    for number in range(1, 9):
        service.add_round(key, number, numbers_round(number))
    game = stored(key)
    assert [r.dealer for r in game.rounds] == [4, 5, 0, 1, 2, 3, 4, 5]
    assert [service.dealer_of(game, n) for n in range(1, 10)] == [4, 5, 0, 1, 2, 3, 4, 5, 0]
    assert scoreboard(game).next_dealer == NAMES[0]


def test_dealer_of_passes_the_deal_to_the_left_from_any_first_dealer() -> None:
    game = Game(first_dealer=2)
    game.players = [Player(seat=i, name=name) for i, name in enumerate(PLAYERS)]
    assert [service.dealer_of(game, n) for n in range(1, 8)] == [2, 0, 1, 2, 0, 1, 2]
    game.first_dealer = 0
    assert [service.dealer_of(game, n) for n in (1, 3, 4)] == [0, 2, 0]
