"""The card fields of a round: a meld or a hand typed as text (:class:`CardSlot`), what the
engine says of a meld (:class:`MeldAnswer`), lay-offs placed into their owner's meld, and
every player's fields read from a post or a stored round (:func:`read_cards`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext as _l

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
from scorepad.game.checks import arg, whole
from scorepad.game.models import Game
from scorepad.rules import Card, MeldCheck, Rules
from scorepad.rules import check_meld as meld_ruling
from scorepad.words.cards import card_face as shown_card
from scorepad.words.problems import problem_shown

MAX_MELDS = 20


@dataclass
class CardSlot:
    """A text field of cards: one meld, or a hand; with what the engine said of it."""

    name: str
    text: str = ""
    choice: str = ""
    error: str | None = None
    typed: list[Typed] = field(default_factory=list)
    answer: MeldAnswer | None = None
    wild: list[bool] = field(default_factory=list)
    """Per typed card: a wild card that is no joker (3-13's wild rank), marked as such."""
    tokens: list[tuple[str, Any]] = field(default_factory=list)
    """After a slip: every token as typed, with its card or ``None``."""
    onto: LayOffLine | None = None
    """A meld field that holds a lay-off (``Anna: 9c``): whose meld its cards go onto."""

    @property
    def empty(self) -> bool:
        return not self.text.strip()

    @property
    def illegal(self) -> bool:
        """The engine was asked and refused the meld."""
        return self.answer is not None and not self.answer.legal


@dataclass(frozen=True)
class MeldAnswer:
    """What the engine said of a meld typed in a field, as the page shows it: legal or why
    not (``problems``, in words), its kind and points, how its jokers read (``readings``
    where they may stand for several cards, each in words in ``choices``) and the points of
    the cards others laid off onto it (``laid``, by who laid them; ``own``, the rest)."""

    legal: bool
    kind: str | None
    points: int | None
    reading: list[str]
    problems: list[dict[str, Any]]
    readings: list[list[str]]
    wild: list[bool]
    choices: list[str]
    laid: list[tuple[str, int]]
    owner_scores: bool
    shown_reading: list[str] | None = None
    own: int | None = None
    error: None = None
    """Never set: the field's template shows a contract error where there is one."""


def check_slot(slot: CardSlot, rules: Rules, names: list[str], *, is_hand: bool,
               ask: bool = True) -> None:
    """Read a text field of cards and, for a meld (``ask``), ask the engine about it; a meld
    field that names whose meld before a colon (``Anna 2: 9c``) holds a lay-off, placed into
    that meld by :func:`place_layoffs`. A round to be saved is read without asking: the
    service checks every meld once, as it scores the round."""
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
    if ask or whole(slot.choice, 1) is not None:  # a reading chosen: its readings are needed
        slot.answer = _asked(slot, cards, rules)


def _asked(slot: CardSlot, cards: list[Card], rules: Rules) -> MeldAnswer:
    """The engine's check of a meld field, read with the jokers as the table chose."""
    check = meld_ruling(cards, rules)
    wild = [rules.is_wild(c) for c in cards]
    readings = [[c.code() for c in r] for r in check.readings] if len(check.readings) > 1 else []
    choice = whole(slot.choice, 1, len(readings) - 1)
    if choice is not None:
        # The table said which card each joker stands for: the meld as read so.
        declared = [check.readings[choice][k] for k, w in enumerate(wild) if w]
        check = meld_ruling(cards, rules, jokers_as=declared)
    return _answer(slot, check, rules, readings, wild)


def _answer(slot: CardSlot, check: MeldCheck, rules: Rules, readings: list[list[str]],
            wild: list[bool]) -> MeldAnswer:
    run = check.kind == "run"
    reading = [c.code() for c in check.reading]
    laid = _laid_off(slot, check.values) if check.legal else []
    return MeldAnswer(
        legal=check.legal, kind=check.kind, points=check.points, reading=reading,
        problems=[problem_shown(p) for p in check.problems], readings=readings, wild=wild,
        choices=[" ".join(shown_card(Card.parse(c)) for c in (run_order(r) if run else r))
                 for r in readings],
        laid=laid,
        # Who scores the cards others laid off here: the meld's owner (Vorratsreihe) or
        # the layer, as the variant says.
        owner_scores=rules.variant.owner_pays_layoffs,
        shown_reading=run_order(reading) if run and reading else None,
        own=check.points - sum(n for _, n in laid) if laid and check.points is not None
        else None)


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
    return list(meld["cards"]) if isinstance(meld, dict) else meld


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
