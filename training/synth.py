"""Synthetic photos of playing cards on tables, with the boxes of their corner indices.

Independent of Scorepad (``make model`` runs it beside train.py). Every call of
:func:`scene` draws a new photo: cards rendered with the fonts in ``fonts/`` (DejaVu,
Liberation) in several deck styles (two- and four-colour suits, indices in two or four
corners, English ``A K Q J`` or German ``A K D B`` ranks: the class is the card, not the
letter), laid out as fanned hands, overlapping melds or scattered cards on a table-like
background, then turned, blurred, lit, noised and stretched to a square as the real photos were.

Classes are those of ``CLASSES``: the 52 cards as ``10H`` ... ``QS`` and ``JOKER``.

    python3 synth.py out.png    # one scene with its boxes drawn, to look at
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["C", "D", "H", "S"]
CLASSES = [r + s for r in RANKS for s in SUITS] + ["JOKER"]
SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
GERMAN = {"J": "B", "Q": "D", "K": "K", "A": "A"}
FONTS = Path(__file__).with_name("fonts")
# Card proportions: 63 x 88 mm (poker) or 57 x 89 mm (bridge / many rummy packs).
CARD_W = 200


# The font families the pack's indices are drawn in (Debian: fonts-dejavu-core, fonts-dejavu-extra,
# fonts-liberation); FONTS/ where it exists (a copy of them to take along), else the system's.
FAMILIES = ("DejaVuSans", "DejaVuSerif", "LiberationSans", "LiberationSerif")


def _fonts() -> tuple[list[Path], Path]:
    found = sorted(FONTS.glob("*.ttf")) or sorted(Path("/usr/share/fonts/truetype").rglob("*.ttf"),
                                                  key=lambda p: p.name)
    found = [f for f in found if f.name.startswith(FAMILIES)]
    symbol = next((f for f in found if f.name == "DejaVuSans.ttf"), found[0])
    return found, symbol


_FONT_FILES, _SYMBOL_FONT = _fonts()
_font_cache: dict[tuple[str, int], ImageFont.FreeTypeFont] = {}


def font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    key = (str(path), size)
    if key not in _font_cache:
        _font_cache[key] = ImageFont.truetype(str(path), size)
    return _font_cache[key]


@dataclass
class Style:
    """One deck's look."""

    rank_font: Path
    suit_font: Path
    german: bool
    colours: dict[str, tuple[int, int, int]]
    four_corners: bool
    index_h: float  # rank text height, relative to the card's width
    suit_beside: bool  # suit symbol beside the rank instead of under it
    paper: tuple[int, int, int]
    aspect: float
    border: bool


def random_style(rng: random.Random) -> Style:
    red = (rng.randint(170, 230), rng.randint(0, 40), rng.randint(0, 50))
    black = (rng.randint(0, 40),) * 3
    if rng.random() < 0.25:  # four-colour pack (German tournament packs)
        colours = {"S": black, "H": red, "D": (rng.randint(0, 60), rng.randint(60, 120), rng.randint(170, 230))
                   if rng.random() < 0.5 else (230, rng.randint(110, 160), 0),
                   "C": (0, rng.randint(110, 150), rng.randint(0, 60))}
    else:
        colours = {"S": black, "C": black, "H": red, "D": red}
    fonts = [f for f in _FONT_FILES if "Mono" not in f.name or rng.random() < 0.2] or _FONT_FILES
    bold = [f for f in fonts if "Bold" in f.name]
    rank_font = rng.choice(bold if bold and rng.random() < 0.6 else fonts)
    shade = rng.randint(225, 255)
    return Style(
        rank_font=rank_font, suit_font=_SYMBOL_FONT, german=rng.random() < 0.4, colours=colours,
        four_corners=rng.random() < 0.3, index_h=rng.uniform(0.13, 0.2), suit_beside=rng.random() < 0.12,
        paper=(shade, shade - rng.randint(0, 8), shade - rng.randint(0, 15)),
        aspect=rng.choice([88 / 63, 89 / 57, 1.45]), border=rng.random() < 0.4)


