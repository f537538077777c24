"""Players across this browser's games: figures, head to head, charts and CSV."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, render_template, request
from flask_babel import format_decimal

from scorepad.game.reads import games_with_rounds_opened
from scorepad.game.stats import Stats, collect, head_to_head, place_chart
from scorepad.rules import VARIANTS
from scorepad.web.device import device
from scorepad.web.helpers import csv_cell

bp = Blueprint("stats", __name__)

MAX_GAMES = 500
CSV_COLUMNS = ("player", "variant", "games", "wins", "rounds", "average", "best", "worst",
               "closes", "hand_wins")


def _stats() -> Stats:
    # The browser's games, their players and their rounds: three queries in all.
    return collect(games_with_rounds_opened(device(), MAX_GAMES))


@bp.get("/players")
def index() -> str:
    stats = _stats()
    a, b = request.args.get("a", "")[:40], request.args.get("b", "")[:40]
    versus = head_to_head(stats, a, b) if a and b and a.casefold() != b.casefold() else None
    charts = {n: place_chart(stats.places.get(n, [])) for n in stats.names}
    return render_template("stats/index.html", stats=stats, variants=VARIANTS, a=a, b=b,
                           versus=versus, charts=charts, decimal=format_decimal)


@bp.get("/players.csv")
def as_csv() -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for f in _stats().figures:
        average = "" if f.average is None else f"{f.average:.2f}"
        writer.writerow([csv_cell(f.name), f.variant, f.games, f.wins, f.rounds, average,
                         "" if f.best is None else f.best, "" if f.worst is None else f.worst,
                         f.closes, f.hand_wins])
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": 'attachment; filename="scorepad-players.csv"'})
