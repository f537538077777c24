"""Fuzzing at volume: random and hostile requests to every API endpoint, every form, and
every route with hostile query parameters, forms and cookies (random ones, then a sweep of
every name each route reads with each hostile value and every cookie), on SQLite and on a
throw-away PostgreSQL server; prints how many were sent and how many got an
answer of 500 or more (goal: 0). The test suite sends the same kinds in smaller numbers
(tests/web/test_fuzz.py).

    .venv/bin/python bench/bench_fuzz.py [random requests per database, default 6000; the sweep adds about 5,900]
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
from tests.support.fuzz import (  # noqa: E402
    SWEEP_VALUES,
    VARIANT_NAMES,
    any_forms,
    cookies,
    forms,
    make_game,
    make_keys,
    queries,
    raw_bodies,
    routes,
    send_any,
    send_api,
    send_form,
    sweep,
)
from tests.support.postgres import PostgresServer  # noqa: E402


def fuzz(url: str, total: int) -> tuple[Counter[int], float]:
    app = migrated_app(url)
    client = app.test_client()
    keys = [make_game(client), make_game(client, "romme_de")]
    everywhere = make_keys(client)
    every = routes(app)
    codes: Counter[int] = Counter()
    failures: list[str] = []
    per_kind = total // 3
    run = settings(max_examples=per_kind, deadline=None, database=None,
                   suppress_health_check=list(HealthCheck))
    started = time.perf_counter()

    @run
    @given(raw=raw_bodies, which=st.integers(0, 1000))
    def api(raw: bytes, which: int) -> None:
        answers = send_api(client, keys[which % 2], raw, which)
        codes.update(answers)
        if any(code >= 500 for code in answers):
            failures.append(f"api {which} {raw[:120]!r}")

    @run
    @given(data=forms, which=st.integers(0, 1000))
    def pages(data: dict[str, Any], which: int) -> None:
        answers = send_form(client, keys[which % 2], data, which)
        codes.update(answers)
        if any(code >= 500 for code in answers):
            failures.append(f"form {which} {data!r:.200}")

    @run
    @given(which=st.integers(0, 10_000), query=queries, form=any_forms, jar=cookies,
           number=st.sampled_from([1, 2, 0, 2**31, 10**20]), variant=st.sampled_from(VARIANT_NAMES))
    def anywhere(which: int, query: dict[str, str], form: dict[str, str], jar: dict[str, str],
                 number: int, variant: str) -> None:
        route = every[which % len(every)]
        answers = send_any(client, everywhere, route, query, form, jar, number, variant)
        codes.update(answers)
        if any(code >= 500 for code in answers):
            failures.append(f"{route} {query!r:.200} {form!r:.200} {jar!r:.100}")

    api()
    pages()
    anywhere()
    # Then every name every route reads, with each hostile value in turn.
    for sent, code in sweep(app, client, everywhere, SWEEP_VALUES):
        codes[code] += 1
        if code >= 500:
            failures.append(repr(sent))
    seconds = time.perf_counter() - started
    close_connections(app)
    for line in failures[:20]:
        print("  >= 500:", line)
    return codes, seconds


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 6_000
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
