"""The game API described for machines: OpenAPI 3.1, from ``../shared/API.md``.

Served at ``GET /api/v1/openapi.json``. Its limits are the server's own (names, enums and
bounds read from :mod:`scorepad.game.checks` and the engine; the body fields from the
lists here, which the API's views enforce). ``make test`` validates it
(openapi-spec-validator, tests/web/test_openapi.py) and fuzzes a live server with it
(Schemathesis, tests/live/test_schemathesis.py). What only the game or the engine knows
(its players' names, a round's rules) is said in words, and answered 422.
"""

from __future__ import annotations

from typing import Any

from scorepad.game.checks import COUNTINGS, KEY, MAX_CENTS, STAKE_MODES
from scorepad.game.names import MAX_GAME_NAME, MAX_NAME
from scorepad.rules import ACTIONS, CHECKS, INITIAL_STATES, MAX_CARDS, VARIANTS
from scorepad.rules.contract import MAX_PLAYERS
from scorepad.rules.limits import MAX_NUMBER

# The body fields of each request (the API's views refuse any other): one list for the
# server and this description.
GAME_FIELDS = ("variant", "house_rules", "players", "first_dealer", "name", "counting", "stakes")
STAKES_FIELDS = ("mode", "cents", "currency")
ROUND_FIELDS = ("number", "players", "by", "lang")
CORRECTION_FIELDS = ("version", "players", "by", "lang")
LANGS = ("en", "de")
"""The languages of the contract's words (a round's problems, the engine's answers)."""

# Every error code of ../shared/API.md.
ERROR_CODES = ("INVALID_JSON", "INVALID_REQUEST", "NOT_FOUND", "CONFLICT", "TOO_LARGE",
               "UNSUPPORTED_MEDIA_TYPE", "UNKNOWN_VARIANT", "INVALID_HOUSE_RULE", "INVALID_CARD",
               "ROUND_INVALID", "TOTAL_TOO_LARGE", "GAME_TOO_LONG", "HISTORY_FULL",
               "IDEMPOTENCY_KEY_REUSED", "IMAGE_UNREADABLE", "METHOD_NOT_ALLOWED",
               "TOO_MANY_REQUESTS", "UNKNOWN_CHECK", "INTERNAL_ERROR")


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict[str, Any]:
    return _json(_ref("Error"), description)


_REPLAYED = {"Idempotent-Replayed": {
    "description": "`true` when this answers a request sent again with the same "
                   "Idempotency-Key: nothing was saved by this request.",
    "schema": {"type": "string", "enum": ["true"]}}}

_KEY = {"name": "key", "in": "path", "required": True, "description": "The game's key.",
        "schema": {"type": "string", "pattern": f"^{KEY}$"}}
_NUMBER = {"name": "number", "in": "path", "required": True, "description": "Round number.",
           "schema": {"type": "integer", "minimum": 1, "maximum": MAX_NUMBER}}
_IDEMPOTENCY = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "description": "1 to 64 printable ASCII characters, for one request: the same request "
                   "sent again with it (a resend after a lost answer) saves nothing twice and "
                   "is answered as the first time, with the game as it is now and "
                   "`Idempotent-Replayed: true`. Another request (method, path or body) with "
                   "a key already used, in any game, is 422 IDEMPOTENCY_KEY_REUSED and "
                   "changes nothing: make a new key for each new request.",
    "schema": {"type": "string", "pattern": "^[\\x21-\\x7e]{1,64}$"}}
_BY = {"type": "string", "minLength": 1, "maxLength": MAX_NAME,
       "description": "Whose phone made the change, for the history (\"on Anna's phone\"): "
                      "it must be the name of one of the game's players (422 otherwise; a "
                      "description cannot know the names)."}
_LANG = {"enum": list(LANGS), "description": "The language of a refused round's problems."}
_VERSION = {"type": "integer", "minimum": 1, "maximum": MAX_NUMBER,
            "description": "The round's version as the phone last saw it (`rounds[].version`)."}
