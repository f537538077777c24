"""The app's forms, one module per form: the new game (:mod:`.game_form`), a round's
numbers (:mod:`.round_form`) and its fields of cards (:mod:`.card_slots`); the fields they
share in :mod:`.fields`. Their rules are those of :mod:`scorepad.game.checks`."""

from scorepad.web.forms.card_slots import (
    CardSlot,
    MeldAnswer,
    PlayerCards,
    check_slot,
    game_names,
    place_layoffs,
    read_cards,
)
from scorepad.web.forms.game_form import NewGameForm, new_game_form
from scorepad.web.forms.round_form import RoundForm, round_form

__all__ = ["CardSlot", "MeldAnswer", "NewGameForm", "PlayerCards", "RoundForm", "check_slot",
           "game_names", "new_game_form", "place_layoffs", "read_cards", "round_form"]
