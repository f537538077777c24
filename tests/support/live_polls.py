"""Reading the live poll addresses out of a page."""

from __future__ import annotations

from .page import Page


def poll_url(page: str, view: str) -> str:
    """The address a page's live area polls for ``view``."""
    for url in Page(page).attrs("[hx-get*='/live?']", "hx-get"):
        if f"view={view}" in url:
            return url
    raise AssertionError(f"no live poll for {view} in the page")
