"""A name longer than its limit is never cut: the field keeps it and says the limit."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from ..support.web import new_game_data

LONG = "Maximiliane Alexandra von Hohenberg-Wald"  # 40 characters
TOO_LONG = LONG + "stein"  # 45


def test_a_name_over_40_characters_is_refused_at_its_field_and_kept_whole(
        client: FlaskClient) -> None:
    assert len(LONG) == 40
    form = client.get("/games/new?variant=jolly_at&lang=en").get_data(as_text=True)
    field = re.search(r'<input[^>]*name="player_0"[^>]*>', form)
    assert field is not None
    assert "maxlength" not in field.group(0), "the browser would cut a longer name silently"
    assert 'data-max-chars="40"' in field.group(0)
    response = client.post("/games/new?variant=jolly_at",
                           data=new_game_data(form, [TOO_LONG, "Ben"]))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "A name has at most 40 characters; this one has 45." in html
    assert f'value="{TOO_LONG}"' in html
    response = client.post("/games/new?variant=jolly_at", data=new_game_data(form, [LONG, "Ben"]))
    assert response.status_code == 302


def test_the_limit_is_said_in_german(client: FlaskClient) -> None:
    form = client.get("/games/new?variant=romme_de&lang=de").get_data(as_text=True)
    assert "Höchstens 40 Zeichen; hier sind es {count}." in form
    html = client.post("/games/new?variant=romme_de",
                       data=new_game_data(form, [TOO_LONG, "Ben"])).get_data(as_text=True)
    assert "Ein Name hat höchstens 40 Zeichen; dieser hat 45." in html


def test_no_name_field_cuts_what_is_typed(client: FlaskClient) -> None:
    form = client.get("/games/new?variant=jolly_at").get_data(as_text=True)
    for tag in re.findall(r"<input[^>]*>", form):
        if re.search(r'name="(player_\d+|game_name|profile_name)"', tag):
            assert "maxlength" not in tag, tag
