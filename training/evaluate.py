"""Measure the shipped reader (scorepad.reader.read_cards) on the held-out real photos.

    python training/evaluate.py [--data ../shared/cards] [--json build/model/heldout.json]

Per card: precision and recall over all held-out photos (a card is read right when the photo's
labels name it); per photo: the share read completely right; and the time of each read on
this machine's CPU. Runs with Scorepad's own dependencies (no torch).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import data  # noqa: E402

from scorepad.reader import UNSURE_BELOW, read_cards  # noqa: E402
from scorepad.reader import _notation as notation  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "cards")
    ap.add_argument("--json", type=Path, help="write the figures and every photo's reading here")
    args = ap.parse_args()
    _, held = data.photos(args.data)
    read_cards(held[0].read_bytes())  # the model's load is not a read's time
    tp = fp = fn = right = 0
    times = []
    wrong: Counter[str] = Counter()
    photos = []
    unsure: Counter[tuple[str, bool]] = Counter()
    for path in held:
        truth = {notation(c) for c in data.cards_of(path)}
        photo = path.read_bytes()
        start = time.perf_counter()
        cards = read_cards(photo)
        times.append(time.perf_counter() - start)
        read = {c.card for c in cards}
        tp += len(read & truth)
        fp += len(read - truth)
        fn += len(truth - read)
        right += read == truth
        for card in cards:
            unsure[("right" if card.card in truth else "wrong", card.confidence < UNSURE_BELOW)] += 1
        for card in read - truth:
            wrong[f"read {card} not there"] += 1
        for card in truth - read:
            wrong[f"missed {card}"] += 1
        photos.append({"photo": path.name, "truth": sorted(truth), "read": [(c.card, round(c.confidence, 3))
                                                                           for c in cards]})
    times.sort()
    figures = {
        "photos": len(held), "cards": tp + fn, "precision": round(tp / max(1, tp + fp), 3),
        "recall": round(tp / max(1, tp + fn), 3), "photos_right": round(right / max(1, len(held)), 3),
        "tp": tp, "fp": fp, "fn": fn,
        # How well the page's "check this one" mark (confidence under UNSURE_BELOW) picks the wrong reads.
        "wrong_marked_unsure": f"{unsure['wrong', True]} of {unsure['wrong', True] + unsure['wrong', False]}",
        "right_marked_unsure": f"{unsure['right', True]} of {unsure['right', True] + unsure['right', False]}",
        "ms_median": round(1000 * times[len(times) // 2], 1),
        "ms_p95": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 1),
    }
    print(json.dumps(figures))
    for what, count in wrong.most_common(15):
        print(f"  {count} x {what}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"figures": figures, "photos": photos}, indent=1))


if __name__ == "__main__":
    main()
