"""Helpers for rounds entered by cards: the form data of each player's melds and hand, posted."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient


def by_cards(players: list[dict[str, Any]], closer: int | None, **extra: Any) -> dict[str, Any]:
    """Form data for a round entered by cards: per player a list of melds and a hand."""
    data: dict[str, Any] = {}
    for i, p in enumerate(players):
        data[f"mode_{i}"] = "cards"
        melds = p.get("melds", [])
        data[f"melds_{i}"] = str(max(1, len(melds)))
        for j, m in enumerate(melds):
            data[f"p{i}_meld{j}"] = m
        data[f"p{i}_hand"] = p.get("hand", "")
    if closer is not None:
        data["closer"] = str(closer)
    return data | extra


def post(client: FlaskClient, game: str, data: dict[str, Any], action: str = "save",
         number: int = 1) -> Any:
    return client.post(f"{game}/rounds/new", data=data | {"action": action, "number": str(number)})
