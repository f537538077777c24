"""The knobs a variant carries for the app agree with its switches and with the engine."""

from __future__ import annotations

import pytest

from scorepad.rules import VARIANTS, Card, InvalidHouseRuleError, Variant, rules_for
from scorepad.rules.cards import Rank

ALL = list(VARIANTS.values())


@pytest.mark.parametrize("v", ALL, ids=lambda v: v.id)
def test_a_hand_win_has_its_switches_and_its_words(v: Variant) -> None:
    assert v.has_hand_win == v.has_switch("hand_win_factor") == v.has_switch("hand_win_bonus")
    if v.hand_win is not None:
        assert v.hand_win.name and v.hand_win.name_de and v.hand_win.after and v.hand_win.claim
        assert v.hand_win_name("en") == v.hand_win.name
        assert v.hand_win_name("de") == v.hand_win.name_de
    else:
        assert v.hand_win_name("de") == ""


@pytest.mark.parametrize("v", ALL, ids=lambda v: v.id)
def test_melds_in_the_hand_mean_no_lay_offs_and_no_joker_exchange(v: Variant) -> None:
    if v.melds_in_hand:
        assert not v.has_layoffs and not v.has_joker_exchange and v.starts_by_cards
        assert not v.has_first_meld_rule and not v.owner_pays_layoffs


@pytest.mark.parametrize("v", ALL, ids=lambda v: v.id)
def test_asking_who_melded_is_asked_exactly_where_it_changes_a_score(v: Variant) -> None:
    rommé = v.hand_win is not None and v.hand_win.before_others_meld
    assert v.asks_melded == (rommé or v.has_switch("unmelded_surcharge"))


@pytest.mark.parametrize("v", ALL, ids=lambda v: v.id)
def test_each_deal_deals_its_cards_and_makes_its_rank_wild(v: Variant) -> None:
    if v.round_count is None:
        assert v.deals == range(0) and v.deal_of(4) is None and v.wild_rank(4) is None
        assert not v.wild_by_round
        return
    assert v.house_rules().rounds == v.round_count
    assert list(v.deals) == list(range(1, v.round_count + 1))
    for deal in v.deals:
        rules = rules_for(v, player_count=4, round=deal)
        assert rules.pack.hand_size == v.cards_dealt(deal)
        assert rules.wild_rank == v.wild_rank(deal) == Rank(v.cards_dealt(deal))
    assert v.deal_of(v.round_count + 3) == v.round_count  # a play-off replays the last deal
    assert v.deal_of(5, rounds=2) == 2
    with pytest.raises(InvalidHouseRuleError, match=f"{v.id} has at most {v.round_count} rounds"):
        v.house_rules({"rounds": v.round_count + 1})


@pytest.mark.parametrize("v", ALL, ids=lambda v: v.id)
def test_small_cards_are_worth_what_the_variant_says(v: Variant) -> None:
    rules = rules_for(v, player_count=4)
    seven = Card.parse("7h")
    worth = 7 if v.small_cards_worth is None else v.small_cards_worth
    assert rules.meld_value(seven, in_set=True) == worth
    assert rules.hand_value(seven) == worth
    assert rules.hand_value(Card.parse("10h")) == 10


def test_the_most_points_of_a_round_are_the_whole_pack_at_its_dearest() -> None:
    # Jolly: two packs of 52, every card at least 25 (an ace in a set), six jokers at 50.
    assert rules_for("jolly_at", player_count=4).most_points == 2 * 52 * 25 + 6 * 50
    # Rami at five: three packs and six jokers of 150 in the hand.
    assert rules_for("rami_fr", player_count=5).most_points == 3 * 52 * 25 + 6 * 150
    # A table that plays a joker dearer raises the bound with it.
    assert rules_for("romme_de", {"joker_in_hand": 100}).most_points == 2 * 52 * 25 + 6 * 100
