"""The schemas of the game API's description (:mod:`scorepad.web.openapi`): the bodies it
reads and answers (a game, a round's players, an error, a problem) and each adjudication
request of rules/ADJUDICATION.md, with the server's own limits (:mod:`scorepad.game.checks`,
the engine's).
"""

from __future__ import annotations

from typing import Any

from scorepad.game.checks import COUNTINGS, KEY, MAX_CENTS, STAKE_MODES
from scorepad.game.names import MAX_GAME_NAME, MAX_NAME
from scorepad.rules import ACTIONS, CHECKS, INITIAL_STATES, MAX_CARDS, VARIANTS
from scorepad.rules.contract import MAX_PLAYERS
from scorepad.rules.limits import MAX_NUMBER

LANGS = ("en", "de")
"""The languages of the contract's words (a round's problems, the engine's answers)."""

# Every error code of ../shared/API.md.
ERROR_CODES = ("INVALID_JSON", "INVALID_REQUEST", "NOT_FOUND", "CONFLICT", "TOO_LARGE",
               "UNSUPPORTED_MEDIA_TYPE", "UNKNOWN_VARIANT", "INVALID_HOUSE_RULE", "INVALID_CARD",
               "ROUND_INVALID", "TOTAL_TOO_LARGE", "GAME_TOO_LONG", "HISTORY_FULL",
               "IDEMPOTENCY_KEY_REUSED", "IMAGE_UNREADABLE", "METHOD_NOT_ALLOWED",
               "TOO_MANY_REQUESTS", "UNKNOWN_CHECK", "INTERNAL_ERROR")


def ref(name: str) -> dict[str, str]:
    """A reference to the schema ``name`` of :data:`SCHEMAS`."""
    return {"$ref": f"#/components/schemas/{name}"}


def _card_list(description: str) -> dict[str, Any]:
    return {**ref("Cards"), "description": description}


def _check(name: str, required: tuple[str, ...], properties: dict[str, Any],
           description: str) -> dict[str, Any]:
    """The request of one adjudication ``check``: the fields it reads (others are ignored)."""
    schema: dict[str, Any] = {
        "type": "object", "description": description,
        "required": ["variant", "check", *required],
        "properties": {"check": {"const": name}, **_COMMON_ADJUDICATION, **properties},
    }
    if name not in ("standings", "settlement"):
        # The variants dealt round by round (3-13) need the deal: read from the registry.
        by_round = [key for key, variant in VARIANTS.items() if variant.round_count]
        schema["if"] = {"required": ["variant"], "properties": {"variant": {"enum": by_round}}}
        schema["then"] = {"required": ["round"]}
    return schema


def _player_entry(*, game: bool) -> dict[str, Any]:
    """One player's part of a round: in a game (the API's rounds: only these fields, points
    as the round form takes them) or in an adjudication request (the engine's round format,
    which reads these fields and ignores others)."""
    properties: dict[str, Any] = {
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        "melds": {"type": "array", "items": ref("Meld")},
        "hand": {"oneOf": [{"type": "null"}, ref("Cards")]},
        "went_out": {"type": "boolean"}, "hand_win": {"type": "boolean"},
        "meld_points": {"type": ["integer", "null"], "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER},
        "hand_points": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_NUMBER},
        "melded": {"type": ["boolean", "null"]}}
    if game:
        properties["net"] = {"type": ["integer", "null"], "minimum": -MAX_NUMBER,
                             "maximum": MAX_NUMBER,
                             "description": "The round's score as the table counted it."}
    return {"type": "object", "required": ["name"], "additionalProperties": not game,
            "properties": properties,
            "description": "One player's part of a round: the cards (`melds`, `hand`) or the "
                           "points (`meld_points`, `hand_points`), and who went out. "
                           + ("In a game, points run from 0 to what the whole pack is worth "
                              "(else ROUND_INVALID), or `net` is the round's score."
                              if game else "The engine reads these fields and ignores others.")}


_COMMON_ADJUDICATION: dict[str, Any] = {
    "variant": {"enum": list(VARIANTS)},
    "house_rules": {"type": ["object", "null"], "description": "The variant's switches changed "
                    "(RULES.md); an unknown switch or value is INVALID_HOUSE_RULE."},
    "lang": {"enum": list(LANGS)},
    "round": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_NUMBER,
              "description": "The deal (required where the variant is dealt round by round, "
                             "as Three Thirteen is: 1 to its last round)."},
    "player_count": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_PLAYERS},
}

