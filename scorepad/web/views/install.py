"""Installing Scorepad on a phone: the web app manifest, the service worker and its offline page.

The service worker (``/sw.js``, served from the root so that its scope is the whole site)
never answers a page from memory, so no phone ever shows an old score as the current one:
pages, fragments, polls and posts go to the network. It keeps only the versioned static
files (``app.css?v=<hash>``: such an address never changes its content) and an offline page
per language, shown when a page cannot be reached at all.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from flask import Blueprint, abort, current_app, g, render_template, request, url_for
from flask_babel import gettext as _

from scorepad.web.helpers import THEME_LIGHT
from scorepad.words import LANGUAGES

bp = Blueprint("install", __name__)

BACKGROUND = "#ffffff"
# The static files the offline page needs, kept when the service worker is installed.
PRECACHE = ("css/app.css", "outbox-db.js", "page.js", "theme.js", "icons/icon.svg", "icons/icon-192.png")


def _language(lang: str) -> None:
    if lang not in LANGUAGES:
        abort(404)
    g.lang = lang  # read by the locale selector before anything is translated


@bp.get("/manifest.<lang>.webmanifest")
def manifest(lang: str) -> Any:
    """The web app manifest in ``lang``: names, the home page of this phone's games as the
    start, standalone display, theme colours and icons (drawn by tools/make_icons.py)."""
    _language(lang)
    icons = [
        {"src": url_for("static", filename="icons/icon-192.png"), "sizes": "192x192",
         "type": "image/png", "purpose": "any"},
        {"src": url_for("static", filename="icons/icon-512.png"), "sizes": "512x512",
         "type": "image/png", "purpose": "any"},
        {"src": url_for("static", filename="icons/icon-maskable-512.png"), "sizes": "512x512",
         "type": "image/png", "purpose": "maskable"},
        {"src": url_for("static", filename="icons/icon.svg"), "sizes": "any",
         "type": "image/svg+xml", "purpose": "any"},
    ]
    body = {
        "id": url_for("games.home"),
        "name": _("Scorepad – rummy scores"),
        "short_name": "Scorepad",
        "description": _("Score keeper and rules referee for rummy games played with real cards."),
        "lang": lang,
        "dir": "ltr",
        "start_url": url_for("games.home"),
        "scope": url_for("games.home"),
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME_LIGHT,
        "icons": icons,
    }
    return current_app.response_class(
        json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/manifest+json",
        headers={"Cache-Control": "no-cache"})


def _static_files() -> list[str]:
    folder = str(current_app.static_folder)
    found = []
    for root, _dirs, files in os.walk(folder):
        for name in files:
            found.append(os.path.relpath(os.path.join(root, name), folder).replace(os.sep, "/"))
    return sorted(found)


@bp.get("/sw.js")
def worker() -> Any:
    """The service worker. Its text names every static file's version, so any change of a
    static file makes a new worker, which drops the files the old one kept."""
    offline = {code: url_for("install.offline", lang=code) for code in LANGUAGES}
    kept = {code: url_for("install.offline", lang=code, kept=1) for code in LANGUAGES}
    precache = ([url_for("static", filename=name) for name in PRECACHE] + list(offline.values())
                + list(kept.values()))
    every = [url_for("static", filename=name) for name in _static_files()]
    version = hashlib.sha256("\n".join(every + precache).encode()).hexdigest()[:12]
    text = render_template("install/sw.js", version=version, precache=precache, offline=offline,
                           kept=kept, static=(current_app.static_url_path or "/static") + "/",
                           outbox_db=url_for("static", filename="outbox-db.js"))
    return current_app.response_class(text, mimetype="text/javascript", headers={
        "Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@bp.get("/offline/<lang>")
def offline(lang: str) -> str:
    """What an installed Scorepad shows when the server cannot be reached (kept by the
    service worker; it is no copy of any page, so it shows no score); with ``kept=1``, the
    answer to a form the service worker keeps to send again."""
    _language(lang)
    return render_template("install/offline.html", kept=request.args.get("kept") == "1",
                           lang_urls={code: url_for("install.offline", lang=code)
                                      for code in LANGUAGES})
