"""Cold start (issue 12): from `scorepad serve` to the first page, as `make run` starts it
(on every address, so the LAN addresses and their QR codes are printed first).

For each server setting, RUNS times: a fresh instance folder (new SQLite database, so the
schema is made) and then a restart on that database (nothing to make). Prints the median,
the fastest and the slowest start, wall time and the CPU time of the server's processes,
next to what this machine needs for Python alone and for importing Flask and SQLAlchemy,
the floor under any start of this app, and (with valgrind) the instructions a start
executes, which do not wander with the machine's speed as its seconds do. Prints figures only.

Run: ``.venv/bin/python bench/bench_start.py [runs] [setting ...]`` (settings as in
bench_serve.py: ``gunicorn:WORKERSxTHREADS``, ``waitress:THREADS``).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_serve import free_port, start, stop


def python_alone(code: str, runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``python -c code``."""
    walls, cpus = [], []
    for _ in range(runs):
        before, began = os.times(), time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        walls.append(time.perf_counter() - began)
        after = os.times()
        cpus.append(after.children_user + after.children_system
                    - before.children_user - before.children_system)
    return statistics.median(walls), statistics.median(cpus)


# One process doing what a start does up to the first page: the app, the schema of a new
# database, the home page (through Flask's test client, without a server).
_APP_START = """
import os, shutil, tempfile
os.environ["SCOREPAD_INSTANCE"] = instance = tempfile.mkdtemp(prefix="scorepad-start-")
from scorepad import create_app
from scorepad.cli import migrate
app = create_app()
migrate(app)
assert app.test_client().get("/").status_code == 200
shutil.rmtree(instance)
"""


def instructions(code: str) -> int | None:
    """Instructions ``python -c code`` executes, as valgrind counts them: the same figure
    however fast the machine is at the moment (None without valgrind)."""
    if not shutil.which("valgrind"):
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", code], capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def work_of_a_start() -> None:
    """How much of a start is Scorepad's own work, in instructions (valgrind)."""
    floor = instructions("import flask, sqlalchemy.orm")
    whole = instructions(_APP_START)
    if floor is None or whole is None:
        print("  (install valgrind for the instruction counts of a start)")
        return
    print(f"  instructions: import flask, sqlalchemy.orm {floor / 1e9:.2f} G; app, new schema "
          f"and home page in one process {whole / 1e9:.2f} G, Scorepad's own "
          f"{(whole - floor) / 1e9:.2f} G ({(whole - floor) / whole:.0%})")


def line(label: str, starts: list[tuple[float, float]]) -> str:
    walls = sorted(w for w, _ in starts)
    cpus = [c for _, c in starts]
    return (f"  {label:34s} median {statistics.median(walls) * 1000:5.0f} ms "
            f"(fastest {walls[0] * 1000:4.0f}, slowest {walls[-1] * 1000:4.0f}), "
            f"CPU {statistics.median(cpus) * 1000:4.0f} ms")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    settings = sys.argv[2:] or ["gunicorn:2x4", "waitress:8"]
    print(f"{os.cpu_count()} cores; {runs} starts each; "
          f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}")
    for code in ("pass", "import flask, sqlalchemy.orm"):
        wall, cpu = python_alone(code, runs)
        print(f"  for scale: python -c {code!r:32s} {wall * 1000:5.0f} ms, CPU {cpu * 1000:4.0f} ms")
    work_of_a_start()
    for setting in settings:
        fresh: list[tuple[float, float]] = []
        again: list[tuple[float, float]] = []
        for _ in range(runs):
            instance = Path(tempfile.mkdtemp(prefix="scorepad-start-"))
            port = free_port()
            try:
                for starts in (fresh, again):
                    process, wall, cpu = start(setting, instance, port, host="0.0.0.0")
                    stop(process)
                    starts.append((wall, cpu))
            finally:
                shutil.rmtree(instance, ignore_errors=True)
        print(f"{setting}:")
        print(line("new database, to the first page", fresh))
        print(line("restart, to the first page", again))


if __name__ == "__main__":
    main()
