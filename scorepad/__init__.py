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


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then ``instance/config.py`` and the environment, then ``test_config``;
    with the commands of ``flask --app scorepad`` (:mod:`scorepad.cli`)."""
    from scorepad import cli
    from scorepad.web.app import create_app as build

    app = build(test_config)
    cli.register(app)
    return app
