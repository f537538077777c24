"""House rules in words: a label, the values and a one-line explanation of every switch,
for the new-game form, the game page, the settings, profiles, the referee, the rules page
and the sheets; the one place where a switch is put into words.

Every word is a gettext message in the active locale (German and French in the catalogs);
the tables hold ``lazy_gettext`` literals because the key is data. The engine keeps its
keys (``min_naturals``, ``tie``) and its own English and German help lines for its tools;
players read the catalog's.
"""

from __future__ import annotations

from typing import Any

import flask_babel
from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

from scorepad.rules import SWITCHES, Variant


def _(text: str, **values: Any) -> str:
    """gettext, typed: the words in the active language."""
    return str(flask_babel.gettext(text, **values))


def ngettext(one: str, many: str, n: int) -> str:
    """ngettext, typed: ``%(num)d`` is ``n``."""
    return str(flask_babel.ngettext(one, many, n))


# key: the switch's name
LABELS: dict[str, LazyString] = {
    "decks": _l("Packs of cards"),
    "jokers": _l("Jokers"),
    "hand_size": _l("Cards per player"),
    "min_naturals": _l("Natural cards per meld"),
    "max_jokers_per_meld": _l("Jokers per meld"),
    "max_adjacent_jokers": _l("Jokers side by side"),
    "all_wild_meld": _l("Melds of wild cards only"),
    "set_max_size": _l("Largest set"),
    "set_distinct_suits": _l("Sets in different suits"),
    "ace_high": _l("Ace may follow the king"),
    "wraparound": _l("Runs round the corner"),
    "ace_both_ends": _l("An ace at each end"),
    "max_run_length": _l("Longest run"),
    "initial_min_points": _l("First meld: minimum points"),
    "initial_clean_run": _l("First meld: a run"),
    "hand_win_waives_minimum": _l("From the hand: no minimum"),
    "joker_declaration": _l("Saying what a joker stands for"),
    "layoff_credit": _l("Laid-off cards count for"),
    "ace_in_set": _l("Value of an ace in a set"),
    "ace_low_run_value": _l("Value of an ace before the 2"),
    "ace_high_run_value": _l("Value of an ace after the king"),
    "closer_bonus": _l("Bonus for going out"),
    "hand_win_bonus": _l("Bonus for going out from the hand"),
    "hand_win_factor": _l("Hand points after a win from the hand"),
    "ace_in_hand": _l("Ace left in the hand"),
    "joker_in_hand": _l("Joker left in the hand"),
    "wild_in_hand": _l("Wild card left in the hand"),
    "court_values": _l("Jack, queen, king in the hand"),
    "unmelded_surcharge": _l("Surcharge: never melded"),
    "rummy_surcharge": _l("Surcharge: rummy"),
    "rummy_no_melds_surcharge": _l("Surcharge: rummy before anyone melded"),
    "rummy_no_melds_replaces": _l("The larger rummy surcharge replaces"),
    "target": _l("Target"),
    "target_reached_when": _l("The target is reached with"),
    "rounds": _l("Number of rounds"),
    "tie": _l("A tie for the win"),
    "take_before_initial_meld": _l("Take the discard before the first meld"),
    "take_depth": _l("Cards taken from the discard pile"),
    "take_must_use": _l("A card taken from the discard pile"),
    "take_min_pile_value": _l("The discard pile is worth at least"),
    "take_with_one_card": _l("Take the discard with one card left"),
    "hand_limit": _l("Most cards in the hand"),
    "layoff_from": _l("Laying off is allowed"),
    "completed_melds_closed": _l("Complete melds are turned over"),
    "joker_exchange": _l("Exchanging a joker"),
    "exchange_from": _l("A joker may be exchanged"),
    "exchanged_joker_to": _l("The freed joker goes"),
}

