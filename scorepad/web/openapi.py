"""The game API described for machines: OpenAPI 3.1, from ``../shared/API.md``.

Served at ``GET /api/v1/openapi.json``. Its limits are the server's own (names, enums and
bounds read from :mod:`scorepad.game.checks` and the engine; the body fields from the
lists here, which the API's views enforce); the paths are here, the schemas they name in
:mod:`scorepad.web.openapi_schemas`. ``make test`` validates it
(openapi-spec-validator, tests/web/test_openapi.py) and fuzzes a live server with it
(Schemathesis, tests/live/test_schemathesis.py). What only the game or the engine knows
(its players' names, a round's rules) is said in words, and answered 422.
"""

from __future__ import annotations

from typing import Any

from scorepad.game.checks import KEY
from scorepad.game.names import MAX_NAME
from scorepad.rules.limits import MAX_NUMBER
from scorepad.web.openapi_schemas import LANGS, SCHEMAS, ref

# The body fields of each request (the API's views refuse any other): one list for the
# server and this description.
GAME_FIELDS = ("variant", "house_rules", "players", "first_dealer", "name", "counting", "stakes")
STAKES_FIELDS = ("mode", "cents", "currency")
ROUND_FIELDS = ("number", "players", "by", "lang")
CORRECTION_FIELDS = ("version", "players", "by", "lang")


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict[str, Any]:
    return _json(ref("Error"), description)


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
    "type": "array", "items": ref("PlayerEntry"), "minItems": 2, "maxItems": 8,
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
                "oneOf": [ref("AdjudicationRequest"),
                          {"type": "array",
                           "description": "Requests, each answered in turn (any JSON value: "
                                          "one that is no request answers its error)."}]}}}},
            "responses": {
                "200": _json({"oneOf": [ref("AdjudicationAnswer"),
                                        {"type": "array", "items": ref("AdjudicationAnswer")}]},
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
                "schema": ref("NewGame")}}},
            "responses": {
                "201": {**_json(ref("Game"), "The new game."),
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
                        "card": ref("Card"),
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
            "responses": {"200": _json(ref("Game"), "The game."),
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
            "responses": {"201": {**_json(ref("Game"), "The game with the new round."),
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
                "responses": {"200": {**_json(ref("Game"), "The corrected game."),
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
                "responses": {"200": _json(ref("Game"), "The game without the round."),
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
    "components": {"schemas": SCHEMAS},
}
