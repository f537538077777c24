"""Helpers of the tests of tests/web: a game made and rounds saved through the forms, as a browser posts them."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from .page import Page


def new_game(client: FlaskClient, variant: str, names: list[str],
             fields: dict[str, str] | None = None, **house: Any) -> str:
    """Create a game through the form (``fields``: more of its fields, such as the stakes);
    return its address."""
    form = client.get(f"/games/new?variant={variant}").get_data(as_text=True)
    data = new_game_data(form, names, **house) | (fields or {})
    response = client.post(f"/games/new?variant={variant}", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def new_game_data(form: str, names: list[str], **house: Any) -> dict[str, Any]:
    """What a browser posts from the new-game page ``form`` (its HTML) for ``names``.

    Every prefilled house rule is kept as the page shows it, and so is the CSRF token when
    the page has one; ``house`` changes switches (``False`` unticks a checkbox).
    """
    data: dict[str, Any] = {f"player_{i}": n for i, n in enumerate(names)}
    data["first_dealer"] = "0"
    data |= prefilled_house_rules(form)
    for key, value in house.items():
        if value is False:
            data.pop(f"hr_{key}", None)
        else:
            data[f"hr_{key}"] = "y" if value is True else str(value)
    return data


def prefilled_house_rules(form: str) -> dict[str, str]:
    """Every house rule of a new-game form as the page shows it (and its CSRF token), as a
    browser would post it."""
    data = {}
    for field in Page(form).all('input[name^="hr_"], input[name="csrf_token"]'):
        if field.attr("type") == "checkbox":
            if field.attr("checked") is not None:
                data[field["name"]] = "y"
        else:
            data[field["name"]] = field.attr("value") or ""
    return data


def numbers(closer: int | None, hands: list[int | str], melds: list[int | str] | None = None,
            **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {f"hand_{i}": str(h) for i, h in enumerate(hands)}
    if melds is not None:
        data |= {f"meld_{i}": str(m) for i, m in enumerate(melds)}
    if closer is not None:
        data["closer"] = str(closer)
    return data | extra


def delete_last(client: FlaskClient, game: str, number: int) -> Any:
    """Tap "Delete round n" as the game page offers it (with the round's version)."""
    version = Page(client.get(game)).field("version")
    assert version is not None, "the game page offers no delete"
    return client.post(f"{game}/rounds/{number}/delete", data={"version": version})


def save_round(client: FlaskClient, game: str, data: dict[str, Any], number: int | None = None) -> Any:
    if number is None:
        number = int(Page(client.get(f"{game}/rounds/new")).field("number") or "")
    return client.post(f"{game}/rounds/new", data=data | {"action": "save", "number": str(number)})


def game_at(path: str) -> Any:
    """The stored game behind a game's address (``/g/<key>``); needs an app context."""
    from scorepad.game.db import db
    from scorepad.game.models import Game

    key = path.rstrip("/").rsplit("/", 1)[1]
    return db.session.scalars(db.select(Game).where(Game.key == key)).one()


def hidden(page: str, name: str) -> str:
    """The value of the page's input ``name`` (a hidden field the form sends back)."""
    found = Page(page).first(f'input[name="{name}"]')
    assert found is not None, f"no hidden {name} in the page"
    return found.attr("value") or ""


def totals(client: FlaskClient, game: str) -> list[int]:
    """The scoreboard's Σ row of the game page, player by player in the board's order."""
    return [int(t) for t in Page(client.get(game)).keyed("data-total").values()]


def round_totals(response: Any) -> dict[str, str]:
    """What Check's breakdown of a round (a page or the htmx fragment) counts for each player:
    the last column of the player's row, as read (``{"Anna": "+80", "Ben": "-10"}``)."""
    return {row["data-player"]: row.all("td")[-1].text
            for row in Page(response).all("#check tr[data-player]")}
