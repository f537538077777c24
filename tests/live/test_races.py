"""Several phones at once, against the real server (waitress in its own process) on SQLite
and on PostgreSQL: the invariants of ../shared/API.md under real interleavings.

Every race is run 30 times; each trial starts its requests together at a barrier.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from typing import Any

import httpx
import pytest

from scorepad.rules.limits import MAX_ROUNDS

from ..support.live import LiveServer
from ..support.races import API, TRIALS, entry, game, new_game, together

# Rounds each of four phones saves into one game: together they fill a game to its cap of
# MAX_ROUNDS (100: 25 each), which no setting can pass; fewer if told.
PHONE_ROUNDS = min(int(os.environ.get("SCOREPAD_PHONE_ROUNDS", "25")), MAX_ROUNDS // 4)


def add(client: httpx.Client, key: str, number: int, marker: int) -> httpx.Response:
    return client.post(f"{API}/{key}/rounds", json={"number": number, "players": entry(marker)})


def game_of_two_rounds(server: LiveServer) -> tuple[str, int]:
    """A new game with rounds 1 and 2 saved; its key and round 2's version."""
    key = new_game(server)
    with httpx.Client(base_url=server.url, timeout=30) as c:
        for n in (1, 2):
            assert add(c, key, n, n).status_code == 201
    return key, game(server, key)["rounds"][-1]["version"]


def assert_numbered(g: dict[str, Any]) -> None:
    numbers = [r["number"] for r in g["rounds"]]
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    assert g["next_round"] == len(numbers) + 1


def test_deleting_the_last_round_while_another_phone_saves_the_next(
        live_server: LiveServer) -> None:
    outcomes: dict[tuple[int, int], int] = {}
    for trial in range(TRIALS):
        key, version = game_of_two_rounds(live_server)
        deleted, added = together(
            lambda c, key=key, version=version: c.delete(f"{API}/{key}/rounds/2",
                                                         params={"version": version}),
            lambda c, key=key: add(c, key, 3, 3), url=live_server.url)
        pair = (deleted.status_code, added.status_code)
        outcomes[pair] = outcomes.get(pair, 0) + 1
        assert pair in ((200, 409), (409, 201)), (trial, pair, deleted.text, added.text)
        g = game(live_server, key)
        assert_numbered(g)
        assert len(g["rounds"]) == (1 if pair == (200, 409) else 3)
        # Never stuck: the next round can be saved at once.
        with httpx.Client(base_url=live_server.url, timeout=30) as c:
            assert add(c, key, g["next_round"], 50).status_code == 201
    print("delete vs save next:", outcomes)


def test_two_phones_deleting_the_same_round(live_server: LiveServer) -> None:
    outcomes: dict[tuple[int, int], int] = {}
    for _trial in range(TRIALS):
        key, version = game_of_two_rounds(live_server)
        answers = together(*[lambda c, key=key, version=version: c.delete(
            f"{API}/{key}/rounds/2", params={"version": version})] * 2,
                           url=live_server.url)
        pair = tuple(sorted(a.status_code for a in answers))
        outcomes[pair] = outcomes.get(pair, 0) + 1  # type: ignore[index]
        # One wins; the other lost a race on a round that was there: 409 with the game
        # (API.md), never 404.
        assert pair == (200, 409), (pair, [a.text for a in answers])
        g = game(live_server, key)
        lost = next(a for a in answers if a.status_code == 409).json()
        assert lost["error"]["code"] == "CONFLICT" and lost["game"]["rounds"] == g["rounds"]
        assert_numbered(g)
        assert len(g["rounds"]) == 1
    print("delete vs delete:", outcomes)


def test_a_correction_racing_a_delete(live_server: LiveServer) -> None:
    outcomes: dict[tuple[int, int], int] = {}
    for _trial in range(TRIALS):
        key, version = game_of_two_rounds(live_server)
        corrected, deleted = together(
            lambda c, key=key, version=version: c.put(
                f"{API}/{key}/rounds/2", json={"version": version, "players": entry(77)}),
            lambda c, key=key, version=version: c.delete(f"{API}/{key}/rounds/2",
                                                         params={"version": version}),
            url=live_server.url)
        pair = (corrected.status_code, deleted.status_code)
        outcomes[pair] = outcomes.get(pair, 0) + 1
        # Either the correction came first (the delete then holds a stale version), or the
        # delete did (the correction then finds round 2 gone: a lost race, 409, not 404).
        assert pair in ((200, 409), (409, 200)), (pair, corrected.text, deleted.text)
        g = game(live_server, key)
        lost = corrected if pair == (409, 200) else deleted
        assert lost.json()["game"]["rounds"] == g["rounds"]
        assert_numbered(g)
        if pair == (200, 409):
            assert g["rounds"][1]["players"][1]["hand_points"] == 77
        else:
            assert len(g["rounds"]) == 1
    print("correct vs delete:", outcomes)


