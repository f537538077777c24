"""Train the card reader's detector from scratch and export it to ONNX (docs/reader.md).

    python3 training/train.py --data ../shared/cards --out build/model --seconds 420

A CenterNet-style detector (one heatmap per class at stride 4, plus each box's size and
sub-cell offset) on a small network written here (plain PyTorch: no pretrained weights, no
third-party model code). It learns from the real photos not held out (data.py) and from
synthetic photos drawn on the fly (synth.py), half and half, for a fixed wall-clock time, then
exports the averaged (EMA) weights to ``cards.onnx`` with the class names in its metadata and
measures the held-out photos. Writes to --out: cards.onnx, model.pt, metrics.json.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data
import synth

NUM_CLASSES = len(synth.CLASSES)
STRIDE = 4
MAX_BOXES = 64


# --- the network -------------------------------------------------------------------------------

def cbr(cin: int, cout: int, k: int = 3, s: int = 1, groups: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, k, s, k // 2, groups=groups, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Inverted(nn.Module):
    """MobileNetV2's inverted residual: expand, depthwise 3x3, project, add."""

    def __init__(self, c: int, expand: int = 2) -> None:
        super().__init__()
        e = c * expand
        self.body = nn.Sequential(cbr(c, e, 1), cbr(e, e, 3, groups=e),
                                  nn.Conv2d(e, c, 1, bias=False), nn.BatchNorm2d(c))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.body(x)


class Detector(nn.Module):
    """Input: RGB 0..1, (N, 3, S, S). Output at stride 4: class heatmaps (logits) and 4 maps of
    box width, height (in output cells) and the centre's x, y offset within its cell."""

    def __init__(self, width: int = 1) -> None:
        super().__init__()
        c = [16 * width, 32 * width, 64 * width, 128 * width, 256 * width]
        self.stem = nn.Sequential(cbr(3, c[0], 3, 2), cbr(c[0], c[1], 3, 2), Inverted(c[1]))
        self.s8 = nn.Sequential(cbr(c[1], c[2], 3, 2), Inverted(c[2]), Inverted(c[2]))
        self.s16 = nn.Sequential(cbr(c[2], c[3], 3, 2), Inverted(c[3]), Inverted(c[3]), Inverted(c[3]))
        self.s32 = nn.Sequential(cbr(c[3], c[4], 3, 2), Inverted(c[4]), Inverted(c[4]))
        f = 64
        self.lat = nn.ModuleList([nn.Conv2d(ch, f, 1) for ch in (c[1], c[2], c[3], c[4])])
        self.smooth = nn.Sequential(cbr(f, f, 3, groups=f), cbr(f, f, 1))
        self.heat = nn.Sequential(cbr(f, f, 3, groups=f), cbr(f, f, 1), nn.Conv2d(f, NUM_CLASSES, 1))
        self.box = nn.Sequential(cbr(f, f, 3, groups=f), nn.Conv2d(f, 4, 1))
        nn.init.constant_(self.heat[-1].bias, -4.6)  # a prior of 1 %: calm first steps

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x4 = self.stem(x)
        x8 = self.s8(x4)
        x16 = self.s16(x8)
        x32 = self.s32(x16)
        p = self.lat[3](x32)
        for lat, skip in ((self.lat[2], x16), (self.lat[1], x8), (self.lat[0], x4)):
            p = F.interpolate(p, size=skip.shape[-2:], mode="nearest") + lat(skip)
        p = self.smooth(p)
        return self.heat(p), self.box(p)


