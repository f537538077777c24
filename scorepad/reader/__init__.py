"""The card reader: which cards a photo shows, read on this machine's CPU (docs/reader.md).

A small detector finds the printed corner indices (rank and suit) of the cards in a photo.
A card usually shows two corners; one pack is on the table, so the cards of a photo are the
distinct cards found, each with its best corner's confidence and the box round all of its
corners. The model (``cards.onnx`` beside this module, trained by ``make model`` from the
CC BY 4.0 *Card Detection* photos of Roboflow Universe, ``cadyzedevelopmenthub``, plus
synthetic ones) is run by onnxruntime, loaded once per process on the first call.

    >>> read_cards(b"not a photo")
    Traceback (most recent call last):
    ...
    scorepad.reader.UnreadableImage: not an image the reader can open (JPEG, PNG or WebP)

This layer sits beside the engine: it imports ``scorepad.rules`` (the notation), numpy,
onnxruntime and Pillow, and nothing of the web.
"""

from __future__ import annotations

import io
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageOps

from scorepad.rules.cards import parse_card

__all__ = ["MODEL", "THRESHOLD", "UNSURE_BELOW", "ReadCard", "ReaderUnavailable", "UnreadableImage", "read_cards"]

MODEL = Path(__file__).with_name("cards.onnx")
# A card read with less confidence than this is worth a second look (the page marks it).
UNSURE_BELOW = 0.6
# Cards below this confidence are not returned at all (chosen on the held-out photos, docs/reader.md).
THRESHOLD = 0.35
# Peaks closer than this (in cells of the stride-4 maps, 16 pixels of the model's 512) are one corner.
NEAR = 3
# Peaks weaker than this are not looked at; at most this many of the strongest are.
FLOOR = 0.1
MAX_PEAKS = 300
# Image formats the reader opens (Pillow would open many more, some through other programs).
FORMATS = ("JPEG", "PNG", "WEBP")  # a phone's MPO photo opens as JPEG
# A photo larger than this (in pixels) is refused before it is decoded: a phone's 50 MP
# photo passes, a "decompression bomb" does not.
MAX_PIXELS = 64_000_000
DRAFT = 1024


@dataclass(frozen=True, slots=True)
class ReadCard:
    """One card read from a photo.

    ``card`` is in the engine's canonical notation (``Kh``, ``10s``, ``JK``), ``confidence``
    is 0..1, ``box`` is ``(x, y, w, h)`` relative to the photo as it is seen (EXIF orientation
    applied), round the corner indices of the card that were found.
    """

    card: str
    confidence: float
    box: tuple[float, float, float, float]


class UnreadableImage(ValueError):
    """The data is not an image the reader can open."""


class ReaderUnavailable(RuntimeError):
    """The model (or onnxruntime) is missing from this installation."""


def read_cards(data: bytes) -> list[ReadCard]:
    """The cards a photo (JPEG, PNG or WebP bytes) shows, surest first.

    Raises :class:`UnreadableImage` for data that is not such an image and
    :class:`ReaderUnavailable` where no model is installed. Thread-safe; the model is loaded
    once per process, on the first call.
    """
    image = decode(data)
    return _reader().read(image)


