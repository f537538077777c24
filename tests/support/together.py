"""Helpers for a round entered together through the forms: a player's part, the together
page, the round saved."""

from __future__ import annotations

from flask.testing import FlaskClient

from .page import Page


def part(client: FlaskClient, game: str, who: str, **fields: str) -> int:
    data = {"as": who, "number": fields.pop("number", "1"), "mode": "cards"} | fields
    return client.post(f"{game}/together", data=data).status_code


def status(client: FlaskClient, game: str, headers: dict[str, str] | None = None) -> str:
    return client.get(f"{game}/together", headers=headers or {}).get_data(as_text=True)


def save(client: FlaskClient, game: str) -> int:
    write_id = Page(status(client, game)).field("write_id")
    assert write_id is not None, "no Save round button"
    return client.post(f"{game}/together/save", data={
        "number": "1", "write_id": write_id}).status_code
