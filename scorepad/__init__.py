"""Scorepad: a score keeper and rules referee for rummy games played with real cards.

The rules engine is :mod:`scorepad.rules` (pure Python); the web app is built by
:func:`create_app`, whose imports are loaded only when an app is made.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "de", "fr")
"""The languages of the app: a catalog in scorepad/translations for each but English."""
HTMX_VERSION = "2.0.11"
HTMX_SRI = "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg"


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then ``instance/config.py`` and the environment, then ``test_config``."""
    from scorepad.web.app import create_app as build

    return build(test_config)
