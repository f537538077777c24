"""Score sheets (PDF), a blank sheet, CSV of the rounds, and a game as JSON, out and back in."""

from __future__ import annotations

import csv
import io
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge

from scorepad.game.db import db
from scorepad.game.errors import ServiceError
from scorepad.game.files import (
    MAX_BYTES,
    GameFileError,
    dump,
    export_game,
    parse,
    read_game,
    too_large,
)
from scorepad.game.models import Game
from scorepad.game.names import players_problems
from scorepad.game.scoreboard import BREAKDOWN_PARTS, saved_details, scoreboard
from scorepad.game.service import add_game
from scorepad.rules import VARIANTS, Breakdown, UnknownVariantError, find_variant, rules_for
from scorepad.sheets import pdf
from scorepad.web.device import game_or_404, remember
from scorepad.web.errors import status_of
from scorepad.web.extensions import create_games
from scorepad.web.helpers import csv_cell
from scorepad.words.variants import title as variant_title

bp = Blueprint("export", __name__)

CSV_COLUMNS = ("round", "dealer", "player", "went_out", "hand_win", "melds", "layoffs", "hand",
               "bonus", "factor", "surcharge", "score", "total")
# The engine's breakdown of a score (BREAKDOWN_PARTS); a round the table counted itself
# (one number per player) has none, so these cells stay empty and its number is the score.


def _game(key: str) -> Game:
    return game_or_404(key)


def _stem(game: Game) -> str:
    return f"scorepad-{game.variant}-{game.created_at:%Y-%m-%d}-{game.key[:6]}"


def _page(players: int) -> tuple[str, str]:
    try:
        return pdf.page_size(request.args.get("paper"), request.args.get("orientation"), players)
    except ValueError:
        abort(400)


def _pdf_response(data: bytes, filename: str) -> Response:
    # inline: a phone opens it in its viewer instead of only saving it.
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})


@bp.get("/g/<key:key>/sheet.pdf")
def sheet(key: str) -> Response:
    game = _game(key)
    board = scoreboard(game)
    paper, orientation = _page(len(board.names))
    html = pdf.sheet_html(board, details=request.args.get("details") == "1", paper=paper,
                          orientation=orientation)
    return _pdf_response(pdf.write_pdf(html), _stem(game) + ".pdf")


def _names(text: str) -> list[str]:
    return [" ".join(n.split()) for n in text.split(",") if n.strip()]


@bp.get("/sheets/blank")
def blank() -> Any:
    variant_id = request.args.get("variant")
    text = request.args.get("players", "")
    if not variant_id:
        return render_template("export/blank_form.html", variants=VARIANTS.values(),
                               chosen=None, players=text, errors=[])
    errors = []
    try:
        variant = find_variant(variant_id)
    except UnknownVariantError:
        return render_template("export/blank_form.html", variants=VARIANTS.values(), chosen=None,
                               players=text, errors=[_("Choose one of the variants.")]), 400
    names = _names(text)
    if not variant.min_players <= len(names) <= variant.max_players:
        errors.append(_("%(variant)s is played by %(least)d to %(most)d players.",
                        variant=variant_title(variant), least=variant.min_players, most=variant.max_players))
    for _seat, _rule, problem in players_problems(names):  # the rule of the new-game form
        if str(problem) not in errors:
            errors.append(str(problem))
    if errors:
        return render_template("export/blank_form.html", variants=VARIANTS.values(),
                               chosen=variant.id, players=text, errors=errors), 400
    paper, orientation = _page(len(names))
    rules = rules_for(variant, player_count=len(names), round=None)
    html = pdf.blank_html(rules, names, paper=paper, orientation=orientation)
    return _pdf_response(pdf.write_pdf(html), f"scorepad-{variant.id}-blank.pdf")


@bp.get("/g/<key:key>/rounds.csv")
def rounds_csv(key: str) -> Response:
    game = _game(key)
    names = [p.name for p in game.players]
    out = io.StringIO()
    # A BOM lets spreadsheet programs read the names' umlauts as UTF-8.
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    totals = dict.fromkeys(names, 0)
    for rnd in game.rounds:
        entered = {p.get("name"): p for p in rnd.entry["players"]}
        details = saved_details(rnd)
        for name in names:
            if name not in details:
                continue  # not playing this round (a play-off)
            d = details[name]
            totals[name] += rnd.scores[name]
            p = entered.get(name, {})
            writer.writerow([rnd.number, csv_cell(names[rnd.dealer % len(names)]), csv_cell(name),
                             int(bool(p.get("went_out"))), int(bool(p.get("hand_win"))),
                             *[getattr(d, part) if isinstance(d, Breakdown) else ""
                               for part in BREAKDOWN_PARTS],
                             rnd.scores[name], totals[name]])
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{_stem(game)}.csv"'})


@bp.get("/g/<key:key>/game.json")
def game_json(key: str) -> Response:
    game = _game(key)
    return Response(dump(export_game(game)), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{_stem(game)}.json"'})


@bp.route("/games/import", methods=["GET", "POST"])
@create_games
def import_game() -> Any:
    if request.method in ("GET", "HEAD"):
        return render_template("export/import.html", problems=[], text="")
    text = ""
    try:
        upload = request.files.get("file")
        text = request.form.get("text", "")
    except RequestEntityTooLarge:
        return _refused([str(too_large())], "", 413)
    raw: bytes | str = upload.read(MAX_BYTES + 1) if upload and upload.filename else text
    if not raw:
        return _refused([_("Choose a file or paste the text of an exported game.")], text, 400)
    try:
        game = read_game(parse(raw))
    except GameFileError as e:
        db.session.rollback()
        past_limit = len(raw) > MAX_BYTES
        # Pasted text comes back to be corrected, unless it is far too long to show.
        shown = text if len(text) <= 64 * 1024 else ""
        return _refused([str(p) for p in e.problems], shown, 413 if past_limit else 422)
    try:
        add_game(game)
    except ServiceError as e:
        return _refused([str(e.message)], text if len(text) <= 64 * 1024 else "", status_of(e))
    remember(game)
    flash(_("The game was imported."))
    return redirect(url_for("games.show", key=game.key))


def _refused(problems: list[str], text: str, status: int) -> Any:
    return render_template("export/import.html", problems=problems, text=text), status
