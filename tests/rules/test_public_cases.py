"""The worked cases (tests/cases/: public.jsonl, settlement.jsonl, turns.jsonl, a copy of the
shared rules/cases/) through the engine's adjudicate and its command line."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from scorepad.rules import adjudicate

from ..support.cases import CASES, REPO, SETTLEMENT_CASES, TURN_CASES


def problem_codes(answer: Any, found: set[str] | None = None) -> set[str]:
    """Every ``code`` anywhere in an answer (problems nest under ILLEGAL_MELD and melds)."""
    found = set() if found is None else found
    if isinstance(answer, dict):
        if isinstance(answer.get("code"), str):
            found.add(answer["code"])
        for value in answer.values():
            problem_codes(value, found)
    elif isinstance(answer, list):
        for value in answer:
            problem_codes(value, found)
    return found


def mismatches(expect: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """The keys of ``expect`` the answer does not meet, read as ADJUDICATION.md says."""
    bad = []
    for key, want in expect.items():
        if key == "error":
            ok = isinstance(answer.get("error"), dict) and answer["error"].get("code") == want
        elif key == "code":
            error = answer.get("error")
            ok = want in problem_codes(answer) or (isinstance(error, dict) and error.get("code") == want)
        elif key in ("winners", "playoff"):
            ok = sorted(answer.get(key) or []) == sorted(want)
        elif key == "min_transfers":
            ok = settles(answer.get("balances"), answer.get("transfers")) and len(answer["transfers"]) == want
        else:
            ok = key in answer and answer[key] == want
        if not ok:
            bad.append(f"{key}: expected {want!r}, got {answer.get(key)!r}")
    return bad


def settles(balances: Any, transfers: Any) -> bool:
    """``transfers`` settle ``balances`` exactly: payers only pay, receivers only receive,
    every amount is more than 0 (ADJUDICATION.md, ``min_transfers``)."""
    if not isinstance(balances, dict) or not isinstance(transfers, list):
        return False
    left = dict(balances)
    for t in transfers:
        payer, payee, cents = t.get("from"), t.get("to"), t.get("cents")
        if not (isinstance(cents, int) and cents > 0 and balances.get(payer, 0) < 0
                and balances.get(payee, 0) > 0):
            return False
        left[payer] += cents
        left[payee] -= cents
    return not any(left.values())


def test_the_case_files_hold_cases_with_unique_ids() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) >= 30
    assert len(SETTLEMENT_CASES) >= 2
    assert all(c["request"]["check"] == "settlement" for c in SETTLEMENT_CASES)
    assert len(TURN_CASES) >= 12
    assert all(c["request"]["check"] == "turn" for c in TURN_CASES)
    assert len(set(ids)) == len(ids)


def test_min_transfers_is_read_as_adjudication_md_says() -> None:
    balances = {"A": 20, "B": 560, "C": -580}
    right = [{"from": "C", "to": "A", "cents": 20}, {"from": "C", "to": "B", "cents": 560}]
    answer = {"balances": balances, "transfers": right}
    assert mismatches({"min_transfers": 2}, answer) == []
    assert mismatches({"min_transfers": 3}, answer)
    short = [{"from": "C", "to": "B", "cents": 580}]
    backwards = [{"from": "A", "to": "C", "cents": -20}, {"from": "C", "to": "B", "cents": 600}]
    for transfers in (short, backwards, right + [{"from": "C", "to": "A", "cents": 0}]):
        assert mismatches({"min_transfers": len(transfers)}, answer | {"transfers": transfers})


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_public_case_through_adjudicate(case: dict[str, Any]) -> None:
    answer = adjudicate(case["request"])
    assert not mismatches(case["expect"], answer), (case.get("note"), answer)


def test_every_public_case_through_the_cli_as_json_lines() -> None:
    text = "".join(json.dumps(c["request"], ensure_ascii=False) + "\n" for c in CASES)
    done = subprocess.run([sys.executable, "-m", "scorepad.rules"], input=text.encode(),
                          capture_output=True, cwd=REPO, timeout=120)
    lines = [line for line in done.stdout.decode().splitlines() if line.strip()]
    assert len(lines) == len(CASES), done.stderr.decode()
    failures = {}
    for case, line in zip(CASES, lines):
        bad = mismatches(case["expect"], json.loads(line))
        if bad:
            failures[case["id"]] = bad
    assert not failures
    any_error = any("error" in c["expect"] for c in CASES)
    assert done.returncode == (1 if any_error else 0)
