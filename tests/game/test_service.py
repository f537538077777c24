"""The service called directly: every write of scorepad/game/service.py, on SQLite and PostgreSQL.

No HTTP: each test calls the functions inside an app context of ``any_app`` (``game_app`` of
tests/game/conftest.py: the schema made by the migrations, once per database) and reads back what
the database holds (helpers: tests/support/service.py).
A refusal is a typed exception and changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorepad.game import devices, errors, evenings, service
from scorepad.game.db import db
from scorepad.game.files import export_game, read_game
from scorepad.game.models import Change, DraftPart, Evening, Game, KnownGame, Profile, Round

from ..support.service import DEVICE, PLAYERS, by_numbers, count, engine_scores, stored


def new_game(**options: Any) -> str:
    return service.create_game("jolly_at", {}, PLAYERS, **options).key


# Games --------------------------------------------------------------------------------------

def test_create_game_stores_the_players_in_seat_order_and_only_the_changed_house_rules(game_app: Flask) -> None:
    game = service.create_game("jolly_at", {"target": 1000, "closer_bonus": 30}, ["  Anna  Maria ", "Ben"],
                               first_dealer=1, name=" Friday ", counting="net")
    game = stored(game.key)
    assert [p.name for p in sorted(game.players, key=lambda p: p.seat)] == ["Anna Maria", "Ben"]
    assert game.house_rules == {"target": 1000}  # 30 is the closer bonus Jolly has anyway
    assert (game.first_dealer, game.name, game.counting, game.version) == (1, "Friday", "net", 1)
    assert service.find_game(game.key) is not None and service.find_game("no-such-key") is None


@pytest.mark.parametrize(("variant", "players", "options", "code", "field"), [
    ("gin_rummy", PLAYERS, {}, "UNKNOWN_VARIANT", "variant"),
    ("jolly_at", ["Anna"], {}, "INVALID_REQUEST", "players"),
    ("jolly_at", ["Anna", "\u0410nna"], {}, "INVALID_REQUEST", "players[1]"),  # Cyrillic А
    ("jolly_at", ["Anna", "Ben\u202e"], {}, "INVALID_REQUEST", "players[1]"),
    ("jolly_at", PLAYERS, {"first_dealer": 3}, "INVALID_REQUEST", "first_dealer"),
    ("jolly_at", PLAYERS, {"first_dealer": True}, "INVALID_REQUEST", "first_dealer"),
    ("jolly_at", PLAYERS, {"counting": "both"}, "INVALID_REQUEST", "counting"),
    ("jolly_at", PLAYERS, {"stakes_mode": "pot", "stakes_cents": 100, "currency": "XYZ"},
     "INVALID_REQUEST", "currency"),
    ("jolly_at", PLAYERS, {"stakes_mode": "pot", "stakes_cents": -1}, "INVALID_REQUEST", "stakes_cents"),
])
def test_create_game_refuses_bad_input_and_writes_nothing(
        game_app: Flask, variant: str, players: list[str], options: dict[str, Any], code: str, field: str) -> None:
    with pytest.raises(errors.InvalidRequest) as refused:
        service.create_game(variant, {}, players, **options)
    assert (refused.value.code, refused.value.field) == (code, field)
    assert count(Game) == 0


def test_create_game_refuses_a_house_rule_out_of_range(game_app: Flask) -> None:
    with pytest.raises(errors.InvalidRequest) as refused:
        service.create_game("jolly_at", {"decks": 9}, PLAYERS)
    assert (refused.value.code, refused.value.extra["key"]) == ("INVALID_HOUSE_RULE", "decks")
    assert count(Game) == 0


def test_add_game_stores_an_imported_game_as_it_was_exported(game_app: Flask) -> None:
    key = new_game()
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    document = export_game(stored(key))
    copy = service.add_game(read_game(document))
    copy = stored(copy.key)
    assert copy.key != key
    assert [(r.number, r.scores) for r in copy.rounds] == [(r.number, r.scores) for r in stored(key).rounds]
    assert count(Game) == 2


def test_change_game_and_delete_game(game_app: Flask) -> None:
    key = new_game()
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    devices.choose_player(key, DEVICE, "Ben")
    service.change_game(key, name="Sunday", counting="net", archived=True)
    game = stored(key)
    assert (game.name, game.counting, game.archived, game.version) == ("Sunday", "net", True, 3)
    with pytest.raises(errors.InvalidRequest):
        service.change_game(key, name="x" * 61)
    assert stored(key).name == "Sunday"
    service.delete_game(key)
    assert (count(Game), count(Round), count(Change), count(KnownGame)) == (0, 0, 0, 0)
    with pytest.raises(errors.GameNotFound):
        service.delete_game(key)


# Rounds -------------------------------------------------------------------------------------

def test_add_round_stores_the_engines_scores_the_dealer_and_the_history(game_app: Flask) -> None:
    key = new_game(first_dealer=2)
    first = by_numbers(0, (60, 0), (20, 15), (0, 40))
    second = by_numbers(1, (10, 30), (80, 0), (35, 5))
    service.add_round(key, 1, first, by="Anna", device=DEVICE)
    service.add_round(key, 2, second)
    game = stored(key)
    assert [r.scores for r in game.rounds] == [engine_scores("jolly_at", first),
                                              engine_scores("jolly_at", second)]
    assert [r.dealer for r in game.rounds] == [2, 0]
    assert [(c.round_number, c.action, c.by, c.device) for c in game.history] == [
        (1, "added", "Anna", DEVICE), (2, "added", None, None)]
    assert game.version == 3


@pytest.mark.parametrize("number", [0, 2, True, "1"])
def test_add_round_other_than_the_next_is_a_conflict(game_app: Flask, number: Any) -> None:
    key = new_game()
    with pytest.raises(errors.Conflict) as refused:
        service.add_round(key, number, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    assert refused.value.extra == {"next_round": 1}
    assert count(Round) == 0 and stored(key).version == 1


def test_add_round_refusals_name_what_is_wrong_and_write_nothing(game_app: Flask) -> None:
    key = new_game()
    with pytest.raises(errors.InvalidRequest) as wrong:
        service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15)))  # Cleo missing
    assert wrong.value.field == "players"
    with pytest.raises(errors.InvalidRequest):
        service.add_round(key, 1, [{"name": "Anna", "colour": "red"}])
    nobody_out = by_numbers(-1, (60, 0), (20, 15), (0, 40))
    with pytest.raises(errors.RoundInvalid) as invalid:
        service.add_round(key, 1, nobody_out)
    assert invalid.value.problems and all(p.code for p in invalid.value.problems)
    with pytest.raises(errors.GameNotFound):
        service.add_round("A" * 22, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    assert (count(Round), count(Change), stored(key).version) == (0, 0, 1)


def test_a_finished_game_takes_no_more_rounds(game_app: Flask) -> None:
    key = service.create_game("jolly_at", {"target": 50}, PLAYERS).key
    service.add_round(key, 1, by_numbers(0, (90, 0), (20, 15), (0, 40)))
    assert stored(key).finished
    with pytest.raises(errors.Conflict):
        service.add_round(key, 2, by_numbers(1, (10, 30), (80, 0), (35, 5)))
    assert count(Round) == 1


def test_correct_round_replaces_the_entry_at_the_version_the_phone_saw(game_app: Flask) -> None:
    key = new_game()
    seen = service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40))).version
    fixed = by_numbers(0, (60, 0), (20, 25), (0, 40))
    service.correct_round(key, 1, seen, fixed, by="Ben")
    game = stored(key)
    assert game.rounds[0].scores == engine_scores("jolly_at", fixed)
    # A new version from the game's one counter.
    assert game.rounds[0].version == game.last_version > seen
    change = game.history[-1]
    assert (change.action, change.by) == ("corrected", "Ben")
    assert change.before is not None and change.after is not None
    assert change.before["scores"] != change.after["scores"]
    # A phone that corrected the first version too comes second: a conflict naming the current one.
    with pytest.raises(errors.Conflict) as late:
        service.correct_round(key, 1, seen, by_numbers(0, (60, 0), (20, 5), (0, 40)))
    assert late.value.extra == {"round_version": game.last_version}
    with pytest.raises(errors.RoundNotFound):
        service.correct_round(key, 2, 1, fixed)
    assert stored(key).rounds[0].scores == engine_scores("jolly_at", fixed)


def test_delete_round_only_the_last_and_only_at_its_version(game_app: Flask) -> None:
    key = new_game()
    first = service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40))).version
    second = service.add_round(key, 2, by_numbers(1, (10, 30), (80, 0), (35, 5))).version
    with pytest.raises(errors.Conflict):
        service.delete_round(key, 1, first)
    with pytest.raises(errors.Conflict) as stale:
        service.delete_round(key, 2, 7)
    assert stale.value.extra == {"round_version": second}
    with pytest.raises(errors.RoundNotFound):
        service.delete_round(key, 3, 1)
    assert count(Round) == 2
    change = service.delete_round(key, 2, second, by="Cleo")
    game = stored(key)
    assert [r.number for r in game.rounds] == [1]
    assert (change.action, change.by, change.round_number) == ("deleted", "Cleo", 2)


def test_restore_round_undoes_a_deletion_while_no_round_came_after_it(game_app: Flask) -> None:
    key = new_game()
    second = by_numbers(1, (10, 30), (80, 0), (35, 5))
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    deleted = service.delete_round(key, 2, service.add_round(key, 2, second).version).id
    assert service.restorable(stored(key)) == {deleted}
    service.restore_round(key, deleted, by="Anna")
    game = stored(key)
    assert [(r.number, r.scores) for r in game.rounds] == [
        (1, game.rounds[0].scores), (2, engine_scores("jolly_at", second))]
    assert game.history[-1].action == "restored"
    with pytest.raises(errors.Conflict):  # round 2 is back: that deletion is undone
        service.restore_round(key, deleted)
    # Deleted again, then another round 2 saved: the deletion can no longer be undone.
    again = service.delete_round(key, 2, stored(key).rounds[-1].version).id
    service.add_round(key, 2, by_numbers(2, (0, 30), (20, 10), (70, 0)))
    assert service.restorable(stored(key)) == set()
    with pytest.raises(errors.Conflict):
        service.restore_round(key, again)
    with pytest.raises(errors.RoundNotFound):
        service.restore_round(key, 10**6)
    assert [r.number for r in stored(key).rounds] == [1, 2]


# Write ids: the same form sent twice is saved once ----------------------------------------------

def test_a_write_id_saves_a_round_once_and_answers_as_the_first_time(game_app: Flask) -> None:
    key = new_game()
    entry = by_numbers(0, (60, 0), (20, 15), (0, 40))
    service.add_round(key, 1, entry, by="Anna", write_id="form-1", device=DEVICE)
    with pytest.raises(errors.AlreadySaved) as again:
        service.add_round(key, 1, entry, by="Anna", write_id="form-1", device=DEVICE)
    assert (again.value.number, again.value.action, again.value.by, again.value.device) == (
        1, "added", "Anna", DEVICE)
    # Even sent after the next round was saved, it saves nothing (no "round 3").
    service.add_round(key, 2, by_numbers(1, (10, 30), (80, 0), (35, 5)), write_id="form-2")
    with pytest.raises(errors.AlreadySaved):
        service.add_round(key, 3, entry, write_id="form-1")
    assert count(Round) == 2 and count(Change) == 2


def test_a_write_id_corrects_once(game_app: Flask) -> None:
    key = new_game()
    seen = service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40))).version
    fixed = by_numbers(0, (60, 0), (20, 25), (0, 40))
    service.correct_round(key, 1, seen, fixed, write_id="fix")
    with pytest.raises(errors.AlreadySaved) as again:
        service.correct_round(key, 1, seen, fixed, write_id="fix")
    assert again.value.action == "corrected"
    assert stored(key).rounds[0].version == seen + 1 and count(Change) == 2


@pytest.mark.parametrize("write_id", ["", "with space", "x" * 65, 42, "é"])
def test_a_malformed_write_id_is_refused_before_anything_is_written(game_app: Flask, write_id: Any) -> None:
    key = new_game()
    with pytest.raises(errors.InvalidRequest) as refused:
        service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)), write_id=write_id)
    assert refused.value.field == "write_id"
    assert count(Round) == 0


# Browser memory and parts entered together ------------------------------------------------------

def test_choose_player_and_remember_game_keep_one_row_per_browser_and_game(game_app: Flask) -> None:
    key = new_game()
    game_id = stored(key).id
    devices.remember_game(game_id, DEVICE)
    devices.remember_game(game_id, DEVICE, opened=True, modes={"Anna": "cards"})
    devices.choose_player(key, DEVICE, "Cleo")
    db.session.rollback()
    known = db.session.get(KnownGame, (DEVICE, game_id))
    assert known is not None and (known.player, known.entry_modes) == ("Cleo", {"Anna": "cards"})
    devices.choose_player(key, DEVICE, None)
    db.session.rollback()
    assert db.session.get(KnownGame, (DEVICE, game_id)).player is None
    assert count(KnownGame) == 1


def test_parts_are_kept_for_the_next_round_only_and_cleared_after_it(game_app: Flask) -> None:
    key = new_game()
    part = {"name": "Anna", "meld_points": 60, "hand_points": 0}
    service.save_part(key, 1, "Anna", part, {"hand": "0"}, by="Anna")
    row = service.save_part(key, 1, "Anna", part | {"meld_points": 70}, {"hand": "0"}, by="Anna")
    assert row.rev == 2 and count(DraftPart) == 1
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    with pytest.raises(errors.Conflict):
        service.save_part(key, 1, "Ben", part, {}, by="Ben")
    service.clear_parts(key, 1)
    assert count(DraftPart) == 0


# Evenings and profiles ---------------------------------------------------------------------------

def test_an_evening_is_started_once_and_joined_by_another_game(game_app: Flask) -> None:
    first, second = new_game(), new_game()
    evening = evenings.start_evening(first)
    assert evenings.start_evening(first).key == evening.key  # a second phone joins it
    evenings.join_evening(second, evening.key)
    db.session.rollback()
    found = evenings.find_evening(evening.key)
    assert found is not None and [g.key for g in found.games] == [first, second]
    assert count(Evening) == 1
    with pytest.raises(errors.InvalidRequest) as unknown:
        evenings.join_evening(second, "B" * 22)
    assert unknown.value.field == "evening"


def test_a_game_for_money_joins_only_an_evening_of_its_currency(game_app: Flask) -> None:
    euros = new_game(stakes_mode="pot", stakes_cents=100, currency="EUR")
    francs = new_game(stakes_mode="per_point", stakes_cents=1, currency="CHF")
    evening = evenings.start_evening(euros)
    assert evening.currency == "EUR"
    with pytest.raises(errors.InvalidRequest) as refused:
        evenings.join_evening(francs, evening.key)
    assert refused.value.field == "evening"
    assert stored(francs).evening is None


def test_a_profile_keeps_only_the_changed_house_rules_under_a_checked_name(game_app: Flask) -> None:
    profile = devices.save_profile(DEVICE, "  Omas   Rommé ", "romme_de", {"initial_min_points": 30})
    db.session.rollback()
    kept = devices.find_profile(profile.key)
    assert kept is not None
    assert (kept.name, kept.variant, kept.house_rules, kept.device) == (
        "Omas Rommé", "romme_de", {"initial_min_points": 30}, DEVICE)
    for name, variant, rules in [("", "romme_de", {}), ("Oma\u202e", "romme_de", {}),
                                 ("x" * 61, "romme_de", {}), ("Oma", "gin_rummy", {}),
                                 ("Oma", "romme_de", {"decks": 9})]:
        with pytest.raises(errors.InvalidRequest):
            devices.save_profile(DEVICE, name, variant, rules)
    assert count(Profile) == 1
    game = service.create_game("romme_de", kept.house_rules, PLAYERS, profile_name=kept.name)
    assert stored(game.key).profile_name == "Omas Rommé"


def test_a_refusal_outside_a_request_speaks_the_source_language(game_app: Flask) -> None:
    """No browser to ask (a command, a direct call): the refusal is raised in English, not a
    RuntimeError about a missing request."""
    with pytest.raises(errors.InvalidRequest) as refused:
        service.create_game("gin_rummy", {}, PLAYERS)
    assert str(refused.value) == "Unknown variant."
