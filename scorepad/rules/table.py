"""A table's rules: a variant with its house rules, a player count and (in 3-13) a round.

Everything that depends on those (the pack, the wild rank, what a card is worth
in a meld or in the hand) is answered by :class:`Rules`; :func:`rules_for`
builds one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from .cards import JOKER, Card, Rank, Suit
from .switches import HouseRules
from .variant import Pack, Variant
from .variants import find_variant

__all__ = ["Rules", "rules_for"]


_FACE_TEN = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})


@dataclass(frozen=True, slots=True)
class Rules:
    """A variant with its house rules, at a table of ``player_count``, in a round.

    >>> r = rules_for("three_thirteen", round=5)
    >>> r.wild_rank, r.pack.hand_size
    (<Rank.SEVEN: 7>, 7)
    """

    variant: Variant
    house: HouseRules
    player_count: int = 4
    round: int | None = None

    @property
    def pack(self) -> Pack:
        """The pack and deal at this table."""
        return self.variant.pack(self.house, self.player_count, self.round)

    @property
    def wild_rank(self) -> Rank | None:
        """In 3-13, the rank that is wild this round (round + 2); elsewhere ``None``."""
        return self.variant.wild_rank(self.round)

    @property
    def wild_word(self) -> bool:
        """True where wild cards, not only jokers, are wild (3-13)."""
        return self.variant.wild_by_round

    def is_wild(self, card: Card) -> bool:
        """A joker, or in 3-13 a card of the round's wild rank.

        >>> rules_for("three_thirteen", round=1).is_wild(Card.parse("3s"))
        True
        """
        return card.is_joker or (card.rank is not None and card.rank == self.wild_rank)

    @property
    def set_limit(self) -> int | None:
        """Most cards a set may hold (``None``: no limit).

        ``set_max_size``, and where every suit may appear only once never more
        than the four suits, whatever ``set_max_size`` says: a joker in a set
        stands for a missing suit too.

        >>> rules_for("jolly_at", {"set_max_size": None}).set_limit
        4
        >>> rules_for("three_thirteen", round=1).set_limit is None
        True
        """
        size = self.house.set_max_size
        if self.house.set_distinct_suits:
            return 4 if size is None else min(size, 4)
        return size

    @property
    def first_meld_rule(self) -> bool:
        """Whether a player's first meld must meet a condition here (points or a run).

        >>> rules_for("rami_fr").first_meld_rule, rules_for("jolly_vorrat").first_meld_rule
        (True, False)
        >>> rules_for("jolly_vorrat", {"initial_min_points": 30}).first_meld_rule
        True
        """
        h = self.house
        return self.variant.has_switch("initial_min_points") and (
            h.initial_min_points > 0 or h.initial_clean_run != "off")

    @property
    def most_points(self) -> int:
        """More points than one player's number in a round can be: every card of the pack
        at its highest value (its hand value, or 25 for an ace in a set).

        >>> rules_for("rami_fr", player_count=4).most_points, rules_for("rami_fr", player_count=6).most_points
        (3200, 4800)
        """
        pack = self.pack
        naturals = sum(max(self.hand_value(Card(rank, suit)), 25) for rank in Rank for suit in Suit)
        return naturals * pack.decks + pack.jokers * max(self.hand_value(JOKER), 25)

    def with_round(self, round: int | None) -> Rules:
        """The same table in another round."""
        return replace(self, round=round)

    def meld_value(self, card: Card, *, in_set: bool, position: int = 0) -> int:
        """What ``card`` (a natural card, or the card a joker stands for) is worth in a meld.

        ``position`` is the card's place in a run: 1 for a low ace, 14 for a high one.

        >>> r = rules_for("jolly_at")
        >>> r.meld_value(Card.parse("Ah"), in_set=True), r.meld_value(Card.parse("Ah"), in_set=False, position=14)
        (25, 11)
        """
        rank = card.rank
        if rank is None:
            raise ValueError("a joker's meld value is the value of the card it stands for")
        h = self.house
        if rank == Rank.ACE:
            if in_set:
                return h.ace_in_set
            return h.ace_high_run_value if position == 14 else h.ace_low_run_value
        return self._face_value(rank)

    def _face_value(self, rank: Rank) -> int:
        """A card from 2 to king: 10 for the court cards and the ten, else its face or what
        the variant makes every small card worth."""
        if rank in _FACE_TEN:
            return 10
        small = self.variant.small_cards_worth
        return int(rank) if small is None else small

    def hand_value(self, card: Card) -> int:
        """What ``card`` costs when it is left in the hand at the end of the round.

        >>> r = rules_for("jolly_at")
        >>> r.hand_value(Card.parse("As")), r.hand_value(Card.parse("JK")), r.hand_value(Card.parse("10c"))
        (25, 50, 10)
        """
        h = self.house
        rank = card.rank
        if rank is None:
            return h.joker_in_hand
        if rank == self.wild_rank and h.wild_in_hand != "face":
            return int(h.wild_in_hand)
        if rank == Rank.ACE:
            return h.ace_in_hand
        if self.variant.id == "three_thirteen" and rank >= Rank.JACK:
            return h.court_values[rank - Rank.JACK]
        return self._face_value(rank)


def rules_for(variant: str | Variant, house_rules: Mapping[str, Any] | None = None, *,
              player_count: int = 4, round: int | None = None) -> Rules:
    """Bind a variant and a table's house rules to a player count and round.

    >>> rules_for("romme_de", {"joker_in_hand": 25}).hand_value(Card.parse("JK"))
    25
    """
    v = variant if isinstance(variant, Variant) else find_variant(variant)
    return Rules(v, v.house_rules(house_rules), player_count, round)