class Exported(nn.Module):
    """What ships: 0..1 pixels in; sigmoid heatmaps, their 3x3 peaks, sizes, offsets out."""

    def __init__(self, net: Detector) -> None:
        super().__init__()
        self.net = net

    def forward(self, image: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        logits, box = self.net(image)
        heat = torch.sigmoid(logits)
        peaks = heat * (F.max_pool2d(heat, 3, 1, 1) == heat).to(heat.dtype)
        return heat, peaks, box[:, :2], box[:, 2:]


# --- the data ----------------------------------------------------------------------------------

def augment_real(img: Image.Image, boxes: list, rng: random.Random, size: int) -> tuple[np.ndarray, list]:
    """A photo turned (by quarter turns and a little more), zoomed, shifted and stretched; its
    boxes follow (as the box round each turned box). Light, colour, blur and noise are
    varied on the GPU (:func:`colour`)."""
    w0, h0 = img.size
    angle = rng.choice([0, 90, 180, 270]) + (rng.uniform(-15, 15) if rng.random() < 0.5 else 0.0)
    zoom = rng.uniform(0.65, 1.5)
    stretch = math.exp(rng.uniform(-0.2, 0.2))
    sx, sy = zoom * stretch * size / w0, zoom / stretch * size / h0
    shift = (rng.uniform(-0.2, 0.2) * w0, rng.uniform(-0.2, 0.2) * h0)
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    # forward: out = R(S(in - c_in - shift)) + c_out
    m = np.array([[ca * sx, -sa * sy], [sa * sx, ca * sy]])
    c_in = np.array([w0 / 2 + shift[0], h0 / 2 + shift[1]])
    c_out = np.array([size / 2, size / 2])
    inv = np.linalg.inv(m)
    off = c_in - inv @ c_out
    fill = tuple(rng.randint(0, 255) for _ in range(3))
    out = img.transform((size, size), Image.AFFINE, (inv[0, 0], inv[0, 1], off[0], inv[1, 0], inv[1, 1], off[1]),
                        resample=Image.BILINEAR, fillcolor=fill)
    new = []
    for cls, cx, cy, bw, bh in boxes:
        corners = np.array([[cx - bw / 2, cy - bh / 2], [cx + bw / 2, cy - bh / 2],
                            [cx - bw / 2, cy + bh / 2], [cx + bw / 2, cy + bh / 2]]) * [w0, h0]
        q = (corners - c_in) @ m.T + c_out
        x0, y0 = q.min(0)
        x1, y1 = q.max(0)
        area = (x1 - x0) * (y1 - y0)
        cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(size, x1), min(size, y1)
        if cx1 <= cx0 or cy1 <= cy0 or (cx1 - cx0) * (cy1 - cy0) < 0.6 * area:
            continue
        new.append((cls, (cx0 + cx1) / 2 / size, (cy0 + cy1) / 2 / size, (cx1 - cx0) / size, (cy1 - cy0) / size))
    arr = np.asarray(out)
    return arr, new


class Stream(torch.utils.data.IterableDataset):
    """An endless stream of (image uint8 (3,S,S), boxes (MAX_BOXES, 5), class -1 for none):
    real photos with probability ``real``, synthetic ones otherwise, each turned, zoomed and
    stretched anew. A synthetic scene takes ~30 times as long to draw as to turn, so each
    worker keeps a pool of them and draws a new one for a quarter of its picks."""

    POOL = 48

    def __init__(self, photos: list[Path], size: int, real: float, seed: int) -> None:
        self.photos = photos
        self.size = size
        self.real = real
        self.seed = seed
        self.cache: dict[Path, tuple[Image.Image, list]] = {}

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        worker = info.id if info else 0
        rng = random.Random(self.seed * 1000 + worker)
        pool: list[tuple[Image.Image, list]] = []
        while True:
            if self.photos and rng.random() < self.real:
                path = rng.choice(self.photos)
                if path not in self.cache:
                    self.cache[path] = (Image.open(path).convert("RGB"), data.labels(path))
                img, boxes = self.cache[path]
                arr, boxes = augment_real(img, boxes, rng, self.size)
            elif len(pool) < self.POOL // 4 or rng.random() < 0.25:
                scene, boxes = synth.scene(rng, self.size)
                item = (Image.fromarray(scene), boxes)
                if len(pool) < self.POOL:
                    pool.append(item)
                else:
                    pool[rng.randrange(self.POOL)] = item
                arr = scene
            else:
                img, boxes = rng.choice(pool)
                arr, boxes = augment_real(img, boxes, rng, self.size)
            target = np.full((MAX_BOXES, 5), -1, np.float32)
            for i, b in enumerate(boxes[:MAX_BOXES]):
                target[i] = b
            yield torch.from_numpy(np.ascontiguousarray(arr.transpose(2, 0, 1))), torch.from_numpy(target)


def colour(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Light, colour cast, saturation, blur and noise varied per photo of a batch (0..1, N3HW)."""
    n = x.shape[0]

    def u(lo: float, hi: float, *shape: int) -> torch.Tensor:
        return lo + (hi - lo) * torch.rand(n, *shape, 1, 1, device=x.device, generator=gen)

    x = x * u(0.6, 1.3, 1) + u(-0.1, 0.1, 1)
    x = x * u(0.88, 1.12, 3)
    grey = x.mean(1, keepdim=True)
    x = grey + (x - grey) * u(0.5, 1.4, 1)
    kernel = torch.tensor([1.0, 4.0, 6.0, 4.0, 1.0], device=x.device)
    kernel = (kernel[:, None] * kernel[None, :]) / 256
    blurred = F.conv2d(F.pad(x, (2, 2, 2, 2), mode="replicate"), kernel.expand(3, 1, 5, 5).contiguous(), groups=3)
    x = torch.where(u(0, 1, 1) < 0.25, blurred, x)
    noise = torch.randn(x.shape, device=x.device, generator=gen) * u(0, 0.03, 1) * (u(0, 1, 1) < 0.4)
    return (x + noise).clamp(0, 1)


# --- the loss ----------------------------------------------------------------------------------

def targets(boxes: torch.Tensor, out: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """The heatmap target (N, C, out, out): a Gaussian at each box's centre cell, as wide as a
    sixth of the box; and the valid boxes' batch index, centre cells and size/offset targets."""
    n = boxes.shape[0]
    cls = boxes[..., 0]
    valid = cls >= 0
    cx, cy = boxes[..., 1] * out, boxes[..., 2] * out
    bw, bh = boxes[..., 3] * out, boxes[..., 4] * out
    ix, iy = cx.floor().clamp(0, out - 1), cy.floor().clamp(0, out - 1)
    sx, sy = (bw / 6).clamp(min=0.7), (bh / 6).clamp(min=0.7)
    grid = torch.arange(out, device=boxes.device, dtype=torch.float32)
    gx = torch.exp(-((grid[None, None, :] - ix[..., None]) ** 2) / (2 * sx[..., None] ** 2))  # (N, M, W)
    gy = torch.exp(-((grid[None, None, :] - iy[..., None]) ** 2) / (2 * sy[..., None] ** 2))  # (N, M, H)
    g = gy[..., :, None] * gx[..., None, :]  # (N, M, H, W)
    g = g * valid[..., None, None]
    index = torch.where(valid, cls, torch.full_like(cls, NUM_CLASSES)).long()
    heat = torch.zeros(n, NUM_CLASSES + 1, out, out, device=boxes.device)
    heat.scatter_reduce_(1, index[..., None, None].expand(-1, -1, out, out), g, reduce="amax")
    b, m = valid.nonzero(as_tuple=True)
    reg = torch.stack([bw[b, m], bh[b, m], cx[b, m] - ix[b, m], cy[b, m] - iy[b, m]], 1)
    return heat[:, :NUM_CLASSES], b, torch.stack([iy[b, m].long(), ix[b, m].long()], 1), reg


def loss_of(logits: torch.Tensor, box: torch.Tensor, boxes: torch.Tensor) -> tuple[torch.Tensor, dict]:
    out = logits.shape[-1]
    heat, b, cells, reg = targets(boxes, out)
    pred = torch.sigmoid(logits.float()).clamp(1e-4, 1 - 1e-4)
    pos = heat >= 0.999
    neg_w = (1 - heat) ** 4
    pos_loss = (torch.log(pred) * (1 - pred) ** 2 * pos).sum()
    neg_loss = (torch.log(1 - pred) * pred ** 2 * neg_w * ~pos).sum()
    npos = pos.sum().clamp(min=1)
    focal = -(pos_loss + neg_loss) / npos
    if b.numel():
        p = box.float()[b, :, cells[:, 0], cells[:, 1]]
        size = F.l1_loss(p[:, :2], reg[:, :2], reduction="mean")
        offset = F.l1_loss(p[:, 2:], reg[:, 2:], reduction="mean")
    else:
        size = offset = box.sum() * 0
    total = focal + 0.1 * size + offset
    return total, {"focal": focal.item(), "size": size.item(), "offset": offset.item()}


# --- measuring ---------------------------------------------------------------------------------

def read_sets(heat_peaks: np.ndarray, threshold: float) -> set[str]:
    best = heat_peaks.reshape(heat_peaks.shape[0], -1).max(1)
    return {synth.CLASSES[i] for i in np.nonzero(best >= threshold)[0]}


def measure(best_by_photo: list[np.ndarray], truth: list[set[str]], threshold: float) -> dict:
    tp = fp = fn = right = 0
    for best, cards in zip(best_by_photo, truth):
        read = {synth.CLASSES[i] for i in np.nonzero(best >= threshold)[0]}
        tp += len(read & cards)
        fp += len(read - cards)
        fn += len(cards - read)
        right += read == cards
    return {"threshold": threshold, "precision": tp / max(1, tp + fp), "recall": tp / max(1, tp + fn),
            "photos_right": right / max(1, len(truth)), "tp": tp, "fp": fp, "fn": fn, "photos": len(truth)}


def best_scores(model: nn.Module, photos: list[Path], size: int, device: str) -> list[np.ndarray]:
    model.eval()
    found = []
    with torch.no_grad():
        for path in photos:
            img = Image.open(path).convert("RGB").resize((size, size), Image.BILINEAR)
            x = torch.from_numpy(np.asarray(img).transpose(2, 0, 1).copy()).float().div(255)[None].to(device)
            _, peaks, _, _ = Exported(model)(x)
            found.append(peaks[0].flatten(1).max(1).values.float().cpu().numpy())
    return found


# --- the run -----------------------------------------------------------------------------------

def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "cards")
    ap.add_argument("--out", type=Path, default=Path("build/model"))
    ap.add_argument("--seconds", type=float, default=420, help="wall-clock time for the training steps")
    ap.add_argument("--size", type=int, default=512)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--real", type=float, default=0.5, help="share of real photos in a batch")
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--steps", type=int, default=0, help="stop after this many steps (0: by time)")
    ap.add_argument("--init", type=Path, help="start from these weights (a model.pt of an earlier run)")
    ap.add_argument("--warmup", type=int, default=200, help="steps of rising learning rate")
    args = ap.parse_args()
    started = time.time()
    args.out.mkdir(parents=True, exist_ok=True)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    train_photos, held = data.photos(args.data)
    print(f"{len(train_photos)} training photos, {len(held)} held out; device {device}; "
          f"torch {torch.__version__}", flush=True)

    model = Detector().to(device).to(memory_format=torch.channels_last)
    if args.init:
        model.load_state_dict(torch.load(args.init, map_location=device)["model"])
        print(f"starting from {args.init}", flush=True)
    ema = Detector().to(device).to(memory_format=torch.channels_last)
    ema.load_state_dict(model.state_dict())
    for p in ema.parameters():
        p.requires_grad_(False)
    params = sum(p.numel() for p in model.parameters())
    print(f"{params / 1e6:.2f} M parameters", flush=True)

    # Exporting first, untrained: an export that fails does so now, not after the training.
    _export(ema, args.out / "cards.onnx", args.size, check=False)

    loader = torch.utils.data.DataLoader(
        Stream(train_photos, args.size, args.real, args.seed), batch_size=args.batch, num_workers=args.workers,
        pin_memory=device == "cuda", persistent_workers=args.workers > 0,
        prefetch_factor=4 if args.workers > 0 else None)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=5e-4)
    autocast = device == "cuda"
    gen = torch.Generator(device=device)
    gen.manual_seed(args.seed)
    step = 0
    t0 = time.time()
    seen = 0
    log_every = 50 if device == "cuda" else 5
    for images, boxes in loader:
        elapsed = time.time() - t0
        progress = min(1.0, elapsed / args.seconds) if not args.steps else step / args.steps
        if progress >= 1.0:
            break
        warm = min(1.0, (step + 1) / max(1, args.warmup))
        lr = args.lr * warm * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * progress)))
        for g in opt.param_groups:
            g["lr"] = lr
        x = images.to(device, non_blocking=True).float().div_(255)
        x = colour(x, gen).contiguous(memory_format=torch.channels_last)
        boxes = boxes.to(device, non_blocking=True)
        model.train()
        try:
            with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=autocast):
                logits, box = model(x)
            loss, parts = loss_of(logits, box, boxes)
        except RuntimeError as error:
            if not autocast:
                raise
            print(f"autocast failed ({error}); going on in float32", flush=True)
            autocast = False
            continue
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
        opt.step()
        decay = min(0.998, (1 + step) / (10 + step))
        with torch.no_grad():
            for pe, pm in zip(ema.parameters(), model.parameters()):
                pe.lerp_(pm, 1 - decay)
            for be, bm in zip(ema.buffers(), model.buffers()):
                be.copy_(bm)
        if step == 0:
            _preview(x, boxes, args.out / "preview.jpg")
        step += 1
        seen += images.shape[0]
        if step % log_every == 0:
            print(f"step {step} t {elapsed:.0f}s lr {lr:.5f} loss {float(loss):.3f} "
                  f"focal {parts['focal']:.3f} size {parts['size']:.2f} offset {parts['offset']:.3f} "
                  f"{seen / max(1e-6, time.time() - t0):.0f} img/s", flush=True)
        if args.steps and step >= args.steps:
            break
    print(f"trained {step} steps, {seen} images in {time.time() - t0:.0f}s", flush=True)

    torch.save({"model": ema.state_dict(), "size": args.size, "classes": synth.CLASSES}, args.out / "model.pt")
    metrics: dict = {"steps": step, "images": seen, "train_seconds": time.time() - t0, "params": params,
                     "train_photos": len(train_photos), "held_out_photos": len(held),
                     "held_out": [p.name for p in held]}
    try:
        _export(ema, args.out / "cards.onnx", args.size, check=True)
        metrics["onnx_bytes"] = (args.out / "cards.onnx").stat().st_size
    except Exception as error:  # the weights are saved; the export can be redone elsewhere
        print(f"export failed: {error!r}", flush=True)
    if args.steps and args.steps < 10:
        held = held[:5]  # a smoke test
    truth = [data.cards_of(p) for p in held]
    best = best_scores(ema, held, args.size, device)
    metrics["held_out_by_threshold"] = [measure(best, truth, t) for t in (0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6)]
    for m in metrics["held_out_by_threshold"]:
        print(f"threshold {m['threshold']:.2f}: precision {m['precision']:.3f} recall {m['recall']:.3f} "
              f"photos right {m['photos_right']:.3f}", flush=True)
    sample = train_photos[:: max(1, len(train_photos) // 60)][: len(held)]
    metrics["train_sample_by_threshold"] = [measure(best_scores(ema, sample, args.size, device),
                                                    [data.cards_of(p) for p in sample], 0.3)]
    metrics["total_seconds"] = time.time() - started
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=1))
    print(f"done in {time.time() - started:.0f}s", flush=True)


