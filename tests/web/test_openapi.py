"""The API's OpenAPI document is valid OpenAPI 3.1 and as strict as the server where it can
be: the worked cases fit its adjudication requests, the requests the server refuses for a
missing field do not, and the server takes what JSON Schema calls an integer. Schemathesis
checks the rest against a live server (tests/live/test_schemathesis.py)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from scorepad.web.openapi import SPEC
from scorepad.web.openapi_schemas import ERROR_CODES

from ..support.cases import CASES


def schema_of(name: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}",
                                 "components": SPEC["components"]})


def test_the_document_is_valid_openapi_3_1() -> None:
    validate(SPEC)  # raises on the first breach of the specification


def test_every_worked_case_fits_the_adjudication_request_it_names() -> None:
    request = schema_of("AdjudicationRequest")
    answered = [c for c in CASES if "error" not in c["expect"]]
    assert len(answered) > 30
    for case in answered:
        errors = list(request.iter_errors(case["request"]))
        assert not errors, (case["request"], errors[0].message)


@pytest.mark.parametrize("body", [
    {"check": "hand", "variant": "rami_fr"},                   # the issue's: no cards
    {"check": "meld", "variant": "jolly_at"},
    {"check": "standings", "variant": "jolly_at", "totals": {"A": 1}},  # no rounds_played
    {"check": "turn", "variant": "jolly_at"},                  # no action
    {"check": "hand", "variant": "three_thirteen", "cards": ["7h"]},    # no round
    {"check": "score", "variant": "jolly_at"},
])
def test_a_request_missing_what_its_check_needs_breaks_the_description_and_is_refused(
        client: FlaskClient, body: dict[str, Any]) -> None:
    assert not schema_of("AdjudicationRequest").is_valid(body)
    assert client.post("/api/v1/adjudicate", json=body).status_code == 422


def test_every_code_the_server_answers_is_in_the_description(client: FlaskClient) -> None:
    answers = [client.post("/api/v1/adjudicate", data="{", content_type="application/json"),
               client.get("/api/v1/games/" + "k" * 22),
               client.open("/api/v1/games", method="PATCH"),
               client.post("/api/v1/games", data="x", content_type="text/plain"),
               client.post("/api/v1/games", json={"variant": "nope", "players": ["A", "B"]})]
    error = schema_of("Error")
    for answer in answers:
        assert error.is_valid(answer.get_json()), answer.get_json()
        assert answer.get_json()["error"]["code"] in ERROR_CODES
    assert {"TOTAL_TOO_LARGE", "GAME_TOO_LONG", "HISTORY_FULL", "IDEMPOTENCY_KEY_REUSED",
            "METHOD_NOT_ALLOWED"} <= set(ERROR_CODES)


def test_a_game_the_server_answers_fits_the_description(client: FlaskClient) -> None:
    made = client.post("/api/v1/games", json={"variant": "jolly_at", "players": ["Anna", "Ben"]})
    game = made.get_json()
    added = client.post(f"/api/v1/games/{game['key']}/rounds", json={"number": 1, "players": [
        {"name": "Anna", "went_out": True, "meld_points": 45},
        {"name": "Ben", "meld_points": 20, "hand_points": 13}]})
    assert added.status_code == 201
    assert schema_of("Game").is_valid(added.get_json())
