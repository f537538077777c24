"""PDF speed: the score sheet of a 20-round, 6-player game in a warm process.

Targets (issue 5): one sheet under 1 s, peak memory under 150 MB. Prints
figures only. Time is measured without tracemalloc (which slows Python down);
memory is measured in a second pass with it, and as the process's peak RSS.
"""

from __future__ import annotations

import io
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader  # noqa: E402
from table_game import twenty_rounds  # noqa: E402

RUNS = 10


def main() -> None:
    client, game, _ = twenty_rounds()

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