# Values of the choices: key -> value -> words
VALUES: dict[str, dict[str, LazyString]] = {
    "initial_clean_run": {
        "off": _l("not needed"),
        "strict": _l("a run without a joker"),
        "any_run": _l("any run"),
    },
    "joker_declaration": {
        "auto": _l("from the order of the cards"),
        "required": _l("said when unsorted"),
    },
    "layoff_credit": {
        "layer": _l("the player who lays them off"),
        "owner": _l("the meld's owner"),
    },
    "rummy_no_melds_replaces": {
        "rummy_only": _l("only the rummy surcharge"),
        "both": _l("also the never-melded surcharge"),
    },
    "target_reached_when": {
        ">": _l("more than the target"),
        ">=": _l("the target or more"),
    },
    "tie": {
        "playoff": _l("is played off"),
        "shared": _l("is a shared win"),
    },
    "wild_in_hand": {
        "face": _l("its face value"),
    },
    "take_depth": {
        "top": _l("the top card only"),
        "any": _l("any card with every card above it"),
    },
    "take_must_use": {
        "off": _l("goes anywhere"),
        "new_meld": _l("goes at once into a new meld"),
        "meld_or_layoff": _l("goes at once into a meld or a lay-off"),
    },
    "layoff_from": {
        "any_time": _l("at any time"),
        "initial_meld": _l("from the first meld on"),
        "next_turn": _l("from the turn after the first meld"),
    },
    "joker_exchange": {
        "off": _l("not allowed"),
        "four_only": _l("in a set only in a four"),
        "any_missing_suit": _l("in a set of three for either missing suit"),
        "both_missing": _l("in a set of three only for both missing suits"),
    },
    "exchange_from": {
        "initial_meld": _l("from the first meld on"),
        "next_turn": _l("from the turn after the first meld"),
    },
    "exchanged_joker_to": {
        "hand": _l("into the hand"),
        "new_meld": _l("at once into a new meld"),
    },
}

# One line on what a switch does, for every switch: the engine's own line (its help_en)
# where that names no value by its key, else the app's.
HELP: dict[str, LazyString] = {
    "decks": _l("Packs of 52 cards (empty: by player count)."),
    "jokers": _l("Printed jokers in the pack (empty: by player count)."),
    "hand_size": _l("Cards dealt to each player (empty: the variant's table)."),
    "min_naturals": _l("Natural cards (not jokers) every meld needs."),
    "max_jokers_per_meld": _l("Most jokers in one meld (empty: no limit)."),
    "max_adjacent_jokers": _l("Most jokers side by side in a run (empty: no limit)."),
    "all_wild_meld": _l("A meld may consist of wild cards only."),
    "set_max_size": _l("Most cards in a set (empty: no limit; never more than 4 when every "
                        "suit may appear only once)."),
    "set_distinct_suits": _l("Every suit only once in a set."),
    "ace_high": _l("An ace may follow the king (Q-K-A)."),
    "wraparound": _l("Runs may go round the corner (K-A-2)."),
    "ace_both_ends": _l("With two packs, A-2-…-K-A (an ace at each end) is a run."),
    "max_run_length": _l("Most cards in a run (empty: no limit)."),
    "initial_min_points": _l("Points the first melds of a player must reach."),
    "initial_clean_run": _l("Whether a player's first meld must include a run, and whether "
                             "that run may hold a joker."),
    "hand_win_waives_minimum": _l("Going out from the hand needs no minimum points."),
    "joker_declaration": _l("Whether a joker's card follows from the order of the cards or "
                             "must be said when the cards lie unsorted."),
    "layoff_credit": _l("Who scores a card laid off onto another player's meld."),
    "ace_in_set": _l("An ace in a set is worth…"),
    "ace_low_run_value": _l("An ace before the 2 (A-2-3) is worth…"),
    "ace_high_run_value": _l("An ace after the king (Q-K-A) is worth…"),
    "closer_bonus": _l("Bonus for going out."),
    "hand_win_bonus": _l("Bonus for going out from the hand, instead of the closing bonus "
                          "(empty: the closing bonus)."),
    "hand_win_factor": _l("Opponents' hand points are multiplied by this after a win from "
                           "the hand."),
    "ace_in_hand": _l("An ace left in the hand costs…"),
    "joker_in_hand": _l("A joker left in the hand costs…"),
    "wild_in_hand": _l("A wild card left in the hand costs its face value or a fixed "
                        "number. Empty: its face value."),
    "court_values": _l("What J, Q and K cost in the hand."),
    "unmelded_surcharge": _l("Extra penalty for a player who never melded."),
    "rummy_surcharge": _l("Extra penalty for everyone when the winner went rummy."),
    "rummy_no_melds_surcharge": _l("…instead, when nobody else had melded."),
    "rummy_no_melds_replaces": _l("When nobody else had melded, the larger rummy surcharge "
                                   "replaces only the rummy surcharge or also the never-"
                                   "melded one."),
    "target": _l("The game ends after a round in which someone passes this total."),
    "target_reached_when": _l("Whether a total ends the game once it is over the target, "
                               "or already when it reaches it."),
    "rounds": _l("Play this many rounds instead of to a target (empty: to the target)."),
    "tie": _l("Whether the players tied for the win play on until one leads, or share the "
               "win."),
    "take_before_initial_meld": _l("A player may take from the discard pile before their "
                                    "first meld."),
    "take_depth": _l("Whether only the top card of the discard pile may be taken, or a "
                      "deeper card with every card above it."),
    "take_must_use": _l("Whether a card taken from the discard pile must go at once into a "
                         "new meld, or into a meld or onto one on the table."),
    "take_min_pile_value": _l("The discard pile must be worth at least this much (hand "
                               "values) before anyone takes from it."),
    "take_with_one_card": _l("A player holding one card may still take from the discard "
                              "pile."),
    "hand_limit": _l("Most cards a hand may hold after taking (empty: no limit)."),
    "layoff_from": _l("When a player may lay off: at any time, from the first meld on, or "
                       "from the turn after it."),
    "completed_melds_closed": _l("A complete meld (a set of 4, a run of 13) is turned over "
                                  "and takes nothing more."),
    "joker_exchange": _l("Whether a joker on the table may be exchanged for the card it "
                          "stands for, and in a set of three how."),
    "exchange_from": _l("From when a player may exchange a joker: the first meld, or the "
                         "turn after it."),
    "exchanged_joker_to": _l("Whether the freed joker goes into the hand or must go at once"
                              " into a new meld."),
}
# What an empty (null) switch means where it is not "no limit".
# Jolly with discard row (``Variant.discard_row``): the take switches say the row, not a
# pile (German: Vorratsreihe), as its referee question does.
ROW_LABELS: dict[str, LazyString] = {
    "take_before_initial_meld": _l("Take from the discard row before the first meld"),
    "take_with_one_card": _l("Take from the discard row with one card left"),
    "take_depth": _l("Cards taken from the discard row"),
    "take_must_use": _l("A card taken from the discard row"),
    "take_min_pile_value": _l("The discard row is worth at least"),
}
ROW_HELP: dict[str, LazyString] = {
    "take_before_initial_meld": _l("A player may take from the discard row before their "
                                    "first meld."),
    "take_depth": _l("Whether only the card at the right end of the discard row may be taken, "
                      "or one further left with every card to its right."),
    "take_must_use": _l("Whether a card taken from the discard row must go at once into a "
                         "new meld, or into a meld or onto one on the table."),
    "take_min_pile_value": _l("The discard row must be worth at least this much (hand "
                               "values) before anyone takes from it."),
    "take_with_one_card": _l("A player holding one card may still take from the discard "
                              "row."),
}
ROW_VALUES: dict[str, dict[str, LazyString]] = {
    "take_depth": {
        "top": _l("the card at the right end only"),
        "any": _l("any card with every card to its right"),
    },
}

