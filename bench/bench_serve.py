"""Serving (issue 12): `scorepad serve` on 127.0.0.1, loaded by 1, 4 and 16 clients.

For each server setting: one cold start (command started, fresh instance folder, until the
first page answers; bench_start.py takes the median of many), then requests/s and p95 for the game page of a
20-round, 6-player game, and for saving a round (each client its own game, CSRF on, as
phones do). Clients are threads with one keep-alive connection each. Where wrk is
installed (``make bench`` installs it), the game page again under wrk, a C load generator
that leaves the server more of the machine. Prints figures only.

Run: ``.venv/bin/python bench/bench_serve.py [seconds per run] [setting ...]`` where a
setting is ``gunicorn:WORKERSxTHREADS`` or ``waitress:THREADS`` (default: both, as chosen).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table_game import NAMES, card_game_file, numbers_game_file

from tests.support.web import prefilled_house_rules

BIN = Path(sys.executable).parent
CLIENTS = (1, 4, 16)


class Phone:
    """One client: a keep-alive connection and the session cookie (CSRF)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method: str, path: str, form: dict[str, str] | None = None
                ) -> tuple[int, dict[str, str], str]:
        headers = {"Accept-Encoding": "identity", "Accept-Language": "en"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                text = response.read().decode(errors="replace")
                break
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        cookie = response.getheader("Set-Cookie")
        if cookie and cookie.startswith("session="):
            self.cookie = cookie.split(";", 1)[0]
        return response.status, dict(response.getheaders()), text

    def token(self, path: str) -> tuple[str, str]:
        status, _, page = self.request("GET", path)
        assert status == 200, (path, status)
        found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
        assert found, path
        return found.group(1), page

    def new_game(self) -> str:
        token, page = self.token("/games/new?variant=jolly_at")
        form = prefilled_house_rules(page) | {"csrf_token": token, "first_dealer": "0",
                                              "hr_target": "100000"}
        form |= {f"player_{i}": n for i, n in enumerate(NAMES)}
        status, headers, _ = self.request("POST", "/games/new?variant=jolly_at", form)
        assert status == 302, status
        return urllib.parse.urlsplit(headers["Location"]).path

    def save_round(self, game: str) -> int:
        token, page = self.token(f"{game}/rounds/new")
        number = int(re.search(r'name="number" value="(\d+)"', page).group(1))  # type: ignore[union-attr]
        form = {f"meld_{i}": str((number * 7 + i * 13) % 90) for i in range(6)}
        form |= {f"hand_{i}": str(1 + (number * 11 + i * 5) % 59) for i in range(6)}
        closer = number % 6
        form |= {f"hand_{closer}": "0", "closer": str(closer), "action": "save",
                 "number": str(number), "csrf_token": token}
        status, _, _ = self.request("POST", f"{game}/rounds/new", form)
        return status


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(setting: str, instance: Path, port: int, host: str = "127.0.0.1"
          ) -> tuple[subprocess.Popen[bytes], float, float]:
    """The server for ``setting``; also seconds from the command to the first page, and the
    CPU seconds its processes used until then (a fairer figure on a busy machine). On
    ``host`` 0.0.0.0, as ``make run`` serves, it also prints the LAN addresses' QR codes."""
    server, shape = setting.split(":")
    args = [str(BIN / "scorepad"), "serve", "--host", host, "--port", str(port),
            "--server", server]
    if server == "gunicorn":
        workers, threads = shape.split("x")
        args += ["--workers", workers, "--threads", threads]
    else:
        args += ["--threads", str(int(shape) // 2)]
    env = os.environ | {"SCOREPAD_INSTANCE": str(instance)}
    env.pop("DATABASE_URL", None)
    began = time.perf_counter()
    process = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, start_new_session=True)
    deadline = began + 30
    while time.perf_counter() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/")
            if connection.getresponse().status == 200:
                took = time.perf_counter() - began
                return process, took, cpu_seconds(process.pid)
        except OSError:
            time.sleep(0.005)  # not yet listening: look again soon
    stop(process)
    raise RuntimeError(f"{setting} did not answer within 30 s")


def cpu_seconds(session: int) -> float:
    """CPU time (user + system) used so far by the processes of a session (the server's)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == session:  # fields after the name: state, ppid, pgrp, session, ...
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def stop(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def load(port: int, clients: int, seconds: float, work: str, games: list[str],
         page: str) -> tuple[float, float, float]:
    """(requests/s, median ms, p95 ms) of ``clients`` threads doing ``work`` for ``seconds``."""
    times: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    go = threading.Barrier(clients + 1)
    until = [0.0]

    def client(i: int) -> None:
        phone = Phone(port)
        mine: list[float] = []
        go.wait()
        while time.perf_counter() < until[0]:
            start = time.perf_counter()
            if work == "page":
                status, _, _ = phone.request("GET", page)
                ok = status == 200
            else:
                status = phone.save_round(games[i])
                ok = status == 302
            mine.append(time.perf_counter() - start)
            if not ok:
                errors.append(f"{work}: {status}")
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    began = time.perf_counter()
    until[0] = began + seconds
    go.wait()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    assert not errors, errors[:3]
    times.sort()
    return (len(times) / elapsed, statistics.median(times) * 1000,
            times[min(len(times) - 1, int(len(times) * 0.95))] * 1000)


def import_file(phone: Phone, document: dict[str, object]) -> str:
    token, _ = phone.token("/games/import")
    status, headers, _ = phone.request("POST", "/games/import",
                                       {"csrf_token": token, "text": json.dumps(document)})
    assert status == 302, status
    return urllib.parse.urlsplit(headers["Location"]).path


def meld_checks(phone: Phone, game: str, count: int) -> list[float]:
    """Milliseconds of ``count`` meld checks (the htmx check as a card field is typed)."""
    token, _ = phone.token(f"{game}/rounds/new")
    times = []
    for _ in range(count):
        start = time.perf_counter()
        status, _, _ = phone.request("POST", f"{game}/rounds/check-meld", {
            "csrf_token": token, "field": "p0_meld0", "p0_meld0": "JK Qh Kh", "number": "21"})
        times.append((time.perf_counter() - start) * 1000)
        assert status == 200, status
        time.sleep(0.02)
    return sorted(times)


def during_sheets(port: int, game: str, cards: str) -> str:
    """A meld check's p95 alone, and while two phones keep asking for detail sheets."""
    phone = Phone(port)
    idle = meld_checks(phone, game, 60)
    stop = threading.Event()
    sheets = [0]

    def ask_for_sheets() -> None:
        other = Phone(port)
        while not stop.is_set():
            status, _, _ = other.request("GET", f"{cards}/sheet.pdf?details=1")
            assert status == 200, status
            sheets[0] += 1

    threads = [threading.Thread(target=ask_for_sheets) for _ in range(2)]
    for t in threads:
        t.start()
    time.sleep(1)
    busy = meld_checks(phone, game, 60)
    stop.set()
    for t in threads:
        t.join()
    p95 = (idle[int(len(idle) * 0.95)], busy[int(len(busy) * 0.95)])
    return (f"meld check p95 {p95[0]:.1f} ms alone, {p95[1]:.1f} ms while two detail sheets "
            f"render ({sheets[0]} sheets): {p95[1] / p95[0]:.1f}x")


def wrk(port: int, clients: int, seconds: float, page: str) -> str:
    """The game page loaded by wrk (C, one thread, keep-alive): a load generator that takes
    far less of the machine's cores than this process's client threads do."""
    done = subprocess.run(
        ["wrk", "-t1", f"-c{clients}", f"-d{seconds:.0f}s", "--latency",
         "-H", "Accept-Language: en", f"http://127.0.0.1:{port}{page}"],
        capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", done).group(1))  # type: ignore[union-attr]
    latency = dict(re.findall(r"^\s+(50|90|99)%\s+(\S+)$", done, re.M))
    refused = re.search(r"Non-2xx or 3xx responses: (\d+)", done)
    return (f"{rps:6.1f} req/s, median {latency['50']:>8}, p90 {latency['90']:>8}, "
            f"p99 {latency['99']:>8}" + (f", {refused.group(1)} refused" if refused else ""))


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 6
    settings = sys.argv[2:] or ["gunicorn:2x4", "waitress:8"]
    print(f"{os.cpu_count()} cores; {seconds:.0f} s per run; clients are threads in this process")
    # What this machine takes for the bare minimum, to read the cold start against.
    began, before = time.perf_counter(), os.times()
    subprocess.run([sys.executable, "-c", "import flask, sqlalchemy.orm"], check=True)
    after = os.times()
    print(f"for scale: python -c 'import flask, sqlalchemy.orm' takes "
          f"{(time.perf_counter() - began) * 1000:.0f} ms, "
          f"{(after.children_user + after.children_system - before.children_user - before.children_system) * 1000:.0f}"
          f" ms CPU here")
    for setting in settings:
        instance = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
        # The bench makes its clients' games from one address: past the limit for a table.
        (instance / "config.py").write_text('SCOREPAD_CREATE_LIMIT = "10000 per minute"\n')
        port = free_port()
        process, cold, cold_cpu = start(setting, instance, port)
        try:
            setup = Phone(port)
            page = import_file(setup, numbers_game_file())
            cards = import_file(setup, card_game_file())
            games = [setup.new_game() for _ in range(max(CLIENTS))]
            size = len(setup.request("GET", page)[2])
            time.sleep(5)  # each process's sheet renderer warms up after the start: not measured
            print(f"{setting}: cold start to the first page {cold * 1000:.0f} ms, "
                  f"{cold_cpu * 1000:.0f} ms CPU (fresh instance; one start)")
            for work, label in (("page", f"game page ({size // 1024} KB)"),
                                ("save", "saving a round")):
                for clients in CLIENTS:
                    rps, median, p95 = load(port, clients, seconds, work, games, page)
                    print(f"  {label:22s} {clients:2d} clients: {rps:6.1f} req/s, "
                          f"median {median:6.1f} ms, p95 {p95:6.1f} ms")
            if shutil.which("wrk"):
                for clients in CLIENTS:
                    print(f"  game page, by wrk     {clients:2d} clients: "
                          f"{wrk(port, clients, seconds, page)}")
            print(f"  {during_sheets(port, games[0], cards)}")
        finally:
            stop(process)
        try:
            process, warm, warm_cpu = start(setting, instance, port)
            print(f"  restart on the same database to the first page: {warm * 1000:.0f} ms, "
                  f"{warm_cpu * 1000:.0f} ms CPU")
        finally:
            stop(process)
            shutil.rmtree(instance, ignore_errors=True)


if __name__ == "__main__":
    main()
