"""Enter the round together: every phone enters its own player's part at the same time.

The draft lives in the database, one row a part (:class:`~scorepad.game.models.DraftPart`),
so two phones never overwrite each other's parts and a draft survives reloads and
restarts. Each part is checked as it arrives (its melds by the engine); the whole-round
checks (one closer, card counts, copies of a card, hand-win conditions) run on the parts
there are, and every phone sees them through the live poll. Once every part is in, any
phone saves the round through :func:`scorepad.game.service.add_round`.
"""

from __future__ import annotations

import contextlib
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorepad.game import service
from scorepad.game.cardtext import TOKEN_PATTERN
from scorepad.game.checks import SUM_PATTERN, arg
from scorepad.game.errors import AlreadySaved, Conflict, RoundInvalid, ServiceError
from scorepad.game.models import Game
from scorepad.game.scoreboard import rules_of, score_entry, scoreboard
from scorepad.game.service import add_round, correct_round, written
from scorepad.web.device import game_or_404, phone_player, posted_write_id, this_device
from scorepad.web.errors import status_of
from scorepad.web.forms import CardSlot, game_names
from scorepad.web.live_context import draft_parts, round_checks, status_context
from scorepad.web.outbox import write_form
from scorepad.web.part_entry import read_part
from scorepad.web.taken import already_saved, lost_to_another_phone, saved_round
from scorepad.words.problems import problem_shown

bp = Blueprint("together", __name__, url_prefix="/g/<key:key>/together")

def _who(game: Game) -> str | None:
    """Whose part this page enters: ``?as=`` a player, else this phone's player."""
    names = game_names(game)
    chosen = request.values.get("as", "")
    return chosen if chosen in names else phone_player(game)


def _page(game: Game, who: str | None, *, text: dict[str, Any] | None = None,
          slots: list[CardSlot] | None = None, errors: list[str] | None = None,
          status: int = 200, shown: int | None = None) -> Any:
    context = status_context(game, shown)
    board = context["board"]
    if text is None and who is not None and who in context["parts"]:
        text = context["parts"][who].text
    rules = rules_of(game, context["number"])
    if slots is None and text is not None and text.get("mode") == "cards" and who is not None:
        slots = read_part(game, rules, who, _as_form(text)).slots
    return render_template(
        "live/together.html", **context, who=who, text=text or {"mode": "cards"},
        slots=slots or [], errors=errors or [], me=phone_player(game),
        layoffs=board.variant.has_layoffs,
        hand_win=board.variant.has_hand_win,
        plus_minus=board.variant.scoring == "plus_minus",
        asks_melded=board.variant.asks_melded, sum_pattern=SUM_PATTERN,
        card_tokens=TOKEN_PATTERN), status


def _as_form(text: dict[str, Any]) -> dict[str, str]:
    return {k: ("y" if v is True else "" if v is False else str(v)) for k, v in text.items()}


@bp.get("")
def page(key: str) -> Any:
    """The draft of the next round: every part there is, and this phone's part to enter."""
    game = game_or_404(key)
    if scoreboard(game).finished:
        flash(_("The game is over. Correct a round if a score was wrong."))
        return redirect(url_for("games.show", key=key))
    return _page(game, _who(game))


@bp.post("")
@write_form
def save_part(key: str) -> Any:
    """Save one player's part (its own row: another phone's part is never touched)."""
    game = game_or_404(key)
    board = scoreboard(game)
    who = _who(game)
    if board.finished or who is None or who not in board.playing:
        return redirect(url_for("together.page", key=key)), 303
    number = arg(request.form, "number", 0)
    if number is not None and number < board.next_number and saved_round(game, number):
        # The round was saved meanwhile (on any phone): show it saved, never keep this part
        # as a draft of the next round, where it could be saved again.
        return _page(game, who, shown=number, status=409)
    if number != board.next_number:
        flash(_("The rounds changed meanwhile: enter your part of round %(m)d.",
                m=board.next_number), "warning")
        return _page(game, who, status=409)
    entry = read_part(game, rules_of(game, number), who, request.form)
    text, slots = entry.text, entry.slots
    if entry.errors:
        return _page(game, who, text=text, slots=slots, errors=entry.errors, status=422)
    by = phone_player(game)
    try:
        service.save_part(game.key, number, who, entry.part, text, by)
    except Conflict:
        game = game_or_404(key)
        board = scoreboard(game)
        flash(_("Round %(n)d was saved meanwhile: enter your part of round %(m)d.",
                n=board.next_number - 1, m=board.next_number), "warning")
        return _page(game, who, text=text, status=409)
    except ServiceError as e:
        flash(str(e.message), "warning")
        return _page(game_or_404(key), who, text=text, slots=slots, status=status_of(e))
    others: dict[str, Any] = {} if who == by else {"as": who}
    return redirect(url_for("together.page", key=key, _anchor="status", **others)), 303


