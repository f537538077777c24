"""The round form offers to check a first meld only where a first meld must meet a condition:
not in Jolly with discard row (no minimum: it would answer "allowed, 15 points"), unless the
table's house rules give it one."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from ..support.web import new_game

OFFER = "Check a first meld before laying it down"


@pytest.mark.parametrize(("variant", "house", "offered"), [
    ("jolly_vorrat", {}, False),
    ("jolly_vorrat", {"initial_min_points": 30}, True),
    ("jolly_at", {}, True),
    ("romme_de", {}, True),
    ("rami_fr", {}, True),
])
def test_the_first_meld_check_is_offered_where_a_first_meld_has_a_rule(
        client: FlaskClient, variant: str, house: dict[str, int], offered: bool) -> None:
    game = new_game(client, variant, ["Anna", "Ben", "Cleo"], **house)
    page = client.get(f"{game}/rounds/new?lang=en").get_data(as_text=True)
    assert (OFFER in page) is offered
