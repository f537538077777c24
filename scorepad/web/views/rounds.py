"""Round entry by numbers or cards, corrections and the history of changes.

A view reads the form into a :class:`~scorepad.web.round_entry.RoundEntry` (which checks
it and places its problems), calls the service, and renders or redirects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from scorepad.game.cardtext import TOKEN_PATTERN
from scorepad.game.checks import arg, whole
from scorepad.game.errors import AlreadySaved, Conflict, RoundGone, ServiceError
from scorepad.game.models import Game, Round
from scorepad.game.questions import UnreadableLine, first_meld, read_meld_lines
from scorepad.game.scoreboard import (
    Scoreboard,
    rules_of,
    scoreboard,
    variant_of,
)
from scorepad.game.service import (
    add_round,
    correct_round,
    delete_round,
    restore_round,
    was_version,
    written,
)
from scorepad.rules import MAX_CARDS, Breakdown
from scorepad.web.device import (
    entry_modes,
    form_write_id,
    game_or_404,
    phone_player,
    posted_write_id,
    remember_modes,
    this_device,
)
from scorepad.web.errors import status_of
from scorepad.web.forms import CardSlot, check_slot, game_names
from scorepad.web.outbox import write_form
from scorepad.web.round_entry import RoundEntry
from scorepad.web.taken import already_saved, lost_to_another_phone, stale_link
from scorepad.words.problems import problem_shown
from scorepad.words.round_notes import number_notes, surcharge_words

bp = Blueprint("rounds", __name__, url_prefix="/g/<key:key>/rounds")


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _render(board: Scoreboard, entry: RoundEntry, number: int, *,
            editing: Round | None = None, conflict: Round | None = None,
            status: int | None = None) -> Any:
    game, form, preview = entry.game, entry.form, entry.scored
    entry.ask()
    rules = rules_of(game, number)
    initial = initial_check(game, number, entry.initial_text, entry.initial_whole,
                            ask=entry.action == "check_initial")
    surcharges = {name: surcharge_words(d.surcharge_parts)
                  for name, d in (preview.details if preview else {}).items()
                  if isinstance(d, Breakdown)}
    context = dict(game=game, board=board, form=form, number=number, preview=preview,
                   surcharges=surcharges, notes=number_notes(rules, net=form.net),
                   inline=entry.inline_problems(), initial=initial,
                   problems=entry.problems, editing=editing, conflict=conflict,
                   cards=entry.cards, rules=rules, wild_rank=rules.wild_rank,
                   write_id=form_write_id(), layoffs=board.variant.has_layoffs,
                   card_tokens=TOKEN_PATTERN)
    template = "rounds/_check.html" if _is_htmx() and entry.previewing else "rounds/form.html"
    return render_template(template, **context), entry.status if status is None else status


@bp.route("/new", methods=["GET", "POST"])
@write_form
def new(key: str) -> Any:
    game = game_or_404(key)
    board = scoreboard(game)
    number = board.next_number
    posting = request.method == "POST"
    # A form of a round saved meanwhile is compared with that round, with its players (the
    # last round before a play-off or the end of the game had everyone).
    entered = _entered_as(number) if posting else number
    if board.finished and entered == number:
        flash(_("The game is over. Correct a round if a score was wrong."))
        return redirect(url_for("games.show", key=key))
    names = board.playing if entered == number else _players_of(game, entered)
    entry = RoundEntry.of(game, number, names, request.form if posting else None,
                          net=game.counting == "net",
                          modes=None if posting else starting_modes(game, board.playing))
    if not posting and (stale := stale_link(game, board, arg(request.args, "number", 0))):
        return stale
    if posting and (again := _sent_again(game)) is not None:
        return again
    if not posting or entry.only_looking:
        entry.read_cards()
        return _render(board, entry, number, status=200)
    entry.check(entered)
    if not entry.saving or entry.status != 200:
        return _render(board, entry, number)
    posted_number = arg(request.form, "number", 0)
    try:
        add_round(game.key, number if posted_number is None else posted_number,
                  entry.players(), by=phone_player(game), write_id=posted_write_id(),
                  device=this_device(), seen=board)
    except ServiceError as e:
        return _not_saved(entry, number, e, lost=lambda _conflict: _saved_meanwhile(
            entry, entered, posted_number))
    _keep_modes(entry)
    # The next round's button is the first thing the table sees after saving.
    return redirect(url_for("games.show", key=key, _anchor="next"))


def _saved_meanwhile(entry: RoundEntry, entered: int, posted_number: int | None) -> Any:
    """Another phone saved a round since this form was opened: keep this input, say so."""
    key = entry.game.key
    entry.ask()
    entry.scored = entry.scored_anyway(entered)
    entry.game = game = game_or_404(key)
    lost = lost_to_another_phone(
        game, posted_number, entry.scored.scores if entry.scored else None, request.form,
        url_for("rounds.new", key=key), entry=entry.players(),
        replace=url_for("rounds.edit", key=key, number=posted_number or 0))
    if lost is not None:
        return lost
    board = scoreboard(game)
    if board.finished:
        flash(_("Another phone saved the last round: the game is over. Your entry is kept "
                "below; correct a round if a score was wrong."), "warning")
    else:
        flash(_("Round %(n)d was just saved on another phone. Your entry is kept below as "
                "round %(m)d: check it and save again.", n=board.next_number - 1,
                m=board.next_number), "warning")
    return _render(board, entry, board.next_number, status=409)


def _sent_again(game: Game) -> Any | None:
    """A form that was saved already, posted again (Back, then Check or Save): say so at
    once rather than show its entry as a form for the next round. htmx previews are left
    alone (they only show a breakdown)."""
    if _is_htmx():
        return None
    change = written(game, posted_write_id())
    return None if change is None else already_saved(game.key, AlreadySaved(change))


def _not_saved(entry: RoundEntry, number: int, e: ServiceError, *,
               lost: Callable[[Conflict], Any], editing: Round | None = None) -> Any:
    """Why the service did not save the round, as the page says it: saved already (a form
    sent twice), ``lost`` to another phone (a :class:`Conflict`: keep this input beside
    theirs), or refused (its rules, or the table changed meanwhile): show why, keep the
    input."""
    if isinstance(e, AlreadySaved):
        return already_saved(entry.game.key, e)
    if isinstance(e, Conflict):
        return lost(e)
    entry.game = game = game_or_404(entry.game.key)
    entry.refused(e)
    return _render(scoreboard(game), entry, number, editing=editing, status=status_of(e))


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
@write_form
def edit(key: str, number: int) -> Any:
    game = game_or_404(key)
    rnd = next((r for r in game.rounds if r.number == number), None)
    posting = request.method == "POST"
    if rnd is None:
        # A form of a round another phone deleted since: a lost race, not an unknown round.
        if posting and was_version(game, number, whole(request.form.get("version"), 0)):
            return _deleted_meanwhile(game, number)
        abort(404)
    board = scoreboard(game)
    names = [p["name"] for p in rnd.entry["players"]]
    entry = RoundEntry.of(game, number, names, request.form if posting else None,
                          net=all("net" in p for p in rnd.entry["players"]), stored=rnd,
                          melds_in_hand=board.variant.melds_in_hand)
    if posting and (again := _sent_again(game)) is not None:
        return again
    if not posting or entry.only_looking:
        entry.read_cards()
        return _render(board, entry, number, editing=rnd, status=200)
    entry.check()
    if not entry.saving or entry.status != 200:
        return _render(board, entry, number, editing=rnd)
    try:
        correct_round(game.key, number, whole(entry.form.version.data, 0), entry.players(),
                      by=phone_player(game), write_id=posted_write_id(), device=this_device())
    except ServiceError as e:
        return _not_saved(entry, number, e, editing=rnd, lost=lambda conflict: (
            _deleted_meanwhile(game_or_404(key), number) if isinstance(conflict, RoundGone)
            else _corrected_elsewhere(entry, number)))
    _keep_modes(entry)
    return redirect(url_for("games.show", key=key, _anchor=f"round-{number}"))


def _deleted_meanwhile(game: Game, number: int) -> Any:
    """The round this correction was for was deleted on another phone meanwhile: say so (409)
    and keep the entry in the form of the game's next round."""
    flash(_("Round %(n)d was deleted on another phone meanwhile. Your entry is kept "
            "below: enter it as a new round if it belongs to the game.", n=number), "warning")
    board = scoreboard(game)
    entry = RoundEntry.of(game, board.next_number, board.playing, request.form,
                          net=game.counting == "net", melds_in_hand=board.variant.melds_in_hand)
    entry.scored = entry.scored_anyway(board.next_number)
    return _render(board, entry, board.next_number, status=409)


