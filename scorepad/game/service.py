"""Every write to a game, in one place: create a game, add, correct, delete and restore a round.

Pages and the JSON API call these functions and translate their exceptions into
answers; neither writes rounds itself. Each function is one transaction that
first takes the game's write lock (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL:
``SELECT … FOR UPDATE`` on the game row) and only then reads what it decides
from, so that under any interleaving of requests the round numbers stay
1, 2, …, n, an acknowledged change is never lost and a refused one changed
nothing (``../shared/API.md``); the transaction and its lock are
:mod:`scorepad.game.locking`'s.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import delete, func, select

from scorepad.game.checks import (
    check_counting,
    check_currency,
    check_house_rules,
    check_stakes,
    check_variant,
    check_write_id,
    is_key,
)
from scorepad.game.db import db
from scorepad.game.errors import (
    Conflict,
    InvalidRequest,
    RoundGone,
    RoundInvalid,
    RoundNotFound,
)
from scorepad.game.evenings import put_in_evening
from scorepad.game.locking import (
    commit,
    lock,
    repeated,
    transaction,
    writing,
)
from scorepad.game.locking import request_hash as request_hash
from scorepad.game.locking import written as written
from scorepad.game.models import Change, DraftPart, Evening, Game, KnownGame, Player, Round
from scorepad.game.money import default_currency
from scorepad.game.names import (
    check_first_dealer,
    check_players,
    check_profile_name,
    clean_name,
    game_name_problem,
)
from scorepad.game.scoreboard import (
    Scoreboard,
    Scored,
    score_entry,
    scoreboard,
    with_round,
)
from scorepad.rules import RequestError
from scorepad.rules.limits import MAX_ROUNDS

PLAYER_KEYS = frozenset({"name", "went_out", "hand_win", "melds", "hand", "meld_points",
                         "hand_points", "melded", "net"})


def find_game(key: str) -> Game | None:
    """The game behind ``key``; None for an unknown or malformed key."""
    if not is_key(key):
        return None
    return db.session.scalars(select(Game).where(Game.key == key)).one_or_none()


def create_game(variant_id: Any, house_rules: Any, players: Any,
                first_dealer: Any = 0, name: Any = "", counting: Any = "separate", *,
                stakes_mode: Any = None, stakes_cents: Any = None,
                currency: Any = None, profile_name: str | None = None,
                evening: Evening | None = None) -> Game:
    """A new game; the caller's view remembers it for this browser."""
    variant = check_variant(variant_id)
    changed = check_house_rules(variant, {} if house_rules is None else house_rules)
    names = check_players(players, variant)
    check_first_dealer(first_dealer, len(names))
    problem = game_name_problem(name)
    if problem is not None:
        raise InvalidRequest(problem, field="name")
    check_counting(counting)
    mode, cents = check_stakes(stakes_mode, stakes_cents)
    if currency is None and mode is not None:
        currency = evening.currency if evening is not None else default_currency()
    game = Game(variant=variant.id, house_rules=changed, first_dealer=first_dealer,
                name=clean_name(name), counting=counting,
                stakes_mode=mode, stakes_cents=cents,
                currency=None if currency is None else check_currency(currency),
                profile_name=None if profile_name is None else check_profile_name(profile_name))
    game.players = [Player(seat=i, name=n) for i, n in enumerate(names)]
    db.session.add(game)
    if evening is not None:
        put_in_evening(game, evening)
    commit()
    return game


def save_part(key: str, number: int, player: str, part: dict[str, Any], text: dict[str, Any],
              by: str | None) -> DraftPart:
    """Keep one player's part of round ``number``, which must still be the game's next round
    (else :class:`Conflict`). Under the game's write lock, as a round is saved: the phone
    saving the round and clearing its parts waits for this, and this for it, so a part is
    never updated after the row was removed (was a ``StaleDataError`` on PostgreSQL), and
    on SQLite a busy table is waited for, not refused."""
    with transaction(key) as game:
        if number != scoreboard(game).next_number:
            raise Conflict(_l("Round %(n)d was saved meanwhile.", n=number))
        row = db.session.scalars(select(DraftPart).where(
            DraftPart.game_id == game.id, DraftPart.number == number,
            DraftPart.player == player)).one_or_none()
        if row is None:
            row = DraftPart(game_id=game.id, number=number, player=player, part=part,
                            text=text, by=by)
            db.session.add(row)
        else:
            row.part, row.text, row.by, row.rev = part, text, by, row.rev + 1
    return row


def clear_parts(key: str, upto: int) -> None:
    """Drop the parts of the rounds up to ``upto`` (saved or discarded: done), under the
    game's write lock, as :func:`save_part` writes them."""
    with transaction(key) as game:
        db.session.execute(delete(DraftPart).where(DraftPart.game_id == game.id,
                                                   DraftPart.number <= upto))


def add_game(game: Game) -> Game:
    """Store a game read from a file (:func:`scorepad.game.files.read_game`, whose rounds
    :func:`build_round` built), in one transaction. Its rounds are numbered by the game's
    one counter of versions, as if they had been saved one by one."""
    for i, rnd in enumerate(game.rounds, start=1):
        rnd.version = i
    game.last_version = len(game.rounds)
    db.session.add(game)
    commit()
    return game


