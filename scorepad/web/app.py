"""The Flask app: config layers, extensions, blueprints, languages, error pages.

Kept apart from ``scorepad/__init__.py`` so that importing the rules engine
(``scorepad.rules``) loads no web package.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import secrets
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

from flask import Flask, render_template, request
from jinja2 import FileSystemBytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import BaseConverter
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

from scorepad.game.checks import KEY
from scorepad.game.db import db
from scorepad.web import errors, helpers
from scorepad.web import times as zones
from scorepad.web.errors import own_headers
from scorepad.web.extensions import compress, csrf, limiter
from scorepad.web.helpers import HTMX_VERSION, page_language
from scorepad.web.links import check_public_url
from scorepad.words import LANGUAGES

# Settings the environment gives as they are (besides DATABASE_URL, SECRET_KEY,
# SCOREPAD_SECURE_COOKIES and SCOREPAD_INSTANCE, read above and below; SCOREPAD_TIMEZONE is
# read by scorepad.web.times): over instance/config.py, as DATABASE_URL is. docs/app.md
# lists them all.
ENVIRONMENT_SETTINGS = ("SCOREPAD_CREATE_LIMIT", "SCOREPAD_CURRENCY", "SCOREPAD_PUBLIC_URL",
                        "SCOREPAD_TRUSTED_PROXIES")


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
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + str(Path(app.instance_path) / "scorepad.sqlite"),
        BABEL_TRANSLATION_DIRECTORIES=str(_PACKAGE / "translations"),
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
    app.url_map.converters["key"] = KeyConverter
    db.init_app(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            _sqlite_for_many_phones(db.engine)
    csrf.init_app(app)
    zones.register(app, locale_selector=page_language)
    limiter.init_app(app)
    compress.init_app(app)
    _version_static_files(app)

    from scorepad.web import views

    views.register(app)
    helpers.register(app)
    _register_errors(app)

    @app.after_request
    def remember_language(response: Any) -> Any:
        chosen = request.args.get("lang")
        if chosen in LANGUAGES:
            response.set_cookie("lang", chosen, max_age=365 * 24 * 3600, samesite="Lax",
                                httponly=True, secure=app.config["SESSION_COOKIE_SECURE"])
        return response

    @app.after_request
    def security_headers(response: Any) -> Any:
        # The pinned htmx file itself (a source with a path names that file only), not
        # every script of its CDN's host.
        pinned = app.config["HTMX_CDN"]
        response.headers.setdefault("Content-Security-Policy", "; ".join([
            "default-src 'self'", f"script-src 'self' {pinned}".strip(), "style-src 'self'",
            "img-src 'self' data:", "font-src 'self'", "connect-src 'self'",
            "object-src 'none'", "base-uri 'none'", "form-action 'self'",
            "frame-ancestors 'none'"]))
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        if request.endpoint != "static" and "Cache-Control" not in response.headers:
            # Pages and exports hold a game's key and scores: no shared cache keeps them,
            # and a phone's back button asks again rather than show old totals.
            response.headers["Cache-Control"] = "no-store"
        return response

    return app


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


class KeyConverter(BaseConverter):
    """A game key in a URL: anything else does not match the route (404)."""

    regex = KEY


# How long a write waits for another writer's lock (SQLite's busy timeout).
BUSY_SECONDS = 20.0


def _write_ahead_log(cursor: Any) -> None:
    """Put the database in write-ahead-log mode (it stays so; later connections find it so).

    Switching a new database to WAL needs it to itself; while another process holds the
    write lock (making the tables of a new database, say) SQLite refuses at once, busy
    timeout or not, to rule out a deadlock. So: wait and try again, as long as any write
    would wait."""
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
        return
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return  # WAL now, or a database that has no log (in memory)
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _sqlite_for_many_phones(engine: Engine) -> None:
    """SQLite for several writers: WAL, a busy timeout, and transactions we begin ourselves,
    so that a write can begin ``IMMEDIATE`` (take the write lock before it reads)."""

    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        _write_ahead_log(cursor)
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


STATIC_MAX_AGE = 365 * 24 * 3600


_PACKAGE = Path(__file__).resolve().parent.parent  # the package folder, scorepad/
ROOT = _PACKAGE.parent  # a checkout's own folder


def _installed() -> bool:
    """Whether this is a package installed from a wheel (which carries the templates inside)
    rather than a checkout (or an editable install of one)."""
    return (_PACKAGE / "templates").is_dir()


def data_folder(name: str) -> Path:
    """``templates`` or ``static``: the checkout's top-level folder, or the copy an installed
    wheel carries inside the package (pyproject.toml maps one onto the other)."""
    return _PACKAGE / name if _installed() else ROOT / name


def instance_folder() -> Path:
    """The SQLite file and the secret key: ``instance/`` of a checkout; for an installed
    package ``var/scorepad-instance`` under the environment's prefix (as Flask would)."""
    return Path(sys.prefix) / "var" / "scorepad-instance" if _installed() else ROOT / "instance"


