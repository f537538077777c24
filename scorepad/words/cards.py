"""A card as players read it: its rank in the table's language and its suit symbol, and the
one small card (the chip) every page draws, for the filter ``card`` of the templates.

The engine reads and writes cards by their codes (``Qh``, ``JK``); here they get the
players' words: the ranks are gettext messages of context "card rank" (German B and D,
French V, D and R), the joker is a Joker in every language. ``static/picker.js`` draws the
same chip on the phone from :func:`picker_words` and :func:`notation`.
"""

from __future__ import annotations

from typing import Any

from flask_babel import LazyString, lazy_pgettext
from flask_babel import gettext as _
from markupsafe import Markup

from scorepad.rules import Card, InvalidCardError, Rank, parse_card
from scorepad.rules.cards import notation as _engine_notation

# The ranks players name by a letter of their language (the others are numbers).
_RANKS: dict[str, LazyString] = {
    "A": lazy_pgettext("card rank", "A"),
    "J": lazy_pgettext("card rank", "J"),
    "Q": lazy_pgettext("card rank", "Q"),
    "K": lazy_pgettext("card rank", "K"),
}


def rank_label(text: str) -> str:
    """A rank as the players say it (``J`` is B in German; French cards keep J, Q, K).

    >>> rank_label("J"), rank_label("10")
    ('J', '10')
    """
    return str(_RANKS[text]) if text in _RANKS else text


def card_face(card: Card) -> str:
    """The card as printed on it: rank and suit symbol, or Joker.

    >>> card_face(parse_card("qh")), card_face(parse_card("jolly"))
    ('Q♥', 'Joker')
    """
    if card.rank is None or card.suit is None:
        return card.display()
    return rank_label(card.rank.text) + card.suit.symbol


def chip(value: Any, wild_rank: Rank | None = None, by: str | None = None,
         wild: bool = False) -> Markup:
    """The small card of every page: a card (its code, a :class:`Card` or any notation the
    engine reads) red or black, a joker marked, a card of ``wild_rank`` (3-13's wild rank
    this round, or ``wild`` for a card the engine read as wild) marked wild, ``by`` who laid
    it off; a token that is no card is drawn as
    typed, marked ``not-card``.

    >>> chip("Qh")
    Markup('<span class="card red">Q♥</span>')
    >>> chip("JK"), chip("X7")
    (Markup('<span class="card joker">Joker</span>'), Markup('<span class="card not-card">X7</span>'))
    >>> chip("3s", wild_rank=Rank.THREE, by="Ann")
    Markup('<span class="card wild">3♠<small class="wild-mark"> wild</small><small> by Ann</small></span>')
    """
    try:
        card = value if isinstance(value, Card) else parse_card(str(value))
    except InvalidCardError:
        return Markup('<span class="card not-card">{}</span>').format(value)
    wild = wild or (wild_rank is not None and card.rank is not None and card.rank == wild_rank)
    classes = ["card"] + ["wild"] * wild + ["red"] * (card.suit is not None and card.suit.is_red)
    if card.is_joker:
        classes.append("joker")
    inner = Markup("{}").format(card_face(card))
    if wild:
        inner += Markup('<small class="wild-mark"> {}</small>').format(_("wild"))
    if by:
        inner += Markup("<small> {}</small>").format(_("by %(name)s", name=by))
    return Markup('<span class="{}">{}</span>').format(" ".join(classes), inner)


def example_cards() -> str:
    """A run of hearts as the page's language writes its ranks, for the examples a card
    field shows (its chips then read the same).

    >>> example_cards()
    '♥10 J♥ Q♥'
    """
    return f"♥10 {rank_label('J')}♥ {rank_label('Q')}♥"


def onto_chip(owner: str, meld: int | None = None) -> Markup:
    """The head of a lay-off (``Anna 2: 9c``) as every page draws it before the cards laid
    off: the meld they go onto, never a card (``static/picker.js`` draws the same).

    >>> onto_chip("Anna", 2)
    Markup('<span class="card onto" data-onto="Anna">→ Anna 2</span>')
    """
    shown = owner + (f" {meld}" if meld else "")
    return Markup('<span class="card onto" data-onto="{}">→ {}</span>').format(owner, shown)


def picker_words() -> dict[str, str]:
    """The rank letters of the page's language, for the picker's chips (JSON in the page).

    >>> picker_words()["J"]
    'J'
    """
    return {text: rank_label(text) for text in _RANKS}


def written_ranks() -> dict[str, str]:
    """The rank letters every card field writes on this page, the picker's and the camera's
    (``static/picker.js`` and ``static/camera.js``, each from its markup: the picker's
    ``data-written``, the camera's ``data-ranks``): the page's letters where the engine reads
    each of them back as its rank (German B and D), else none, and the codes are written
    (English and French ``Jd Qd``; docs/decisions.md "Cards the picker writes").

    >>> written_ranks()["J"]
    'J'
    """
    words = picker_words()

    def reads_back(rank: str, letter: str) -> bool:
        try:
            card = parse_card(letter + "h")
        except InvalidCardError:
            return False
        return card.rank is not None and card.rank.text == rank

    return words if all(reads_back(rank, letter) for rank, letter in words.items()) else {}


def notation() -> dict[str, Any]:
    """Every notation the engine reads (jokers, suit characters, rank texts), for the
    picker's reading of a typed token: the picker reads a card exactly when the server does.

    >>> sorted(notation()["jokers"])[:3]
    ['*', 'jk', 'joker']
    """
    return _engine_notation()
