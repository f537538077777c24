"""The engine's problems in the page's language, through gettext.

The engine words a :class:`~scorepad.rules.Problem` itself in English or German (its JSON
contract has no Babel); a page words it here instead, so it reads in every language of
the app. Each msgid is the engine's English template and the German msgstr its German
template (tests/web/test_problem_words.py keeps the two from drifting apart); the
``{name}`` parts are filled in as the engine fills them. Scorepad's own
:class:`~scorepad.game.scoreboard.TableProblem` carries a message id (its English text)
and its parameters: it is worded here too (:func:`table_words`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from flask_babel import format_number, get_locale, gettext, pgettext

from scorepad.game.scoreboard import AnyProblem, TableProblem
from scorepad.rules import Problem, Rank, RequestError, Suit
from scorepad.rules.problems import WORDINGS, template
from scorepad.words.cards import rank_label
from scorepad.words.french import colon, semicolon

__all__ = ["problem_json", "problem_text", "said_once", "table_words", "templates", "unsaid"]


def templates() -> list[str]:
    """Every English template of the engine: the msgids this module asks gettext for.

    >>> "A set has at most {max} cards; this one has {count}." in templates()
    True
    """
    return [template(code, reason) for code, reason in WORDINGS]


def _where(held: Any) -> str:
    """Who holds the copies of a card and where: `` (Anna: meld 1, hand; Ben: hand 2×)``,
    ``held`` being ``(player, meld number or 0 for the hand, copies)`` as the engine gives it."""
    if not held:
        return ""
    by_player: dict[str, list[str]] = {}
    for name, index, copies in held:
        place = (pgettext("problem", "meld %(n)s", n=index) if index
                 else pgettext("problem", "hand"))
        by_player.setdefault(name, []).append(place + (f" {copies}×" if copies > 1 else ""))
    return " (" + f"{semicolon()} ".join(f"{name}{colon()} {', '.join(p)}"
                                          for name, p in by_player.items()) + ")"


class _Filled(dict[str, Any]):
    """The problem's parameters; one it lacks reads ``?``, as in the engine."""

    def __missing__(self, key: str) -> str:
        return "?"


# The parameters in which the engine shows cards as printed (``Q♥ K♥ A♥``, ``7♥ 8♥ JK``).
_CARD_PARAMS = ("cards", "shown", "declared", "options", "wanted")
# A rank named by a letter (A, J, Q, K), right before a suit symbol: the engine's own.
_RANK_BEFORE_SUIT = re.compile(
    r"(?<![0-9A-Za-z])(" + "|".join(r.text for r in Rank if r.text.isalpha()) + ")"
    r"(?=[" + "".join(s.symbol for s in Suit) + "])")


def cards_in_page_letters(shown: str) -> str:
    """Cards as the engine shows them, with the ranks in the page's letters, as the chips of
    the same page draw them (German ``D♥ K♥ A♥``; English and French keep ``Q♥ K♥ A♥``).

    >>> cards_in_page_letters("Q♥ K♥ A♥ Joker")
    'Q♥ K♥ A♥ Joker'
    """
    return _RANK_BEFORE_SUIT.sub(lambda m: rank_label(m.group(1)), shown)


def problem_text(problem: Problem) -> str:
    """``problem`` as a sentence in the page's language, its cards in the page's letters
    (the API keeps the engine's own words: :func:`problem_json`)."""
    wild = (pgettext("problem", "wild cards") if problem.params.get("wild_cards")
            else pgettext("problem", "jokers"))
    params = {key: cards_in_page_letters(value) if key in _CARD_PARAMS and isinstance(value, str)
              else value for key, value in problem.params.items()}
    return str(gettext(problem.template()).format_map(
        _Filled(params, wild=wild, where=_where(problem.params.get("held")))))


