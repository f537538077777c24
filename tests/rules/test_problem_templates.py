"""The engine's public way to ask for a problem's sentence before it is filled in
(``scorepad.rules.problems.template`` and ``WORDINGS``): what the app's word modules ask
gettext for, instead of reaching into the engine's tables."""

from __future__ import annotations

import re

import pytest

from scorepad.rules import CODES, Problem
from scorepad.rules.problems import WORDINGS, template


def _parts(sentence: str) -> set[str]:
    return set(re.findall(r"\{\w+\}", sentence))


def test_every_code_the_engine_reports_has_a_template_in_english_and_german() -> None:
    assert {code for code, _reason in WORDINGS} == set(CODES)
    for code in CODES:
        en, de = template(code), template(code, lang="de")
        assert en and de and en != de


@pytest.mark.parametrize(("code", "reason"), WORDINGS)
def test_each_wording_has_the_same_parts_in_both_languages(code: str, reason: str | None) -> None:
    assert _parts(template(code, reason)) == _parts(template(code, reason, "de"))


def test_a_reason_with_words_of_its_own_changes_the_sentence() -> None:
    worded = [(code, reason) for code, reason in WORDINGS
              if reason is not None and code != "HAND_WIN_NOT_ALLOWED"]
    assert worded
    for code, reason in worded:
        assert template(code, reason) != template(code)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_problem_is_its_template_filled_in(lang: str) -> None:
    problem = Problem("SET_TOO_LARGE", "RULES.md", {"max": 4, "count": 6})
    assert problem.template(lang) == template("SET_TOO_LARGE", lang=lang)
    assert problem.message(lang) == problem.template(lang).format(max=4, count=6)
    hand = Problem("HAND_WIN_NOT_ALLOWED", "RULES.md", {"reason": "not_closer", "player": "Anna"})
    assert hand.template(lang) == template("HAND_WIN_NOT_ALLOWED", "not_closer", lang)
    assert hand.message(lang) == hand.template(lang).format(player="Anna")


def test_a_code_the_engine_does_not_know_has_no_template() -> None:
    with pytest.raises(KeyError):
        template("NOT_A_CODE")
