"""The path past one machine: several app processes on one database. A round saved through
one process is seen live (by the poll every open page makes) through the other."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from ..support.live import LiveServer


def test_a_round_saved_through_one_process_is_seen_live_through_another(
        db_url: str, live_server_on: Callable[..., LiveServer]) -> None:
    one, two = live_server_on(db_url), live_server_on(db_url)
    created = httpx.post(f"{one.url}/api/v1/games", timeout=30,
                         json={"variant": "romme_de", "players": ["Anna", "Ben"]})
    assert created.status_code == 201
    game = created.json()
    poll = f"{two.url}{game['url']}/live"
    # The other process's page is up to date: nothing to send.
    quiet = httpx.get(poll, params={"view": "board", "v": game["version"]}, timeout=30)
    assert quiet.status_code == 204 and quiet.content == b""
    saved = httpx.post(f"{one.url}/api/v1/games/{game['key']}/rounds", timeout=30,
                       json={"number": 1, "players": [{"name": "Anna", "went_out": True},
                                                      {"name": "Ben", "hand_points": 37}]})
    assert saved.status_code == 201
    fresh = httpx.get(poll, params={"view": "board", "v": game["version"]}, timeout=30)
    assert fresh.status_code == 200
    assert 'id="round-1"' in fresh.text and "37" in fresh.text
    # And the game as the second process reads it.
    read = httpx.get(f"{two.url}/api/v1/games/{game['key']}", timeout=30).json()
    assert read["totals"] == {"Anna": 0, "Ben": 37} and read["version"] == saved.json()["version"]