def table_words(problem: TableProblem) -> str:
    """Scorepad's own problem as a sentence in the page's language: its message id through
    the catalog, its parameters filled in (a whole number in a ``%(n)s`` place formatted as
    the language writes numbers)."""
    params = {key: format_number(value) if isinstance(value, int)
              and not isinstance(value, bool) and f"%({key})s" in problem.template
              else value for key, value in problem.params.items()}
    return str(gettext(problem.template, **params))


def problem_json(problem: AnyProblem) -> dict[str, Any]:
    """A problem as pages and the API show it (code, message, rule, player …), in the page's
    language (the API asks for its contract's under ``force_locale``); a contract error is
    said in the contract's English."""
    if isinstance(problem, RequestError):
        return dict(problem.to_json()["error"])
    if isinstance(problem, TableProblem):
        return problem.to_json(table_words(problem))
    lang = str(get_locale())
    out = problem.to_json(lang)
    out["message"] = problem.message(lang)
    if problem.problems:
        out["problems"] = [problem_json(p) for p in problem.problems]
    return out


def problem_shown(problem: AnyProblem) -> dict[str, Any]:
    """A problem as a page shows it (code, message, rule, player …): the API's object
    (:func:`problem_json`) with the engine's problems worded in the
    page's language through the catalog, so a French page reads them in French."""
    out = problem_json(problem)
    if isinstance(problem, Problem):
        out["message"] = problem_text(problem)
        if problem.problems:
            out["problems"] = [problem_shown(p) for p in problem.problems]
    return out


# A problem that says nothing another has not: a set of five that doubles a suit (7♠ 7♥ 7♦
# 7♣ 7♥) is too large only by its doubled card, so the doubled suit is the one thing to say;
# "7♠ 7♠ 7♥ and three jokers" is too large even without its doubled card, and says both.
def _follows(problem: Problem, problems: Sequence[Problem]) -> bool:
    if problem.code != "SET_TOO_LARGE":
        return False
    doubled = [p for p in problems if p.code == "SET_DUPLICATE_SUIT"]
    if not doubled:
        return False
    suits = len(str(doubled[0].params.get("suits", "")).split())
    count, most = problem.params.get("count"), problem.params.get("max")
    return isinstance(count, int) and isinstance(most, int) and count - suits <= most


def said_once(problems: Sequence[Problem]) -> list[Problem]:
    """``problems`` as an answer says them: each sentence once, and none that only follows
    from another in the list. The engine's list (its JSON contract) keeps every problem.

    >>> from scorepad.rules import VARIANTS, parse_cards, rules_for, check_meld
    >>> jolly = rules_for(next(iter(VARIANTS)))  # the first variant of the registry: Jolly
    >>> [p.code for p in said_once(check_meld(parse_cards("7s 7h 7d 7c 7h"), jolly).problems)]
    ['SET_DUPLICATE_SUIT']
    >>> [p.code for p in said_once(check_meld(parse_cards("7s 7s 7h JK JK JK"), jolly).problems)]
    ['SET_DUPLICATE_SUIT', 'SET_TOO_LARGE']
    """
    out: list[Problem] = []
    seen: set[str] = set()
    for p in problems:
        text = problem_text(p)
        if _follows(p, problems) or _plain(text) in seen:
            continue
        seen.add(_plain(text))
        out.append(p)
    return out


def unsaid(problems: Sequence[dict[str, Any]], said: str) -> list[dict[str, Any]]:
    """The shown ``problems`` whose sentence the answer's ``said`` line does not already
    hold ("No: jokers are not exchanged in this game." is not followed by "Jokers are not
    exchanged in this game.").

    >>> unsaid([{"message": "Jokers are not exchanged."}, {"message": "Other."}],
    ...        "No: jokers are not exchanged.")
    [{'message': 'Other.'}]
    """
    return [p for p in problems if _plain(str(p["message"])) not in _plain(said)]


def _plain(sentence: str) -> str:
    return " ".join(sentence.casefold().strip(" .!?:;").split())
