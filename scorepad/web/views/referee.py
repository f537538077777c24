"""The referee: one rule question at a time, answered by the engine; and the rules page.

Reached from the home page (choose a variant and house rules) or from a game
(its variant and house rules). Each question is its own form: posted without
JavaScript it answers with the whole page, with htmx it swaps in its own
section. The answers come from the typed engine functions, not the JSON
contract; every problem links to its rule on the rules page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask_babel import gettext as _

from scorepad.game.cardtext import CardTextError, parse_typed, read_tokens
from scorepad.game.checks import check_house_rules, load_json, whole
from scorepad.game.errors import InvalidRequest
from scorepad.game.models import Game
from scorepad.game.scoreboard import scoreboard
from scorepad.rules import (
    VARIANTS,
    Card,
    LayOff,
    Meld,
    MeldCard,
    PlayerRound,
    Problem,
    Rules,
    TurnError,
    UnknownVariantError,
    Variant,
    check_exchange_joker,
    check_initial_meld,
    check_lay_off,
    check_meld,
    check_take_discard,
    evaluate_hand,
    find_variant,
    initial_meld_needed,
    rules_for,
    score_round,
    standings,
)
from scorepad.web.device import game_or_404
from scorepad.web.forms import new_game_form
from scorepad.words.house_rules import explain
from scorepad.words.problems import problem_text, said_once
from scorepad.words.rulebook import sections, switch_rows

bp = Blueprint("referee", __name__)

QUESTIONS = ("meld", "hand", "initial", "out", "standings")
TURN_QUESTIONS = ("take", "layoff", "exchange")
"""The questions of a turn (RULES.md §8), in templates/referee/_turn.html."""
MAX_TEXT = 1000
_TOTAL_LINE = re.compile(r"^\s*(?P<name>.+?)\s*[:=]?\s+(?P<points>[-−+]?[0-9]{1,6})\s*$")


@dataclass
class Table:
    """What the questions are asked about: a variant with house rules, maybe a game."""

    variant: Variant
    house: dict[str, Any]
    game: Game | None = None
    player_count: int = 4
    round: int = 1

    def rules(self) -> Rules:
        return rules_for(self.variant, self.house, player_count=self.player_count,
                         round=self.variant.deal_of(self.round, self.house.get("rounds")))

    @property
    def deals(self) -> range:
        """The deals this table plays: a 3-13 game of five rounds offers rounds 1 to 5."""
        last = self.variant.deal_of(len(self.variant.deals), self.house.get("rounds"))
        return range(1, (last or 0) + 1)

    def rules_url(self, anchor: str | None = None) -> str:
        if self.game is not None:
            return url_for("referee.game_rules", key=self.game.key, _anchor=anchor)
        args: dict[str, Any] = ({"house": json.dumps(self.house, separators=(",", ":"))}
                                 if self.house else {})
        return url_for("referee.rules", variant=self.variant.id, _anchor=anchor, **args)

    def ask_url(self) -> str:
        if self.game is not None:
            return url_for("referee.game_referee", key=self.game.key)
        return url_for("referee.referee", variant=self.variant.id)

    def questions(self) -> tuple[str, ...]:
        """The questions this table can have: no first-meld question where a first meld
        needs nothing (3-13, Jolly with Vorratsreihe)."""
        return tuple(q for q in QUESTIONS if q != "initial" or self.rules().first_meld_rule)

    @property
    def hand_win_name(self) -> str | None:
        """What a win from the hand is called here, or ``None`` where there is none."""
        return _hand_win_name(self.variant) or None


@dataclass
class Answer:
    """One question's form values (as typed) and the engine's answer."""

    question: str
    values: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    result: dict[str, Any] | None = None

    def value(self, name: str) -> str:
        return self.values.get(name, "")


# -- reading what was typed ------------------------------------------------------------


class _Typing(ValueError):
    """What was typed cannot be asked: the message says why."""


def _cards(text: str, what: str) -> list[Card]:
    try:
        return [t.card for t in parse_typed(text, [], allow_by=False)]
    except CardTextError as e:
        raise _Typing(_("%(what)s: %(problem)s", what=what, problem=_card_problem(e))) from None


def _card_problem(e: CardTextError) -> str:
    return str(e)


def _meld_lines(text: str, what: str) -> list[list[Card]]:
    return [_cards(line, _("%(what)s, line %(n)d", what=what, n=i)) for i, line in
            enumerate(_lines(text), 1)]


def _lines(text: str) -> list[str]:
    """The lines of a field that holds one meld a line (``;`` also ends a line)."""
    return [line for line in text.replace(";", "\n").splitlines() if line.strip()]


def _plus(line: str, what: str) -> tuple[str, str]:
    """A lay-off line as every page writes one (docs/decisions.md, "One lay-off notation"):
    the meld it goes onto, a colon, the cards laid off onto it; here, where the players
    have no names, the meld is given by its cards (``6c 7c 8c: 9c``). The older ``+``
    (``6c 7c 8c + 9c``) is read too."""
    at = min((i for i in (line.find(":"), line.find("+")) if i >= 0), default=-1)
    on_table, mine = (line[:at], line[at + 1:]) if at >= 0 else (line, "")
    if at < 0 or not mine.strip() or not on_table.strip():
        raise _Typing(_("%(what)s: write the meld on the table, a colon, then your cards, "
                        "like 6c 7c 8c: 9c.", what=what))
    if all(card is None for _token, card in read_tokens(on_table)):
        raise _Typing(_("%(what)s: the referee does not know whose meld “%(name)s” is: write "
                        "the cards of the meld before the colon, like 6c 7c 8c: 9c.",
                        what=what, name=on_table.strip()[:40]))
    return on_table, mine


# -- the questions ---------------------------------------------------------------------


def _problems(problems: tuple[Problem, ...] | list[Problem]) -> list[dict[str, Any]]:
    """The engine's problems as the answer says them: each once (:func:`said_once`)."""
    out = []
    for p in said_once(problems):
        out.append({"code": p.code, "message": problem_text(p), "rule": p.rule,
                    "meld": p.params.get("index"),
                    "problems": _problems(p.problems) if p.problems else []})
    return out


