"""The app served by waitress in a process of its own, on each database (``live_server``)."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from ..support.live import LiveServer
from ..support.web import new_game_data

NAMES = ["Anna", "Ben", "Cleo"]


def create_game(client: httpx.Client, names: list[str]) -> str:
    """Create a game through the new-game page, CSRF token and all; return its address."""
    form = client.get("/games/new", params={"variant": "jolly_at"})
    assert form.status_code == 200
    response = client.post("/games/new", params={"variant": "jolly_at"},
                           data=new_game_data(form.text, names))
    assert response.status_code == 302, response.text
    return response.headers["Location"]


def test_live_server_serves_the_home_page(live_server: LiveServer) -> None:
    response = httpx.get(live_server.url + "/")
    assert response.status_code == 200
    assert 'href="/games/new"' in response.text
    assert f"http://localhost:{live_server.port}/" in live_server.log()


def test_committed_game_survives_kill_and_restart(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url) as client:
        game = create_game(client, NAMES)
        assert client.get(game).status_code == 200

    live_server.kill()
    assert not live_server.running
    with pytest.raises(httpx.ConnectError):
        httpx.get(live_server.url + "/")

    live_server.start()
    with httpx.Client(base_url=live_server.url) as client:
        page = client.get(game)
        assert page.status_code == 200
        assert all(name in page.text for name in NAMES)
        # The server takes new games after the restart too.
        assert create_game(client, ["Dora", "Emil"]) != game


def test_games_created_from_many_threads_at_once_are_all_kept(live_server: LiveServer) -> None:
    tables = [[f"P{t}a", f"P{t}b"] for t in range(12)]

    def play(names: list[str]) -> str:
        # One client per phone: each has its own session cookie and CSRF token.
        with httpx.Client(base_url=live_server.url, timeout=30) as client:
            return create_game(client, names)

    with ThreadPoolExecutor(max_workers=6) as pool:
        games = list(pool.map(play, tables))

    assert len(set(games)) == len(tables)
    for game, names in zip(games, tables):
        page = httpx.get(live_server.url + game).text
        assert names[0] in page and names[1] in page
    # A stranger's home page lists none of them: games are reached by their link only.
    assert not re.findall(r"P\d+a", httpx.get(live_server.url + "/").text)
