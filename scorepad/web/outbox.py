"""What the phone's outbox needs from the server (static/page.js keeps a save, a correction or
a part that could not be sent, and sends it again when the connection is back).

- A write token: each form with a write id carries a token signed with the app's secret key
  that binds the game's key and that write id. It is accepted in place of the session's CSRF
  token for that one write, so a save kept on a phone whose browser was closed meanwhile (its
  session cookie, and the CSRF token with it, gone) is still saved. It is safe: it authorizes
  only the write the server itself rendered into a form for someone who could read the game
  page (whose key already lets anyone open a fresh form with a fresh token); another site
  cannot read it; and the write id is saved once however often it is sent.
- An answer a script can read: a redirect (the write was saved, or was saved already) answers
  a request sent by the outbox (``X-Scorepad-Outbox: 1``) with 204 and the address, anchor
  included, in ``X-Scorepad-Location``; a script following the redirect would lose the anchor.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, g, request
from itsdangerous import BadSignature, URLSafeTimedSerializer

from scorepad.web.device import new_write_id, posted_write_id
from scorepad.web.extensions import csrf

OUTBOX_HEADER = "X-Scorepad-Outbox"
LOCATION_HEADER = "X-Scorepad-Location"
# A kept save may wait for the Wi-Fi a long while (a phone forgotten in a bag until next week).
MAX_AGE = 60 * 24 * 3600


def _signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="scorepad-write")


def write_token(key: str, write_id: str) -> str:
    """The token a form with ``write_id`` of game ``key`` carries (field ``write_token``)."""
    return str(_signer().dumps([key, write_id]))


def _write_token_holds() -> bool:
    """The posted write token was made here for this game and the posted write id."""
    write_id = posted_write_id()
    key = (request.view_args or {}).get("key")
    if not write_id or not key:
        return False
    try:
        signed = _signer().loads(request.form.get("write_token", ""), max_age=MAX_AGE)
    except BadSignature:
        return False
    return bool(signed == [key, write_id])


def write_form(view: Callable[..., Any]) -> Callable[..., Any]:
    """A view whose posted form is a write with a write id: the form's write token stands
    in for the session's CSRF token; without a valid one the CSRF token is checked as on
    every other form."""

    @functools.wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        if request.method == "POST" and current_app.config.get("WTF_CSRF_ENABLED", True):
            if _write_token_holds():
                g.csrf_valid = True  # Flask-WTF's forms then skip their own check too
            else:
                csrf.protect()
        return view(*args, **kwargs)

    return csrf.exempt(checked)  # type: ignore[no-any-return]


def register(app: Flask) -> None:
    app.add_template_global(write_token)
    app.add_template_global(new_write_id)

    @app.after_request
    def readable_redirect(response: Any) -> Any:
        if request.headers.get(OUTBOX_HEADER) == "1" and response.status_code in (301, 302, 303, 307, 308):
            location = response.headers.get("Location", "")
            response = app.response_class(status=204)
            response.headers[LOCATION_HEADER] = location
        return response
