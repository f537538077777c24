"""The rules engine stays pure (no web or database packages) and strictly typed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import mypy.api

REPO = Path(__file__).resolve().parents[2]
WEB_PACKAGES = ("flask", "sqlalchemy", "werkzeug", "jinja2", "wtforms", "flask_wtf",
                "flask_sqlalchemy", "flask_babel", "flask_migrate", "waitress", "weasyprint")

PLAIN_IMPORT = """
import json, sys
import scorepad.rules
import scorepad.rules.__main__
from scorepad.rules import adjudicate
assert adjudicate({"variant": "jolly_at", "check": "meld", "cards": "Qh Kh Ah"})["points"] == 31
print(json.dumps(sorted(sys.modules)))
"""


def test_importing_the_rules_engine_imports_no_web_or_database_package() -> None:
    done = subprocess.run([sys.executable, "-c", PLAIN_IMPORT], capture_output=True, text=True,
                          cwd=REPO, timeout=60)
    assert done.returncode == 0, done.stderr
    modules = json.loads(done.stdout)
    assert "scorepad.rules.scoring" in modules
    leaked = [m for m in modules if m.split(".")[0] in WEB_PACKAGES]
    assert not leaked, leaked


def test_no_rules_module_imports_a_web_package_in_its_source() -> None:
    for path in (REPO / "scorepad/rules").glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                assert words[1].split(".")[0] not in WEB_PACKAGES, f"{path.name}: {line}"


def test_mypy_strict_is_clean_on_the_rules_engine() -> None:
    stdout, stderr, status = mypy.api.run(["--strict", str(REPO / "scorepad/rules")])
    print(stdout, stderr)
    assert status == 0, stdout + stderr
