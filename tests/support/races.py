"""Helpers for racing phones against the live server: games made and rounds entered through
the API, from many threads."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import httpx

from .live import LiveServer

TRIALS = 30


API = "/api/v1/games"


def new_game(server: LiveServer, **house: Any) -> str:
    body = {"variant": "romme_de", "players": ["Anna", "Ben"],
            "house_rules": {"target": None} | house}
    response = httpx.post(server.url + API, json=body, timeout=30)
    assert response.status_code == 201, response.text
    return str(response.json()["key"])


def entry(marker: int) -> list[dict[str, Any]]:
    """A Rommé round that Ben's hand points tell apart from every other."""
    return [{"name": "Anna", "went_out": True}, {"name": "Ben", "hand_points": marker}]


def game(server: LiveServer, key: str) -> dict[str, Any]:
    response = httpx.get(f"{server.url}{API}/{key}", timeout=30)
    assert response.status_code == 200
    return response.json()  # type: ignore[no-any-return]


def together(*calls: Callable[[httpx.Client], httpx.Response],
             url: str) -> list[httpx.Response]:
    """Run the calls in threads released at the same moment; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(i: int, call: Callable[[httpx.Client], httpx.Response]) -> None:
        with httpx.Client(base_url=url, timeout=60) as client:
            barrier.wait()
            try:
                answers[i] = call(client)
            except httpx.HTTPError as e:  # said by the test, not lost in a thread's warning
                answers[i] = e

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    failed = [a for a in answers if isinstance(a, httpx.HTTPError)]
    if failed:
        raise AssertionError(f"{len(failed)} of {len(calls)} requests got no answer: {failed[0]!r}")
    return answers