_NONE_MEANS: dict[str, LazyString] = {
    "hand_win_bonus": _l("as for going out"),
    "target": _l("no target"),
    "rounds": _l("until the target"),
}
_PACK_KEYS = ("decks", "jokers", "hand_size")


def label(key: str, variant: Variant | None = None) -> str:
    """The switch's name in words (in ``variant``'s: its discard row, where it has one).

    >>> label("min_naturals")
    'Natural cards per meld'
    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> label("take_min_pile_value", jolly), label("take_min_pile_value", vorrat)
    ('The discard pile is worth at least', 'The discard row is worth at least')
    """
    if variant is not None and variant.discard_row and key in ROW_LABELS:
        return str(ROW_LABELS[key])
    return str(LABELS[key]) if key in LABELS else key.replace("_", " ")


def explain(key: str, variant: Variant | None = None) -> str:
    """One line on what the switch does, without any key or code name; for the pack
    (decks, jokers, cards) with what an empty field means in ``variant``.

    >>> explain("tie")
    'Whether the players tied for the win play on until one leads, or share the win.'
    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> explain("hand_size", jolly)
    'How many cards each player is dealt. Empty: 13 cards, with 5–6 players 11.'
    >>> explain("target", vorrat)
    'The game ends after the round in which a total reaches this target.'
    >>> explain("target", romme)
    'The game ends after the round in which a total goes over this target.'
    """
    if key in _PACK_KEYS and variant is not None:
        default = pack_words(key, variant)
        if key == "decks":
            return _("How many packs of 52 cards are shuffled together. Empty: %(default)s.",
                     default=default)
        if key == "jokers":
            return _("How many jokers are in the pack. Empty: %(default)s.", default=default)
        return _("How many cards each player is dealt. Empty: %(default)s.", default=default)
    if key == "target" and variant is not None:
        # Said as the variant's own end reads (RULES.md: Jolly with discard row ends at 500
        # reached, the others past their target), as the game page says it.
        if variant.house_rules(None).target_reached_when == ">=":
            return _("The game ends after the round in which a total reaches this target.")
        return _("The game ends after the round in which a total goes over this target.")
    if variant is not None and variant.discard_row and key in ROW_HELP:
        return str(ROW_HELP[key])
    if key in HELP:
        return str(HELP[key])
    return str(SWITCHES[key].help_en)


