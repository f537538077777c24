"""Creating a game at the service (``service.create_game``), on SQLite and PostgreSQL: every
variant of the registry within its bounds of players, house rules kept only where they
differ from the variant's, and every refusal named by its field and rule, writing nothing.

No HTTP: the new-game form and ``POST /api/v1/games`` only translate into these calls.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorepad.game import errors, evenings, service
from scorepad.game.models import Game, Player
from scorepad.game.scoreboard import scoreboard
from scorepad.rules import VARIANTS

from ..support.service import PLAYERS, count, stored

ALL_VARIANTS = sorted(VARIANTS)


def _names(n: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(n)]


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_every_variant_is_created_with_its_fewest_and_its_most_players(
        game_app: Flask, variant: str) -> None:
    rules = VARIANTS[variant]
    for n in (rules.min_players, rules.max_players):
        key = service.create_game(variant, {}, _names(n), first_dealer=n - 1).key
        game = stored(key)
        assert game.variant == variant and game.house_rules == {}
        assert [p.name for p in sorted(game.players, key=lambda p: p.seat)] == _names(n)
        board = scoreboard(game)
        # Nothing played yet: round 1 is next and the first dealer deals it.
        assert (board.next_number, board.next_dealer, board.rows) == (1, f"Player {n}", [])
        assert board.totals == dict.fromkeys(_names(n), 0) and not board.finished
    assert count(Game) == 2 and count(Player) == rules.min_players + rules.max_players


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_every_variant_refuses_one_player_too_few_and_one_too_many(
        game_app: Flask, variant: str) -> None:
    rules = VARIANTS[variant]
    for n in (rules.min_players - 1, rules.max_players + 1):
        with pytest.raises(errors.InvalidRequest) as refused:
            service.create_game(variant, {}, _names(n))
        assert (refused.value.field, refused.value.rule) == ("players", "count")
        assert f"{rules.min_players} to {rules.max_players} players" in str(refused.value)
    assert count(Game) == 0


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_every_variant_keeps_a_changed_target_and_drops_its_own_default(
        game_app: Flask, variant: str) -> None:
    default = VARIANTS[variant].house_rules({}).target
    changed = 777 if default != 777 else 778
    key = service.create_game(variant, {"target": changed}, PLAYERS).key
    assert stored(key).house_rules == {"target": changed}
    same = service.create_game(variant, {"target": default}, PLAYERS).key
    assert stored(same).house_rules == {}


@pytest.mark.parametrize(("house_rules", "field", "rule"), [
    ({"free_beer": True}, "house_rules.free_beer", "unknown"),
    ({"target": "lots"}, "house_rules.target", "value"),
    ({"target": 0}, "house_rules.target", "value"),
    ({"decks": 9}, "house_rules.decks", "value"),
])
def test_a_bad_house_rule_is_refused_with_its_key_and_which_part_of_the_rule(
        game_app: Flask, house_rules: dict[str, Any], field: str, rule: str) -> None:
    with pytest.raises(errors.InvalidRequest) as refused:
        service.create_game("jolly_at", house_rules, PLAYERS)
    assert refused.value.code == "INVALID_HOUSE_RULE"
    assert (refused.value.field, refused.value.rule) == (field, rule)
    assert refused.value.extra["key"] == field.removeprefix("house_rules.")
    assert count(Game) == 0


@pytest.mark.parametrize("house_rules", [[], "target=100", 7])
def test_house_rules_that_are_not_an_object_are_refused(game_app: Flask, house_rules: Any) -> None:
    with pytest.raises(errors.InvalidRequest) as refused:
        service.create_game("romme_de", house_rules, PLAYERS)
    assert (refused.value.code, refused.value.field) == ("INVALID_HOUSE_RULE", "house_rules")
    assert count(Game) == 0


def test_no_house_rules_at_all_are_the_variants_own(game_app: Flask) -> None:
    assert stored(service.create_game("rami_fr", None, PLAYERS).key).house_rules == {}


@pytest.mark.parametrize(("players", "field", "rule"), [
    ("Anna, Ben", "players", "list"),
    (["Anna", 7], "players[1]", "empty"),
    (["Anna", "   "], "players[1]", "empty"),
    (["Anna", "ANNA"], "players[1]", "twice"),
    (["Zoe\u0308", "Zoë"], "players[1]", "twice"),
    (["Anna", "B" * 41], "players[1]", "too_long"),
    (["Anna", "Be\u0000n"], "players[1]", "control"),
    (["Anna", "Be\u200bn"], "players[1]", "invisible"),
    (["A\u202e", "B\u200b"], "players[0]", "control"),  # the first problem in seat order
])
def test_players_are_refused_at_the_first_seat_that_breaks_the_name_rule(
        game_app: Flask, players: Any, field: str, rule: str) -> None:
    with pytest.raises(errors.InvalidRequest) as refused:
        service.create_game("romme_de", {}, players)
    assert (refused.value.field, refused.value.rule) == (field, rule)
    assert count(Game) == 0


def test_a_player_name_of_forty_characters_and_an_emoji_with_its_selector_are_taken(
        game_app: Flask) -> None:
    names = ["A" * 40, "Jo \u2764\ufe0f"]
    assert [p.name for p in stored(service.create_game("romme_de", {}, names).key).players] == names


@pytest.mark.parametrize("name", ["x" * 61, "Fri\u202eday", 5])
def test_a_bad_game_name_is_refused_at_the_name(game_app: Flask, name: Any) -> None:
    with pytest.raises(errors.InvalidRequest) as refused:
        service.create_game("romme_de", {}, PLAYERS, name=name)
    assert refused.value.field == "name"
    assert count(Game) == 0


def test_a_game_name_of_sixty_characters_is_kept_with_its_spaces_made_one(game_app: Flask) -> None:
    name = " Friday " + "x" * 50
    assert stored(service.create_game("romme_de", {}, PLAYERS, name=name).key).name == "Friday " + "x" * 50


def test_stakes_take_the_apps_currency_when_the_game_names_none(game_app: Flask) -> None:
    game_app.config["SCOREPAD_CURRENCY"] = "CHF"
    pot = stored(service.create_game("romme_de", {}, PLAYERS, stakes_mode="pot", stakes_cents=250).key)
    assert (pot.stakes_mode, pot.stakes_cents, pot.currency) == ("pot", 250, "CHF")
    named = stored(service.create_game("romme_de", {}, PLAYERS, stakes_mode="per_point",
                                       stakes_cents=5, currency=" usd ").key)
    assert named.currency == "USD"
    free = stored(service.create_game("romme_de", {}, PLAYERS, stakes_mode="", stakes_cents=99).key)
    assert (free.stakes_mode, free.stakes_cents, free.currency) == (None, None, None)


def test_a_game_started_in_an_evening_plays_for_the_evenings_currency(game_app: Flask) -> None:
    first = service.create_game("romme_de", {}, PLAYERS, stakes_mode="pot", stakes_cents=100,
                                currency="GBP")
    evening = evenings.start_evening(first.key)
    second = service.create_game("romme_de", {}, PLAYERS, stakes_mode="pot", stakes_cents=100,
                                 evening=evening)
    game = stored(second.key)
    assert game.currency == "GBP" and game.evening is not None and game.evening.key == evening.key


@pytest.mark.parametrize(("options", "field"), [
    ({"stakes_mode": "winner_takes_all", "stakes_cents": 1}, "stakes_mode"),
    ({"stakes_mode": "pot", "stakes_cents": None}, "stakes_cents"),
    ({"stakes_mode": "pot", "stakes_cents": 100_001}, "stakes_cents"),
    ({"stakes_mode": "pot", "stakes_cents": True}, "stakes_cents"),
    ({"stakes_mode": "pot", "stakes_cents": 1, "currency": "EURO"}, "currency"),
    ({"profile_name": ""}, "name"),
    ({"profile_name": "P\u202e"}, "name"),
    ({"first_dealer": -1}, "first_dealer"),
    ({"first_dealer": "0"}, "first_dealer"),
    ({"counting": "net "}, "counting"),
])
def test_bad_options_are_refused_at_their_field(game_app: Flask, options: dict[str, Any],
                                                field: str) -> None:
    with pytest.raises(errors.InvalidRequest) as refused:
        service.create_game("jolly_at", {}, PLAYERS, **options)
    assert refused.value.field == field
    assert count(Game) == 0


def test_every_game_gets_its_own_unguessable_key(game_app: Flask) -> None:
    keys = {service.create_game("romme_de", {}, PLAYERS).key for _ in range(5)}
    assert len(keys) == 5 and all(len(k) >= 22 for k in keys)
    assert all(service.find_game(k) is not None for k in keys)
    assert service.find_game("x/" * 11) is None and service.find_game(None) is None  # type: ignore[arg-type]
