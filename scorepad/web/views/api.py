"""The game API (``../shared/API.md``): JSON over HTTP under ``/api/v1``.

A second door to the service layer the pages use: every write goes through
:mod:`scorepad.game.service`, and every refusal is ``{"error": {"code", "message"}}``
(the service's refusals answered by :mod:`scorepad.web.errors`).
No CSRF token is needed: a cross-site page cannot send a JSON body without a
CORS preflight, and the app allows no CORS; other content types get 415.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Blueprint, Response, g, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from scorepad.game.checks import JSONRefused, arg, integral, load_json
from scorepad.game.errors import AlreadySaved
from scorepad.game.models import Game
from scorepad.game.service import (
    add_round,
    correct_round,
    create_game,
    delete_round,
    find_game,
    request_hash,
)
from scorepad.rules import adjudicate
from scorepad.rules.limits import MAX_NUMBER
from scorepad.web.errors import ApiRefused, api_error, json_response
from scorepad.web.extensions import create_games, csrf, read_photos
from scorepad.web.game_json import game_json
from scorepad.web.openapi import CORRECTION_FIELDS, GAME_FIELDS, ROUND_FIELDS, STAKES_FIELDS
from scorepad.web.openapi_schemas import LANGS
from scorepad.web.photos import MAX_FORM_EXTRA, MAX_PHOTO, PhotoRefused, photo_bytes, read, too_large

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)

MAX_BODY = 1024 * 1024


def _body(*, integral_floats: bool = True) -> Any:
    """The request's JSON value; refuses other content types, large bodies and non-JSON.
    A whole number written with a fraction (``1.0``) is that integer, as JSON Schema and
    the API's description count it (but for ``adjudicate``: the CLI's answers exactly)."""
    if request.mimetype != "application/json":
        raise ApiRefused(415, "UNSUPPORTED_MEDIA_TYPE",
                             "Send the request body as application/json.")
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise ApiRefused(413, "TOO_LARGE", "The request body is larger than 1 MB.")
    raw = request.stream.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise ApiRefused(413, "TOO_LARGE", "The request body is larger than 1 MB.")
    try:
        # Kept for the error handlers: the stream is read, so request.get_json finds nothing.
        g.api_body = load_json(raw, parse_float=integral if integral_floats else None)
        return g.api_body
    except JSONRefused:
        raise ApiRefused(400, "INVALID_JSON", "The request body is not JSON.") from None


def _object(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ApiRefused(422, "INVALID_REQUEST", "The request body must be a JSON object.")
    return body


def _known_fields(body: dict[str, Any], known: Iterable[str], prefix: str = "") -> None:
    unknown = sorted(set(body) - set(known))
    if unknown:
        field = prefix + str(unknown[0])[:40]
        raise ApiRefused(422, "INVALID_REQUEST", f"Unknown field: {field}.", field=field)


def _field_int(body: dict[str, Any], name: str) -> int:
    value = body.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= MAX_NUMBER:
        raise ApiRefused(422, "INVALID_REQUEST", f"'{name}' must be a whole number from 1.",
                         field=name)
    return value


def _lang(body: dict[str, Any]) -> None:
    """``lang``, where given, is a language of the contract's words."""
    if "lang" in body and body["lang"] not in LANGS:
        raise ApiRefused(422, "INVALID_REQUEST", "'lang' must be \"en\" or \"de\".",
                         field="lang")


def _by(game: Game, value: Any) -> str | None:
    """Whose phone made the change (``by``: one of the game's players), for the history."""
    if value is None:
        return None
    names = [p.name for p in game.players]
    if value not in names:
        raise ApiRefused(422, "INVALID_REQUEST", "'by' must be the name of one of the game's players.",
                         field="by")
    return str(value)


def _game(key: str) -> Game:
    game = find_game(key)
    if game is None:
        raise ApiRefused(404, "NOT_FOUND", "There is no game with this key.")
    return game


@bp.post("/adjudicate")
def adjudicate_() -> Response:
    """One request of the adjudication contract, or an array of them: the CLI's answers."""
    body = _body(integral_floats=False)
    if isinstance(body, list):
        return json_response([adjudicate(r) for r in body])
    answer = adjudicate(body)
    return json_response(answer, 422 if "error" in answer else 200)