def _board(game: Game, seen: Scoreboard | None) -> Scoreboard:
    """The board of the locked ``game``: ``seen`` (the board the caller read before the
    lock) while the game has not changed since, else tallied now."""
    if seen is not None and seen.game is game and seen.version == game.version:
        return seen
    return scoreboard(game)


def _entry(game: Game, number: int, players: Any, names: list[str]) -> Scored:
    """The round entry scored; raises unless it scores."""
    if (not isinstance(players, list)
            or not all(isinstance(p, dict) and not set(p) - PLAYER_KEYS for p in players)):
        raise InvalidRequest(_l("A round's players must be a list of entries with the fields "
                                "name, melds, hand, meld_points, hand_points, melded, net, "
                                "went_out and hand_win."), field="players")
    given = [p.get("name") for p in players]
    if sorted(map(str, given)) != sorted(names) or len(set(map(str, given))) != len(given):
        raise InvalidRequest(_l("A round lists each of these players once: %(names)s.",
                                names=", ".join(names)), field="players")
    scored = score_entry(game, number, players)
    if isinstance(scored.error, RequestError):
        raise InvalidRequest(str(scored.error), field="players", code=scored.error.code,
                             **scored.error.extra)
    if scored.error is not None:
        raise InvalidRequest(_l(scored.error.template, **scored.error.params), field="players",
                             code=scored.error.code, problem=scored.error)
    if not scored.valid:
        raise RoundInvalid(_l("The round breaks the rules."), scored.problems)
    return scored


def dealer_of(game: Game, number: int) -> int:
    """The seat that deals round ``number``: the deal passes to the left each round,
    play-offs included, from the game's first dealer."""
    return (game.first_dealer + number - 1) % len(game.players)


def build_round(game: Game, number: int, players: Any, names: list[str]) -> Round:
    """Round ``number`` of ``game`` as it is kept: the entry of ``players`` (each of
    ``names`` once) checked and scored by the engine, dealt by :func:`dealer_of`. Raises
    :class:`InvalidRequest` or :class:`RoundInvalid`; adds nothing to the game. A saved, a
    restored and an imported round are all built here."""
    scored = _entry(game, number, players, names)
    return Round(number=number, dealer=dealer_of(game, number), entry={"players": players},
                 scores=scored.scores, details=scored.details_json())


def _new_version(game: Game) -> int:
    """The version a round changed now gets, from the game's one counter: no version is
    ever given twice in a game (API.md: a phone that still shows a deleted round never
    corrects or deletes the round saved after it under the same number)."""
    game.last_version += 1
    return game.last_version


def add_round(key: str, number: Any, players: Any,
              by: str | None = None, *, write_id: str | None = None,
              device: str | None = None, request: str | None = None,
              seen: Scoreboard | None = None) -> Round:
    """Add round ``number``, which must be the game's next round (else :class:`Conflict`).

    ``by`` is the player whose phone saved it and ``device`` that phone's token, kept on the
    history's change; a ``write_id`` that saved before raises :class:`AlreadySaved`
    (:class:`KeyReused` when ``request``, its :func:`request_hash`, is another). ``seen``:
    the game's board the caller read (a page's), taken instead of tallying the rounds again
    where no other phone changed the game meanwhile."""
    write_id = check_write_id(write_id)
    with writing(key) as write:
        game = write.game
        repeated(game, write_id, request)
        board = _board(game, seen)
        if board.finished:
            raise Conflict(_l("The game is over. Correct a round if a score was wrong."))
        if number != board.next_number or isinstance(number, bool):
            raise Conflict(_l("Round %(n)d is already saved; the next round is %(m)d.",
                              n=board.next_number - 1, m=board.next_number),
                           next_round=board.next_number)
        rnd = build_round(game, number, players, board.playing)
        rnd.version = _new_version(game)
        game.rounds.append(rnd)
        write.after = with_round(board, rnd)
        game.history.append(Change(round_number=number, action="added", after=rnd.snapshot(),
                                   by=by, device=device, write_id=write_id,
                                   request_hash=request, round_version=rnd.version))
    return rnd


def _round(game: Game, number: Any, version: Any) -> Round:
    """Round ``number``; if it is gone, :class:`RoundGone` where ``version`` was one of its
    versions (the phone saw it: another phone deleted it meanwhile), else
    :class:`RoundNotFound`."""
    rnd = next((r for r in game.rounds if r.number == number), None)
    if rnd is not None:
        return rnd
    if was_version(game, number, version):
        raise RoundGone(_l("Round %(n)d was deleted on another phone meanwhile.", n=number),
                        round_number=number)
    raise RoundNotFound(_l("There is no round %(n)s.", n=str(number)[:12]))


