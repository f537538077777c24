"""Whatever is posted, no request answers 500."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..support.web import new_game, numbers, save_round

FIELDS = ["meld_0", "meld_1", "hand_0", "hand_1", "closer", "hand_win", "melded_0", "melded_1",
          "action", "number", "version", "player_0", "player_1", "first_dealer", "hr_target",
          "hr_tie", "hr_court_values", "hr_wild_in_hand", "hr_ace_high", "hr_rounds"]
values = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["save", "preview", "0", "1", "-1", "99999999999999999999", "", "y", "1e3",
                     "½", "٣", "NaN", "<script>", "0 1", "\x00"]),
)
forms = st.dictionaries(st.sampled_from(FIELDS), values, max_size=len(FIELDS))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=forms, variant=st.sampled_from(["jolly_at", "three_thirteen", "romme_de", "rami_fr",
                                            "jolly_vorrat", "nonsense", ""]))
def test_any_post_gets_an_answer_below_500(app: Flask, data: dict[str, Any], variant: str) -> None:
    client = app.test_client()
    assert client.post(f"/games/new?variant={variant}", data=data).status_code < 500
    game = new_game(client, "rami_fr" if variant == "nonsense" else "jolly_at", ["A", "B"])
    for url in (f"{game}/rounds/new", f"{game}/rounds/1/edit", f"{game}/rounds/1/delete"):
        assert client.post(url, data=data).status_code < 500


def test_odd_addresses_and_methods_are_not_500(app: Flask) -> None:
    client = app.test_client()
    game = new_game(client, "romme_de", ["A", "B"])
    save_round(client, game, numbers(0, [0, 3]))
    for url in ("/games/x", "/games/0", f"{game}/rounds/0/edit", f"{game}/rounds/99/edit",
                "/games/new?variant=%00", "/static/../pyproject.toml", f"{game}/rounds/new?lang=xx"):
        assert client.get(url).status_code < 500, url
    assert client.put(f"{game}/rounds/new").status_code == 405
    assert client.get(f"{game}/rounds/1/delete").status_code == 405


def test_an_oversized_post_is_refused_cleanly(app: Flask) -> None:
    client = app.test_client()
    response = client.post("/games/new?variant=jolly_at", data={"player_0": "x" * (6 * 1024 * 1024)})
    assert response.status_code == 413
