"""Evenings: several games settled together, reached by the evening's own key."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorepad.game.checks import KEY
from scorepad.game.evenings import find_evening, join_evening, start_evening
from scorepad.game.models import Evening
from scorepad.game.money import money, settle_evening
from scorepad.game.reads import evening_games
from scorepad.game.scoreboard import scoreboard
from scorepad.rules import VARIANTS
from scorepad.sheets import pdf
from scorepad.web.device import game_or_404, remember
from scorepad.web.extensions import create_others
from scorepad.web.links import shared_url
from scorepad.web.qr import qr_svg

bp = Blueprint("evenings", __name__)

_KEY_IN_TEXT = re.compile(f"(?:^|/e/)({KEY})(?:[/?#]|$)")


def _evening_or_404(key: str) -> Evening:
    evening = find_evening(key)
    if evening is None:
        abort(404)
    return evening


def _settlement(evening: Evening) -> Any:
    # The games with their players and rounds in three queries, however many games.
    return settle_evening(evening, [scoreboard(g) for g in evening_games(evening)])


@bp.post("/g/<key:key>/evening")
@create_others
def start(key: str) -> Any:
    game = game_or_404(key)
    evening = start_evening(game.key)  # refused: a flash on the game (web.errors)
    return redirect(url_for("evenings.show", key=evening.key))


@bp.post("/g/<key:key>/evening/join")
def join(key: str) -> Any:
    game_or_404(key)
    match = _KEY_IN_TEXT.search(request.form.get("link", "")[:500].strip())
    evening = join_evening(key, match.group(1) if match else "")  # refused: web.errors
    return redirect(url_for("evenings.show", key=evening.key))


@bp.get("/e/<key:key>")
def show(key: str) -> str:
    evening = _evening_or_404(key)
    settlement = _settlement(evening)
    for played in settlement.games:
        remember(played.game)
    link = shared_url("evenings.show", key=evening.key)
    return render_template("evenings/show.html", evening=evening, s=settlement, money=money,
                           variants=VARIANTS, link=link,
                           qr=qr_svg(link, _("QR code of this evening's link")))


@bp.get("/e/<key:key>/sheet.pdf")
def sheet(key: str) -> Response:
    evening = _evening_or_404(key)
    html = render_template("export/evening.html", evening=evening, s=_settlement(evening),
                           money=money, variants=VARIANTS, paper="A4", orientation="portrait")
    return Response(pdf.write_pdf(html), mimetype="application/pdf",
                    headers={"Content-Disposition":
                             f'inline; filename="scorepad-evening-{evening.created_at:%Y-%m-%d}'
                             f'-{evening.key[:6]}.pdf"'})
