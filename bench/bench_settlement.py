"""Time the settlement of a game played for money: the fewest payments for n players.

Run: ``.venv/bin/python bench/bench_settlement.py [sheets] [repeat]``. Seeded,
so the same balances every run. Each sheet is timed ``repeat`` times (default
3) and the fastest counts, which filters out a busy machine's pauses. Prints
median and worst time in ms per scenario:

- ``n players``: :func:`minimal_transfers` on random balances in cents, none 0
  (the search over subsets costs the same whatever the amounts: n·2^n steps);
- ``contract, 8``: a whole ``check: "settlement"`` request (per point, eight
  players) through :func:`adjudicate`, as the web API and the CLI answer it.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from functools import partial
from typing import Any, Callable

from scorepad.rules import MAX_SETTLEMENT_PLAYERS, adjudicate, minimal_transfers


def balances(rng: random.Random, n: int) -> dict[str, int]:
    while True:
        amounts = [rng.randint(-20_000, 20_000) for _ in range(n - 1)]
        amounts.append(-sum(amounts))
        if all(amounts):
            return {f"P{i}": a for i, a in enumerate(amounts)}


def timed(call: Callable[[], Any], repeat: int) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest * 1000


def report(name: str, times: list[float]) -> None:
    print(f"{name:<14} {len(times)} sheets  median {statistics.median(times):8.2f} ms  "
          f"worst {max(times):8.2f} ms")


def main() -> None:
    sheets = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"minimal_transfers, fastest of {repeat} per sheet "
          f"(cap: {MAX_SETTLEMENT_PLAYERS} players with a balance)")
    rng = random.Random(13)
    for n in (4, 8, 12, 16):
        # Fewer sheets for the big tables: each one costs the same.
        count = sheets if n <= 12 else max(3, sheets // 4)
        times = [timed(partial(minimal_transfers, balances(rng, n)), repeat) for _ in range(count)]
        report(f"{n} players", times)
    requests = [{"variant": "rami_fr", "check": "settlement",
                 "totals": {f"P{i}": rng.randint(0, 1500) for i in range(8)},
                 "stakes": {"mode": "per_point", "rate": 5}} for _ in range(sheets)]
    report("contract, 8", [timed(partial(adjudicate, r), repeat) for r in requests])


if __name__ == "__main__":
    main()
