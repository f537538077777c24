"""Random and hostile JSON to every API endpoint, random forms to every page that takes a
post: never an answer of 500 or more, on either database. ``bench/bench_fuzz.py`` sends
many more of the same requests and prints the count."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..support.fuzz import (
    VARIANT_NAMES,
    any_forms,
    cookies,
    forms,
    make_game,
    make_keys,
    queries,
    raw_bodies,
    routes,
    send_any,
    send_api,
    send_form,
    sweep,
)

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


def test_no_route_query_form_or_cookie_gets_a_server_error(any_app: Flask,
                                                          any_client: FlaskClient) -> None:
    """Every route of the app (but the PDFs), with hostile query parameters, forms and
    cookies: the names every page reads, Unicode digits, numbers past the database's
    range, JSON nested deep, cookies of every shape."""
    keys = make_keys(any_client)
    every = routes(any_app)
    assert len(every) > 50

    @_SETTINGS
    @given(which=st.integers(0, 10_000), query=queries, form=any_forms, jar=cookies,
           number=st.sampled_from([1, 2, 0, 2**31, 10**20]), variant=st.sampled_from(VARIANT_NAMES))
    def check(which: int, query: dict[str, str], form: dict[str, str], jar: dict[str, str],
              number: int, variant: str) -> None:
        route = every[which % len(every)]
        for code in send_any(any_client, keys, route, query, form, jar, number, variant):
            assert code < 500, (route, query, form, jar, number, variant)

    check()


def test_every_name_every_route_reads_is_swept_with_hostile_values(
        any_app: Flask, any_client: FlaskClient) -> None:
    """Each query, form and cookie name each route reads (found by asking the app), made a
    Unicode digit, a number past PostgreSQL's integer, JSON nested 1,100 deep in turn:
    never a 500. ``bench/bench_fuzz.py`` sweeps more values."""
    keys = make_keys(any_client)
    failures = [sent for sent, code in sweep(
        any_app, any_client, keys, ["²", "2147483648", "[" * 1100 + "]" * 1100],
        {"scorepad_device": ["a" * 33], "tz": ["Etc/GMT+14"]}) if code >= 500]
    assert failures == []
