"""What every page of a game needs: the game behind a key, and this browser's list of games.

A browser is known by a random token in a long-lived cookie (no accounts); the
home page lists the games that token created or opened, and nothing else.
"""

from __future__ import annotations

import contextlib
import re
import secrets
from datetime import timedelta
from typing import Any

from flask import Flask, abort, g, request, session
from sqlalchemy.exc import IntegrityError, OperationalError

from scorepad.game.checks import is_key
from scorepad.game.devices import choose_player as service_choose_player
from scorepad.game.devices import remember_game
from scorepad.game.errors import ServiceError
from scorepad.game.models import Game, _now
from scorepad.game.reads import games_opened, known_game
from scorepad.game.service import find_game

DEVICE_COOKIE = "scorepad_device"
# A device token is what ``secrets.token_urlsafe(16)`` makes: 22 URL-safe characters. A
# cookie of any other shape is replaced, never stored (the column holds 32 characters).
DEVICE_PATTERN = re.compile(r"[A-Za-z0-9_-]{22}")
_REFRESH = timedelta(minutes=10)
# Games viewed before the browser had a cookie, kept in its session until it comes back.
SEEN = "seen"
MAX_SEEN = 30


def game_or_404(key: str) -> Game:
    game = find_game(key)
    if game is None:
        abort(404)
    return game


def device() -> str:
    """This browser's token; a new one is set as a cookie with the answer."""
    if "device" not in g:
        token = request.cookies.get(DEVICE_COOKIE, "")
        if not DEVICE_PATTERN.fullmatch(token):
            token = secrets.token_urlsafe(16)
            g.new_device = True
        g.device = token
    return str(g.device)


def remember(game: Game) -> None:
    """Put ``game`` on this browser's home page (or move it to the top).

    Only a convenience: if the database is busy, the page is shown all the same.
    """
    token = device()
    if g.get("new_device") and request.method in ("GET", "HEAD"):
        # A browser that sent no cookie (its first view, or one that keeps none) writes
        # nothing: the game goes into its (signed) session cookie, and into the database
        # when it comes back with its cookies (:func:`keep_seen`). Else every cookieless
        # view of a page wrote a row.
        seen = [i for i in session.get(SEEN, []) if isinstance(i, int) and i != game.id]
        session[SEEN] = (seen + [game.id])[-MAX_SEEN:]
        return
    keep_seen(token)
    known = known_game(token, game)
    if known is not None and _now() - known.opened_at < _REFRESH:
        return
    with contextlib.suppress(ServiceError, IntegrityError, OperationalError):
        remember_game(game.id, token, opened=True)


def keep_seen(token: str) -> None:
    """The games this browser viewed before it had a cookie, on its home page now."""
    seen = session.pop(SEEN, None)
    if not isinstance(seen, list):
        return
    for game_id in seen[-MAX_SEEN:]:
        if isinstance(game_id, int):
            with contextlib.suppress(ServiceError, IntegrityError, OperationalError):
                remember_game(game_id, token)


def entry_modes(game: Game) -> dict[str, str]:
    """How each player's round was last entered on this phone (``{"Anna": "cards"}``)."""
    if "device" not in g and not DEVICE_PATTERN.fullmatch(request.cookies.get(DEVICE_COOKIE, "")):
        return {}
    known = known_game(device(), game)
    return dict(known.entry_modes or {}) if known is not None else {}


def remember_modes(game: Game, modes: dict[str, str]) -> None:
    """Keep how each player was entered, for this phone's next round of ``game``.

    Only a convenience, as :func:`remember`: a busy database never fails the save.
    """
    token, game_id = device(), game.id
    with contextlib.suppress(ServiceError, IntegrityError, OperationalError):
        remember_game(game_id, token, modes=modes)


def known_games(page: int, per_page: int) -> tuple[list[Game], bool]:
    """This browser's games, most recently opened first; and whether there are more."""
    token = device()
    if g.get("new_device"):
        return [], False  # a browser seen for the first time has opened no game yet
    keep_seen(token)
    rows = games_opened(token, page * per_page, per_page + 1)
    return list(rows[:per_page]), len(rows) > per_page


def register(app: Flask) -> None:
    @app.after_request
    def set_device_cookie(response: Any) -> Any:
        if g.get("new_device"):
            response.set_cookie(DEVICE_COOKIE, g.device, max_age=2 * 365 * 24 * 3600,
                                httponly=True, samesite="Lax",
                                secure=app.config["SESSION_COOKIE_SECURE"])
        return response


def this_device() -> str | None:
    """This browser's token if it has one already (never makes a new one)."""
    token = request.cookies.get(DEVICE_COOKIE, "")
    return token if DEVICE_PATTERN.fullmatch(token) else None


def new_write_id() -> str:
    """A write id for a form being rendered: the form posts it back, and the server saves
    the form once however often it is sent (:class:`scorepad.game.service.AlreadySaved`)."""
    return secrets.token_urlsafe(16)


def posted_write_id() -> str | None:
    """The write id of the posted form, if it has a usable one (a form from before write
    ids, or a script, has none)."""
    value = request.form.get("write_id", "")
    return value if is_key(value) else None


def form_write_id() -> str:
    """The write id a form being rendered carries: the posted one when a posted form is
    shown again (it was not saved), else a new one."""
    return (posted_write_id() if request.method == "POST" else None) or new_write_id()


def phone_player(game: Game) -> str | None:
    """The player this phone said it is in ``game`` (None until it chose), if still at the table."""
    token = request.cookies.get(DEVICE_COOKIE, "")
    if not DEVICE_PATTERN.fullmatch(token):
        return None
    known = known_game(token, game)
    if known is None or known.player not in {p.name for p in game.players}:
        return None
    return known.player


def choose_player(game: Game, name: str | None) -> bool:
    """Remember which player this phone is in ``game`` (None: nobody); False if the
    database was busy."""
    try:
        service_choose_player(game.key, device(), name)
    except ServiceError:
        return False
    return True
