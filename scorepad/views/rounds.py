"""Round entry by numbers, corrections and the history of changes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db
from ..forms import RoundBase, round_form
from ..models import Change, Game, Round
from ..table import Scoreboard, score_entry, scoreboard

bp = Blueprint("rounds", __name__, url_prefix="/games/<int:game_id>/rounds")

# Problems shown at a field of the form rather than above it.
_AT_CLOSER = {"CLOSER_MISSING", "CLOSER_NOT_UNIQUE"}
_AT_HAND_WIN = {"HAND_WIN_NOT_ALLOWED"}
_AT_HAND = {"CLOSER_HOLDS_CARDS", "WRONG_CARD_COUNT"}


def _game(game_id: int) -> Game:
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    return game


def _lang() -> str:
    return str(get_locale())


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _place_problems(form: RoundBase, problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Attach each problem to the field it is about; return the ones for the whole round."""
    general = []
    for p in problems:
        code, player = p["code"], p.get("player")
        index = form.names.index(player) if player in form.names else None
        if code in _AT_CLOSER:
            form.closer.errors = list(form.closer.errors) + [p["message"]]
        elif code in _AT_HAND_WIN:
            form.hand_win.errors = list(form.hand_win.errors) + [p["message"]]
        elif code in _AT_HAND and index is not None:
            field = form.row(index)["hand"]
            field.errors = list(field.errors) + [p["message"]]
        else:
            general.append(p)
    return general


def _render(game: Game, board: Scoreboard, form: RoundBase, number: int, *,
            preview: dict[str, Any] | None = None, problems: list[dict[str, Any]] | None = None,
            editing: Round | None = None, conflict: Round | None = None, status: int = 200) -> Any:
    context = dict(game=game, board=board, form=form, number=number, preview=preview,
                   problems=problems or [], editing=editing, conflict=conflict)
    if _is_htmx() and request.form.get("action") == "preview":
        return render_template("rounds/_check.html", **context), status
    return render_template("rounds/form.html", **context), status


def _handle(game: Game, board: Scoreboard, form: RoundBase, number: int,
            editing: Round | None) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """Validate the form and ask the engine; return its answer (if valid) and the problems."""
    if not form.validate():
        return None, []
    answer = score_entry(game, number, form.entry(), _lang())
    if "error" in answer:
        return None, [answer["error"]]
    if not answer["valid"]:
        return None, _place_problems(form, answer["problems"])
    return answer, []


@bp.route("/new", methods=["GET", "POST"])
def new(game_id: int) -> Any:
    game = _game(game_id)
    board = scoreboard(game)
    if board.finished:
        flash(_("The game is over. Correct a round if a score was wrong."))
        return redirect(url_for("games.show", game_id=game.id))
    number = board.next_number
    posting = request.method == "POST"
    form = round_form(board.playing, board.variant, request.form if posting else None)
    if not posting:
        return _render(game, board, form, number)
    answer, problems = _handle(game, board, form, number, None)
    status = 200 if answer or not (problems or form.errors) else 422
    if answer is None or request.form.get("action") != "save":
        return _render(game, board, form, number, preview=answer, problems=problems, status=status)
    posted_number = request.form.get("number", type=int)
    if posted_number is not None and posted_number != number:
        # Another phone saved a round since this form was opened: keep this input, say so.
        flash(_("Round %(n)d was just saved on another phone. Your entry is kept below as "
                "round %(m)d: check it and save again.", n=posted_number, m=number), "warning")
        return _render(game, board, form, number, preview=answer, status=409)
    rnd = Round(number=number, dealer=(game.first_dealer + number - 1) % len(game.players),
                entry={"players": form.entry()}, scores=answer["scores"],
                details=answer["details"])
    game.rounds.append(rnd)
    game.history.append(Change(round_number=number, action="added",
                               after={"entry": rnd.entry, "scores": rnd.scores}))
    try:
        _finish(game)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        flash(_("Another phone saved round %(n)d at the same moment. Your entry is kept "
                "below: check it and save again.", n=number), "warning")
        game = _game(game_id)
        board = scoreboard(game)
        return _render(game, board, form, board.next_number, preview=answer, status=409)
    return redirect(url_for("games.show", game_id=game.id, _anchor=f"round-{number}"))


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: int, number: int) -> Any:
    game = _game(game_id)
    rnd = next((r for r in game.rounds if r.number == number), None)
    if rnd is None:
        abort(404)
    board = scoreboard(game)
    names = [p["name"] for p in rnd.entry["players"]]
    posting = request.method == "POST"
    form = round_form(names, board.variant, request.form if posting else None,
                      data=None if posting else _form_data(rnd, names))
    if not posting:
        return _render(game, board, form, number, editing=rnd)
    answer, problems = _handle(game, board, form, number, rnd)
    status = 200 if answer or not (problems or form.errors) else 422
    if answer is None or request.form.get("action") != "save":
        return _render(game, board, form, number, preview=answer, problems=problems,
                       editing=rnd, status=status)
    if form.version.data != str(rnd.version):
        flash(_("Another phone corrected this round meanwhile. Their version is shown; "
                "yours is kept in the form: save again to replace theirs."), "warning")
        form.version.data = str(rnd.version)
        return _render(game, board, form, number, preview=answer, editing=rnd,
                       conflict=rnd, status=409)
    before = {"entry": rnd.entry, "scores": rnd.scores}
    rnd.entry = {"players": form.entry()}
    rnd.scores, rnd.details = answer["scores"], answer["details"]
    game.history.append(Change(round_number=number, action="corrected", before=before,
                               after={"entry": rnd.entry, "scores": rnd.scores}))
    try:
        _finish(game)
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        flash(_("Another phone corrected this round at the same moment. Please check and "
                "save again."), "warning")
        return redirect(url_for("rounds.edit", game_id=game_id, number=number))
    return redirect(url_for("games.show", game_id=game.id, _anchor=f"round-{number}"))


@bp.post("/<int:number>/delete")
def delete(game_id: int, number: int) -> Any:
    game = _game(game_id)
    if not game.rounds or game.rounds[-1].number != number:
        flash(_("Only the last round can be deleted."), "warning")
        return redirect(url_for("games.show", game_id=game_id))
    rnd = game.rounds[-1]
    game.history.append(Change(round_number=number, action="deleted",
                               before={"entry": rnd.entry, "scores": rnd.scores}))
    game.rounds.remove(rnd)
    db.session.delete(rnd)
    _finish(game)
    db.session.commit()
    flash(_("Round %(n)d was deleted.", n=number))
    return redirect(url_for("games.show", game_id=game_id))


def _finish(game: Game) -> None:
    db.session.flush()
    db.session.expire(game, ["rounds"])
    game.finished = scoreboard(game).finished


def _form_data(rnd: Round, names: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = {"version": str(rnd.version), "hand_win": False}
    for i, p in enumerate(rnd.entry["players"]):
        if p.get("went_out"):
            data["closer"] = str(i)
            data["hand_win"] = bool(p.get("hand_win"))
        data[f"hand_{i}"] = str(p.get("hand_points", ""))
        if "meld_points" in p:
            data[f"meld_{i}"] = str(p["meld_points"])
        if "melded" in p:
            data[f"melded_{i}"] = bool(p["melded"])
    return data
