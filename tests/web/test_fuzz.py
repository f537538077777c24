"""Random and hostile JSON to every API endpoint, random forms to every page that takes a
post: never an answer of 500 or more, on either database. ``bench/bench_fuzz.py`` sends
many more of the same requests and prints the count."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .fuzz import forms, make_game, raw_bodies, send_api, send_form

_SETTINGS = settings(max_examples=200, deadline=None, database=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture,
                                            HealthCheck.too_slow])


def test_no_api_body_gets_a_server_error(any_client: FlaskClient) -> None:
    key = make_game(any_client)

    @_SETTINGS
    @given(raw=raw_bodies, which=st.integers(0, 1000))
    def check(raw: bytes, which: int) -> None:
        for code in send_api(any_client, key, raw, which):
            assert code < 500, (which, raw[:200])

    check()


def test_no_form_gets_a_server_error(any_client: FlaskClient) -> None:
    key = make_game(any_client, "romme_de")

    @_SETTINGS
    @given(data=forms, which=st.integers(0, 1000))
    def check(data: dict[str, Any], which: int) -> None:
        for code in send_form(any_client, key, data, which):
            assert code < 500, (which, data)

    check()
