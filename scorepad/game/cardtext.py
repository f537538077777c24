"""Cards typed into a text field of the round form.

Every notation of the engine is accepted (``♥10 B♥ D♥``, ``10h-Jh-Qh``, ``JK``).

A lay-off is written one way on every page (docs/decisions.md, "One lay-off
notation"): the player who lays off writes whose meld it goes onto, a colon,
and the cards: ``Anna: 9c``, ``Anna 2: 9c 10c`` for Anna's second meld
(:func:`layoff_line`). Where nobody has a name (the referee) the meld's cards
stand before the colon. The older spelling inside the owner's meld, the layer's
name after an ``@`` (``6c 7c 8c 9c@Ben``), is still read there.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l

from scorepad.game.checks import whole
from scorepad.rules import Card, InvalidCardError, parse_card

# A card token stops at a separator; a name after "@" may hold hyphens (Anna-Lena).
_CARD, _BY = r"[^\s,;@\-–—]+", r"[^\s,;]+"
_TOKEN = re.compile(rf"(?P<card>{_CARD})(?:@(?P<by>{_BY}))?|(?P<stray>@[^\s,;]*)")
TOKEN_PATTERN = rf"{_CARD}(?:@{_BY})?"
"""A card as typed, with who laid it off (``9c@Ben``), for the card picker's script: the
page writes it (``data-tokens``), so that the script keeps no copy of the tokenizer."""


@dataclass(frozen=True, slots=True)
class Typed:
    """One card of a text field, with who laid it off (``None``: the owner)."""

    card: Card
    by: str | None = None

    def token(self) -> str:
        return self.card.code() + (f"@{self.by}" if self.by else "")

    def entry(self) -> str | dict[str, str]:
        """The engine's card entry."""
        return {"card": self.card.code(), "by": self.by} if self.by else self.card.code()


class CardTextError(ValueError):
    """A token that is no card, or a name that is nobody at the table.

    The message is in the language of the page (the engine's own stays English).
    """

    def __init__(self, message: Any, token: str, position: int) -> None:
        self.token = token
        self.position = position
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.message)


def _name_token(name: str) -> str:
    return name.replace(" ", "_")


def _spaced_names(text: str, names: list[str]) -> str:
    """``text`` with every ``@Name With Spaces`` written as one token (``@Name_With_Spaces``),
    so that a table types names as they are; the longest name that fits wins.

    >>> _spaced_names("9c@anna lena 10c@Anna", ["Anna", "Anna Lena"])
    '9c@Anna_Lena 10c@Anna'
    """
    for name in sorted((n for n in names if len(n.split()) > 1), key=len, reverse=True):
        pattern = "@" + r"\s+".join(map(re.escape, name.split())) + r"(?=[\s,;]|$)"
        text = re.sub(pattern, "@" + _name_token(name), text, flags=re.IGNORECASE)
    return text


@dataclass(frozen=True, slots=True)
class LayOffLine:
    """A lay-off as typed: whose meld (and which, counted from 1), and the cards' text."""

    owner: str
    meld: int | None
    cards: str


MAX_MELD_NUMBER = 20


def layoff_owner(head: str, names: list[str]) -> tuple[str | None, int | None]:
    """The player (and meld number, if given) a lay-off names before its colon:
    ``Anna``, ``anna lena``, ``Anna 2`` (case and spaces as typed).

    >>> layoff_owner("anna lena 2", ["Anna Lena", "Ben"]), layoff_owner("Jo", ["Ben"])
    (('Anna Lena', 2), (None, None))
    """
    by_key = {" ".join(n.split()).casefold(): n for n in names}
    key = " ".join(head.split()).casefold()
    if key in by_key:
        return by_key[key], None
    rest, _sep, number = key.rpartition(" ")
    meld = whole(number, 1, MAX_MELD_NUMBER)
    if meld is not None and rest in by_key:
        return by_key[rest], meld
    return None, None


def layoff_line(line: str, names: list[str]) -> LayOffLine | None:
    """``line`` read as a lay-off, when a player's name (and a meld number) stands before
    its colon; else ``None`` (a meld, or a slip the card reader names).

    >>> layoff_line("Jürgen 2: 4s", ["Anna", "Jürgen"])
    LayOffLine(owner='Jürgen', meld=2, cards=' 4s')
    >>> layoff_line("7h 8h 9h", ["Anna"]) is None
    True
    """
    head, colon, cards = line.partition(":")
    if not colon:
        return None
    owner, meld = layoff_owner(head, names)
    return LayOffLine(owner, meld, cards) if owner is not None else None


