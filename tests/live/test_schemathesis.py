"""Schemathesis against the live server: the API answers as its description says.

Every check of Schemathesis 4 (status codes, content types, headers, response schemas,
valid data accepted and invalid refused, 405 with Allow, resources after create and
delete...), in its coverage, fuzzing and stateful phases, on the served app (gunicorn,
SQLite). The hooks of ``tests/support/api_fuzz/hooks.py`` aim most requests at real games; the config
``api_fuzz/schemathesis.toml`` says which statuses a valid request may get. Bounded (seeded,
20 examples an operation) so it fits the suite's time: about a minute and a half on two
cores. The test prints the run's counts; it fails on any failure or error Schemathesis
reports.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from scorepad import ROOT

from ..support.database import sqlite_url
from ..support.live import LiveServer

FUZZ = Path(__file__).parents[1] / "support" / "api_fuzz"
EXAMPLES = int(os.environ.get("SCOREPAD_FUZZ_EXAMPLES", "20"))

pytestmark = pytest.mark.fuzz


def test_schemathesis_finds_nothing(tmp_path: Path,
                                    live_server_on: Callable[..., LiveServer]) -> None:
    server = live_server_on(sqlite_url(tmp_path))
    report = tmp_path / "report.json"
    env = os.environ | {"SCOREPAD_FUZZ_URL": server.url,
                        "SCHEMATHESIS_HOOKS": "tests.support.api_fuzz.hooks",
                        "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(FUZZ / "schemathesis.toml"),
         "run", server.url + "/api/v1/openapi.json", "--checks", "all",
         "--phases", "examples,coverage,fuzzing,stateful", "--max-examples", str(EXAMPLES),
         "--workers", "1", "--seed", "28", "--generation-database", "none", "--no-color",
         "--report", "json", "--report-json-path", str(report)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert report.exists(), run.stdout[-5000:] + run.stderr[-5000:]
    result = json.loads(report.read_text())
    cases = result["test_cases"]
    print(f"schemathesis: {result['operations']['tested']} operations, "
          f"{cases['generated']} test cases, checks: all, "
          f"{len(result['failures'])} failures, {len(result['errors'])} errors, "
          f"{result['running_time']:.0f} s; phases "
          + ", ".join(f"{k} {v['status']}" for k, v in result["phases"].items()))
    assert result["operations"]["tested"] == result["operations"]["total"]
    assert result["phases"]["stateful"]["status"] == "success", result["phases"]
    assert cases["generated"] >= 300
    assert not result["failures"] and not result["errors"], run.stdout[-20000:]
    assert run.returncode == 0, run.stdout[-20000:]
