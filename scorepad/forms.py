"""WTForms classes. Their fields depend on the variant (house rules) and the game (players),
so each is built by a function; validators call the rules engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    ValidationError,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from .cardtext import Typed, typed_text
from .rules import SWITCHES, InvalidHouseRuleError, Variant

MAX_NAME = 40


class NumberText(StringField):  # type: ignore[misc]
    """A whole number typed on a phone: empty allowed, spaces and a leading + ignored.

    Kept as text so that what the player typed comes back unchanged when it is wrong.
    """

    def number(self) -> int | None:
        text = (self.data or "").strip().replace(" ", "").replace("\u2212", "-").lstrip("+")
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            return None


def _whole_number(form: Any, field: Field) -> None:
    text = (field.data or "").strip()
    if text and field.number() is None:
        raise ValidationError(_l("Enter a whole number, like 25."))
    value = field.number()
    if value is not None and abs(value) > 100_000:
        raise ValidationError(_l("That number is too large for one round."))


def _not_negative(form: Any, field: Field) -> None:
    value = field.number()
    if value is not None and value < 0:
        raise ValidationError(_l("Enter the points without a minus sign."))


class NewGameBase(FlaskForm):  # type: ignore[misc]
    first_dealer = SelectField(_l("First dealer"), coerce=int, default=0)

    variant: Variant
    player_slots: int

    def player_names(self) -> list[str]:
        names = []
        for i in range(self.player_slots):
            value = (getattr(self, f"player_{i}").data or "").strip()
            if value:
                names.append(" ".join(value.split()))
        return names

    def validate(self, extra_validators: Any = None) -> bool:
        ok: bool = super().validate(extra_validators)
        names = self.player_names()
        v = self.variant
        first = self.player_0
        if len(names) < v.min_players:
            first.errors = list(first.errors) + [
                _l("Enter at least %(n)d players.", n=v.min_players)]
            ok = False
        seen: set[str] = set()
        for i in range(self.player_slots):
            field = getattr(self, f"player_{i}")
            value = " ".join((field.data or "").split())
            if not value:
                continue
            if value.casefold() in seen:
                field.errors = list(field.errors) + [_l("Two players cannot have the same name.")]
                ok = False
            seen.add(value.casefold())
        if names and self.first_dealer.data >= len(names):
            self.first_dealer.errors = list(self.first_dealer.errors) + [
                _l("Choose one of the players.")]
            ok = False
        try:
            v.house_rules(self.house_rules())
        except InvalidHouseRuleError as e:
            field = getattr(self, f"hr_{e.key}", None) or self.first_dealer
            field.errors = list(field.errors) + [str(e)]
            ok = False
        return ok

    def house_rules(self) -> dict[str, Any]:
        """The switches that differ from the variant's defaults."""
        defaults = self.variant.house_rules().as_dict()
        out: dict[str, Any] = {}
        for switch in self.variant.switches:
            field = getattr(self, f"hr_{switch.key}")
            value = _switch_value(switch.kind, field)
            if value is _INVALID:
                continue
            if value != defaults[switch.key]:
                out[switch.key] = value
        return out


_INVALID = object()


def _switch_value(kind: str, field: Field) -> Any:
    if kind == "bool":
        return bool(field.data)
    if kind == "choice":
        return field.data
    text = (field.data or "").strip()
    if kind in ("int", "int?"):
        if not text:
            return None if kind == "int?" else _INVALID
        try:
            return int(text)
        except ValueError:
            return _INVALID
    if kind == "face_or_int":
        return "face" if text in ("", "face") else (int(text) if text.isdigit() else _INVALID)
    if kind == "court":
        parts = text.replace(",", " ").split()
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            return [int(p) for p in parts]
        return _INVALID
    return _INVALID


