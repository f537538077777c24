"""Helpers for games counted by net points (each player's result of a round as one number)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from .page import Page
from .web import new_game


def net_game(client: FlaskClient, names: list[str], **house: Any) -> str:
    game = new_game(client, "jolly_at", names, **house)
    response = client.post(f"{game}/settings", data={"name": "Friday", "counting": "net"})
    assert response.status_code == 303
    return game


def net(closer: int | None, points: list[str | int], **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {f"net_{i}": str(p) for i, p in enumerate(points)}
    if closer is not None:
        data["closer"] = str(closer)
    return data | extra


def text(response: Any) -> str:
    """What a player reads on the page (through the HTML parser: no markup, entities read)."""
    return Page(response).text
