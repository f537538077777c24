"""Score sheets (issue 12): cost against a bare table, memory over many sheets, the first
sheet after a start, and a meld check while two detail sheets render.

Games: Jolly, 6 players, 20 rounds, one entered by numbers and one by cards.
Prints figures only. Goals:

- the detail sheet costs at most 3x a bare WeasyPrint table of the same cells (the same
  tables, rows and cell texts, no stylesheet), CPU time in this process, best of 3;
- memory (this process + its renderer) grows at most 25 MB over 150 sheets after warm-up;
- the first sheet after a start is no slower than the others (the renderer warms at start);
- a meld check's p95 while two detail sheets render is at most 2x its idle p95.

Run: ``.venv/bin/python bench/bench_pdf.py [sheets]`` (default 150).
"""

from __future__ import annotations

import html
import os
import re
import statistics
import sys
import threading
import time
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table_game import card_game, twenty_rounds

from scorepad.cli import warm
from scorepad.sheets import pdf
from scorepad.sheets.render import Renderer


class _Cells(HTMLParser):
    """Every table of a document as rows of (text, colspan)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, int]]]] = []
        self.cell: list[str] | None = None
        self.span = 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell, self.span = [], int(dict(attrs).get("colspan") or 1)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append((" ".join("".join(self.cell).split()), self.span))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def bare_table(sheet: str) -> str:
    """The sheet's tables with the same cells, on the same page size, without any style."""
    cells = _Cells()
    cells.feed(sheet)
    size = re.search(r"size: ([^;]+);", sheet)
    tables = "".join(
        "<table>" + "".join("<tr>" + "".join(f'<td colspan="{n}">{html.escape(text)}</td>'
                                             for text, n in row) + "</tr>" for row in table)
        + "</table>" for table in cells.tables)
    return (f"<!doctype html><style>@page {{ size: {size.group(1) if size else 'A4'} }}</style>"
            f"{tables}")


def cpu_ms(documents: dict[str, str], base_url: str, runs: int = 3) -> dict[str, float]:
    """Best CPU time of WeasyPrint in this process for each document, interleaved."""
    from weasyprint import HTML

    HTML(string="<p>warm</p>").write_pdf()
    best = dict.fromkeys(documents, float("inf"))
    for _ in range(runs):
        for name, document in documents.items():
            start = time.process_time()
            HTML(string=document, base_url=base_url).write_pdf()
            best[name] = min(best[name], time.process_time() - start)
    return {name: t * 1000 for name, t in best.items()}


def rss_mb(pid: int | None) -> float:
    if pid is None:
        return 0.0
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, IndexError):
        return 0.0
    return pages * 4096 / 2**20


def p95(values: list[float]) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * 0.95))]


def main() -> None:
    sheets = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    client, numbers, _ = twenty_rounds()
    cards = card_game(client)
    app = client.application
    with app.app_context():
        shared: Renderer = pdf.sheet_renderer()

    # The first sheet after a start: the server warms the renderer as it starts (cli serve).
    warm(app)
    time.sleep(5)  # the time it takes a phone to open the game and tap "score sheet"
    first = time.perf_counter()
    assert client.get(f"{cards}/sheet.pdf").data.startswith(b"%PDF")
    first_ms = (time.perf_counter() - first) * 1000
    next_five = []
    for _ in range(5):
        start = time.perf_counter()
        client.get(f"{cards}/sheet.pdf")
        next_five.append((time.perf_counter() - start) * 1000)
    print(f"first sheet 5 s after the start: {first_ms:.0f} ms; the next five: median "
          f"{statistics.median(next_five):.0f} ms (goal: the first no slower)")

    # What a sheet costs against a bare table of the same cells.
    seen: list[str] = []
    render = shared.render
    shared.render = lambda document, base: (seen.append(document), render(document, base))[1]  # type: ignore[method-assign]
    client.get(f"{cards}/sheet.pdf?details=1")
    client.get(f"{cards}/sheet.pdf")
    client.get(f"{numbers}/sheet.pdf?details=1")
    shared.render = render  # type: ignore[method-assign]
    with app.app_context():
        base_url = pdf.static_uri()
    detail, plain, detail_numbers = seen
    times = cpu_ms({"detail": detail, "detail bare": bare_table(detail), "plain": plain,
                    "plain bare": bare_table(plain), "numbers detail": detail_numbers,
                    "numbers detail bare": bare_table(detail_numbers)}, base_url)
    for name, label in (("detail", "detail sheet, game by cards (goal: <= 3x)"),
                        ("plain", "plain sheet, game by cards"),
                        ("numbers detail", "detail sheet, game by numbers")):
        print(f"{label}: {times[name]:.0f} ms CPU, a bare table of the same cells "
              f"{times[name + ' bare']:.0f} ms: {times[name] / times[name + ' bare']:.1f}x")

    # Memory over many sheets: this process and its renderer, after ten sheets of warm-up.
    urls = [f"{cards}/sheet.pdf?details=1", f"{numbers}/sheet.pdf", f"{cards}/sheet.pdf",
            f"{numbers}/sheet.pdf?details=1"]
    for i in range(10):
        client.get(urls[i % len(urls)])
    base_mem = rss_mb(os.getpid()) + rss_mb(shared.pid)
    high = base_mem
    start = time.perf_counter()
    for i in range(sheets):
        assert client.get(urls[i % len(urls)]).status_code == 200
        high = max(high, rss_mb(os.getpid()) + rss_mb(shared.pid))
    end_mem = rss_mb(os.getpid()) + rss_mb(shared.pid)
    print(f"memory over {sheets} sheets after warm-up (app + renderer RSS): {base_mem:.0f} -> "
          f"{end_mem:.0f} MB, growth {end_mem - base_mem:+.0f} MB, highest {high:.0f} MB "
          f"(goal: growth <= 25 MB); {sheets / (time.perf_counter() - start):.1f} sheets/s")

    # A meld check while two detail sheets render, as two phones would ask for them.
    def check() -> float:
        start = time.perf_counter()
        response = client.post(f"{numbers}/rounds/check-meld",
                               data={"field": "p0_meld0", "p0_meld0": "JK Qh Kh", "number": "21"})
        assert response.status_code == 200
        return (time.perf_counter() - start) * 1000

    idle = []
    for _ in range(100):
        idle.append(check())
        time.sleep(0.01)
    busy: list[float] = []
    stop = threading.Event()

    def sheets_loop() -> None:
        other = app.test_client()
        while not stop.is_set():
            other.get(f"{cards}/sheet.pdf?details=1")

    threads = [threading.Thread(target=sheets_loop) for _ in range(2)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    for _ in range(100):
        busy.append(check())
        time.sleep(0.01)
    stop.set()
    for t in threads:
        t.join()
    print(f"meld check: idle p95 {p95(idle):.1f} ms (median {statistics.median(idle):.1f}); "
          f"while two detail sheets render p95 {p95(busy):.1f} ms (median "
          f"{statistics.median(busy):.1f}): {p95(busy) / p95(idle):.1f}x (goal: <= 2x)")
    shared.stop()


if __name__ == "__main__":
    main()