def decode(data: bytes) -> Image.Image:
    """The photo as RGB, turned upright by its EXIF orientation; transparency on white.

    >>> decode(b"")
    Traceback (most recent call last):
    ...
    scorepad.reader.UnreadableImage: not an image the reader can open (JPEG, PNG or WebP)
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            opened = Image.open(io.BytesIO(data), formats=FORMATS)
            if opened.width * opened.height > MAX_PIXELS:
                raise UnreadableImage("the photo has too many pixels")
            # A JPEG is decoded at a half, quarter or eighth of its size where that still leaves
            # DRAFT pixels a side: the model reads 512, and a 12 MP photo decodes 5 times faster.
            opened.draft(None, (DRAFT, DRAFT))
            image: Image.Image = ImageOps.exif_transpose(opened)
            image.load()
    except UnreadableImage:
        raise
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError,
            Image.DecompressionBombWarning) as error:
        raise UnreadableImage("not an image the reader can open (JPEG, PNG or WebP)") from error
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    return image.convert("RGB")


class _Reader:
    """The loaded model and what it needs to be read (one per process)."""

    def __init__(self, path: Path) -> None:
        try:
            import onnxruntime as ort
        except ImportError as error:  # pragma: no cover - a dependency
            raise ReaderUnavailable("onnxruntime is not installed") from error
        if not path.exists():
            raise ReaderUnavailable(f"no card model at {path}")
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        meta = self.session.get_modelmeta().custom_metadata_map
        self.classes = [_notation(name) for name in meta["classes"].split(",")]
        self.size = int(meta.get("size", "512"))
        self.stride = int(meta.get("stride", "4"))
        self.input = self.session.get_inputs()[0].name

    def read(self, image: Image.Image) -> list[ReadCard]:
        # The training photos were stretched to a square, so the photo is stretched the same way.
        pixels = np.asarray(image.resize((self.size, self.size), Image.Resampling.BILINEAR), dtype=np.uint8)
        tensor = pixels.transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        heat, peaks, size, offset = self.session.run(None, {self.input: tensor})
        return cards_from_maps(heat[0], peaks[0], size[0], offset[0], self.classes, self.stride)


def cards_from_maps(heat: Any, peaks: Any, size: Any, offset: Any, classes: list[str | None],
                    stride: int, threshold: float = THRESHOLD) -> list[ReadCard]:
    """The cards in the detector's maps (``(classes, H, W)`` heatmaps and their peaks,
    ``(2, H, W)`` box sizes in cells and centre offsets).

    A corner index is one place: of the peaks within ``NEAR`` cells of each other only the
    strongest counts, whatever its class (a 6 that also looks a little like an 8 is a 6).
    A card's confidence is its best corner's; its box is round its corners of at least half
    that. ``None`` in ``classes`` is a class that is no card.

    >>> heat = np.zeros((2, 8, 8), np.float32); heat[0, 1, 1] = 0.9; heat[0, 6, 5] = 0.5
    >>> heat[1, 1, 2] = 0.6  # the same corner, read less surely as the other card
    >>> size = np.full((2, 8, 8), 2.0, np.float32); offset = np.full((2, 8, 8), 0.5, np.float32)
    >>> [(c.card, round(c.confidence, 2), c.box) for c in cards_from_maps(heat, heat, size, offset, ["Kh", "Qs"], 4)]
    [('Kh', 0.9, (0.0625, 0.0625, 0.75, 0.875))]
    """
    del heat, stride  # the peaks are the heatmap's local maxima already
    rows, cols = peaks.shape[1:]
    cls, ys, xs = np.nonzero(peaks >= FLOOR)
    scores = peaks[cls, ys, xs]
    order = np.argsort(-scores)[:MAX_PEAKS]
    kept: list[int] = []
    for i in order:
        if classes[cls[i]] is None:
            continue
        if all((ys[i] - ys[j]) ** 2 + (xs[i] - xs[j]) ** 2 > NEAR ** 2 for j in kept):
            kept.append(int(i))
    corners: dict[str, list[int]] = {}
    for i in kept:
        corners.setdefault(str(classes[cls[i]]), []).append(i)
    found = []
    for card, own in corners.items():
        best = float(scores[own[0]])  # kept in order of score
        if best < threshold:
            continue
        own = [i for i in own if scores[i] >= best / 2]
        y, x = ys[own], xs[own]
        cx = (x + offset[0, y, x]) / cols
        cy = (y + offset[1, y, x]) / rows
        half_w = size[0, y, x] / cols / 2
        half_h = size[1, y, x] / rows / 2
        x0 = float(np.clip((cx - half_w).min(), 0, 1))
        y0 = float(np.clip((cy - half_h).min(), 0, 1))
        x1 = float(np.clip((cx + half_w).max(), 0, 1))
        y1 = float(np.clip((cy + half_h).max(), 0, 1))
        found.append(ReadCard(card, best, (x0, y0, x1 - x0, y1 - y0)))
    found.sort(key=lambda c: -c.confidence)
    return found


def _notation(name: str) -> str | None:
    """A class name of the model in the engine's notation (``10H`` → ``10h``, a joker →
    ``JK``); ``None`` for a class that is no card.

    >>> _notation("10H"), _notation("QS"), _notation("JOKER"), _notation("BACK")
    ('10h', 'Qs', 'JK', None)
    """
    if name == "BACK":
        return None
    return parse_card("JK" if "JOKER" in name else name).code()


_lock = threading.Lock()
_loaded: _Reader | None = None


def _reader() -> _Reader:
    global _loaded
    if _loaded is None:
        with _lock:
            if _loaded is None:
                _loaded = _Reader(MODEL)
    return _loaded
