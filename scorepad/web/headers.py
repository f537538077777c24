"""What every answer carries besides its body: the security headers (the
Content-Security-Policy first of them, docs/app.md) and the language a phone chose."""

from __future__ import annotations

from typing import Any

from flask import Flask, request

from scorepad.words import LANGUAGES


def register(app: Flask) -> None:
    """Both as ``after_request`` functions, the language first (Flask calls them in reverse:
    the security headers are set first)."""

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