def was_version(game: Game, number: Any, version: Any) -> bool:
    """Whether ``version`` was a version of round ``number`` of ``game``, by its history:
    a change gave it or ended it (older changes keep no version: then any version the
    game has given, of a round number the history knows)."""
    if (not isinstance(number, int) or not isinstance(version, int)
            or isinstance(version, bool) or not 0 < version <= game.last_version
            or not 0 < number <= MAX_ROUNDS):
        return False
    found = db.session.scalar(select(func.count(Change.id)).where(
        Change.game_id == game.id, Change.round_number == number,
        (Change.round_version == version) | Change.round_version.is_(None)))
    return bool(found)


def correct_round(key: str, number: int, version: Any, players: Any,
                  by: str | None = None, *, write_id: str | None = None,
                  device: str | None = None, request: str | None = None) -> Round:
    """Replace round ``number``'s entry; ``version`` is the one the phone corrected.
    ``write_id`` and ``request``: as :func:`add_round`'s."""
    write_id = check_write_id(write_id)
    with writing(key) as write:
        game = write.game
        repeated(game, write_id, request)
        rnd = _round(game, number, version)
        if version != rnd.version or isinstance(version, bool):
            raise Conflict(_l("Another phone corrected round %(n)d meanwhile.", n=number),
                           round_version=rnd.version)
        names = [p["name"] for p in rnd.entry["players"]]
        scored = _entry(game, number, players, names)
        before = rnd.snapshot()
        rnd.entry = {"players": players}
        rnd.scores, rnd.details = scored.scores, scored.details_json()
        rnd.version = _new_version(game)
        game.history.append(Change(round_number=number, action="corrected", before=before,
                                   after=rnd.snapshot(), by=by, device=device,
                                   write_id=write_id, request_hash=request,
                                   round_version=rnd.version))
    return rnd


def delete_round(key: str, number: int, version: Any, by: str | None = None, *,
                 device: str | None = None) -> Change:
    """Delete round ``number``: it must be the last round, at ``version``."""
    with writing(key) as write:
        game = write.game
        rnd = _round(game, number, version)
        if rnd is not game.rounds[-1]:
            raise Conflict(_l("Only the last round can be deleted; round %(n)d is no longer "
                              "the last.", n=number))
        if version != rnd.version or isinstance(version, bool):
            raise Conflict(_l("Another phone corrected round %(n)d meanwhile: look at it "
                              "before you delete it.", n=number), round_version=rnd.version)
        change = Change(round_number=number, action="deleted", before=rnd.snapshot(), by=by,
                        device=device, round_version=rnd.version)
        game.history.append(change)
        game.rounds.remove(rnd)
        db.session.delete(rnd)
    return change


def restorable(game: Game) -> set[int]:
    """Ids of the deletions that can be undone now: the newest change of a round that is
    the game's next round again."""
    last = db.session.execute(
        select(Change.id, Change.action)
        .where(Change.game_id == game.id, Change.round_number == len(game.rounds) + 1)
        .order_by(Change.id.desc()).limit(1)).first()
    return {last.id} if last is not None and last.action == "deleted" else set()


def restore_round(key: str, change_id: Any,
                  by: str | None = None, *, device: str | None = None) -> Round:
    """Undo a deletion: the round comes back with the entry it had, scored again."""
    with writing(key) as write:
        game = write.game
        change = next((c for c in game.history if c.id == change_id), None)
        if change is None or change.action != "deleted":
            raise RoundNotFound(_l("There is no deleted round to restore."))
        if change.id not in restorable(game):
            raise Conflict(_l("Round %(n)d cannot be restored: the rounds have changed since "
                              "it was deleted.", n=change.round_number))
        before = change.before or {}
        players = (before.get("entry") or {}).get("players")
        number = change.round_number
        rnd = build_round(game, number, players, scoreboard(game).playing)
        rnd.version = _new_version(game)
        game.rounds.append(rnd)
        game.history.append(Change(round_number=number, action="restored",
                                   after=rnd.snapshot(), by=by, device=device,
                                   round_version=rnd.version))
    return rnd


def change_game(key: str, *, name: Any = None, counting: Any = None,
                archived: Any = None) -> Game:
    """Rename a game, change how its rounds are counted by numbers, or (un)archive it.

    Arguments left None stay as they are. The rounds already saved keep their entries.
    """
    problem = None if name is None else game_name_problem(name)
    if problem is not None:
        raise InvalidRequest(problem, field="name")
    if counting is not None:
        check_counting(counting)
    with writing(key) as write:
        game = write.game
        if name is not None:
            game.name = clean_name(name)
        if counting is not None:
            game.counting = counting
        if archived is not None:
            game.archived = bool(archived)
    return game


def delete_game(key: str) -> None:
    """Delete a game with its rounds, history, parts entered together and every browser's
    mention of it (SQLite keeps no foreign key cascade, and gives the next game this id)."""
    game = lock(key)
    try:
        db.session.execute(delete(KnownGame).where(KnownGame.game_id == game.id))
        db.session.execute(delete(DraftPart).where(DraftPart.game_id == game.id))
        db.session.delete(game)
    except BaseException:
        db.session.rollback()
        raise
    commit()
