"""What one variant of RULES.md §2 is: its names, defaults, limits and knobs.

A :class:`Variant` is a small definition with its defaults (RULES.md §4); the
five of them are :data:`scorepad.rules.variants.VARIANTS`. It answers what the
app asks instead of a variant's id (``has_layoffs``, ``hand_win``,
``round_count`` …), validates a table's house rules, and deals the
:class:`Pack`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

from .cards import Card, Rank
from .limits import brief
from .switches import SWITCHES, HouseRules, InvalidHouseRuleError, Switch

__all__ = ["HandWin", "N_", "Pack", "Scoring", "Variant"]

Scoring = Literal["plus_minus", "penalty"]


@dataclass(frozen=True, slots=True)
class Pack:
    """What is dealt at a table: packs of 52, jokers, cards per player."""

    decks: int
    jokers: int
    hand_size: int
    dealer_extra: int = 0

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the pack holds.

        >>> Pack(decks=2, jokers=6, hand_size=13).copies(Card.parse("7h"))
        2
        """
        return self.jokers if card.is_joker else self.decks


def N_(text: str) -> str:
    """``text`` unchanged: an English text the app shows through its gettext catalog, marked
    so that ``pybabel extract`` keeps it as a msgid (the engine itself imports no Babel)."""
    return text


@dataclass(frozen=True, slots=True)
class HandWin:
    """Going out from the hand as a win of its own (RULES.md §2): what the players call it
    and what it asks beyond laying every card down in one turn.

    The words are English (``name_de`` the German name the engine's own words use); the app
    shows ``name``, ``after`` and ``claim`` through its gettext catalog, where each is a msgid.
    """

    #: What it is called: "Handglatt", "Hand-Rommé", "rummy".
    name: str
    name_de: str
    #: The name as it follows "after" in a sentence: "Handglatt", "a rummy".
    after: str
    #: The check box of a round's closer: "Handglatt: went out from the hand".
    claim: str
    #: Only while no other player has melded (Rommé).
    before_others_meld: bool = False
    #: Still needs the first meld's run without a joker, where the table plays it (Rami).
    needs_clean_run: bool = False


