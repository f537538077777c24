"""The games the benchmarks measure (bench/table_game.py) still build under the rules as
they stand: a bench whose game a rule refuses measures nothing (bench_pdf.py and
bench_web.py stopped at round 5 once an empty hand beside a closer was refused)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..support.web import game_at

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from table_game import NAMES, ROUNDS, card_game, numbers_game_file, twenty_rounds


def test_the_bench_games_by_numbers_and_by_cards_build_with_every_round() -> None:
    client, by_numbers, saves = twenty_rounds()
    assert len(saves) == ROUNDS
    by_cards = card_game(client)
    imported = client.post("/games/import", data={"text": json.dumps(numbers_game_file())})
    assert imported.status_code == 302, imported.get_data(as_text=True)[:2000]
    with client.application.app_context():
        for address in (by_numbers, by_cards, imported.headers["Location"]):
            game = game_at(address)
            assert [p.name for p in game.players] == NAMES
            assert [r.number for r in game.rounds] == list(range(1, ROUNDS + 1))
