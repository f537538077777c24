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

from scorepad.game.cardtext import (
    CardTextError,
    LayOffLine,
    Typed,
    layoff_line,
    parse_typed,
    read_tokens,
    run_order,
    typed_text,
)
from scorepad.game.checks import (
    MAX_CENTS,
    MAX_GAME_NAME,
    MAX_NAME,
    arg,
    check_currency,
    check_house_rules,
    check_profile_name,
    clean_name,
    game_name_problem,
    players_problems,
    stake_in_range,
    whole,
    whole_sum,
)
from scorepad.game.errors import InvalidRequest
from scorepad.game.models import Game
from scorepad.rules import Card, Rules, Variant
from scorepad.rules import check_meld as meld_ruling
from scorepad.rules.limits import MAX_NUMBER
from scorepad.words.cards import card_face as shown_card
from scorepad.words.house_rules import choice_labels
from scorepad.words.problems import problem_shown


def limit(n: int) -> dict[str, Any]:
    """The attributes of a text field that may hold at most ``n`` characters. No
    ``maxlength``: a browser would cut a longer name without a word; the server refuses it
    at the field, and page.js says so as soon as the limit is passed."""
    return {"data-max-chars": n,
            "data-max-note": _l("At most %(n)d characters; this one has {count}.", n=n)}


class NumberText(StringField):  # type: ignore[misc]
    """A whole number typed on a phone: empty allowed, spaces and a leading + ignored.

    Kept as text so that what the player typed comes back unchanged when it is wrong.
    """

    def number(self) -> int | None:
        return read_number(self.data)


def read_number(text: Any) -> int | None:
    """A whole number as a phone types it (``+45``, ``−23``, ``1 000``), or the sum of a hand
    counted card by card (``10 + 10 + 7 + 3``, ``45 − 10``): ASCII digits only
    (:func:`scorepad.game.checks.whole_sum`); None when empty or not a number.

    >>> read_number("+45"), read_number("\u221223"), read_number("1 000"), read_number("⑤")
    (45, -23, 1000, None)
    >>> read_number("10 + 10 + 7 + 3"), read_number("\u221210\u22125"), read_number("10+x")
    (30, -15, None)
    """
    if not isinstance(text, str):
        return None
    return whole_sum(text.strip().replace(" ", "").replace("\u2212", "-"))


def _whole_number(form: Any, field: Field) -> None:
    text = (field.data or "").strip()
    if text and field.number() is None:
        raise ValidationError(_l("Enter a whole number, like 25."))
    value = field.number()
    if value is not None and abs(value) > MAX_NUMBER:
        raise ValidationError(_l("That number is too large for one round."))


def _not_negative(form: Any, field: Field) -> None:
    value = field.number()
    if value is not None and value < 0:
        raise ValidationError(_l("Enter the points without a minus sign."))


class NewGameBase(FlaskForm):  # type: ignore[misc]
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

    def validate(self, extra_validators: Any = None) -> bool:
        ok: bool = super().validate(extra_validators)
        names = self.player_names()
        v = self.variant
        first = self.player_0
        if len(names) < v.min_players:
            first.errors = list(first.errors) + [
                _l("Enter at least %(n)d players.", n=v.min_players)]
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
        if self.game_name.data and game_name_problem(self.game_name.data) is not None:
            self.game_name.errors = list(self.game_name.errors) + [
                game_name_problem(self.game_name.data)]
            ok = False
        if names and self.first_dealer.data >= len(names):
            self.first_dealer.errors = list(self.first_dealer.errors) + [
                _l("Choose one of the players.")]
            ok = False
        if self.stakes_mode.data:
            cents = self.stakes_cents.number()
            if not stake_in_range(cents):
                self.stakes_cents.errors = list(self.stakes_cents.errors) + [
                    _l("Enter the stake in cents, a whole number from 0 to %(n)d "
                       "(50 for 0.50).", n=MAX_CENTS)]
                ok = False
            try:
                check_currency(self.currency.data)
            except InvalidRequest as e:
                self.currency.errors = list(self.currency.errors) + [e.message]
                ok = False
        if (self.profile_name.data or "").strip():
            try:
                check_profile_name(self.profile_name.data)
            except InvalidRequest as e:
                self.profile_name.errors = list(self.profile_name.errors) + [e.message]
                ok = False
        try:
            check_house_rules(v, self.house_rules())
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


