"""The game API described for machines: OpenAPI 3.1, written by hand from ``../shared/API.md``.

Served at ``GET /api/v1/openapi.json``; a test checks that every route of the
API blueprint is described here.
"""

from __future__ import annotations

from typing import Any

from scorepad.game.checks import COUNTINGS, KEY, MAX_CENTS, MAX_GAME_NAME, MAX_NAME, STAKE_MODES
from scorepad.rules import ACTIONS, CHECKS, INITIAL_STATES, VARIANTS


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict[str, Any]:
    return _json(_ref("Error"), description)


_KEY = {"name": "key", "in": "path", "required": True, "description": "The game's key.",
        "schema": {"type": "string", "pattern": f"^{KEY}$"}}
_NUMBER = {"name": "number", "in": "path", "required": True, "description": "Round number.",
           "schema": {"type": "integer", "minimum": 1}}
_IDEMPOTENCY = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "description": "A write id (1 to 64 printable ASCII characters), unique per game: the "
                   "same key sent again (a resend after a lost answer) saves nothing twice "
                   "and is answered as the first time, with the game as it is now and the "
                   "header `Idempotent-Replayed: true`.",
    "schema": {"type": "string", "pattern": "^[\\x21-\\x7e]{1,64}$"}}
_BY = {"type": "string", "description": "Whose phone made the change: one of the game's "
       "players (the history says \"on Anna's phone\")."}
_COMMON_ERRORS = {"400": _error("The body is not JSON (INVALID_JSON)."),
                  "413": _error("The body is larger than 1 MB (TOO_LARGE)."),
                  "415": _error("The body is not application/json.")}

SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Scorepad game API",
        "version": "1",
        "description": "Score keeping and rule adjudication for rummy games (Jolly, Rommé, "
                       "Rami, Three Thirteen). A game is reached by its unguessable key.",
    },
    "servers": [{"url": "/api/v1"}],
    "paths": {
        "/adjudicate": {"post": {
            "operationId": "adjudicate",
            "summary": "Ask the rules engine: one request, or an array of requests.",
            "description": "Exactly the answers of `python -m scorepad.rules` for the same "
                           "requests (the adjudication contract).",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "oneOf": [_ref("AdjudicationRequest"),
                          {"type": "array", "items": _ref("AdjudicationRequest")}]}}}},
            "responses": {
                "200": _json({"oneOf": [_ref("AdjudicationAnswer"),
                                        {"type": "array", "items": _ref("AdjudicationAnswer")}]},
                             "The engine's answer (an array for an array)."),
                "422": _error("The single request could not be answered (UNKNOWN_VARIANT, "
                              "INVALID_HOUSE_RULE, INVALID_CARD, INVALID_REQUEST)."),
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
                                                 "schema": {"type": "string"}}}},
                "422": _error("A field is missing or wrong."),
                "429": _error("Too many games created from this address."),
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
                          "404": _error("No game has this key.")},
        }},
        "/games/{key}/rounds": {"post": {
            "operationId": "addRound",
            "summary": "Add the next round.",
            "parameters": [_KEY, _IDEMPOTENCY],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["number", "players"],
                "properties": {"number": {"type": "integer", "minimum": 1},
                               "players": {"type": "array", "items": _ref("PlayerEntry")},
                               "lang": {"enum": ["en", "de"]}, "by": _BY}}}}},
            "responses": {"201": _json(_ref("Game"), "The game with the new round."),
                          "404": _error("No game has this key."),
                          "409": _error("`number` is not the next round; carries `game`."),
                          "422": _error("ROUND_INVALID (with `problems`) or INVALID_REQUEST."),
                          **_COMMON_ERRORS},
        }},
        "/games/{key}/rounds/{number}": {
            "put": {
                "operationId": "correctRound",
                "summary": "Correct a round.",
                "parameters": [_KEY, _NUMBER, _IDEMPOTENCY],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["version", "players"],
                    "properties": {"version": {"type": "integer", "minimum": 1},
                                   "players": {"type": "array", "items": _ref("PlayerEntry")},
                                   "lang": {"enum": ["en", "de"]}, "by": _BY}}}}},
                "responses": {"200": _json(_ref("Game"), "The corrected game."),
                              "404": _error("No such game or round."),
                              "409": _error("`version` is stale; carries `game`."),
                              "422": _error("ROUND_INVALID or INVALID_REQUEST."),
                              **_COMMON_ERRORS},
            },
            "delete": {
                "operationId": "deleteRound",
                "summary": "Delete the last round (it stays in the history).",
                "parameters": [_KEY, _NUMBER,
                               {"name": "version", "in": "query", "required": True,
                                "schema": {"type": "integer", "minimum": 1}},
                               {"name": "by", "in": "query", "required": False,
                                "description": _BY["description"], "schema": {"type": "string"}}],
                "responses": {"200": _json(_ref("Game"), "The game without the round."),
                              "404": _error("No such game or round."),
                              "409": _error("Not the last round, or `version` is stale."),
                              "422": _error("`version` is missing.")},
            },
        },
    },
    "components": {"schemas": {
        "Error": {"type": "object", "required": ["error"], "properties": {"error": {
            "type": "object", "required": ["code", "message"],
            "properties": {"code": {"type": "string"}, "message": {"type": "string"},
                           "field": {"type": "string"},
                           "problems": {"type": "array", "items": _ref("Problem")},
                           "game": _ref("Game")}}}},
        "Problem": {"type": "object", "required": ["code", "message", "rule"], "properties": {
            "code": {"type": "string"}, "message": {"type": "string"},
            "rule": {"type": "string"}, "player": {"type": "string"},
            "meld": {"type": "integer"}, "card": {"type": "string"},
            "problems": {"type": "array", "items": {"$ref": "#/components/schemas/Problem"}}}},
        "Card": {"type": "string", "description": "A card code: 7h, 10s, Qd, JK (joker)."},
        "AdjudicationRequest": {
            "type": "object", "required": ["variant", "check"],
            "description": "See rules/ADJUDICATION.md.",
            "properties": {
                "variant": {"enum": list(VARIANTS)},
                "check": {"enum": list(CHECKS)},
                "house_rules": {"type": "object"}, "lang": {"enum": ["en", "de"]},
                "round": {"type": "integer"}, "player_count": {"type": "integer"},
                "cards": {"oneOf": [{"type": "string"},
                                    {"type": "array", "items": _ref("Card")}]},
                "melds": {"type": "array"}, "whole_hand": {"type": "boolean"},
                "jokers_as": {"type": "array"},
                "players": {"type": "array", "items": _ref("PlayerEntry")},
                "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
                "rounds_played": {"type": "integer", "minimum": 0,
                                  "description": "required by check \"standings\""},
                # check: "turn" (RULES.md §8)
                "action": {"enum": list(ACTIONS),
                           "description": "check: turn. The one action of the turn asked about."},
                "initial_meld": {"enum": list(INITIAL_STATES),
                                 "description": "check: turn. When the player made the first "
                                                "meld; required where the variant's rule for "
                                                "the action depends on it, `this_turn` is "
                                                "INVALID_REQUEST for take_discard."},
                "hand_count": {"type": "integer", "minimum": 1,
                               "description": "take_discard: cards in the hand before taking."},
                "discards": {"type": "array", "items": _ref("Card"),
                             "description": "take_discard: the discard pile (Vorratsreihe) as "
                                            "it lies, oldest first, newest last."},
                "take": {"type": "integer", "minimum": 1, "default": 1,
                         "description": "take_discard: how many cards from the newest end."},
                "lay_offs": {"type": "array", "items": {"type": "object", "properties": {
                    "onto": {"type": "array"}, "cards": {"type": "array"},
                    "owner": {"enum": ["self", "other"]}}},
                    "description": "take_discard: lay-offs made at once with the taken cards."},
                "onto": {"type": "array", "description": "lay_off: the meld on the table."},
                "owner": {"enum": ["self", "other"], "default": "other",
                          "description": "lay_off: whose meld `onto` is."},
                "meld": {"type": "array",
                         "description": "exchange_joker: the meld holding the joker."},
                "joker_to": {"enum": ["hand", "new_meld"],
                             "description": "exchange_joker: where the freed joker goes."},
                "new_meld": {"type": "array", "description": "exchange_joker: the new meld "
                                                             "the freed joker goes into."}},
            "additionalProperties": True},
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
        "PlayerEntry": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
            "melds": {"type": "array"}, "hand": {"type": "array"},
            "went_out": {"type": "boolean"}, "hand_win": {"type": "boolean"},
            "meld_points": {"type": "integer"}, "hand_points": {"type": "integer"},
            "melded": {"type": "boolean"}}},
        "NewGame": {"type": "object", "required": ["variant", "players"], "properties": {
            "variant": {"type": "string"}, "house_rules": {"type": "object"},
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 2,
                        "maxItems": 8},
            "first_dealer": {"type": "integer", "minimum": 0},
            "name": {"type": "string", "maxLength": MAX_GAME_NAME, "description": "The game's name (Friday)."},
            "counting": {"enum": list(COUNTINGS),
                         "description": "How the table enters numbers: meld and hand points, or one net number."},
            "stakes": {"oneOf": [{"type": "null"}, _ref("Stakes")]}},
            "additionalProperties": False},
        "Stakes": {"type": "object", "required": ["mode", "cents"], "properties": {
            "mode": {"enum": list(STAKE_MODES)},
            "cents": {"type": "integer", "minimum": 0, "maximum": MAX_CENTS},
            "currency": {"type": "string", "pattern": "^[A-Z]{3}$",
                         "description": "ISO 4217; the server's currency when left out."}},
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
            "key": {"type": "string"}, "url": {"type": "string"},
            "variant": {"type": "string"}, "house_rules": {"type": "object"},
            "players": {"type": "array", "items": {"type": "string"}},
            "first_dealer": {"type": "integer"}, "version": {"type": "integer"},
            "next_round": {"type": "integer"},
            "rounds": {"type": "array", "items": {"type": "object", "properties": {
                "number": {"type": "integer"}, "version": {"type": "integer"},
                "dealer": {"type": "string"},
                "players": {"type": "array", "items": _ref("PlayerEntry")},
                "scores": {"type": "object"}}}},
            "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
            "finished": {"type": "boolean"},
            "winners": {"type": "array", "items": {"type": "string"}},
            "playoff": {"type": "array", "items": {"type": "string"}},
            "next_dealer": {"type": "string"},
            "name": {"type": "string"}, "counting": {"enum": ["separate", "net"]},
            "stakes": {"oneOf": [{"type": "null"}, _ref("Stakes")]},
            "settlement": {"oneOf": [{"type": "null"}, _ref("Settlement")]}}},
    }},
}
