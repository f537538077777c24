"""Every input rule, in one place: numbers, keys, currency, house rules, JSON (names:
:mod:`scorepad.game.names`).

Forms (:mod:`scorepad.web.forms`), the API, the files (:mod:`scorepad.game.files`,
:mod:`scorepad.game.profile_files`), the blank score sheet and the service all ask the
functions here; a rule's limit is a name here or in :mod:`scorepad.rules.limits`, never a
number written twice. A refusal is :class:`scorepad.game.errors.InvalidRequest` (``rule``
says which part of the rule refused, for a door that words it its own way).

The rules of a field of points (a number or a sum as a phone types it, its bounds) are
:mod:`scorepad.game.points`, here by name too; the scoreboard asks them there.

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

from flask_babel import lazy_gettext as _l

from scorepad.game.errors import InvalidRequest
from scorepad.game.points import LARGEST as LARGEST
from scorepad.game.points import NEGATIVE as NEGATIVE
from scorepad.game.points import NOT_A_NUMBER as NOT_A_NUMBER
from scorepad.game.points import OVER_PACK as OVER_PACK
from scorepad.game.points import SUM_PATTERN as SUM_PATTERN
from scorepad.game.points import TOO_LARGE as TOO_LARGE
from scorepad.game.points import points_rules as points_rules
from scorepad.game.points import read_number as read_number
from scorepad.game.points import typed_points_rules as typed_points_rules
from scorepad.game.points import whole_sum as whole_sum
from scorepad.rules import InvalidHouseRuleError, UnknownVariantError, Variant, find_variant
from scorepad.rules.limits import MAX_NUMBER

# Far more than any request or file of Scorepad nests (a game file: 6 levels).
MAX_DEPTH = 32
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


def arg(source: Any, name: str, minimum: int = -LARGEST, maximum: int = LARGEST,
        default: int | None = None) -> int | None:
    """:func:`whole` of the first value of ``name`` in a request's form or query
    (``request.form``, ``request.args``, ``request.values``); ``default`` when absent."""
    return whole(source.get(name), minimum, maximum, default)


class JSONRefused(ValueError):
    """Not a JSON document Scorepad reads: not JSON, nested too deep or a broken string."""


def integral(text: str) -> int | float:
    """A JSON number with a fraction or exponent, as :func:`load_json` reads it with
    ``parse_float=integral``: a whole number (``1.0``, ``2e1``) is that integer, as JSON
    Schema counts it, the API's description says and a table means it.

    >>> integral("1.0"), integral("2e1"), integral("1.5"), integral("1e400")
    (1, 20, 1.5, inf)
    """
    number = float(text)
    return int(number) if number.is_integer() else number


def load_json(text: str | bytes,
              object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
              parse_constant: Callable[[str], Any] | None = None,
              parse_float: Callable[[str], Any] | None = None) -> Any:
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
                           parse_constant=parse_constant, parse_float=parse_float)
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


# -- limits --------------------------------------------------------------------

MAX_CENTS = MAX_NUMBER
"""The largest stake, in cents."""

# -- keys ----------------------------------------------------------------------

KEY = r"[A-Za-z0-9_-]{16,43}"
"""A game's, evening's or profile's key as it stands in an address (``secrets.token_urlsafe``)."""
KEY_PATTERN = re.compile(KEY)


def is_key(value: Any) -> bool:
    """Whether ``value`` has the shape of a key (it may still name nothing).

    >>> is_key("k" * 22), is_key("short"), is_key("x" * 21 + "/"), is_key(None)
    (True, False, False, False)
    """
    return isinstance(value, str) and KEY_PATTERN.fullmatch(value) is not None


WRITE_ID = re.compile(r"[\x21-\x7e]{1,64}")


def check_write_id(value: Any) -> str | None:
    """A form's write id (or an ``Idempotency-Key``): 1 to 64 printable ASCII characters,
    or None for a write without one; raises :class:`InvalidRequest` otherwise.

    >>> check_write_id("k3Y-9"), check_write_id(None)
    ('k3Y-9', None)
    """
    if value is None:
        return None
    if not isinstance(value, str) or not WRITE_ID.fullmatch(value):
        raise InvalidRequest(_l("A write id is 1 to 64 printable characters without spaces."),
                             field="write_id")
    return value




# -- variants and house rules ----------------------------------------------------

def check_variant(variant_id: Any) -> Variant:
    """The variant ``variant_id`` names; raises :class:`InvalidRequest` (``UNKNOWN_VARIANT``)."""
    try:
        return find_variant(variant_id)
    except (UnknownVariantError, TypeError):
        raise InvalidRequest(_l("Unknown variant."), field="variant",
                             code="UNKNOWN_VARIANT") from None


def check_house_rules(variant: Variant, house_rules: Any) -> dict[str, Any]:
    """Only the switches that differ from the variant's defaults; raises on a bad switch
    (``rule``: ``unknown`` for a switch the variant does not have, else ``value``)."""
    if not isinstance(house_rules, dict):
        raise InvalidRequest(_l("The house rules must be an object of switches."),
                             field="house_rules", code="INVALID_HOUSE_RULE")
    try:
        changed = variant.changed(variant.house_rules(house_rules))
    except InvalidHouseRuleError as e:
        raise InvalidRequest(str(e), field=f"house_rules.{e.key}" if e.key else "house_rules",
                             code="INVALID_HOUSE_RULE", key=e.key,
                             rule="unknown" if e.key and not variant.has_switch(e.key)
                             else "value") from None
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in changed.items()}


# -- how a game is counted and played for ------------------------------------------

COUNTINGS = ("separate", "net")


def check_counting(counting: Any) -> str:
    """How a game's rounds by numbers are counted: ``separate`` or ``net``."""
    if counting not in COUNTINGS:
        raise InvalidRequest(_l("Count either \"separate\" or \"net\"."), field="counting")
    return str(counting)


STAKE_MODES = ("pot", "per_point", "to_winner")
_CURRENCY = re.compile(r"[A-Z]{3}")


def check_currency(code: Any) -> str:
    """An ISO 4217 currency code Babel knows (``EUR``); raises :class:`InvalidRequest`.

    >>> check_currency(" chf ")
    'CHF'
    """
    from babel.numbers import list_currencies

    text = code.strip().upper() if isinstance(code, str) else ""
    if not _CURRENCY.fullmatch(text) or text not in list_currencies():
        raise InvalidRequest(_l("Enter a currency code like EUR or CHF."), field="currency")
    return text


def stake_in_range(cents: Any) -> bool:
    """Whether ``cents`` is a stake: a whole number from 0 to :data:`MAX_CENTS`.

    >>> stake_in_range(50), stake_in_range(-1), stake_in_range(True), stake_in_range(100_001)
    (True, False, False, False)
    """
    return isinstance(cents, int) and not isinstance(cents, bool) and 0 <= cents <= MAX_CENTS


def check_stakes(mode: Any, cents: Any) -> tuple[str | None, int | None]:
    """Stakes as stored: ``(None, None)`` for a game not played for money."""
    if mode in (None, ""):
        return None, None
    if mode not in STAKE_MODES:
        raise InvalidRequest(_l("Choose pot, per point or to the winner."), field="stakes_mode")
    if not stake_in_range(cents):
        raise InvalidRequest(_l("The stake is a whole number of cents from 0 to %(n)d.",
                                n=MAX_CENTS), field="stakes_cents")
    return mode, cents
