"""The rules page: what a table plays, in sentences made from the engine's variant tables.

Each topic of a variant (sets, runs, jokers, the first meld, ...) is written
from the table's house rules as gettext messages (in the page's language), with the
sentence of the original German rule text that decides it: a quotation, so it stays
German in every language (:mod:`scorepad.words.rule_quotes`).

The engine names the rule behind every problem as a reference string
(:meth:`scorepad.rules.Variant.rule`: section, variant id, row, seed), kept as it is for tools;
:func:`rule_topic` reads it back to the topic, whose anchor is on this page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import flask_babel
from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

from scorepad.rules import HouseRules, Rules, Variant, find_variant
from scorepad.rules.variant import _TOPIC_ROWS
from scorepad.words.house_rules import _, amount, label, pack_words, value_words
from scorepad.words.rule_quotes import QUOTES, TURN_QUOTES, Quote

__all__ = ["TOPICS", "Section", "rule_topic", "sections", "switch_rows", "topic_title"]


# topic -> its title, in the order of the rules page.
TOPICS: dict[str, LazyString] = {
    "cards": _l("Cards and deal"),
    "set": _l("Sets"),
    "run": _l("Runs"),
    "jokers": _l("Jokers and wild cards"),
    "meld_values": _l("What melds are worth"),
    "initial": _l("The first meld"),
    "take": _l("Taking from the discard pile"),
    "layoff": _l("Laying off"),
    "exchange": _l("Exchanging a joker"),
    "going_out": _l("Going out"),
    "hand_win": _l("Going out from the hand"),
    "score": _l("Scoring a round"),
    "end": _l("End of the game"),
}

# Jolly with discard row (``Variant.discard_row``): its take topic says the row.
ROW_TOPICS: dict[str, LazyString] = {"take": _l("Taking from the discard row")}


def topic_title(topic: str, variant: Variant) -> str:
    """A topic's title in ``variant`` (a rules page's heading, a rule link's words)."""
    return str((ROW_TOPICS if variant.discard_row and topic in ROW_TOPICS else TOPICS)[topic])


def pgettext(context: str, text: str) -> str:
    """pgettext, typed: a sentence whose English another message shares with other words."""
    return str(flask_babel.pgettext(context, text))


_REFERENCE = re.compile(r"§\S+ (?P<variant>\w+), (?P<row>.+?) \(seed \w+\)$")


def rule_topic(reference: str) -> tuple[str, str] | None:
    """The variant and topic behind an engine rule reference, or ``None``.

    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> rule_topic(jolly.rule("set")) == (jolly.id, "set")
    True
    >>> rule_topic(romme.rule("hand_win")) == (romme.id, "hand_win")
    True
    >>> rule_topic("somewhere else") is None
    True
    """
    m = _REFERENCE.search(reference or "")
    if m is None:
        return None
    try:
        variant = find_variant(m.group("variant"))
    except ValueError:
        return None
    row = m.group("row")
    for topic in TOPICS:
        if variant.topics.get(topic, _TOPIC_ROWS.get(topic)) == row:
            return variant.id, topic
    return None


@dataclass(frozen=True, slots=True)
class Section:
    """One topic of the rules page: its anchor, title, sentences and the quoted original."""

    topic: str
    title: str
    lines: tuple[str, ...]
    quote: Quote | None
    more: tuple[Quote, ...] = ()
    """Further deciding sentences (the turn rules of RULES.md §8)."""


def _pack_lines(rules: Rules) -> list[str]:
    """The pack and the deal of a variant's rules page (no table yet): each by the number
    of players, where a house rule does not fix it."""
    v, h = rules.variant, rules.house

    def said(key: str, value: int | None) -> str:
        if value is not None:
            return amount(key, value, unit=False)
        return pack_words(key, v, unit=False)

    out = [_("Packs of 52 cards: %(n)s.", n=said("decks", h.decks)),
           _("Jokers: %(n)s.", n=said("jokers", h.jokers))]
    if v.round_count is None or h.hand_size is not None:
        out.append(_("Cards dealt to each player: %(n)s.", n=said("hand_size", h.hand_size)))
    return out


