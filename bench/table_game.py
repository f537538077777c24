"""The game both web benchmarks measure: Jolly, 6 players, 20 rounds entered by numbers."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask.testing import FlaskClient  # noqa: E402
from flask_migrate import upgrade  # noqa: E402

from scorepad import create_app  # noqa: E402
from tests.web.conftest import new_game  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
ROUNDS = 20


def twenty_rounds() -> tuple[FlaskClient, str, list[float]]:
    """A fresh app on a SQLite file with the game; also the time each round took to save."""
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    game = new_game(client, "jolly_at", NAMES, target=100_000)
    saves = []
    for number in range(1, ROUNDS + 1):
        form = {f"meld_{i}": str((number * 7 + i * 13) % 90) for i in range(6)}
        form |= {f"hand_{i}": str((number * 11 + i * 5) % 60) for i in range(6)}
        closer = number % 6
        form |= {f"hand_{closer}": "0", "closer": str(closer), "action": "save",
                 "number": str(number)}
        start = time.perf_counter()
        response = client.post(f"{game}/rounds/new", data=form)
        saves.append(time.perf_counter() - start)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return client, game, saves