def new_game_form(variant: Variant, formdata: Any = None,
                  house_rules: dict[str, Any] | None = None,
                  currency: str = "EUR") -> NewGameBase:
    """The new-game form for ``variant``: players, first dealer, every house rule prefilled
    (with ``house_rules`` over the variant's defaults: a profile's), stakes in ``currency``."""
    slots = variant.max_players
    defaults = variant.house_rules(house_rules or {}).as_dict()
    attrs: dict[str, Any] = {"variant": variant, "player_slots": slots}
    choice_fields: list[str] = []
    for i in range(slots):
        attrs[f"player_{i}"] = StringField(_l("Player %(n)d", n=i + 1),
                                           filters=[lambda s: s.strip() if s else s],
                                           render_kw=limit(MAX_NAME) | {"autocomplete": "off"})
    for switch in variant.switches:
        default = defaults[switch.key]
        label = switch.key
        if switch.kind == "bool":
            attrs[f"hr_{switch.key}"] = BooleanField(label, default=default)
        elif switch.kind == "choice":
            attrs[f"hr_{switch.key}"] = SelectField(
                label, choices=[SelectChoice(c, c) for c in switch.choices], default=default)
            # The values are shown in words; set per request, in its language.
            choice_fields.append(switch.key)
        else:
            # Empty is "as the rule book says" (no limit, by player count, a wild card's
            # face value): the field shows no code a player would have to know.
            shown = "" if default is None or default == "face" else (
                " ".join(map(str, default)) if isinstance(default, (list, tuple)) else str(default))
            attrs[f"hr_{switch.key}"] = StringField(
                label, default=shown, validators=[_switch_check(switch.kind)],
                render_kw={"inputmode": "numeric"} if switch.kind != "court" else {})
    cls = type(f"NewGame_{variant.id}", (NewGameBase,), attrs)
    form: NewGameBase = cls(formdata=formdata, currency=currency)
    for key in choice_fields:
        getattr(form, f"hr_{key}").choices = [SelectChoice(v, w)
                                              for v, w in choice_labels(key)]
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


class RoundBase(FlaskForm):  # type: ignore[misc]
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
                if limit is not None and value is not None and value > limit:
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
    readings = (slot.answer or {}).get("readings") or []
    choice = whole(slot.choice, 1, len(readings) - 1)
    if choice is not None:
        reading = readings[choice]
        wild = (slot.answer or {}).get("wild") or []
        declared = [reading[k] for k, w in enumerate(wild) if w]
        return {"cards": entries, "jokers_as": declared}
    return entries


def round_form(names: list[str], variant: Variant, formdata: Any = None,
               data: dict[str, Any] | None = None, net: bool = False) -> RoundBase:
    """The numbers entry of a round for these players.

    ``net``: a plus/minus table that counts itself types one number per player,
    the round's score (see :func:`scorepad.game.scoreboard.score_net`).
    """
    plus_minus = variant.scoring == "plus_minus"
    net = net and plus_minus
    asks_melded = variant.asks_melded and not net
    attrs: dict[str, Any] = {"names": names, "plus_minus": plus_minus, "asks_melded": asks_melded,
                             "net": net}
    for i, _name in enumerate(names):
        num = {"inputmode": "numeric", "autocomplete": "off", "size": 4, "enterkeyhint": "next",
               "data-sum": "", "data-plus": _l("Add up card by card (+)")}
        if net:
            attrs[f"net_{i}"] = NumberText(_l("Points"), validators=[_whole_number],
                                           render_kw=num | {"class": "net-input"})
            continue
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
    wild: list[bool] = field(default_factory=list)
    """Per typed card: a wild card that is no joker (3-13's wild rank), marked as such."""
    tokens: list[tuple[str, Any]] = field(default_factory=list)
    """After a slip: every token as typed, with its card or ``None``."""
    onto: LayOffLine | None = None
    """A meld field that holds a lay-off (``Anna: 9c``): whose meld its cards go onto."""

    @property
    def empty(self) -> bool:
        return not self.text.strip()


