"""Bounded growth (issue 19): what a game at the caps costs against a short one.

Games by cards (Jolly, 6 players), imported as game files: 10 rounds, and the largest a
table may play (MAX_ROUNDS rounds, MAX_CHANGES changes once a round is deleted and saved
again). For each: the game page's size, a round's save (through the API; the game at the cap
gets its last round deleted first),
the changed board poll (the fragment an open page fetches after a change; median of 20)
and the detail score sheet (PDF, best of 2). Goals: the detail sheet of the largest game
under 10 s; the changed poll not growing much with the game's length.

Run: ``.venv/bin/python bench/bench_growth.py``; prints figures only.
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import weasyprint
from table_game import long_card_game_file, numbers_round

from scorepad import create_app
from scorepad.cli import warm
from scorepad.game.files import dump
from scorepad.rules.limits import MAX_CHANGES, MAX_ROUNDS
from scorepad.schema import run_migrations
from scorepad.sheets import pdf


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    run_migrations(app)
    warm(app)
    client = app.test_client()
    for rounds, changes in ((10, 10), (MAX_ROUNDS, MAX_CHANGES - 2)):
        text = dump(long_card_game_file(rounds, changes)).encode()
        start = time.perf_counter()
        response = client.post("/games/import", data={"file": (io.BytesIO(text), "g.json")},
                               content_type="multipart/form-data")
        imported = time.perf_counter() - start
        assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
        game = response.headers["Location"]
        key = game.rsplit("/", 1)[1]
        page = client.get(game).data
        # A save: the last round deleted, then saved again by numbers.
        last = client.get(f"/api/v1/games/{key}").get_json()["rounds"][-1]["version"]
        client.delete(f"/api/v1/games/{key}/rounds/{rounds}?version={last}")
        start = time.perf_counter()
        saved = client.post(f"/api/v1/games/{key}/rounds",
                            json={"number": rounds, "players": numbers_round(rounds)})
        save = time.perf_counter() - start
        assert saved.status_code == 201, saved.get_data(as_text=True)[:300]
        polls = []
        cpu = time.process_time()
        for _ in range(20):
            start = time.perf_counter()
            fragment = client.get(f"{game}/live?view=board&v=0")
            polls.append(time.perf_counter() - start)
            assert fragment.status_code == 200
        poll_cpu = (time.process_time() - cpu) / 20
        sheets = []
        for _ in range(2):
            start = time.perf_counter()
            sheet = client.get(f"{game}/sheet.pdf?details=1")
            sheets.append(time.perf_counter() - start)
            assert sheet.data.startswith(b"%PDF"), sheet.status_code
        # The same sheet laid out and written in this process: its CPU time, which the wall
        # time above shows only on an idle machine (the renderer is another process).
        with app.app_context():
            renderer = pdf.sheet_renderer()
            render, seen = renderer.render, []
            renderer.render = lambda document, base, seen=seen: (  # type: ignore[method-assign]
                seen.append(document), b"%PDF")[1]
            client.get(f"{game}/sheet.pdf?details=1")
            renderer.render = render  # type: ignore[method-assign]
            cpu = time.process_time()
            weasyprint.HTML(string=seen[0], base_url=pdf.static_uri()).write_pdf()
            sheet_cpu = time.process_time() - cpu
        print(f"{rounds} rounds, {changes + 2} changes: file {len(text) / 1024:.0f} KB imported "
              f"in {ms(imported)}; page {len(page) / 1024:.0f} KB; save {ms(save)}; changed "
              f"board poll median {ms(statistics.median(polls))}, {ms(poll_cpu)} CPU "
              f"({len(fragment.data) / 1024:.0f} KB); detail PDF {min(sheets):.1f} s, "
              f"{sheet_cpu:.1f} s CPU ({len(sheet.data) / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
