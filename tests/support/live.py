"""The app served the way ``make run`` serves it, in a process of its own.

:class:`LiveServer` starts ``flask --app scorepad serve`` (gunicorn, processes of threads) on
127.0.0.1 and a free port, with ``SCOREPAD_INSTANCE`` naming a folder whose ``config.py``
points at the test database. A test can stop it, kill it with SIGKILL mid-request and
start it again on the same port and database.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from scorepad import ROOT

from .database import use_wal
from .postgres import free_port


class LiveServer:
    """``flask --app scorepad serve`` in a subprocess; ``url`` is its base address.

    ``config`` becomes the instance's ``config.py`` (with the database URL and a fixed
    secret key, so sessions survive a restart). For SQLite, ``busy_timeout`` (seconds) is
    how long a connection waits for another writer before "database is locked", and
    ``wal`` switches the file to write-ahead logging before the server starts.
    """

    def __init__(self, db_url: str, instance: Path, *, config: dict[str, Any] | None = None,
                 wal: bool = True, busy_timeout: float = 30.0, port: int | None = None) -> None:
        self.db_url = db_url
        self.instance = instance
        self.port = free_port() if port is None else port
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = instance / "server.log"
        self.process: subprocess.Popen[bytes] | None = None
        # Its temporary files (score-sheet renderers', multiprocessing's): a server killed
        # with its renderers leaves them behind, so they go with the server (close()). A
        # short path: multiprocessing puts a socket there (108 bytes at most).
        self.temp = Path(tempfile.mkdtemp(prefix="scorepad-live-"))
        # Concurrency tests create many games from one address: no creation limit here.
        settings: dict[str, Any] = {"SQLALCHEMY_DATABASE_URI": db_url, "SECRET_KEY": "live-server-test",
                                    "RATELIMIT_ENABLED": False}
        if db_url.startswith("sqlite:"):
            settings["SQLALCHEMY_ENGINE_OPTIONS"] = {"connect_args": {"timeout": busy_timeout}}
        settings |= config or {}
        instance.mkdir(parents=True, exist_ok=True)
        (instance / "config.py").write_text(
            "# Written by tests/support/live.py for one test server.\n"
            + "".join(f"{key} = {value!r}\n" for key, value in settings.items()))
        self.wal = wal and db_url.startswith("sqlite:")

    def start(self, timeout: float = 30.0) -> None:
        """Start the server and wait until it answers ``GET /``."""
        assert self.process is None or self.process.poll() is not None, "the server is already running"
        if self.wal:
            use_wal(self.db_url)
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL" and not k.startswith("FLASK_")}
        env |= {"SCOREPAD_INSTANCE": str(self.instance), "PYTHONUNBUFFERED": "1",
                "TMPDIR": str(self.temp)}
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "flask", "--app", "scorepad", "serve",
                 "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                # Its own process group: the server may be gunicorn, whose workers must end
                # with it (a killed master leaves its workers serving otherwise).
                start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode} before it answered:\n"
                                   + self.log())
            try:
                if httpx.get(self.url + "/", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not answer within {timeout}s:\n" + self.log())
            time.sleep(0.05)

    def stop(self, timeout: float = 10.0) -> None:
        """Ask the server to end (SIGTERM) and wait for it; SIGKILL if it will not."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """End the server at once (SIGKILL to every process of it), as a power cut or the OOM
        killer would."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):  # already gone, workers and all
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def close(self) -> None:
        """Kill the server and remove its temporary files (at the end of a test)."""
        self.kill()
        shutil.rmtree(self.temp, ignore_errors=True)

    def restart(self, *, kill: bool = False) -> None:
        """Stop (or with ``kill=True`` kill) the server, then start it again on the same port."""
        self.kill() if kill else self.stop()
        self.start()

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log(self) -> str:
        """What the server printed (both streams), for failure messages."""
        return self.log_path.read_text(errors="replace")[-5000:] if self.log_path.exists() else ""
