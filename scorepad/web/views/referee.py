"""The referee: one rule question at a time, answered by the engine; and the rules page.

Reached from the home page (choose a variant and house rules) or from a game
(its variant and house rules). Each question is its own form: posted without
JavaScript it answers with the whole page, with htmx it swaps in its own
section. The answers come from the typed engine functions, not the JSON
contract; every problem links to its rule on the rules page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for

from scorepad.game import questions
from scorepad.game.checks import check_house_rules, load_json, whole
from scorepad.game.errors import InvalidRequest
from scorepad.game.questions import QUESTIONS, TURN_QUESTIONS, Unasked
from scorepad.game.referee import ASKED, Asked, standings_values
from scorepad.game.scoreboard import scoreboard
from scorepad.game.turn_questions import turn_asks
from scorepad.rules import VARIANTS, UnknownVariantError, Variant, find_variant
from scorepad.web.device import game_or_404
from scorepad.web.forms import new_game_form
from scorepad.words.house_rules import explain
from scorepad.words.referee import out_problems, refusal, shown
from scorepad.words.rulebook import sections, switch_rows

bp = Blueprint("referee", __name__)

MAX_TEXT = 1000


class Table(questions.Table):
    """The table of :mod:`scorepad.game.questions`, with the addresses its pages link to."""

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


@dataclass
class Answer:
    """One question's form values (as typed) and the engine's answer, or why it was not
    asked."""

    question: str
    values: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    result: Asked | None = None

    def value(self, name: str) -> str:
        return self.values.get(name, "")


def _answer(table: Table, question: str) -> Answer:
    asked = ASKED[question]
    values = {name: request.form.get(name, "")[:MAX_TEXT] for name in asked.fields}
    answer = Answer(question, values)
    try:
        answer.result = asked.ask(table, values)
    except Unasked as e:
        answer.error = refusal(e)
    return answer


# -- pages -----------------------------------------------------------------------------


def _game_defaults(table: Table) -> dict[str, Answer]:
    """From a game: the standings question prefilled with the game's totals."""
    if table.game is None:
        return {}
    return {"standings": Answer("standings", standings_values(table.game))}


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
                                   house_json=_house_json(table), **_WORDS), status
    return render_template("referee/ask.html", table=table, answers=answers,
                           turn_questions=TURN_QUESTIONS,
                           asks=turn_asks(table), house_form=house_form,
                           house_json=_house_json(table),
                           changed=table.variant.changed(table.rules().house),
                           help={s.key: explain(s.key, table.variant)
                                 for s in table.variant.switches}, **_WORDS), status


_WORDS = {"shown": shown, "out_problems": out_problems}
"""How the answers' problems are worded, for the templates."""


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
