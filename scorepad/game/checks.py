"""Reading what a request holds, in one place: whole numbers and JSON.

Every number a page or the API reads from a request goes through :func:`whole`: ASCII
digits only (``"²"``, ``"⑤"`` and ``"٣"`` are digits to Python's ``isdigit`` or ``int``,
not to a table) and a range checked before the database sees the number (PostgreSQL's
``integer`` ends at 2,147,483,647). Every JSON document a request brings (an API body,
house rules in a form or an address, an imported file) goes through :func:`load_json`:
nested at most :data:`MAX_DEPTH` deep and every string valid Unicode (a lone surrogate
such as ``"\\ud800"`` cannot be written as UTF-8, so it would break every later export).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

# Far more than any request or file of Scorepad nests (a game file: 6 levels).
MAX_DEPTH = 32
# The largest number any field takes is 100,000 (points, totals, cents); a round or
# version number is smaller still. Well inside PostgreSQL's 32-bit integer.
LARGEST = 1_000_000_000
_WHOLE = re.compile(r"[+-]?[0-9]{1,10}")


def whole(text: Any, minimum: int = -LARGEST, maximum: int = LARGEST,
          default: int | None = None) -> int | None:
    """The whole number ``text`` spells in ASCII digits (an optional sign, spaces around),
    if it lies from ``minimum`` to ``maximum``; else ``default``.

    >>> whole("12"), whole(" -3 "), whole("+7")
    (12, -3, 7)
    >>> whole("²"), whole("⑤"), whole("٣"), whole("1_000"), whole("1e3"), whole(None)
    (None, None, None, None, None, None)
    >>> whole("99999999999999999999"), whole("12", 1, 11), whole("x", default=0)
    (None, None, 0)
    """
    if not isinstance(text, str):
        return default
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        return default
    number = int(text)
    return number if minimum <= number <= maximum else default


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


def arg(source: Any, name: str, minimum: int = -LARGEST, maximum: int = LARGEST,
        default: int | None = None) -> int | None:
    """:func:`whole` of the first value of ``name`` in a request's form or query
    (``request.form``, ``request.args``, ``request.values``); ``default`` when absent."""
    return whole(source.get(name), minimum, maximum, default)


class JSONRefused(ValueError):
    """Not a JSON document Scorepad reads: not JSON, nested too deep or a broken string."""


def load_json(text: str | bytes,
              object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
              parse_constant: Callable[[str], Any] | None = None) -> Any:
    """``json.loads`` that refuses (:class:`JSONRefused`) documents nested deeper than
    :data:`MAX_DEPTH` and strings (keys too) holding lone surrogates.

    >>> load_json('{"a": [1, "x"]}')
    {'a': [1, 'x']}
    >>> load_json("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    scorepad.game.checks.JSONRefused: nested more than 32 deep
    >>> load_json('["\\\\ud800"]')
    Traceback (most recent call last):
    ...
    scorepad.game.checks.JSONRefused: a string holds a lone surrogate
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JSONRefused("not UTF-8") from None
    try:
        value = json.loads(text, object_pairs_hook=object_pairs_hook,
                           parse_constant=parse_constant)
    except RecursionError:
        raise JSONRefused(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError as e:
        if type(e) not in (ValueError, json.JSONDecodeError):
            raise  # a hook's own refusal (an import's GameFileError) says more
        # Not JSON, or an integer of more than 4,300 digits (Python will not read one).
        raise JSONRefused(f"not JSON: {e}") from None
    check_value(value)
    return value


def check_value(value: Any) -> None:
    """Raise :class:`JSONRefused` if ``value`` (a JSON value) nests deeper than
    :data:`MAX_DEPTH` or holds a string that is not valid Unicode. Walks without
    recursion, so no depth can make it fail otherwise."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not valid_text(item):
                raise JSONRefused("a string holds a lone surrogate")
        elif isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                raise JSONRefused(f"nested more than {MAX_DEPTH} deep")
            if isinstance(item, dict):
                stack.extend((k, depth) for k in item)
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)


def valid_text(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogates).

    >>> valid_text("Zoë ♥"), valid_text("a\\ud800")
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
