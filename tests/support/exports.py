"""Helpers for exported games: the text of a score sheet, a game file exported and uploaded again."""

from __future__ import annotations

import io
import json
from typing import Any

from flask.testing import FlaskClient
from pypdf import PdfReader


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def blank(client: FlaskClient, query: str) -> str:
    response = client.get(f"/sheets/blank?{query}")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/pdf"
    return " ".join(pdf_text(response.data).split())


def exported(client: FlaskClient, game: str) -> dict[str, Any]:
    response = client.get(f"{game}/game.json")
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    return json.loads(response.data)  # type: ignore[no-any-return]


def upload(client: FlaskClient, content: bytes, **extra: str) -> Any:
    data: dict[str, Any] = {"file": (io.BytesIO(content), "game.json")}
    return client.post("/games/import" + ("?lang=" + extra["lang"] if "lang" in extra else ""),
                       data=data, content_type="multipart/form-data")