def _lines(topic: str, rules: Rules, table: bool = True) -> list[str]:
    """The rule of ``topic`` at this table (``table``: a game with its players; else the
    variant's rules page), as sentences in the active language."""
    v, h = rules.variant, rules.house
    out: list[str] = []
    if topic == "cards":
        p = rules.pack
        if v.round_count:
            out.append(_("11 rounds: round 1 deals 3 cards, each round one more, round 11 deals "
                         "13. The rank equal to the cards dealt is wild (round 1: threes)."))
        if not table:
            out += _pack_lines(rules)
        else:
            pack = _("%(decks)s of 52 cards and %(jokers)s", decks=amount("decks", p.decks),
                     jokers=amount("jokers", p.jokers))
            if v.round_count:
                out.append(_("%(pack)s (at a table of %(players)d).", pack=pack,
                             players=rules.player_count))
            else:
                out.append(_("%(pack)s; %(cards)d cards each (at a table of %(players)d).",
                             pack=pack, cards=p.hand_size, players=rules.player_count))
        out.append(_("A round never holds more copies of a card than the pack has."))
    elif topic == "set":
        most = h.set_max_size
        out.append(_("3 to %(n)d cards of one rank.", n=most) if most
                   else _("3 or more cards of one rank."))
        out.append(_("Each suit only once in a set.") if h.set_distinct_suits
                   else _("A set may repeat a suit (with more than one pack)."))
    elif topic == "run":
        out.append(_("3 or more cards of one suit in sequence."))
        out.append(_("The ace is low (A-2-3) or high (Q-K-A).") if h.ace_high
                   else _("The ace is low only: A-2-3, not Q-K-A."))
        out.append(_("Runs may go round the corner (K-A-2).") if h.wraparound
                   else _("No run goes round the corner (K-A-2)."))
        if h.max_run_length:
            out.append(_("At most %(n)d cards in a run.", n=h.max_run_length))
    elif topic == "jokers":
        if v.wild_by_round:
            out.append(_("Every card of the round's wild rank (and a joker, where the table "
                         "plays with them) stands for any card."))
        else:
            out.append(_("A joker stands for any card; it is worth the card it stands for."))
        if h.min_naturals:
            out.append(_("Every meld needs at least %(n)d natural cards.", n=h.min_naturals))
        if h.max_jokers_per_meld is not None:
            out.append(_("At most %(n)d per meld.", n=h.max_jokers_per_meld))
        if h.max_adjacent_jokers is not None:
            out.append(_("At most %(n)d side by side in a run.", n=h.max_adjacent_jokers))
        if v.has_switch("all_wild_meld"):
            out.append(_("A meld may consist of wild cards only.") if h.all_wild_meld
                       else _("A meld needs a natural card."))
        out.append(_("When cards are typed out of order, the most valuable reading counts; "
                     "say which card a joker stands for to choose another."))
    elif topic == "meld_values":
        if v.small_cards_worth is not None:
            out.append(_("2 to 9 are worth 5, 10 to K 10."))
        else:
            out.append(_("2 to 10 are worth their face, J, Q and K 10."))
        out.append(_("An ace: %(low)d in A-2-3, %(high)d after the king, %(set)d in a set.",
                     low=h.ace_low_run_value, high=h.ace_high_run_value, set=h.ace_in_set))
    elif topic == "initial":
        if h.initial_min_points:
            out.append(_("A player's first melds (all laid in that turn) must be worth at "
                         "least %(n)d points; lay-offs do not count.", n=h.initial_min_points))
        else:
            out.append(_("The first meld needs no minimum points."))
        if h.initial_clean_run == "strict":
            out.append(_("It must hold a run of at least 3 cards without a joker."))
        elif h.initial_clean_run == "any_run":
            out.append(_("It must hold a run."))
    elif topic == "layoff":
        if not v.has_layoffs:
            out.append(_("Nobody lays off onto another player's melds."))
        else:
            out.append(_("Cards may be laid off onto any player's melds (when: below)."))
            if v.has_switch("layoff_credit"):
                out.append(_("Laid-off cards score for the player who lays them off.")
                           if h.layoff_credit == "layer"
                           else pgettext("rules page", "Laid-off cards score for the meld's owner."))
    elif topic == "going_out":
        if v.melds_in_hand:
            out.append(_("Go out when, after drawing, all your cards but one form melds: you "
                         "throw that last card on the discard pile, and everyone else plays "
                         "one more turn."))
        elif v.final_discard == "required" and v.discard_row:
            out.append(_("A player goes out by laying down their cards and throwing the last "
                         "one onto the right end of the discard row; then the round ends. There "
                         "is no going out without that last discard."))
        elif v.final_discard == "required":
            out.append(_("A player goes out by laying down their cards and throwing the last "
                         "one on the discard pile; then the round ends. There is no going out "
                         "without that last discard."))
        else:
            out.append(_("The round ends when a player has no cards left in the hand. The last "
                         "card may be thrown face down on the discard pile, but need not be: "
                         "laying every card down ends the round too."))
    elif topic == "hand_win":
        if v.hand_win is None:
            out.append(_("This game has no win from the hand."))
        else:
            out.append(_("Going out by laying down all cards in one turn, without having "
                         "melded or laid off before in the round."))
            if v.hand_win.before_others_meld:
                out.append(_("Only before any other player has melded."))
            if v.hand_win.needs_clean_run and h.initial_clean_run != "off":
                out.append(_("It still needs a run of at least 3 cards without a joker."))
            if h.hand_win_waives_minimum and h.initial_min_points:
                out.append(_("The minimum points of the first meld do not apply."))
            if h.hand_win_factor != 1:
                out.append(_("The others' hand points count %(n)d times.",
                             n=h.hand_win_factor))
            if h.hand_win_bonus:
                out.append(_("Bonus %(bonus)d instead of %(usual)d.", bonus=h.hand_win_bonus,
                             usual=h.closer_bonus))
            if h.rummy_surcharge:
                out.append(_("Every other player pays %(more)d more; %(most)d when nobody "
                             "else had melded.", more=h.rummy_surcharge,
                             most=h.rummy_no_melds_surcharge))
    elif topic == "score":
        if v.higher_wins:
            out.append(_("Each player scores their melds and lay-offs minus the cards left "
                         "in the hand."))
            if h.closer_bonus:
                out.append(_("Going out earns %(n)d.", n=h.closer_bonus))
        else:
            out.append(_("Whoever went out scores 0; the others score the cards left in their "
                         "hand as penalty points."))
        if v.melds_in_hand:
            out.append(_("The cards are first arranged into melds so that the fewest points "
                         "are left."))
        out.append(_("In the hand: ace %(ace)s, joker %(joker)s.", ace=h.ace_in_hand,
                     joker=h.joker_in_hand))
        if h.unmelded_surcharge:
            out.append(_("%(n)d more for a player who never melded.", n=h.unmelded_surcharge))
    elif topic == "end":
        if h.rounds:
            out.append(_("The game ends after %(n)d rounds.", n=h.rounds))
        elif h.target:
            out.append(_("The game ends after the round in which someone has more than "
                         "%(n)d points.", n=h.target) if h.target_reached_when == ">"
                       else _("The game ends after the round in which someone has at least "
                              "%(n)d points.", n=h.target))
        out.append(_("The highest total wins.") if v.higher_wins
                   else _("The lowest total wins."))
        out.append(_("Tied leaders play on until one leads.") if h.tie == "playoff"
                   else _("Tied leaders share the win."))
    out += _turn_lines(topic, rules)
    return out


