"""A whole game as a JSON document, and back.

The document holds what the table entered (variant, house rules, players in
seat order, first dealer, name, counting, stakes and their currency, the
profile the game was started from, whether it is archived, every round's
``entry``) plus what the engine answered (each round's ``scores``) and the
history of changes with whose phone made each. Database ids, a round's lock
``version`` and the evening a game belongs to are left out: they mean nothing
in another database. The game's creation time and the times in the history are kept, so
that export → import → export gives the same document.

On import, every round is scored again by the engine; a file whose stated
scores differ from the engine's answer for its entry is refused. Nothing is
written to the database unless the whole file is sound: :func:`read_game`
builds a transient :class:`Game` that the caller adds and commits.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from flask_babel import format_number, gettext
from flask_babel import lazy_gettext as _l

from scorepad.game.checks import (
    check_counting,
    check_currency,
    check_house_rules,
    check_stakes,
    check_variant,
    load_json,
)
from scorepad.game.errors import InvalidRequest, RoundInvalid
from scorepad.game.models import Change, Game, Player, Round
from scorepad.game.money import default_currency
from scorepad.game.names import (
    MAX_GAME_NAME,
    MAX_NAME,
    check_first_dealer,
    check_players,
    check_profile_name,
    game_name_problem,
)
from scorepad.game.scoreboard import MAX_TOTAL, problem_english, score_entry, scoreboard, totals_problems
from scorepad.game.service import PLAYER_KEYS, build_round, dealer_of
from scorepad.rules import Variant
from scorepad.rules.limits import MAX_CHANGES as MAX_HISTORY
from scorepad.rules.limits import MAX_NUMBER, MAX_ROUNDS

FORMAT = "scorepad-game"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
"""The largest game file: a game at both caps by cards is some 0.75 MB, and hands of up to
30 cards make it larger."""
# A game file of any game the app lets a table play imports back: as many rounds and
# changes as a game may hold (scorepad.rules.limits), and bytes for all of them.
MAX_PROBLEMS = 10

_TOP_KEYS = {"format", "version", "variant", "house_rules", "players", "first_dealer",
             "created", "rounds", "history", "name", "counting", "stakes", "profile",
             "archived"}
_STAKES_KEYS = {"mode", "cents", "currency"}
_ROUND_KEYS = {"number", "dealer", "entry", "scores"}
_PLAYER_KEYS = PLAYER_KEYS
_CHANGE_KEYS = {"round", "action", "before", "after", "at"}
_CHANGE_OPTIONAL = {"by"}
_ACTIONS = ("added", "corrected", "deleted", "restored")


class GameFileError(ValueError):
    """A file that cannot be imported; ``problems`` says every reason found (translatable)."""

    def __init__(self, problems: list[Any]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


def _time(value: datetime) -> str:
    return value.replace(microsecond=0).isoformat()


def export_game(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready document."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant,
        "house_rules": dict(game.house_rules),
        "players": [p.name for p in game.players],
        "first_dealer": game.first_dealer,
        "name": game.name or "",
        "counting": game.counting or "separate",
        "stakes": None if game.stakes_mode is None else {
            "mode": game.stakes_mode, "cents": game.stakes_cents,
            "currency": game.currency or default_currency()},
        "profile": game.profile_name,
        "archived": bool(game.archived),
        "created": _time(game.created_at),
        "rounds": [{"number": r.number, "dealer": r.dealer, "entry": r.entry,
                    "scores": r.scores} for r in game.rounds],
        "history": [{"round": c.round_number, "action": c.action, "before": c.before,
                     "after": c.after, "at": _time(c.at)} | ({"by": c.by} if c.by else {})
                    for c in game.history],
    }


def dump(document: dict[str, Any]) -> str:
    """The document as text: UTF-8 friendly, indented, keys in the order written; each
    round and each change of the history on one line (indenting every card made a long
    game's file five times as large).

    >>> print(dump({"rounds": [{"number": 1}, {"number": 2}], "name": ""}), end="")
    {
      "rounds": [
        {"number": 1},
        {"number": 2}
      ],
      "name": ""
    }
    """
    fields = []
    for key, value in document.items():
        if key in _ONE_LINE_EACH and isinstance(value, list) and value:
            text = "[\n" + ",\n".join("    " + json.dumps(item, ensure_ascii=False)
                                       for item in value) + "\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        fields.append(f"  {json.dumps(key, ensure_ascii=False)}: {text}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


_ONE_LINE_EACH = ("rounds", "history")


# -- reading a file ----------------------------------------------------------

def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise GameFileError([_l("The file names the field “%(key)s” twice.", key=key[:40])])
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise GameFileError([_l("The file holds %(value)s, which is not a number.", value=name)])


def too_large() -> Any:
    """What the table reads about a file past :data:`MAX_BYTES`."""
    return _l("The file is larger than %(mb)d MB; a game file is much smaller.",
              mb=MAX_BYTES // (1024 * 1024))


def parse(raw: bytes | str) -> Any:
    """The JSON value of an uploaded file or pasted text; refuses what is not UTF-8 JSON."""
    if len(raw) > MAX_BYTES:
        raise GameFileError([too_large()])
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise GameFileError([_l("The file is not UTF-8 text.")]) from None
    if not raw.strip():
        raise GameFileError([_l("The file is empty.")])
    try:
        return load_json(raw, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except GameFileError:
        raise
    except ValueError:
        raise GameFileError([_l("The file is not JSON: was it exported by Scorepad?")]) from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# The dates a game file may hold: no game was kept by Scorepad before 2000, and a file
# from the far future was not exported by a server with a working clock.
FIRST_YEAR, LAST_YEAR = 2000, 2099


def _datetime(value: Any, where: Any) -> datetime:
    if isinstance(value, str) and len(value) <= 40:
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            if not FIRST_YEAR <= parsed.year <= LAST_YEAR:
                raise GameFileError([_l("%(where)s must lie in the years %(first)d to %(last)d.",
                                        where=where, first=FIRST_YEAR, last=LAST_YEAR)])
            return parsed.replace(tzinfo=None)
    raise GameFileError([_l("%(where)s is not a date and time.", where=where)])


def read_game(document: Any) -> Game:
    """A new, unsaved game from an exported document, every round scored again.

    Raises :class:`GameFileError` with every problem found.
    """
    if not isinstance(document, dict):
        raise GameFileError([_l("The file is not a Scorepad game.")])
    if document.get("format") != FORMAT:
        raise GameFileError([_l("The file is not a Scorepad game.")])
    if document.get("version") != VERSION:
        raise GameFileError([_l("This file has format version %(v)s; this Scorepad reads "
                                "version %(mine)d.", v=str(document.get("version"))[:10],
                                mine=VERSION)])
    unknown = sorted(set(document) - _TOP_KEYS)
    if unknown:
        raise GameFileError([_l("Unknown field in the file: %(key)s.", key=unknown[0][:40])])
    # The same rules as a new game (scorepad.game.checks), in a file's words.
    try:
        variant = check_variant(document.get("variant"))
    except InvalidRequest:
        raise GameFileError([_l("Unknown variant: %(v)s.",
                                v=str(document.get("variant"))[:40])]) from None
    try:
        # Keep only what differs from the defaults, as a new game does.
        changed = check_house_rules(variant, document.get("house_rules", {}))
    except InvalidRequest as e:
        key = str(e.extra.get("key"))[:40]
        raise GameFileError([
            # The variant's name: its msgid is in words/variants.py.
            _l("Unknown house rule for %(variant)s: %(key)s.",
               variant=gettext(variant.name), key=key) if e.rule == "unknown"
            else _l("Invalid house rule %(key)s: %(message)s", key=key, message=e.message)
            if e.rule == "value" else e.message]) from None

    names = _players(document.get("players"), variant)
    try:
        first_dealer = check_first_dealer(document.get("first_dealer", 0), len(names))
    except InvalidRequest as e:
        raise GameFileError([e.message]) from None
    created = _datetime(document.get("created"), _l("The creation date"))
    name = document.get("name", "")
    if game_name_problem(name) is not None:
        raise GameFileError([_l("The game's name must be text of at most %(n)d characters.",
                                n=MAX_GAME_NAME)])
    counting = document.get("counting", "separate")
    try:
        check_counting(counting)
    except InvalidRequest:
        raise GameFileError([_l("The counting must be \"separate\" or \"net\".")]) from None
    mode, cents, currency = _stakes(document.get("stakes"))
    profile = document.get("profile")
    archived = document.get("archived", False)
    try:
        profile = None if profile is None else check_profile_name(profile)
    except InvalidRequest as e:
        raise GameFileError([e.message]) from None
    if not isinstance(archived, bool):
        raise GameFileError([_l("“archived” must be true or false.")])

    # ``imported`` tells the copy apart from the game it came from (home page); the
    # document itself stays the same, so an export of the copy equals the file.
    game = Game(variant=variant.id, house_rules=changed, first_dealer=first_dealer,
                created_at=created, updated_at=created, name=" ".join(name.split()),
                counting=counting, stakes_mode=mode, stakes_cents=cents, currency=currency,
                profile_name=profile, archived=archived, imported=True)
    game.players = [Player(seat=i, name=n) for i, n in enumerate(names)]
    game.rounds = _rounds(game, document.get("rounds", []), names)
    game.history = _history(game, document.get("history", []), names)
    board = scoreboard(game)
    if totals_problems(board):
        raise GameFileError([_l("A player's total passes %(n)s points, more than a game can "
                                "hold.", n=format_number(MAX_TOTAL))])
    game.finished = board.finished
    return game


def _stakes(value: Any) -> tuple[str | None, int | None, str | None]:
    """The stakes of the file as stored: mode, cents and currency (all None: no money)."""
    if value is None:
        return None, None, None
    if not isinstance(value, dict) or set(value) != _STAKES_KEYS:
        raise GameFileError([_l("The stakes must give mode, cents and currency.")])
    try:
        mode, cents = check_stakes(value["mode"], value["cents"])
        if mode is None:
            raise GameFileError([_l("The stakes must give mode, cents and currency.")])
        return mode, cents, check_currency(value["currency"])
    except InvalidRequest as e:
        raise GameFileError([e.message]) from None


def _players(value: Any, variant: Variant) -> list[str]:
    """The players of the file: the rule of a new game's players
    (:func:`scorepad.game.names.check_players`), said in a file's words, and each name
    as a game keeps it (no stray spaces: the rounds name the players so)."""
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise GameFileError([_l("The players must be a list of names.")])
    try:
        names = check_players(value, variant)
    except InvalidRequest as e:
        seat = int(e.field[8:-1]) if e.field and e.field.startswith("players[") else 0
        name = value[seat] if seat < len(value) else ""
        raise GameFileError([{
            "count": _l("This variant is played by %(least)d to %(most)d players; the file "
                        "has %(n)d.", least=variant.min_players, most=variant.max_players,
                        n=len(value)),
            "empty": _l("A player's name is empty or has stray spaces."),
            "too_long": _l("The name “%(name)s…” is longer than %(n)d characters.",
                           name=name[:MAX_NAME], n=MAX_NAME),
            "control": _l("A player's name holds control characters."),
            "twice": _l("Two players are called %(name)s.", name=name),
        }.get(e.rule or "", e.message)]) from None
    if names != value:
        raise GameFileError([_l("A player's name is empty or has stray spaces.")])
    return names


def _rounds(game: Game, value: Any, names: list[str]) -> list[Round]:
    if not isinstance(value, list):
        raise GameFileError([_l("The rounds must be a list.")])
    if len(value) > MAX_ROUNDS:
        raise GameFileError([_l("The file has %(n)d rounds; at most %(most)d can be imported.",
                                n=len(value), most=MAX_ROUNDS)])
    problems: list[Any] = []
    rounds: list[Round] = []
    seen: set[int] = set()
    for i, raw in enumerate(value, 1):
        if not isinstance(raw, dict) or set(raw) - _ROUND_KEYS:
            problems.append(_l("Round %(n)d is not a round of a game.", n=i))
            continue
        number: Any = raw.get("number")
        if not _is_int(number):
            problems.append(_l("Round %(n)d has no round number.", n=i))
            continue
        if number in seen:
            problems.append(_l("Round number %(n)d appears twice.", n=number))
            continue
        seen.add(number)
        if number != i:
            problems.append(_l("The rounds must be numbered 1, 2, 3, …: round %(i)d is "
                               "numbered %(n)d.", i=i, n=number))
            continue
        dealer: Any = raw.get("dealer")
        entry, stated = raw.get("entry"), raw.get("scores")
        if not _is_int(dealer) or not 0 <= dealer < len(names):
            problems.append(_l("Round %(n)d: the dealer must be a seat from 0 to %(last)d.",
                               n=number, last=len(names) - 1))
            continue
        if dealer != dealer_of(game, number):
            # A game the app kept deals seat by seat, as add_round does: no file says otherwise.
            problems.append(_l("Round %(n)d: the file says %(name)s dealt, but the deal passes "
                               "from seat to seat from the first dealer: it was %(dealer)s’s "
                               "turn.", n=number, name=names[dealer],
                               dealer=names[dealer_of(game, number)]))
            continue
        players = entry.get("players") if isinstance(entry, dict) and set(entry) == {"players"} else None
        if (not isinstance(players, list) or not players
                or not all(isinstance(p, dict) and not set(p) - _PLAYER_KEYS for p in players)):
            problems.append(_l("Round %(n)d: the entry is not a list of players.", n=number))
            continue
        strangers = [p.get("name") for p in players if p.get("name") not in names]
        if strangers:
            problems.append(_l("Round %(n)d names %(name)s, who is not a player of this game.",
                               n=number, name=str(strangers[0])[:40]))
            continue
        if (not isinstance(stated, dict)
                or not all(isinstance(k, str) and _is_int(v) and abs(v) <= 10 * MAX_NUMBER
                           for k, v in stated.items())):
            problems.append(_l("Round %(n)d: the scores must map names to whole numbers.",
                               n=number))
            continue
        try:  # built as a round the table saves (the service's add_round)
            rnd = build_round(game, number, players, [str(p.get("name")) for p in players])
        except RoundInvalid as e:
            problems.append(_l("Round %(n)d breaks the rules: %(message)s", n=number,
                               message=problem_english(e.problems[0])[:200]))
            continue
        except InvalidRequest as e:
            problems.append(_l("Round %(n)d cannot be scored: %(message)s", n=number,
                               message=str(e.message)[:200]))
            continue
        if rnd.scores != stated:
            said = ", ".join(f"{k} {v}" for k, v in stated.items())[:200]
            scored = ", ".join(f"{k} {v}" for k, v in rnd.scores.items())
            problems.append(_l("Round %(n)d: the file says %(said)s, but the entry scores "
                               "%(scored)s.", n=number, said=said, scored=scored))
            continue
        rounds.append(rnd)
        if len(problems) >= MAX_PROBLEMS:
            break
    if problems:
        raise GameFileError(problems[:MAX_PROBLEMS])
    return rounds


def _state(value: Any, names: list[str]) -> bool:
    """A round as the history keeps it: ``null`` or ``{"entry": {...}, "scores": {...}}``,
    held to the same limits as a round of the file."""
    if value is None:
        return True
    if not (isinstance(value, dict) and set(value) == {"entry", "scores"}
            and isinstance(value["entry"], dict) and set(value["entry"]) == {"players"}
            and isinstance(value["entry"]["players"], list)
            and isinstance(value["scores"], dict)):
        return False
    players = value["entry"]["players"]
    return (len(players) <= len(names)
            and all(isinstance(p, dict) and not set(p) - _PLAYER_KEYS and p.get("name") in names
                    and all(abs(p[k]) <= MAX_NUMBER for k in ("meld_points", "hand_points")
                            if _is_int(p.get(k)))
                    and all(isinstance(p[k], (int, bool)) for k in ("meld_points", "hand_points",
                                                                     "went_out", "hand_win",
                                                                     "melded") if k in p)
                    for p in players)
            and all(k in names and _is_int(v) and abs(v) <= 10 * MAX_NUMBER
                    for k, v in value["scores"].items()))


def _scores_as_stated(game: Game, number: int, value: dict[str, Any] | None) -> bool:
    """Whether a round as the history keeps it scores as it says, as a round of the file
    must: its entry is checked by the engine, so nothing the engine would refuse is kept."""
    if value is None:
        return True
    answer = score_entry(game, number, value["entry"]["players"])
    return answer.valid and answer.scores == value["scores"]


def _history(game: Game, value: Any, names: list[str]) -> list[Change]:
    if not isinstance(value, list):
        raise GameFileError([_l("The history must be a list.")])
    if len(value) > MAX_HISTORY:
        raise GameFileError([_l("The history is too long to import (%(n)d changes).",
                                n=len(value))])
    changes = []
    for i, raw in enumerate(value, 1):
        if (not isinstance(raw, dict) or not set(raw) >= _CHANGE_KEYS
                or set(raw) - _CHANGE_KEYS - _CHANGE_OPTIONAL
                or (raw.get("by") is not None and raw["by"] not in names)
                or raw["action"] not in _ACTIONS or not _is_int(raw["round"])
                or not 0 < raw["round"] <= MAX_ROUNDS
                or not _state(raw["before"], names) or not _state(raw["after"], names)
                or not _scores_as_stated(game, raw["round"], raw["before"])
                or not _scores_as_stated(game, raw["round"], raw["after"])):
            raise GameFileError([_l("Change %(n)d of the history is not readable.", n=i)])
        changes.append(Change(round_number=raw["round"], action=raw["action"],
                              before=raw["before"], after=raw["after"], by=raw.get("by"),
                              at=_datetime(raw["at"], _l("The time of change %(n)d", n=i))))
    return changes