def _version_static_files(app: Flask) -> None:
    """``url_for('static', ...)`` adds ``?v=<content hash>``; such an address never changes its
    content, so browsers may keep it for a year without asking again. Any other static request
    (an old or missing hash) is revalidated as before."""
    hashes: dict[str, tuple[int, int, str]] = {}

    def content_hash(filename: str) -> str | None:
        path = safe_join(str(app.static_folder), filename)
        if path is None:
            return None
        try:
            stat = os.stat(path)
        except OSError:
            return None
        known = hashes.get(filename)
        if known is None or known[:2] != (stat.st_mtime_ns, stat.st_size):
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]
            known = hashes[filename] = (stat.st_mtime_ns, stat.st_size, digest)
        return known[2]

    @app.url_defaults
    def add_version(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            version = content_hash(values["filename"])
            if version:
                values["v"] = version

    @app.after_request
    def cache_versioned(response: Response) -> Response:
        if request.endpoint != "static":
            return response
        if response.status_code == 200 and response.direct_passthrough:
            # Small files, read whole: compressed like a page (any encoding, gzip too)
            # rather than as a stream.
            response.direct_passthrough = False
            response.make_sequence()
        if (response.status_code in (200, 304) and request.args.get("v")
                and request.args["v"] == content_hash(str((request.view_args or {}).get("filename")))):
            response.cache_control.public = True
            response.cache_control.max_age = STATIC_MAX_AGE
            response.cache_control.immutable = True
            response.cache_control.no_cache = None
        return response


class TemplateCache(FileSystemBytecodeCache):
    """Compiled templates kept between starts, as ``.pyc`` files keep compiled modules.

    Compiling the templates of a page is half of that page's first view in a new server
    process (the home page: 25 of 50 ms); with this cache a restarted server, and every
    gunicorn worker after the first, reads the compiled code instead. Jinja keys each entry
    by the template's path and checks it against the template's source and Jinja's and
    Python's version, so a changed template is compiled again. The folder is Jinja's own
    (per user, mode 0700, in the temporary folder); a cache that cannot be read or written
    is no cache, never an error.
    """

    @classmethod
    def here(cls) -> TemplateCache | None:
        try:
            return cls()
        except (OSError, RuntimeError):  # no safe folder of our own: compile every start
            return None

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError, TypeError, pickle.UnpicklingError):
            bucket.reset()  # unreadable: compiled again, and written anew

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


def _secret_key(instance: Path) -> str:
    """Generated on first start and kept in the instance folder, so sessions survive restarts."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _register_errors(app: Flask) -> None:
    errors.register(app)  # the game layer's refusals: one mapping for pages and the API

    def _api() -> bool:
        return request.path.startswith("/api/")

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException) -> Any:
        if _api():
            from scorepad.web.errors import api_error as error
            from scorepad.web.views.api import _HTTP_CODES

            status = e.code or 400
            response = error(status, _HTTP_CODES.get(status, "INVALID_REQUEST"),
                             e.description or e.name)
            return own_headers(e, response)
        return own_headers(e, app.make_response((render_template("error.html", error=e),
                                                 e.code or 500)))

    @app.errorhandler(Exception)
    def server_error(e: Exception) -> Any:
        db.session.rollback()
        app.logger.exception("unhandled error")
        if _api():
            from scorepad.web.errors import api_error as error

            return error(500, "INTERNAL_ERROR", "Something went wrong on the server.")
        return render_template("error.html", error=None), 500
