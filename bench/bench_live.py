"""The live table: how soon another phone sees a save, and what an idle open page costs.

Two server processes (waitress) share one SQLite file, as two workers of one app would:
rounds are saved through one, the watching phones are served by the other, so a change
can only travel through the database. Chromium (Pixel 5) keeps the game page open.

1. Latency: 50 rounds saved at random moments; for each, the time from the save's answer
   to the round's row on the other page (p50/p95/worst). Goal: p95 <= 2 s.
2. Idle cost: 8 phones keep the game page open for a minute with nothing changing:
   requests, bytes (headers included) and the serving process's CPU, per phone per
   minute. Goal: <= 1 KB/s per phone and no measurable CPU.

Prints figures only; ``IDLE_SECONDS`` and ``SAVES`` shorten it for a quick look.
"""

from __future__ import annotations

import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM", "/usr/bin/chromium")
SAVES = int(os.environ.get("SAVES", 50))
PHONES = 8
IDLE_SECONDS = float(os.environ.get("IDLE_SECONDS", 60))

SERVER = """
import sys
from waitress import serve
from scorepad import create_app
app = create_app({"SQLALCHEMY_DATABASE_URI": sys.argv[1], "SECRET_KEY": "bench",
                  "RATELIMIT_ENABLED": False})
serve(app, host="127.0.0.1", port=int(sys.argv[2]), threads=8, _quiet=True)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port)], cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/", timeout=1).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * p))]


def main() -> None:
    from playwright.sync_api import sync_playwright

    from scorepad import create_app
    from scorepad.schema import run_migrations
    from scorepad.web.helpers import POLL_EVERY

    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-live-"))
    db = f"sqlite:///{folder / 'scorepad.sqlite'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": db, "SECRET_KEY": "bench"})
    run_migrations(app)
    writer, write_url = start(db)
    reader, read_url = start(db)
    try:
        key = post(write_url + "/api/v1/games", {
            "variant": "romme_de", "players": ["Anna", "Ben", "Cleo", "Dan"],
            "house_rules": {"target": None}})["key"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM,
                                        args=["--no-sandbox", "--disable-gpu"])
            device = dict(p.devices["Pixel 5"])
            device.pop("default_browser_type", None)
            # The htmx CDN is never asked (the app serves htmx); refuse it all the same.
            contexts = [browser.new_context(**device) for _ in range(PHONES)]
            for c in contexts:
                c.route("https://unpkg.com/**", lambda route: route.abort())
            pages = [c.new_page() for c in contexts]
            for page in pages:
                page.goto(f"{read_url}/g/{key}")
                page.wait_for_function("window.htmx !== undefined")

            # 2. Idle: nothing changes; count what the 8 open pages ask for.
            seen: list[Any] = []

            def finished(request: Any) -> None:
                seen.append(request)

            for page in pages:
                page.on("requestfinished", finished)
            pages[0].wait_for_timeout(2000)  # let the first polls settle
            seen.clear()
            cpu0, t0 = cpu_seconds(reader.pid), time.monotonic()
            # Waiting through Playwright (not time.sleep) lets it record the requests meanwhile.
            pages[0].wait_for_timeout(IDLE_SECONDS * 1000)
            cpu1, t1 = cpu_seconds(reader.pid), time.monotonic()
            sizes = [r.sizes() for r in list(seen)]
            minutes = (t1 - t0) / 60
            total = sum(s["requestHeadersSize"] + s["requestBodySize"]
                        + s["responseHeadersSize"] + s["responseBodySize"] for s in sizes)
            per_phone = len(sizes) / PHONES / minutes
            bytes_phone = total / PHONES / minutes
            print(f"idle, {PHONES} phones on the game page for {t1 - t0:.0f} s "
                  f"(reader process; polls every {POLL_EVERY}, answer 204):")
            print(f"  requests: {per_phone:.1f} per phone per minute")
            print(f"  bytes (request + response, headers included): {bytes_phone / 1024:.1f} KB "
                  f"per phone per minute = {bytes_phone / 60:.0f} B/s per phone")
            if sizes:
                s = sizes[0]
                print(f"  one poll: request headers {s['requestHeadersSize']} B, response "
                      f"headers {s['responseHeadersSize']} B, body {s['responseBodySize']} B")
            print(f"  server CPU: {(cpu1 - cpu0) * 1000 / PHONES / minutes:.0f} ms per phone per "
                  f"minute ({(cpu1 - cpu0) / (t1 - t0) * 100:.2f} % of one core for all "
                  f"{PHONES})")
            for page in pages:
                page.remove_listener("requestfinished", finished)

            # 1. Latency: a save through the writer, seen on a page served by the reader.
            watcher = pages[0]
            for c in contexts[1:]:
                c.close()
            delays = []
            for n in range(1, SAVES + 1):
                time.sleep(random.uniform(0, 1.5))  # a save at any moment of the poll cycle
                post(f"{write_url}/api/v1/games/{key}/rounds", {
                    "number": n, "players": [
                        {"name": "Anna", "went_out": True, "melded": True},
                        {"name": "Ben", "hand_points": n, "melded": True},
                        {"name": "Cleo", "hand_points": 10, "melded": True},
                        {"name": "Dan", "hand_points": 5, "melded": True}]})
                saved = time.monotonic()
                watcher.wait_for_selector(f"#round-{n}", timeout=10_000)
                delays.append(time.monotonic() - saved)
            print(f"save -> seen on another phone (other server process), {SAVES} saves: "
                  f"p50 {statistics.median(delays):.2f} s, p95 {pct(delays, 0.95):.2f} s, "
                  f"worst {max(delays):.2f} s")
            browser.close()
    finally:
        for proc in (writer, reader):
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
