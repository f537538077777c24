"""The text of a score sheet the browser downloaded."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader


def pdf_text(client: Any, url: str) -> str:
    """The text of the PDF at ``url``, fetched by ``client`` (a page's or a context's request)."""
    response = client.get(url, timeout=60_000)  # WeasyPrint takes its time on a busy machine
    assert response.ok and response.headers["content-type"] == "application/pdf"
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
