"""Cards typed into a text field of the round form.

Every notation of the engine is accepted (``♥10 B♥ D♥``, ``10h-Jh-Qh``, ``JK``);
a card that another player laid off onto the meld carries that player's name
after an ``@``: ``6c 7c 8c 9c@Ben``. The card picker writes the same text.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l

from scorepad.rules import Card, InvalidCardError, parse_card

# A card token stops at a separator; a name after "@" may hold hyphens (Anna-Lena).
_TOKEN = re.compile(r"(?P<card>[^\s,;@\-–—]+)(?:@(?P<by>[^\s,;]+))?|(?P<stray>@[^\s,;]*)")


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


def parse_typed(text: str, names: list[str], *, allow_by: bool = True) -> list[Typed]:
    """Read a text field; ``@Name`` must name a player (case ignored; a name with spaces
    as it is, or with ``_`` for the spaces).

    >>> [t.token() for t in parse_typed("♥10 B♥ D♥@ben 9c@anna lena", ["Anna Lena", "Ben"])]
    ['10h', 'Jh', 'Qh@Ben', '9c@Anna Lena']
    """
    by_key = {_name_token(n).casefold(): n for n in names}
    out: list[Typed] = []
    for position, m in enumerate(_TOKEN.finditer(_spaced_names(text or "", names)), 1):
        if m.group("stray"):
            raise CardTextError(_l("“%(token)s” (card %(n)d) needs a card before the @.",
                                   token=m.group("stray"), n=position), m.group("stray"), position)
        try:
            card = parse_card(m.group("card"), position)
        except InvalidCardError as e:
            raise CardTextError(_l("“%(token)s” (card %(n)d) is not a card. Write e.g. 7h, "
                                   "♥10, B♥ or JK.", token=e.token, n=position),
                                e.token, position) from None
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


def read_tokens(text: str) -> list[tuple[str, Card | None]]:
    """Every token of a text field as typed, with its card, or ``None`` where it is no card,
    so that a field with a slip still shows what was typed (the slip as text, marked).

    >>> [(t, c.code() if c else None) for t, c in read_tokens("7h X♥ JK")]
    [('7h', '7h'), ('X♥', None), ('JK', 'JK')]
    """
    out: list[tuple[str, Card | None]] = []
    for m in _TOKEN.finditer(text or ""):
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
