"""Slow clients against ``scorepad serve`` (gunicorn, its default processes and threads):
N connections that each send one byte and then nothing, then 20 ordinary requests for the
home page; prints the median and the longest answer time for each N, and what a request
that never completes gets (408 after scorepad.web.worker.REQUEST_SECONDS).

    .venv/bin/python bench/bench_slow.py
"""

from __future__ import annotations

import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.database import sqlite_url  # noqa: E402
from tests.support.live import LiveServer  # noqa: E402


def answer_seconds(url: str) -> float:
    started = time.monotonic()
    try:
        httpx.get(url + "/", timeout=10).raise_for_status()
    except httpx.TimeoutException:
        return float("inf")
    return time.monotonic() - started


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(sqlite_url(Path(folder)), Path(folder) / "instance")
        server.start()
        try:
            time.sleep(4)  # after the processes' warm-up
            for count in (0, 16, 32, 64, 256):
                sockets = []
                for _ in range(count):
                    s = socket.create_connection(("127.0.0.1", server.port))
                    s.sendall(b"G")
                    sockets.append(s)
                time.sleep(0.3)
                seconds = [answer_seconds(server.url) for _ in range(20)]
                print(f"{count:>4} one-byte connections: median {statistics.median(seconds):.3f} s, "
                      f"longest {max(seconds):.3f} s")
                for s in sockets:
                    s.close()
            s = socket.create_connection(("127.0.0.1", server.port))
            s.sendall(b"GET / HTTP/1.1\r\n")
            started = time.monotonic()
            s.settimeout(60)
            status = s.recv(100).splitlines()[0].decode()
            print(f"an unfinished request: {status!r} after "
                  f"{time.monotonic() - started:.1f} s")
        finally:
            server.close()


if __name__ == "__main__":
    main()
