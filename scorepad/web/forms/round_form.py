"""The numbers of a round as a form: each player's melds and hand (or one net number), who
went out; and the round as the engine's ``players`` list, by numbers or by the cards of
:mod:`scorepad.web.forms.card_slots`."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from scorepad.game.checks import OVER_PACK, SUM_PATTERN, points_rules, whole
from scorepad.rules import Variant
from scorepad.web.forms.card_slots import CardSlot, PlayerCards
from scorepad.web.forms.fields import NumberText, not_negative, whole_number


class RoundForm(FlaskForm):  # type: ignore[misc]
    """The numbers of a round, player by player, with who went out; the fields of each
    player are added by :func:`round_form`."""


    closer = RadioField(_l("Went out"), validators=[Optional()], validate_choice=False)
    hand_win = BooleanField(_l("Won from the hand"))
    version = HiddenField()
    names: list[str]
    plus_minus: bool
    asks_melded: bool
    net: bool

    def row(self, i: int) -> dict[str, Any]:
        return {"meld": getattr(self, f"meld_{i}", None), "hand": getattr(self, f"hand_{i}", None),
                "melded": getattr(self, f"melded_{i}", None), "net": getattr(self, f"net_{i}", None)}

    def first_invalid(self) -> str | None:
        """The id of the first field with a problem, in the order of the page."""
        for i in range(len(self.names)):
            for f in self.row(i).values():
                if f is not None and f.errors:
                    return str(f.id)
        return None

    def problem_list(self) -> list[tuple[str, str]]:
        """Every field problem as (whose field, message), for the summary above Save."""
        out = []
        for i, name in enumerate(self.names):
            for f in self.row(i).values():
                if f is not None:
                    out += [(f"{name}, {f.label.text}", str(e)) for e in f.errors]
        out += [("", str(e)) for e in self.closer.errors]
        out += [("", str(e)) for e in self.hand_win.errors]
        return out

    def validate_numbers(self, cards: list[PlayerCards], limit: int | None = None) -> bool:
        """Validate; the number fields of a player entered by cards do not count.

        An empty field is "not entered", never 0: once the closer is chosen, every
        other player's hand (and, where melds score, every player's melds) must be
        typed. ``limit`` is the most points the whole pack is worth.
        """
        self.validate()
        closer = self.closer.data or ""
        for pc in cards:
            row = self.row(pc.index)
            if pc.by_cards:
                for f in row.values():
                    if f is not None:
                        f.errors = []
                continue
            name = self.names[pc.index]
            net = row["net"]
            if net is not None:
                if not net.errors and net.number() is None:
                    net.errors = [_l("Enter %(name)s's points for the round (0 if even).",
                                     name=name)]
                continue
            meld, hand = row["meld"], row["hand"]
            if (closer and closer != str(pc.index) and not hand.errors
                    and hand.number() is None):
                hand.errors = [_l("Enter the points left in %(name)s's hand.", name=name)]
            if (closer and meld is not None and not meld.errors and meld.number() is None):
                meld.errors = [_l("Enter %(name)s's meld points (0 if %(name)s laid nothing "
                                  "down).", name=name)]
            for f in (meld, hand):
                value = f.number() if f is not None and not f.errors else None
                if value is not None and OVER_PACK in points_rules(value, limit):
                    f.errors = [_l("More points than the whole pack is worth (%(n)d).",
                                   n=limit)]
        return not any(f.errors for f in self)

    def entry(self, cards: list[PlayerCards] | None = None) -> list[dict[str, Any]]:
        """The round as the engine's ``players`` list: numbers, or cards player by player."""
        closer = self.closer.data
        players = []
        for i, name in enumerate(self.names):
            p: dict[str, Any] = {"name": name, "went_out": closer == str(i),
                                 "hand_win": closer == str(i) and bool(self.hand_win.data)}
            if cards is not None and cards[i].by_cards:
                p["melds"] = [_meld_entry(slot) for slot in cards[i].melds
                              if slot.typed and slot.onto is None]
                p["hand"] = [t.card.code() for t in cards[i].hand.typed]
                players.append(p)
                continue
            if self.net:
                p["net"] = getattr(self, f"net_{i}").number()
                players.append(p)
                continue
            # An empty field stays out of the entry: the engine never guesses it as 0.
            hand = getattr(self, f"hand_{i}").number()
            if hand is not None:
                p["hand_points"] = hand
            if self.plus_minus:
                meld = getattr(self, f"meld_{i}").number()
                if meld is not None:
                    p["meld_points"] = meld
            if self.asks_melded:
                p["melded"] = bool(getattr(self, f"melded_{i}").data) or closer == str(i)
            players.append(p)
        return players


def _meld_entry(slot: CardSlot) -> Any:
    entries = [t.entry() for t in slot.typed]
    readings = slot.answer.readings if slot.answer else []
    choice = whole(slot.choice, 1, len(readings) - 1)
    if choice is not None and slot.answer is not None:
        reading = readings[choice]
        declared = [reading[k] for k, w in enumerate(slot.answer.wild) if w]
        return {"cards": entries, "jokers_as": declared}
    return entries


def round_form(names: list[str], variant: Variant, formdata: Any = None,
               data: dict[str, Any] | None = None, net: bool = False) -> RoundForm:
    """The numbers entry of a round for these players.

    ``net``: a plus/minus table that counts itself types one number per player,
    the round's score (see :func:`scorepad.game.scoreboard.score_net`).
    """

    class PlayersForm(RoundForm):
        pass

    plus_minus = variant.scoring == "plus_minus"
    net = net and plus_minus
    asks_melded = variant.asks_melded and not net
    PlayersForm.names, PlayersForm.plus_minus = names, plus_minus
    PlayersForm.asks_melded, PlayersForm.net = asks_melded, net
    for i, _name in enumerate(names):
        num = {"inputmode": "numeric", "autocomplete": "off", "size": 4, "enterkeyhint": "next",
               "data-sum": SUM_PATTERN, "data-plus": _l("Add up card by card (+)")}
        if net:
            setattr(PlayersForm, f"net_{i}", NumberText(
                _l("Points"), validators=[whole_number], render_kw=num | {"class": "net-input"}))
            continue
        if plus_minus:
            setattr(PlayersForm, f"meld_{i}", NumberText(
                _l("Melds +"), validators=[whole_number, not_negative], render_kw=num))
        setattr(PlayersForm, f"hand_{i}", NumberText(
            _l("Hand −") if plus_minus else _l("Penalty"),
            validators=[whole_number, not_negative], render_kw=num))
        if asks_melded:
            setattr(PlayersForm, f"melded_{i}", BooleanField(_l("has melded")))
    form: RoundForm = PlayersForm(formdata=formdata, data=data)
    form.closer.choices = [SelectChoice(str(i), n) for i, n in enumerate(names)]
    return form
