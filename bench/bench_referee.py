"""Referee speed: server time per question (Flask test client, htmx answer), goal < 50 ms.

Each question is asked 60 times with a typical input (and one 3-13 hand of 13 cards,
the arranger's hardest case). Prints figures only.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from scorepad import create_app
from scorepad.schema import run_migrations

QUESTIONS = [
    ("meld", "/referee/jolly_at", {"q": "meld", "cards": "7s 7h 7d 7c 7h"}),
    ("meld, joker readings", "/referee/romme_de", {"q": "meld", "cards": "6s JK 3s JK"}),
    ("hand", "/referee/jolly_at", {"q": "hand", "cards": "JK 5h Qs As 9d"}),
    ("hand 3-13, 13 cards", "/referee/three_thirteen",
     {"q": "hand", "round": "11", "cards": "3s 4s 5s 7h 7d 7c 9s 10s Js Kd Ks 2c Ah"}),
    ("first meld", "/referee/rami_fr", {"q": "initial", "melds": "5h 6h 7h JK\nKc Kd Ks"}),
    ("going out", "/referee/romme_de", {"q": "out", "melds": "10h Jh Qh\n7s 7d 7c",
                                        "layoffs": "4c 5c 6c + 7c", "hand_win": "y"}),
    ("standings", "/referee/jolly_at", {"q": "standings", "played": "9",
                                        "totals": "Anna 510\nBen 510\nCleo 80"}),
    ("take, 3 deep", "/referee/jolly_at", {"q": "take", "pile": "2c Kd 7h Ks", "count": "3",
                                           "hand": "10", "first": "earlier"}),
    ("take, first meld", "/referee/rami_fr", {"q": "take", "pile": "Kh", "hand": "14",
                                              "first": "none",
                                              "melds": "Jh Qh Kh\n9s 9h 9d\nAs Ah Ac"}),
    ("take, Vorrat row", "/referee/jolly_vorrat",
     {"q": "take", "pile": "Kh Qc 9d 9s", "count": "2", "melds": "9d 9s 9h"}),
    ("lay off, joker run", "/referee/romme_de",
     {"q": "layoff", "onto": "5h JK 7h JK", "cards": "JK 10h", "first": "earlier"}),
    ("lay off, Vorrat", "/referee/jolly_vorrat",
     {"q": "layoff", "onto": "5h 6h 7h", "cards": "8h 9h", "owner": "other"}),
    ("swap the joker", "/referee/rami_fr",
     {"q": "exchange", "meld": "8s 8h JK", "cards": "8c 8d", "new_meld": "JK Qd Kd",
      "first": "earlier"}),
    ("rules page", "/rules/rami_fr", None),
]


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    run_migrations(app)
    client = app.test_client()
    worst = 0.0
    for name, url, data in QUESTIONS:
        times = []
        for _ in range(60):
            start = time.perf_counter()
            if data is None:
                response = client.get(url)
            else:
                response = client.post(url, data=data, headers={"HX-Request": "true"})
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (name, response.status_code)
        times.sort()
        median, p95 = statistics.median(times) * 1000, times[int(len(times) * 0.95)] * 1000
        worst = max(worst, p95)
        print(f"{name:24} median {median:5.1f} ms, p95 {p95:5.1f} ms")
    print(f"goal < 50 ms per question: {'met' if worst < 50 else 'NOT met'} (worst p95 {worst:.1f} ms)")


if __name__ == "__main__":
    main()
