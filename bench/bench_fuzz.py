"""Fuzzing at volume: random and hostile requests to every API endpoint and every form, on
SQLite and on a throw-away PostgreSQL server; prints how many were sent and how many got an
answer of 500 or more (goal: 0). The test suite sends the same kinds in smaller numbers
(tests/web/test_fuzz.py).

    .venv/bin/python bench/bench_fuzz.py [requests per database, default 12000]
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.database import close_connections, migrated_app, sqlite_url  # noqa: E402
from tests.support.postgres import PostgresServer  # noqa: E402
from tests.web.fuzz import forms, make_game, raw_bodies, send_api, send_form  # noqa: E402


def fuzz(url: str, total: int) -> tuple[Counter[int], float]:
    app = migrated_app(url)
    client = app.test_client()
    keys = [make_game(client), make_game(client, "romme_de")]
    codes: Counter[int] = Counter()
    per_kind = total // 2
    run = settings(max_examples=per_kind, deadline=None, database=None,
                   suppress_health_check=list(HealthCheck))
    started = time.perf_counter()

    @run
    @given(raw=raw_bodies, which=st.integers(0, 1000))
    def api(raw: bytes, which: int) -> None:
        codes.update(send_api(client, keys[which % 2], raw, which))

    @run
    @given(data=forms, which=st.integers(0, 1000))
    def pages(data: dict[str, Any], which: int) -> None:
        codes.update(send_form(client, keys[which % 2], data, which))

    api()
    pages()
    seconds = time.perf_counter() - started
    close_connections(app)
    return codes, seconds


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 12_000
    with tempfile.TemporaryDirectory() as folder:
        urls = {"sqlite": sqlite_url(Path(folder))}
        server = PostgresServer.start()
        try:
            urls["postgresql"] = server.url(server.create_database())
            for name, url in urls.items():
                codes, seconds = fuzz(url, total)
                sent = sum(codes.values())
                errors = sum(n for c, n in codes.items() if c >= 500)
                common = ", ".join(f"{c}: {n}" for c, n in sorted(codes.items()))
                print(f"{name:<10} {sent} requests in {seconds:.0f} s, answers >= 500: {errors} "
                      f"({common})")
        finally:
            server.close()


if __name__ == "__main__":
    main()