def ask_meld(table: Table, values: dict[str, str]) -> dict[str, Any]:
    rules = table.rules()
    cards = _cards(values.get("cards", ""), _("Meld"))
    if not cards:
        raise _Typing(_("Type the cards of the meld, like 7h 8h 9h or 7s 7h JK."))
    check = check_meld(cards, rules)
    readings = check.readings
    choice = whole(values.get("reading", ""), 1, len(readings) - 1)
    if choice is not None:
        declared = [c for c, w in zip(readings[choice], check.wild) if w]
        check = check_meld(cards, rules, jokers_as=declared)
    return {"legal": check.legal, "kind": check.kind, "points": check.points,
            "reading": [c.code() for c in check.reading],
            "wild": any(check.wild), "readings": [[c.code() for c in r] for r in readings],
            "problems": _problems(check.problems)}


def ask_hand(table: Table, values: dict[str, str]) -> dict[str, Any]:
    rules = table.rules()
    cards = _cards(values.get("cards", ""), _("Hand"))
    if not cards:
        raise _Typing(_("Type the cards left in the hand, like Qs 5h JK."))
    arranged = evaluate_hand(cards, rules)
    return {"points": arranged.points, "melds": [[c.code() for c in m] for m in arranged.melds],
            "deadwood": [c.code() for c in arranged.deadwood],
            "arranged": table.variant.melds_in_hand,
            "minus": table.variant.higher_wins}


