"""Pages that do not grow with the server: the home page (a browser that knows 10 games) and a
20-round game page, timed with 10 and with 1,000 games in the database, and the number of
SQL statements each costs. Prints medians and p95 (Flask test client, SQLite file).

    .venv/bin/python bench/bench_scale.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.game.db import db  # noqa: E402
from scorepad.game.service import add_round, create_game  # noqa: E402
from tests.support.database import close_connections, migrated_app, sqlite_url  # noqa: E402

RUNS = 60


def _round(number: int) -> list[dict[str, Any]]:
    return [{"name": "Anna", "went_out": True}, {"name": "Ben", "hand_points": 5 + number % 7}]


def fill(app: Any, games: int) -> str:
    """``games`` games of three rounds, one of 20 rounds; the key of the long one."""
    with app.app_context():
        long_game = create_game("romme_de", {"target": None}, ["Anna", "Ben"])
        for n in range(1, 21):
            add_round(long_game.key, n, _round(n))
        for _ in range(games - 1):
            g = create_game("romme_de", {}, ["Anna", "Ben"])
            for n in range(1, 4):
                add_round(g.key, n, _round(n))
        return long_game.key


def timed(client: Any, path: str, statements: list[int]) -> tuple[float, float, int]:
    times = []
    for _ in range(RUNS):
        statements.clear()
        started = time.perf_counter()
        response = client.get(path)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, path
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], len(statements)


def measure(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = migrated_app(sqlite_url(Path(folder)), RATELIMIT_ENABLED=False)
        key = fill(app, games)
        statements: list[int] = []
        with app.app_context():
            event.listen(db.engine, "before_cursor_execute",
                         lambda *args: statements.append(1))
        client = app.test_client()
        client.get(f"/g/{key}")  # this browser knows the long game ...
        with app.app_context():
            from scorepad.game.models import Game
            for other in db.session.scalars(db.select(Game.key).limit(10)).all()[1:]:
                client.get(f"/g/{other}")  # ... and nine more
        for name, path in (("home page", "/"), ("20-round game page", f"/g/{key}")):
            median, p95, count = timed(client, path, statements)
            print(f"{games:>5} games  {name:<19} median {median:6.1f} ms  p95 {p95:6.1f} ms  "
                  f"{count} SQL statements")
        close_connections(app)


def main() -> None:
    for games in (10, 1000):
        measure(games)


if __name__ == "__main__":
    main()
