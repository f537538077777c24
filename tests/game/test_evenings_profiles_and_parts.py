"""What the service keeps beside the rounds, on SQLite and PostgreSQL: evenings (started once,
joined, held to one currency), house-rule profiles, the parts of a round entered together
(kept for the next round only, counted, cleared), a browser's memory of its games, settings
changed on a game, and a game deleted with everything that belongs to it.

No HTTP: the evening, profile, together and settings views only translate into these calls.
"""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import select

from scorepad.game import devices, errors, evenings, service
from scorepad.game.db import db
from scorepad.game.models import Change, DraftPart, Evening, Game, KnownGame, Player, Profile, Round

from ..support.service import DEVICE, PLAYERS, by_numbers, count, stored

PART = {"name": "Anna", "meld_points": 60, "hand_points": 0}


def _game(**options: object) -> str:
    return service.create_game("jolly_at", {}, PLAYERS, **options).key


# Evenings --------------------------------------------------------------------------------------

def test_an_evening_without_money_takes_the_apps_currency(game_app: Flask) -> None:
    game_app.config["SCOREPAD_CURRENCY"] = "CHF"
    evening = evenings.start_evening(_game())
    db.session.rollback()
    found = evenings.find_evening(evening.key)
    assert found is not None and found.currency == "CHF"
    assert evenings.find_evening("no/such/key") is None and evenings.find_evening("A" * 22) is None


def test_a_game_not_played_for_money_joins_an_evening_of_any_currency(game_app: Flask) -> None:
    euros = evenings.start_evening(_game(stakes_mode="pot", stakes_cents=100, currency="EUR"))
    free = _game()
    evenings.join_evening(free, euros.key)
    evening = stored(free).evening
    assert evening is not None and evening.key == euros.key


def test_a_game_moves_to_the_evening_it_joins_last(game_app: Flask) -> None:
    first, second = evenings.start_evening(_game()), evenings.start_evening(_game())
    key = _game()
    evenings.join_evening(key, first.key)
    evenings.join_evening(key, second.key)
    db.session.rollback()
    games = {e.key: [g.key for g in e.games] for e in db.session.scalars(select(Evening))}
    assert key not in games[first.key] and key in games[second.key]
    assert [len(g) for g in games.values()] == [1, 2]


def test_an_evening_of_an_unknown_game_is_not_found(game_app: Flask) -> None:
    with pytest.raises(errors.GameNotFound):
        evenings.start_evening("A" * 22)
    with pytest.raises(errors.GameNotFound):
        evenings.join_evening("A" * 22, "B" * 22)
    assert count(Evening) == 0


# Profiles --------------------------------------------------------------------------------------

def test_a_profile_of_default_rules_keeps_none_and_two_browsers_keep_their_own(game_app: Flask) -> None:
    mine = devices.save_profile(DEVICE, "Oma", "rami_fr", {"target": 1000})
    theirs = devices.save_profile("e" * 22, "Oma", "rami_fr", {"target": 2000})
    db.session.rollback()
    assert devices.find_profile(mine.key).house_rules == {}  # type: ignore[union-attr]
    assert devices.find_profile(theirs.key).house_rules == {"target": 2000}  # type: ignore[union-attr]
    assert mine.key != theirs.key and count(Profile) == 2
    assert devices.find_profile("short") is None


@pytest.mark.parametrize("house_rules", [None, [], "target=5"])
def test_a_profiles_house_rules_must_be_an_object(game_app: Flask, house_rules: object) -> None:
    with pytest.raises(errors.InvalidRequest) as refused:
        devices.save_profile(DEVICE, "Oma", "rami_fr", house_rules)
    assert refused.value.code == "INVALID_HOUSE_RULE"
    assert count(Profile) == 0


# Parts entered together ------------------------------------------------------------------------

def test_each_players_part_is_one_row_counted_by_its_saves(game_app: Flask) -> None:
    key = _game()
    for name in PLAYERS:
        service.save_part(key, 1, name, PART | {"name": name}, {"hand": "0"}, by=name)
    again = service.save_part(key, 1, "Ben", PART | {"name": "Ben", "hand_points": 5},
                              {"hand": "5"}, by="Anna")
    assert (again.rev, again.by, again.part["hand_points"], again.text) == (2, "Anna", 5, {"hand": "5"})
    assert count(DraftPart) == 3


@pytest.mark.parametrize("number", [0, 2, 99])
def test_a_part_is_kept_only_for_the_games_next_round(game_app: Flask, number: int) -> None:
    key = _game()
    with pytest.raises(errors.Conflict):
        service.save_part(key, number, "Anna", PART, {}, by="Anna")
    assert count(DraftPart) == 0


