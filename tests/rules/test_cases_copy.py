"""The worked cases in tests/cases/ are the shared ones (``rules/cases/`` of ``../shared``),
file for file and byte for byte, wherever the shared documents are found beside the
checkout; a clone on its own tests its copy."""

from __future__ import annotations

import pytest

from ..support.cases import CASE_FILES, CASES_FOLDER, shared_cases_folder


def test_the_repository_holds_every_case_file() -> None:
    assert sorted(p.name for p in CASES_FOLDER.glob("*.jsonl")) == sorted(CASE_FILES)


def test_the_cases_equal_the_shared_ones() -> None:
    shared = shared_cases_folder()
    if shared is None:
        pytest.skip("no shared documents beside this checkout to compare the cases with")
    assert sorted(p.name for p in shared.glob("*.jsonl")) == sorted(CASE_FILES), (
        f"{shared} has other case files: copy them to tests/cases/ and list them in CASE_FILES")
    differing = [name for name in CASE_FILES
                 if (shared / name).read_bytes() != (CASES_FOLDER / name).read_bytes()]
    assert differing == [], f"tests/cases/ differs from {shared}: copy {differing} again"
