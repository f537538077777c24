"""The real photos (../shared/cards): their labels as the reader's classes, and the held-out split.

No torch here: evaluate.py measures the shipped reader with Scorepad's own dependencies.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from synth import CLASSES

# The data set's class names (data.yaml) in its class-number order.
SOURCE_NAMES = ["10C", "10D", "10H", "10S", "2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H",
                "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H",
                "8S", "9C", "9D", "9H", "9S", "AC", "AD", "AH", "AS", "BACK", "BLACK JOKER", "JC", "JD", "JH",
                "JS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "RED JOKER"]
HELD_OUT_PERCENT = 15
SPLIT_SEED = "scorepad-cards-1"


def to_class(source: int) -> int | None:
    """The reader's class of a data set class (both jokers are one; a card's back is none)."""
    name = SOURCE_NAMES[source]
    if name == "BACK":
        return None
    return CLASSES.index("JOKER" if "JOKER" in name else name)


def source_photo(image: Path) -> str:
    """The photo an exported image was made from (``IMG_..._jpg.rf.<hash>.jpg`` -> ``IMG_...``)."""
    return image.name.split("_jpg.rf.")[0].split(".rf.")[0]


def held_out(image: Path) -> bool:
    """Whether a photo is kept for measuring: 15 % of the source photos, by a hash of the name."""
    digest = hashlib.sha256((SPLIT_SEED + source_photo(image)).encode()).digest()
    return int.from_bytes(digest[:4], "big") % 100 < HELD_OUT_PERCENT


def labels(image: Path) -> list[tuple[int, float, float, float, float]]:
    """The boxes of a photo as (class, cx, cy, w, h), relative; polygon lines and backs left out."""
    path = image.parent.parent / "labels" / (image.stem + ".txt")
    boxes = []
    for line in path.read_text().splitlines() if path.exists() else []:
        parts = line.split()
        if len(parts) != 5:
            continue
        cls = to_class(int(parts[0]))
        if cls is None:
            continue
        cx, cy, w, h = (float(v) for v in parts[1:])
        boxes.append((cls, cx, cy, w, h))
    return boxes


def photos(root: Path) -> tuple[list[Path], list[Path]]:
    """The training photos and the held-out photos, each sorted by name."""
    images = sorted((root / "train" / "images").glob("*.jpg"))
    return [p for p in images if not held_out(p)], [p for p in images if held_out(p)]


def cards_of(image: Path) -> set[str]:
    """The distinct cards a photo's labels name."""
    return {CLASSES[c] for c, *_ in labels(image)}
