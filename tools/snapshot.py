"""Every page, fragment, export and API answer of the matrix games, written to a folder, so
that two versions of the code can be compared byte by byte (``diff -r``).

    .venv/bin/python tools/snapshot.py /tmp/before      # on the old code
    .venv/bin/python tools/snapshot.py /tmp/after       # on the new code
    diff -r /tmp/before /tmp/after

It asks what the web matrix asks (tests/web/test_matrix.py: every variant × way of entering
a round × page, in German, English and French), plus the JSON API of each game (the game,
a round refused, a correction refused, a question to the engine). What differs between two
runs of the same code is replaced by a placeholder: game and evening keys (by the game's
variant and mode), times and dates, write ids and the outbox's signed tokens, the version
query of static files, and a PDF's bytes (its text is kept).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.rules import VARIANTS  # noqa: E402
from tests.support import matrix_pages as m  # noqa: E402
from tests.support.database import close_connections, migrated_app, sqlite_url  # noqa: E402
from tests.support.exports import pdf_text  # noqa: E402

_TIME = re.compile(
    r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?"  # ISO stamps
    r"|\b\d{1,2}[.:/]\d\d(:\d\d)?\b"  # clock times
    r"|\b\d{1,2}[./]\s?\d{1,2}[./]\s?\d{2,4}\b"  # dates
    r"|\b\d{1,2}\.? [A-Za-zéûä]+\.? \d{4}\b")  # 26 Nov 2026, 26. November 2026
_VOLATILE = [
    (re.compile(r'(write[_-]?id|token|outbox[_-]?token|data-write)(["\']?\s*[:=]\s*["\']?)'
                r'[^"\'&\s<>]+'), r"\1\2<id>"),
    (re.compile(r"\?v=[0-9a-f]{6,}"), "?v=<v>"),
    (re.compile(r'name="csrf_token" value="[^"]*"'), 'name="csrf_token" value="<csrf>"'),
    (re.compile(r'(<svg [^>]*class="qr"[^>]*>).*?</svg>', re.S), r"\1<qr></svg>"),
    (re.compile(r"\b[0-9a-f]{32,64}\b"), "<hex>"),
]


def normalise(text: str, keys: dict[str, str]) -> str:
    for key, name in sorted(keys.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(key, name)
    for pattern, repl in _VOLATILE:
        text = pattern.sub(repl, text)
    return _TIME.sub("<time>", text)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    folder = out / ".db"
    folder.mkdir(exist_ok=True)
    app = migrated_app(sqlite_url(folder), PROPAGATE_EXCEPTIONS=False, SECRET_KEY="snapshot")
    matrix = m.Matrix(app)
    for variant, mode in m.combinations():
        matrix.build(variant, mode)
    keys: dict[str, str] = {}
    for (variant, mode), built in matrix.games.items():
        if isinstance(built, str):
            continue
        keys[built.game.rsplit("/", 1)[-1]] = f"<game-{variant}-{mode}>"
        if built.source:
            keys[built.source.rsplit("/", 1)[-1]] = f"<source-{variant}-{mode}>"
    for variant, evening in matrix.evenings.items():
        keys[evening.rstrip("/").rsplit("/", 1)[-1]] = f"<evening-{variant}>"
    c = matrix.client

    def write(name: str, asked: m.Asked | list[m.Asked]) -> None:
        for i, (response, _status, kind, _shows) in enumerate(
                asked if isinstance(asked, list) else [asked]):
            body = response.get_data()
            text = pdf_text(body) if kind == "pdf" and body.startswith(b"%PDF") else \
                body.decode("utf-8", errors="replace")
            head = f"{response.status_code} {response.headers.get('Content-Type')} " \
                   f"{normalise(response.headers.get('Location', ''), keys)}\n"
            (out / f"{name}-{i}.txt").write_text(head + normalise(text, keys))

    for variant, mode, page, lang in m.game_pages():
        built = matrix.games[(variant, mode)]
        if isinstance(built, str):
            (out / f"{variant}-{mode}-{page}-{lang}.txt").write_text(built)
            continue
        write(f"{variant}-{mode}-{page}-{lang}", m.GAME_PAGES[page](c, built, lang))
    for variant in VARIANTS:
        for page, ask in m.VARIANT_PAGES.items():
            for lang in m.LANGS:
                write(f"variant-{variant}-{page}-{lang}", ask(c, variant, lang))
    for page, ask_table in m.TABLE_PAGES.items():
        for lang in m.LANGS:
            write(f"table-{page}-{lang}", ask_table(c, matrix, lang))
    for (variant, mode), built in matrix.games.items():
        if isinstance(built, str):
            continue
        key = built.game.rsplit("/", 1)[-1]
        api = f"/api/v1/games/{key}"
        name = f"api-{variant}-{mode}"
        write(f"{name}-game", (c.get(api), 200, "json", ""))
        write(f"{name}-refused", (c.post(f"{api}/rounds", json={"number": 1, "players": [
            {"name": "Anna", "hand": ["Xx"]}]}), 0, "json", ""))
        write(f"{name}-refused-numbers", (c.post(f"{api}/rounds", json={
            "number": built.rounds + 1, "players": [{"name": n, "hand": []}
                                                    for n in m.NAMES]}), 0, "json", ""))
        write(f"{name}-stale", (c.put(f"{api}/rounds/1", json={
            "version": 9999, "players": []}), 0, "json", ""))
    for variant in VARIANTS:
        for i, body in enumerate((
                {"check": "meld", "cards": ["Qh", "Kh", "Ah"], "round": 3},
                {"check": "meld", "cards": ["7s", "8h", "10d"], "round": 3},
                {"check": "hand", "cards": ["JK", "5h"], "round": 3},
                {"check": "initial_meld", "melds": [["10h", "Jh", "Qh", "Kh"]], "round": 3},
                {"check": "meld", "cards": ["Xx"]}, {})):
            write(f"adjudicate-{variant}-{i}",
                  (c.post("/api/v1/adjudicate", json={"variant": variant} | body), 0, "json",
                   ""))
    close_connections(app)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
