"""Every write to a game, in one place: create a game, add, correct, delete and restore a round.

Pages and the JSON API call these functions and translate their exceptions into
answers; neither writes rounds itself. Each function is one transaction that
first takes the game's write lock (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL:
``SELECT … FOR UPDATE`` on the game row) and only then reads what it decides
from, so that under any interleaving of requests the round numbers stay
1, 2, …, n, an acknowledged change is never lost and a refused one changed
nothing (``../shared/API.md``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, OperationalError

from .extensions import db
from .models import Change, Game, Player, Round
from .rules import InvalidHouseRuleError, UnknownVariantError, Variant, find_variant
from .table import score_entry, scoreboard

MAX_NAME = 40
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,43}")
PLAYER_KEYS = frozenset({"name", "went_out", "hand_win", "melds", "hand", "meld_points",
                         "hand_points", "melded"})
# Bidi embeddings, overrides and isolates: a name holding them can make a score sheet lie.
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


class ServiceError(Exception):
    """A change the table asked for that was not made; nothing was written."""

    code = "INVALID_REQUEST"
    status = 422

    def __init__(self, message: Any, **extra: Any) -> None:
        super().__init__(str(message))
        self.message = message
        self.extra = extra


class GameNotFound(ServiceError):
    code, status = "NOT_FOUND", 404


class RoundNotFound(ServiceError):
    code, status = "NOT_FOUND", 404


class Conflict(ServiceError):
    """Another phone was first: the game is not as this request expected."""

    code, status = "CONFLICT", 409


class RoundInvalid(ServiceError):
    """The engine refuses the round; ``problems`` are its answers."""

    code, status = "ROUND_INVALID", 422

    def __init__(self, message: Any, problems: list[dict[str, Any]]) -> None:
        super().__init__(message, problems=problems)
        self.problems = problems


class InvalidRequest(ServiceError):
    """A field missing, of the wrong type or out of range; ``field`` names it."""

    def __init__(self, message: Any, field: str | None = None, code: str = "INVALID_REQUEST",
                 **extra: Any) -> None:
        super().__init__(message, **extra)
        self.field = field
        self.code = code


def name_problem(name: Any) -> Any | None:
    """Why ``name`` cannot be a player's name, or None when it can.

    >>> name_problem("Anna") is None
    True
    >>> str(name_problem("x" * 41))
    'A name has at most 40 characters.'
    """
    if not isinstance(name, str) or not name.strip():
        return _l("Enter a name.")
    if len(name) > MAX_NAME:
        return _l("A name has at most %(n)d characters.", n=MAX_NAME)
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co") or c in _BIDI for c in name):
        return _l("A name cannot hold control or text-direction characters.")
    return None


def clean_name(name: str) -> str:
    """A name as the table means it: inner runs of spaces made one, ends trimmed."""
    return " ".join(name.split())


def find_game(key: str) -> Game | None:
    """The game behind ``key``; None for an unknown or malformed key."""
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        return None
    return db.session.scalars(select(Game).where(Game.key == key)).one_or_none()


def check_players(names: Any, variant: Variant) -> list[str]:
    """Validated player names in seat order; raises :class:`InvalidRequest`."""
    if not isinstance(names, list):
        raise InvalidRequest(_l("The players must be a list of names."), field="players")
    if not variant.min_players <= len(names) <= variant.max_players:
        raise InvalidRequest(_l("This variant is played by %(least)d to %(most)d players.",
                                least=variant.min_players, most=variant.max_players),
                             field="players")
    seen: set[str] = set()
    out = []
    for i, raw in enumerate(names):
        problem = name_problem(raw)
        if problem is not None:
            raise InvalidRequest(problem, field=f"players[{i}]")
        name = clean_name(raw)
        if name.casefold() in seen:
            raise InvalidRequest(_l("Two players cannot have the same name."),
                                 field=f"players[{i}]")
        seen.add(name.casefold())
        out.append(name)
    return out


def check_house_rules(variant: Variant, house_rules: Any) -> dict[str, Any]:
    """Only the switches that differ from the variant's defaults; raises on a bad switch."""
    if not isinstance(house_rules, dict):
        raise InvalidRequest(_l("The house rules must be an object of switches."),
                             field="house_rules", code="INVALID_HOUSE_RULE")
    try:
        changed = variant.changed(variant.house_rules(house_rules))
    except InvalidHouseRuleError as e:
        raise InvalidRequest(str(e), field=f"house_rules.{e.key}" if e.key else "house_rules",
                             code="INVALID_HOUSE_RULE", key=e.key) from None
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in changed.items()}


