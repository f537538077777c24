"""What a table enters: games, players in seat order, rounds, and every change.

Scores are derived from what was entered by the rules engine; a round keeps
the engine's answer (``scores``, ``details``) so that the scoreboard does not
re-run the engine for every page view.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Game(db.Model):  # type: ignore[name-defined,misc]
    id: Mapped[int] = mapped_column(primary_key=True)
    variant: Mapped[str] = mapped_column(String(32))
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Only the switches the table changed from the variant's defaults."""
    first_dealer: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)
    finished: Mapped[bool] = mapped_column(default=False)

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
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)
    game: Mapped[Game] = relationship(back_populates="rounds")

    __mapper_args__ = {"version_id_col": version}

    def snapshot(self) -> dict[str, Any]:
        """What the history keeps of this round: the entry and its scores."""
        return {"entry": self.entry, "scores": self.scores}


class Change(db.Model):  # type: ignore[name-defined,misc]
    """One entry of a game's history: a round added, corrected or deleted."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"))
    round_number: Mapped[int]
    action: Mapped[str] = mapped_column(String(16))  # added | corrected | deleted
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    at: Mapped[datetime] = mapped_column(default=_now)
    game: Mapped[Game] = relationship(back_populates="history")
