"""The first dealer is chosen by name, not by seat number: without JavaScript the choices
read as the player fields ("Player 2"), and by name once the names are known (a form sent
back with a mistake); the select is marked for the page's script to follow the typing."""

from __future__ import annotations

from flask.testing import FlaskClient

from ..support.page import Page


def _choices(page: str) -> list[str]:
    return Page(page).texts('select[name="first_dealer"] option')


def test_the_first_dealer_is_offered_by_the_player_fields_names(client: FlaskClient) -> None:
    page = client.get("/games/new?variant=romme_de&lang=en").get_data(as_text=True)
    choices = _choices(page)
    assert choices[:3] == ["Player 1", "Player 2", "Player 3"]
    assert not any(c.strip().isdigit() for c in choices)
    assert Page(page).one('select[name="first_dealer"]').attr("data-names-of") == "player_"
    assert "(seat)" not in page


def test_a_form_sent_back_names_the_first_dealer_by_the_typed_names(client: FlaskClient) -> None:
    form = {"player_0": "Anna", "player_1": "", "player_2": "Ben", "player_3": "Cleo",
            "first_dealer": "1", "stakes_cents": "x", "stakes_mode": "pot"}
    page = client.post("/games/new?variant=romme_de&lang=de", data=form).get_data(as_text=True)
    assert _choices(page)[:4] == ["Anna", "Ben", "Cleo", "Spieler 4"]
    assert Page(page).texts('select[name="first_dealer"] option[selected]') == ["Ben"]
