"""Home, new game, opening a game from a link, and the scoreboard of a game."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorepad.game.checks import KEY, arg
from scorepad.game.devices import find_profile, save_profile
from scorepad.game.errors import ServiceError
from scorepad.game.evenings import find_evening
from scorepad.game.models import Game
from scorepad.game.money import default_currency
from scorepad.game.reads import load_players, round_scores
from scorepad.game.scoreboard import variant_of
from scorepad.game.service import change_game, create_game, delete_game, find_game
from scorepad.rules import VARIANTS, UnknownVariantError, find_variant
from scorepad.web.device import device, game_or_404, known_games, remember
from scorepad.web.errors import back_to, status_of
from scorepad.web.extensions import create_games
from scorepad.web.forms import new_game_form
from scorepad.web.links import lan_choice, shared_url
from scorepad.web.live_context import board_context
from scorepad.web.qr import qr_svg
from scorepad.words import house_rules as rulewords

bp = Blueprint("games", __name__)

PER_PAGE = 30
_KEY_IN_TEXT = re.compile(f"(?:^|/g/)({KEY})(?:[/?#]|$)")


@bp.get("/")
def home() -> str:
    page = arg(request.args, "page", 0, 10_000, default=0) or 0
    games, more = known_games(page, PER_PAGE)
    ids = [g.id for g in games]
    # One query for the players of every listed game, one for their rounds' scores.
    load_players(ids)
    totals: dict[int, dict[str, int]] = {i: {} for i in ids}
    counts: dict[int, int] = {}
    for game_id, scores in round_scores(ids):
        counts[game_id] = counts.get(game_id, 0) + 1
        for name, score in scores.items():
            totals[game_id][name] = totals[game_id].get(name, 0) + score
    leaders = {g.id: _leaders(totals[g.id], VARIANTS[g.variant].higher_wins) for g in games}
    return render_template("games/home.html",
                           running=[g for g in games if not g.finished and not g.archived],
                           finished=[g for g in games if g.finished and not g.archived],
                           archived=[g for g in games if g.archived], variants=VARIANTS,
                           counts=counts, totals=totals, leaders=leaders, page=page, more=more)


def _leaders(totals: dict[str, int], higher_wins: bool) -> list[str]:
    """Who leads on these totals (everyone tied for the best); none before a round."""
    if not totals:
        return []
    best = max(totals.values()) if higher_wins else min(totals.values())
    return [n for n, t in totals.items() if t == best]


@bp.post("/open")
def open_link() -> Any:
    """A pasted link (or key) of a game another phone shared."""
    text = request.form.get("link", "")[:500].strip()
    match = _KEY_IN_TEXT.search(text)
    game = find_game(match.group(1)) if match else None
    if game is None:
        flash(_("No game was found at this link. Copy the whole link from the other phone."),
              "warning")
        return redirect(url_for("games.home"))
    return redirect(url_for("games.show", key=game.key))


@bp.route("/games/new", methods=["GET", "POST"])
@create_games
def new() -> Any:
    variant_id = request.values.get("variant")
    if not variant_id:
        return render_template("games/choose_variant.html", variants=VARIANTS.values())
    try:
        variant = find_variant(variant_id)
    except UnknownVariantError:
        return render_template("games/choose_variant.html", variants=VARIANTS.values(),
                               unknown=variant_id[:40]), 404
    profile = find_profile(request.values.get("profile", ""))
    if profile is not None and profile.variant != variant.id:
        profile = None
    evening = find_evening(request.values.get("evening", ""))
    form = new_game_form(variant, request.form if request.method == "POST" else None,
                         house_rules=profile.house_rules if profile else None,
                         currency=evening.currency if evening else default_currency())
    if request.method == "GET":
        form.profile.data = profile.key if profile else ""
        form.evening.data = evening.key if evening else ""
    status = 422 if request.method == "POST" else 200
    if request.method == "POST" and form.validate():
        try:
            game = _create(form, variant, profile, evening)
        except ServiceError as e:  # the form is kept: the refusal stands beside it
            form.first_dealer.errors = list(form.first_dealer.errors) + [str(e.message)]
            status = status_of(e)
        else:
            remember(game)
            return redirect(url_for("games.show", key=game.key))
    end_keys = [k for k in ("target", "target_reached_when", "rounds", "tie")
                if variant.has_switch(k)]
    status = 422 if request.method == "POST" else 200
    return render_template("games/new.html", form=form, variant=variant, end_keys=end_keys,
                           profile=profile, evening=evening,
                           rule_keys=[s.key for s in variant.switches if s.key not in end_keys],
                           help={s.key: rulewords.explain(s.key, variant) for s in variant.switches}
                           ), status


def _create(form: Any, variant: Any, profile: Any, evening: Any) -> Game:
    """The game the new-game form asks for; its house rules saved as a profile when named."""
    house = form.house_rules()
    named = (form.profile_name.data or "").strip()
    if named:
        profile = save_profile(device(), named, variant.id, house)
    elif profile is not None and house != profile.house_rules:
        profile = None  # the table changed the profile's rules: no longer that profile
    mode = form.stakes_mode.data or None
    return create_game(variant.id, house, form.player_names(), form.first_dealer.data,
                       name=form.game_name.data or "",
                       counting=form.counting.data if variant.higher_wins else "separate",
                       stakes_mode=mode, stakes_cents=form.stakes_cents.number() if mode else None,
                       currency=form.currency.data if mode else None,
                       profile_name=profile.name if profile else None, evening=evening)


@bp.get("/g/<key:key>")
def show(key: str) -> str:
    game = game_or_404(key)
    remember(game)
    context = board_context(game)
    board = context["board"]
    link = shared_url("games.show", key=game.key)
    return render_template("games/show.html", link=link, hosts=lan_choice(),
                           qr=qr_svg(link, _("QR code of this game's link")),
                           changed=board.variant.changed(board.rules.house), **context)


@bp.get("/g/<key:key>/table")
def table_view(key: str) -> str:
    """The game for a tablet or TV in the middle of the table: large totals, who deals, the
    last round; live like the game page (the poll's ``table`` view); nothing that changes
    the game."""
    game = game_or_404(key)
    remember(game)
    return render_template("games/table.html", **board_context(game))


@bp.route("/g/<key:key>/settings", methods=["GET", "POST"])
def settings(key: str) -> Any:
    """Name the game, choose how rounds are counted by numbers, archive or delete it."""
    game = game_or_404(key)
    error, status = None, 200
    # Opened from a round form (its link to count melds and hand separately): saving goes
    # back to that round. Only a round number is taken, never an address.
    back = (request.form if request.method == "POST" else request.args).get("back_to_round", "")
    # ASCII digits only: '²'.isdigit() is true, but int() refuses it.
    back_to_round = int(back) if back.isascii() and back.isdigit() and 0 < int(back) <= 10_000 else None
    if request.method == "POST":
        counting = request.form.get("counting") if variant_of(game).higher_wins else None
        try:
            change_game(game.key, name=request.form.get("name", "")[:200], counting=counting)
        except ServiceError as e:  # the typed name is kept
            error, status = str(e.message), status_of(e)
        else:
            flash(_("Saved."))
            if back_to_round is not None:
                return redirect(url_for("rounds.new", key=key, number=back_to_round)), 303
            return redirect(url_for("games.show", key=key)), 303
    return render_template("games/settings.html", game=game, variant=variant_of(game),
                           error=error, name=request.form.get("name", game.name)[:200],
                           back_to_round=back_to_round), status


@bp.post("/g/<key:key>/archive")
@back_to("games.settings")
def archive(key: str) -> Any:
    """Put a game away (or back): it is kept, listed apart on the home page."""
    game = game_or_404(key)
    archived = request.form.get("archived") == "1"
    change_game(game.key, archived=archived)  # refused: a flash on the settings (web.errors)
    flash(_("The game was archived.") if archived else _("The game is back among your games."))
    return redirect(url_for("games.home")), 303


@bp.post("/g/<key:key>/delete")
@back_to("games.settings")
def delete(key: str) -> Any:
    """Delete a game for good, after the confirmation on the settings page."""
    game = game_or_404(key)
    if request.form.get("confirm") != "yes":
        return redirect(url_for("games.settings", key=key)), 303
    delete_game(game.key)  # refused: a flash on the settings (web.errors)
    flash(_("The game was deleted."))
    return redirect(url_for("games.home")), 303
