"""Evenings: several games of one table, settled together. Start one from a game, join
a game to one, and find one by its key; each write is one transaction on the game's
write lock (:mod:`scorepad.game.locking`)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from sqlalchemy import select

from scorepad.game.checks import is_key
from scorepad.game.db import db
from scorepad.game.errors import InvalidRequest
from scorepad.game.locking import transaction
from scorepad.game.models import Evening, Game
from scorepad.game.money import default_currency


def find_evening(key: str) -> Evening | None:
    """The evening behind ``key``; None for an unknown or malformed key."""
    if not is_key(key):
        return None
    return db.session.scalars(select(Evening).where(Evening.key == key)).one_or_none()


def put_in_evening(game: Game, evening: Evening) -> None:
    """Put ``game`` into ``evening`` (inside the caller's transaction); refused when the game
    is played for money in another currency than the evening."""
    currency = game.currency or default_currency()
    if game.stakes_mode is not None and currency != evening.currency:
        raise InvalidRequest(_l("This game is played in %(game)s, the evening in %(evening)s.",
                                game=currency, evening=evening.currency), field="evening")
    game.evening = evening


def start_evening(game_key: str) -> Evening:
    """A new evening holding the game behind ``game_key``; the game's evening if it is in
    one already (a second phone, or a page from before, starting the evening again joins
    the table's evening instead of moving the game out of it)."""
    with transaction(game_key) as game:
        joined: Evening | None = game.evening
        if joined is not None:
            return joined
        evening = Evening(currency=game.currency or default_currency())
        db.session.add(evening)
        put_in_evening(game, evening)
    return evening


def join_evening(game_key: str, evening_key: str) -> Evening:
    """Put the game behind ``game_key`` into the evening behind ``evening_key``."""
    with transaction(game_key) as game:
        evening = find_evening(evening_key)
        if evening is None:
            raise InvalidRequest(_l("No evening was found at this link."), field="evening")
        put_in_evening(game, evening)
    return evening
