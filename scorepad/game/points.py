"""The rules of a field of points, in one place: a whole number or a sum as a phone types
it (:func:`read_number`), and every bound it must keep (:func:`points_rules`).

The round form, a part entered together and the scoreboard (which holds the API and an
import to the same bounds) all ask these; the page's scripts read the sum's pattern from
the page (:data:`SUM_PATTERN`, written by the templates). :mod:`scorepad.game.checks`
names them too, beside every other input rule; they live apart because the scoreboard,
which :mod:`scorepad.game.errors` knows of, cannot import the checks back.
"""

from __future__ import annotations

import re
from typing import Any

from scorepad.rules.limits import MAX_NUMBER

# The largest number any field takes is 100,000 (points, totals, cents); a round or
# version number is smaller still. Well inside PostgreSQL's 32-bit integer.
LARGEST = 1_000_000_000

_SUM = re.compile(r"[+-]?[0-9]{1,7}(?:[+-][0-9]{1,7}){0,99}")
_TERM = re.compile(r"[+-]?[0-9]+")


def whole_sum(text: Any, minimum: int = -LARGEST, maximum: int = LARGEST,
              default: int | None = None) -> int | None:
    """The whole number ``text`` spells, or the sum it adds up card by card (``10+10+7+3``,
    ``45-10``), in ASCII digits and the signs ``+`` and ``-`` only (spaces around); if the
    total lies from ``minimum`` to ``maximum``; else ``default``. At most 100 terms of at most
    7 digits each, so no text makes the sum costly.

    >>> whole_sum("10+10+7+3"), whole_sum(" 12 "), whole_sum("-5+2"), whole_sum("+45-10")
    (30, 12, -3, 35)
    >>> whole_sum("10++3"), whole_sum("10+"), whole_sum("1*3"), whole_sum("5+²"), whole_sum("")
    (None, None, None, None, None)
    >>> whole_sum("60+50", maximum=100), whole_sum("+".join(["1"] * 101))
    (None, None)
    """
    if not isinstance(text, str):
        return default
    text = text.strip()
    if not _SUM.fullmatch(text):
        return default
    total = sum(int(term) for term in _TERM.findall(text))
    return total if minimum <= total <= maximum else default


def read_number(text: Any) -> int | None:
    """A whole number as a phone types it (``+45``, ``−23``, ``1 000``), or the sum of a hand
    counted card by card (``10 + 10 + 7 + 3``, ``45 − 10``): ASCII digits only
    (:func:`whole_sum`); None when empty or not a number.

    >>> read_number("+45"), read_number("\u221223"), read_number("1 000"), read_number("⑤")
    (45, -23, 1000, None)
    >>> read_number("10 + 10 + 7 + 3"), read_number("\u221210\u22125"), read_number("10+x")
    (30, -15, None)
    """
    if not isinstance(text, str):
        return None
    return whole_sum(text.strip().replace(" ", "").replace("\u2212", "-"))


SUM_PATTERN = _SUM.pattern
"""The sum a number field takes (:func:`whole_sum`), for the page's scripts: the templates
write it on the page (``data-sum-pattern``), so that no script keeps a copy."""

NOT_A_NUMBER, TOO_LARGE, NEGATIVE, OVER_PACK = ("NOT_A_NUMBER", "TOO_LARGE", "NEGATIVE",
                                                "OVER_PACK")
"""The rules of a field of points, in the order they are checked."""


def points_rules(value: Any, most: int | None = None, *, signed: bool = False) -> list[str]:
    """Every rule the points ``value`` of a round's field breaks, in order: past the
    engine's bound on every number (:data:`MAX_NUMBER`), below zero (unless ``signed``: a
    net number), more than ``most`` (the whole pack). Forms, a part entered together and
    the scoreboard (the API, an import) all ask this. A ``value`` that is no whole number
    breaks :data:`NOT_A_NUMBER`.

    >>> points_rules(25, 150), points_rules(-3, 150), points_rules(151, 150)
    ([], ['NEGATIVE'], ['OVER_PACK'])
    >>> points_rules(-200_000, signed=True), points_rules(True), points_rules(-4, signed=True)
    (['TOO_LARGE'], ['NOT_A_NUMBER'], [])
    """
    if isinstance(value, bool) or not isinstance(value, int):
        return [NOT_A_NUMBER]
    broken = []
    if abs(value) > MAX_NUMBER:
        broken.append(TOO_LARGE)
    if value < 0 and not signed:
        broken.append(NEGATIVE)
    if most is not None and value > most:
        broken.append(OVER_PACK)
    return broken


def typed_points_rules(text: Any, most: int | None = None, *,
                       signed: bool = False) -> list[str]:
    """:func:`points_rules` of a field as typed (:func:`read_number`); an empty field
    breaks none (whether it may be empty is the round's rule, not the field's).

    >>> typed_points_rules(" "), typed_points_rules("12+x"), typed_points_rules("5 + 7", 10)
    ([], ['NOT_A_NUMBER'], ['OVER_PACK'])
    """
    if not (text or "").strip():
        return []
    return points_rules(read_number(text), most, signed=signed)