_CHECKS: dict[str, dict[str, Any]] = {
    "meld": _check("meld", ("cards",), {
        "cards": {**ref("Meld"), "description": "The meld."},
        "jokers_as": _card_list("What each joker stands for.")},
        "Is this one meld legal, and what is it worth?"),
    "initial_meld": _check("initial_meld", ("melds",), {
        "melds": {"type": "array", "items": ref("Meld")}, "whole_hand": {"type": "boolean"}},
        "Do these melds make the first meld?"),
    "hand": _check("hand", ("cards",), {
        "cards": _card_list("The hand.")},
        "The best arrangement of a hand and its points."),
    "round": _check("round", ("players",), {
        "players": {"type": "array", "items": ref("EnginePlayer"), "minItems": 1,
                    "maxItems": MAX_PLAYERS}},
        "Score a round."),
    "standings": _check("standings", ("totals", "rounds_played"), {
        "totals": {"type": "object", "additionalProperties": {"type": "integer"},
                   "maxProperties": MAX_PLAYERS},
        "rounds_played": {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER},
        "playoff": {"type": ["array", "null"], "items": {"type": "string"},
                    "description": "Players of a play-off: each must have a total."}},
        "Is the game over, who won, who plays off?"),
    "settlement": _check("settlement", ("totals",), {
        "totals": {"type": "object", "additionalProperties": {"type": "integer"},
                   "maxProperties": MAX_PLAYERS},
        "stakes": {"type": ["object", "null"]},
        "winners": {"type": ["array", "null"], "items": {"type": "string"}}},
        "Who pays whom."),
    "turn": _check("turn", ("action",), {
        "action": {"enum": list(ACTIONS), "description": "The one action of the turn asked "
                   "about; each reads its own fields (ADJUDICATION.md): take_discard: "
                   "`hand_count`, `discards`, `take`, `melds`, `lay_offs`, `initial_meld`; "
                   "lay_off: `onto`, `cards`, `owner`, `initial_meld`; exchange_joker: "
                   "`meld`, `cards`, `joker_to`, `new_meld`, `initial_meld`."},
        "initial_meld": {"enum": list(INITIAL_STATES)}},
        "May this turn's action be made?"),
}


