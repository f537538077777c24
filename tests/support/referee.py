"""Helpers for the referee's questions, asked through its pages."""

from __future__ import annotations

from flask.testing import FlaskClient

from .page import Node, Page


def ask(client: FlaskClient, url: str, htmx: bool = True, **data: str) -> tuple[int, str]:
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(url, data=data, headers=headers)
    return response.status_code, response.get_data(as_text=True)


def answer(client: FlaskClient, url: str, htmx: bool = True, **data: str) -> tuple[int, Node]:
    """Ask question ``data["q"]`` and return the status and the question's answer as the page
    shows it (its ``[data-answer]``: the verdict, the problems and their rule links)."""
    status, html = ask(client, url, htmx=htmx, **data)
    return status, Page(html).one(f"#q-{data['q']} [data-answer]")


def question(client: FlaskClient, url: str, htmx: bool = True, **data: str) -> tuple[int, Node]:
    """Ask question ``data["q"]`` and return the status and its whole section (form and
    answer), for what the form keeps of what was typed."""
    status, html = ask(client, url, htmx=htmx, **data)
    return status, Page(html).one(f"#q-{data['q']}")
