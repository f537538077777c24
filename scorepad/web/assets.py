"""Where the app's files are, and how they are delivered: the templates' and static files'
folders, the instance folder, static addresses versioned by their content, and the compiled
templates kept between starts."""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import Any

from flask import Flask, request
from jinja2 import FileSystemBytecodeCache
from jinja2.bccache import Bucket
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

STATIC_MAX_AGE = 365 * 24 * 3600


PACKAGE = Path(__file__).resolve().parent.parent  # the package folder, scorepad/
ROOT = PACKAGE.parent  # a checkout's own folder


def _installed() -> bool:
    """Whether this is a package installed from a wheel (which carries the templates inside)
    rather than a checkout (or an editable install of one)."""
    return (PACKAGE / "templates").is_dir()


def data_folder(name: str) -> Path:
    """``templates`` or ``static``: the checkout's top-level folder, or the copy an installed
    wheel carries inside the package (pyproject.toml maps one onto the other)."""
    return PACKAGE / name if _installed() else ROOT / name


def instance_folder() -> Path:
    """The SQLite file and the secret key: ``instance/`` of a checkout; for an installed
    package ``var/scorepad-instance`` under the environment's prefix (as Flask would)."""
    return Path(sys.prefix) / "var" / "scorepad-instance" if _installed() else ROOT / "instance"


def version_static_files(app: Flask) -> None:
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

