"""How long a browser test waits, and a wait for what no Playwright expectation can say.

A passing test never waits this long: the bound is only how long a loaded machine (two
browser workers, a score-sheet renderer, two cores) may take before the test fails."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

WAIT_MS = 15_000
"""The longest an expectation, an action, a screenshot or ``until`` waits before the test fails."""


def until(page: Any, check: Callable[[], Any], what: str) -> None:
    """Wait until ``check()`` is true, asking every 50 ms (polled from here: the CSP forbids
    the string evaluation of ``wait_for_function``); fail saying ``what`` was awaited."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while not check():
        assert time.monotonic() < deadline, f"not within {WAIT_MS / 1000:.0f} s: {what}"
        page.wait_for_timeout(50)
