"""Helpers for the game API (../shared/API.md): a call with a JSON body, a game made, a round."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

JOLLY_ROUND = [{"name": "Anna", "went_out": True, "meld_points": 45},
               {"name": "Ben", "meld_points": 20, "hand_points": 13}]


def call(client: FlaskClient, method: str, url: str, body: Any = None, **kw: Any) -> Any:
    if body is not None:
        kw.setdefault("data", json.dumps(body))
        kw.setdefault("content_type", "application/json")
    return client.open(url, method=method, **kw)


def make_game(client: FlaskClient, **body: Any) -> dict[str, Any]:
    body = {"variant": "jolly_at", "players": ["Anna", "Ben"]} | body
    response = call(client, "POST", "/api/v1/games", body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]
