"""`scorepad serve`: one command migrates a fresh database and serves it, with either server."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCOREPAD = Path(sys.executable).parent / "scorepad"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(port: int, path: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={"Accept-Language": "en"})
    response = connection.getresponse()
    return response.status, response.read().decode()


@pytest.mark.parametrize("server", ["gunicorn", "waitress"])
def test_serve_migrates_a_fresh_database_and_answers(server: str, tmp_path: Path) -> None:
    port = free_port()
    env = os.environ | {"SCOREPAD_INSTANCE": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    process = subprocess.Popen(
        [str(SCOREPAD), "serve", "--host", "127.0.0.1", "--port", str(port), "--server", server,
         "--workers", "2", "--threads", "2"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, page = get(port, "/")
                break
            except OSError:
                assert process.poll() is None, process.stdout.read().decode()  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "no answer within 60 s"
                time.sleep(0.05)
        assert status == 200 and "Start a new game" in page
        assert (tmp_path / "scorepad.sqlite").is_file()
        assert get(port, "/games/new?variant=jolly_at")[0] == 200
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        output = process.communicate(timeout=30)[0].decode()
    assert f"({server}" in output and f"http://localhost:{port}/" in output
    assert "Traceback" not in output
