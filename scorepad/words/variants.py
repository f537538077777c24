"""A variant's name and its one line for the players, as gettext messages.

The engine keeps its own English and German (``Variant.name``, ``summary_en``) for its tools;
the pages say them through the catalog, looked up by the engine's English words (data, so a
table of literals: no variant is named here by its id).
"""

from __future__ import annotations

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

from scorepad.rules import Variant

_TITLES: dict[str, LazyString] = {
    "Jolly (Austria)": _l("Jolly (Austria)"),
    # German keeps the seed's word; English and French say what the row is.
    "Jolly with Vorratsreihe": _l("Jolly with discard row"),
    "Three Thirteen (3-13)": _l("Three Thirteen (3-13)"),
    "Rommé": _l("Rommé"),
    "Rami (French)": _l("Rami (French)"),
}
_SUMMARIES: dict[str, LazyString] = {
    "Plus/minus points, 30 to come out, +30 for closing, Handglatt doubles.":
        _l("Plus/minus points, 30 to come out, +30 for closing, Handglatt doubles."),
    "A discard row to draw from, 5/10-point cards, laid-off cards score for the meld's owner, "
    "+50 for closing.":
        _l("A discard row to draw from, 5/10-point cards, laid-off cards score for the meld's "
           "owner, +50 for closing."),
    "11 rounds of 3 to 13 cards, a new wild rank each round, lowest total wins.":
        _l("11 rounds of 3 to 13 cards, a new wild rank each round, lowest total wins."),
    "Penalty points, 40 to come out, Hand-Rommé doubles the others' hands, lowest total wins.":
        _l("Penalty points, 40 to come out, Hand-Rommé doubles the others' hands, lowest total "
           "wins."),
    "51 with a clean run to come out, joker 150 in the hand, +100/+200 surcharges, lowest "
    "total wins.":
        _l("51 with a clean run to come out, joker 150 in the hand, +100/+200 surcharges, "
           "lowest total wins."),
}

# What a win from the hand is called after "after" in a sentence (HandWin.after).
_AFTER: dict[str, LazyString] = {
    "Handglatt": _l("Handglatt"),
    "Hand-Rommé": _l("Hand-Rommé"),
    "a rummy": _l("a rummy"),
}


def title(variant: Variant) -> str:
    """The variant's name in the active language.

    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> title(rami)
    'Rami (French)'
    """
    return str(_TITLES.get(variant.name, variant.name))


def summary(variant: Variant) -> str:
    """What makes the variant different, in one line in the active language.

    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> summary(romme)[:15]
    'Penalty points,'
    """
    return str(_SUMMARIES.get(variant.summary_en, variant.summary_en))


def hand_win_after(variant: Variant) -> str:
    """The variant's win from the hand as it follows "after" in a sentence, in the active
    language; empty where going out from the hand is no win of its own.

    >>> from scorepad.rules import VARIANTS
    >>> [hand_win_after(v) for v in VARIANTS.values()]
    ['Handglatt', '', '', 'Hand-Rommé', 'a rummy']
    """
    if variant.hand_win is None:
        return ""
    return str(_AFTER.get(variant.hand_win.after, variant.hand_win.after))