def check_slot(slot: CardSlot, rules: Rules, names: list[str], *, is_hand: bool) -> None:
    """Read a text field of cards and, for a meld, ask the engine about it; a meld field
    that names whose meld before a colon (``Anna 2: 9c``) holds a lay-off, placed into that
    meld by :func:`place_layoffs`."""
    slot.typed, slot.error, slot.answer, slot.wild, slot.tokens = [], None, None, [], []
    slot.onto = None
    if slot.empty:
        return
    lay = None if is_hand else layoff_line(slot.text, names)
    try:
        slot.typed = parse_typed(lay.cards if lay else slot.text, names,
                                 allow_by=not is_hand and lay is None)
    except CardTextError as e:
        slot.error = str(e)
        slot.tokens = read_tokens(lay.cards if lay else slot.text, names)
        slot.onto = lay
        return
    if lay is not None:
        slot.onto = lay
        slot.wild = [rules.is_wild(t.card) and not t.card.is_joker for t in slot.typed]
        return
    slot.wild = [rules.is_wild(t.card) and not t.card.is_joker for t in slot.typed]
    if is_hand:
        return
    cards = [t.card for t in slot.typed]
    check = meld_ruling(cards, rules)
    wild = [rules.is_wild(c) for c in cards]
    readings = [[c.code() for c in r] for r in check.readings] if len(check.readings) > 1 else []
    choice = whole(slot.choice, 1, len(readings) - 1)
    if choice is not None:
        # The table said which card each joker stands for: the meld as read so.
        declared = [check.readings[choice][k] for k, w in enumerate(wild) if w]
        check = meld_ruling(cards, rules, jokers_as=declared)
    run = check.kind == "run"
    reading = [c.code() for c in check.reading]
    answer: dict[str, Any] = {
        "legal": check.legal, "kind": check.kind, "points": check.points, "reading": reading,
        "problems": [problem_shown(p) for p in check.problems],
        "readings": readings, "wild": wild,
        "choices": [" ".join(shown_card(Card.parse(c)) for c in (run_order(r) if run else r))
                    for r in readings],
        "laid": _laid_off(slot, check.values) if check.legal else [],
        # Who scores the cards others laid off here: the meld's owner (Vorratsreihe) or
        # the layer, as the variant says.
        "owner_scores": rules.variant.owner_pays_layoffs}
    if run and reading:
        answer["shown_reading"] = run_order(reading)
    if answer["laid"] and check.points is not None:
        answer["own"] = check.points - sum(n for _, n in answer["laid"])
    slot.answer = answer


def _fits(typed: list[Typed], rules: Rules) -> bool:
    return meld_ruling([t.card for t in typed], rules).legal


def place_layoffs(cards: list[PlayerCards], names: list[str], rules: Rules) -> None:
    """Put every lay-off typed in a player's meld fields (``Anna: 9c``) into the owner's
    meld it fits (the meld named, else the first that stays legal, at its end or its start),
    as the owner's cards laid off by that player; a lay-off that cannot go anywhere is an
    error of its field."""
    for pc in cards:
        if not pc.by_cards:
            continue
        layer = names[pc.index]
        for slot in pc.melds:
            lay = slot.onto
            if lay is None or slot.error or not slot.typed:
                continue
            shown = " ".join(shown_card(t.card) for t in slot.typed)
            if lay.owner == layer:
                slot.error = str(_l("“%(name)s:” names your own meld: write its cards in it "
                                    "without the name.", name=layer))
                continue
            owner = cards[names.index(lay.owner)]
            melds = [m for m in owner.melds if m.typed and m.onto is None and not m.error]
            if not owner.by_cards or not melds:
                slot.error = str(_l("%(owner)s has no meld entered by cards for the lay-off "
                                    "%(cards)s.", owner=lay.owner, cards=shown))
                continue
            chosen = [melds[lay.meld - 1]] if lay.meld and lay.meld <= len(melds) else (
                [] if lay.meld else melds)
            laid = [Typed(t.card, layer) for t in slot.typed]
            for meld in chosen:
                candidate = next((c for c in (meld.typed + laid, laid + meld.typed)
                                  if _fits(c, rules)), None)
                if candidate is not None:
                    meld.typed = candidate
                    break
            else:
                slot.error = str(_l("The lay-off %(cards)s fits no meld of %(owner)s.",
                                    cards=shown, owner=lay.owner))