def _marked(line: str, rules: Rules, *keys: str) -> str:
    """``line`` marked as a house rule when one of the switches ``keys`` differs from the
    variant's default."""
    defaults = rules.variant.house_rules()
    if any(getattr(rules.house, k) != getattr(defaults, k) for k in keys):
        return _("%(rule)s (house rule)", rule=line)
    return line


# The turn rules' sentences whose key is a switch's value (lazy: said in the page's language).
_LAYOFF_WHEN: dict[str, LazyString] = {
    "any_time": _l("You may lay off at any time, onto anyone's meld."),
    "initial_meld": _l("You may lay off from your first meld on, in the same turn too."),
    "next_turn": _l("You may lay off only from the turn after your first meld."),
}
_EXCHANGE_MODE: dict[str, LazyString] = {
    "off": _l("Jokers are not exchanged."),
    "four_only": _l("A joker is exchanged for the card it stands for; in a set only in a four."),
    "any_missing_suit": _l("A joker is exchanged for the card it stands for; in a set of three "
                           "for either missing suit."),
    "both_missing": _l("A joker is exchanged for the card it stands for; in a set of three "
                       "only for both missing suits at once."),
}


def _turn_lines(topic: str, rules: Rules) -> list[str]:
    """The turn rules of RULES.md §8 on ``topic``, as sentences in the active language."""
    v, h = rules.variant, rules.house
    out: list[str] = []
    if topic == "take":
        if not h.take_before_initial_meld:
            out.append(_marked(_("Before your first meld you draw from the talon only."),
                               rules, "take_before_initial_meld"))
        elif v.has_first_meld_rule:
            out.append(_marked(_("You may take from the discard row before your first meld "
                                 "too.") if v.discard_row else
                               _("You may take from the discard pile before your first meld "
                                 "too."), rules, "take_before_initial_meld"))
        # Jolly with discard row (Variant.discard_row): cards lie left to right and are taken
        # from the right end (RULES.md §2.2), so its sentences say the row, never a pile.
        if h.take_depth == "any":
            out.append(_marked(_("You may take a card further left in the discard row, with "
                                 "every card to its right.") if v.discard_row else
                               _("You may take a card deeper in the pile, with every card above "
                                 "it."), rules, "take_depth"))
        else:
            out.append(_marked(_("Only the card at the right end of the discard row may be "
                                 "taken.") if v.discard_row else
                               _("Only the top card of the discard pile may be taken."),
                               rules, "take_depth"))
        if h.take_min_pile_value:
            out.append(_marked(_("Only when the discard row is worth at least %(n)d (counted "
                                 "as in the hand).", n=h.take_min_pile_value) if v.discard_row
                               else _("Only when the pile is worth at least %(n)d (counted as "
                                      "in the hand).", n=h.take_min_pile_value),
                               rules, "take_min_pile_value"))
        if h.take_must_use == "new_meld":
            out.append(_marked(_("The card taken must go at once into a new meld (not onto a "
                                 "meld on the table); for a first meld it counts toward the "
                                 "minimum."), rules, "take_must_use"))
        elif h.take_must_use == "meld_or_layoff":
            out.append(_marked(_("At least one card taken must go at once into a new meld or "
                                 "onto a meld on the table."), rules, "take_must_use"))
        else:
            out.append(_marked(_("The cards taken may go anywhere, also into the hand."),
                               rules, "take_must_use"))
        if h.hand_limit is not None:
            out.append(_marked(_("After taking, a hand holds at most %(n)d cards.",
                                 n=h.hand_limit), rules, "hand_limit"))
        if not h.take_with_one_card:
            out.append(_marked(_("With only one card in the hand you draw from the talon."),
                               rules, "take_with_one_card"))
    elif topic == "layoff" and v.has_layoffs:
        out.append(_marked(str(_LAYOFF_WHEN[h.layoff_from]), rules, "layoff_from"))
        out.append(_("A run grows only at its ends and its jokers stay where they lie; a joker "
                     "laid off goes to the higher end unless you say its card."))
        if h.completed_melds_closed:
            out.append(_marked(pgettext("rules page", "A complete meld (a set of 4, a run of 13) "
                                         "is turned over and takes nothing more."),
                               rules, "completed_melds_closed"))
        if v.owner_pays_layoffs:
            out.append(_("The meld's owner pays you one card for each card you lay off onto "
                         "it."))
    elif topic == "exchange":
        if not v.has_joker_exchange:
            out.append(_("Nothing is exchanged: wild cards are ranks and melds come only from "
                         "your own hand."))
            return out
        out.append(_marked(str(_EXCHANGE_MODE[h.joker_exchange]), rules, "joker_exchange"))
        if h.joker_exchange == "off":
            return out
        out.append(_marked(_("Only after your first meld, in the same turn too.")
                           if h.exchange_from == "initial_meld"
                           else _("Only from the turn after your first meld."),
                           rules, "exchange_from"))
        out.append(_marked(_("The freed joker goes into your hand.")
                           if h.exchanged_joker_to == "hand"
                           else _("The freed joker must go at once into a new meld, never into "
                                  "the hand."), rules, "exchanged_joker_to"))
    return out


