"""Scorepad's rules engine: melds, hands, rounds, standings and settlements of five rummy variants.

Pure Python, no web or database imports. The JSON contract of
``../shared/rules/ADJUDICATION.md`` is :func:`adjudicate`.

>>> from scorepad.rules import adjudicate
>>> adjudicate({"variant": "jolly_at", "check": "meld", "cards": "Qh Kh Ah"})["points"]
31
"""

from .arrange import Arrangement, arrange_hand
from .cards import JOKER, Card, InvalidCardError, Rank, Suit, format_cards, parse_card, parse_cards
from .contract import (
    CHECKS,
    MAX_CARDS,
    MAX_PLAYERS,
    RequestError,
    adjudicate,
    adjudicate_text,
    read_players,
)
from .limits import MAX_NAME_LENGTH, MAX_NUMBER, name_error
from .melds import InitialMeldCheck, MeldCheck, check_initial_meld, check_meld
from .problems import CODES, Problem
from .scoring import (
    Breakdown,
    Meld,
    MeldCard,
    PlayerRound,
    RoundResult,
    Standings,
    evaluate_hand,
    score_round,
    standings,
)
from .settlement import (
    MAX_SETTLEMENT_PLAYERS,
    MODES,
    InvalidSettlementError,
    Settlement,
    Stakes,
    Transfer,
    minimal_transfers,
    settle,
)
from .switches import SWITCHES, HouseRules, InvalidHouseRuleError, Switch
from .table import Rules, rules_for
from .turns import (
    ACTIONS,
    INITIAL_STATES,
    ExchangeCheck,
    GoingOutCheck,
    LayOff,
    LayOffCheck,
    TakeCheck,
    TurnError,
    check_exchange_joker,
    check_going_out,
    check_lay_off,
    check_take_discard,
    initial_meld_needed,
)
from .variant import Pack, Variant
from .variants import VARIANTS, UnknownVariantError, find_variant

__all__ = [
    "ACTIONS", "ExchangeCheck", "GoingOutCheck", "INITIAL_STATES", "LayOff", "LayOffCheck",
    "TakeCheck", "TurnError", "check_exchange_joker", "check_going_out", "check_lay_off",
    "check_take_discard",
    "initial_meld_needed",
    "Arrangement", "Breakdown", "CHECKS", "CODES", "Card", "HouseRules", "InitialMeldCheck",
    "InvalidCardError", "InvalidHouseRuleError", "InvalidSettlementError", "JOKER", "MAX_CARDS",
    "MAX_NAME_LENGTH", "MAX_NUMBER", "MAX_PLAYERS", "MAX_SETTLEMENT_PLAYERS", "MODES", "Meld",
    "MeldCard", "MeldCheck", "Pack", "PlayerRound", "Problem", "Rank", "RequestError",
    "RoundResult", "Rules", "SWITCHES", "Settlement", "Stakes", "Standings", "Suit", "Switch",
    "Transfer", "UnknownVariantError", "VARIANTS", "Variant", "adjudicate", "adjudicate_text",
    "arrange_hand", "check_initial_meld", "check_meld", "evaluate_hand", "find_variant",
    "format_cards", "minimal_transfers", "name_error", "parse_card", "parse_cards", "read_players", "rules_for",
    "score_round", "settle", "standings",
]