def _counts(counts: list[int]) -> str:
    """Player counts as a reader says them: "5–6", "4 or 6", "2"."""
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    if len(counts) > 1:
        return _("%(some)s or %(last)s", some=", ".join(map(str, counts[:-1])),
                 last=counts[-1])
    return str(counts[0])


def amount(key: str, n: int, unit: bool = True) -> str:
    """A number of packs, jokers or cards in words.

    >>> amount("decks", 1), amount("jokers", 0), amount("hand_size", 13), amount("decks", 2, False)
    ('1 pack', 'no jokers', '13 cards', '2')
    """
    if n == 0 and key == "jokers":
        return _("no jokers") if unit else _("none")
    if not unit:
        return str(n)
    if key == "decks":
        return ngettext("%(num)d pack", "%(num)d packs", n)
    if key == "jokers":
        return ngettext("%(num)d joker", "%(num)d jokers", n)
    return ngettext("%(num)d card", "%(num)d cards", n)


def pack_words(key: str, variant: Variant, unit: bool = True) -> str:
    """What the rule book deals for ``decks``, ``jokers`` or ``hand_size`` left empty,
    by the number of players, in words.

    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> pack_words("decks", rami)
    '2 packs, with 5–6 players 3'
    >>> pack_words("hand_size", rami)
    '14 cards, with 4 or 6 players 12'
    >>> pack_words("hand_size", romme)
    '13 cards, the dealer 14'
    >>> pack_words("decks", three)
    '2 packs, with 2 players 1, with 8 players 3'
    >>> pack_words("jokers", rami, unit=False)
    '4, with 5–6 players 6'
    """
    if key == "hand_size" and variant.round_count:
        return _("the round number + 2: 3 in round 1 up to 13 in round 11")
    house = variant.house_rules()
    by_value: dict[int, list[int]] = {}
    extra = 0
    for n in range(variant.min_players, variant.max_players + 1):
        pack = variant.pack(house, n)
        by_value.setdefault(getattr(pack, key), []).append(n)
        extra = pack.dealer_extra
    base = max(by_value, key=lambda value: len(by_value[value]))
    words = [amount(key, base, unit)]
    for value, counts in by_value.items():
        if value != base:
            words.append(_("with %(counts)s players %(n)d", counts=_counts(counts), n=value))
    if key == "hand_size" and extra:
        words.append(_("the dealer %(n)d", n=base + extra))
    return ", ".join(words)


def value_words(key: str, value: Any, variant: Variant | None = None) -> str:
    """A switch's value in words, in ``variant`` where an empty value means its default.

    >>> value_words("tie", "shared")
    'is a shared win'
    >>> value_words("set_distinct_suits", True)
    'yes'
    >>> value_words("court_values", [10, 10, 10])
    'jack 10, queen 10, king 10'
    >>> from scorepad.rules import VARIANTS
    >>> value_words("jokers", None, next(iter(VARIANTS.values())))
    '6 jokers'
    >>> value_words("target_reached_when", ">")
    'more than the target'
    """
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None and key in _PACK_KEYS:
        return pack_words(key, variant) if variant is not None else _("by player count")
    if value is None:
        return str(_NONE_MEANS[key]) if key in _NONE_MEANS else _("no limit")
    if key == "court_values" and isinstance(value, (list, tuple)) and len(value) == 3:
        return _("jack %(jack)s, queen %(queen)s, king %(king)s",
                 jack=value[0], queen=value[1], king=value[2])
    if variant is not None and variant.discard_row and str(value) in ROW_VALUES.get(key, {}):
        return str(ROW_VALUES[key][str(value)])
    if key in VALUES and str(value) in VALUES[key]:
        return str(VALUES[key][str(value)])
    return str(value)


def choice_labels(key: str, variant: Variant | None = None) -> list[tuple[str, str]]:
    """(value, words) for every value of a choice switch, for a select field (in
    ``variant``'s words: its discard row, where it has one).

    >>> choice_labels("tie")[0]
    ('playoff', 'is played off')
    """
    return [(c, value_words(key, c, variant)) for c in SWITCHES[key].choices]


def changed_in_words(changed: dict[str, Any],
                     variant: Variant | None = None) -> list[tuple[str, str]]:
    """The house rules a table changed, as (label, value) in words.

    >>> changed_in_words({"target": 100})
    [('Target', '100')]
    >>> changed_in_words({"tie": "shared", "target_reached_when": ">="})
    [('A tie for the win', 'is a shared win'), ('The target is reached with', 'the target or more')]
    """
    return [(label(k, variant), value_words(k, v, variant)) for k, v in changed.items()]
