"""A round number another phone took first, said in words.

A stale link to round 7's form shows round 7 as it was saved (by whom, its scores),
never a form for another round; a save that lost to another phone's save of the same
round number shows both entries side by side and lets the phone choose: the same deal
(discard this entry) or another deal (save it as the next round).
"""

from __future__ import annotations

from typing import Any

from flask import render_template
from werkzeug.datastructures import MultiDict

from ..models import Change, Game, Round
from ..table import Scoreboard, scoreboard

# Fields of the round form that the "another deal" button must not post again as they were.
_NOT_REPOSTED = {"csrf_token", "number", "action", "version"}


def saved_round(game: Game, number: int | None) -> Round | None:
    """Round ``number`` of ``game`` if it is saved."""
    return next((r for r in game.rounds if r.number == number), None)


def last_change(game: Game, number: int) -> Change | None:
    """The newest change that saved round ``number`` (added, corrected or restored)."""
    return next((c for c in reversed(game.history)
                 if c.round_number == number and c.action != "deleted"), None)


def stale_link(game: Game, board: Scoreboard, number: int | None) -> Any | None:
    """The page for an old link to round ``number``'s form when that round is saved
    already; None when the link is current (the caller shows the form)."""
    rnd = saved_round(game, number)
    if rnd is None:
        return None
    return render_template("live/taken.html", game=game, board=board, theirs=rnd,
                           change=last_change(game, rnd.number), stale=True)


def lost_to_another_phone(game: Game, number: int | None, mine: dict[str, Any] | None,
                          posted: MultiDict[str, str], action: str, *,
                          discard: str | None = None,
                          fields: list[tuple[str, str]] | None = None) -> Any | None:
    """Both entries of round ``number`` side by side, after this phone's save lost to
    another phone's; None when no round ``number`` is saved (the caller says why else).

    ``mine`` is the engine's answer for this phone's entry; ``action`` is the address the
    "another deal" button posts to, with the fields of ``posted`` (the round form) or
    ``fields`` (given instead); ``discard`` is posted to by "same deal: discard mine"
    (None: a link back to the scores, as nothing is stored)."""
    rnd = saved_round(game, number)
    if rnd is None:
        return None
    board = scoreboard(game)
    keep = fields if fields is not None else [
        (k, v) for k, v in posted.items(multi=True) if k not in _NOT_REPOSTED]
    return render_template("live/taken.html", game=game, board=board, theirs=rnd,
                           change=last_change(game, rnd.number), stale=False,
                           mine=(mine or {}).get("scores"), action=action, repost=keep,
                           discard=discard), 409