def ask_initial(table: Table, values: dict[str, str]) -> dict[str, Any]:
    rules = table.rules()
    if not rules.first_meld_rule:
        raise _Typing(_("In this game a first meld needs nothing more than legal melds: ask "
                        "about each meld."))
    melds = _meld_lines(values.get("melds", ""), _("Melds"))
    if not melds:
        raise _Typing(_("Type the melds, one per line."))
    whole = values.get("whole") == "y"
    check = check_initial_meld(melds, rules, whole_hand=whole)
    return {"legal": check.legal, "points": check.points, "problems": _problems(check.problems),
            "melds": [{"reading": [c.code() for c in m.reading], "legal": m.legal,
                       "kind": m.kind, "points": m.points} for m in check.melds],
            "minimum": rules.house.initial_min_points}


def ask_out(table: Table, values: dict[str, str]) -> dict[str, Any]:
    """A round of the closer against the others (one stand-in player): may they go out,
    and is it a win from the hand (Handglatt, Hand-Rommé, rummy)?"""
    rules = table.rules()
    me, others = _("The closer"), _("the others")
    melds = _meld_lines(values.get("melds", ""), _("My melds"))
    keep = _cards(values.get("keep", ""), _("Cards I keep"))
    discard = _cards(values.get("discard", ""), _("The card I throw"))
    if len(discard) > 1:
        raise _Typing(_("The card I throw: only one card is thrown to go out; the others "
                        "belong to your melds or your hand."))
    layoffs: list[Meld] = []
    for i, line in enumerate(_lines(values.get("layoffs", "")), 1):
        what = _("My lay-offs, line %(n)d", n=i)
        on_table, mine = _plus(line, what)
        layoffs.append(Meld.of(_cards(on_table, what) + [MeldCard(c, by=me) for c in
                                                         _cards(mine, what)]))
    if not melds and not keep and not layoffs:
        raise _Typing(_("Type your melds (one per line) and the card you throw."))
    if layoffs and not table.variant.has_layoffs:
        raise _Typing(_("Nobody lays off onto another player's melds in 3-13."))
    others_melded = values.get("others_melded") == "y" or bool(layoffs)
    claim = values.get("hand_win") == "y" and table.variant.has_hand_win
    closer = PlayerRound(me, melds=tuple(Meld.of(m) for m in melds), hand=tuple(keep),
                         went_out=True)
    # The stand-in still holds a card (a hand is never empty); what it costs them is not
    # asked here and changes nothing of the closer's score.
    other = PlayerRound(others, melds=tuple(layoffs), hand_points=1, melded=others_melded)
    went = score_round([closer, other], rules)
    problems = _problems(went.problems)
    if not discard and table.variant.final_discard == "required":
        problems.append(_going_out_problem(table.variant, _(
            "To go out you throw your last card on the discard pile: type the card you throw.")))
    held = sum(len(m) for m in melds) + len(keep)
    if table.variant.melds_in_hand and held != rules.pack.hand_size:
        problems.append(_going_out_problem(table.variant, _(
            "In round %(round)d you go out with %(n)d cards in combinations and throw one "
            "more; here %(count)d are in combinations.",
            round=table.round, n=rules.pack.hand_size, count=held)))
    result: dict[str, Any] = {"may": went.valid and not problems,
                              "problems": problems, "claim": claim,
                              "hand_win_name": _hand_win_name(table.variant),
                              "discard": discard[0].code() if discard else None}
    if went.valid:
        d = went.details[me]
        result["score"] = {"melds": d.melds, "layoffs": d.layoffs, "bonus": d.bonus,
                           "total": d.total, "plus_minus": table.variant.higher_wins}
    if claim:
        won = score_round([PlayerRound(me, melds=closer.melds, hand=closer.hand,
                                       went_out=True, hand_win=True), other], rules)
        why = [p for p in won.problems if p.code == "HAND_WIN_NOT_ALLOWED"]
        if table.variant.has_hand_win and melds:
            why += [p for p in check_initial_meld(melds, rules, whole_hand=True).problems
                    if p.code in ("NO_CLEAN_RUN", "BELOW_MIN_POINTS")]
        result["hand_win"] = not why and result["may"]
        result["hand_win_problems"] = _problems(why)
        if won.valid and result["hand_win"]:
            d = won.details[me]
            result["hand_win_total"] = d.total
            result["factor"] = rules.house.hand_win_factor
    return result


