"""Time :func:`scorepad.rules.arrange.arrange_hand` on random 13-card Three Thirteen hands.

Run: ``.venv/bin/python bench/bench_arrange.py [hands] [repeat]``. Seeded, so
the same hands every run. Each hand is timed ``repeat`` times (default 1) and
the fastest counts, which filters out a busy machine's pauses; nothing is
cached between calls. Prints median, p95 and worst time in ms per scenario:

- ``random rounds``: rounds 1-11 at random, 13 cards from two packs;
- ``round 11``: Kings wild, 13 cards from two packs;
- ``4 wilds``: a random round, exactly 4 wild cards and 9 naturals.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from scorepad.rules.arrange import arrange_hand
from scorepad.rules.cards import Card, Rank, Suit
from scorepad.rules.table import Rules, rules_for

PACK = [Card(rank, suit) for rank in Rank for suit in Suit] * 2
HAND = 13


def random_hand(rng: random.Random, rules: Rules) -> list[Card]:
    return rng.sample(PACK, HAND)


def four_wilds(rng: random.Random, rules: Rules) -> list[Card]:
    wild = [c for c in PACK if rules.is_wild(c)]
    natural = [c for c in PACK if not rules.is_wild(c)]
    return rng.sample(wild, 4) + rng.sample(natural, HAND - 4)


def run(name: str, hands: int, repeat: int, seed: int, fixed_round: int | None,
        four: bool) -> None:
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(hands):
        rules = rules_for("three_thirteen", round=fixed_round or rng.randint(1, 11))
        cards = four_wilds(rng, rules) if four else random_hand(rng, rules)
        fastest = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            arrange_hand(cards, rules)
            fastest = min(fastest, time.perf_counter() - start)
        times.append(fastest * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"{name:<14} {hands} hands  median {statistics.median(times):6.2f} ms  "
          f"p95 {p95:6.2f} ms  worst {times[-1]:6.2f} ms")


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(f"arrange_hand, 13 cards from two packs, fastest of {repeat} per hand")
    run("random rounds", hands, repeat, 1, None, False)
    run("round 11", hands, repeat, 2, 11, False)
    run("4 wilds", hands, repeat, 3, None, True)


if __name__ == "__main__":
    main()
