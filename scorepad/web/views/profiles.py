"""House-rule profiles: kept per browser, shared by link, QR code or JSON file."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge

from scorepad.game.devices import find_profile, save_profile
from scorepad.game.errors import ServiceError
from scorepad.game.files import GameFileError, dump, parse
from scorepad.game.models import Profile
from scorepad.game.profile_files import MAX_BYTES, export_profile, read_profile
from scorepad.game.reads import profiles_of
from scorepad.rules import VARIANTS, find_variant
from scorepad.web.device import device, game_or_404
from scorepad.web.errors import back_to, status_of
from scorepad.web.extensions import create_others
from scorepad.web.links import shared_url
from scorepad.web.qr import qr_svg

bp = Blueprint("profiles", __name__)


def _profile_or_404(key: str) -> Profile:
    profile = find_profile(key)
    if profile is None:
        abort(404)
    return profile


@bp.get("/profiles")
def index() -> str:
    return render_template("profiles/index.html", profiles=profiles_of(device()),
                           variants=VARIANTS, problems=[])


@bp.post("/g/<key:key>/profile")
@create_others
def from_game(key: str) -> Any:
    game = game_or_404(key)
    profile = save_profile(device(), request.form.get("name", "")[:200], game.variant,
                           game.house_rules)  # refused: a flash on the game (web.errors)
    return redirect(url_for("profiles.show", key=profile.key))


@bp.get("/p/<key:key>")
def show(key: str) -> str:
    profile = _profile_or_404(key)
    link = shared_url("profiles.show", key=profile.key)
    return render_template("profiles/show.html", profile=profile,
                           variant=find_variant(profile.variant), link=link,
                           mine=profile.device == device(),
                           qr=qr_svg(link, _("QR code of this profile's link")))


@bp.post("/p/<key:key>/keep")
@create_others
@back_to("profiles.show")
def keep(key: str) -> Any:
    """Keep someone else's profile in this browser's list (a copy: theirs may change)."""
    profile = _profile_or_404(key)
    copy = save_profile(device(), profile.name, profile.variant, profile.house_rules)
    flash(_("The profile is kept in your list."))
    return redirect(url_for("profiles.show", key=copy.key))


@bp.get("/p/<key:key>/profile.json")
def download(key: str) -> Response:
    profile = _profile_or_404(key)
    return Response(dump(export_profile(profile)), mimetype="application/json",
                    headers={"Content-Disposition":
                             f'attachment; filename="scorepad-profile-{profile.key[:6]}.json"'})


@bp.post("/profiles/import")
@create_others
def import_profile() -> Any:
    try:
        upload = request.files.get("file")
        text = request.form.get("text", "")
    except RequestEntityTooLarge:
        return _refused([_("The file is larger than 64 KB; a profile is much smaller.")], 413)
    raw: bytes | str = upload.read(MAX_BYTES + 1) if upload and upload.filename else text
    if not raw:
        return _refused([_("Choose a file or paste the text of a profile.")], 400)
    if len(raw) > MAX_BYTES:
        return _refused([_("The file is larger than 64 KB; a profile is much smaller.")], 413)
    try:
        data = read_profile(parse(raw))
        profile = save_profile(device(), data.name, data.variant, data.house_rules)
    except GameFileError as e:
        return _refused([str(p) for p in e.problems], 422)
    except ServiceError as e:
        return _refused([str(e.message)], status_of(e))
    flash(_("The profile was imported."))
    return redirect(url_for("profiles.show", key=profile.key))


def _refused(problems: list[str], status: int) -> Any:
    return render_template("profiles/index.html", profiles=profiles_of(device()),
                           variants=VARIANTS, problems=problems), status
