"""The Flask app: :func:`create_app`, the application factory.

Kept apart from ``scorepad/__init__.py`` so that importing the rules engine
(``scorepad.rules``) loads no web package. What the factory puts together lives beside it:
the settings (:mod:`~scorepad.web.settings`), the files and their delivery
(:mod:`~scorepad.web.assets`), the database (:mod:`scorepad.game.db`), the headers of every
answer (:mod:`~scorepad.web.headers`) and the error answers (:mod:`~scorepad.web.errors`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.routing import BaseConverter

from scorepad.game.checks import KEY
from scorepad.game.db import db, sqlite_for_many_phones
from scorepad.web import errors, headers, helpers, settings
from scorepad.web import times as zones
from scorepad.web.assets import TemplateCache, data_folder, instance_folder, version_static_files
from scorepad.web.extensions import compress, csrf, limiter
from scorepad.web.helpers import page_language


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then ``instance/config.py`` and the environment, then ``test_config``."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("SCOREPAD_INSTANCE") or str(instance_folder()),
        instance_relative_config=True,
        template_folder=str(data_folder("templates")),
        static_folder=str(data_folder("static")),
    )
    # Before anything makes the app's Jinja environment (a template filter does).
    app.jinja_options = {**app.jinja_options, "bytecode_cache": TemplateCache.here()}
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    settings.configure(app, test_config)
    app.url_map.converters["key"] = KeyConverter

    db.init_app(app)
    with app.app_context():
        sqlite_for_many_phones(db.engine)
    csrf.init_app(app)
    zones.register(app, locale_selector=page_language)
    limiter.init_app(app)
    compress.init_app(app)
    version_static_files(app)

    from scorepad.web import views

    views.register(app)
    helpers.register(app)
    errors.register(app)
    headers.register(app)
    return app


class KeyConverter(BaseConverter):
    """A game key in a URL: anything else does not match the route (404)."""

    regex = KEY
