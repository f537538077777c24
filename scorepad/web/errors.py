"""Every error answer of the app, decided once: what a refusal becomes on the web.

The service and the input rules raise typed errors without HTTP
(:mod:`scorepad.game.errors`). Here each kind gets its status, an API request gets the JSON
body of ``../shared/API.md``, and a page gets the refusal as a flash on the page the view
names (:func:`back_to`; the game's page by default). A view that must show its typed form
again (a round, a new game) catches the error itself and asks :func:`status_of`. The API's
own refusals of a request (its transport, its fields) are :class:`ApiRefused`; an HTTP error
(404, 405, 413 …) is the error page, or in the API its JSON; anything else is a 500 that
says nothing of the server.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Flask, Response, flash, g, redirect, render_template, request, url_for
from flask_babel import force_locale
from werkzeug.exceptions import HTTPException

from scorepad.game.db import db
from scorepad.game.errors import (
    AlreadySaved,
    Conflict,
    InvalidRequest,
    NotFound,
    RoundInvalid,
    ServiceError,
)
from scorepad.words.problems import problem_json, table_words

# Most specific first: the first class a refusal is an instance of gives its status.
STATUS: tuple[tuple[type[ServiceError], int], ...] = (
    (AlreadySaved, 200),
    (NotFound, 404),
    (Conflict, 409),
    (RoundInvalid, 422),
    (InvalidRequest, 422),
    (ServiceError, 422),
)


def status_of(error: ServiceError) -> int:
    """The HTTP status of a refusal.

    >>> from scorepad.game.errors import GameNotFound
    >>> status_of(GameNotFound("gone")), status_of(Conflict("late")), status_of(ServiceError("no"))
    (404, 409, 422)
    """
    return next(status for kind, status in STATUS if isinstance(error, kind))


# The API's error code of each HTTP error (API.md); any other status is INVALID_REQUEST.
HTTP_CODES = {400: "INVALID_JSON", 404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED",
              409: "CONFLICT", 413: "TOO_LARGE", 415: "UNSUPPORTED_MEDIA_TYPE",
              429: "TOO_MANY_REQUESTS"}


class ApiRefused(Exception):
    """The API refuses a request before the service sees it (its content type, size, JSON or
    fields): answered as :func:`api_error` says, with the ``field`` where one is named."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(status, code, message)
        self.status, self.code, self.message, self.field = status, code, message, field

    def answer(self) -> Response:
        if self.field:
            return api_error(self.status, self.code, self.message, field=self.field)
        return api_error(self.status, self.code, self.message)


def json_response(body: Any, status: int = 200, **headers: str) -> Response:
    """``body`` as the API writes JSON (UTF-8 as it is, not ``\\u`` escapes)."""
    return Response(json.dumps(body, ensure_ascii=False), status=status,
                    mimetype="application/json", headers=headers)


def api_error(status: int, code: str, message: str, game: dict[str, Any] | None = None,
              **extra: Any) -> Response:
    """An API refusal; a conflict carries the current ``game`` (beside the error, and in it
    for clients that read only the error object)."""
    body: dict[str, Any] = {"error": {"code": code, "message": message, **extra}}
    if game is not None:
        body["game"] = game
        body["error"]["game"] = game
    return json_response(body, status)


def api_refusal(error: ServiceError, key: str | None, lang: str = "en") -> Response:
    """A refusal of the service as the API answers it: its code, message, field and
    details (a round's problems in the request's ``lang``); a conflict in a game carries
    the game as it is now."""
    extra: dict[str, Any] = {k: v for k, v in error.extra.items() if v is not None}
    if isinstance(error, RoundInvalid):
        with force_locale(lang):
            extra["problems"] = [problem_json(p) for p in error.problems]
    if isinstance(error, InvalidRequest) and error.field:
        extra["field"] = error.field
    status = status_of(error)
    if status == 409 and key is not None:
        from scorepad.game.service import find_game
        from scorepad.web.game_json import game_json

        game = find_game(key)
        if game is not None:
            extra["game"] = game_json(game)
    problem = error.problem if isinstance(error, InvalidRequest) else None
    if problem is not None:
        with force_locale(lang):
            message = table_words(problem)
    else:
        message = str(error.message)
    return api_error(status, error.code, message, **extra)


def own_headers(e: HTTPException, response: Response) -> Response:
    """``response`` (an answer of ours to the HTTP error ``e``) with the headers the error
    carries beside its body: ``Allow`` on a 405 (RFC 9110), ``WWW-Authenticate``…"""
    for name, value in e.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def back_to(endpoint: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The page a refusal of this view goes back to (with the view's ``key``), as a flash."""
    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def wrapped(**kwargs: Any) -> Any:
            g.refused_to = url_for(endpoint, key=kwargs["key"]) if "key" in kwargs else None
            return view(**kwargs)
        return wrapped
    return decorate


def page_refusal(error: ServiceError) -> Any:
    """A refusal on a page: said as a warning on the page the view names (:func:`back_to`),
    else on the game's page, else the home page; nothing was written."""
    flash(str(error.message), "warning")
    target = g.get("refused_to")
    if target is None:
        key = (request.view_args or {}).get("key")
        target = (url_for("games.show", key=key) if key and request.path.startswith("/g/")
                  else url_for("games.home"))
    return redirect(target), 303


def _api() -> bool:
    return request.path.startswith("/api/")


def register(app: Flask) -> None:
    """One handler for each kind of error, for pages and the API alike."""

    @app.errorhandler(ServiceError)
    def refused(error: ServiceError) -> Any:
        if _api():
            return api_refusal(error, (request.view_args or {}).get("key"), _contract_lang())
        return page_refusal(error)

    @app.errorhandler(ApiRefused)
    def api_refused(error: ApiRefused) -> Response:
        return error.answer()

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException) -> Any:
        if _api():
            status = e.code or 400
            response = api_error(status, HTTP_CODES.get(status, "INVALID_REQUEST"),
                                 e.description or e.name)
            return own_headers(e, response)
        return own_headers(e, app.make_response((render_template("error.html", error=e),
                                                 e.code or 500)))

    @app.errorhandler(Exception)
    def server_error(e: Exception) -> Any:
        db.session.rollback()
        app.logger.exception("unhandled error")
        if _api():
            return api_error(500, "INTERNAL_ERROR", "Something went wrong on the server.")
        return render_template("error.html", error=None), 500


def _contract_lang() -> str:
    """The language of an API answer's problems: the request body's ``lang`` where it is the
    contract's German, else the contract's English (the API's words are the contract's)."""
    body = g.get("api_body")
    return "de" if isinstance(body, dict) and body.get("lang") == "de" else "en"
