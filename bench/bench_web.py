"""Web speed: the game page of a 20-round, 6-player game, saving a round, first-load bytes.

Targets (issue 3): page render under 50 ms median; saving a round under 100 ms;
the first page load under 60 KB transferred, htmx excluded. Prints figures only.
"""

from __future__ import annotations

import gzip
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table_game import twenty_rounds


def ms(seconds: list[float]) -> str:
    s = sorted(seconds)
    return (f"median {statistics.median(s) * 1000:.1f} ms, p95 {s[int(len(s) * 0.95)] * 1000:.1f} ms, "
            f"worst {s[-1] * 1000:.1f} ms")


def main() -> None:
    client, game, saves = twenty_rounds()
    renders = []
    for _ in range(100):
        start = time.perf_counter()
        response = client.get(game)
        renders.append(time.perf_counter() - start)
        assert response.status_code == 200
    page = response.get_data()
    print(f"game page, 20 rounds x 6 players, 100 renders: {ms(renders)}")
    print(f"saving a round (incl. engine check and redirect), 20 saves: {ms(saves)}")
    # First visit: the home page plus its stylesheet and the fallback script (htmx excluded).
    home = client.get("/").get_data()
    assets = [client.get(u).get_data() for u in re.findall(r'(?:href|src)="(/static/[^"]+)"', home.decode())
              if "htmx" not in u]
    raw = len(home) + sum(len(a) for a in assets)
    zipped = len(gzip.compress(home)) + sum(len(gzip.compress(a)) for a in assets)
    print(f"first page load (home + css + js, htmx excluded): {raw / 1024:.1f} KB raw, "
          f"{zipped / 1024:.1f} KB gzipped")
    game_assets = sum(len(a) for a in assets)
    print(f"game page with 20 rounds: {(len(page) + game_assets) / 1024:.1f} KB raw incl. assets")
    # What the server sends a browser that accepts compression (Flask-Compress).
    for encoding in ("gzip", "br", "zstd"):
        sent = client.get(game, headers={"Accept-Encoding": encoding})
        assert sent.headers.get("Content-Encoding") == encoding
        print(f"game page as sent with {encoding}: {len(sent.data) / 1024:.1f} KB "
              f"(raw {len(page) / 1024:.1f} KB)")


if __name__ == "__main__":
    main()