def create_game(variant_id: Any, house_rules: Any, players: Any,
                first_dealer: Any = 0) -> Game:
    """A new game; the caller's view remembers it for this browser."""
    try:
        variant = find_variant(variant_id)
    except (UnknownVariantError, TypeError):
        raise InvalidRequest(_l("Unknown variant."), field="variant",
                             code="UNKNOWN_VARIANT") from None
    changed = check_house_rules(variant, {} if house_rules is None else house_rules)
    names = check_players(players, variant)
    if (not isinstance(first_dealer, int) or isinstance(first_dealer, bool)
            or not 0 <= first_dealer < len(names)):
        raise InvalidRequest(_l("The first dealer must be a seat from 0 to %(n)d.",
                                n=len(names) - 1), field="first_dealer")
    game = Game(variant=variant.id, house_rules=changed, first_dealer=first_dealer)
    game.players = [Player(seat=i, name=n) for i, n in enumerate(names)]
    db.session.add(game)
    _commit()
    return game


def add_game(game: Game) -> Game:
    """Store a game built elsewhere (an import), in one transaction."""
    db.session.add(game)
    _commit()
    return game


def _commit() -> None:
    try:
        db.session.commit()
    except (IntegrityError, OperationalError):
        db.session.rollback()
        raise Conflict(_l("The table is busy: nothing was saved. Please try again.")) from None


@contextmanager
def _writing(key: str) -> Iterator[Game]:
    """The game, locked for writing until the block ends; commits, or changes nothing."""
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
    try:
        yield game
        db.session.flush()
        db.session.expire(game, ["rounds"])
        game.finished = scoreboard(game).finished
        game.version += 1
    except BaseException:
        db.session.rollback()
        raise
    _commit()


def _entry(game: Game, number: int, players: Any, names: list[str],
           lang: str) -> dict[str, Any]:
    """The engine's answer for a round entry; raises unless it scores."""
    if (not isinstance(players, list)
            or not all(isinstance(p, dict) and not set(p) - PLAYER_KEYS for p in players)):
        raise InvalidRequest(_l("A round's players must be a list of entries with the fields "
                                "name, melds, hand, meld_points, hand_points, melded, went_out "
                                "and hand_win."), field="players")
    given = [p.get("name") for p in players]
    if sorted(map(str, given)) != sorted(names) or len(set(map(str, given))) != len(given):
        raise InvalidRequest(_l("A round lists each of these players once: %(names)s.",
                                names=", ".join(names)), field="players")
    answer = score_entry(game, number, players, lang)
    if "error" in answer:
        error = answer["error"]
        raise InvalidRequest(error["message"], field="players", code=error["code"],
                             **{k: v for k, v in error.items() if k not in ("code", "message")})
    if not answer["valid"]:
        raise RoundInvalid(_l("The round breaks the rules."), answer["problems"])
    return answer