def _not_cards(wrong: list[tuple[str, int]]) -> CardTextError:
    """Every token of a field that is no card, named with its place (the first one's token
    and place travel with the error)."""
    named = ", ".join(str(_l("“%(token)s” (card %(n)d)", token=t, n=n)) for t, n in wrong)
    if len(wrong) == 1:
        message = _l("%(cards)s is not a card. Write e.g. 7h, ♥10, Q♥ or JK.", cards=named)
    else:
        message = _l("%(cards)s are not cards. Write e.g. 7h, ♥10, Q♥ or JK.", cards=named)
    return CardTextError(message, wrong[0][0], wrong[0][1])


def parse_typed(text: str, names: list[str], *, allow_by: bool = True) -> list[Typed]:
    """Read a text field; ``@Name`` must name a player (case ignored; a name with spaces
    as it is, or with ``_`` for the spaces). Every token that is no card is named.

    >>> [t.token() for t in parse_typed("♥10 B♥ D♥@ben 9c@anna lena", ["Anna Lena", "Ben"])]
    ['10h', 'Jh', 'Qh@Ben', '9c@Anna Lena']
    >>> parse_typed("Bk 7h 7x Kreuz9", []) # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorepad.game.cardtext.CardTextError: “Bk” (card 1), “7x” (card 3), “Kreuz9” (card 4) are ...
    """
    wrong = [(t, n) for n, (t, card) in enumerate(read_tokens(text, names), 1)
             if card is None and not t.startswith("@")]
    if wrong:
        raise _not_cards(wrong)
    by_key = {_name_token(n).casefold(): n for n in names}
    out: list[Typed] = []
    for position, m in enumerate(_TOKEN.finditer(_spaced_names(text or "", names)), 1):
        if m.group("stray"):
            raise CardTextError(_l("“%(token)s” (card %(n)d) needs a card before the @.",
                                   token=m.group("stray"), n=position), m.group("stray"), position)
        card = parse_card(m.group("card"), position)
        by = m.group("by")
        if by is not None:
            if not allow_by:
                raise CardTextError(_l("“%(token)s”: a hand holds no laid-off cards.",
                                       token=m.group(0)), m.group(0), position)
            name = by_key.get(by.casefold())
            if name is None:
                raise CardTextError(_l("“%(name)s” (card %(n)d) is nobody at this table.",
                                       name=by, n=position), by, position)
            by = name
        out.append(Typed(card, by))
    return out


def typed_text(entries: list[Any]) -> str:
    """The text of a stored meld or hand (engine card entries), for the form.

    >>> typed_text(["6c", {"card": "9c", "by": "Anna Lena"}])
    '6c 9c@Anna Lena'
    """
    parts = []
    for e in entries:
        if isinstance(e, dict):
            parts.append(Typed(parse_card(e["card"]), e.get("by")).token())
        else:
            parts.append(parse_card(e).code())
    return " ".join(parts)


def read_tokens(text: str, names: list[str] | None = None) -> list[tuple[str, Card | None]]:
    """Every token of a text field as typed, with its card, or ``None`` where it is no card,
    so that a field with a slip still shows what was typed (the slip as text, marked).

    >>> [(t, c.code() if c else None) for t, c in read_tokens("7h X♥ JK")]
    [('7h', '7h'), ('X♥', None), ('JK', 'JK')]
    """
    out: list[tuple[str, Card | None]] = []
    for m in _TOKEN.finditer(_spaced_names(text or "", names or [])):
        token = m.group(0)
        if m.group("stray"):
            out.append((token, None))
            continue
        try:
            out.append((token, parse_card(m.group("card"))))
        except InvalidCardError:
            out.append((token, None))
    return out


def run_order(codes: list[str]) -> list[str]:
    """The cards of a run (jokers already read as the cards they stand for) in the order
    they lie on the table, low to high; an ace goes high after a king, and a run round the
    corner (where the house allows it) starts after its gap.

    >>> run_order(["5d", "6d", "4d"])
    ['4d', '5d', '6d']
    >>> run_order(["Ad", "Qd", "Kd"])
    ['Qd', 'Kd', 'Ad']
    >>> run_order(["2s", "Ks", "As"])
    ['Ks', 'As', '2s']
    """
    cards = [(parse_card(c), c) for c in codes]
    if any(card.rank is None for card, _ in cards):
        return list(codes)
    n = len(cards)
    wanted = Counter(int(card.rank) for card, _ in cards if card.rank is not None)
    # The first window of run positions (1 = low ace .. 14 = high ace, then round the
    # corner) that holds exactly these ranks.
    for start in range(1, 14):
        ranks = [(p - 1) % 13 + 1 for p in range(start, start + n)]
        if Counter(ranks) != wanted:
            continue
        left = list(cards)
        ordered = []
        for rank in ranks:
            k = next(i for i, (card, _) in enumerate(left) if int(card.rank or 0) == rank)
            ordered.append(left.pop(k)[1])
        return ordered
    return list(codes)
