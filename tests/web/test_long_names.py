"""A name longer than its limit is never cut: the field keeps it and says the limit."""

from __future__ import annotations

from flask.testing import FlaskClient

from ..support.page import Page
from ..support.web import new_game_data

LONG = "Maximiliane Alexandra von Hohenberg-Wald"  # 40 characters
TOO_LONG = LONG + "stein"  # 45


def test_a_name_over_40_characters_is_refused_at_its_field_and_kept_whole(
        client: FlaskClient) -> None:
    assert len(LONG) == 40
    form = client.get("/games/new?variant=jolly_at&lang=en").get_data(as_text=True)
    field = Page(form).one('input[name="player_0"]')
    assert field.attr("maxlength") is None, "the browser would cut a longer name silently"
    assert field.attr("data-max-chars") == "40"
    response = client.post("/games/new?variant=jolly_at",
                           data=new_game_data(form, [TOO_LONG, "Ben"]))
    page = Page(response)
    assert response.status_code == 422
    assert "A name has at most 40 characters; this one has 45." in page.texts(".field-error")
    assert page.field("player_0") == TOO_LONG
    response = client.post("/games/new?variant=jolly_at", data=new_game_data(form, [LONG, "Ben"]))
    assert response.status_code == 302


def test_the_limit_is_said_in_german(client: FlaskClient) -> None:
    form = client.get("/games/new?variant=romme_de&lang=de").get_data(as_text=True)
    # What the page's script says while typing, before the form is sent.
    assert "Höchstens 40 Zeichen; hier sind es {count}." in Page(form).attrs(
        "[data-max-note]", "data-max-note")
    refused = Page(client.post("/games/new?variant=romme_de",
                               data=new_game_data(form, [TOO_LONG, "Ben"])))
    assert "Ein Name hat höchstens 40 Zeichen; dieser hat 45." in refused.texts(".field-error")


def test_no_name_field_cuts_what_is_typed(client: FlaskClient) -> None:
    form = Page(client.get("/games/new?variant=jolly_at"))
    names = form.all('input[name^="player_"], input[name="game_name"], input[name="profile_name"]')
    assert len(names) > 2
    for field in names:
        assert field.attr("maxlength") is None, field
