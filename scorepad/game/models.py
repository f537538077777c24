"""What a table enters: games, players in seat order, rounds, and every change.

Scores are derived from what was entered by the rules engine; a round keeps
the engine's answer (``scores``, ``details``) so that the scoreboard does not
re-run the engine for every page view.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorepad.game.db import db


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_key() -> str:
    """An unguessable game key: 128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(16)


class Game(db.Model):  # type: ignore[name-defined,misc]
    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_key)
    """The game's address: whoever has the link may read the game and enter rounds."""
    version: Mapped[int] = mapped_column(default=1, server_default="1")  # as its migration
    """Raised by every change of the game (rounds added, corrected, deleted, restored)."""
    last_version: Mapped[int] = mapped_column(default=0, server_default="0")
    """The last version given to a round of this game: every round added, corrected or
    restored takes the next, so no version is ever given twice in a game."""
    variant: Mapped[str] = mapped_column(String(32))
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Only the switches the table changed from the variant's defaults."""
    first_dealer: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)
    finished: Mapped[bool] = mapped_column(default=False)
    name: Mapped[str] = mapped_column(String(60), default="", server_default="")
    """What the table calls this game ("Friday at Anna's"); empty: none given."""
    archived: Mapped[bool] = mapped_column(default=False, server_default=sa.false())
    """Kept, but listed apart on the home page."""
    imported: Mapped[bool] = mapped_column(default=False, server_default=sa.false())
    """Made from a game file: the home page says so, to tell it from the original."""
    counting: Mapped[str] = mapped_column(String(16), default="separate",
                                          server_default="separate")
    """How a plus/minus round is entered by numbers: ``net`` (one number per player, the
    round's score as the table counted it) or ``separate`` (meld and hand points)."""
    stakes_mode: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """None (not played for money), ``pot``, ``per_point`` or ``to_winner`` (ADJUDICATION.md)."""
    stakes_cents: Mapped[int | None] = mapped_column(nullable=True)
    """The stake (pot) or the rate per point, in cents of ``currency``."""
    currency: Mapped[str | None] = mapped_column(String(3), nullable=True)
    """ISO 4217 code; None: the app's ``SCOREPAD_CURRENCY``."""
    profile_name: Mapped[str | None] = mapped_column(String(60), nullable=True)
    """The house-rule profile the game was started from, as it was named then."""
    evening_id: Mapped[int | None] = mapped_column(
        ForeignKey("evening.id", ondelete="SET NULL"), nullable=True, index=True)
    evening: Mapped[Evening | None] = relationship(back_populates="games")

    players: Mapped[list[Player]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan")
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan")
    history: Mapped[list[Change]] = relationship(
        back_populates="game", order_by="Change.id", cascade="all, delete-orphan")


class Player(db.Model):  # type: ignore[name-defined,misc]
    __table_args__ = (UniqueConstraint("game_id", "seat"), UniqueConstraint("game_id", "name"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"))
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    game: Mapped[Game] = relationship(back_populates="players")


class Round(db.Model):  # type: ignore[name-defined,misc]
    __table_args__ = (UniqueConstraint("game_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"))
    number: Mapped[int]
    dealer: Mapped[int]
    """Seat of the dealer."""
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    """What the table entered: ``{"players": [...]}`` in the engine's round format."""
    scores: Mapped[dict[str, int]] = mapped_column(JSON)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(default=1)
    """From the game's one counter (``Game.last_version``), taken by the round's last change:
    no version is ever given again in the game, not even to a round of the same number
    saved after this one was deleted (a phone still showing that one gets a 409)."""
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)
    game: Mapped[Game] = relationship(back_populates="rounds")

    def snapshot(self) -> dict[str, Any]:
        """What the history keeps of this round: the entry and its scores."""
        return {"entry": self.entry, "scores": self.scores}


class Change(db.Model):  # type: ignore[name-defined,misc]
    """One entry of a game's history: a round added, corrected or deleted."""

    __table_args__ = (Index("ix_change_game_write", "game_id", "write_id", unique=True),
                      Index("ix_change_write_id", "write_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), index=True)
    round_number: Mapped[int]
    action: Mapped[str] = mapped_column(String(16))  # added | corrected | deleted | restored
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    at: Mapped[datetime] = mapped_column(default=_now)
    by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The player whose phone made the change, when that phone said who it is."""
    device: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The browser token of the phone that made it (a page says "on this phone")."""
    write_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The write id of the form (or the API's ``Idempotency-Key``) this change answered:
    the same form sent again finds it and gets the first answer instead of a second save."""
    request_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """What request an API ``Idempotency-Key`` was sent with (method, path, body:
    :func:`scorepad.game.service.request_hash`): the key belongs to that request only."""
    round_version: Mapped[int | None] = mapped_column(nullable=True)
    """The round's version this change gave it (added, corrected, restored) or ended
    (deleted): a phone that names a round gone since with one of them lost a race (409),
    it did not name a round that never was (404). None on changes older than this column."""
    game: Mapped[Game] = relationship(back_populates="history")


class KnownGame(db.Model):  # type: ignore[name-defined,misc]
    """A game this browser created or opened: the home page lists only these.

    ``device`` is a random token kept in a long-lived cookie; there are no accounts.
    """

    __table_args__ = (Index("ix_known_game_device_opened", "device", "opened_at"),)
    device: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"),
                                         primary_key=True)
    opened_at: Mapped[datetime] = mapped_column(default=_now)
    player: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """Which player this phone is in this game, once chosen."""
    entry_modes: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    """How each player's round was last entered on this phone: ``{"Anna": "cards"}``;
    the next round form starts each player that way."""
    game: Mapped[Game] = relationship()


class Evening(db.Model):  # type: ignore[name-defined,misc]
    """Several games of one evening, settled together; reached by its key like a game."""

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_key)
    currency: Mapped[str] = mapped_column(String(3))
    created_at: Mapped[datetime] = mapped_column(default=_now)
    games: Mapped[list[Game]] = relationship(back_populates="evening", order_by="Game.id")


class Profile(db.Model):  # type: ignore[name-defined,misc]
    """A table's named house rules for one variant ("Omas Rommé"), kept for one browser and
    shared by its key."""

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_key)
    device: Mapped[str] = mapped_column(String(32), index=True)
    name: Mapped[str] = mapped_column(String(60))
    variant: Mapped[str] = mapped_column(String(32))
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Only the switches that differ from the variant's defaults."""
    created_at: Mapped[datetime] = mapped_column(default=_now)


class DraftPart(db.Model):  # type: ignore[name-defined,misc]
    """One player's part of a round the table enters together, phone by phone.

    Each part is its own row, so two phones saving their parts at once never overwrite
    each other; the parts become a round (through the service) once every player's is in.
    ``rev`` counts the part's saves, so that a phone polling the draft sees any change.
    """

    __table_args__ = (UniqueConstraint("game_id", "number", "player"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    """The round this part belongs to: a part of a round saved meanwhile is stale."""
    player: Mapped[str] = mapped_column(String(40))
    part: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The player's entry in the engine's round format (``name`` included)."""
    text: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """What was typed (meld lines, hand), so that the part's form shows it again."""
    rev: Mapped[int] = mapped_column(default=1)
    by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)
