"""The app's settings, in layers: the defaults here, then ``instance/config.py`` and the
environment (docs/app.md lists every setting), then a test's ``test_config``."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from scorepad.web.assets import PACKAGE
from scorepad.web.helpers import HTMX_VERSION
from scorepad.web.links import check_public_url

# Settings the environment gives as they are (besides DATABASE_URL, SECRET_KEY,
# SCOREPAD_SECURE_COOKIES and SCOREPAD_INSTANCE, read below and in web/app.py;
# SCOREPAD_TIMEZONE is read by scorepad.web.times): over instance/config.py, as DATABASE_URL
# is. docs/app.md lists them all.
ENVIRONMENT_SETTINGS = ("SCOREPAD_CREATE_LIMIT", "SCOREPAD_CURRENCY", "SCOREPAD_PUBLIC_URL",
                        "SCOREPAD_TRUSTED_PROXIES")


def configure(app: Flask, test_config: dict[str, Any] | None = None) -> None:
    """Defaults, then ``instance/config.py`` and the environment, or else ``test_config``; a
    secret key made on the first start where none is set; the proxies to believe."""
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + str(Path(app.instance_path) / "scorepad.sqlite"),
        BABEL_TRANSLATION_DIRECTORIES=str(PACKAGE / "translations"),
        HTMX_CDN=f"https://unpkg.com/htmx.org@{HTMX_VERSION}/dist/htmx.min.js",
        # A game file of up to 4 MB (exchange.MAX_BYTES: a game at its caps) and the form.
        MAX_CONTENT_LENGTH=5 * 1024 * 1024,
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # Behind HTTPS set SCOREPAD_SECURE_COOKIES=1 (or SESSION_COOKIE_SECURE in config.py).
        SESSION_COOKIE_SECURE=os.environ.get("SCOREPAD_SECURE_COOKIES") == "1",
        # How often one client may create or import games (Flask-Limiter's notation).
        SCOREPAD_CREATE_LIMIT="30 per hour;10 per minute",
        # How often one client may have the cards of a photo read (a second of CPU each): a
        # phone at the table photographs a hand or a meld a few times a round.
        SCOREPAD_READ_LIMIT="120 per hour;12 per minute",
        # The card reader: scorepad.reader's, or another ("module:function", or a callable).
        SCOREPAD_CARD_READER="scorepad.reader:read_cards",
        RATELIMIT_ENABLED=True,
        # The base of every shared link and QR code (https://scores.example.org), when set;
        # else the LAN address or the address the phone used (scorepad/web/links.py).
        SCOREPAD_PUBLIC_URL="",
        # How many reverse proxies in front to believe (X-Forwarded-*): 0, none, unless set.
        SCOREPAD_TRUSTED_PROXIES=0,
        # The currency of stakes when a game names none (ISO 4217).
        SCOREPAD_CURRENCY="EUR",
        RATELIMIT_STORAGE_URI="memory://",
        RATELIMIT_HEADERS_ENABLED=True,
        # Pages, fragments, CSS, JS and data; not PDFs (compressed already).
        COMPRESS_MIMETYPES=["text/html", "text/css", "text/javascript", "application/javascript",
                            "application/json", "text/csv", "image/svg+xml", "font/ttf"],
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        if os.environ.get("DATABASE_URL"):
            url = os.environ["DATABASE_URL"]
            if url.startswith("postgres://"):
                url = "postgresql://" + url.removeprefix("postgres://")
            app.config["SQLALCHEMY_DATABASE_URI"] = url
        if os.environ.get("SECRET_KEY"):  # one key for every machine behind a load balancer
            app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
        for name in ENVIRONMENT_SETTINGS:
            if os.environ.get(name):
                app.config[name] = os.environ[name]
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    _behind_proxies(app)


def _behind_proxies(app: Flask) -> None:
    """Check the shared links' public URL, and believe the ``X-Forwarded-*`` headers of as many
    proxies as ``SCOREPAD_TRUSTED_PROXIES`` says (Werkzeug's ProxyFix), none by default: a phone
    could send them itself, and links would follow a forged host."""
    if app.config["SCOREPAD_PUBLIC_URL"]:
        app.config["SCOREPAD_PUBLIC_URL"] = check_public_url(app.config["SCOREPAD_PUBLIC_URL"])
    proxies = int(app.config["SCOREPAD_TRUSTED_PROXIES"] or 0)
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies,  # type: ignore[method-assign]
                                x_port=proxies, x_prefix=proxies)


def _secret_key(instance: Path) -> str:
    """Generated on first start and kept in the instance folder, so sessions survive restarts."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
