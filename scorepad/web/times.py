"""Times in the phone's time zone.

Times are stored in UTC. A page shows them in the zone of the phone that asks: its
browser puts that zone (``Europe/Vienna``) into the ``tz`` cookie (``static/page.js``).
Until it has (the first page of a phone, a phone without JavaScript), times are shown in
the server's zone (``SCOREPAD_TIMEZONE``, else the zone of the machine) and say which
zone that is ("19:42 UTC"), so that nobody reads a time in a zone they did not expect.
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import Any

import pytz
from flask import Flask, has_request_context, request
from flask_babel import format_date, format_datetime, format_time

from scorepad.web.extensions import babel

COOKIE = "tz"
# What a style shows (Babel's patterns by the page's language): the date of an evening,
# a game's start on the home page and sheets, the time of a change in the history.
_STYLES = {"date": (format_date, "long"), "datetime": (format_datetime, "short"),
           "time": (format_time, "medium")}


def known(name: str | None) -> bool:
    """Whether ``name`` is a time zone of the IANA database (as pytz, which Flask-Babel
    uses, knows it); a cookie is anything a browser sends."""
    return bool(name) and name in pytz.all_timezones_set


def server_zone() -> str:
    """``SCOREPAD_TIMEZONE``, else this machine's zone (a server at home stands where
    its table sits), else UTC."""
    from babel.localtime import LOCALTZ

    for name in (os.environ.get("SCOREPAD_TIMEZONE"), getattr(LOCALTZ, "key", None),
                 getattr(LOCALTZ, "zone", None)):
        if known(name):
            return str(name)
    return "UTC"


def phone_zone() -> str | None:
    """The zone the phone's browser said, if it is one: its cookie, or the address's
    ``tz`` (a score sheet's link carries it: a PDF may be fetched again by the phone's
    viewer or download manager, without the browser's cookies)."""
    if not has_request_context():
        return None
    name = request.args.get(COOKIE) or request.cookies.get(COOKIE)
    return name if known(name) else None


def when(moment: datetime | None, style: str = "datetime") -> str:
    """``moment`` (UTC) in the reader's zone and language; with the zone's name when it
    is not the phone's own (a date alone needs none)."""
    if moment is None:
        return ""
    formatter, pattern = _STYLES[style]
    try:
        text = str(formatter(moment, pattern))
        if style != "date" and phone_zone() is None:
            text += " " + str(format_datetime(moment, "zzz"))
    except (OverflowError, ValueError):
        # A moment at the very end of the calendar (year 1 or 9999) that the zone's offset
        # would carry past it: shown as stored, in UTC, rather than failing the page.
        return moment.strftime("%Y-%m-%d" if style == "date" else "%Y-%m-%d %H:%M UTC")
    return text


def register(app: Flask, **babel_options: Any) -> None:
    """Flask-Babel with the phone's zone where it said one (else the server's: Flask-Babel's
    default zone); the ``when`` filter is registered with the other template helpers."""
    babel.init_app(app, timezone_selector=phone_zone, default_timezone=server_zone(), **babel_options)