def test_clearing_parts_drops_the_rounds_up_to_the_one_named_in_this_game_only(game_app: Flask) -> None:
    key, other = _game(), _game()
    service.save_part(key, 1, "Anna", PART, {}, by="Anna")
    service.save_part(other, 1, "Anna", PART, {}, by="Anna")
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    service.save_part(key, 2, "Ben", PART | {"name": "Ben"}, {}, by="Ben")
    service.clear_parts(key, 1)
    db.session.rollback()
    left = db.session.scalars(select(DraftPart).order_by(DraftPart.id)).all()
    assert [(p.game_id, p.number, p.player) for p in left] == [
        (stored(other).id, 1, "Anna"), (stored(key).id, 2, "Ben")]


def test_a_part_for_a_game_that_does_not_exist_is_not_found(game_app: Flask) -> None:
    with pytest.raises(errors.GameNotFound):
        service.save_part("A" * 22, 1, "Anna", PART, {}, by="Anna")
    with pytest.raises(errors.GameNotFound):
        service.clear_parts("A" * 22, 1)


# A browser's memory ----------------------------------------------------------------------------

def test_a_browser_remembers_how_it_enters_rounds_until_told_otherwise(game_app: Flask) -> None:
    game_id = stored(_game()).id
    devices.remember_game(game_id, DEVICE, modes={"Anna": "cards", "Ben": "numbers"})
    devices.remember_game(game_id, DEVICE)  # only seen: the modes stay
    db.session.rollback()
    known = db.session.get(KnownGame, (DEVICE, game_id))
    assert known is not None and known.entry_modes == {"Anna": "cards", "Ben": "numbers"}
    opened = known.opened_at
    devices.remember_game(game_id, DEVICE, opened=True, modes={"Anna": "numbers"})
    db.session.rollback()
    known = db.session.get(KnownGame, (DEVICE, game_id))
    assert known is not None and known.entry_modes == {"Anna": "numbers"}
    assert known.opened_at >= opened
    assert count(KnownGame) == 1


def test_choosing_a_player_of_an_unknown_game_is_not_found(game_app: Flask) -> None:
    with pytest.raises(errors.GameNotFound):
        devices.choose_player("A" * 22, DEVICE, "Anna")
    assert count(KnownGame) == 0


# Settings and deletion -------------------------------------------------------------------------

def test_change_game_changes_only_what_it_is_given_and_writes_no_history(game_app: Flask) -> None:
    key = _game(name="Friday", counting="net")
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    service.change_game(key, archived=True)
    service.change_game(key, archived=False, name="  Sunday   night ")
    game = stored(key)
    assert (game.name, game.counting, game.archived) == ("Sunday night", "net", False)
    assert (game.version, len(game.history), game.rounds[0].version) == (4, 1, 1)


@pytest.mark.parametrize(("change", "field"), [
    ({"name": "x" * 61}, "name"), ({"name": "a\u202eb"}, "name"), ({"counting": "both"}, "counting"),
])
def test_change_game_refuses_bad_settings_and_changes_nothing(
        game_app: Flask, change: dict[str, str], field: str) -> None:
    key = _game(name="Friday")
    with pytest.raises(errors.InvalidRequest) as refused:
        service.change_game(key, **change)  # type: ignore[arg-type]
    assert refused.value.field == field
    game = stored(key)
    assert (game.name, game.counting, game.version) == ("Friday", "separate", 1)


def test_change_game_of_an_unknown_game_is_not_found(game_app: Flask) -> None:
    with pytest.raises(errors.GameNotFound):
        service.change_game("A" * 22, name="x")


def test_deleting_a_game_removes_everything_of_it_and_nothing_of_another(game_app: Flask) -> None:
    key, other = _game(), _game()
    for k in (key, other):
        service.add_round(k, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
        service.save_part(k, 2, "Anna", PART, {}, by="Anna")
        devices.choose_player(k, DEVICE, "Ben")
    evenings.start_evening(key)
    service.delete_game(key)
    assert service.find_game(key) is None
    assert (count(Game), count(Player), count(Round), count(Change), count(KnownGame),
            count(DraftPart)) == (1, 3, 1, 1, 1, 1)
    assert count(Evening) == 1  # the evening stays: its other games and settlement may follow


def test_a_new_game_never_finds_the_parts_of_a_deleted_one(game_app: Flask) -> None:
    """SQLite gives a new row the largest id again once the row that had it is deleted: the
    parts of a deleted game must be gone, or the next game would show them on its round 1."""
    key = _game()
    service.save_part(key, 1, "Anna", PART, {}, by="Anna")
    service.delete_game(key)
    fresh = stored(_game())
    db.session.rollback()
    assert db.session.scalars(select(DraftPart).where(DraftPart.game_id == fresh.id)).all() == []
