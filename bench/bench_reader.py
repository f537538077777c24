"""The card reader (issue 30): the model's load, and the time of one photo on this CPU.

Photos: the held-out real photos of ../shared/cards (training/data.py) where they are, else the
test photos in tests/fixtures/cards; each read as it is (640 x 640) and as a phone's full
photo would be if sent unscaled (4000 x 3000, JPEG). Prints figures only. Goal: one photo in
at most 1 s at p95 on the 2-core machine (the phone scales its photo down before sending).

Run: ``.venv/bin/python bench/bench_reader.py [rounds]`` (default 3).
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "training"))

from PIL import Image  # noqa: E402

from scorepad import reader  # noqa: E402


def photos() -> list[Path]:
    shared = ROOT.parent / "shared" / "cards"
    if (shared / "train" / "images").is_dir():
        import data

        return data.photos(shared)[1]
    return sorted((ROOT / "tests" / "fixtures" / "cards").glob("*.jpg"))


def figures(name: str, times: list[float], cpu: list[float]) -> None:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    cpu = sorted(cpu)
    print(f"{name:<28} n={len(times):<4} median {1000 * statistics.median(times):6.1f} ms  "
          f"p95 {1000 * p95:6.1f} ms  max {1000 * times[-1]:6.1f} ms  "
          f"CPU time median {1000 * statistics.median(cpu):6.1f} ms "
          f"p95 {1000 * cpu[int(0.95 * (len(cpu) - 1))]:6.1f} ms")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    found = photos()
    print(f"{len(found)} photos, {os.cpu_count()} CPUs, model {reader.MODEL.stat().st_size / 1e6:.1f} MB, "
          f"load average {os.getloadavg()[0]:.1f}")
    print("(wall-clock times count other work on the machine; CPU time is this process's, all its threads)")
    start = time.perf_counter()
    reader.read_cards(found[0].read_bytes())
    print(f"first read (loads the model): {1000 * (time.perf_counter() - start):.0f} ms")
    data = [p.read_bytes() for p in found]
    times, cpu = [], []
    for _ in range(rounds):
        for photo in data:
            t, c = time.perf_counter(), time.process_time()
            reader.read_cards(photo)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
    figures("640 x 640 photo", times, cpu)
    big = []
    for photo in data[:10]:
        out = io.BytesIO()
        Image.open(io.BytesIO(photo)).resize((4000, 3000)).save(out, "JPEG", quality=90)
        big.append(out.getvalue())
    times, cpu = [], []
    for photo in big:
        t, c = time.perf_counter(), time.process_time()
        reader.read_cards(photo)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    figures("4000 x 3000 JPEG (unscaled)", times, cpu)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
