"""The test suite's own layout: helpers live in tests/support/, never in a test module that
others import (a test module's helpers would be collected, imported and changed with it),
and each test file is named after what it checks."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


def _imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, as a dotted name from the checkout's root."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            # ``from . import test_x`` imports the module test_x itself.
            found += [module] + [f"{module}.{alias.name}" for alias in node.names]
    return found


def test_no_module_imports_a_test_module() -> None:
    sources = [*TESTS.rglob("*.py"), *(ROOT / "bench").rglob("*.py"), *(ROOT / "tools").rglob("*.py")]
    offending = sorted(f"{path.relative_to(ROOT)} imports {module}"
                       for path in sources for module in _imported_modules(path)
                       if module.startswith("tests.") and module.rsplit(".", 1)[-1].startswith("test_"))
    assert offending == []


def test_helpers_are_in_the_support_package() -> None:
    assert (TESTS / "support" / "__init__.py").is_file()
    assert sorted(p.name for p in (TESTS / "support").glob("test_*.py")) == []
    # Beside the tests of a folder only what pytest itself reads (conftest.py, the package).
    elsewhere = sorted(p.relative_to(ROOT).as_posix() for p in TESTS.rglob("*.py")
                       if "support" not in p.relative_to(TESTS).parts[:-1]
                       and not p.name.startswith("test_")
                       and p.name not in ("conftest.py", "__init__.py"))
    assert elsewhere == []


def test_every_test_file_says_what_it_checks() -> None:
    """A docstring that says what the file checks, not which issue it came from."""
    lacking = []
    for path in sorted(TESTS.rglob("test_*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if not doc or doc.lower().startswith("issue"):
            lacking.append(path.relative_to(ROOT).as_posix())
    assert lacking == []