def _going_out_problem(variant: Variant, message: str) -> dict[str, Any]:
    """A problem of going out the engine's round check does not see (the last discard, the
    cards a 3-13 closer holds), shown as the engine's are, with the rule on going out."""
    return {"rule": variant.rule("going_out"), "meld": None, "problems": [],
            "message": str(message)}


def _hand_win_name(variant: Variant) -> str:
    return str(_(variant.hand_win.name)) if variant.hand_win else ""


def ask_standings(table: Table, values: dict[str, str]) -> dict[str, Any]:
    rules = table.rules()
    totals: dict[str, int] = {}
    for i, line in enumerate(values.get("totals", "").splitlines(), 1):
        if not line.strip():
            continue
        m = _TOTAL_LINE.match(line)
        if m is None:
            raise _Typing(_("Line %(n)d (“%(line)s”): write a name and the total, like "
                            "Anna 120.", n=i, line=line.strip()[:40]))
        name = " ".join(m.group("name").split())
        if name in totals:
            raise _Typing(_("%(name)s appears twice.", name=name))
        totals[name] = int(m.group("points").replace("−", "-"))  # ASCII digits: the pattern
    if len(totals) < 2:
        raise _Typing(_("Type at least two players, one per line, like Anna 120."))
    played = whole(values.get("played", ""), 0, 10_000)
    if played is None:
        raise _Typing(_("Rounds played: enter a whole number, like 9."))
    playoff = [n for n in values.get("playoff", "").split(",") if n.strip() in totals]
    result = standings(totals, played, rules, playoff=playoff or None)
    return {"finished": result.finished, "winners": list(result.winners),
            "playoff": list(result.playoff), "leaders": list(result.leaders),
            "totals": sorted(totals.items(), key=lambda kv: -kv[1] if
                             table.variant.higher_wins else kv[1])}


# -- the questions of a turn (RULES.md §8) ------------------------------------------------


def turn_asks(table: Table) -> dict[str, Any]:
    """What each turn question asks at this table: only what the variant's rule needs."""
    rules = table.rules()
    v = table.variant
    h = rules.house
    first_rule = rules.first_meld_rule
    return {
        "take_first": initial_meld_needed(rules, "take_discard"),
        "take_count": h.take_depth == "any",
        "take_hand": h.hand_limit is not None or not h.take_with_one_card,
        # Melds matter where the card must be used, or where they may be the first meld.
        "take_melds": h.take_must_use != "off" or (first_rule and h.take_before_initial_meld),
        "take_layoffs": h.take_must_use != "off" and v.has_layoffs,
        "layoffs": v.has_layoffs,
        "layoff_first": initial_meld_needed(rules, "lay_off"),
        "layoff_owner": v.owner_pays_layoffs,
        "exchange": v.has_joker_exchange and h.joker_exchange != "off",
        "exchange_first": initial_meld_needed(rules, "exchange_joker"),
        "joker_melded": h.exchanged_joker_to == "new_meld",
        "pile_low": h.take_min_pile_value,
        "row": v.discard_row,  # the discards lie in a row: said so, not "the discard pile"
        # Said at once where the variant has no lay-offs or no joker exchange.
        "no_layoff": _problems([Problem("LAYOFF_NOT_ALLOWED", v.turn_rule("layoff"),
                                        {"reason": "turn"})]),
        "no_exchange": _problems([Problem(
            "EXCHANGE_NOT_ALLOWED", v.turn_rule("exchange"),
            {"switch": "joker_exchange"} if v.has_joker_exchange else {"reason": "wild"})]),
    }


