"""A round number another phone took first, said in words.

A stale link to round 7's form shows round 7 as it was saved (by whom, its scores),
never a form for another round; a save that lost to another phone's save of the same
round number is no conflict when both give the same result (the round is shown as saved
already, nothing is saved twice), else shows both entries side by side, the differences
marked, and lets the phone choose: the same deal and the saved entry is right (discard
this one, the safe choice and the first), the same deal and this entry is right (replace
the saved round: a correction, in the history) or another deal (save it as the next
round, the last choice).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from scorepad.game.errors import AlreadySaved
from scorepad.game.models import Change, Game, Round
from scorepad.game.scoreboard import Scoreboard, scoreboard
from scorepad.web.device import this_device

# Fields of the round form that the "another deal" button must not post again as they were.
_NOT_REPOSTED = {"csrf_token", "number", "action", "version"}


def saved_round(game: Game, number: int | None) -> Round | None:
    """Round ``number`` of ``game`` if it is saved."""
    return next((r for r in game.rounds if r.number == number), None)


def last_change(game: Game, number: int) -> Change | None:
    """The newest change that saved round ``number`` (added, corrected or restored)."""
    return next((c for c in reversed(game.history)
                 if c.round_number == number and c.action != "deleted"), None)


def stale_link(game: Game, board: Scoreboard, number: int | None) -> Any | None:
    """The page for an old link to round ``number``'s form when that round is saved
    already; None when the link is current (the caller shows the form)."""
    rnd = saved_round(game, number)
    if rnd is None:
        return None
    return render_template("live/taken.html", game=game, board=board, theirs=rnd,
                           change=last_change(game, rnd.number), stale=True)


def _cards(entries: Any) -> list[str]:
    return sorted(e["card"] + "@" + str(e.get("by")) if isinstance(e, dict) else str(e)
                  for e in entries or [])


def _codes(entries: Any) -> list[str]:
    return [e["card"] if isinstance(e, dict) else str(e) for e in entries or []]


def _own(meld: Any, names: Collection[str]) -> list[Any]:
    """A meld's cards less those another player of ``names`` laid off onto it."""
    return [e for e in meld or [] if not (isinstance(e, dict) and e.get("by") in names)]


def laid_off(players: Any, names: Collection[str]) -> dict[str, list[dict[str, Any]]]:
    """Each player's lay-offs, by the player who laid them off (one of ``names``), as the
    round form writes them (docs/decisions.md "One lay-off notation"): whose meld, its
    number where the owner has several, the card; ``key`` tells two lay-offs apart (the
    meld by its own cards, so that the order of the melds does not matter).

    >>> laid_off([{"name": "A", "melds": [["6c", "7c", "8c", {"card": "9c", "by": "B"}]]},
    ...           {"name": "B"}], {"A", "B"})
    {'B': [{'owner': 'A', 'meld': None, 'code': '9c', 'key': ('A', ('6c', '7c', '8c'), '9c')}]}
    """
    out: dict[str, list[dict[str, Any]]] = {}
    for p in players or []:
        if not isinstance(p, dict):
            continue
        melds = p.get("melds") or []
        for number, meld in enumerate(melds, 1):
            own = tuple(sorted(_codes(_own(meld, names))))
            for e in meld:
                if isinstance(e, dict) and e.get("by") in names:
                    out.setdefault(e["by"], []).append({
                        "owner": p.get("name"), "meld": number if len(melds) > 1 else None,
                        "code": e["card"], "key": (p.get("name"), own, e["card"])})
    return out


def _same_part(a: dict[str, Any] | None, b: dict[str, Any] | None,
               names: Collection[str] = (), a_off: Sequence[dict[str, Any]] = (),
               b_off: Sequence[dict[str, Any]] = ()) -> bool:
    """Two entries of one player say the same: the same numbers, or the same cards in
    the same melds and the same lay-offs (``a_off``, ``b_off``: the player's own, onto
    the melds of ``names``; the order the cards were typed in does not matter)."""
    if a is None or b is None:
        return a is b

    def key(p: dict[str, Any], off: Sequence[dict[str, Any]]) -> tuple[Any, ...]:
        return (bool(p.get("went_out")), bool(p.get("hand_win")), p.get("net"),
                p.get("meld_points"), p.get("hand_points"), p.get("melded"),
                sorted(_cards(_own(m, names)) for m in p.get("melds") or []),
                sorted(x["key"] for x in off),
                _cards(p.get("hand")) if "hand" in p else None)

    return key(a, a_off) == key(b, b_off)


