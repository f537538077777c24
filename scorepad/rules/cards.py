"""Cards: ranks, suits, the joker, and every notation a table writes them in.

The canonical form is rank + suit (``10h``, ``Qs``, ``Ad``) and ``JK`` for a
joker. :func:`parse_card` also reads suit symbols on either side, German ranks
(``B`` = Jack, ``D`` = Queen), ``p`` for Pik (spades), ``T`` for ten, any case and every joker spelling
of the adjudication contract. A lone ``J`` is always a Jack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any, Iterable

__all__ = [
    "Card",
    "InvalidCardError",
    "JOKER",
    "Rank",
    "Suit",
    "format_cards",
    "notation",
    "parse_card",
    "parse_cards",
]


class Suit(Enum):
    """A suit, by its canonical letter."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The printed symbol: ``♠ ♥ ♦ ♣``.

        >>> Suit.HEARTS.symbol
        '♥'
        """
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red.

        >>> Suit.DIAMONDS.is_red, Suit.CLUBS.is_red
        (True, False)
        """
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(IntEnum):
    """A rank; its value is its position in a run with the ace low."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        """The canonical rank text: ``A 2 … 10 J Q K``.

        >>> Rank.TEN.text, Rank.QUEEN.text
        ('10', 'Q')
        """
        return _RANK_TEXT[self]


_RANK_TEXT = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and a suit, or the joker (both ``None``).

    >>> Card.parse("♥10")
    Card('10h')
    >>> Card.parse("10h").code(), Card.parse("10h").display()
    ('10h', '10♥')
    >>> JOKER.code(), JOKER.is_joker
    ('JK', True)
    """

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (joker)")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in any accepted notation (see :func:`parse_card`)."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        """True for the printed joker."""
        return self.rank is None

    def code(self) -> str:
        """The canonical notation, used in every answer of the engine.

        >>> Card(Rank.ACE, Suit.DIAMONDS).code()
        'Ad'
        """
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.text + self.suit.value

    def display(self) -> str:
        """The notation for people: rank and suit symbol (``Q♥``), ``Joker``.

        >>> Card(Rank.QUEEN, Suit.HEARTS).display()
        'Q♥'
        """
        if self.rank is None or self.suit is None:
            return "Joker"
        return self.rank.text + self.suit.symbol

    def sort_key(self) -> tuple[int, int]:
        """Order for display: by suit, then rank; jokers last.

        >>> sorted(parse_cards("JK 3h As 2h"), key=Card.sort_key)
        [Card('As'), Card('2h'), Card('3h'), Card('JK')]
        """
        if self.rank is None or self.suit is None:
            return (9, 0)
        return (_SUIT_ORDER[self.suit], int(self.rank))

    def __str__(self) -> str:
        return self.code()

    def __repr__(self) -> str:
        return f"Card({self.code()!r})"


_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}

JOKER = Card(None, None)
"""The printed joker (Jolly)."""


class InvalidCardError(ValueError):
    """A token that is no card. ``token`` and ``position`` (1-based) name it."""

    def __init__(self, token: str, position: int = 1) -> None:
        self.token = token
        self.position = position
        super().__init__(f"{token!r} (card {position}) is not a card")


_SUITS_BY_CHAR = {
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES, "p": Suit.SPADES,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}
_RANKS_BY_TEXT = {r.text.lower(): r for r in Rank} | {
    "t": Rank.TEN,
    "b": Rank.JACK,
    "d": Rank.QUEEN,
}
_JOKER_WORDS = {"jk", "joker", "jolly", "★", "*", "🃏"}
# Variation selectors and the like that phones add after symbols.
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200c\u200d"), None)
_SEPARATORS = re.compile(r"[\s,;\-–—]+")


def notation() -> dict[str, Any]:
    """Every notation :func:`parse_card` reads, for a reader outside Python (the card picker):
    the joker words, each suit character and each rank text, lower case, with the rank and
    suit codes they mean.

    >>> n = notation()
    >>> n["suits"]["p"], n["ranks"]["b"], n["ranks"]["t"], "jolly" in n["jokers"]
    ('s', 'J', '10', True)
    """
    return {"jokers": sorted(_JOKER_WORDS),
            "suits": {char: suit.value for char, suit in _SUITS_BY_CHAR.items()},
            "ranks": {text: rank.text for text, rank in _RANKS_BY_TEXT.items()},
            "invisible": "".join(chr(c) for c in _INVISIBLE)}


def parse_card(text: str, position: int = 1) -> Card:
    """Read one card: ``Qh``, ``♥Q``, ``Q♥``, ``qh``, ``D♥``, ``Th``, ``10p``, ``JK``, ``Jolly``, …

    German tables write ``p`` for Pik (spades): ``10p``, ``Dp``. Their other suit letters
    are not read: ``K`` is the King (König), and Kreuz and Karo share it; ``h`` is Herz
    already. The suit symbols ♠♥♦♣ are the same in every language.

    >>> parse_card("D♥"), parse_card("♣B"), parse_card("T♠"), parse_card("jolly")
    (Card('Qh'), Card('Jc'), Card('10s'), Card('JK'))
    >>> parse_card("10p"), parse_card("Kp"), parse_card("pD")
    (Card('10s'), Card('Ks'), Card('Qs'))
    >>> parse_card("J")
    Traceback (most recent call last):
    ...
    scorepad.rules.cards.InvalidCardError: 'J' (card 1) is not a card
    """
    token = text.translate(_INVISIBLE).strip()
    low = token.lower()
    if low in _JOKER_WORDS:
        return JOKER
    if len(token) >= 2:
        for suit_char, rank_text in ((low[0], low[1:]), (low[-1], low[:-1])):
            suit = _SUITS_BY_CHAR.get(suit_char)
            rank = _RANKS_BY_TEXT.get(rank_text)
            if suit is not None and rank is not None:
                return Card(rank, suit)
    raise InvalidCardError(token or text, position)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read several cards, from one text or a list of card strings.

    Separators are spaces, commas, semicolons, ``-`` and ``–``.

    >>> parse_cards("10h-Jh-Qh")
    [Card('10h'), Card('Jh'), Card('Qh')]
    >>> parse_cards("♣B–♣D–JK–♣A")
    [Card('Jc'), Card('Qc'), Card('JK'), Card('Ac')]
    >>> parse_cards("Qh Xh")
    Traceback (most recent call last):
    ...
    scorepad.rules.cards.InvalidCardError: 'Xh' (card 2) is not a card
    """
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text.translate(_INVISIBLE)) if t]
    else:
        tokens = list(text)
    return [parse_card(token, position) for position, token in enumerate(tokens, 1)]


def format_cards(cards: Iterable[Card], *, display: bool = False) -> str:
    """Write cards separated by spaces, canonically or with suit symbols.

    >>> format_cards(parse_cards("♥10 B♥ D♥"))
    '10h Jh Qh'
    >>> format_cards(parse_cards("10h JK"), display=True)
    '10♥ Joker'
    """
    return " ".join(card.display() if display else card.code() for card in cards)
