"""A player's part of a round entered together (:mod:`scorepad.web.views.together`), read
from a post and checked once: its melds by the engine, its lay-offs by whose meld they go
onto, its numbers by the rules of :mod:`scorepad.game.checks`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from scorepad.game.cardtext import CardTextError, layoff_owner, parse_typed
from scorepad.game.checks import NEGATIVE, NOT_A_NUMBER, OVER_PACK, read_number, typed_points_rules
from scorepad.game.models import Game
from scorepad.rules import Rules
from scorepad.web.forms import CardSlot, check_slot, game_names
from scorepad.web.live_context import ONTO
from scorepad.words.french import colon

MAX_MELD_LINES = 20


@dataclass
class PartEntry:
    """One player's part of a round entered together: the engine's entry (``part``), the
    text to show again, the checked card fields and the mistakes that keep it from being
    saved."""

    part: dict[str, Any]
    text: dict[str, Any]
    slots: list[CardSlot] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def read_part(game: Game, rules: Rules, who: str, form: Any) -> PartEntry:
    """One player's part from a post (or from the text of a part kept as a draft)."""
    variant = rules.variant
    layoffs = variant.has_layoffs
    mode = "cards" if form.get("mode") == "cards" else "numbers"
    went_out = form.get("went_out") == "y"
    text: dict[str, Any] = {
        "mode": mode, "melds": form.get("melds", "")[:4000], "hand": form.get("hand", "")[:400],
        "layoffs": form.get("layoffs", "")[:2000],
        "hand_points": form.get("hand_points", "")[:12], "meld_points": form.get("meld_points", "")[:12],
        "melded": form.get("melded") == "y", "went_out": went_out,
        "hand_win": went_out and form.get("hand_win") == "y"}
    part: dict[str, Any] = {"name": who, "went_out": went_out, "hand_win": text["hand_win"]}
    errors: list[str] = []
    slots: list[CardSlot] = []
    names = game_names(game)
    if mode == "cards":
        lines = [line for line in text["melds"].splitlines() if line.strip()] if layoffs else []
        if len(lines) > MAX_MELD_LINES:
            errors.append(_("At most %(n)d melds.", n=MAX_MELD_LINES))
            lines = lines[:MAX_MELD_LINES]
        slots = [CardSlot(f"part_meld{i}", line[:400]) for i, line in enumerate(lines)]
        hand = CardSlot("part_hand", text["hand"])
        for slot in slots:
            check_slot(slot, rules, names, is_hand=False)
        check_slot(hand, rules, names, is_hand=True)
        slots.append(hand)
        errors += [s.error for s in slots if s.error]
        part["melds"] = [[t.entry() for t in s.typed] for s in slots[:-1]
                         if s.typed and s.onto is None]
        part["hand"] = [t.card.code() for t in hand.typed]
        if layoffs:
            # A lay-off is one notation wherever it is typed: a line of the melds too.
            laid = "\n".join(s.text for s in slots[:-1] if s.onto is not None and not s.error)
            onto, mistakes = read_layoffs(laid + "\n" + text["layoffs"], who, names)
            errors += mistakes
            if onto:
                part[ONTO] = onto
        return PartEntry(part, text, slots, errors)
    limit = rules.most_points
    fields = [("hand_points", _("Hand −") if variant.scoring == "plus_minus" else _("Penalty"))]
    if variant.scoring == "plus_minus":
        fields.append(("meld_points", _("Melds +")))
    for key, label in fields:
        raw = text[key]
        value = read_number(raw)
        broken = typed_points_rules(raw, limit)
        if NOT_A_NUMBER in broken:
            errors.append(f"{label}{colon()} {_('Enter a whole number, like 25.')}")
        elif NEGATIVE in broken:
            errors.append(f"{label}{colon()} {_('Enter the points without a minus sign.')}")
        elif OVER_PACK in broken:
            errors.append(f"{label}{colon()} {_('More points than the whole pack is worth (%(n)d).', n=limit)}")
        elif value is None and (key == "meld_points" or not went_out):
            errors.append(f"{label}{colon()} {_('Enter a whole number, like 25.')}")
        elif value is not None:
            part[key] = value
    if variant.asks_melded:
        part["melded"] = text["melded"] or went_out
    return PartEntry(part, text, slots, errors)


def read_layoffs(text: str, who: str,
                 names: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """A player's own lay-offs, one line each: whose meld, a colon, the cards
    (``Anna: 9c 10c``; ``Anna 2: 9c`` for her second meld)."""
    onto: list[dict[str, Any]] = []
    errors: list[str] = []
    for line in [x for x in text.splitlines() if x.strip()][:MAX_MELD_LINES]:
        head, sep, cards = line.partition(":")
        owner, meld = layoff_owner(head, names) if sep else (None, None)
        if not sep:
            errors.append(_("“%(line)s”: write whose meld first, then a colon and the cards, "
                            "e.g. %(name)s: 9c.", line=line.strip()[:40],
                            name=next(n for n in names if n != who)))
            continue
        if owner is None:
            errors.append(_("“%(name)s” is nobody at this table.", name=head.strip()[:40]))
            continue
        if owner == who:
            errors.append(_("Your own melds go in the melds field; here go the cards you laid "
                            "off onto other players' melds."))
            continue
        try:
            typed = parse_typed(cards, names, allow_by=False)
        except CardTextError as e:
            errors.append(f"{owner}{colon()} {e}")
            continue
        if typed:
            onto.append({"owner": owner, "meld": meld,
                         "cards": [t.card.code() for t in typed]})
    return onto, errors