def _extra(mine: list[str], other: list[str]) -> list[bool]:
    """Per card of ``mine``: whether it is one more than ``other`` holds of it."""
    left = Counter(other)
    out = []
    for code in mine:
        out.append(left[code] <= 0)
        left[code] -= 1
    return out


def marked(p: dict[str, Any] | None, other: dict[str, Any] | None,
           names: Collection[str] = (), off: Sequence[dict[str, Any]] = (),
           other_off: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """A player's entry as the conflict page shows it, piece by piece (melds, lay-offs,
    hand, each number, going out), each piece and card marked where the other entry
    differs. A card laid off onto the meld of another player of ``names`` is shown not in
    that meld but in its layer's lay-offs (``off``, of :func:`laid_off`; ``other_off``:
    the other entry's), one piece per meld, as the round form writes them.

    >>> [(x["kind"], x.get("differs")) for x in marked({"hand_points": 30}, {"hand_points": 35})]
    [('hand_points', True)]
    >>> [c["differs"] for c in marked({"hand": ["5s", "9d"]}, {"hand": ["9d"]})[0]["cards"]]
    [True, False]
    >>> off = [{"owner": "A", "meld": 2, "code": "9c", "key": ("A", ("6c",), "9c")}]
    >>> [(x["kind"], x.get("head")) for x in marked({"melds": [["2h", "3h", "4h"]]}, None, {"A"}, off)]
    [('meld', None), ('layoff', 'A 2')]
    """
    if p is None:
        return []
    o = other or {}
    pieces: list[dict[str, Any]] = []
    melds = [_own(m, names) for m in p.get("melds") or []]
    in_melds = [c for m in melds for c in _codes(m)]
    flags = iter(_extra(in_melds, [c for m in o.get("melds") or [] for c in _codes(_own(m, names))]))
    for meld in melds:
        pieces.append({"kind": "meld", "cards": [
            {"code": code, "by": e.get("by") if isinstance(e, dict) else None,
             "differs": next(flags)} for e, code in zip(meld, _codes(meld))]})
    off_flags = iter(_extra([str(x["key"]) for x in off], [str(x["key"]) for x in other_off]))
    onto: dict[tuple[Any, Any], list[dict[str, Any]]] = {}
    for x in off:
        onto.setdefault((x["owner"], x["meld"]), []).append(
            {"code": x["code"], "by": None, "differs": next(off_flags)})
    for (owner, number), cards in onto.items():
        pieces.append({"kind": "layoff", "head": f"{owner} {number}" if number else owner,
                       "cards": cards})
    if "hand" in p:
        hand = _codes(p["hand"])
        pieces.append({"kind": "hand", "cards": [
            {"code": c, "by": None, "differs": d}
            for c, d in zip(hand, _extra(hand, _codes(o.get("hand"))))]})
    for key in ("net", "meld_points", "hand_points"):
        if key in p:
            pieces.append({"kind": key, "value": p[key], "differs": o.get(key) != p[key]})
    if p.get("went_out") or o.get("went_out"):
        pieces.append({"kind": "went_out", "value": bool(p.get("went_out")),
                       "hand_win": bool(p.get("hand_win")),
                       "differs": (bool(p.get("went_out")), bool(p.get("hand_win")))
                       != (bool(o.get("went_out")), bool(o.get("hand_win")))})
    return pieces


def differences(theirs: Round, mine: Mapping[str, int] | None,
                entry: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Player by player, the saved entry and score beside this phone's, and whether they
    differ: the score, and each piece and card of the entries (:func:`marked`)."""
    saved = {p.get("name"): p for p in theirs.entry.get("players", [])}
    typed = {p.get("name"): p for p in entry or [] if isinstance(p, dict)}
    names = set(theirs.scores)
    saved_off, typed_off = laid_off(saved.values(), names), laid_off(typed.values(), names)
    scores = mine or {}
    rows = []
    for name, score in theirs.scores.items():
        other = scores.get(name)
        a, b = saved.get(name), typed.get(name)
        a_off, b_off = saved_off.get(name, []), typed_off.get(name, [])
        rows.append({"name": name, "saved": marked(a, b, names, a_off, b_off),
                     "mine": marked(b, a, names, b_off, a_off),
                     "saved_score": score, "mine_score": other,
                     "score_differs": other is not None and other != score,
                     "entry_differs": not _same_part(a, b, names, a_off, b_off)})
    return rows


def same_result(theirs: Round, mine: Mapping[str, int] | None,
                entry: list[dict[str, Any]] | None) -> bool:
    """This phone's ``entry`` (``mine``: the scores it gives) gives the saved round's
    result: every player's score, and the same player went out the same way. Saving it
    again could only count the deal twice.

    >>> saved = Round(entry={"players": [{"name": "A", "went_out": True}, {"name": "B"}]},
    ...               scores={"A": 0, "B": 30})
    >>> same_result(saved, {"A": 0, "B": 30}, [{"name": "A", "went_out": True},
    ...                                        {"name": "B", "hand_points": 30}])
    True
    >>> same_result(saved, {"A": 0, "B": 25}, saved.entry["players"])
    False
    """
    if not mine or dict(mine) != theirs.scores:
        return False

    def closers(players: Any) -> set[tuple[Any, bool]]:
        return {(p.get("name"), bool(p.get("hand_win"))) for p in players or []
                if isinstance(p, dict) and p.get("went_out")}

    return closers(theirs.entry.get("players")) == closers(entry)


def lost_to_another_phone(game: Game, number: int | None, mine: Mapping[str, int] | None,
                          posted: MultiDict[str, str], action: str, *,
                          entry: list[dict[str, Any]] | None = None,
                          discard: str | None = None,
                          fields: list[tuple[str, str]] | None = None,
                          replace: str | None = None,
                          replace_fields: list[tuple[str, str]] | None = None
                          ) -> tuple[str, int] | None:
    """After this phone's save lost to another phone's save of round ``number``: when both
    give the same result, the round is shown as saved already (nothing is saved twice);
    else both entries side by side, the differences marked, and the choices, the safe one
    first. None when no round ``number`` is saved (the caller says why else).

    ``mine`` is the scores of this phone's ``entry`` (None: it does not score); ``action``
    is the address the "another deal" button posts to, with the fields of ``posted`` (the round form) or
    ``fields`` (given instead); ``replace`` the address "mine is right" posts to (with
    ``replace_fields``, else the same fields and the saved round's version); ``discard``
    is posted to by "same deal: discard mine" (None: a link back to the scores, as
    nothing is stored)."""
    rnd = saved_round(game, number)
    if rnd is None:
        return None
    board = scoreboard(game)
    change = last_change(game, rnd.number)
    if same_result(rnd, mine, entry):
        return render_template("live/taken.html", game=game, board=board, theirs=rnd,
                               change=change, stale=True, same=True), 200
    keep = fields if fields is not None else [
        (k, v) for k, v in posted.items(multi=True) if k not in _NOT_REPOSTED]
    if replace_fields is None:
        replace_fields = keep + [("version", str(rnd.version))]
    return render_template("live/taken.html", game=game, board=board, theirs=rnd,
                           change=change, stale=False, same=False,
                           mine=mine, action=action, repost=keep,
                           discard=discard, replace=replace, replace_fields=replace_fields,
                           rows=differences(rnd, mine, entry)), 409


def already_saved(key: str, e: AlreadySaved) -> Any:
    """The same form was sent again (Back and Save, a double tap): the first answer, the
    saved round on the game page, and never a second save."""
    if e.action == "corrected":
        flash(_("This correction of round %(n)d was saved already; nothing was saved twice.",
                n=e.number))
    elif e.device is not None and e.device == this_device():
        flash(_("This entry was saved already as round %(n)d on this phone; nothing was "
                "saved twice.", n=e.number))
    elif e.by:
        flash(_("This entry was saved already as round %(n)d on %(name)s’s phone; nothing "
                "was saved twice.", n=e.number, name=e.by))
    else:
        flash(_("This entry was saved already as round %(n)d; nothing was saved twice.",
                n=e.number))
    return redirect(url_for("games.show", key=key, _anchor=f"round-{e.number}")), 303
