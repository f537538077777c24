"""Every acknowledged write is kept, on both databases, against the real server
with real threads: phones choosing their player, saving house-rule profiles and starting
an evening at the same moment. Before, on SQLite, a write that read first and then wrote
without the write lock was refused as "busy" or answered 303 and lost; a second "start
evening" moved the game out of the table's evening."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from typing import Any

import httpx
import sqlalchemy as sa

from ..support.live import LiveServer

PHONES = 8
TRIALS = 3
NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def _phone(server: LiveServer, key: str) -> tuple[httpx.Client, str]:
    """A phone that opened the game: its client (with its cookies) and a CSRF token."""
    client = httpx.Client(base_url=server.url, timeout=60)
    page = client.get(f"/g/{key}").text
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert token is not None
    return client, token.group(1)


def _at_once(calls: list[Callable[[], httpx.Response]]) -> list[httpx.Response]:
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def _game(server: LiveServer) -> str:
    response = httpx.post(server.url + "/api/v1/games", timeout=30,
                          json={"variant": "romme_de", "players": NAMES})
    assert response.status_code == 201, response.text
    return str(response.json()["key"])


def _rows(db_url: str, sql: str, **params: Any) -> list[Any]:
    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as connection:
            return list(connection.execute(sa.text(sql), params))
    finally:
        engine.dispose()


def test_players_chosen_at_once_are_all_kept(live_server: LiveServer, db_url: str) -> None:
    for _trial in range(TRIALS):
        key = _game(live_server)
        phones = [_phone(live_server, key) for _ in range(PHONES)]
        answers = _at_once([
            # Several phones choose the same player: each has said it is theirs too (a phone
            # handed around), or the second would be asked first.
            lambda c=c, t=t, i=i, key=key: c.post(f"/g/{key}/me", data={
                "csrf_token": t, "player": NAMES[i % len(NAMES)], "confirm": "y"})
            for i, (c, t) in enumerate(phones)])
        assert [a.status_code for a in answers] == [303] * PHONES
        for i, (client, _token) in enumerate(phones):
            device = client.cookies.get("scorepad_device")
            chosen = _rows(db_url, "SELECT k.player FROM known_game k JOIN game g "
                                   "ON g.id = k.game_id WHERE g.key = :key AND k.device = :d",
                           key=key, d=device)
            assert [r[0] for r in chosen] == [NAMES[i % len(NAMES)]], (i, chosen)
            client.close()


def test_profiles_saved_at_once_are_all_kept(live_server: LiveServer, db_url: str) -> None:
    key = _game(live_server)
    for trial in range(TRIALS):
        phones = [_phone(live_server, key) for _ in range(PHONES)]
        answers = _at_once([
            lambda c=c, t=t, i=i, trial=trial: c.post(f"/g/{key}/profile", data={
                "csrf_token": t, "name": f"Profile {trial}-{i}"})
            for i, (c, t) in enumerate(phones)])
        assert all(a.status_code in (302, 303) and "/p/" in a.headers["Location"]
                   for a in answers), [(a.status_code, a.headers.get("Location")) for a in answers]
        for client, _token in phones:
            client.close()
        names = {r[0] for r in _rows(db_url, "SELECT name FROM profile")}
        assert {f"Profile {trial}-{i}" for i in range(PHONES)} <= names


def test_an_evening_started_twice_at_once_is_one_evening(live_server: LiveServer,
                                                         db_url: str) -> None:
    for _trial in range(TRIALS):
        key = _game(live_server)
        phones = [_phone(live_server, key) for _ in range(2)]
        answers = _at_once([lambda c=c, t=t, key=key: c.post(f"/g/{key}/evening",
                                                    data={"csrf_token": t})
                            for c, t in phones])
        places = {a.headers.get("Location") for a in answers}
        assert len(places) == 1 and "/e/" in places.pop(), [a.status_code for a in answers]
        # And from a page opened before: the game stays in the table's evening.
        again = phones[0][0].post(f"/g/{key}/evening", data={"csrf_token": phones[0][1]})
        assert again.headers["Location"] == answers[0].headers["Location"]
        evenings = _rows(db_url, "SELECT e.key FROM evening e JOIN game g "
                                 "ON g.evening_id = e.id WHERE g.key = :key", key=key)
        assert len(evenings) == 1 and evenings[0][0] in answers[0].headers["Location"]
        for client, _token in phones:
            client.close()


def test_parts_from_four_phones_at_once_are_all_kept(live_server: LiveServer,
                                                     db_url: str) -> None:
    for _trial in range(TRIALS):
        key = _game(live_server)
        phones = [_phone(live_server, key) for _ in NAMES]
        answers = _at_once([
            lambda c=c, t=t, i=i, key=key: c.post(f"/g/{key}/together", data={
                "csrf_token": t, "as": NAMES[i], "number": "1", "mode": "numbers",
                "hand_points": str(10 + i), "went_out": "y" if i == 0 else ""})
            for i, (c, t) in enumerate(phones)])
        assert [a.status_code for a in answers] == [303] * len(NAMES), [
            a.text[:300] for a in answers if a.status_code != 303]
        parts = _rows(db_url, "SELECT d.player FROM draft_part d JOIN game g "
                              "ON g.id = d.game_id WHERE g.key = :key", key=key)
        assert sorted(r[0] for r in parts) == sorted(NAMES)
        for client, _token in phones:
            client.close()