def _laid_off(slot: CardSlot, values: tuple[int, ...] | None) -> list[tuple[str, int]]:
    """What the cards others laid off onto this meld are worth (``values``: each card's, as
    the engine counted the meld), by who laid them off."""
    laid: dict[str, int] = {}
    for t, value in zip(slot.typed, values or ()):
        if t.by:
            laid[t.by] = laid.get(t.by, 0) + value
    return list(laid.items())


def game_names(game: Game) -> list[str]:
    return [p.name for p in game.players]


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


def _meld_cards(meld: Any) -> list[Any]:
    return meld["cards"] if isinstance(meld, dict) else meld


def _stored_layoffs(names: list[str],
                    stored: list[dict[str, Any]]) -> tuple[set[int], dict[str, list[str]]]:
    """A stored round's lay-offs as the form writes them (docs/decisions.md, "One lay-off
    notation"): in a meld field of the player who laid off, ``Anna: 9c`` (``Anna 2: 9c``
    where Anna has several melds), by layer; and the card entries moved there (their ids),
    which leave the owner's meld. A lay-off by a player entered by numbers stays in the
    owner's meld as stored (``9c@Ben``): that player has no meld field to hold it.

    >>> stored = [{"name": "Anna", "melds": [["6c", "7c", "8c", {"card": "9c", "by": "Ben"}],
    ...                                     ["Kh", "Kd", "Ks"]]},
    ...           {"name": "Ben", "melds": [["2h", "3h", "4h"]], "hand": []}]
    >>> _stored_layoffs(["Anna", "Ben"], stored)[1]
    {'Ben': ['Anna 1: 9c']}
    """
    by_cards = {p.get("name") for p in stored if "melds" in p or "hand" in p}
    moved: set[int] = set()
    lines: dict[str, list[str]] = {}
    for p in stored:
        owner, melds = p.get("name"), [_meld_cards(m) for m in p.get("melds", [])]
        for k, cards in enumerate(melds):
            laid: dict[str, list[Any]] = {}
            for c in cards:
                layer = c.get("by") if isinstance(c, dict) else None
                if layer in names and layer in by_cards and layer != owner:
                    laid.setdefault(layer, []).append(c)
            if sum(len(v) for v in laid.values()) == len(cards):
                continue  # no card of the owner's own: left as stored
            for layer, entries in laid.items():
                moved.update(id(c) for c in entries)
                head = owner if len(melds) == 1 else f"{owner} {k + 1}"
                lines.setdefault(layer, []).append(
                    f"{head}: {typed_text([c['card'] for c in entries])}")
    return moved, lines


def read_cards(names: list[str], formdata: Any = None,
               stored: list[dict[str, Any]] | None = None,
               modes: dict[str, str] | None = None,
               melds_in_hand: bool = False) -> list[PlayerCards]:
    """The cards part of the round form, from a post or from a stored round.

    ``modes``: how a new round starts each player (``{"Anna": "cards"}``), where the
    form was not posted and no round is stored; anyone not named starts by numbers.
    ``melds_in_hand``: the form has one field of all a player's cards (3-13, where the
    engine arranges them), so a stored round's melds are shown in it with the hand.
    """
    out = []
    moved, layoffs = _stored_layoffs(names, stored or [])
    for i, name in enumerate(names):
        if formdata is not None:
            mode = formdata.get(f"mode_{i}", "numbers")
            count = arg(formdata, f"melds_{i}", default=1) or 1
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
            if stored is None and modes:
                mode = modes.get(name, "numbers")
            melds = []
            texts = [typed_text([c for c in _meld_cards(m) if id(c) not in moved])
                     for m in p.get("melds", [])] + layoffs.get(name, [])
            for j, t in enumerate(texts):
                melds.append(CardSlot(f"p{i}_meld{j}", t))
            melds.append(CardSlot(f"p{i}_meld{len(melds)}"))
            hand = CardSlot(f"p{i}_hand", typed_text(p.get("hand", [])))
            if melds_in_hand:  # an entry of the API or a game file may give 3-13 melds apart
                held = [c for m in p.get("melds", []) for c in _meld_cards(m)]
                melds = [CardSlot(f"p{i}_meld0")]
                hand = CardSlot(f"p{i}_hand", typed_text(held + list(p.get("hand", []))))
        if mode not in ("numbers", "cards"):
            mode = "numbers"
        out.append(PlayerCards(i, mode, melds, hand))
    return out