def _preview(x: torch.Tensor, boxes: torch.Tensor, path: Path) -> None:
    """The first 16 photos of the first batch with their boxes, to see what the network sees."""
    from PIL import ImageDraw

    n, _, size, _ = x.shape
    tiles = Image.new("RGB", (size * 4, size * 4))
    for i in range(min(16, n)):
        img = Image.fromarray((x[i].float().permute(1, 2, 0).cpu().numpy() * 255).astype(np.uint8))
        draw = ImageDraw.Draw(img)
        for c, cx, cy, w, h in boxes[i].cpu().tolist():
            if c >= 0:
                draw.rectangle(((cx - w / 2) * size, (cy - h / 2) * size, (cx + w / 2) * size, (cy + h / 2) * size),
                               outline="lime")
                draw.text(((cx - w / 2) * size, (cy - h / 2) * size - 10), synth.CLASSES[int(c)], fill="lime")
        tiles.paste(img, ((i % 4) * size, (i // 4) * size))
    tiles.resize((1024, 1024)).save(path, quality=85)


def _export(net: Detector, path: Path, size: int, check: bool) -> None:
    import onnx

    wrapped = Exported(_cpu_copy(net)).eval()
    dummy = torch.zeros(1, 3, size, size)
    torch.onnx.export(wrapped, (dummy,), str(path), input_names=["image"],
                      output_names=["heat", "peaks", "size", "offset"], opset_version=17, dynamo=False)
    model = onnx.load(str(path))
    for key, value in (("classes", ",".join(synth.CLASSES)), ("size", str(size)), ("stride", str(STRIDE)),
                       ("data", "Card Detection v12, Roboflow Universe cadyzedevelopmenthub, CC BY 4.0"),
                       ("trained", "from scratch by Scorepad's training/train.py")):
        entry = model.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.save(model, str(path))
    if check:
        import onnxruntime as ort

        session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        x = torch.rand(1, 3, size, size)
        want = wrapped(x)[0].detach().numpy()
        got = session.run(None, {"image": x.numpy()})[0]
        print(f"onnx export: {path.stat().st_size / 1e6:.2f} MB, max difference {np.abs(want - got).max():.2e}",
              flush=True)


def _cpu_copy(net: Detector) -> Detector:
    copy = Detector()
    copy.load_state_dict({k: v.detach().float().cpu() for k, v in net.state_dict().items()})
    return copy.eval()


if __name__ == "__main__":
    main()