def _first(values: dict[str, str], states: tuple[str, ...]) -> str:
    state = values.get("first", "")
    if state not in states:
        raise _Typing(_("Say when you made your first meld."))
    return state


def _one_meld(text: str, what: str, rules: Rules) -> list[Card]:
    """A meld that lies on the table: typed right and legal, else the player is told."""
    cards = _cards(text, what)
    if not cards:
        raise _Typing(_("%(what)s: type its cards, like 7h 8h 9h.", what=what))
    check = check_meld(cards, rules)
    if not check.legal:
        why = " ".join(problem_text(p) for p in check.problems)
        raise _Typing(_("%(what)s is not a legal meld, so it cannot lie on the table: "
                        "%(why)s", what=what, why=why))
    return cards


def _needed_cards(values: dict[str, str], name: str, what: str, missing: str) -> list[Card]:
    """Cards that must be typed: the field's cards, or ``missing`` said to the player."""
    cards = _cards(values.get(name, ""), what)
    if not cards:
        raise _Typing(missing)
    return cards


def _judged(check: Any, *args: Any, **kwargs: Any) -> Any:
    """The engine's ruling; a situation that contradicts itself is said to the player."""
    try:
        return check(*args, **kwargs)
    except TurnError as e:
        raise _Typing(_("This situation cannot happen: %(why)s", why=str(e))) from None


def ask_take(table: Table, values: dict[str, str]) -> dict[str, Any]:
    rules = table.rules()
    asks = turn_asks(table)
    pile = _needed_cards(values, "pile", _("The discard pile"),
                         _("Type the discard pile as it lies, the oldest card first."))
    count = 1
    if asks["take_count"]:
        taken = whole(values.get("count", "").strip() or "1", 1, len(pile))
        if taken is None:
            raise _Typing(_("How many cards: a number from 1 to %(n)d (the cards in the "
                            "pile).", n=len(pile)))
        count = taken
    hand: int | None = None
    if asks["take_hand"]:
        hand = whole(values.get("hand", ""), 1, 200)
        if hand is None:
            raise _Typing(_("Cards in your hand: a number, like 11."))
    state = _first(values, ("none", "earlier")) if asks["take_first"] else None
    melds = _meld_lines(values.get("melds", ""), _("Melds")) if asks["take_melds"] else []
    lay_offs = []
    if asks["take_layoffs"]:
        for i, line in enumerate(_lines(values.get("layoffs", "")), 1):
            what = _("Lay-offs, line %(n)d", n=i)
            on_table, mine = _plus(line, what)
            lay_offs.append(LayOff(tuple(_one_meld(on_table, what, rules)),
                                   tuple(_cards(mine, what))))
    check = _judged(check_take_discard, pile, rules, take=count, initial_meld=state,
                    hand_count=hand, melds=melds, lay_offs=lay_offs)
    return {"legal": check.legal, "taken": [c.code() for c in check.taken],
            "points": check.points, "first_meld": check.first_meld,
            "problems": _problems(check.problems)}


def ask_layoff(table: Table, values: dict[str, str]) -> dict[str, Any]:
    rules = table.rules()
    asks = turn_asks(table)
    if not asks["layoffs"]:
        return {"legal": False, "meld": None, "problems": asks["no_layoff"]}
    # The one notation typed into the meld's field (``5h 6h 7h: 8h``) is read as every
    # other lay-off field of the referee reads it; a name before the colon is answered so.
    what, on_table, typed = _("The meld on the table"), values.get("onto", ""), ""
    if ":" in on_table or "+" in on_table:
        on_table, typed = _plus(on_table, what)
    onto = _one_meld(on_table, what, rules)
    cards = _cards(typed, what) + _cards(values.get("cards", ""), _("Your cards"))
    if not cards:
        raise _Typing(_("Type the cards you want to lay off, like 9h."))
    state = _first(values, ("none", "this_turn", "earlier")) if asks["layoff_first"] else None
    owner = "self" if values.get("owner") == "self" else "other"
    check = _judged(check_lay_off, onto, cards, rules, owner=owner, initial_meld=state)
    return {"legal": check.legal, "meld": _left(check.meld), "points": check.points,
            "credit": check.credit, "pay": check.pay,
            "problems": _problems(check.problems)}


