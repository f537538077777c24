"""PDF speed: the score sheet of a 20-round, 6-player game in a warm process.

Targets (issue 5): one sheet under 1 s, peak memory under 150 MB. Prints
figures only. Time is measured without tracemalloc (which slows Python down);
memory is measured in a second pass with it, and as the process's peak RSS.
"""

from __future__ import annotations

import io
import re
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask_migrate import upgrade  # noqa: E402
from pypdf import PdfReader  # noqa: E402

from scorepad import create_app  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
RUNS = 10


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    data = {f"player_{i}": n for i, n in enumerate(NAMES)} | {"first_dealer": "0"}
    # Post the house rules as the form shows them, as a browser does; only the target changes.
    form_page = client.get("/games/new?variant=jolly_at").get_data(as_text=True)
    for tag in re.findall(r"<input[^>]*>", form_page):
        name = re.search(r'name="(hr_\w+)"', tag)
        if name and 'type="checkbox"' in tag:
            if " checked" in tag:
                data[name.group(1)] = "y"
        elif name:
            value = re.search(r'value="([^"]*)"', tag)
            data[name.group(1)] = value.group(1) if value else ""
    data["hr_target"] = "100000"
    game = client.post("/games/new?variant=jolly_at", data=data).headers["Location"]
    for number in range(1, 21):
        form = {f"meld_{i}": str((number * 7 + i * 13) % 90) for i in range(6)}
        form |= {f"hand_{i}": str((number * 11 + i * 5) % 60) for i in range(6)}
        closer = number % 6
        form |= {f"hand_{closer}": "0", "closer": str(closer), "action": "save",
                 "number": str(number)}
        response = client.post(f"{game}/rounds/new", data=form)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    for url, label in ((f"{game}/sheet.pdf", "score sheet"),
                       (f"{game}/sheet.pdf?details=1", "score sheet with detail pages")):
        first = time.perf_counter()
        response = client.get(url)
        cold = time.perf_counter() - first
        assert response.status_code == 200 and response.data.startswith(b"%PDF")
        times, cpu = [], []
        for _ in range(RUNS):
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        # CPU time as well: on a busy machine the wall clock also counts other processes.
        print(f"{label}, 20 rounds x 6 players: first {cold * 1000:.0f} ms; warm, {RUNS} runs: "
              f"median {statistics.median(times) * 1000:.0f} ms "
              f"(CPU {statistics.median(cpu) * 1000:.0f} ms), worst {max(times) * 1000:.0f} ms; "
              f"{len(response.data) / 1024:.0f} KB, {len(PdfReader(io.BytesIO(response.data)).pages)} pages; "
              f"peak RSS so far {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")

    tracemalloc.start()
    client.get(f"{game}/sheet.pdf?details=1")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak Python allocations while making one sheet (tracemalloc): {peak / 2**20:.1f} MB")
    print(f"peak resident memory of the whole process (ru_maxrss): {rss:.0f} MB, "
          f"of which {rss - before:.0f} MB came with the PDFs (app, engine and game: {before:.0f} MB)")


if __name__ == "__main__":
    main()
