"""How every write holds a game: one transaction that first takes the game's write lock
(SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: ``SELECT … FOR UPDATE`` on the game row) and only
then reads what it decides from, so that under any interleaving of requests the round
numbers stay 1, 2, …, n, an acknowledged change is never lost and a refused one changed
nothing. :mod:`scorepad.game.service` writes through these; a write sent twice (its
``write_id``, an API's ``Idempotency-Key``) is recognised here.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, OperationalError

from scorepad.game.db import db
from scorepad.game.errors import (
    AlreadySaved,
    Conflict,
    GameNotFound,
    InvalidRequest,
    KeyReused,
    RoundInvalid,
)
from scorepad.game.models import Change, Game
from scorepad.game.scoreboard import Scoreboard, scoreboard, totals_problems
from scorepad.rules.limits import MAX_CHANGES, MAX_ROUNDS


def written(game: Game, write_id: str | None) -> Change | None:
    """The change ``write_id`` made in ``game``, if it made one."""
    if write_id is None:
        return None
    return db.session.scalars(select(Change).where(
        Change.game_id == game.id, Change.write_id == write_id)).first()


def request_hash(method: str, path: str, body: Any) -> str:
    """What an ``Idempotency-Key`` is bound to: the request's method, path and JSON body
    (read, so that the same document spaced otherwise is the same request).

    >>> request_hash("PUT", "/r/1", {"a": 1, "b": [2]}) == request_hash("PUT", "/r/1", {"b": [2], "a": 1})
    True
    >>> request_hash("PUT", "/r/1", {}) == request_hash("POST", "/r/1", {})
    False
    """
    document = json.dumps([method.upper(), path, body], sort_keys=True, ensure_ascii=False,
                          separators=(",", ":"))
    return hashlib.sha256(document.encode("utf-8", "surrogatepass")).hexdigest()


def repeated(game: Game, write_id: str | None, request: str | None) -> None:
    """Under the game's lock: raise :class:`AlreadySaved` if ``write_id`` made a change.

    ``request`` (:func:`request_hash`, the API's) binds the key to one request: the key
    of another request, in this game or another, is :class:`KeyReused`."""
    if write_id is None:
        return
    change = written(game, write_id)
    if request is not None:
        if change is None:
            # Keys are kept per game; a key already spent in another game is that game's.
            change = db.session.scalars(select(Change).where(
                Change.write_id == write_id, Change.game_id != game.id).limit(1)).first()
            if change is None:
                return
        if change.request_hash != request:
            raise KeyReused(_l("This Idempotency-Key was sent before with another request: "
                               "make a new key for each new request."))
    if change is not None:
        raise AlreadySaved(change)


def commit() -> None:
    try:
        db.session.commit()
    except (IntegrityError, OperationalError):
        db.session.rollback()
        raise Conflict(_l("The table is busy: nothing was saved. Please try again.")) from None


@contextmanager
def transaction(key: str | None = None) -> Iterator[Any]:
    """One transaction that takes the write lock before it reads, as a round's save does:
    the game's (``key``: SQLite's write lock, PostgreSQL's row lock on the game) or, with
    no key, the database's (SQLite; PostgreSQL needs none for an insert). A busy table is
    waited for (SQLite's busy timeout), not refused; commits, or changes nothing."""
    if key is not None:
        game: Game | None = lock(key)
    else:
        game = None
        db.session.rollback()
        try:
            if db.session.get_bind().dialect.name == "sqlite":
                db.session.connection(execution_options={"sqlite_begin": "IMMEDIATE"})
        except OperationalError:
            db.session.rollback()
            raise Conflict(_l("The table is busy: nothing was saved. Please try again.")) from None
    try:
        yield game
        db.session.flush()
    except BaseException:
        db.session.rollback()
        raise
    commit()


def lock(key: str) -> Game:
    """The game, locked for writing until the transaction ends."""
    db.session.rollback()  # decide from fresh reads taken under the lock, not from earlier ones
    try:
        if db.session.get_bind().dialect.name == "sqlite":
            db.session.connection(execution_options={"sqlite_begin": "IMMEDIATE"})
        game = db.session.scalars(
            select(Game).where(Game.key == key).with_for_update()
            .execution_options(populate_existing=True)).one_or_none()
    except OperationalError:
        db.session.rollback()
        raise Conflict(_l("The table is busy: nothing was saved. Please try again.")) from None
    if game is None:
        db.session.rollback()
        raise GameNotFound(_l("There is no game at this address."))
    return game


@dataclass
class Writing:
    """A change of a game's rounds under way: the locked game and, where the change knows
    it, the board it leaves (:func:`~scorepad.game.scoreboard.with_round`), so that the
    rounds are not tallied again to check the totals."""

    game: Game
    after: Scoreboard | None = None


@contextmanager
def writing(key: str) -> Iterator[Writing]:
    """The game, locked for writing until the block ends; commits, or changes nothing."""
    write = Writing(lock(key))
    game = write.game
    try:
        yield write
        db.session.flush()
        db.session.expire(game, ["rounds"])
        _within_bounds(game)
        board = write.after or scoreboard(game)
        too_large = totals_problems(board)
        if too_large:
            raise RoundInvalid(_l("A total would pass the largest a game can hold."), too_large,
                               code="TOTAL_TOO_LARGE")
        game.finished = board.finished
        game.version += 1
    except BaseException:
        db.session.rollback()
        raise
    commit()


def _within_bounds(game: Game) -> None:
    """Refuse a change that makes a game longer than it may grow: :data:`MAX_ROUNDS`
    rounds, :data:`MAX_CHANGES` changes in its history (nothing is dropped from the
    history, so every deletion stays restorable as before)."""
    if len(game.rounds) > MAX_ROUNDS:
        raise InvalidRequest(_l("A game holds at most %(most)d rounds, and this one has them "
                                "all: start a new game to play on.", most=MAX_ROUNDS),
                             field="number", code="GAME_TOO_LONG", most=MAX_ROUNDS)
    changes = db.session.scalar(
        select(func.count(Change.id)).where(Change.game_id == game.id)) or 0
    if changes > MAX_CHANGES:
        raise InvalidRequest(_l("A game's history holds at most %(most)d changes, and this "
                                "one is full: nothing more can be saved, corrected, deleted "
                                "or restored. Start a new game to play on.", most=MAX_CHANGES),
                             code="HISTORY_FULL", most=MAX_CHANGES)