def _switch_check(kind: str) -> Any:
    def check(form: Any, field: Field) -> None:
        if _switch_value(kind, field) is _INVALID:
            if kind == "court":
                raise ValidationError(_l("Enter three numbers for J, Q and K, like 10 10 10."))
            raise ValidationError(_l("Enter a whole number."))
    return check


def new_game_form(variant: Variant, formdata: Any = None) -> NewGameBase:
    """The new-game form for ``variant``: players, first dealer, every house rule prefilled."""
    slots = variant.max_players
    defaults = variant.house_rules().as_dict()
    attrs: dict[str, Any] = {"variant": variant, "player_slots": slots}
    for i in range(slots):
        attrs[f"player_{i}"] = StringField(_l("Player %(n)d", n=i + 1),
                                           filters=[lambda s: s.strip() if s else s],
                                           render_kw={"maxlength": MAX_NAME,
                                                      "autocomplete": "off"})
    for switch in variant.switches:
        default = defaults[switch.key]
        label = switch.key
        if switch.kind == "bool":
            attrs[f"hr_{switch.key}"] = BooleanField(label, default=default)
        elif switch.kind == "choice":
            attrs[f"hr_{switch.key}"] = SelectField(
                label, choices=[SelectChoice(c, c) for c in switch.choices], default=default)
        else:
            shown = "" if default is None else (
                " ".join(map(str, default)) if isinstance(default, (list, tuple)) else str(default))
            attrs[f"hr_{switch.key}"] = StringField(
                label, default=shown, validators=[_switch_check(switch.kind)],
                render_kw={"inputmode": "numeric"} if switch.kind != "court" else {})
    cls = type(f"NewGame_{variant.id}", (NewGameBase,), attrs)
    form: NewGameBase = cls(formdata=formdata)
    form.first_dealer.choices = [SelectChoice(i, str(i + 1)) for i in range(slots)]
    return form


def switch_help(key: str, lang: str) -> str:
    s = SWITCHES[key]
    return s.help_de if lang == "de" else s.help_en


class RoundBase(FlaskForm):  # type: ignore[misc]
    closer = RadioField(_l("Went out"), validators=[Optional()], validate_choice=False)
    hand_win = BooleanField(_l("Won from the hand"))
    version = HiddenField()
    names: list[str]
    plus_minus: bool
    asks_melded: bool

    def row(self, i: int) -> dict[str, Any]:
        return {"meld": getattr(self, f"meld_{i}", None), "hand": getattr(self, f"hand_{i}"),
                "melded": getattr(self, f"melded_{i}", None)}

    def validate_numbers(self, cards: list[PlayerCards]) -> bool:
        """Validate; the number fields of a player entered by cards do not count."""
        self.validate()
        for pc in cards:
            if pc.by_cards:
                for f in self.row(pc.index).values():
                    if f is not None:
                        f.errors = []
        return not any(f.errors for f in self)

    def entry(self, cards: list[PlayerCards] | None = None) -> list[dict[str, Any]]:
        """The round as the engine's ``players`` list: numbers, or cards player by player."""
        closer = self.closer.data
        players = []
        for i, name in enumerate(self.names):
            p: dict[str, Any] = {"name": name, "went_out": closer == str(i),
                                 "hand_win": closer == str(i) and bool(self.hand_win.data)}
            if cards is not None and cards[i].by_cards:
                p["melds"] = [_meld_entry(slot) for slot in cards[i].melds if slot.typed]
                p["hand"] = [t.card.code() for t in cards[i].hand.typed]
                players.append(p)
                continue
            hand = getattr(self, f"hand_{i}").number()
            p["hand_points"] = hand if hand is not None else 0
            if self.plus_minus:
                meld = getattr(self, f"meld_{i}").number()
                p["meld_points"] = meld if meld is not None else 0
            if self.asks_melded:
                p["melded"] = bool(getattr(self, f"melded_{i}").data) or closer == str(i)
            players.append(p)
        return players


