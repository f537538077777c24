"""Every docstring example in ``scorepad/`` runs in ``make test``.

pytest collects the doctests of every module under ``scorepad`` (pyproject's ``testpaths``,
``--doctest-modules``), but leaves out the migrations (Alembic scripts, not modules to
import) and every ``__main__.py`` (pytest never imports one for its doctests): those of
``__main__.py`` run here.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import tomllib
from pathlib import Path

import pytest

import scorepad

ROOT = Path(__file__).resolve().parents[1]


def _modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(scorepad.__path__, "scorepad.")
            if not m.name.startswith("scorepad.migrations")]


MAINS = [name for name in _modules() if name.rsplit(".", 1)[-1] == "__main__"]


@pytest.mark.parametrize("module", MAINS)
def test_the_examples_of_a_main_module_hold(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


def test_pytest_collects_the_doctests_of_the_whole_package() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split()
    assert "scorepad" in options["testpaths"]
    # Nothing of the package is left out but the migrations.
    ignored = [a.split("=", 1)[1] for a in options["addopts"].split() if a.startswith("--ignore")]
    assert ignored == ["scorepad/migrations"]