def starting_modes(game: Game, names: list[str]) -> dict[str, str]:
    """How a new round starts each player: as this phone last entered them; otherwise
    by cards in 3-13 (the cards are the point there) and by numbers elsewhere."""
    first = "cards" if variant_of(game).starts_by_cards else "numbers"
    kept = entry_modes(game)
    return {name: kept.get(name, first) for name in names}


def _keep_modes(entry: RoundEntry) -> None:
    """Remember the posted numbers/cards choice of each player for this phone's next round,
    once the round is saved (a preview, a check while typing, writes nothing); a post
    without the choice (the net form, a script) or with the choice kept already writes
    nothing either."""
    if not entry.modes_posted:
        return
    kept = entry_modes(entry.game)
    modes = kept | entry.modes()
    if modes != kept:
        remember_modes(entry.game, modes)


def _corrected_elsewhere(entry: RoundEntry, number: int) -> Any:
    """Another phone corrected the round first: show theirs, keep this phone's input."""
    entry.ask()
    entry.scored = entry.scored_anyway(number)
    entry.game = game = game_or_404(entry.game.key)
    flash(_("Another phone corrected this round meanwhile. Their version is shown; "
            "yours is kept in the form: save again to replace theirs."), "warning")
    rnd = next(r for r in game.rounds if r.number == number)
    entry.form.version.data = str(rnd.version)
    return _render(scoreboard(game), entry, number, editing=rnd, conflict=rnd, status=409)