def _left(meld: Any) -> list[str] | None:
    """The cards of the meld an action leaves on the table, when it is legal."""
    return [c.code() for c in meld.reading] if meld is not None and meld.legal else None


def ask_exchange(table: Table, values: dict[str, str]) -> dict[str, Any]:
    rules = table.rules()
    asks = turn_asks(table)
    if not asks["exchange"]:
        return {"legal": False, "meld": None, "problems": asks["no_exchange"]}
    meld = _one_meld(values.get("meld", ""), _("The meld with the joker"), rules)
    cards = _needed_cards(values, "cards", _("Your cards"),
                          _("Type the card you put in for the joker, like 7h."))
    if any(c.is_joker for c in cards):
        raise _Typing(_("A joker is exchanged for a natural card, not for a joker."))
    new_meld = _cards(values.get("new_meld", ""), _("The new meld"))
    if new_meld and not any(c.is_joker for c in new_meld):
        raise _Typing(_("The new meld must hold the freed joker (JK)."))
    state = _first(values, ("none", "this_turn", "earlier")) if asks["exchange_first"] else None
    check = _judged(check_exchange_joker, meld, cards, rules, initial_meld=state,
                    new_meld=new_meld or None)
    return {"legal": check.legal, "joker_to": check.joker_to, "meld": _left(check.meld),
            "problems": _problems(check.problems)}


_ASK = {"meld": ask_meld, "hand": ask_hand, "initial": ask_initial, "out": ask_out,
        "standings": ask_standings, "take": ask_take, "layoff": ask_layoff,
        "exchange": ask_exchange}
_FIELDS = {"meld": ("cards", "reading"), "hand": ("cards",), "initial": ("melds", "whole"),
           "out": ("melds", "layoffs", "discard", "keep", "others_melded", "hand_win"),
           "standings": ("totals", "played", "playoff"),
           "take": ("pile", "count", "hand", "first", "melds", "layoffs"),
           "layoff": ("onto", "cards", "owner", "first"),
           "exchange": ("meld", "cards", "new_meld", "first")}


def _answer(table: Table, question: str) -> Answer:
    values = {name: request.form.get(name, "")[:MAX_TEXT] for name in _FIELDS[question]}
    answer = Answer(question, values)
    try:
        answer.result = _ASK[question](table, values)
    except _Typing as e:
        answer.error = str(e)
    return answer


# -- pages -----------------------------------------------------------------------------


def _game_defaults(table: Table) -> dict[str, Answer]:
    """From a game: the standings question prefilled with the game's totals."""
    if table.game is None:
        return {}
    board = scoreboard(table.game)
    totals = "\n".join(f"{name} {board.totals.get(name, 0)}" for name in board.names)
    return {"standings": Answer("standings", {"totals": totals,
                                              "played": str(len(table.game.rounds)),
                                              "playoff": ",".join(board.playoff or [])})}


def _page(table: Table, house_form: Any = None, status: int = 200) -> Any:
    answers = {q: Answer(q) for q in QUESTIONS + TURN_QUESTIONS} | _game_defaults(table)
    if request.method == "POST":
        question = request.form.get("q", "")
        if question not in QUESTIONS + TURN_QUESTIONS:
            abort(400)
        answer = _answer(table, question)
        answers[question] = answer
        status = 422 if answer.error else 200
        if request.headers.get("HX-Request") == "true":
            template = ("referee/_turn.html" if question in TURN_QUESTIONS
                        else "referee/_question.html")
            return render_template(template, table=table, a=answer, asks=turn_asks(table),
                                   house_json=_house_json(table)), status
    return render_template("referee/ask.html", table=table, answers=answers,
                           turn_questions=TURN_QUESTIONS,
                           asks=turn_asks(table), house_form=house_form,
                           house_json=_house_json(table),
                           changed=table.variant.changed(table.rules().house),
                           help={s.key: explain(s.key, table.variant)
                                 for s in table.variant.switches}), status


