"""Helpers of the browser tests of how Scorepad is served: a shared link as the test's phones
open it, and a page waited on until the service worker controls it."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from .browser_wait import until


def as_served(link: str, server: Any) -> str:
    """A shared link as the phones of the session's ``server`` open it: its path there. That
    server listens on loopback only, and a link shared from a page on ``127.0.0.1`` names the
    machine's LAN address (the tests of test_links.py open that for real)."""
    return server.url + urlsplit(link).path


def controlled(page: Any) -> None:
    """Wait until the service worker controls ``page`` (polled: the CSP forbids the string
    evaluation of ``wait_for_function``). An install that failed (a precache request lost on
    a busy machine) is tried again at the next page, as on a phone: so one reload."""
    def held() -> bool:
        return bool(page.evaluate("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"))
    try:
        until(page, held, "a service worker controls the page")
    except AssertionError:
        page.reload()
        until(page, held, "a service worker controls the page, after a reload")
