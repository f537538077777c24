"""Helpers for the referee's questions, asked through its pages."""

from __future__ import annotations

import re

from flask.testing import FlaskClient


def ask(client: FlaskClient, url: str, htmx: bool = True, **data: str) -> tuple[int, str]:
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(url, data=data, headers=headers)
    return response.status_code, response.get_data(as_text=True)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
