"""The referee's answers in the page's language: their problems as the page lists them,
and why a question could not be asked (:mod:`scorepad.game.referee` asks them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _

from scorepad.game.questions import NotOnTable, Unasked
from scorepad.game.referee import OutAnswer
from scorepad.rules import Problem, Variant
from scorepad.words.problems import problem_text, said_once

__all__ = ["out_problems", "refusal", "shown"]


def shown(problems: Sequence[Problem]) -> list[dict[str, Any]]:
    """The engine's problems as an answer says them: each once (:func:`said_once`), with
    its rule and the meld it was found in."""
    return [{"code": p.code, "message": problem_text(p), "rule": p.rule,
             "meld": p.params.get("index"),
             "problems": shown(p.problems) if p.problems else []}
            for p in said_once(problems)]


def out_problems(answer: OutAnswer, variant: Variant) -> list[dict[str, Any]]:
    """Why the closer may not go out so: the round's problems, then the last discard and
    the cards held, which the round check does not see, with the rule on going out (the last
    card goes onto ``variant``'s discard row where it has one)."""
    out = shown(answer.check.problems)
    if answer.check.discard_missing:
        out.append(_going_out(answer.check.rule, _(
            "To go out you throw your last card onto the right end of the discard row: type "
            "the card you throw.") if variant.discard_row else _(
            "To go out you throw your last card on the discard pile: type the card you throw.")))
    if answer.check.wrong_count:
        out.append(_going_out(answer.check.rule, _(
            "In round %(round)d you go out with %(n)d cards in combinations and throw one "
            "more; here %(count)d are in combinations.",
            round=answer.round, n=answer.check.hand_size, count=answer.check.held)))
    return out


def _going_out(rule: str, message: str) -> dict[str, Any]:
    return {"rule": rule, "meld": None, "problems": [], "message": str(message)}


def refusal(error: Unasked) -> str:
    """Why a question could not be asked, as the answer says it."""
    if isinstance(error, NotOnTable):
        why = " ".join(problem_text(p) for p in error.problems)
        return str(_("%(what)s is not a legal meld, so it cannot lie on the table: %(why)s",
                     what=error.what, why=why))
    return str(error)
