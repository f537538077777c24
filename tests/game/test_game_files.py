"""Game files at the service (``scorepad/game/files.py``), on SQLite and PostgreSQL: a game of
every variant, with corrections, a deletion undone, a play-off, money and a name, exported,
read and stored back gives the same document; a file is read as a whole and refused with
every problem found (up to a cap), and reading writes nothing.

No HTTP: the export view and the import form only translate into these calls.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from flask import Flask

from scorepad.game import service
from scorepad.game.files import (
    MAX_BYTES,
    MAX_PROBLEMS,
    GameFileError,
    dump,
    export_game,
    parse,
    read_game,
)
from scorepad.game.models import Change, Game, Round

from ..support.service import CARD_ROUNDS, PLAYERS, by_numbers, count, net, stored

CARDS: dict[str, list[list[dict[str, Any]]]] = {
    "jolly_at": [
        CARD_ROUNDS["jolly_at"],
        [{"name": "Anna", "melds": [], "hand": ["3c"]},
         {"name": "Ben", "went_out": True, "melds": [["4d", "5d", "6d"]], "hand": []},
         {"name": "Cleo", "melds": [["Jc", "Jd", "Jh"]], "hand": ["8h"]}],
    ],
    "jolly_vorrat": [
        CARD_ROUNDS["jolly_vorrat"],
        by_numbers(2, (10, 5), (0, 20), (40, 0)),
    ],
    "romme_de": [
        CARD_ROUNDS["romme_de"],
        by_numbers(1, (0, 12), (0, 0), (0, 33)),
    ],
    "rami_fr": [
        CARD_ROUNDS["rami_fr"],
        by_numbers(0, (0, 0), (0, 12), (0, 20)),
    ],
    "three_thirteen": [
        CARD_ROUNDS["three_thirteen"],
        [{"name": "Anna", "hand": ["Kh", "Qd", "2c", "9s"]},
         {"name": "Ben", "hand": ["5c", "5d", "5h", "Js"]},
         {"name": "Cleo", "went_out": True, "hand": ["7c", "7d", "7h", "7s"]}],
    ],
}


def _played_game(variant: str) -> str:
    """A game of ``variant`` as a table leaves it: named, played for money, from a profile,
    two rounds, the first corrected, the second deleted and restored, archived."""
    game = service.create_game(variant, {"target": 900} if variant != "three_thirteen" else {},
                               PLAYERS, first_dealer=1, name="Friday", stakes_mode="pot",
                               stakes_cents=150, currency="CHF", profile_name="Oma")
    key = game.key
    first, second = CARDS[variant]
    seen = service.add_round(key, 1, second if variant != "three_thirteen" else first, by="Ben")
    service.correct_round(key, 1, seen.version, first, by="Cleo")
    deleted = service.delete_round(key, 2, service.add_round(key, 2, second).version)
    service.restore_round(key, deleted.id, by="Anna")
    service.change_game(key, archived=True)
    return key


@pytest.mark.parametrize("variant", sorted(CARDS))
def test_export_read_store_export_gives_the_same_document(game_app: Flask, variant: str) -> None:
    key = _played_game(variant)
    document = export_game(stored(key))
    assert [(c["action"], c.get("by")) for c in document["history"]] == [
        ("added", "Ben"), ("corrected", "Cleo"), ("added", None), ("deleted", None),
        ("restored", "Anna")]
    assert (document["name"], document["profile"], document["archived"], document["first_dealer"],
            document["stakes"]) == ("Friday", "Oma", True, 1,
                                    {"mode": "pot", "cents": 150, "currency": "CHF"})
    assert [r["entry"]["players"] for r in document["rounds"]] == CARDS[variant]
    copy_key = service.add_game(read_game(parse(dump(document)))).key
    copied = stored(copy_key)
    assert copy_key != key and copied.imported and not stored(key).imported
    assert export_game(copied) == document
    assert dump(export_game(copied)) == dump(document)
    original = stored(key)
    assert [(r.number, r.dealer, r.scores, r.details) for r in copied.rounds] == [
        (r.number, r.dealer, r.scores, r.details) for r in original.rounds]
    # Versions mean nothing in another database: the copy's rounds count from its own counter.
    assert [r.version for r in copied.rounds] == [1, 2] and copied.last_version == 2
    assert count(Game) == 2 and count(Change) == 10


def test_a_game_with_a_play_off_and_net_rounds_comes_back_the_same(game_app: Flask) -> None:
    key = service.create_game("jolly_at", {"target": 100}, PLAYERS, counting="net").key
    service.add_round(key, 1, net(0, 120, 120, 10))
    service.add_round(key, 2, net(1, -5, 20, names=["Anna", "Ben"]))
    document = export_game(stored(key))
    copied = stored(service.add_game(read_game(document)).key)
    assert export_game(copied) == document
    assert copied.finished and copied.counting == "net"


def test_a_game_for_money_without_a_currency_exports_the_apps(game_app: Flask) -> None:
    game_app.config["SCOREPAD_CURRENCY"] = "SEK"
    key = service.create_game("romme_de", {}, PLAYERS).key
    game = stored(key)
    game.stakes_mode, game.stakes_cents = "per_point", 2  # stored before games named a currency
    assert export_game(game)["stakes"] == {"mode": "per_point", "cents": 2, "currency": "SEK"}


def _document(game_app: Flask) -> dict[str, Any]:
    key = service.create_game("jolly_at", {}, PLAYERS).key
    service.add_round(key, 1, by_numbers(0, (60, 0), (20, 15), (0, 40)))
    service.add_round(key, 2, by_numbers(1, (10, 30), (80, 0), (35, 5)))
    document = export_game(stored(key))
    service.delete_game(key)
    return document


def _refusal(document: Any) -> list[str]:
    with pytest.raises(GameFileError) as refused:
        read_game(document)
    return [str(p) for p in refused.value.problems]


def test_a_file_whose_scores_the_engine_does_not_give_is_refused_naming_both(game_app: Flask) -> None:
    document = _document(game_app)
    document["rounds"][1]["scores"]["Anna"] = 900
    assert _refusal(document) == [
        "Round 2: the file says Anna 900, Ben 110, Cleo 30, but the entry scores "
        "Anna -20, Ben 110, Cleo 30."]
    assert count(Game) == 0 and count(Round) == 0


def test_every_broken_round_is_named_up_to_the_cap(game_app: Flask) -> None:
    document = _document(game_app)
    good = document["rounds"][0]
    document["rounds"] = [good | {"number": n, "dealer": (n - 1) % 3, "scores": {"Anna": n}}
                          for n in range(1, 16)]
    problems = _refusal(document)
    assert len(problems) == MAX_PROBLEMS
    assert [p.split(":")[0] for p in problems] == [f"Round {n}" for n in range(1, MAX_PROBLEMS + 1)]


def test_a_round_dealt_by_another_seat_than_the_deal_gives_is_refused(game_app: Flask) -> None:
    document = _document(game_app)
    document["rounds"][1]["dealer"] = 0
    assert _refusal(document) == [
        "Round 2: the file says Anna dealt, but the deal passes from seat to seat from the "
        "first dealer: it was Ben’s turn."]


def test_a_history_entry_that_does_not_score_as_it_says_is_refused(game_app: Flask) -> None:
    document = _document(game_app)
    document["history"][0]["after"]["scores"]["Anna"] += 1
    assert _refusal(document) == ["Change 1 of the history is not readable."]


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(players=[" Anna", "Ben", "Cleo"]), "A player's name is empty or has stray spaces."),
    (lambda d: d.update(players=["Anna", "ANNA", "Cleo"]), "Two players are called ANNA."),
    (lambda d: d.update(variant="gin_rummy"), "Unknown variant: gin_rummy."),
    (lambda d: d.update(house_rules={"free_beer": 1}), "Unknown house rule for Jolly (Austria): free_beer."),
    (lambda d: d.update(stakes={"mode": "pot", "cents": 5}), "The stakes must give mode, cents and currency."),
    (lambda d: d.update(created="1999-12-31T23:00:00"), "The creation date must lie in the years 2000 to 2099."),
    (lambda d: d.update(archived="yes"), "“archived” must be true or false."),
    (lambda d: d.update(version=2), "This file has format version 2; this Scorepad reads version 1."),
    (lambda d: d["rounds"][0]["entry"]["players"][0].update(name="Mallory"),
     "Round 1 names Mallory, who is not a player of this game."),
])
def test_a_file_is_refused_in_a_files_words(game_app: Flask, change: Any, words: str) -> None:
    document = copy.deepcopy(_document(game_app))
    change(document)
    assert _refusal(document) == [words]


def test_a_file_whose_totals_pass_the_bound_is_refused(game_app: Flask) -> None:
    key = service.create_game("jolly_at", {"target": None}, PLAYERS).key
    document = export_game(stored(key))
    document["rounds"] = [{"number": n, "dealer": (n - 1) % 3,
                           "entry": {"players": net(0, 10_000, 0, 0)},
                           "scores": {"Anna": 10_000, "Ben": 0, "Cleo": 0}} for n in range(1, 12)]
    assert _refusal(document) == ["A player's total passes 100,000 points, more than a game can hold."]


@pytest.mark.parametrize(("raw", "words"), [
    (b"", "The file is empty."),
    (b"  \n", "The file is empty."),
    ("Jörg".encode("latin-1"), "The file is not UTF-8 text."),
    (b"{this is not json", "The file is not JSON: was it exported by Scorepad?"),
    (b'{"variant": 1, "variant": 2}', "The file names the field “variant” twice."),
    (b'{"first_dealer": NaN}', "The file holds NaN, which is not a number."),
    (b"[" * 100 + b"]" * 100, "The file is not JSON: was it exported by Scorepad?"),
    (b" " * (MAX_BYTES + 1), "The file is larger than 4 MB; a game file is much smaller."),
])
def test_parse_refuses_what_is_not_a_json_document_of_a_game(
        game_app: Flask, raw: bytes, words: str) -> None:
    with pytest.raises(GameFileError) as refused:
        parse(raw)
    assert [str(p) for p in refused.value.problems] == [words]


def test_parse_reads_a_file_with_a_byte_order_mark_and_pasted_text(game_app: Flask) -> None:
    document = _document(game_app)
    text = dump(document)
    assert parse("\ufeff".encode() + text.encode()) == document == parse(text)
    assert json.loads(text) == document


def test_a_deletion_imported_with_the_game_can_be_undone_in_the_copy(game_app: Flask) -> None:
    key = service.create_game("romme_de", {}, PLAYERS).key
    second = by_numbers(1, (0, 12), (0, 0), (0, 33))
    service.add_round(key, 1, CARD_ROUNDS["romme_de"])
    service.delete_round(key, 2, service.add_round(key, 2, second).version, by="Cleo")
    copied = stored(service.add_game(read_game(export_game(stored(key)))).key)
    deletion = copied.history[-1]
    assert (deletion.action, deletion.by) == ("deleted", "Cleo")
    assert service.restorable(copied) == {deletion.id}
    restored = service.restore_round(copied.key, deletion.id)
    assert (restored.number, restored.version, restored.scores) == (
        2, 2, stored(key).history[-1].before["scores"])  # type: ignore[index]
