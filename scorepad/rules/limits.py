"""Bounds on what the engine accepts: numbers, player names, and how a value is quoted.

A request comes from a phone, a script or a file, so every number and name in
it is checked against the bounds here before the rules see it. The house-rule
switches carry their own ranges (:data:`scorepad.rules.switches.SWITCHES`);
every other number (points, totals, stakes) lies within :data:`MAX_NUMBER`.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any, TypeGuard

__all__ = ["MAX_CHANGES", "MAX_NAME_LENGTH", "MAX_NUMBER", "MAX_PLAYED_ROUNDS",
           "MAX_ROUNDS", "brief", "is_whole", "name_error"]

MAX_NUMBER = 100_000
"""The largest number, in absolute value, of any points, total, stake or house rule."""

MAX_ROUNDS = 100
"""The most rounds one game holds, play-offs included.

The longest real games are far shorter: 3-13 has 11 rounds, Jolly to 500 and Rami to
1000 take some 10 to 40; the ``rounds`` house rule allows at most
:data:`MAX_PLAYED_ROUNDS`, which leaves 20 rounds for play-offs. The bound keeps a game's
page, score sheet and file small enough to show, print and import back (the detail score
sheet of 200 rounds by cards took 19 to 40 s on 2 busy cores; the goal is 10 s).
"""

MAX_PLAYED_ROUNDS = 80
"""The largest value of the ``rounds`` house rule: :data:`MAX_ROUNDS` less 20 play-off rounds."""

MAX_CHANGES = 5 * MAX_ROUNDS
"""The longest history of one game: every round added, corrected, deleted and restored
counts once, so a game at :data:`MAX_ROUNDS` still has room for 400 corrections."""

MAX_NAME_LENGTH = 40
"""The longest player name, in characters (the web app stores 40)."""

# Bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069) turn the text
# after them around: a name could make a score line read differently from what it says.
_BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
# Control characters, line and paragraph separators, lone surrogates (not text at all).
_REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})


def is_whole(value: object) -> TypeGuard[int]:
    """A whole number, and not a bool (Python's ``True`` is the int 1).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def name_error(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None`` when it can.

    A name is text of 1 to :data:`MAX_NAME_LENGTH` characters, not only
    spaces, without control characters or bidi overrides.

    >>> name_error("Anna") is None
    True
    >>> name_error("A" * 41)
    'a name has at most 40 characters'
    >>> name_error("Ben\\u202e")
    'a name may not hold control characters or bidi overrides'
    """
    if not isinstance(name, str):
        return "a name is text"
    if not name.strip():
        return "a name may not be empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name has at most {MAX_NAME_LENGTH} characters"
    if any(c in _BIDI_CONTROLS or unicodedata.category(c) in _REFUSED_CATEGORIES for c in name):
        return "a name may not hold control characters or bidi overrides"
    return None


def brief(value: Any, width: int = 40) -> str:
    """``value`` quoted for a message, cut to ``width`` characters; never raises.

    Whatever came in (a 5000-digit number, a list nested a hundred thousand
    deep) is quoted without converting it whole.

    >>> brief("Qh"), brief([1, [2]]), brief(10 ** 5000)
    ('"Qh"', '[1, [2]]', 'a number too long to show')
    """
    if is_whole(value) and abs(value) >= 10 ** width:
        return "a number too long to show"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= width else text[: width - 1] + "…"
