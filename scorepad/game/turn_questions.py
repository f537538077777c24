"""The referee's questions of a turn (RULES.md §8): may I take from the discard pile, lay
this off, swap the joker? Each answers the engine's ruling as a typed value; ``turn_asks``
says what each asks at a table (only what the variant's rule needs)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from flask_babel import gettext as _

from scorepad.game.checks import whole
from scorepad.game.questions import (
    Table,
    Unasked,
    cards_of,
    first_state,
    judged,
    lay_off_line,
    left_on_table,
    meld_lines,
    melds_of,
    needed_cards,
    table_meld,
)
from scorepad.rules import (
    Card,
    ExchangeCheck,
    LayOff,
    LayOffCheck,
    Problem,
    TakeCheck,
    check_exchange_joker,
    check_lay_off,
    check_take_discard,
    initial_meld_needed,
)

# -- the questions of a turn (RULES.md §8) ------------------------------------------------


@dataclass(frozen=True)
class TurnAsks:
    """What each turn question asks at this table: only what the variant's rule needs.

    ``no_layoff`` and ``no_exchange`` are said at once where the variant has no
    lay-offs or no joker exchange; ``row``: the discards lie in a row (said so, not
    "the discard pile")."""

    take_first: bool
    take_count: bool
    take_hand: bool
    take_melds: bool
    take_layoffs: bool
    layoffs: bool
    layoff_first: bool
    layoff_owner: bool
    exchange: bool
    exchange_first: bool
    joker_melded: bool
    pile_low: int
    row: bool
    no_layoff: tuple[Problem, ...] = field(default=())
    no_exchange: tuple[Problem, ...] = field(default=())


def turn_asks(table: Table) -> TurnAsks:
    rules = table.rules()
    v = table.variant
    h = rules.house
    return TurnAsks(
        take_first=initial_meld_needed(rules, "take_discard"),
        take_count=h.take_depth == "any",
        take_hand=h.hand_limit is not None or not h.take_with_one_card,
        # Melds matter where the card must be used, or where they may be the first meld.
        take_melds=h.take_must_use != "off" or bool(rules.first_meld_rule
                                                     and h.take_before_initial_meld),
        take_layoffs=h.take_must_use != "off" and v.has_layoffs,
        layoffs=v.has_layoffs,
        layoff_first=initial_meld_needed(rules, "lay_off"),
        layoff_owner=v.owner_pays_layoffs,
        exchange=v.has_joker_exchange and h.joker_exchange != "off",
        exchange_first=initial_meld_needed(rules, "exchange_joker"),
        joker_melded=h.exchanged_joker_to == "new_meld",
        pile_low=h.take_min_pile_value,
        row=v.discard_row,
        no_layoff=(Problem("LAYOFF_NOT_ALLOWED", v.turn_rule("layoff"), {"reason": "turn"}),),
        no_exchange=(Problem("EXCHANGE_NOT_ALLOWED", v.turn_rule("exchange"),
                             {"switch": "joker_exchange"} if v.has_joker_exchange
                             else {"reason": "wild"}),),
    )


def ask_take(table: Table, values: Mapping[str, str]) -> TakeCheck:
    rules = table.rules()
    asks = turn_asks(table)
    if asks.row:  # Jolly with discard row: left to right, taken from the right end
        pile = needed_cards(values, "pile", _("The discard row"),
                            _("Type the discard row as it lies, from left to right."))
    else:
        pile = needed_cards(values, "pile", _("The discard pile"),
                            _("Type the discard pile as it lies, the oldest card first."))
    count = 1
    if asks.take_count:
        taken = whole(values.get("count", "").strip() or "1", 1, len(pile))
        if taken is None:
            raise Unasked(_("How many cards: a number from 1 to %(n)d (the cards in the "
                            "discard row).", n=len(pile)) if asks.row else
                          _("How many cards: a number from 1 to %(n)d (the cards in the "
                            "pile).", n=len(pile)))
        count = taken
    hand: int | None = None
    if asks.take_hand:
        hand = whole(values.get("hand", ""), 1, 200)
        if hand is None:
            raise Unasked(_("Cards in your hand: a number, like 11."))
    state = first_state(values, ("none", "earlier")) if asks.take_first else None
    melds = melds_of(values.get("melds", ""), _("Melds")) if asks.take_melds else []
    lay_offs = []
    if asks.take_layoffs:
        for i, line in enumerate(meld_lines(values.get("layoffs", "")), 1):
            what = _("Lay-offs, line %(n)d", n=i)
            on_table, mine = lay_off_line(line, what)
            lay_offs.append(LayOff(tuple(table_meld(on_table, what, rules)),
                                   tuple(cards_of(mine, what))))
    check: TakeCheck = judged(check_take_discard, pile, rules, take=count,
                               initial_meld=state, hand_count=hand, melds=melds,
                               lay_offs=lay_offs)
    return check


@dataclass(frozen=True)
class LayOffAnswer:
    """May I lay this off: the engine's :class:`LayOffCheck`; ``meld`` the cards the
    lay-off leaves on the table, when it is legal."""

    check: LayOffCheck

    @property
    def legal(self) -> bool:
        return self.check.legal

    @property
    def meld(self) -> tuple[Card, ...] | None:
        return left_on_table(self.check.meld)

    @property
    def points(self) -> int | None:
        return self.check.points

    @property
    def credit(self) -> str | None:
        return self.check.credit

    @property
    def pay(self) -> int:
        return self.check.pay

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.check.problems


def ask_layoff(table: Table, values: Mapping[str, str]) -> LayOffAnswer:
    rules = table.rules()
    asks = turn_asks(table)
    if not asks.layoffs:
        return LayOffAnswer(LayOffCheck(False, None, None, None, 0, asks.no_layoff))
    # The one notation typed into the meld's field (``5h 6h 7h: 8h``) is read as every
    # other lay-off field of the referee reads it; a name before the colon is answered so.
    what, on_table, typed = _("The meld on the table"), values.get("onto", ""), ""
    if ":" in on_table or "+" in on_table:
        on_table, typed = lay_off_line(on_table, what)
    onto = table_meld(on_table, what, rules)
    cards = cards_of(typed, what) + cards_of(values.get("cards", ""), _("Your cards"))
    if not cards:
        raise Unasked(_("Type the cards you want to lay off, like 9h."))
    state = first_state(values, ("none", "this_turn", "earlier")) if asks.layoff_first else None
    owner = "self" if values.get("owner") == "self" else "other"
    return LayOffAnswer(judged(check_lay_off, onto, cards, rules, owner=owner,
                                initial_meld=state))


@dataclass(frozen=True)
class ExchangeAnswer:
    """May I swap the joker: the engine's :class:`ExchangeCheck`; ``meld`` the cards the
    exchange leaves on the table, when it is legal."""

    check: ExchangeCheck

    @property
    def legal(self) -> bool:
        return self.check.legal

    @property
    def joker_to(self) -> str:
        return self.check.joker_to

    @property
    def meld(self) -> tuple[Card, ...] | None:
        return left_on_table(self.check.meld)

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.check.problems


def ask_exchange(table: Table, values: Mapping[str, str]) -> ExchangeAnswer:
    rules = table.rules()
    asks = turn_asks(table)
    if not asks.exchange:
        return ExchangeAnswer(ExchangeCheck(False, None, "hand", 0, None, asks.no_exchange))
    meld = table_meld(values.get("meld", ""), _("The meld with the joker"), rules)
    cards = needed_cards(values, "cards", _("Your cards"),
                          _("Type the card you put in for the joker, like 7h."))
    if any(c.is_joker for c in cards):
        raise Unasked(_("A joker is exchanged for a natural card, not for a joker."))
    new_meld = cards_of(values.get("new_meld", ""), _("The new meld"))
    if new_meld and not any(c.is_joker for c in new_meld):
        raise Unasked(_("The new meld must hold the freed joker (JK)."))
    state = first_state(values, ("none", "this_turn", "earlier")) if asks.exchange_first else None
    return ExchangeAnswer(judged(check_exchange_joker, meld, cards, rules, initial_meld=state,
                                  new_meld=new_meld or None))