def add_round(key: str, number: Any, players: Any, lang: str = "en",
              by: str | None = None) -> Round:
    """Add round ``number``, which must be the game's next round (else :class:`Conflict`).

    ``by`` is the player whose phone saved it, kept on the history's change."""
    with _writing(key) as game:
        board = scoreboard(game)
        if board.finished:
            raise Conflict(_l("The game is over. Correct a round if a score was wrong."))
        if number != board.next_number or isinstance(number, bool):
            raise Conflict(_l("Round %(n)d is already saved; the next round is %(m)d.",
                              n=board.next_number - 1, m=board.next_number),
                           next_round=board.next_number)
        answer = _entry(game, number, players, board.playing, lang)
        rnd = Round(number=number, dealer=(game.first_dealer + number - 1) % len(game.players),
                    entry={"players": players}, scores=answer["scores"],
                    details=answer["details"])
        game.rounds.append(rnd)
        game.history.append(Change(round_number=number, action="added", after=rnd.snapshot(),
                                   by=by))
    return rnd


def _round(game: Game, number: Any) -> Round:
    rnd = next((r for r in game.rounds if r.number == number), None)
    if rnd is None:
        raise RoundNotFound(_l("There is no round %(n)s.", n=str(number)[:12]))
    return rnd


def correct_round(key: str, number: int, version: Any, players: Any,
                  lang: str = "en", by: str | None = None) -> Round:
    """Replace round ``number``'s entry; ``version`` is the one the phone corrected."""
    with _writing(key) as game:
        rnd = _round(game, number)
        if version != rnd.version or isinstance(version, bool):
            raise Conflict(_l("Another phone corrected round %(n)d meanwhile.", n=number),
                           round_version=rnd.version)
        names = [p["name"] for p in rnd.entry["players"]]
        answer = _entry(game, number, players, names, lang)
        before = rnd.snapshot()
        rnd.entry = {"players": players}
        rnd.scores, rnd.details = answer["scores"], answer["details"]
        game.history.append(Change(round_number=number, action="corrected", before=before,
                                   after=rnd.snapshot(), by=by))
    return rnd


def delete_round(key: str, number: int, version: Any, by: str | None = None) -> Change:
    """Delete round ``number``: it must be the last round, at ``version``."""
    with _writing(key) as game:
        rnd = _round(game, number)
        if rnd is not game.rounds[-1]:
            raise Conflict(_l("Only the last round can be deleted; round %(n)d is no longer "
                              "the last.", n=number))
        if version != rnd.version or isinstance(version, bool):
            raise Conflict(_l("Another phone corrected round %(n)d meanwhile: look at it "
                              "before you delete it.", n=number), round_version=rnd.version)
        change = Change(round_number=number, action="deleted", before=rnd.snapshot(), by=by)
        game.history.append(change)
        game.rounds.remove(rnd)
        db.session.delete(rnd)
    return change


def restorable(game: Game) -> set[int]:
    """Ids of the deletions that can be undone now: the newest change of a round that is
    the game's next round again."""
    newest: dict[int, Change] = {}
    for change in game.history:
        newest[change.round_number] = change
    last = newest.get(len(game.rounds) + 1)
    return {last.id} if last is not None and last.action == "deleted" else set()


def restore_round(key: str, change_id: Any, lang: str = "en",
                  by: str | None = None) -> Round:
    """Undo a deletion: the round comes back with the entry it had, scored again."""
    with _writing(key) as game:
        change = next((c for c in game.history if c.id == change_id), None)
        if change is None or change.action != "deleted":
            raise RoundNotFound(_l("There is no deleted round to restore."))
        if change.id not in restorable(game):
            raise Conflict(_l("Round %(n)d cannot be restored: the rounds have changed since "
                              "it was deleted.", n=change.round_number))
        before = change.before or {}
        players = (before.get("entry") or {}).get("players")
        board = scoreboard(game)
        answer = _entry(game, change.round_number, players, board.playing, lang)
        number = change.round_number
        rnd = Round(number=number, dealer=(game.first_dealer + number - 1) % len(game.players),
                    entry={"players": players}, scores=answer["scores"],
                    details=answer["details"])
        game.rounds.append(rnd)
        game.history.append(Change(round_number=number, action="restored",
                                   after=rnd.snapshot(), by=by))
    return rnd