def sections(rules: Rules, table: bool = True) -> list[Section]:
    """The rules page of a table, topic by topic, in the active language.

    >>> from scorepad.rules import VARIANTS, rules_for
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> s = {x.topic: x for x in sections(rules_for(romme))}
    >>> s["initial"].lines[0]
    "A player's first melds (all laid in that turn) must be worth at least 40 points; lay-offs do not count."
    >>> s["hand_win"].quote.seed
    '003'
    """
    key = ("sections", str(flask_babel.get_locale()), repr(rules), table)
    if (found := _MEMO.get(key)) is None:
        found = _remember(key, tuple(
            Section(topic, topic_title(topic, rules.variant), tuple(_lines(topic, rules, table)),
                    QUOTES.get((rules.variant.seed, topic)),
                    TURN_QUOTES.get((rules.variant.seed, topic), ()))
            for topic in TOPICS))
    return list(found)


# The rules page in words, by language and table: a pure function of the two and of the
# catalogs, which do not change while the app runs. Worded once, it is not worded again
# (every sentence through gettext cost the page a millisecond; bench/bench_referee.py).
_MEMO: dict[tuple[Any, ...], Any] = {}


def _remember(key: tuple[Any, ...], value: Any) -> Any:
    if len(_MEMO) >= 512:  # a bound, not a policy: the tables an app meets are few
        _MEMO.clear()
    _MEMO[key] = value
    return value


def switch_rows(variant: Variant, house: HouseRules) -> list[dict[str, Any]]:
    """Every house rule of the variant in words: its name, its value here, and its default.

    >>> from scorepad.rules import VARIANTS
    >>> v = next(iter(VARIANTS.values()))
    >>> [r for r in switch_rows(v, v.house_rules({"target": 300})) if r["changed"]][0]
    {'key': 'target', 'label': 'Target', 'value': '300', 'default': '500', 'changed': True}
    >>> switch_rows(v, v.house_rules())[0]["value"]
    '2 packs'
    """
    memo = ("switches", str(flask_babel.get_locale()), variant.id, repr(house))
    if (found := _MEMO.get(memo)) is None:
        defaults = variant.house_rules().as_dict()
        values = house.as_dict()
        found = _remember(memo, tuple(
            {"key": switch.key, "label": label(switch.key, variant),
             "value": value_words(switch.key, values[switch.key], variant),
             "default": value_words(switch.key, defaults[switch.key], variant),
             "changed": values[switch.key] != defaults[switch.key]}
            for switch in variant.switches))
    return [dict(row) for row in found]
