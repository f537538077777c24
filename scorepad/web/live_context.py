"""What the live parts of a page show: a game's board (the game page, its table view and
their polls) and the state of the round draft entered together (its page and its poll).

Shared by the views ``games``, ``live`` and ``together``: the poll of each page renders
the same context as the page.
"""

from __future__ import annotations

import copy
from typing import Any

from flask_babel import gettext as _

from scorepad.game.models import DraftPart, Game
from scorepad.game.reads import change_count, game_and_draft_versions, newest_changes
from scorepad.game.reads import draft_parts as parts_of_round
from scorepad.game.scoreboard import rules_of, score_entry, scoreboard
from scorepad.game.service import restorable
from scorepad.rules import Card, Rules, check_meld
from scorepad.rules.limits import MAX_ROUNDS
from scorepad.web.taken import last_change, saved_round
from scorepad.words.cards import card_face as shown_card
from scorepad.words.problems import problem_shown

# Problems that only say a part is still missing while some are.
_WAITING = {"CLOSER_MISSING", "UNKNOWN_PLAYER"}


HISTORY_SHOWN = 30
"""The newest changes the game page shows (newest first); the game file holds them all.
A game's history grows to MAX_CHANGES, and every poll after a change sends the board."""


def board_context(game: Game) -> dict[str, Any]:
    """What the live part of the game page shows (``games/_board.html``)."""
    from scorepad.game.money import money, settle_game
    from scorepad.sheets.chart import totals_chart

    board = scoreboard(game)
    changes = newest_changes(game, HISTORY_SHOWN)
    count = change_count(game)
    return {"game": game, "board": board, "chart": totals_chart(board),
            "restorable": restorable(game), "settlement": settle_game(board), "money": money,
            "changes": changes, "older_changes": (count or 0) - len(changes),
            "max_rounds": MAX_ROUNDS}


def draft_stamp(key: str) -> str | None:
    """The version of a game and of its round draft in one word: it changes with any round
    saved, corrected or deleted and with any part added or changed."""
    versions = game_and_draft_versions(key)
    return None if versions is None else "-".join(str(v) for v in versions)


def draft_parts(game: Game, number: int) -> dict[str, DraftPart]:
    """The parts of round ``number`` there are, by player."""
    return {row.player: row for row in parts_of_round(game, number)}


def round_checks(game: Game, number: int, names: list[str],
                 parts: dict[str, DraftPart]) -> dict[str, Any]:
    """The whole-round checks on the parts there are: ``missing`` players, ``problems``
    (those that only wait for a missing part left out) and, with every part in and the
    round valid, the engine's ``answer``."""
    missing = [n for n in names if n not in parts]
    entry, placing = combine({n: row.part for n, row in parts.items()}, names,
                             rules_of(game, number))
    result: dict[str, Any] = {"missing": missing, "problems": [], "answer": None,
                              "entry": entry}
    if not entry:
        return result
    scored = score_entry(game, number, entry)
    if scored.error is not None:
        result["problems"] = placing + [problem_shown(scored.error)]
        return result
    problems = placing + [problem_shown(p) for p in scored.problems
                          if not (missing and p.code in _WAITING)]
    result["problems"] = problems
    if not missing and scored.valid and not placing:
        result["answer"] = scored
    return result


def status_context(game: Game, shown: int | None = None) -> dict[str, Any]:
    """What the live status of the draft shows: parts, missing players, checks; and, when
    the page shows round ``shown`` and that round is saved meanwhile, the saved round
    (``saved``, with its ``change``) instead, so that no phone keeps a stale draft."""
    board = scoreboard(game)
    number = board.next_number
    stamp = draft_stamp(game.key)
    saved = saved_round(game, shown) if shown is not None and shown < number else None
    if saved is not None:
        return {"game": game, "board": board, "number": saved.number, "parts": {},
                "checks": {"missing": [], "problems": [], "answer": None, "entry": []},
                "stamp": stamp, "saved": saved, "change": last_change(game, saved.number),
                "write_id": ""}
    parts = draft_parts(game, number)
    return {"game": game, "board": board, "number": number, "parts": parts,
            "checks": round_checks(game, number, board.playing, parts),
            "stamp": stamp, "saved": None, "change": None,
            # Every phone that sees this draft saves it under the same write id: two phones
            # saving the same draft save it once, and the second is told so.
            "write_id": f"together-{number}-{stamp}"}


ONTO = "onto"
"""A part's own lay-offs onto other players' melds (not an engine field: :func:`combine`
puts them into the owner's melds before the round is checked or saved)."""


def _fits(cards: list[Any], rules: Rules) -> bool:
    codes = [c["card"] if isinstance(c, dict) else c for c in cards]
    return check_meld([Card.parse(c) for c in codes], rules).legal


def combine(parts: dict[str, dict[str, Any]], names: list[str],
            rules: Rules) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The round's entry from the parts there are, in seat order, with every player's own
    lay-offs put into the owner's meld they fit (the meld named, else the first that stays
    legal, at its end or its start); and what could not be placed, as problems."""
    entry = {n: {k: copy.deepcopy(v) for k, v in parts[n].items() if k != ONTO}
             for n in names if n in parts}
    problems: list[dict[str, Any]] = []
    for layer in [n for n in names if n in parts]:
        for lay in parts[layer].get(ONTO, []):
            owner, cards = lay["owner"], list(lay["cards"])
            shown = " ".join(shown_card(Card.parse(c)) for c in cards)
            target = entry.get(owner)
            if target is None:
                problems.append({"code": "LAYOFF_WAITS", "player": layer, "message": _(
                    "The lay-off %(cards)s waits for the part of %(owner)s.",
                    cards=shown, owner=owner)})
                continue
            melds = target.get("melds")
            if not melds:
                problems.append({"code": "LAYOFF_NO_MELD", "player": layer, "message": _(
                    "%(owner)s has no meld entered by cards for the lay-off %(cards)s: "
                    "%(owner)s enters their melds by cards, or both by numbers.",
                    owner=owner, cards=shown)})
                continue
            chosen = [lay["meld"] - 1] if lay.get("meld") else list(range(len(melds)))
            laid = [{"card": c, "by": layer} for c in cards]
            placed = False
            for k in [k for k in chosen if 0 <= k < len(melds)]:
                there = sorted(c["card"] for c in melds[k]
                               if isinstance(c, dict) and c.get("by") == layer)
                if there == sorted(cards):
                    placed = True  # the owner entered these cards of the layer already
                    break
                for candidate in (melds[k] + laid, laid + melds[k]):
                    if _fits(candidate, rules):
                        melds[k], placed = candidate, True
                        break
                if placed:
                    break
            if not placed:
                problems.append({"code": "LAYOFF_FITS_NOTHING", "player": layer, "message": _(
                    "The lay-off %(cards)s fits no meld of %(owner)s.", cards=shown,
                    owner=owner)})
    return [entry[n] for n in names if n in entry], problems