def _meld_entry(slot: CardSlot) -> Any:
    entries = [t.entry() for t in slot.typed]
    readings = (slot.answer or {}).get("readings") or []
    if slot.choice.isdigit() and 0 < int(slot.choice) < len(readings):
        reading = readings[int(slot.choice)]
        wild = (slot.answer or {}).get("wild") or []
        declared = [reading[k] for k, w in enumerate(wild) if w]
        return {"cards": entries, "jokers_as": declared}
    return entries


def round_form(names: list[str], variant: Variant, formdata: Any = None,
               data: dict[str, Any] | None = None) -> RoundBase:
    """The numbers entry of a round for these players."""
    plus_minus = variant.scoring == "plus_minus"
    asks_melded = variant.id in ("romme_de", "rami_fr")
    attrs: dict[str, Any] = {"names": names, "plus_minus": plus_minus, "asks_melded": asks_melded}
    for i, _name in enumerate(names):
        num = {"inputmode": "numeric", "autocomplete": "off", "size": 4}
        if plus_minus:
            attrs[f"meld_{i}"] = NumberText(_l("Melds +"), validators=[_whole_number, _not_negative],
                                            render_kw=num)
        attrs[f"hand_{i}"] = NumberText(_l("Hand −") if plus_minus else _l("Penalty"),
                                        validators=[_whole_number, _not_negative], render_kw=num)
        if asks_melded:
            attrs[f"melded_{i}"] = BooleanField(_l("has melded"))
    cls = type("RoundNumbers", (RoundBase,), attrs)
    form: RoundBase = cls(formdata=formdata, data=data)
    form.closer.choices = [SelectChoice(str(i), n) for i, n in enumerate(names)]
    return form



MAX_MELDS = 20


@dataclass
class CardSlot:
    """A text field of cards: one meld, or a hand; with what the engine said of it."""

    name: str
    text: str = ""
    choice: str = ""
    error: str | None = None
    typed: list[Typed] = field(default_factory=list)
    answer: dict[str, Any] | None = None

    @property
    def empty(self) -> bool:
        return not self.text.strip()


@dataclass
class PlayerCards:
    """One player's cards as typed: their melds (with lay-offs) and their hand."""

    index: int
    mode: str
    melds: list[CardSlot]
    hand: CardSlot

    @property
    def by_cards(self) -> bool:
        return self.mode == "cards"


def read_cards(names: list[str], formdata: Any = None,
               stored: list[dict[str, Any]] | None = None) -> list[PlayerCards]:
    """The cards part of the round form, from a post or from a stored round."""
    out = []
    for i, name in enumerate(names):
        if formdata is not None:
            mode = formdata.get(f"mode_{i}", "numbers")
            try:
                count = int(formdata.get(f"melds_{i}", "1"))
            except ValueError:
                count = 1
            if formdata.get("action") == f"add_meld_{i}":
                count += 1
            count = max(1, min(count, MAX_MELDS))
            melds = [CardSlot(f"p{i}_meld{j}", formdata.get(f"p{i}_meld{j}", "")[:400],
                              formdata.get(f"p{i}_meld{j}_reading", "")[:4])
                     for j in range(count)]
            hand = CardSlot(f"p{i}_hand", formdata.get(f"p{i}_hand", "")[:400])
        else:
            p = next((p for p in stored or [] if p.get("name") == name), {})
            by_cards = "melds" in p or "hand" in p
            mode = "cards" if by_cards else "numbers"
            melds = []
            for j, m in enumerate(p.get("melds", [])):
                cards = m["cards"] if isinstance(m, dict) else m
                melds.append(CardSlot(f"p{i}_meld{j}", typed_text(cards)))
            melds.append(CardSlot(f"p{i}_meld{len(melds)}"))
            hand = CardSlot(f"p{i}_hand", typed_text(p.get("hand", [])))
        if mode not in ("numbers", "cards"):
            mode = "numbers"
        out.append(PlayerCards(i, mode, melds, hand))
    return out