def rank_text(rank: str, style: Style) -> str:
    return GERMAN.get(rank, rank) if style.german else rank


Box = tuple[float, float, float, float]


def render_card(cls: str, style: Style, rng: random.Random) -> tuple[Image.Image, list[Box]]:
    """One card face (RGBA) and the boxes (x0, y0, x1, y1, in its pixels) of its corner indices."""
    w = CARD_W
    h = round(w * style.aspect)
    card = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    radius = int(w * rng.uniform(0.04, 0.08))
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=(*style.paper, 255),
                           outline=(150, 150, 150, 255) if rng.random() < 0.5 else None)
    joker = cls == "JOKER"
    suit = "S" if joker else cls[-1]
    rank = "" if joker else cls[:-1]
    colour = (rng.choice([style.colours["S"], style.colours["H"]]) if joker else style.colours[suit])
    if style.border:
        m = int(w * 0.12)
        draw.rectangle((m, m, w - m, h - m), outline=colour, width=2)
    _centre(draw, card, rank, suit, joker, colour, style, w, h, rng)
    # The index, drawn once in its own image and pasted into the corners.
    index, ibox = _index(rank, suit, joker, colour, style, w, rng)
    margin_x = int(w * rng.uniform(0.025, 0.05))
    margin_y = int(w * rng.uniform(0.03, 0.06))
    boxes = []
    corners = [(False, False), (True, True)] + ([(True, False), (False, True)] if style.four_corners else [])
    for right, bottom in corners:
        piece = index.rotate(180) if bottom else index
        px = w - margin_x - index.width if right else margin_x
        py = h - margin_y - index.height if bottom else margin_y
        card.alpha_composite(piece, (px, py))
        x0, y0, x1, y1 = ibox
        if bottom:
            x0, y0, x1, y1 = index.width - x1, index.height - y1, index.width - x0, index.height - y0
        boxes.append((px + x0 - 2, py + y0 - 2, px + x1 + 2, py + y1 + 2))
    return card, boxes


