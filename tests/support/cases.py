"""The worked cases the engine is tested against: ``tests/cases/*.jsonl``, one JSON object a
line (``id``, ``request``, ``expect``).

They are a copy of ``rules/cases/`` of the shared project documents (``../shared`` beside a
checkout), kept in the repository so that a clone tests the same cases with nothing beside
it; ``tests/rules/test_cases_copy.py`` fails when the two differ, wherever the shared folder
is found (:func:`shared_cases_folder`).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CASES_FOLDER = REPO / "tests" / "cases"
CASE_FILES = ("public.jsonl", "settlement.jsonl", "turns.jsonl")
SHARED_CASES = Path("rules") / "cases"


def load_cases(file_name: str) -> list[dict[str, Any]]:
    # A missing file must fail the run, not shrink it to nothing.
    path = CASES_FOLDER / file_name
    if not path.is_file():
        raise FileNotFoundError(f"the worked cases are missing: {path}")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def shared_cases_folder() -> Path | None:
    """``rules/cases`` of the shared documents, if there are any: ``../shared`` beside the
    checkout; else ``$SCOREPAD_SHARED``; else beside the repository this one was cloned
    from. None where none of them has it (a clone on its own)."""
    candidates = [REPO.parent / "shared"]
    if os.environ.get("SCOREPAD_SHARED"):
        candidates.append(Path(os.environ["SCOREPAD_SHARED"]))
    origin = subprocess.run(["git", "-C", str(REPO), "config", "--get", "remote.origin.url"],
                            capture_output=True, text=True, check=False).stdout.strip()
    if origin and Path(origin).is_dir():
        candidates.append(Path(origin).resolve().parent / "shared")
    return next((c / SHARED_CASES for c in candidates if (c / SHARED_CASES).is_dir()), None)


SETTLEMENT_CASES = load_cases("settlement.jsonl")
TURN_CASES = load_cases("turns.jsonl")
CASES = load_cases("public.jsonl") + SETTLEMENT_CASES + TURN_CASES
