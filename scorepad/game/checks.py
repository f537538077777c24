"""Every input rule, in one place: names, numbers, keys, currency, house rules, JSON.

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
import unicodedata
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
from scorepad.rules.limits import MAX_NAME_LENGTH, MAX_NUMBER

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

MAX_NAME = MAX_NAME_LENGTH
"""The longest player name (the engine's bound, stored in 40 characters)."""
MAX_GAME_NAME = 60
"""The longest name of a game or of a house-rule profile."""
MAX_PROFILE_NAME = MAX_GAME_NAME
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


# -- names ---------------------------------------------------------------------

# Bidi embeddings, overrides and isolates: a name holding them can make a score sheet lie.
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# Characters that show nothing (zero-width spaces and joiners, soft hyphen, word joiner,
# fillers): two names differing only by them look the same at the table.
_INVISIBLE = set("\u00ad\u034f\u115f\u1160\u180e\u200b\u200c\u200d\u2060\u2061\u2062"
                 "\u2063\u2064\u3164\u2800\ufeff\uffa0")
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters that show
# nothing where a font does not know them, variation selectors (U+FE00-FE0F, U+E0100-E01EF)
# and tags (U+E0000-E007F) among them.
_DEFAULT_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
                      (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
                      (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
                      (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
                      (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
# The emoji and text presentation selectors: after a symbol (❤️, ☺︎) they choose how it is
# drawn, which a phone's emoji keyboard types; anywhere else they show nothing.
_PRESENTATION = "\ufe0e\ufe0f"


def ignorable(c: str) -> bool:
    """Whether the character ``c`` is default-ignorable: it shows nothing.

    >>> [ignorable(c) for c in ("\ufe0f", "\U000e0101", "\u200b", "\U000e0041", "A", "❤")]
    [True, True, True, True, False, False]
    """
    point = ord(c)
    return any(low <= point <= high for low, high in _DEFAULT_IGNORABLE)


def _without_ignorables(name: str) -> str:
    return "".join(c for c in name if not ignorable(c))


# Letters of other scripts drawn like Latin ones (Unicode's confusables, the Cyrillic and
# Greek capitals and small letters a table could type by mistake or on purpose).
_LOOKALIKE = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеіјорсхуѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοϲνɑ",
    "ABESIJKMHOPCTXYaeijopcxysdqwABEZHIKMNOPTYXocva")


def same_name_key(name: str) -> str:
    """What two names must differ in to be two players: compared without the characters
    that show nothing (:func:`ignorable`: "Eve" and "Eve" with U+FE0F are one), after
    Unicode normalisation (NFKC: the two spellings of "Zoë", full-width letters), case
    folding and mapping letters of other scripts that look Latin (Cyrillic "А") to them.

    >>> same_name_key("Zoe\u0308") == same_name_key("Zoë")
    True
    >>> same_name_key("\u0410nna") == same_name_key("ANNA") == same_name_key("Ａnna")
    True
    >>> same_name_key("A\ufe0fB") == same_name_key("AB"), same_name_key("❤\ufe0f") == same_name_key("❤")
    (True, True)
    """
    plain = unicodedata.normalize("NFKC", _without_ignorables(name)).translate(_LOOKALIKE)
    return plain.casefold().translate(_LOOKALIKE)


def clean_name(name: str) -> str:
    """A name as the table means it: inner runs of spaces made one, ends trimmed.

    >>> clean_name("  Anna   Lena ")
    'Anna Lena'
    """
    return " ".join(name.split())


def _turns_text(text: str) -> bool:
    """Whether ``text`` holds a control, private-use or text-direction character."""
    return any(unicodedata.category(c) in ("Cc", "Cs", "Co") or c in _BIDI for c in text)


def _name_rule(name: Any) -> tuple[str, Any] | None:
    """Which part of the name rule ``name`` breaks, and the table's words for it."""
    if not isinstance(name, str) or not name.strip():
        return "empty", _l("Enter a name.")
    if len(name) > MAX_NAME:
        return "too_long", _l("A name has at most %(n)d characters.", n=MAX_NAME)
    if _turns_text(name):
        return "control", _l("A name cannot hold control or text-direction characters.")
    if any(_shows_nothing(name, i) for i in range(len(name))):
        return "invisible", _l("A name cannot hold invisible characters.")
    return None


def _shows_nothing(name: str, i: int) -> bool:
    """Whether ``name[i]`` shows nothing there: a default-ignorable or other invisible
    character, but an emoji or text presentation selector right after a symbol."""
    c = name[i]
    if c in _PRESENTATION and i > 0 and unicodedata.category(name[i - 1]) == "So":
        return False
    return c in _INVISIBLE or unicodedata.category(c) == "Cf" or ignorable(c)


def name_problem(name: Any) -> Any | None:
    """Why ``name`` cannot be a player's name, or None when it can.

    >>> name_problem("Anna") is None
    True
    >>> str(name_problem("x" * 41))
    'A name has at most 40 characters.'
    >>> str(name_problem("\u202eAnna"))
    'A name cannot hold control or text-direction characters.'
    """
    broken = _name_rule(name)
    return None if broken is None else broken[1]


def players_problems(names: list[Any]) -> list[tuple[int, str, Any]]:
    """Every problem of the player names, in seat order: ``(seat, rule, message)``, where
    ``rule`` is the part of :func:`name_problem` a name breaks (``empty``, ``too_long``,
    ``control``, ``invisible``) or ``twice`` (two names a table cannot tell apart,
    :func:`same_name_key`).

    >>> [(i, rule) for i, rule, _ in players_problems(["Anna", "ANNA", "B\u202e", "x" * 41])]
    [(1, 'twice'), (2, 'control'), (3, 'too_long')]
    >>> [(i, rule) for i, rule, _ in players_problems(["Eve", "Eve\ufe0f", "A\ufe0fB", "Jo ❤\ufe0f"])]
    [(1, 'invisible'), (2, 'invisible')]
    >>> [(i, rule) for i, rule, _ in players_problems(["Jo ❤", "jo ❤\ufe0f", "Max\U000e0100"])]
    [(1, 'twice'), (2, 'invisible')]
    """
    out: list[tuple[int, str, Any]] = []
    seen: set[str] = set()
    for i, raw in enumerate(names):
        broken = _name_rule(raw)
        if broken is not None:
            out.append((i, *broken))
            continue
        key = same_name_key(clean_name(raw))
        if key in seen:
            out.append((i, "twice", _l("Two players cannot have the same name.")))
        seen.add(key)
    return out


def check_players(names: Any, variant: Variant) -> list[str]:
    """The player names in seat order, cleaned (:func:`clean_name`); raises
    :class:`InvalidRequest` (``rule``: ``list``, ``count`` or one of
    :func:`players_problems`)."""
    if not isinstance(names, list):
        raise InvalidRequest(_l("The players must be a list of names."), field="players",
                             rule="list")
    if not variant.min_players <= len(names) <= variant.max_players:
        raise InvalidRequest(_l("This variant is played by %(least)d to %(most)d players.",
                                least=variant.min_players, most=variant.max_players),
                             field="players", rule="count")
    for i, rule, problem in players_problems(names)[:1]:
        raise InvalidRequest(problem, field=f"players[{i}]", rule=rule)
    return [clean_name(n) for n in names]


def check_first_dealer(seat: Any, players: int) -> int:
    """The seat of the first dealer among ``players``; raises :class:`InvalidRequest`.

    >>> check_first_dealer(2, 3)
    2
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise InvalidRequest(_l("The first dealer must be a seat from 0 to %(n)d.",
                                n=players - 1), field="first_dealer")
    return seat


def game_name_problem(name: Any) -> Any | None:
    """Why ``name`` cannot name a game, or None when it can (empty: no name).

    >>> game_name_problem("Friday at Anna's") is None
    True
    >>> print(game_name_problem("x" * 61))
    A game's name has at most 60 characters.
    """
    if not isinstance(name, str):
        return _l("Enter a name.")
    if len(name) > MAX_GAME_NAME:
        return _l("A game's name has at most %(n)d characters.", n=MAX_GAME_NAME)
    if _turns_text(name):
        return _l("A name cannot hold control or text-direction characters.")
    return None


def check_profile_name(name: Any) -> str:
    """A profile's name, trimmed; raises :class:`InvalidRequest`.

    >>> check_profile_name("  Oma's   rules ")
    "Oma's rules"
    """
    if not isinstance(name, str) or not name.strip():
        raise InvalidRequest(_l("Give the house rules a name."), field="name")
    if len(name) > MAX_PROFILE_NAME:
        raise InvalidRequest(_l("A name has at most %(n)d characters.", n=MAX_PROFILE_NAME),
                             field="name")
    if _turns_text(name):
        raise InvalidRequest(_l("A name cannot hold control or text-direction characters."),
                             field="name")
    return clean_name(name)


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