@bp.get("/openapi.json")
def openapi() -> Response:
    """This API described in OpenAPI 3.1 (scorepad/openapi.py)."""
    from scorepad.web.openapi import SPEC

    return json_response(SPEC)


@bp.post("/games")
@create_games
def create() -> Response:
    body = _object(_body())
    _known_fields(body, GAME_FIELDS)
    stakes = body.get("stakes")
    if stakes is not None:
        if not isinstance(stakes, dict):
            return api_error(422, "INVALID_REQUEST", "'stakes' must be an object: mode, cents, currency.",
                             field="stakes")
        _known_fields(stakes, STAKES_FIELDS, "stakes.")
        if stakes.get("mode") is None:
            return api_error(422, "INVALID_REQUEST", "'stakes' needs a mode: pot, per_point or to_winner.",
                             field="stakes.mode")
    else:
        stakes = {}
    game = create_game(body.get("variant"), body.get("house_rules"), body.get("players"),
                       body.get("first_dealer", 0), body.get("name", ""),
                       body.get("counting", "separate"), stakes_mode=stakes.get("mode"),
                       stakes_cents=stakes.get("cents"), currency=stakes.get("currency"))
    return json_response(game_json(game), 201, Location=url_for("api.game", key=game.key))


@bp.get("/games/<key>")
def game(key: str) -> Response:
    return json_response(game_json(_game(key)))


def _bound_key(body: Any) -> dict[str, Any]:
    """The request's ``Idempotency-Key`` and what it is bound to (:func:`request_hash`),
    as :func:`add_round` and :func:`correct_round` take them."""
    key = request.headers.get("Idempotency-Key")
    return {"write_id": key,
            "request": None if key is None else request_hash(request.method, request.path, body)}


@bp.post("/games/<key>/rounds")
def add(key: str) -> Response:
    game = _game(key)
    body = _object(_body())
    _known_fields(body, ROUND_FIELDS)
    _lang(body)
    number = _field_int(body, "number")
    try:
        add_round(game.key, number, body.get("players"), by=_by(game, body.get("by")),
                  **_bound_key(body))
    except AlreadySaved:
        return json_response(game_json(_game(key)), 201, **{"Idempotent-Replayed": "true"})
    return json_response(game_json(_game(key)), 201)


@bp.put("/games/<key>/rounds/<int:number>")
def correct(key: str, number: int) -> Response:
    game = _game(key)
    body = _object(_body())
    _known_fields(body, CORRECTION_FIELDS)
    _lang(body)
    version = _field_int(body, "version")
    try:
        correct_round(game.key, number, version, body.get("players"),
                      by=_by(game, body.get("by")), **_bound_key(body))
    except AlreadySaved:
        return json_response(game_json(_game(key)), 200, **{"Idempotent-Replayed": "true"})
    return json_response(game_json(_game(key)))


@bp.delete("/games/<key>/rounds/<int:number>")
def delete(key: str, number: int) -> Response:
    game = _game(key)
    version = arg(request.args, "version", 1, MAX_NUMBER)
    if version is None:
        return api_error(422, "INVALID_REQUEST", "Give the round's version: ?version=v (from 1).",
                         field="version")
    delete_round(game.key, number, version, by=_by(game, request.args.get("by")))
    return json_response(game_json(_game(key)))


@bp.post("/cards/read")
@read_photos
def read_cards() -> Response:
    """The cards in a photo (``multipart/form-data``, field ``photo``): read, never stored."""
    request.max_content_length = MAX_PHOTO + MAX_FORM_EXTRA
    if request.mimetype != "multipart/form-data":
        raise PhotoRefused(415, "UNSUPPORTED_MEDIA_TYPE",
                           "Send the photo as multipart/form-data, in the field 'photo'.")
    try:
        part = request.files.get("photo")
    except RequestEntityTooLarge:
        raise too_large() from None
    return json_response({"cards": read(photo_bytes(part))})
