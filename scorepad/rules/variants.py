"""The five variants of RULES.md §2: :data:`VARIANTS` and :func:`find_variant`.

Each is a :class:`~scorepad.rules.variant.Variant` with its defaults (RULES.md §4);
the switches are in :mod:`scorepad.rules.switches`, a table's rules
(:class:`~scorepad.rules.table.Rules`, :func:`~scorepad.rules.table.rules_for`)
in :mod:`scorepad.rules.table`.
"""

from __future__ import annotations

from typing import Any

from .variant import N_, HandWin, Variant

__all__ = ["UnknownVariantError", "VARIANTS", "find_variant"]


class UnknownVariantError(ValueError):
    """A variant id that Scorepad does not know."""

    def __init__(self, name: object) -> None:
        self.name = name
        known = ", ".join(VARIANTS)
        super().__init__(f"unknown variant {name!r}; known variants: {known}")


_COMMON: dict[str, Any] = {
    "decks": None, "jokers": None, "hand_size": None, "joker_declaration": "auto",
    "wraparound": False, "max_jokers_per_meld": None, "rounds": None,
}

VARIANTS: dict[str, Variant] = {v.id: v for v in (
    Variant(
        id="jolly_at", name="Jolly (Austria)", name_de="Jolly (Österreich)", seed="000", section="2.1", scoring="plus_minus",
        summary_en="Plus/minus points, 30 to come out, +30 for closing, Handglatt doubles.",
        summary_de="Plus- und Minuspunkte, 30 zum Auslegen, +30 fürs Ausgehen, Handglatt verdoppelt.",
        min_players=2, max_players=6,
        hand_win=HandWin(N_("Handglatt"), "Handglatt", N_("Handglatt"),
                         N_("Handglatt: went out from the hand")),
        defaults=_COMMON | {
            "min_naturals": 2, "max_adjacent_jokers": None, "set_max_size": 4,
            "set_distinct_suits": True, "ace_high": True, "ace_both_ends": True,
            "max_run_length": None, "initial_min_points": 30, "initial_clean_run": "off",
            "hand_win_waives_minimum": True, "layoff_credit": "layer", "ace_in_set": 25,
            "ace_low_run_value": 1, "ace_high_run_value": 11, "closer_bonus": 30,
            "hand_win_bonus": 60, "hand_win_factor": 2, "ace_in_hand": 25, "joker_in_hand": 50,
            "target": 500, "target_reached_when": ">", "tie": "playoff",
            "take_before_initial_meld": False, "take_depth": "any", "take_must_use": "off",
            "take_min_pile_value": 0, "take_with_one_card": True, "hand_limit": 20,
            "layoff_from": "next_turn", "completed_melds_closed": False,
            "joker_exchange": "four_only", "exchange_from": "next_turn",
            "exchanged_joker_to": "hand",
        },
    ),
    Variant(
        id="jolly_vorrat", name="Jolly with Vorratsreihe", name_de="Jolly mit Vorratsreihe",
        seed="001", section="2.2",
        scoring="plus_minus",
        summary_en="A discard row to draw from, 5/10-point cards, laid-off cards score for "
                   "the meld's owner, +50 for closing.",
        summary_de="Vorratsreihe zum Aufnehmen, Karten zählen 5/10, angelegte Karten zählen "
                   "für den Besitzer der Meldung, +50 fürs Ausgehen.",
        min_players=2, max_players=6,
        topics={"set": "Meld: set (Gruppe)", "run": "Meld: run (Reihe)",
                "jokers": "Jollys in melds", "hand_win": "Handglatt"},
        owner_pays_layoffs=True, small_cards_worth=5, discard_row=True,
        defaults=_COMMON | {
            "min_naturals": 2, "max_adjacent_jokers": None, "set_max_size": 4,
            "set_distinct_suits": True, "ace_high": True, "ace_both_ends": False,
            "max_run_length": 13, "initial_min_points": 0, "initial_clean_run": "off",
            "layoff_credit": "owner", "ace_in_set": 25, "ace_low_run_value": 5,
            "ace_high_run_value": 10, "closer_bonus": 50, "ace_in_hand": 10,
            "joker_in_hand": 50, "target": 500, "target_reached_when": ">=", "tie": "playoff",
            "take_before_initial_meld": True, "take_depth": "any",
            "take_must_use": "meld_or_layoff", "take_min_pile_value": 30,
            "take_with_one_card": True, "hand_limit": None, "layoff_from": "any_time",
            "completed_melds_closed": True, "joker_exchange": "off", "exchange_from": "next_turn",
            "exchanged_joker_to": "hand",
        },
    ),
    Variant(
        id="three_thirteen", name="Three Thirteen (3-13)", name_de="3-13 (Three Thirteen)",
        seed="002", section="2.3",
        scoring="penalty",
        summary_en="11 rounds of 3 to 13 cards, a new wild rank each round, lowest total wins.",
        summary_de="11 Runden mit 3 bis 13 Karten, jede Runde ist ein anderer Rang wild, "
                   "die niedrigste Summe gewinnt.",
        min_players=2, max_players=8,
        topics={"set": "Set", "run": "Run", "jokers": "Wilds", "layoff": "Lay-off",
                "score": "Penalty", "hand_win": "Going out", "going_out": "Going out",
                "cards": "Rounds / deal", "take": "Turn"},
        round_count=11, wild_by_round=True, melds_in_hand=True,
        defaults=_COMMON | {
            "min_naturals": 0, "max_adjacent_jokers": None, "all_wild_meld": True,
            "set_max_size": None, "set_distinct_suits": False, "ace_high": False,
            "max_run_length": 13, "closer_bonus": 0, "ace_in_hand": 1, "joker_in_hand": 20,
            "wild_in_hand": "face", "court_values": (10, 10, 10), "target": None,
            "rounds": 11, "tie": "shared",
            "take_before_initial_meld": True, "take_depth": "top", "take_must_use": "off",
            "take_min_pile_value": 0, "take_with_one_card": True, "hand_limit": None,
        },
    ),
    Variant(
        id="romme_de", name="Rommé", name_de="Rommé", seed="003", section="2.4", scoring="penalty",
        final_discard="optional",  # "if need be" (en.wikipedia), RULES.md §2.4
        summary_en="Penalty points, 40 to come out, Hand-Rommé doubles the others' hands, "
                   "lowest total wins.",
        summary_de="Minuspunkte, 40 zum Auslegen, Hand-Rommé verdoppelt die anderen Hände, "
                   "die niedrigste Summe gewinnt.",
        min_players=2, max_players=6,
        topics={"set": "Set", "run": "Run", "jokers": "Jokers", "hand_win": "Hand-Rommé",
                "score": "Penalty", "meld_values": "Initial-meld values"},
        hand_win=HandWin(N_("Hand-Rommé"), "Hand-Rommé", N_("Hand-Rommé"),
                         N_("Hand-Rommé: went out from the hand"), before_others_meld=True),
        asks_melded=True,
        defaults=_COMMON | {
            "min_naturals": 2, "max_adjacent_jokers": 2, "set_max_size": 4,
            "set_distinct_suits": True, "ace_high": True, "ace_both_ends": True,
            "max_run_length": None, "initial_min_points": 40, "initial_clean_run": "off",
            "hand_win_waives_minimum": True, "ace_in_set": 11, "ace_low_run_value": 1,
            "ace_high_run_value": 11, "closer_bonus": 0, "hand_win_bonus": 0,
            "hand_win_factor": 2, "ace_in_hand": 11, "joker_in_hand": 20, "target": 500,
            "target_reached_when": ">", "tie": "shared",
            "take_before_initial_meld": True, "take_depth": "top", "take_must_use": "off",
            "take_min_pile_value": 0, "take_with_one_card": True, "hand_limit": None,
            "layoff_from": "initial_meld", "completed_melds_closed": False,
            "joker_exchange": "any_missing_suit", "exchange_from": "initial_meld",
            "exchanged_joker_to": "new_meld",
        },
    ),
    Variant(
        id="rami_fr", name="Rami (French)", name_de="Rami (Frankreich)", seed="004", section="2.5", scoring="penalty",
        final_discard="optional",  # as romme_de: 004 and rummy.ch are silent (AMB-F1)
        summary_en="51 with a clean run to come out, joker 150 in the hand, +100/+200 "
                   "surcharges, lowest total wins.",
        summary_de="51 mit einer echten Folge zum Auslegen, ein Joker auf der Hand kostet 150, "
                   "+100/+200 Zuschläge, die niedrigste Summe gewinnt.",
        min_players=2, max_players=6,
        topics={"set": "Melds", "run": "Melds", "jokers": "Melds",
                "meld_values": "Values in melds", "hand_win": "Rummy gehen",
                "score": "Penalty for each loser"},
        hand_win=HandWin(N_("rummy"), "Rummy", N_("a rummy"), N_("Rummy: went out in one turn"),
                         needs_clean_run=True),
        asks_melded=True,
        defaults=_COMMON | {
            "min_naturals": 2, "max_adjacent_jokers": 2, "set_max_size": 4,
            "set_distinct_suits": True, "ace_high": True, "ace_both_ends": True,
            "max_run_length": None, "initial_min_points": 51, "initial_clean_run": "strict",
            "hand_win_waives_minimum": True, "ace_in_set": 11, "ace_low_run_value": 1,
            "ace_high_run_value": 11, "closer_bonus": 0, "hand_win_bonus": 0,
            "hand_win_factor": 1, "ace_in_hand": 11, "joker_in_hand": 150,
            "unmelded_surcharge": 100, "rummy_surcharge": 100,
            "rummy_no_melds_surcharge": 200, "rummy_no_melds_replaces": "rummy_only",
            "target": 1000, "target_reached_when": ">", "tie": "shared",
            "take_before_initial_meld": True, "take_depth": "top", "take_must_use": "new_meld",
            "take_min_pile_value": 0, "take_with_one_card": False, "hand_limit": None,
            "layoff_from": "initial_meld", "completed_melds_closed": False,
            "joker_exchange": "both_missing", "exchange_from": "initial_meld",
            "exchanged_joker_to": "new_meld",
        },
    ),
)}


def find_variant(name: str) -> Variant:
    """The variant with id ``name``.

    >>> find_variant("jolly_at").scoring
    'plus_minus'
    >>> find_variant("gin_rummy")
    Traceback (most recent call last):
    ...
    scorepad.rules.variants.UnknownVariantError: unknown variant 'gin_rummy'; known variants: jolly_at, jolly_vorrat, three_thirteen, romme_de, rami_fr
    """
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise UnknownVariantError(name) from None

