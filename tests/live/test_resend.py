"""A form sent twice at the same moment (a double tap, a resend after a lost answer, Back
and Save) against the real server on SQLite and PostgreSQL: the write id is looked up
under the game's write lock, so exactly one round is saved and every answer is the first
save's."""

from __future__ import annotations

import re
import threading

import httpx

from ..support.live import LiveServer
from ..support.races import API, TRIALS, entry, game, new_game, together


def taps(phone: httpx.Client, path: str, data: dict[str, str]) -> list[httpx.Response]:
    """The same form posted twice at the same moment by one phone (its cookies)."""
    barrier = threading.Barrier(2)
    answers: list[httpx.Response] = []

    def tap() -> None:
        barrier.wait()
        answers.append(phone.post(path, data=data))

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_one_idempotency_key_sent_three_times_at_once_saves_one_round(
        live_server: LiveServer) -> None:
    key = new_game(live_server)
    for trial in range(TRIALS // 2):
        number = trial + 1
        body = {"number": number, "players": entry(number)}
        answers = together(*[
            lambda c, number=number, body=body: c.post(f"{API}/{key}/rounds", json=body,
                                            headers={"Idempotency-Key": f"tap-{number}"})] * 3,
                           url=live_server.url)
        assert [a.status_code for a in answers] == [201, 201, 201], [a.text for a in answers]
        assert sum(a.headers.get("Idempotent-Replayed") == "true" for a in answers) == 2
        rounds = game(live_server, key)["rounds"]
        assert [r["number"] for r in rounds] == list(range(1, number + 1))
        assert rounds[-1]["players"][1]["hand_points"] == number


def test_a_double_tap_on_save_of_the_round_form_saves_one_round(live_server: LiveServer) -> None:
    key = new_game(live_server)
    with httpx.Client(base_url=live_server.url, timeout=60) as phone:
        for trial in range(TRIALS // 3):
            form = phone.get(f"/g/{key}/rounds/new").text
            fields = dict(re.findall(
                r'<input[^>]* name="(csrf_token|number|write_id)"[^>]* value="([^"]*)"', form))
            assert fields["number"] == str(trial + 1)
            data = fields | {"closer": "0", "hand_0": "0", "hand_1": str(trial + 10),
                             "action": "save"}
            answers = taps(phone, f"/g/{key}/rounds/new", data)
            codes = sorted(a.status_code for a in answers)
            assert codes == [302, 303], [(a.status_code, a.text[:200]) for a in answers]
            assert all(a.headers["Location"].endswith(f"#round-{trial + 1}")
                       or a.headers["Location"].endswith("#next") for a in answers)
            assert len(game(live_server, key)["rounds"]) == trial + 1


def test_a_kept_save_sent_at_once_by_senders_without_the_session_saves_one_round(
        live_server: LiveServer) -> None:
    """The phone's outbox after the browser was closed (no session cookie): the write token
    of the form stands in for the CSRF token, and two pages (or a page and the service
    worker) sending the kept save at the same moment save it once."""
    key = new_game(live_server)
    with httpx.Client(base_url=live_server.url, timeout=60) as phone:
        for trial in range(TRIALS // 3):
            form = phone.get(f"/g/{key}/rounds/new").text
            fields = dict(re.findall(
                r'<input[^>]* name="(number|write_id|write_token)"[^>]* value="([^"]*)"', form))
            data = fields | {"closer": "0", "hand_0": "0", "hand_1": str(trial + 10),
                             "action": "save"}
            answers = together(*[lambda c, data=data: c.post(
                f"/g/{key}/rounds/new", data=data, headers={"X-Scorepad-Outbox": "1"})] * 3,
                url=live_server.url)
            assert [a.status_code for a in answers] == [204] * 3, [a.text[:200] for a in answers]
            assert len(game(live_server, key)["rounds"]) == trial + 1
