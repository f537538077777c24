"""The new-game form: players, first dealer, name, counting, stakes and every house rule.

Declared as a class with a ``validate_<field>`` method per field rule (as microblog's
forms are); the players and the house rules, whose fields depend on the variant, are
added to a subclass per form by :func:`new_game_form`."""

from __future__ import annotations

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

from scorepad.game.checks import MAX_CENTS, check_currency, check_house_rules, stake_in_range, whole
from scorepad.game.errors import InvalidRequest
from scorepad.game.names import (
    MAX_GAME_NAME,
    MAX_NAME,
    check_profile_name,
    clean_name,
    game_name_problem,
    players_problems,
)
from scorepad.rules import Variant
from scorepad.web.forms.fields import NumberText, limit
from scorepad.words.house_rules import choice_labels


class NewGameForm(FlaskForm):  # type: ignore[misc]
    first_dealer = SelectField(_l("First dealer"), coerce=int, default=0)
    game_name = StringField(_l("Name of the game (optional)"),
                            filters=[lambda s: " ".join(s.split()) if s else s],
                            render_kw=limit(MAX_GAME_NAME) | {"autocomplete": "off"})
    counting = RadioField(_l("Rounds by numbers"), default="separate", choices=[
        SelectChoice("net", _l("One number per player: the round's points (+45, −23)")),
        SelectChoice("separate", _l("Melds and hand separately (Scorepad does the sums)"))])
    stakes_mode = SelectField(_l("Played for"), default="", choices=[
        SelectChoice("", _l("No stakes")),
        SelectChoice("pot", _l("A pot: every player puts in the stake, the winner takes it")),
        SelectChoice("per_point", _l("Per point: everyone settles the difference with everyone")),
        SelectChoice("to_winner", _l("To the winner: each pays the points behind the winner"))])
    stakes_cents = NumberText(_l("Stake or rate per point, in cents"),
                              render_kw={"inputmode": "numeric", "autocomplete": "off"})
    currency = StringField(_l("Currency"), render_kw={"maxlength": 3, "autocomplete": "off",
                                                      "autocapitalize": "characters"})
    profile_name = StringField(_l("Save these house rules as a profile named (optional)"),
                               render_kw=limit(MAX_GAME_NAME) | {"autocomplete": "off"})
    profile = HiddenField()
    evening = HiddenField()

    variant: Variant
    player_slots: int

    def player_names(self) -> list[str]:
        names = []
        for i in range(self.player_slots):
            value = (getattr(self, f"player_{i}").data or "").strip()
            if value:
                names.append(" ".join(value.split()))
        return names

    def validate_game_name(self, field: Field) -> None:
        if field.data and (problem := game_name_problem(field.data)) is not None:
            raise ValidationError(problem)

    def validate_first_dealer(self, field: Field) -> None:
        names = self.player_names()
        if names and field.data >= len(names):
            raise ValidationError(_l("Choose one of the players."))

    def validate_stakes_cents(self, field: Field) -> None:
        if self.stakes_mode.data and not stake_in_range(field.number()):
            raise ValidationError(_l("Enter the stake in cents, a whole number from 0 to "
                                     "%(n)d (50 for 0.50).", n=MAX_CENTS))

    def validate_currency(self, field: Field) -> None:
        if self.stakes_mode.data:
            _refused_as_field(check_currency, field.data)

    def validate_profile_name(self, field: Field) -> None:
        if (field.data or "").strip():
            _refused_as_field(check_profile_name, field.data)

    def validate(self, extra_validators: Any = None) -> bool:
        """The field rules, then those across fields: how many players and their names
        (each at its field), the house rules together (at the switch they are about)."""
        ok: bool = super().validate(extra_validators)
        first = self.player_0
        if len(self.player_names()) < self.variant.min_players:
            first.errors = list(first.errors) + [
                _l("Enter at least %(n)d players.", n=self.variant.min_players)]
            ok = False
        slots = [getattr(self, f"player_{i}") for i in range(self.player_slots)]
        filled = [f for f in slots if clean_name(f.data or "")]
        for seat, rule, problem in players_problems([clean_name(f.data) for f in filled]):
            field = filled[seat]
            if rule == "too_long":
                problem = _l("A name has at most %(n)d characters; this one has %(count)d.",
                             n=MAX_NAME, count=len(clean_name(field.data)))
            field.errors = list(field.errors) + [problem]
            ok = False
        try:
            check_house_rules(self.variant, self.house_rules())
        except InvalidRequest as e:
            field = getattr(self, f"hr_{e.extra.get('key')}", None) or self.first_dealer
            field.errors = list(field.errors) + [e.message]
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


