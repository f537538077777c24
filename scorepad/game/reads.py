"""What the pages read from the database, each read named by what it reads.

The data layer under the web (as the Flask tutorial's ``db.py``): queries only, nothing of a
request or a page; the browser's token, a game or an evening come in as values. Every write
is elsewhere: a game's in :mod:`scorepad.game.service`, an evening's in
:mod:`scorepad.game.evenings`, a browser's in :mod:`scorepad.game.devices` (each with its
``find_…`` that finds a game, an evening or a profile by its key).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, bindparam, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import selectinload

from scorepad.game.db import db
from scorepad.game.models import Change, DraftPart, Evening, Game, KnownGame, Profile, Round

# --- a browser's games (KnownGame: the games a browser opened, keyed by its token) ---------


def known_game(device: str, game: Game | int) -> KnownGame | None:
    """What the browser ``device`` keeps of ``game`` (when it opened it, who it is there, how
    it enters rounds), or None where it never opened it."""
    game_id = game if isinstance(game, int) else game.id
    return db.session.get(KnownGame, (device, game_id))


def games_opened(device: str, offset: int, limit: int) -> list[Game]:
    """The games the browser ``device`` opened, most recently opened first: ``limit`` of
    them from the ``offset``-th."""
    return list(db.session.scalars(
        select(Game).join(KnownGame, KnownGame.game_id == Game.id)
        .where(KnownGame.device == device)
        .order_by(KnownGame.opened_at.desc(), Game.id.desc())
        .offset(offset).limit(limit)).all())


def games_with_rounds_opened(device: str, limit: int) -> list[Game]:
    """The newest ``limit`` games the browser ``device`` opened, with their players and
    rounds: three queries in all, however many games."""
    return list(db.session.scalars(
        select(Game).join(KnownGame, KnownGame.game_id == Game.id)
        .where(KnownGame.device == device)
        .order_by(KnownGame.opened_at.desc()).limit(limit)
        .options(selectinload(Game.players), selectinload(Game.rounds))).all())


def other_phone_is(game: Game, name: str, device: str | None) -> bool:
    """Whether a browser other than ``device`` said it is the player ``name`` in ``game``."""
    query = select(KnownGame.device).where(KnownGame.game_id == game.id,
                                           KnownGame.player == name)
    if device is not None:
        query = query.where(KnownGame.device != device)
    return db.session.execute(query.limit(1)).first() is not None


# --- games and their rounds ------------------------------------------------------------------


def load_players(game_ids: list[int]) -> None:
    """The players of every game in ``game_ids`` loaded in one query (the games in the
    session hold them afterwards)."""
    if game_ids:
        db.session.scalars(select(Game).where(Game.id.in_(game_ids))
                           .options(selectinload(Game.players))).all()


def round_scores(game_ids: list[int]) -> list[tuple[int, dict[str, int]]]:
    """Every round's scores of the games in ``game_ids`` as ``(game id, scores)``, in one
    query."""
    if not game_ids:
        return []
    return [(game_id, scores) for game_id, scores in db.session.execute(
        select(Round.game_id, Round.scores).where(Round.game_id.in_(game_ids))).all()]


def evening_games(evening: Evening) -> list[Game]:
    """The games of ``evening`` in the order they were started, with their players and
    rounds: three queries, however many games."""
    return list(db.session.scalars(
        select(Game).where(Game.evening_id == evening.id).order_by(Game.created_at, Game.id)
        .options(selectinload(Game.players), selectinload(Game.rounds))).all())


# --- a game's history ------------------------------------------------------------------------


def newest_changes(game: Game, limit: int) -> list[Change]:
    """The ``limit`` newest changes of ``game``'s history, newest first."""
    return list(db.session.scalars(select(Change).where(Change.game_id == game.id)
                                   .order_by(Change.id.desc()).limit(limit)).all())


def change_count(game: Game) -> int:
    """How many changes ``game``'s history holds."""
    return db.session.scalar(select(func.count(Change.id)).where(Change.game_id == game.id)) or 0


def changes_after(game: Game, since: int, limit: int) -> list[Change]:
    """The changes of ``game`` made after change ``since``: the newest ``limit`` of them,
    oldest first."""
    rows = db.session.scalars(select(Change).where(Change.game_id == game.id, Change.id > since)
                              .order_by(Change.id.desc()).limit(limit)).all()
    return list(reversed(rows))


# --- what a poll asks ------------------------------------------------------------------------

_VERSION: Select[Any] = select(Game.version).where(Game.key == bindparam("key"))


def game_version(key: str, engine: Engine | None = None) -> int | None:
    """The version of the game behind ``key`` and nothing else: what every poll costs the
    database (one indexed read on a pooled connection of ``engine``, the app's by default,
    without the ORM's session)."""
    with (engine or db.engine).connect() as connection:
        version = connection.execute(_VERSION, {"key": key}).scalar()
    return None if version is None else int(version)


def game_and_draft_versions(key: str) -> tuple[int, int, int] | None:
    """The game's version, the number of parts of its round draft and the sum of their
    revisions: together they change with any round saved, corrected or deleted and with
    any part added or changed. None for no such game."""
    row = db.session.execute(
        select(Game.version, func.count(DraftPart.id), func.coalesce(func.sum(DraftPart.rev), 0))
        .outerjoin(DraftPart, DraftPart.game_id == Game.id)
        .where(Game.key == key).group_by(Game.id)).first()
    return None if row is None else (row[0], row[1], row[2])


def draft_parts(game: Game, number: int) -> list[DraftPart]:
    """The parts of round ``number`` of ``game`` entered so far (a round entered together)."""
    return list(db.session.scalars(select(DraftPart).where(DraftPart.game_id == game.id,
                                                           DraftPart.number == number)).all())


# --- house-rule profiles ---------------------------------------------------------------------


def profiles_of(device: str) -> list[Profile]:
    """The house-rule profiles the browser ``device`` saved, by name."""
    return list(db.session.scalars(select(Profile).where(Profile.device == device)
                                   .order_by(Profile.name, Profile.id)).all())
