"""Reading the live poll addresses out of a page."""

from __future__ import annotations

import html
import re


def poll_url(page: str, view: str) -> str:
    """The address a page's live area polls for ``view``."""
    for url in re.findall(r'hx-get="([^"]*/live\?[^"]*)"', page):
        url = html.unescape(url)
        if f"view={view}" in url:
            return url
    raise AssertionError(f"no live poll for {view} in the page")
