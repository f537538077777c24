"""The rules of a name: a player's, a game's, a house-rule profile's.

A name is what a table reads on every page and sheet, so it must show what it says: no
control or text-direction characters (a name holding them can make a score sheet lie), not
only characters that show nothing, at most :data:`MAX_NAME` characters; two names a table
cannot tell apart (``Anna`` and ``ANNA``, a Cyrillic ``А``) are the same name
(:func:`same_name_key`). A refusal is :class:`scorepad.game.errors.InvalidRequest`, as in
:mod:`scorepad.game.checks`.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from flask_babel import lazy_gettext as _l

from scorepad.game.errors import InvalidRequest
from scorepad.rules import Variant
from scorepad.rules.limits import MAX_NAME_LENGTH

MAX_NAME = MAX_NAME_LENGTH
"""The longest player name (the engine's bound, stored in 40 characters)."""
MAX_GAME_NAME = 60
"""The longest name of a game or of a house-rule profile."""
MAX_PROFILE_NAME = MAX_GAME_NAME

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