def test_a_deletion_and_a_new_round_racing_a_phone_that_still_shows_the_old_one(
        live_server: LiveServer) -> None:
    """Phone A saw round 2; phone B deletes it and saves another round 2, while A corrects
    or deletes what it saw: A never changes B's round (versions are never given twice)."""
    outcomes: dict[tuple[int, ...], int] = {}
    for trial in range(TRIALS // 3):
        key, version = game_of_two_rounds(live_server)

        def phone_b(c: httpx.Client, key: str = key, version: int = version) -> httpx.Response:
            c.delete(f"{API}/{key}/rounds/2", params={"version": version})  # 200, or A's came first
            return add(c, key, 2, 99)

        stale_put, stale_delete, again = together(
            lambda c, key=key, version=version: c.put(
                f"{API}/{key}/rounds/2", json={"version": version, "players": entry(77)}),
            lambda c, key=key, version=version: c.delete(f"{API}/{key}/rounds/2",
                                                         params={"version": version}),
            phone_b, url=live_server.url)
        codes = (stale_put.status_code, stale_delete.status_code, again.status_code)
        outcomes[codes] = outcomes.get(codes, 0) + 1
        g = game(live_server, key)
        assert_numbered(g)
        if again.status_code == 201:
            # B's new round 2 stands whatever A did: A's requests came before it or got 409.
            assert g["rounds"][-1]["players"][1]["hand_points"] == 99, (trial, codes)
            assert g["rounds"][-1]["version"] > version
        for answer in (stale_put, stale_delete):
            assert answer.status_code in (200, 409), (trial, codes, answer.text)
            if answer.status_code == 409:
                assert "game" in answer.json()
    print("stale phone vs delete and save again:", outcomes)


def test_two_phones_correcting_the_same_round(live_server: LiveServer) -> None:
    for _trial in range(TRIALS // 3):
        key = new_game(live_server)
        with httpx.Client(base_url=live_server.url, timeout=30) as c:
            version = add(c, key, 1, 1).json()["rounds"][0]["version"]
        answers = together(
            lambda c, key=key, version=version: c.put(
                f"{API}/{key}/rounds/1", json={"version": version, "players": entry(11)}),
            lambda c, key=key, version=version: c.put(
                f"{API}/{key}/rounds/1", json={"version": version, "players": entry(22)}),
            url=live_server.url)
        codes = sorted(a.status_code for a in answers)
        assert codes == [200, 409]
        winner = 11 if answers[0].status_code == 200 else 22
        assert game(live_server, key)["rounds"][0]["players"][1]["hand_points"] == winner


def test_four_phones_saving_many_rounds_each_into_one_game(
        live_server: LiveServer) -> None:
    key = new_game(live_server)
    acknowledged: list[int] = []
    failures: list[str] = []
    lock = threading.Lock()

    def phone(p: int) -> None:
        with httpx.Client(base_url=live_server.url, timeout=60) as client:
            for i in range(PHONE_ROUNDS):
                marker = p * PHONE_ROUNDS + i + 1
                for _attempt in range(200):
                    number = client.get(f"{API}/{key}").json()["next_round"]
                    answer = add(client, key, number, marker)
                    if answer.status_code == 201:
                        with lock:
                            acknowledged.append(marker)
                        break
                    if answer.status_code != 409:
                        failures.append(f"{answer.status_code} {answer.text}")
                        return
                else:
                    failures.append(f"phone {p} gave up on round {i}")
                    return

    threads = [threading.Thread(target=phone, args=(p,)) for p in range(4)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.monotonic() - started
    assert not failures, failures[:3]
    g = game(live_server, key)
    assert_numbered(g)
    markers = [r["players"][1]["hand_points"] for r in g["rounds"]]
    assert len(markers) == 4 * PHONE_ROUNDS, len(markers)
    assert sorted(markers) == sorted(acknowledged) == list(range(1, 4 * PHONE_ROUNDS + 1))
    print(f"4 phones x {PHONE_ROUNDS} rounds: {len(markers)} rounds, 0 lost, 0 duplicates, "
          f"{seconds:.1f} s")


@pytest.mark.parametrize("kills", [10])
def test_killing_the_server_during_saves_loses_no_acknowledged_round(
        live_server: LiveServer, kills: int) -> None:
    # Every cycle saves into a game of its own: ten bursts into one game would pass its cap
    # of MAX_ROUNDS rounds, after which nothing more would be saved, nor tested.
    acknowledged: dict[str, list[int]] = {}
    failures: list[str] = []
    rng = random.Random(8)
    marker = 0
    for _kill in range(kills):
        key = new_game(live_server)
        acknowledged[key] = []
        stop = threading.Event()
        lock = threading.Lock()

        def burst(stop: threading.Event, lock: threading.Lock, key: str = key) -> None:
            nonlocal marker
            with httpx.Client(base_url=live_server.url, timeout=10) as client:
                while not stop.is_set():
                    with lock:
                        marker += 1
                        mine = marker
                    try:
                        number = client.get(f"{API}/{key}").json()["next_round"]
                        answer = add(client, key, number, mine)
                    except (httpx.TransportError, ValueError):
                        return
                    if answer.status_code == 201:
                        with lock:
                            acknowledged[key].append(mine)
                    elif answer.status_code != 409:
                        failures.append(f"{answer.status_code} {answer.text}")
                        return

        threads = [threading.Thread(target=burst, args=(stop, lock)) for _ in range(3)]
        for t in threads:
            t.start()
        time.sleep(rng.uniform(0.3, 1.0))
        live_server.kill()
        stop.set()
        for t in threads:
            t.join()
        live_server.start()
    assert not failures, failures[:3]
    saved = 0
    for key, mine in acknowledged.items():
        g = game(live_server, key)
        assert_numbered(g)
        kept = {r["players"][1]["hand_points"] for r in g["rounds"]}
        assert set(mine) <= kept, sorted(set(mine) - kept)[:5]
        saved += len(kept)
    if live_server.db_url.startswith("sqlite:"):
        path = live_server.db_url.removeprefix("sqlite:///")
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    told = sum(len(mine) for mine in acknowledged.values())
    print(f"{kills} kills: {told} acknowledged saves, all kept; "
          f"{saved - told} saved but unacknowledged")
