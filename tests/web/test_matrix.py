"""Every combination, not just every feature: each variant × each way of entering a round,
and every page, fragment, preview and export of each game, in German, English and French.

The games are built once for the module through the forms the app offers (the test client
on a real SQLite file; tests/support/matrix_games.py). Each test opens one page of one game in
one language and asserts the expected status (never an error page), that no raw code
or file name stands in any text a player reads (see ``raw_words``), that no answer says a
sentence twice (``repeated_sentences``) and, in French, that a name is elided where French
wants it ("d’Anna", ``french_elisions``) and a colon has its space (``french_colons``).
Test ids read
``[variant-mode-page-lang]``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorepad.rules import VARIANTS

from ..support.database import close_connections, migrated_app, sqlite_url
from ..support.exports import pdf_text
from ..support.matrix_games import (
    NAMES,
    combinations,
    english_words,
    french_colons,
    french_elisions,
    game_file,
    raw_words,
    readable_json_text,
    repeated_sentences,
    visible_text,
)
from ..support.matrix_pages import (
    GAME_OVER,
    GAME_PAGES,
    LANGS,
    TABLE_PAGES,
    VARIANT_PAGES,
    Asked,
    Matrix,
    game_pages,
    url,
)


@pytest.fixture(scope="module")
def matrix(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matrix]:
    folder: Path = tmp_path_factory.mktemp("matrix")
    # Errors are answered as the app answers them (a 500 page), not raised into the test.
    app = migrated_app(sqlite_url(folder), PROPAGATE_EXCEPTIONS=False)
    m = Matrix(app)
    for variant, mode in combinations():  # every game first: evenings and statistics hold all
        m.build(variant, mode)
    yield m
    close_connections(app)


# -- asking for pages ---------------------------------------------------------------------
def check(client: FlaskClient, asked: Asked, lang: str) -> list[str]:
    """What is wrong with an answer: its status, or raw words in what a player reads."""
    response, status, kind, shows = asked
    if status in (302, 303) and response.status_code == status:
        # Followed as a browser follows it, in the same language (what it says is read there).
        status = 200
        for _hop in range(3):
            if response.status_code not in (302, 303):
                break
            response = client.get(url(response.headers["Location"], lang))
    body = response.get_data()
    if response.status_code != status or shows.encode() not in body:
        text = visible_text(body.decode(errors="replace"))
        return [f"status {response.status_code}, expected {status}"
                + (f" showing {shows}" if shows else "") + f": {text[:600]}"]
    if kind == "pdf":
        assert body.startswith(b"%PDF"), body[:200]
        text = pdf_text(body)
    elif kind == "csv":
        rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
        assert len(rows) > 1, rows
        # The header and the variant column are the file's format (like the JSON's keys).
        codes = [i for i, name in enumerate(rows[0]) if name.lstrip("\ufeff") == "variant"]
        text = "\n".join(cell for row in rows[1:] for i, cell in enumerate(row)
                         if i not in codes)
    elif kind == "json":
        text = "\n".join(readable_json_text(json.loads(body)))
    else:
        text = visible_text(body.decode())
    problems = [f"raw words: {raw_words(text, lang)}"] if raw_words(text, lang) else []
    if lang == "de" and kind in ("html", "pdf") and english_words(text):
        problems.append(f"English on a German page: {english_words(text)}")
    # An answer: what the referee or a meld check answers in place (a whole page may say a
    # hint once per player).
    answer = response.request.headers.get("HX-Request") and any(
        part in response.request.path for part in ("/referee", "/check-"))
    if kind == "html" and answer and repeated_sentences(text):
        problems.append(f"said twice: {repeated_sentences(text)}")
    if lang == "fr" and kind in ("html", "pdf"):
        if french_elisions(text, NAMES):
            problems.append(f"no elision before a name: {french_elisions(text, NAMES)}")
        if french_colons(text):
            problems.append(f"a colon without its space: {french_colons(text)[:8]}")
    return problems

@pytest.mark.parametrize(("variant", "mode", "page", "lang"), game_pages())
def test_every_page_of_every_game(matrix: Matrix, variant: str, mode: str, page: str,
                                  lang: str) -> None:
    built = matrix.game(variant, mode)
    asked = GAME_PAGES[page](matrix.client, built, lang)
    if mode == "finished" and page in GAME_OVER:  # back to the scores: the game is over
        response, _status, kind, _shows = asked  # type: ignore[misc]
        asked = (response, GAME_OVER[page], kind, "")
    problems = [p for a in (asked if isinstance(asked, list) else [asked])
                for p in check(matrix.client, a, lang)]
    assert not problems, "\n".join(problems)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", list(VARIANT_PAGES))
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_page_of_every_variant(matrix: Matrix, variant: str, page: str, lang: str) -> None:
    problems = check(matrix.client, VARIANT_PAGES[page](matrix.client, variant, lang),
                     lang)
    assert not problems, "\n".join(problems)




@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", list(TABLE_PAGES))
def test_every_page_of_the_table(matrix: Matrix, page: str, lang: str) -> None:
    """The pages of every game this browser knows: the statistics, the evenings' sheets."""
    problems = [p for asked in TABLE_PAGES[page](matrix.client, matrix, lang)
                for p in check(matrix.client, asked, lang)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_an_imported_game_is_the_game_exported(matrix: Matrix, variant: str) -> None:
    """Rounds, scores, names and stakes come back; the settlement is the same."""
    built = matrix.game(variant, "imported")
    assert built.source is not None
    c = matrix.client
    exported, imported = game_file(c, built.source), game_file(c, built.game)
    for key in ("variant", "house_rules", "players", "rounds"):
        assert imported[key] == exported[key], key
    with matrix.app.app_context():
        from ..support.web import game_at

        source, copy = game_at(built.source), game_at(built.game)
        assert (copy.stakes_mode, copy.stakes_cents, copy.currency) == (
            source.stakes_mode, source.stakes_cents, source.currency)