@dataclass(frozen=True, slots=True)
class Variant:
    """One variant of RULES.md §2: what it is called, its defaults, its limits, and the
    knobs the app asks instead of the variant's id (``has_layoffs``, ``hand_win``,
    ``round_count``, ``melds_in_hand`` …)."""

    id: str
    name: str
    name_de: str
    summary_en: str
    summary_de: str
    seed: str
    section: str
    scoring: Scoring
    min_players: int
    max_players: int
    defaults: Mapping[str, Any]
    topics: Mapping[str, str] = field(default_factory=dict)
    #: Going out: ``"required"`` (the last card is thrown on the discard pile) or
    #: ``"optional"`` (a player may also meld every card). RULES.md §2.
    final_discard: str = "required"
    #: The win from the hand (Handglatt, Hand-Rommé, rummy), or ``None`` where going out
    #: from the hand is no win of its own.
    hand_win: HandWin | None = None
    #: A game is a fixed cycle of this many deals, each with its own cards dealt (3 in the
    #: first, one more in each next) and, with ``wild_by_round``, its own wild rank (3-13);
    #: ``None``: every round deals alike.
    round_count: int | None = None
    #: The rank equal to the cards dealt is wild (3-13: threes in the first deal).
    wild_by_round: bool = False
    #: Melds stay in the hand until the round ends: each hand is arranged into melds (worth
    #: no points) and the rest counts, the closer holds every card but the discard in melds,
    #: and nobody lays off (3-13).
    melds_in_hand: bool = False
    #: Whether each player has melded in the round changes the score, so a round typed by
    #: numbers asks it (Rommé: the win from the hand; Rami: the surcharges).
    asks_melded: bool = False
    #: The meld's owner pays the layer one card for each card laid off onto it (Jolly with
    #: Vorratsreihe).
    owner_pays_layoffs: bool = False
    #: What every card from 2 to 9 is worth, in a meld and in the hand (Jolly with
    #: Vorratsreihe: 5); ``None``: its face.
    small_cards_worth: int | None = None
    #: The discards lie in a row, taken from its right end, not in a pile (Jolly with
    #: Vorratsreihe, RULES.md §2.2): the pages call it the discard row.
    discard_row: bool = False

    def title(self, lang: str = "en") -> str:
        """The variant's name for the players.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("rami_fr").title("de")
        'Rami (Frankreich)'
        """
        return self.name_de if lang == "de" else self.name

    def summary(self, lang: str = "en") -> str:
        """One line on what makes the variant different."""
        return self.summary_de if lang == "de" else self.summary_en

    @property
    def switches(self) -> list[Switch]:
        """The switches this variant has, in the order of RULES.md §4."""
        return [SWITCHES[key] for key in SWITCHES if key in self.defaults]

    def has_switch(self, key: str) -> bool:
        """Whether a table of this variant has the house-rule switch ``key``.

        >>> from scorepad.rules.variants import find_variant
        >>> v = find_variant("three_thirteen"), find_variant("jolly_at")
        >>> v[0].has_switch("court_values"), v[1].has_switch("court_values")
        (True, False)
        """
        return key in self.defaults

    @property
    def has_hand_win(self) -> bool:
        """Whether going out from the hand (Handglatt, Hand-Rommé, rummy) is a win of its own.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("romme_de").has_hand_win, find_variant("jolly_vorrat").has_hand_win
        (True, False)
        """
        return self.hand_win is not None

    def hand_win_name(self, lang: str = "en") -> str:
        """What a win from the hand is called here; empty where there is none.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("rami_fr").hand_win_name("de"), find_variant("three_thirteen").hand_win_name()
        ('Rummy', '')
        """
        if self.hand_win is None:
            return ""
        return self.hand_win.name_de if lang == "de" else self.hand_win.name

    @property
    def has_layoffs(self) -> bool:
        """Whether cards are laid off onto melds on the table.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("jolly_vorrat").has_layoffs, find_variant("three_thirteen").has_layoffs
        (True, False)
        """
        return "layoff_from" in self.defaults

    @property
    def has_joker_exchange(self) -> bool:
        """Whether a joker in a meld may ever be exchanged (a table may still switch it off).

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("jolly_at").has_joker_exchange, find_variant("three_thirteen").has_joker_exchange
        (True, False)
        """
        return "joker_exchange" in self.defaults

    @property
    def has_first_meld_rule(self) -> bool:
        """Whether, by the variant's own defaults, a first meld must meet a condition
        (points or a run); a table's house rules may add one (:attr:`Rules.first_meld_rule`).

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("romme_de").has_first_meld_rule, find_variant("jolly_vorrat").has_first_meld_rule
        (True, False)
        """
        d = self.defaults
        return bool(d.get("initial_min_points", 0)) or d.get("initial_clean_run", "off") != "off"

    @property
    def starts_by_cards(self) -> bool:
        """Whether a new round is best entered card by card: where each hand is arranged
        into melds (:attr:`melds_in_hand`), the cards are the point.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("three_thirteen").starts_by_cards, find_variant("rami_fr").starts_by_cards
        (True, False)
        """
        return self.melds_in_hand

    @property
    def deals(self) -> range:
        """The deal numbers of a game (1 to :attr:`round_count`); empty where every round
        deals alike.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("three_thirteen").deals, find_variant("jolly_at").deals
        (range(1, 12), range(1, 1))
        """
        return range(1, (self.round_count or 0) + 1)

    def deal_of(self, number: int | None, rounds: int | None = None) -> int | None:
        """The deal a game's round ``number`` plays, where deals change by round; ``None``
        elsewhere. A game of fewer ``rounds`` ends earlier; a round after the last (a
        play-off) replays the last deal (rule decision: RULES.md AMB-T9 leaves it open).

        >>> from scorepad.rules.variants import find_variant
        >>> v = find_variant("three_thirteen")
        >>> v.deal_of(5), v.deal_of(14), v.deal_of(3, rounds=2), v.deal_of(0), v.deal_of(None)
        (5, 11, 2, 1, None)
        >>> find_variant("rami_fr").deal_of(3) is None
        True
        """
        if number is None or self.round_count is None:
            return None
        return max(1, min(number, rounds or self.round_count))

    def cards_dealt(self, deal: int) -> int:
        """The cards each player gets in ``deal`` where deals change by round: 3 in the
        first, one more in each next.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("three_thirteen").cards_dealt(11)
        13
        """
        return deal + 2

    def wild_rank(self, deal: int | None) -> Rank | None:
        """The rank that is wild in ``deal`` (the rank of the cards dealt), or ``None``.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("three_thirteen").wild_rank(9), find_variant("jolly_at").wild_rank(9)
        (<Rank.JACK: 11>, None)
        """
        if not self.wild_by_round or deal is None:
            return None
        return Rank(self.cards_dealt(deal))

    @property
    def higher_wins(self) -> bool:
        """Plus/minus games are won by the highest total, penalty games by the lowest."""
        return self.scoring == "plus_minus"

    def house_rules(self, overrides: Mapping[str, Any] | None = None) -> HouseRules:
        """The variant's defaults with a table's ``overrides``, validated.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("romme_de").house_rules({"initial_min_points": 30}).initial_min_points
        30
        >>> find_variant("romme_de").house_rules({"wild_in_hand": 5})
        Traceback (most recent call last):
        ...
        scorepad.rules.switches.InvalidHouseRuleError: romme_de has no house rule 'wild_in_hand'
        """
        values = dict(self.defaults)
        if overrides is None:
            overrides = {}
        if not isinstance(overrides, Mapping):
            raise InvalidHouseRuleError("", "house_rules must be an object of switches")
        for key, value in overrides.items():
            if not isinstance(key, str):
                raise InvalidHouseRuleError(brief(key), "a house rule is named by text")
            if key not in self.defaults:
                if key in SWITCHES:
                    raise InvalidHouseRuleError(key, f"{self.id} has no house rule {key!r}")
                raise InvalidHouseRuleError(key, f"unknown house rule {brief(key)}")
            values[key] = SWITCHES[key].check(value)
        rules = HouseRules(**values)
        most = self.round_count
        if most is not None and rules.rounds is not None and rules.rounds > most:
            raise InvalidHouseRuleError("rounds", f"{self.id} has at most {most} rounds")
        return rules

    def changed(self, rules: HouseRules) -> dict[str, Any]:
        """The switches of ``rules`` that differ from this variant's defaults.

        >>> from scorepad.rules.variants import find_variant
        >>> v = find_variant("jolly_at")
        >>> v.changed(v.house_rules({"target": 300, "closer_bonus": 30}))
        {'target': 300}
        """
        base = self.house_rules().as_dict()
        return {k: v for k, v in rules.as_dict().items() if k in self.defaults and base[k] != v}

    def rule(self, topic: str) -> str:
        """A reference to the rule that decides ``topic`` in this variant.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("jolly_at").rule("set")
        'RULES.md §2.1 jolly_at, Meld: set (seed 000)'
        """
        row = self.topics.get(topic, _TOPIC_ROWS.get(topic, topic))
        return f"RULES.md §{self.section} {self.id}, {row} (seed {self.seed})"

    def turn_rule(self, topic: str) -> str:
        """A reference to the turn rule of RULES.md §8 on ``topic`` (``take``, ``layoff``,
        ``exchange``), named by the variant's row of §2 for the same thing.

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("jolly_at").turn_rule("take")
        'RULES.md §8.1 jolly_at, Draw (seed 000)'
        >>> find_variant("three_thirteen").turn_rule("layoff")
        'RULES.md §8.2 three_thirteen, Lay-off (seed 002)'
        """
        row = self.topics.get(topic, _TOPIC_ROWS.get(topic, topic))
        return f"RULES.md §{_TURN_SECTIONS[topic]} {self.id}, {row} (seed {self.seed})"

    def pack(self, rules: HouseRules, player_count: int, round: int | None = None) -> Pack:
        """The pack and deal for ``player_count`` players (and a 3-13 round).

        >>> from scorepad.rules.variants import find_variant
        >>> v = find_variant("rami_fr")
        >>> v.pack(v.house_rules(), 5)
        Pack(decks=3, jokers=6, hand_size=14, dealer_extra=0)
        """
        n = player_count
        decks, jokers, hand, extra = 2, 6, 13, 0
        if self.id == "jolly_at":
            hand = 11 if n >= 5 else 13
        elif self.id == "jolly_vorrat":
            hand = 12
        elif self.id == "three_thirteen":
            decks = 1 if n <= 2 else 2 if n <= 7 else 3
            jokers = 0
            hand = self.cards_dealt(round or 1)
        elif self.id == "romme_de":
            extra = 1
        elif self.id == "rami_fr":
            decks, jokers = (2, 4) if n <= 4 else (3, 6)
            hand = 14 if n in (2, 3, 5) else 12
        return Pack(
            decks=rules.decks if rules.decks is not None else decks,
            jokers=rules.jokers if rules.jokers is not None else jokers,
            hand_size=rules.hand_size if rules.hand_size is not None else hand,
            dealer_extra=extra,
        )


_TOPIC_ROWS = {
    "cards": "Card counts (§1)",
    "set": "Meld: set",
    "run": "Meld: run",
    "jokers": "Jokers in melds",
    "meld_values": "Values in melds",
    "initial": "Initial meld",
    "layoff": "Lay-off",
    "going_out": "Going out",
    "hand_win": "Handglatt",
    "score": "Round score",
    "end": "Game end",
    "take": "Draw",
    "exchange": "Joker exchange",
}

_TURN_SECTIONS = {"take": "8.1", "layoff": "8.2", "exchange": "8.3"}