def _index(rank: str, suit: str, joker: bool, colour: tuple[int, int, int], style: Style, w: int,
           rng: random.Random) -> tuple[Image.Image, tuple[int, int, int, int]]:
    size = int(w * style.index_h)
    fnt = font(style.rank_font, size)
    sym = font(style.suit_font, int(size * rng.uniform(0.75, 1.0)))
    layer = Image.new("RGBA", (w // 2, w), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    if joker:
        letters = "JOKER"
        small = font(style.rank_font, int(size * 0.55))
        y = 0
        x_box = []
        for ch in letters:
            b = d.textbbox((0, y), ch, font=small)
            d.text((0, y), ch, font=small, fill=(*colour, 255))
            x_box.append(b)
            y = b[3] + 1
        if rng.random() < 0.5:
            b = d.textbbox((0, y + 2), "★", font=sym)
            d.text((0, y + 2), "★", font=sym, fill=(*colour, 255))
            x_box.append(b)
        box = (min(b[0] for b in x_box), min(b[1] for b in x_box), max(b[2] for b in x_box), max(b[3] for b in x_box))
    else:
        text = rank_text(rank, style)
        if text == "10" and rng.random() < 0.5:
            # Many packs print the 10 narrow: the two digits squeezed.
            fnt = font(style.rank_font, int(size * 0.85))
        rb = d.textbbox((0, 0), text, font=fnt)
        d.text((-rb[0], -rb[1]), text, font=fnt, fill=(*colour, 255))
        rw, rh = rb[2] - rb[0], rb[3] - rb[1]
        sb = d.textbbox((0, 0), SYMBOL[suit], font=sym)
        sw, sh = sb[2] - sb[0], sb[3] - sb[1]
        if style.suit_beside:
            sx, sy = rw + 2, (rh - sh) // 2
        else:
            sx, sy = (rw - sw) // 2, rh + int(size * rng.uniform(0.05, 0.2))
        d.text((sx - sb[0], sy - sb[1]), SYMBOL[suit], font=sym, fill=(*colour, 255))
        box = (min(0, sx), 0, max(rw, sx + sw), max(rh, sy + sh))
    crop = layer.crop((0, 0, box[2] + 1, box[3] + 1))
    return crop, box


def _centre(draw: ImageDraw.ImageDraw, card: Image.Image, rank: str, suit: str, joker: bool,
            colour: tuple[int, int, int], style: Style, w: int, h: int, rng: random.Random) -> None:
    if joker or rank in ("J", "Q", "K"):
        m = int(w * 0.2)
        fill = tuple(rng.randint(40, 230) for _ in range(3))
        draw.rectangle((m, int(m * 1.1), w - m, h - int(m * 1.1)), outline=colour, width=2)
        for _ in range(rng.randint(6, 14)):
            x, y = rng.randint(m, w - m), rng.randint(m, h - m)
            r = rng.randint(4, w // 6)
            shade = tuple(max(0, min(255, c + rng.randint(-60, 60))) for c in fill)
            if rng.random() < 0.5:
                draw.ellipse((x - r, y - r, x + r, y + r), fill=shade)
            else:
                draw.rectangle((x - r, y - r, x + r // 2, y + r), fill=shade)
        if not joker and rng.random() < 0.4:
            big = font(_SYMBOL_FONT, int(w * 0.18))
            draw.text((m + 4, m + 4), SYMBOL[suit], font=big, fill=colour)
        return
    count = 1 if rank == "A" else int(rank)
    pip = font(_SYMBOL_FONT, int(w * (0.45 if count == 1 else rng.uniform(0.16, 0.2))))
    spots = _PIPS[count]
    for fx, fy in spots:
        x, y = w * (0.27 + 0.46 * fx), h * (0.2 + 0.6 * fy)
        b = draw.textbbox((0, 0), SYMBOL[suit], font=pip)
        draw.text((x - (b[0] + b[2]) / 2, y - (b[1] + b[3]) / 2), SYMBOL[suit], font=pip, fill=colour)


_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1)],
}


def background(w: int, h: int, rng: random.Random, nrng: np.random.Generator) -> Image.Image:
    """A table: a colour with soft blotches, wood grain or a cloth's weave, lit unevenly."""
    base = np.array([rng.randint(0, 200), rng.randint(0, 200), rng.randint(0, 200)], np.float32)
    if rng.random() < 0.35:  # wood
        base = np.array([rng.randint(120, 210), rng.randint(80, 150), rng.randint(40, 100)], np.float32)
    small = nrng.normal(0, 1, (max(2, h // 64), max(2, w // 64), 1)).astype(np.float32)
    blot = np.asarray(Image.fromarray(((small[..., 0] + 3) * 40).clip(0, 255).astype(np.uint8)).resize(
        (w, h), Image.BICUBIC), np.float32)[..., None] / 40 - 3
    img = base + blot * rng.uniform(5, 25)
    kind = rng.random()
    if kind < 0.4:
        freq = rng.uniform(0.02, 0.15)
        phase = nrng.normal(0, 1, (h, 1)).cumsum(0) * 0.05
        ys = np.arange(h)[:, None]
        xs = np.arange(w)[None, :]
        grain = np.sin(xs * freq + phase + ys * rng.uniform(-0.01, 0.01)) * rng.uniform(5, 20)
        img = img + grain[..., None]
    elif kind < 0.6:
        weave = nrng.normal(0, rng.uniform(3, 12), (h, w, 1))
        img = img + weave
    if rng.random() < 0.3:  # a white table or sheet
        img = img * 0.3 + 170
    return Image.fromarray(img.clip(0, 255).astype(np.uint8))


def _affine_points(points: np.ndarray, angle: float, scale: float, src_size: tuple[int, int],
                   dst_offset: tuple[float, float], dst_size: tuple[int, int]) -> np.ndarray:
    """Where card pixels land after PIL's rotate(angle, expand=True) of the scaled card and a
    paste at dst_offset."""
    sw, sh = src_size
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    p = points * scale - np.array([sw * scale / 2, sh * scale / 2])
    # PIL rotates counter-clockwise on the screen (y down): x' = x c + y s, y' = -x s + y c.
    q = np.stack([p[:, 0] * c + p[:, 1] * s, -p[:, 0] * s + p[:, 1] * c], 1)
    return q + np.array([dst_size[0] / 2 + dst_offset[0], dst_size[1] / 2 + dst_offset[1]])


def scene(rng: random.Random, out_size: int = 512) -> tuple[np.ndarray, list[tuple[int, float, float, float, float]]]:
    """One synthetic photo (``out_size`` square, uint8 RGB) and its boxes
    ``(class, cx, cy, w, h)`` relative to it."""
    nrng = np.random.default_rng(rng.getrandbits(32))
    aspect = rng.choice([1.0, 4 / 3, 3 / 4, 16 / 9, 9 / 16, rng.uniform(0.6, 1.7)])
    W = 640
    H = int(W / aspect)
    canvas = background(W, H, rng, nrng).convert("RGBA")
    ids = np.zeros((H, W), np.int16)
    style = random_style(rng)
    layout = rng.random()
    n = rng.choice([1, 1, 2, 3, 4, 5, 6, 7, 8, 10, 13]) if layout < 0.8 else rng.randint(1, 6)
    picks = rng.sample(CLASSES[:52], n)
    if rng.random() < 0.1:
        picks[rng.randrange(n)] = "JOKER"
    card_w = rng.uniform(0.15, 0.3 if n > 3 else 0.5) * min(W, H) * (1.5 if n == 1 else 1.0)
    scale = card_w / CARD_W
    placed = []  # (id, class, points of its index boxes)
    base_angle = rng.uniform(-180, 180) if rng.random() < 0.4 else rng.uniform(-25, 25)
    start = np.array([rng.uniform(0.1, 0.6) * W, rng.uniform(0.15, 0.7) * H])
    step = card_w * rng.uniform(0.22, 0.75)
    direction = math.radians(-base_angle + rng.uniform(-10, 10))
    fan = rng.uniform(-8, 8) if layout < 0.45 else 0.0
    for i, cls in enumerate(picks):
        if rng.random() < 0.15 and i > 0:
            style_i = random_style(rng)  # a card from another pack now and then
        else:
            style_i = style
        card, boxes = render_card(cls, style_i, rng)
        if layout < 0.8:  # hand or meld: a row of overlapping cards
            angle = base_angle + fan * (i - n / 2) + rng.uniform(-3, 3)
            centre = start + i * step * np.array([math.cos(direction), math.sin(direction)])
            if n > 7 and rng.random() < 0.3:
                centre = centre + np.array([0, rng.uniform(-1, 1) * card_w * 0.2])
        else:
            angle = rng.uniform(-180, 180)
            centre = np.array([rng.uniform(0.1, 0.9) * W, rng.uniform(0.1, 0.9) * H])
        scaled = card.resize((max(8, int(card.width * scale)), max(8, int(card.height * scale))), Image.BILINEAR)
        rotated = scaled.rotate(angle, resample=Image.BILINEAR, expand=True)
        ox = int(centre[0] - rotated.width / 2)
        oy = int(centre[1] - rotated.height / 2)
        _paste(canvas, rotated, ox, oy)
        mask = np.asarray(rotated.getchannel("A")) > 128
        _stamp(ids, mask, ox, oy, i + 1)
        pts = []
        for (x0, y0, x1, y1) in boxes:
            grid = np.array([(x0 + (x1 - x0) * u, y0 + (y1 - y0) * v)
                             for u in (0.1, 0.5, 0.9) for v in (0.1, 0.5, 0.9)])
            pts.append(_affine_points(grid, angle, scale, (card.width, card.height), (ox, oy),
                                      (rotated.width, rotated.height)))
        placed.append((i + 1, cls, pts))
    labels = []
    for ident, cls, pts in placed:
        for grid in pts:
            xs, ys = grid[:, 0], grid[:, 1]
            inside = (xs >= 0) & (xs < W) & (ys >= 0) & (ys < H)
            if inside.sum() < 7:
                continue
            xi, yi = xs[inside].astype(int), ys[inside].astype(int)
            if (ids[yi, xi] == ident).sum() < 7:
                continue
            x0, x1 = max(0, xs.min()), min(W, xs.max())
            y0, y1 = max(0, ys.min()), min(H, ys.max())
            # The grid is inset by 10%: widen back to the whole box.
            pad_x, pad_y = (x1 - x0) / 8, (y1 - y0) / 8
            x0, x1, y0, y1 = max(0, x0 - pad_x), min(W, x1 + pad_x), max(0, y0 - pad_y), min(H, y1 + pad_y)
            labels.append((CLASSES.index(cls), (x0 + x1) / 2 / W, (y0 + y1) / 2 / H, (x1 - x0) / W, (y1 - y0) / H))
    img = canvas.convert("RGB").resize((out_size, out_size), Image.BILINEAR)
    img = _light(img, rng, nrng)
    if rng.random() < 0.5:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.6)))
    arr = np.asarray(img).astype(np.float32)
    if rng.random() < 0.5:
        arr = arr + nrng.normal(0, rng.uniform(2, 10), arr.shape)
    if rng.random() < 0.4:  # salt and pepper, as the exporter added to the real photos
        m = nrng.random(arr.shape[:2]) < 0.005
        arr[m] = nrng.choice([0, 255], size=(int(m.sum()), 1))
    return arr.clip(0, 255).astype(np.uint8), labels


def _paste(canvas: Image.Image, piece: Image.Image, ox: int, oy: int) -> None:
    canvas.paste(piece, (ox, oy), piece)


def _stamp(ids: np.ndarray, mask: np.ndarray, ox: int, oy: int, ident: int) -> None:
    H, W = ids.shape
    x0, y0 = max(0, ox), max(0, oy)
    x1, y1 = min(W, ox + mask.shape[1]), min(H, oy + mask.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    sub = mask[y0 - oy:y1 - oy, x0 - ox:x1 - ox]
    ids[y0:y1, x0:x1][sub] = ident


def _light(img: Image.Image, rng: random.Random, nrng: np.random.Generator) -> Image.Image:
    arr = np.asarray(img).astype(np.float32)
    h, w = arr.shape[:2]
    gain = rng.uniform(0.55, 1.25)
    cast = np.array([rng.uniform(0.85, 1.15) for _ in range(3)], np.float32)
    gx = np.linspace(-1, 1, w)[None, :] * rng.uniform(-0.35, 0.35)
    gy = np.linspace(-1, 1, h)[:, None] * rng.uniform(-0.35, 0.35)
    shade = 1 + gx + gy
    arr = arr * gain * cast * shade[..., None]
    if rng.random() < 0.3:  # a shadow across the table
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        a = rng.uniform(0, math.pi)
        side = (np.arange(w)[None, :] - cx) * math.cos(a) + (np.arange(h)[:, None] - cy) * math.sin(a) > 0
        arr = arr * np.where(side, rng.uniform(0.5, 0.85), 1.0)[..., None]
    return Image.fromarray(arr.clip(0, 255).astype(np.uint8))


if __name__ == "__main__":
    r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    pixels, boxes = scene(r, 512)
    image = Image.fromarray(pixels)
    draw = ImageDraw.Draw(image)
    for c, x, y, bw, bh in boxes:
        draw.rectangle(((x - bw / 2) * 512, (y - bh / 2) * 512, (x + bw / 2) * 512, (y + bh / 2) * 512), outline="lime")
        draw.text(((x - bw / 2) * 512, (y - bh / 2) * 512 - 10), CLASSES[c], fill="lime")
    image.save(sys.argv[1] if len(sys.argv) > 1 else "synth.png")