@bp.post("/check")
def check(key: str) -> Any:
    """This phone's part checked as it is typed (htmx): every meld and the hand."""
    game = game_or_404(key)
    board = scoreboard(game)
    who = _who(game) or (board.playing[0] if board.playing else "")
    slots = read_part(game, rules_of(game, board.next_number), who, request.form).slots
    return render_template("live/_part_check.html", slots=slots, errors=[], board=board,
                           who=who, layoffs=board.variant.has_layoffs)


@bp.post("/save")
@write_form
def save(key: str) -> Any:
    """Save the round from the parts: once every part is in and the round is valid.

    ``from`` names the round whose parts are saved (another deal: they are saved as the
    next round); ``replace`` (the saved round's version) corrects round ``number`` with
    them instead (mine is right), under the same version check as any correction."""
    game = game_or_404(key)
    number = arg(request.form, "number", 0)
    source = arg(request.form, "from", 0) or number
    replacing = arg(request.form, "replace", 0)
    board = scoreboard(game)
    parts = draft_parts(game, source if source is not None else board.next_number)
    write_id = posted_write_id()
    if not parts and number is not None and saved_round(game, number) is not None:
        # The parts are gone: the round was saved, from this draft or another entry.
        change = written(game, write_id)
        if change is not None:
            return already_saved(key, AlreadySaved(change))
        return _page(game, _who(game), shown=number, status=409)
    target = number if replacing is not None and number is not None else board.next_number
    checks = round_checks(game, target, board.playing, parts)
    if checks["missing"] or checks["problems"]:
        return _page(game, _who(game), status=422)
    try:
        if replacing is not None and number is not None:
            correct_round(game.key, number, replacing, checks["entry"],
                          by=phone_player(game), write_id=write_id, device=this_device())
        else:
            add_round(game.key, number, checks["entry"], by=phone_player(game),
                      write_id=write_id, device=this_device())
    except AlreadySaved as e:
        return already_saved(key, e)
    except Conflict:
        game = game_or_404(key)
        mine = score_entry(game, source or 0, checks["entry"])
        fields = [("from", str(source)), ("write_id", write_id or "")]
        rnd = saved_round(game, number)
        lost = lost_to_another_phone(
            game, number, mine.scores if mine.valid else None, request.form,
            url_for("together.save", key=key),
            entry=checks["entry"], discard=url_for("together.discard", key=key),
            fields=fields, replace=url_for("together.save", key=key),
            replace_fields=fields + [("number", str(number)),
                                     ("replace", str(rnd.version if rnd else 0))])
        if lost is not None:
            if lost[1] == 200:
                _clear(game, source or 0)  # the same round, saved already: its parts are done
            return lost
        flash(_("The table is busy: nothing was saved. Please try again."), "warning")
        return _page(game, _who(game), status=409)
    except RoundInvalid as e:
        flash(" ".join(problem_shown(p)["message"] for p in e.problems), "warning")
        return _page(game, _who(game), status=422)
    except ServiceError as e:
        flash(str(e.message), "warning")
        return _page(game, _who(game), status=status_of(e))
    _clear(game, source or number or 0)
    return redirect(url_for("games.show", key=key, _anchor=f"round-{number}")), 303


def _clear(game: Game, upto: int) -> None:
    """Drop the parts of rounds up to ``upto``: saved or discarded, they are done."""
    # Stale parts are ignored (they belong to a saved round), so a busy table loses nothing.
    with contextlib.suppress(ServiceError):
        service.clear_parts(game.key, upto)


@bp.post("/discard")
def discard(key: str) -> Any:
    """Same deal: the parts of a round another phone saved first are dropped."""
    game = game_or_404(key)
    number = arg(request.form, "number", 0)
    if number is not None and number < scoreboard(game).next_number:
        _clear(game, number)
    return redirect(url_for("games.show", key=key, _anchor=f"round-{number}")), 303
