"""The live table: every open page of a game follows what the other phones change.

Each page polls :func:`poll` with the version it shows. The answer is a bare 204 while
nothing changed (one indexed query that reads only the version), else the fresh fragment
of the page. All state lives in the database, so any number of server processes can
answer the polls of one game. A phone also says once which player it is (:func:`me`),
so that the history and the other phones can say "saved on Anna's phone".
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy.engine import Engine

from scorepad.game.checks import KEY, arg
from scorepad.game.db import db
from scorepad.game.models import Change, Game
from scorepad.game.reads import changes_after, game_version, other_phone_is
from scorepad.web.device import choose_player, game_or_404, this_device
from scorepad.web.live_context import board_context, draft_stamp, status_context

bp = Blueprint("live", __name__, url_prefix="/g/<key:key>")

VIEWS = ("board", "table", "notice", "together")

def notice_changes(game: Game, since: int) -> list[Change]:
    """The changes of ``game`` made after change ``since``, oldest first (at most 5)."""
    return changes_after(game, since, 5)


@bp.get("/live")
def poll(key: str) -> Any:
    """The fragment of an open page, or 204 (no body) when the game did not change."""
    view = request.args.get("view", "board")
    if view not in VIEWS:
        abort(404)
    stamp = draft_stamp(key) if view == "together" else game_version(key)
    if stamp is None:
        abort(404)
    if request.args.get("v", "") == str(stamp):
        # Nothing to show, so the shortest policy there is: most of an idle phone's bytes
        # are headers.
        return "", 204, {"Content-Security-Policy": "default-src 'none'"}
    game = game_or_404(key)
    if view == "board":
        return render_template("games/_board.html", **board_context(game))
    if view == "table":
        return render_template("games/_table.html", **board_context(game))
    if view == "notice":
        since = arg(request.args, "since", 0, default=0) or 0
        number = arg(request.args, "number", 0, default=0) or 0
        return render_template("live/_notice.html", game=game, number=number,
                               live_since=since, live_changes=notice_changes(game, since),
                               editing=request.args.get("editing") == "1",
                               plain=request.args.get("plain") == "1")
    shown = arg(request.args, "number", 0)
    return render_template("live/_together_status.html", **status_context(game, shown),
                           oob=True)


@bp.post("/me")
def me(key: str) -> Any:
    """This phone says which player it is in this game (or that it is nobody's)."""
    game = game_or_404(key)
    chosen = request.form.get("player", "")
    names = [p.name for p in game.players]
    then = "together" if request.form.get("next") == "together" else "show"
    if (chosen in names and request.form.get("confirm") != "y"
            and claimed_elsewhere(game, chosen)):
        # A phone handed around may be the same player's too, but never without a word.
        return render_template("live/claim.html", game=game, name=chosen, then=then)
    if not choose_player(game, chosen if chosen in names else None):
        flash(_("The table is busy: nothing was saved. Please try again."), "warning")
    target = "together.page" if then == "together" else "games.show"
    return redirect(url_for(target, key=game.key)), 303


def claimed_elsewhere(game: Game, name: str) -> bool:
    """Whether another phone said it is ``name`` in ``game``."""
    return other_phone_is(game, name, this_device())


class QuietPolls:
    """WSGI middleware: a poll whose page is up to date is answered 204 before Flask sees it.

    Most polls find nothing new; this answers them with one indexed read and no request
    context, session, locale or template (about a quarter of the CPU of the same answer
    through Flask). Every other request, and every poll with news, goes on to the app.
    """

    PATH = re.compile(f"/g/({KEY})/live")
    HEADERS = [("Content-Security-Policy", "default-src 'none'"),
               ("X-Content-Type-Options", "nosniff")]

    def __init__(self, app: Any, engine: Engine) -> None:
        self.app = app
        self.engine = engine

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        match = self.PATH.fullmatch(environ.get("PATH_INFO", ""))
        if match and environ.get("REQUEST_METHOD") == "GET":
            args = parse_qs(environ.get("QUERY_STRING", ""))
            view = args.get("view", ["board"])[0]
            if view in ("board", "table", "notice"):
                version = game_version(match.group(1), self.engine)
                if version is not None and args.get("v", [""])[0] == str(version):
                    start_response("204 No Content", list(self.HEADERS))
                    return []
        return self.app(environ, start_response)


def register(app: Any) -> None:
    """The quiet answer to polls (the live pages' template helpers: :mod:`scorepad.web.helpers`)."""
    with app.app_context():
        app.wsgi_app = QuietPolls(app.wsgi_app, db.engine)