# The components of the description: every schema its paths name (``ref``).
SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error"], "properties": {
        "error": {
            "type": "object", "required": ["code", "message"],
            "properties": {"code": {"enum": list(ERROR_CODES)},
                           "message": {"type": "string"},
                           "field": {"type": "string"},
                           "problems": {"type": "array", "items": ref("Problem")},
                           "game": ref("Game")}},
        "game": ref("Game")}},
    "Problem": {"type": "object", "required": ["code", "message", "rule"], "properties": {
        "code": {"type": "string"}, "message": {"type": "string"},
        "rule": {"type": "string"}, "player": {"type": "string"},
        "meld": {"type": "integer"}, "card": {"type": "string"},
        "problems": {"type": "array", "items": {"$ref": "#/components/schemas/Problem"}}}},
    "Card": {"type": "string", "maxLength": 8,
             "description": "A card code: 7h, 10s, Qd, JK (joker)."},
    "Cards": {"description": "Cards: a list of codes, or one text of codes (\"7h 8h 9h\"); "
                             f"at most {MAX_CARDS}.",
              "oneOf": [{"type": "string"},
                        {"type": "array", "items": ref("Card"), "maxItems": MAX_CARDS}]},
    "Meld": {"description": "A meld: its cards (a card may say `by` whom it was laid "
                            "off), or `{cards, jokers_as}`.",
             "oneOf": [{"type": "string"},
                       {"type": "array", "maxItems": MAX_CARDS, "items": {"oneOf": [
                           ref("Card"),
                           {"type": "object", "required": ["card"], "properties": {
                               "card": ref("Card"), "by": {"type": "string"}}}]}},
                       {"type": "object", "properties": {
                           "cards": {"oneOf": [{"type": "string"}, {"type": "array"}]},
                           "jokers_as": ref("Cards")}}]},
    "AdjudicationRequest": {
        "description": "One request of rules/ADJUDICATION.md: `check` says which, and "
                       "which fields it needs.",
        "oneOf": [ref(f"Check_{name}") for name in CHECKS],
        "discriminator": {"propertyName": "check", "mapping": {
            name: f"#/components/schemas/Check_{name}" for name in CHECKS}}},
    **{f"Check_{name}": _CHECKS[name] for name in CHECKS},
    "AdjudicationAnswer": {"type": "object", "description": "The engine's answer: "
                           "legal/points/problems, valid/scores/details, finished/winners, "
                           "or {error}. A turn answers legal, action and problems, and "
                           "taken/melds/points (take_discard), meld/points/credit/pay "
                           "(lay_off) or meld/joker_to (exchange_joker).",
                           "properties": {
                               "action": {"enum": list(ACTIONS)},
                               "taken": {"type": "array", "items": ref("Card")},
                               "credit": {"enum": ["layer", "owner", None]},
                               "pay": {"type": "integer", "minimum": 0},
                               "joker_to": {"enum": ["hand", "new_meld"]}},
                           "additionalProperties": True},
    "PlayerEntry": _player_entry(game=True),
    "EnginePlayer": _player_entry(game=False),
    "NewGame": {"type": "object", "required": ["variant", "players"],
                "additionalProperties": False, "properties": {
        "variant": {"enum": list(VARIANTS)},
        "house_rules": {"type": ["object", "null"], "description": "The variant's switches to change "
                        "(RULES.md); another switch or value is INVALID_HOUSE_RULE."},
        "players": {"type": "array", "minItems": 2, "maxItems": 8, "uniqueItems": True,
                    "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
                    "description": "Names in seat order: 2 to 6 (Three Thirteen: 8), "
                                   "without control, text-direction or invisible "
                                   "characters, no two alike (compared without case, "
                                   "look-alike letters or what shows nothing)."},
        "first_dealer": {"type": "integer", "minimum": 0, "maximum": 7,
                         "description": "The seat of the first dealer (below the number "
                                        "of players)."},
        "name": {"type": "string", "maxLength": MAX_GAME_NAME, "description": "The game's name (Friday)."},
        "counting": {"enum": list(COUNTINGS),
                     "description": "How the table enters numbers: meld and hand points, or one net number."},
        "stakes": {"oneOf": [{"type": "null"}, ref("Stakes")]}}},
    "Stakes": {"type": "object", "required": ["mode", "cents"], "properties": {
        "mode": {"enum": list(STAKE_MODES)},
        "cents": {"type": "integer", "minimum": 0, "maximum": MAX_CENTS},
        "currency": {"type": ["string", "null"], "maxLength": 8,
                     "description": "An ISO 4217 code Babel knows, in any case (\"chf\" "
                                    "is CHF; another is 422); the server's currency "
                                    "when left out or null."}},
        "additionalProperties": False},
    "Settlement": {"type": "object", "description": "What the game settles to: as if it ended "
                   "now, or `final` once it is over.", "properties": {
        "final": {"type": "boolean"}, "currency": {"type": "string"},
        "winners": {"type": "array", "items": {"type": "string"}},
        "balances": {"type": "object", "additionalProperties": {"type": "integer"},
                     "description": "Cents each player wins (+) or pays (-)."},
        "transfers": {"type": "array", "items": {"type": "object", "properties": {
            "from": {"type": "string"}, "to": {"type": "string"},
            "cents": {"type": "integer"}}}}}},
    "Game": {"type": "object", "required": ["key", "url", "variant", "players", "version",
                                            "next_round", "rounds", "totals", "finished",
                                            "winners", "playoff"], "properties": {
        "key": {"type": "string", "pattern": f"^{KEY}$"}, "url": {"type": "string"},
        "variant": {"enum": list(VARIANTS)}, "house_rules": {"type": "object"},
        "players": {"type": "array", "items": {"type": "string"}},
        "first_dealer": {"type": "integer"},
        "version": {"type": "integer", "description": "Changes with every change of "
                    "the game."},
        "next_round": {"type": "integer"},
        "rounds": {"type": "array", "items": {"type": "object", "required": [
            "number", "version", "dealer", "players", "scores"], "properties": {
            "number": {"type": "integer"},
            "version": {"type": "integer", "description": "From one counter per game: "
                        "never given twice in the game."},
            "dealer": {"type": "string"},
            "players": {"type": "array", "items": ref("PlayerEntry")},
            "scores": {"type": "object", "additionalProperties": {"type": "integer"}}}}},
        "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
        "finished": {"type": "boolean"},
        "winners": {"type": "array", "items": {"type": "string"}},
        "playoff": {"type": "array", "items": {"type": "string"}},
        "next_dealer": {"type": ["string", "null"]},
        "name": {"type": "string"}, "counting": {"enum": list(COUNTINGS)},
        "stakes": {"oneOf": [{"type": "null"}, ref("Stakes")]},
        "settlement": {"oneOf": [{"type": "null"}, ref("Settlement")]}}},
}