def _house_json(table: Table) -> str:
    return json.dumps(table.house, separators=(",", ":")) if table.house else ""


def _round_of(text: str | None, variant: Variant, default: int = 1) -> int:
    """The deal a referee question is asked in (1 where every round deals alike)."""
    number = whole(text, 0)
    return variant.deal_of(default if number is None else number) or 1


@bp.get("/referee/")
def choose() -> Any:
    return render_template("referee/choose.html", variants=VARIANTS.values())


@bp.route("/referee/<variant>", methods=["GET", "POST"])
def referee(variant: str) -> Any:
    """The referee for a variant: house rules from the form (GET) or the posted question."""
    v = _variant_or_404(variant)
    house_form = None
    error = None
    if request.method == "GET" and request.args.get("hr") == "1":
        house_form = new_game_form(v, request.args)
        house = house_form.house_rules()
        fields_ = [getattr(house_form, f"hr_{s.key}") for s in v.switches]
        valid = [f.validate(house_form) for f in fields_]  # every field, for every message
        if not all(valid):
            return _page(Table(v, {}), house_form, status=422)
    elif request.method == "GET":
        house_form = new_game_form(v)
        house = {}
    else:
        house = _posted_house()
    refused_key = None
    try:
        check_house_rules(v, house)
    except InvalidRequest as e:
        error, refused_key = str(e.message), e.extra.get("key")
        house = {}
    table = Table(v, house, round=_round_of(request.values.get("round"), v))
    if error is not None and house_form is not None:
        field_ = getattr(house_form, f"hr_{refused_key}", None)
        if field_ is not None:
            field_.errors = list(field_.errors) + [error]
        return _page(table, house_form, status=422)
    return _page(table, house_form)


def _posted_house() -> dict[str, Any]:
    text = request.form.get("house", "")[:4000]
    try:
        house = load_json(text) if text else {}
    except ValueError:
        abort(400)
    if not isinstance(house, dict):
        abort(400)
    return house


def _variant_or_404(variant: str) -> Variant:
    try:
        return find_variant(variant)
    except UnknownVariantError:
        abort(404)


@bp.route("/g/<key:key>/referee", methods=["GET", "POST"])
def game_referee(key: str) -> Any:
    """The referee of a game: its variant, house rules, players and round."""
    game = game_or_404(key)
    board = scoreboard(game)
    variant = find_variant(game.variant)
    number = _round_of(request.values.get("round"), variant, board.next_number)
    table = Table(variant, dict(game.house_rules), game,
                  player_count=len(game.players), round=number)
    return _page(table)


def _rules_page(table: Table) -> Any:
    rules = table.rules()
    return render_template("referee/rules.html", table=table,
                           sections=sections(rules, table=table.game is not None),
                           switches=switch_rows(table.variant, rules.house))


@bp.get("/rules/<variant>")
def rules(variant: str) -> Any:
    """A variant's rules as a table plays them (house rules in ``?house=`` as JSON)."""
    v = _variant_or_404(variant)
    try:
        house = load_json(request.args.get("house", "")[:4000] or "{}")
        check_house_rules(v, house)
    except (ValueError, InvalidRequest):
        house = {}
    return _rules_page(Table(v, house if isinstance(house, dict) else {}))


@bp.get("/g/<key:key>/rules")
def game_rules(key: str) -> Any:
    game = game_or_404(key)
    return _rules_page(Table(find_variant(game.variant), dict(game.house_rules), game,
                             player_count=len(game.players)))
