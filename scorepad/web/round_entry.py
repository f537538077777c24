"""A round as a phone enters it: the numbers form and the fields of cards, read once from a
post (or a stored round), checked once, with every problem placed at the field it is about.

The views of :mod:`scorepad.web.views.rounds` validate, call the service and render; what
a round form holds, what went wrong in it and where that is shown lives here. A round to
be saved is read without asking the engine about its melds: the service checks every
meld once as it scores the round, and a refusal is placed here like any other problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from scorepad.game.errors import RoundInvalid, ServiceError
from scorepad.game.models import Game, Round
from scorepad.game.scoreboard import Scored, rules_of, score_entry, variant_of
from scorepad.rules import Rules
from scorepad.web.forms import (
    CardSlot,
    PlayerCards,
    RoundForm,
    check_slot,
    game_names,
    place_layoffs,
    read_cards,
    round_form,
)
from scorepad.words.problems import problem_shown

# Problems shown at a field of the form rather than above it.
_AT_CLOSER = {"CLOSER_MISSING", "CLOSER_NOT_UNIQUE", "CLOSER_COUNT"}
_AT_HAND_WIN = {"HAND_WIN_NOT_ALLOWED"}
_AT_HAND = {"CLOSER_HOLDS_CARDS", "WRONG_CARD_COUNT", "HAND_MISSING", "HAND_EMPTY"}


@dataclass
class RoundEntry:
    """One round form: ``form`` (the numbers), ``cards`` (each player's fields of cards),
    for round ``number`` of ``game``; after :meth:`check`, the round ``scored`` (a preview)
    or the ``problems`` of the whole round, the others being at their fields."""

    game: Game
    number: int
    form: RoundForm
    cards: list[PlayerCards]
    action: str = ""
    """What the post asked: ``preview``, ``save``, ``check_initial``, ``add_meld_<i>``."""
    posted: bool = False
    modes_posted: bool = False
    """Whether the post said how each player is entered (the net form and scripts do not)."""
    scored: Scored | None = None
    problems: list[dict[str, Any]] = field(default_factory=list)
    initial_text: str = ""
    initial_whole: bool = False
    checked: int = 0
    """The round the fields were read for (:meth:`read_cards`)."""
    unasked: bool = False
    """The melds were read without asking the engine (a round on its way to the service)."""

    @classmethod
    def of(cls, game: Game, number: int, names: list[str], formdata: Any = None, *,
           net: bool, stored: Round | None = None, modes: dict[str, str] | None = None,
           melds_in_hand: bool = False) -> RoundEntry:
        """The form of round ``number`` for ``names``: from ``formdata`` (a post), else
        from the ``stored`` round (a correction), else empty with each player entered as
        ``modes`` says."""
        players = stored.entry["players"] if stored is not None else None
        form = round_form(names, variant_of(game), formdata,
                          data=None if formdata is not None or stored is None
                          else _form_data(stored), net=net)
        cards = read_cards(names, formdata, players, modes=modes, melds_in_hand=melds_in_hand)
        entry = cls(game, number, form, cards)
        if formdata is not None:
            entry.posted = True
            entry.action = formdata.get("action", "")
            entry.modes_posted = any(f"mode_{pc.index}" in formdata for pc in cards)
            entry.initial_text = formdata.get("initial_melds", "")[:2000]
            entry.initial_whole = formdata.get("initial_whole") == "y"
        return entry

    @property
    def names(self) -> list[str]:
        return list(self.form.names)

    @property
    def saving(self) -> bool:
        return self.action == "save"

    @property
    def only_looking(self) -> bool:
        """A post that adds a meld field or checks a first meld: no attempt to score."""
        return self.action == "check_initial" or self.action.startswith("add_meld_")

    @property
    def previewing(self) -> bool:
        return self.action == "preview"

    def rules(self, number: int | None = None) -> Rules:
        return rules_of(self.game, self.number if number is None else number)

    def read_cards(self, number: int | None = None, *, ask: bool = True) -> None:
        """Read every field of cards of round ``number`` (this form's, unless the post was
        for a round saved meanwhile) and, ``ask``, have the engine check each meld; then
        place the lay-offs into their owner's melds."""
        self.checked = self.number if number is None else number
        self.unasked = not ask
        rules = self.rules(self.checked)
        for pc in self.cards:
            if not pc.by_cards:
                continue
            for slot in pc.melds:
                check_slot(slot, rules, list(game_names(self.game)), is_hand=False, ask=ask)
            check_slot(pc.hand, rules, self.names, is_hand=True)
        place_layoffs(self.cards, self.names, rules)

    def ask(self) -> None:
        """Have the engine check each meld read without asking, to show its verdict: a
        round the service refused, or one that never reached it."""
        if self.unasked:
            self.read_cards(self.checked)

    def check(self, number: int | None = None) -> None:
        """Validate the form and, for a preview, score the round (``scored``, or its
        ``problems``). A round to be saved is scored by the service alone, which checks
        every meld once and says why it refuses (:meth:`refused` places its answer)."""
        self.read_cards(number, ask=not self.saving)
        numbers_ok = self.form.validate_numbers(self.cards, self.rules(self.checked).most_points)
        if not numbers_ok or any(s.error for s in self._slots()):
            self.ask()  # it goes no further: each meld's verdict at the meld
            return
        if self.saving:
            return
        scored = score_entry(self.game, self.checked, self.players())
        if scored.error is not None:
            self.problems = [problem_shown(scored.error)]
        elif not scored.valid:
            self.problems = self.place([problem_shown(p) for p in scored.problems])
        else:
            self.scored = scored

    def players(self) -> list[dict[str, Any]]:
        """The round as the engine's ``players`` list."""
        return self.form.entry(self.cards)

    def scored_anyway(self, number: int) -> Scored | None:
        """This phone's entry scored, to set beside the round another phone saved first;
        None where it does not score."""
        scored = score_entry(self.game, number, self.players())
        return scored if scored.valid else None

    @property
    def status(self) -> int:
        """422 where anything in the form stops the round, else 200."""
        if self.scored is not None:
            return 200
        typing = any(s.error or s.illegal for s in self._slots())
        if self.problems or typing or any(f.errors for f in self.form):
            return 422
        return 200

    def refused(self, e: ServiceError) -> None:
        """The service refused the round: its problems at their fields (a meld the engine
        refused at the meld), or why the table refused it above the form."""
        self.ask()
        self.problems = (self.place([problem_shown(p) for p in e.problems])
                         if isinstance(e, RoundInvalid)
                         else [{"code": e.code, "message": str(e.message)}])

    def place(self, problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Attach each problem to the field it is about; return the ones for the whole
        round."""
        form, cards = self.form, self.cards
        general = []
        for p in problems:
            code, player = p["code"], p.get("player")
            index = form.names.index(player) if player in form.names else None
            if code == "ILLEGAL_MELD" and index is not None and cards[index].by_cards:
                filled = [slot for slot in cards[index].melds if slot.typed and slot.onto is None]
                number = int(p.get("meld", 0)) - 1
                if 0 <= number < len(filled) and filled[number].illegal:
                    continue  # the meld's own check shows it at the meld (and in the summary)
                general.append(p)
            elif code in _AT_HAND and index is not None and cards[index].by_cards:
                cards[index].hand.error = p["message"]  # at the cards (and in the summary)
            elif code in _AT_CLOSER:
                form.closer.errors = list(form.closer.errors) + [p["message"]]
            elif code in _AT_HAND_WIN:
                form.hand_win.errors = list(form.hand_win.errors) + [p["message"]]
            elif code == "NET_CLOSER" and index is not None and form.net:
                _add_error(form.row(index)["net"], p["message"])
            elif code == "TOTAL_TOO_LARGE" and index is not None and self._points_field(index):
                _add_error(self._points_field(index), p["message"])
            elif code in _AT_HAND and index is not None and form.row(index)["hand"] is not None:
                _add_error(form.row(index)["hand"], p["message"])
            else:
                general.append(p)
        return general

    def inline_problems(self) -> list[tuple[str, str, str]]:
        """Every problem shown at a field of cards, as (whose field, message, rule), so that
        the summary above Save lists it too (the number fields are in
        ``form.problem_list``); none before the round was checked or saved."""
        if self.action not in ("preview", "save"):
            return []
        out: list[tuple[str, str, str]] = []
        for pc in self.cards:
            if not pc.by_cards:
                continue
            name = self.form.names[pc.index]
            places = [(_("Meld %(n)d", n=k), slot) for k, slot in enumerate(pc.melds, 1)]
            for place, slot in places + [(_("Hand"), pc.hand)]:
                if slot.error:
                    out.append((f"{name}, {place}", slot.error, ""))
                elif slot.answer is not None and not slot.answer.legal:
                    out += [(f"{name}, {place}", q["message"], q.get("rule", ""))
                            for q in slot.answer.problems]
        return out

    def modes(self) -> dict[str, str]:
        """How each player was entered (numbers or cards), by name."""
        return {self.form.names[pc.index]: pc.mode for pc in self.cards}

    def _slots(self) -> list[CardSlot]:
        return [s for pc in self.cards if pc.by_cards for s in pc.melds + [pc.hand]]

    def _points_field(self, index: int) -> Any:
        """The field of a player's points in the round: the net number, else the melds,
        else the hand."""
        row = self.form.row(index)
        return row["net"] or row["meld"] or row["hand"]


def _add_error(field: Any, message: Any) -> None:
    field.errors = list(field.errors) + [message]


def _form_data(rnd: Round) -> dict[str, Any]:
    """A stored round's numbers as the form's fields."""
    data: dict[str, Any] = {"version": str(rnd.version), "hand_win": False}
    for i, p in enumerate(rnd.entry["players"]):
        if p.get("went_out"):
            data["closer"] = str(i)
            data["hand_win"] = bool(p.get("hand_win"))
        if "net" in p:
            data[f"net_{i}"] = str(p["net"])
        data[f"hand_{i}"] = str(p.get("hand_points", ""))
        if "meld_points" in p:
            data[f"meld_{i}"] = str(p["meld_points"])
        if "melded" in p:
            data[f"melded_{i}"] = bool(p["melded"])
    return data