def _refused_as_field(check: Any, value: Any) -> None:
    """A rule of :mod:`scorepad.game.checks` that refuses with :class:`InvalidRequest`, as
    the field's error."""
    try:
        check(value)
    except InvalidRequest as e:
        raise ValidationError(e.message) from None


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
        return _or_invalid(whole(text))
    if kind == "face_or_int":
        return "face" if text.casefold() in ("", "face") else _or_invalid(whole(text, 0))
    if kind == "court":
        parts = [whole(p, 0) for p in text.replace(",", " ").split()]
        if len(parts) == 3 and None not in parts:
            return parts
        return _INVALID
    return _INVALID


def _or_invalid(number: int | None) -> Any:
    return _INVALID if number is None else number


def _switch_check(kind: str) -> Any:
    def check(form: Any, field: Field) -> None:
        if _switch_value(kind, field) is _INVALID:
            if kind == "court":
                raise ValidationError(_l("Enter three numbers for J, Q and K, like 10 10 10."))
            raise ValidationError(_l("Enter a whole number."))
    return check


def _switch_field(switch: Any, default: Any) -> Field:
    """The field of one house rule, prefilled with ``default``."""
    label = switch.key
    if switch.kind == "bool":
        return BooleanField(label, default=default)
    if switch.kind == "choice":
        # The values are shown in words; set per request, in its language.
        return SelectField(label, choices=[SelectChoice(c, c) for c in switch.choices],
                           default=default)
    # Empty is "as the rule book says" (no limit, by player count, a wild card's face
    # value): the field shows no code a player would have to know.
    shown = "" if default is None or default == "face" else (
        " ".join(map(str, default)) if isinstance(default, (list, tuple)) else str(default))
    return StringField(label, default=shown, validators=[_switch_check(switch.kind)],
                       render_kw={"inputmode": "numeric"} if switch.kind != "court" else {})


def new_game_form(variant: Variant, formdata: Any = None,
                  house_rules: dict[str, Any] | None = None,
                  currency: str = "EUR") -> NewGameForm:
    """The new-game form for ``variant``: players, first dealer, every house rule prefilled
    (with ``house_rules`` over the variant's defaults: a profile's), stakes in ``currency``."""

    class VariantForm(NewGameForm):
        pass

    slots = variant.max_players
    VariantForm.variant, VariantForm.player_slots = variant, slots
    defaults = variant.house_rules(house_rules or {}).as_dict()
    for i in range(slots):
        setattr(VariantForm, f"player_{i}", StringField(
            _l("Player %(n)d", n=i + 1), filters=[lambda s: s.strip() if s else s],
            render_kw=limit(MAX_NAME) | {"autocomplete": "off"}))
    for switch in variant.switches:
        setattr(VariantForm, f"hr_{switch.key}", _switch_field(switch, defaults[switch.key]))
    form: NewGameForm = VariantForm(formdata=formdata, currency=currency)
    for switch in variant.switches:
        if switch.kind == "choice":
            getattr(form, f"hr_{switch.key}").choices = [
                SelectChoice(v, w) for v, w in choice_labels(switch.key, variant)]
    # The first dealer by name, not by seat number: the k-th player named (empty fields do
    # not count); a name not typed yet reads as the field it goes into ("Player 2"). With
    # JavaScript the choices follow the names as they are typed (static/page.js).
    names = form.player_names()
    unnamed = [str(_l("Player %(n)d", n=i + 1)) for i in range(slots)]
    form.first_dealer.choices = [
        SelectChoice(i, names[i] if i < len(names) else unnamed[i],
                     render_kw={"data-unnamed": unnamed[i]}) for i in range(slots)]
    form.first_dealer.render_kw = {"data-names-of": "player_"}
    return form
