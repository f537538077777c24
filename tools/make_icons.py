"""Draw Scorepad's app icons (a white card with a red heart on green felt) as PNG files.

Pure Python (zlib and struct), no artwork copied and nothing to install: every pixel is
the share of its sub-pixel samples that fall inside the shapes. Run from the checkout:

    .venv/bin/python tools/make_icons.py

and commit the files in static/icons/ (a few kilobytes). ``icon.svg`` beside them is the
same drawing, kept by hand, for browsers that take an SVG icon.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

FELT = (0x17, 0x60, 0x3A)
CARD = (0xFF, 0xFF, 0xFF)
HEART = (0xC6, 0x28, 0x28)
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def _rounded(x: float, y: float, cx: float, cy: float, w: float, h: float, r: float) -> bool:
    """Whether (x, y) lies in the rectangle of centre (cx, cy), half-sizes w, h, corners r."""
    dx = max(abs(x - cx) - (w - r), 0.0)
    dy = max(abs(y - cy) - (h - r), 0.0)
    return dx * dx + dy * dy <= r * r


def _heart(x: float, y: float, cx: float, cy: float, size: float) -> bool:
    """The heart curve (x² + y² − 1)³ ≤ x² y³, scaled to ``size`` around (cx, cy)."""
    u = (x - cx) / size
    v = (cy - y) / size + 0.1
    a = u * u + v * v - 1
    return a * a * a - u * u * v * v * v <= 0


def colour(x: float, y: float, maskable: bool) -> tuple[int, int, int, int] | None:
    """The colour at (x, y) of the unit square, or None for transparent."""
    if _heart(x, y, 0.5, 0.5, 0.15):
        return (*HEART, 255)
    if _rounded(x, y, 0.5, 0.5, 0.2, 0.28, 0.04):
        return (*CARD, 255)
    if maskable or _rounded(x, y, 0.5, 0.5, 0.5, 0.5, 0.18):
        return (*FELT, 255)
    return None


def draw(size: int, maskable: bool, samples: int = 4) -> bytes:
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    c = colour((px + (sx + 0.5) / samples) / size,
                               (py + (sy + 0.5) / samples) / size, maskable)
                    if c is not None:
                        for i in range(3):
                            acc[i] += c[i] * c[3]
                        acc[3] += c[3]
            n = samples * samples
            alpha = acc[3] / n
            rgb = [round(acc[i] / acc[3]) if acc[3] else 0 for i in range(3)]
            row.extend([*rgb, round(alpha)])
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
         "icon-maskable-512.png": (512, True), "apple-touch-icon.png": (180, True)}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        (OUT / name).write_bytes(draw(size, maskable, samples=4 if size < 300 else 2))
        print(name, size)


if __name__ == "__main__":
    main()