_ROUND_PLAYERS = {
    "type": "array", "items": _ref("PlayerEntry"), "minItems": 2, "maxItems": 8,
    "description": "One entry for each player of the game (or of the play-off), each once, "
                   "in any order; the engine's rules for the round decide the rest "
                   "(ROUND_INVALID with `problems`)."}
_COMMON_ERRORS = {"400": _error("The body is not JSON (INVALID_JSON)."),
                  "413": _error("The body is larger than 1 MB (TOO_LARGE)."),
                  "415": _error("The body is not application/json (UNSUPPORTED_MEDIA_TYPE).")}
_CONFLICT = _error("CONFLICT: another phone was first; `game` is the game as it is now.")


def _round_links(number: str) -> dict[str, Any]:
    return {"CorrectRound": {"operationId": "correctRound",
                             "parameters": {"key": "$response.body#/key", "number": number}},
            "DeleteRound": {"operationId": "deleteRound",
                            "parameters": {"key": "$response.body#/key", "number": number}},
            "GetGame": {"operationId": "getGame",
                        "parameters": {"key": "$response.body#/key"}}}


def _card_list(description: str) -> dict[str, Any]:
    return {**_ref("Cards"), "description": description}


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
        "melds": {"type": "array", "items": _ref("Meld")},
        "hand": {"oneOf": [{"type": "null"}, _ref("Cards")]},
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
        "cards": {**_ref("Meld"), "description": "The meld."},
        "jokers_as": _card_list("What each joker stands for.")},
        "Is this one meld legal, and what is it worth?"),
    "initial_meld": _check("initial_meld", ("melds",), {
        "melds": {"type": "array", "items": _ref("Meld")}, "whole_hand": {"type": "boolean"}},
        "Do these melds make the first meld?"),
    "hand": _check("hand", ("cards",), {
        "cards": _card_list("The hand.")},
        "The best arrangement of a hand and its points."),
    "round": _check("round", ("players",), {
        "players": {"type": "array", "items": _ref("EnginePlayer"), "minItems": 1,
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


SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Scorepad game API",
        "version": "1",
        "description": "Score keeping and rule adjudication for rummy games (Jolly, Rommé, "
                       "Rami, Three Thirteen). A game is reached by its unguessable key. "
                       "A request the description allows may still be refused with 422 for "
                       "what only the game or the rules know: names that are not the game's "
                       "players, a round the engine refuses (ROUND_INVALID), a first dealer "
                       "beyond the players, names a table cannot tell apart. A method a path "
                       "does not have is 405 METHOD_NOT_ALLOWED with `Allow`.",
    },
    "servers": [{"url": "/api/v1"}],
    "paths": {
        "/adjudicate": {"post": {
            "operationId": "adjudicate",
            "summary": "Ask the rules engine: one request, or an array of requests.",
            "description": "Exactly the answers of `python -m scorepad.rules` for the same "
                           "requests (the adjudication contract). Each `check` reads its own "
                           "fields and ignores others. In an array every item is answered in "
                           "turn, a request that cannot be answered with its `{error}`, so "
                           "an array is always 200.",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "oneOf": [_ref("AdjudicationRequest"),
                          {"type": "array",
                           "description": "Requests, each answered in turn (any JSON value: "
                                          "one that is no request answers its error)."}]}}}},
            "responses": {
                "200": _json({"oneOf": [_ref("AdjudicationAnswer"),
                                        {"type": "array", "items": _ref("AdjudicationAnswer")}]},
                             "The engine's answer (an array for an array)."),
                "422": _error("The single request could not be answered (UNKNOWN_VARIANT, "
                              "UNKNOWN_CHECK, INVALID_HOUSE_RULE, INVALID_CARD, "
                              "INVALID_REQUEST)."),
                **_COMMON_ERRORS},
        }},
        "/openapi.json": {"get": {
            "operationId": "openapi",
            "summary": "This description.",
            "responses": {"200": _json({"type": "object"}, "The OpenAPI document.")},
        }},
        "/games": {"post": {
            "operationId": "createGame",
            "summary": "Start a game.",
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": _ref("NewGame")}}},
            "responses": {
                "201": {**_json(_ref("Game"), "The new game."),
                        "headers": {"Location": {"description": "The game's API address.",
                                                 "schema": {"type": "string"}}},
                        "links": {"GetGame": {"operationId": "getGame",
                                              "parameters": {"key": "$response.body#/key"}},
                                  "AddRound": {"operationId": "addRound",
                                               "parameters": {"key": "$response.body#/key"}}}},
                "422": _error("A field is missing or wrong (INVALID_REQUEST, UNKNOWN_VARIANT, "
                              "INVALID_HOUSE_RULE)."),
                "429": _error("Too many games created from this address (TOO_MANY_REQUESTS)."),
                **_COMMON_ERRORS},
        }},
        "/cards/read": {"post": {
            "operationId": "readCards",
            "summary": "Read the cards in a photo (on the server's CPU, no network; nothing is stored).",
            "description": "One entry per card seen (its two corner indices are one card), in the "
                           "engine's notation; `box` is the corner index relative to the photo (0-1). "
                           "Limited per client like creating a game.",
            "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
                "type": "object", "required": ["photo"], "properties": {"photo": {
                    "type": "string", "contentMediaType": "image/jpeg",
                    "description": "A JPEG or PNG of at most 8 MB."}}},
                "encoding": {"photo": {"contentType": "image/jpeg, image/png"}}}}},
            "responses": {
                "200": _json({"type": "object", "required": ["cards"], "properties": {"cards": {
                    "type": "array", "items": {"type": "object", "required": ["card", "confidence", "box"],
                                               "properties": {
                        "card": _ref("Card"),
                        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                        "box": {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 1},
                                "minItems": 4, "maxItems": 4, "description": "x, y, w, h"},
                        "unsure": {"type": "boolean", "description": "Read with too little "
                                   "confidence to be trusted: worth a look."}}}}}},
                             "The cards read (none: an empty list)."),
                "413": _error("The photo is larger than 8 MB (TOO_LARGE)."),
                "415": _error("Not multipart/form-data, or the photo is not a JPEG or PNG."),
                "422": _error("IMAGE_UNREADABLE: the file is not an image; INVALID_REQUEST: no `photo`."),
                "429": _error("Too many photos read from this address."),
                "503": _error("READER_UNAVAILABLE: no card reader (model) is installed here.")},
        }},
        "/games/{key}": {"get": {
            "operationId": "getGame",
            "summary": "The game: players, rounds, totals, standings.",
            "parameters": [_KEY],
            "responses": {"200": _json(_ref("Game"), "The game."),
                          "404": _error("No game has this key (NOT_FOUND).")},
        }},
        "/games/{key}/rounds": {"post": {
            "operationId": "addRound",
            "summary": "Add the next round.",
            "parameters": [_KEY, _IDEMPOTENCY],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["number", "players"],
                "additionalProperties": False,
                "properties": {"number": {"type": "integer", "minimum": 1, "maximum": MAX_NUMBER,
                                          "description": "The round the phone means to add: "
                                                         "the game's `next_round`, else 409."},
                               "players": _ROUND_PLAYERS, "lang": _LANG, "by": _BY}}}}},
            "responses": {"201": {**_json(_ref("Game"), "The game with the new round."),
                                  "headers": _REPLAYED,
                                  "links": _round_links("$request.body#/number")},
                          "404": _error("No game has this key (NOT_FOUND)."),
                          "409": _error("CONFLICT: `number` is not the next round, or the "
                                        "game is over; `game` is the game as it is now."),
                          "422": _error("ROUND_INVALID (with `problems`), TOTAL_TOO_LARGE, "
                                        "GAME_TOO_LONG, HISTORY_FULL, IDEMPOTENCY_KEY_REUSED "
                                        "or INVALID_REQUEST."),
                          **_COMMON_ERRORS},
        }},
        "/games/{key}/rounds/{number}": {
            "put": {
                "operationId": "correctRound",
                "summary": "Correct a round.",
                "parameters": [_KEY, _NUMBER, _IDEMPOTENCY],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["version", "players"],
                    "additionalProperties": False,
                    "properties": {"version": _VERSION, "players": _ROUND_PLAYERS,
                                   "lang": _LANG, "by": _BY}}}}},
                "responses": {"200": {**_json(_ref("Game"), "The corrected game."),
                                      "headers": _REPLAYED,
                                      "links": _round_links("$request.path.number")},
                              "404": _error("No such game, or no round `number` ever had "
                                            "`version` (NOT_FOUND)."),
                              "409": _error("CONFLICT: `version` is not the round's version "
                                            "now, or the round was deleted meanwhile (a "
                                            "version it had); `game` is the game as it is now."),
                              "422": _error("ROUND_INVALID, TOTAL_TOO_LARGE, HISTORY_FULL, "
                                            "IDEMPOTENCY_KEY_REUSED or INVALID_REQUEST."),
                              **_COMMON_ERRORS},
            },
            "delete": {
                "operationId": "deleteRound",
                "summary": "Delete the last round (it stays in the history).",
                "parameters": [_KEY, _NUMBER,
                               {"name": "version", "in": "query", "required": True,
                                "schema": _VERSION},
                               {"name": "by", "in": "query", "required": False,
                                "description": _BY["description"],
                                "schema": {"type": "string", "minLength": 1,
                                           "maxLength": MAX_NAME}}],
                "responses": {"200": _json(_ref("Game"), "The game without the round."),
                              "404": _error("No such game, or no round `number` ever had "
                                            "`version` (NOT_FOUND)."),
                              "409": _error("CONFLICT: not the last round, `version` is stale, "
                                            "or the round was deleted meanwhile; `game` is "
                                            "the game as it is now."),
                              "422": _error("`version` is missing (INVALID_REQUEST), `by` is "
                                            "not a player, or HISTORY_FULL.")},
            },
        },
    },
    "components": {"schemas": {
        "Error": {"type": "object", "required": ["error"], "properties": {
            "error": {
                "type": "object", "required": ["code", "message"],
                "properties": {"code": {"enum": list(ERROR_CODES)},
                               "message": {"type": "string"},
                               "field": {"type": "string"},
                               "problems": {"type": "array", "items": _ref("Problem")},
                               "game": _ref("Game")}},
            "game": _ref("Game")}},
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
                            {"type": "array", "items": _ref("Card"), "maxItems": MAX_CARDS}]},
        "Meld": {"description": "A meld: its cards (a card may say `by` whom it was laid "
                                "off), or `{cards, jokers_as}`.",
                 "oneOf": [{"type": "string"},
                           {"type": "array", "maxItems": MAX_CARDS, "items": {"oneOf": [
                               _ref("Card"),
                               {"type": "object", "required": ["card"], "properties": {
                                   "card": _ref("Card"), "by": {"type": "string"}}}]}},
                           {"type": "object", "properties": {
                               "cards": {"oneOf": [{"type": "string"}, {"type": "array"}]},
                               "jokers_as": _ref("Cards")}}]},
        "AdjudicationRequest": {
            "description": "One request of rules/ADJUDICATION.md: `check` says which, and "
                           "which fields it needs.",
            "oneOf": [_ref(f"Check_{name}") for name in CHECKS],
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
                                   "taken": {"type": "array", "items": _ref("Card")},
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
            "stakes": {"oneOf": [{"type": "null"}, _ref("Stakes")]}}},
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
                "players": {"type": "array", "items": _ref("PlayerEntry")},
                "scores": {"type": "object", "additionalProperties": {"type": "integer"}}}}},
            "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
            "finished": {"type": "boolean"},
            "winners": {"type": "array", "items": {"type": "string"}},
            "playoff": {"type": "array", "items": {"type": "string"}},
            "next_dealer": {"type": ["string", "null"]},
            "name": {"type": "string"}, "counting": {"enum": list(COUNTINGS)},
            "stakes": {"oneOf": [{"type": "null"}, _ref("Stakes")]},
            "settlement": {"oneOf": [{"type": "null"}, _ref("Settlement")]}}},
    }},
}
