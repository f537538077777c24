"""POST /api/v1/adjudicate answers exactly what the CLI prints; the API describes itself."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from ..support.cases import CASES, REPO


def cli_answers(requests: list[dict[str, Any]]) -> list[Any]:
    """The CLI's answer to each request, all sent at once as JSON Lines."""
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests)
    done = subprocess.run([sys.executable, "-m", "scorepad.rules"], input=text.encode(),
                          capture_output=True, cwd=REPO, timeout=120)
    lines = [line for line in done.stdout.decode().splitlines() if line.strip()]
    assert len(lines) == len(requests), done.stderr.decode()
    return [json.loads(line) for line in lines]


def test_every_worked_case_gets_the_cli_answer_from_the_api(client: FlaskClient) -> None:
    requests = [c["request"] for c in CASES]
    expected = cli_answers(requests)
    differing = {}
    for case, want in zip(CASES, expected):
        response = client.post("/api/v1/adjudicate", json=case["request"])
        assert response.status_code == (422 if "error" in want else 200), case["id"]
        if response.get_json() != want:
            differing[case["id"]] = (response.get_json(), want)
    assert not differing


def test_an_array_of_every_worked_case_is_answered_as_the_cli_answers(
        client: FlaskClient) -> None:
    requests = [c["request"] for c in CASES]
    response = client.post("/api/v1/adjudicate", json=requests)
    assert response.status_code == 200
    assert response.get_json() == cli_answers(requests)


def test_the_api_serves_an_openapi_description_of_every_route(app: Flask,
                                                              client: FlaskClient) -> None:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    spec = json.loads(response.get_data(as_text=True))
    assert spec["openapi"].startswith("3.")
    assert spec["info"]["title"] and spec["info"]["version"]
    described = {(path, method) for path, item in spec["paths"].items() for method in item}
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint.startswith("api."):
            path = rule.rule.removeprefix("/api/v1")
            for name in rule.arguments:
                path = path.replace(f"<{name}>", f"{{{name}}}").replace(
                    f"<int:{name}>", f"{{{name}}}")
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                routes.add((path, method.lower()))
    assert routes and routes <= described, routes - described
    # Every reference points at a schema that exists.
    refs = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "$ref" in node:
                refs.add(node["$ref"].rsplit("/", 1)[-1])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(spec)
    assert refs and refs <= set(spec["components"]["schemas"])
    for path, item in spec["paths"].items():
        for operation in item.values():
            assert operation["responses"], (path, operation)
            for name in [p["name"] for p in operation.get("parameters", []) if p["in"] == "path"]:
                assert "{" + name + "}" in path


def test_every_field_of_a_game_and_of_a_new_game_is_described(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    body = {"variant": "jolly_at", "players": ["Anna", "Ben"], "first_dealer": 1, "house_rules": {},
            "name": "Friday", "counting": "net", "stakes": {"mode": "pot", "cents": 50, "currency": "EUR"}}
    assert set(body) == set(schemas["NewGame"]["properties"])
    assert set(body["stakes"]) == set(schemas["Stakes"]["properties"])
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    assert set(game) <= set(schemas["Game"]["properties"]), set(game) - set(schemas["Game"]["properties"])
    assert set(game["settlement"]) <= set(schemas["Settlement"]["properties"])


TURN_EXTRA = [
    # German answers, a lay-off inside a take, and requests that contradict themselves
    {"variant": "romme_de", "check": "turn", "action": "exchange_joker", "lang": "de",
     "initial_meld": "earlier", "meld": ["8s", "8h", "JK"], "cards": ["8c"], "joker_to": "hand"},
    {"variant": "jolly_at", "check": "turn", "action": "take_discard", "initial_meld": "earlier",
     "hand_count": 9, "discards": ["Qs"], "lay_offs": [{"onto": ["9s", "10s", "Js"],
                                                        "cards": ["Qs"]}]},
    {"variant": "jolly_at", "check": "turn", "action": "take_discard",
     "initial_meld": "this_turn", "hand_count": 9, "discards": ["Qs"]},
    {"variant": "romme_de", "check": "turn", "action": "lay_off", "onto": ["5h", "6h", "7h"],
     "cards": ["8h"]},
    {"variant": "three_thirteen", "check": "turn", "action": "lay_off", "round": 2,
     "onto": ["5h", "6h", "7h"], "cards": ["8h"], "lang": "de"},
]


def test_turn_requests_beyond_the_worked_cases_get_the_cli_answer(client: FlaskClient) -> None:
    expected = cli_answers(TURN_EXTRA)
    assert [("error" in a) for a in expected] == [False, False, True, True, False]
    for request, want in zip(TURN_EXTRA, expected):
        response = client.post("/api/v1/adjudicate", json=request)
        assert response.status_code == (422 if "error" in want else 200)
        assert response.get_json() == want


def test_the_openapi_description_documents_the_turn_check(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["AdjudicationRequest"]["discriminator"]["mapping"]["turn"].endswith("/Check_turn")
    request = schemas["Check_turn"]["properties"]
    assert request["check"]["const"] == "turn"
    assert request["action"]["enum"] == ["take_discard", "lay_off", "exchange_joker"]
    for field in ("initial_meld", "hand_count", "discards", "take", "lay_offs", "onto", "owner",
                  "meld", "joker_to", "new_meld"):
        assert f"`{field}`" in request["action"]["description"], field
    answer = schemas["AdjudicationAnswer"]["properties"]
    assert {"taken", "credit", "pay", "joker_to"} <= set(answer)