@bp.post("/<int:number>/delete")
def delete(key: str, number: int) -> Any:
    game = game_or_404(key)
    delete_round(game.key, number, arg(request.form, "version", 0),
                 by=phone_player(game), device=this_device())  # refused: web.errors
    # The game page shows the deletion with its one-tap undo.
    return redirect(url_for("games.show", key=key)), 303


@bp.post("/restore/<int:change>")
def restore(key: str, change: int) -> Any:
    """Undo a deletion from the history (one tap)."""
    game = game_or_404(key)
    rnd = restore_round(game.key, change, by=phone_player(game),
                        device=this_device())  # refused: a flash on the game (web.errors)
    flash(_("Round %(n)d was restored.", n=rnd.number))
    return redirect(url_for("games.show", key=key, _anchor=f"round-{rnd.number}")), 303


@bp.post("/check-meld")
def check_meld(key: str) -> Any:
    """One meld of the round form, checked as it is typed (htmx)."""
    game = game_or_404(key)
    number = arg(request.form, "number", 1) or scoreboard(game).next_number
    rules = rules_of(game, number)
    name = request.form.get("field", "")
    slot = CardSlot(name, request.form.get(name, "")[:400], request.form.get(f"{name}_reading", "")[:4])
    check_slot(slot, rules, game_names(game), is_hand=name.endswith("_hand"))
    return render_template("rounds/_slot_check.html", slot=slot, is_hand=name.endswith("_hand"))


def initial_check(game: Game, number: int, text: str, whole: bool, *,
                  ask: bool = True) -> dict[str, Any]:
    """Ask the engine whether these melds may open (threshold, clean run); one meld per line:
    the referee's first-meld check (:func:`scorepad.game.questions.first_meld`).

    With ``ask`` false only the form's fields and the variant's thresholds are returned."""
    rules = rules_of(game, number)
    result: dict[str, Any] = {"text": text, "whole": whole, "answer": None, "error": None,
                              "minimum": rules.house.initial_min_points,
                              "clean": rules.house.initial_clean_run}
    if not ask:
        return result
    try:
        melds = read_meld_lines(text)
    except UnreadableLine as e:
        result["error"] = str(e.error)
        return result
    if not melds:
        return result
    first = first_meld(melds, rules, whole=whole)
    if first.oversized is not None:
        # As the engine's contract refuses it: a meld longer than any pack.
        result["answer"] = {"error": {"message": f"melds[{first.oversized}] holds "
                                                 f"{len(melds[first.oversized])} cards; no "
                                                 f"pack has more than {MAX_CARDS}"}}
        return result
    result["answer"] = {"legal": first.legal, "points": first.points, "melds": first.melds,
                        "problems": [problem_shown(p) for p in first.problems]}
    return result


@bp.route("/check-initial", methods=["GET", "POST"])
def check_initial(key: str) -> Any:
    """Check a first meld before laying it down: the variant's threshold and clean run."""
    game = game_or_404(key)
    board = scoreboard(game)
    text = request.values.get("initial_melds", request.values.get("melds", ""))[:2000]
    whole = request.values.get("initial_whole", request.values.get("whole_hand")) == "y"
    result = initial_check(game, board.next_number, text, whole, ask=request.method == "POST")
    if _is_htmx():
        return render_template("rounds/_initial_result.html", initial=result)
    return render_template("rounds/initial.html", game=game, board=board, initial=result), (
        422 if result["error"] else 200)


def _players_of(game: Game, number: int) -> list[str]:
    """Who played round ``number`` (saved), in seat order."""
    rnd = next(r for r in game.rounds if r.number == number)
    return [p["name"] for p in rnd.entry["players"]]


def _entered_as(next_number: int) -> int:
    """The round a posted round form was entering: its number when that round was saved
    meanwhile on another phone (its entry is then compared with the saved one), else the
    next. 3-13 deals another number of cards each round: an entry of round 2 checked as
    round 3 was refused for its card count instead of being compared."""
    posted = request.form.get("number", type=int)
    return posted if posted is not None and 1 <= posted < next_number else next_number
