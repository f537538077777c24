"""The app on a real SQLite file, its schema made by the migrations (as `make run` does)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade

from scorepad import create_app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'scorepad.sqlite'}",
        "WTF_CSRF_ENABLED": False,
    })
    with app.app_context():
        upgrade()
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def prefilled_house_rules(form: str) -> dict[str, str]:
    """Every house rule of a new-game form as the page shows it, as a browser would post it."""
    data = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="(hr_\w+)"', tag)
        if name is None:
            continue
        if 'type="checkbox"' in tag:
            if " checked" in tag:
                data[name.group(1)] = "y"
        else:
            value = re.search(r'value="([^"]*)"', tag)
            data[name.group(1)] = value.group(1) if value else ""
    return data


def new_game(client: FlaskClient, variant: str, names: list[str], **house: Any) -> str:
    """Create a game through the form; return its address."""
    data: dict[str, Any] = {f"player_{i}": n for i, n in enumerate(names)}
    data["first_dealer"] = "0"
    data |= prefilled_house_rules(client.get(f"/games/new?variant={variant}").get_data(as_text=True))
    for key, value in house.items():
        if value is False:
            data.pop(f"hr_{key}", None)
        else:
            data[f"hr_{key}"] = "y" if value is True else str(value)
    response = client.post(f"/games/new?variant={variant}", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def numbers(closer: int | None, hands: list[int | str], melds: list[int | str] | None = None,
            **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {f"hand_{i}": str(h) for i, h in enumerate(hands)}
    if melds is not None:
        data |= {f"meld_{i}": str(m) for i, m in enumerate(melds)}
    if closer is not None:
        data["closer"] = str(closer)
    return data | extra


def save_round(client: FlaskClient, game: str, data: dict[str, Any], number: int | None = None) -> Any:
    form = client.get(f"{game}/rounds/new").get_data(as_text=True)
    if number is None:
        number = int(re.search(r'name="number" value="(\d+)"', form).group(1))  # type: ignore[union-attr]
    return client.post(f"{game}/rounds/new", data=data | {"action": "save", "number": str(number)})
