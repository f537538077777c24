"""Meld checks per second on one core (issue 2 target: at least 10,000).

A fixed, seeded mix of legal and illegal sets and runs, with and without jokers,
across the five variants. Prints figures only.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorepad.rules import JOKER, Card, Rank, Suit, check_meld, rules_for


def melds(rng: random.Random, n: int) -> list[list[Card]]:
    out = []
    for _ in range(n):
        suit = rng.choice(list(Suit))
        if rng.random() < 0.5:
            start = rng.randint(1, 11)
            length = rng.randint(3, min(6, 14 - start))
            cards = [Card(Rank((start + k - 1) % 13 + 1), suit) for k in range(length)]
            if rng.random() < 0.5:
                rng.shuffle(cards)
        else:
            rank = Rank(rng.randint(1, 13))
            suits = rng.sample(list(Suit), rng.randint(3, 4))
            cards = [Card(rank, s) for s in suits]
        for _ in range(rng.choice([0, 0, 1, 2])):
            cards[rng.randrange(len(cards))] = JOKER
        if rng.random() < 0.15:
            cards.append(Card(Rank(rng.randint(1, 13)), rng.choice(list(Suit))))
        out.append(cards)
    return out


def main() -> None:
    rng = random.Random(7)
    sample = melds(rng, 5000)
    for variant, rnd in (("jolly_at", None), ("romme_de", None), ("rami_fr", None),
                         ("jolly_vorrat", None), ("three_thirteen", 11)):
        rules = rules_for(variant, round=rnd)
        best = 0.0
        legal = 0
        for _ in range(3):
            start = time.perf_counter()
            legal = sum(check_meld(m, rules).legal for m in sample)
            elapsed = time.perf_counter() - start
            best = max(best, len(sample) / elapsed)
        print(f"{variant:15s} {best:9.0f} meld checks/s  ({legal} of {len(sample)} legal)")


if __name__ == "__main__":
    main()
