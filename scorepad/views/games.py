"""Home, new game, and the scoreboard of a game."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import get_locale

from ..chart import totals_chart
from ..extensions import db
from ..forms import new_game_form, switch_help
from ..models import Game, Player
from ..rules import VARIANTS, UnknownVariantError, find_variant
from ..table import scoreboard

bp = Blueprint("games", __name__)


@bp.get("/")
def home() -> str:
    games = db.session.scalars(db.select(Game).order_by(Game.updated_at.desc())).all()
    return render_template("games/home.html",
                           running=[g for g in games if not g.finished],
                           finished=[g for g in games if g.finished], variants=VARIANTS)


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> Any:
    variant_id = request.values.get("variant")
    if not variant_id:
        return render_template("games/choose_variant.html", variants=VARIANTS.values())
    try:
        variant = find_variant(variant_id)
    except UnknownVariantError:
        return render_template("games/choose_variant.html", variants=VARIANTS.values(),
                               unknown=variant_id), 404
    form = new_game_form(variant, request.form if request.method == "POST" else None)
    if request.method == "POST" and form.validate():
        names = form.player_names()
        game = Game(variant=variant.id, house_rules=form.house_rules(),
                    first_dealer=form.first_dealer.data)
        game.players = [Player(seat=i, name=n) for i, n in enumerate(names)]
        db.session.add(game)
        db.session.commit()
        return redirect(url_for("games.show", game_id=game.id))
    lang = str(get_locale())
    end_keys = [k for k in ("target", "target_reached_when", "rounds", "tie")
                if k in variant.defaults]
    return render_template("games/new.html", form=form, variant=variant, end_keys=end_keys,
                           rule_keys=[s.key for s in variant.switches if s.key not in end_keys],
                           help={s.key: switch_help(s.key, lang) for s in variant.switches})


@bp.get("/games/<int:game_id>")
def show(game_id: int) -> str:
    game = db.session.get(Game, game_id) or abort(404)
    board = scoreboard(game)
    return render_template("games/show.html", game=game, board=board,
                           chart=totals_chart(board), changed=board.variant.changed(board.rules.house))
