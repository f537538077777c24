"""What one browser keeps: its house-rule profiles, the games on its home page, which
player it is in a game and how it enters that game's rounds. A browser is known by
its device token (``scorepad.web.device``), never by a person's account."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from scorepad.game.checks import check_house_rules, check_variant, is_key
from scorepad.game.db import db
from scorepad.game.locking import transaction
from scorepad.game.models import KnownGame, Profile, _now
from scorepad.game.names import check_profile_name


def find_profile(key: str) -> Profile | None:
    """The house-rule profile behind ``key``; None for an unknown or malformed key."""
    if not is_key(key):
        return None
    return db.session.scalars(select(Profile).where(Profile.key == key)).one_or_none()


def save_profile(device: str, name: Any, variant_id: Any, house_rules: Any) -> Profile:
    """Keep a variant's house rules under a name for this browser."""
    variant = check_variant(variant_id)
    profile = Profile(device=device, name=check_profile_name(name), variant=variant.id,
                      house_rules=check_house_rules(variant, house_rules))
    with transaction():
        db.session.add(profile)
    return profile


def choose_player(key: str, device: str, name: str | None) -> None:
    """Remember which player the browser ``device`` is in the game (None: nobody)."""
    with transaction(key) as game:
        known = db.session.get(KnownGame, (device, game.id))
        if known is None:
            known = KnownGame(device=device, game_id=game.id)
            db.session.add(known)
        known.player = name


def remember_game(game_id: int, device: str, *, opened: bool = False,
                  modes: dict[str, str] | None = None) -> None:
    """The browser ``device`` has the game on its home page (``opened``: moved to the top
    now) and, given ``modes``, enters its players so."""
    with transaction():
        known = db.session.get(KnownGame, (device, game_id))
        if known is None:
            known = KnownGame(device=device, game_id=game_id)
            db.session.add(known)
        elif opened:
            known.opened_at = _now()
        if modes is not None and known.entry_modes != modes:
            known.entry_modes = modes
