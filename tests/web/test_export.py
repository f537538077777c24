"""Score sheets (PDF), the blank sheet, CSV, and a game as JSON out and back in."""

from __future__ import annotations

import copy
import csv
import io
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from sqlalchemy import inspect, text

from scorepad.game.db import db
from scorepad.game.models import Change, Game, Player, Round
from scorepad.game.scoreboard import score_entry, scoreboard
from scorepad.sheets import pdf

from ..support.exports import blank, exported, pdf_text, upload
from ..support.page import Page
from ..support.web import game_at, new_game, numbers, save_round

A4 = (595, 842)
LETTER = (612, 792)


def page_sizes(data: bytes) -> list[tuple[int, int]]:
    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
            for p in PdfReader(io.BytesIO(data)).pages]


def finished_jolly(client: FlaskClient) -> str:
    """Anna wins a jolly_at game to 100 in two rounds: 110 : -10 : 30."""
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"], target=100)
    save_round(client, game, numbers(2, [10, 20, 0], [30, 10, 40]))     # 20 : -10 : 70
    save_round(client, game, numbers(0, [0, 10, 45], [60, 10, 5]))      # 90 : 0 : -40
    return game


def card_game(app: Flask) -> str:
    """A jolly_at game with one round entered by cards and one by numbers, scored by the engine."""
    entries = [
        [{"name": "Anna", "went_out": True, "melds": [["Qh", "Kh", "Ah"], ["7s", "7d", "JK"]],
          "hand": []},
         {"name": "Ben", "melds": [["3c", "4c", "5c", {"card": "6c", "by": "Cleo"}]],
          "hand": ["2c", "3d", "JK"]},
         {"name": "Cleo", "melds": [], "hand": ["Kd", "Ks"]}],
        [{"name": "Anna", "meld_points": 20, "hand_points": 5},
         {"name": "Ben", "went_out": True, "meld_points": 80, "hand_points": 0},
         {"name": "Cleo", "meld_points": 0, "hand_points": 60}],
    ]
    with app.app_context():
        game = Game(variant="jolly_at", house_rules={}, first_dealer=1)
        game.players = [Player(seat=i, name=n) for i, n in enumerate(["Anna", "Ben", "Cleo"])]
        for number, entry in enumerate(entries, 1):
            answer = score_entry(game, number, entry)
            assert answer.valid, answer
            game.rounds.append(Round(number=number, dealer=(number) % 3, entry={"players": entry},
                                     scores=answer.scores, details=answer.details_json()))
            game.history.append(Change(round_number=number, action="added",
                                       after={"entry": {"players": entry},
                                              "scores": answer.scores}))
        db.session.add(game)
        db.session.commit()
        return f"/g/{game.key}"


# -- the score sheet ---------------------------------------------------------

def test_score_sheet_holds_every_players_total_and_the_winner(client: FlaskClient) -> None:
    game = finished_jolly(client)
    response = client.get(f"{game}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith("inline;")
    content = pdf_text(response.data)
    assert "Winner: Anna" in content
    assert "Jolly (Austria)" in content
    for name in ("Anna", "Ben", "Cleo"):
        assert name in content
    assert "Standings: 1. Anna 110 · 2. Cleo 30 · 3. Ben -10" in " ".join(content.split())
    totals_row = next(line for line in content.splitlines() if line.startswith("Σ"))
    assert totals_row.split()[1:] == ["110", "-10", "30"]
    assert "ends when a total is over 100 · highest total wins" in " ".join(content.split())


def test_score_sheet_names_the_house_rules_that_differ_from_the_defaults(
        client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"], initial_min_points=30)
    content = " ".join(pdf_text(client.get(f"{game}/sheet.pdf").data).split())
    assert "First meld: minimum points: 30" in content
    assert "initial_min_points" not in content  # words, not the engine's key
    assert "Value of an ace in a set" not in content  # a default is not listed


def test_sheet_is_portrait_up_to_four_players_and_landscape_from_five(client: FlaskClient) -> None:
    four = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo", "Dora"])
    five = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo", "Dora", "Emil"])
    assert page_sizes(client.get(f"{four}/sheet.pdf").data)[0] == A4
    assert page_sizes(client.get(f"{five}/sheet.pdf").data)[0] == A4[::-1]
    chosen = client.get(f"{five}/sheet.pdf?orientation=portrait").data
    assert page_sizes(chosen)[0] == A4


def test_sheet_on_letter_paper(client: FlaskClient) -> None:
    game = finished_jolly(client)
    response = client.get(f"{game}/sheet.pdf?paper=letter")
    assert page_sizes(response.data) == [LETTER]
    landscape = client.get(f"{game}/sheet.pdf?paper=letter&orientation=landscape").data
    assert page_sizes(landscape) == [LETTER[::-1]]
    assert "Winner: Anna" in pdf_text(landscape)


def test_unknown_paper_is_refused(client: FlaskClient) -> None:
    game = finished_jolly(client)
    assert client.get(f"{game}/sheet.pdf?paper=legal").status_code == 400
    assert client.get(f"{game}/sheet.pdf?orientation=sideways").status_code == 400


def test_detail_pages_show_the_cards_with_suit_symbols_and_numbers_as_numbers(
        app: Flask, client: FlaskClient) -> None:
    game_id = card_game(app)
    response = client.get(f"{game_id}/sheet.pdf?details=1")
    assert response.status_code == 200
    assert len(PdfReader(io.BytesIO(response.data)).pages) >= 2
    content = pdf_text(response.data)
    for card in ("Q♥", "K♥", "A♥", "7♠", "7♦", "3♣", "6♣", "K♦", "K♠", "Joker"):
        assert card in content
    assert "(Cleo)" in content  # 6♣ laid off by Cleo
    assert "entered as numbers" in content
    assert "Round 1 · Ben deals" in content
    # Without details=1 there are no detail pages.
    assert "Q♥" not in pdf_text(client.get(f"{game_id}/sheet.pdf").data)


def test_hearts_and_diamonds_are_red_and_spades_and_clubs_black(app: Flask) -> None:
    game_id = card_game(app)
    with app.test_request_context("/"):
        game = game_at(game_id)
        html = pdf.sheet_html(scoreboard(game), details=True, paper="A4", orientation="portrait")
    # A run of red cards shares one span; black cards are plain text.
    sheet = Page(html)
    red = sheet.texts(".red")
    assert "Q♥ K♥ A♥" in red and "7♦" in red
    assert "7♠ 7♦ Joker" in sheet.text
    assert not any("♣" in t or "♠" in t for t in red) and "3♣ 4♣ 5♣ 6♣" in sheet.text


def test_sheet_follows_the_language_of_the_request(client: FlaskClient) -> None:
    game = finished_jolly(client)
    content = pdf_text(client.get(f"{game}/sheet.pdf?lang=de").data)
    assert "Ende, sobald eine Summe über 100 liegt" in " ".join(content.split())
    assert "die höchste Summe gewinnt" in content


def test_german_detail_pages_say_the_ranks_as_german_players_do(
        app: Flask, client: FlaskClient) -> None:
    game_id = card_game(app)
    content = pdf_text(client.get(f"{game_id}/sheet.pdf?details=1&lang=de").data)
    assert "D♥" in content and "K♥" in content  # Dame, König
    assert "Jolly (Österreich)" in content


def test_sheet_of_a_game_without_rounds(client: FlaskClient) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben"])
    response = client.get(f"{game}/sheet.pdf?details=1")
    assert response.status_code == 200
    assert "No round has been entered yet." in pdf_text(response.data)


def test_sheet_of_an_unknown_game_is_not_found(client: FlaskClient) -> None:
    assert client.get("/games/999/sheet.pdf").status_code == 404


# -- the blank sheet -----------------------------------------------------------


def test_blank_jolly_sheet_names_the_values_of_the_variant(client: FlaskClient) -> None:
    content = blank(client, "variant=jolly_at&players=Anna,Ben,Cleo")
    assert "Jolly (Austria)" in content
    assert "Ace 1 low in a run · 11 after the king · 25 in a set 25" in content
    assert "Joker as the card it stands for 50" in content
    assert "J–K 10 10" in content
    assert "First meld: at least 30 points." in content
    assert "+30 for going out." in content
    assert "+60 for going out from the hand." in content
    assert "passes 500" in content
    for name in ("Anna", "Ben", "Cleo"):
        assert name in content


def test_blank_rami_sheet_names_the_joker_and_the_surcharges(client: FlaskClient) -> None:
    content = blank(client, "variant=rami_fr&players=Anna,Ben")
    assert "Joker as the card it stands for 150" in content
    assert "+100 for a player who never melded." in content
    assert "+100 for everyone when the winner went rummy." in content
    assert "+200 instead when nobody else had melded." in content
    assert "First meld: at least 51 points, with a run without a joker." in content
    assert "The lowest total wins." in content


def test_blank_vorrat_sheet_groups_the_five_and_ten_point_cards(client: FlaskClient) -> None:
    content = blank(client, "variant=jolly_vorrat&players=Anna,Ben")
    assert "2–9 5 5" in content
    assert "10–K 10 10" in content
    assert "Laid-off cards score for the meld's owner." in content


def test_blank_three_thirteen_sheet_has_the_eleven_rounds_and_their_wild_cards(
        client: FlaskClient) -> None:
    content = blank(client, "variant=three_thirteen&players=Anna,Ben,Cleo")
    assert "1 3 3 2 4 4" in content  # round, cards dealt, wild rank
    assert "11 13 K" in content
    assert "in a meld" not in content  # melds are not counted in 3-13
    assert "J–K 10" in content


def test_blank_sheet_from_five_players_is_landscape_and_on_letter_if_asked(
        client: FlaskClient) -> None:
    response = client.get("/sheets/blank?variant=romme_de&players=A,B,C,D,E&paper=letter")
    assert page_sizes(response.data)[0] == LETTER[::-1]


def test_blank_sheet_form_works_without_javascript(client: FlaskClient) -> None:
    form = Page(client.get("/sheets/blank")).one('form[action="/sheets/blank"]')
    assert form["method"] == "get"
    assert form.has('[name="variant"]') and form.has('[name="players"]')


@pytest.mark.parametrize("query, message", [
    ("variant=jolly_at&players=Anna", "Jolly (Austria) is played by 2 to 6 players."),
    ("variant=jolly_at&players=Anna,anna", "Two players cannot have the same name."),
    ("variant=jolly_at&players=Anna," + "B" * 41, "at most 40 characters"),
    ("variant=gin_rummy&players=Anna,Ben", "Choose one of the variants."),
])
def test_blank_sheet_form_says_what_is_wrong(client: FlaskClient, query: str, message: str) -> None:
    response = client.get(f"/sheets/blank?{query}")
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


# -- CSV -----------------------------------------------------------------------

def test_csv_has_a_row_per_round_and_player_with_running_totals(client: FlaskClient) -> None:
    game = finished_jolly(client)
    response = client.get(f"{game}/rounds.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert list(rows[0]) == ["round", "dealer", "player", "went_out", "hand_win", "melds",
                             "layoffs", "hand", "bonus", "factor", "surcharge", "score", "total"]
    assert [(r["round"], r["player"]) for r in rows] == [
        ("1", "Anna"), ("1", "Ben"), ("1", "Cleo"), ("2", "Anna"), ("2", "Ben"), ("2", "Cleo")]
    assert [int(r["score"]) for r in rows] == [20, -10, 70, 90, 0, -40]
    assert [int(r["total"]) for r in rows[3:]] == [110, -10, 30]
    cleo = rows[2]
    assert (cleo["dealer"], cleo["went_out"], cleo["melds"], cleo["bonus"], cleo["hand"]) == (
        "Anna", "1", "40", "30", "0")
    for r in rows:
        score = int(r["melds"]) + int(r["layoffs"]) - int(r["hand"]) * int(r["factor"]) \
            + int(r["bonus"]) - int(r["surcharge"])
        assert score == int(r["score"])


def test_csv_names_cannot_become_spreadsheet_formulas(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["=1+1", "Ben"])
    save_round(client, game, numbers(1, [10, 0], [0, 30]))
    rows = list(csv.reader(io.StringIO(client.get(f"{game}/rounds.csv").data.decode("utf-8-sig"))))
    assert rows[1][1:3] == ["'=1+1", "'=1+1"]


# -- JSON out and back in ------------------------------------------------------


def test_export_then_import_then_export_gives_the_same_document(
        app: Flask, client: FlaskClient) -> None:
    game = finished_jolly(client)
    # A correction, so the history holds more than additions.
    client.post(f"{game}/rounds/1/edit", data=numbers(2, [10, 25, 0], [30, 10, 40]) | {
        "action": "save", "version": "1"})
    first = exported(client, game)
    assert [c["action"] for c in first["history"]] == ["added", "added", "corrected"]
    assert first["players"] == ["Anna", "Ben", "Cleo"]
    assert first["house_rules"] == {"target": 100}

    response = upload(client, json.dumps(first).encode())
    assert response.status_code == 302
    second = exported(client, response.headers["Location"])
    assert response.headers["Location"] != game
    assert second == first


def test_a_game_entered_by_cards_comes_back_identical_from_pasted_text(
        app: Flask, client: FlaskClient) -> None:
    game_id = card_game(app)
    first = exported(client, f"{game_id}")
    response = client.post("/games/import", data={"text": json.dumps(first, ensure_ascii=False)})
    assert response.status_code == 302
    imported = response.headers["Location"]
    assert exported(client, imported) == first
    assert "The game was imported." in Page(client.get(imported)).text
    with app.app_context():
        new = game_at(imported)
        old = game_at(game_id)
        assert [r.details for r in new.rounds] == [r.details for r in old.rounds]
        assert new.finished == old.finished


def test_import_page_has_a_file_field_and_a_text_field(client: FlaskClient) -> None:
    form = Page(client.get("/games/import")).one("form[enctype]")
    assert form["enctype"] == "multipart/form-data"
    assert form.has("input[type=file]") and form.has("textarea")


def row_counts(app: Flask) -> dict[str, int]:
    with app.app_context():
        tables = inspect(db.engine).get_table_names()
        return {t: db.session.execute(text(f'SELECT COUNT(*) FROM "{t}"')).scalar_one()
                for t in tables}


def _mutate(doc: dict[str, Any], change: Any) -> bytes:
    doc = copy.deepcopy(doc)
    change(doc)
    return json.dumps(doc).encode()


def _set(path: list[Any], value: Any) -> Any:
    def change(doc: Any) -> None:
        for key in path[:-1]:
            doc = doc[key]
        doc[path[-1]] = value
    return change


HOSTILE: list[tuple[str, Any, str]] = [
    ("not json", b"{this is not json", "The file is not JSON"),
    ("empty", b"", "Choose a file or paste"),
    ("not utf-8", '{"format": "scorepad-game", "players": ["Jörg"]}'.encode("latin-1"),
     "The file is not UTF-8 text."),
    ("a list", b"[1, 2, 3]", "The file is not a Scorepad game."),
    ("another format", _set(["format"], "other"), "The file is not a Scorepad game."),
    ("a later version", _set(["version"], 99), "format version 99"),
    ("unknown field", _set(["owner"], "Mallory"), "Unknown field in the file: owner."),
    ("unknown variant", _set(["variant"], "gin_rummy"), "Unknown variant: gin_rummy."),
    ("unknown house rule", _set(["house_rules"], {"free_beer": True}),
     "Unknown house rule for Jolly (Austria): free_beer."),
    ("house rule of a wrong type", _set(["house_rules"], {"target": "lots"}),
     "Invalid house rule target"),
    ("players not a list", _set(["players"], "Anna, Ben"), "The players must be a list of names."),
    ("a name that is a number", _set(["players"], ["Anna", 7]),
     "The players must be a list of names."),
    ("too many players", _set(["players"], [f"P{i}" for i in range(7)]),
     "played by 2 to 6 players; the file has 7."),
    ("name too long", _set(["players", 0], "A" * 41), "is longer than 40 characters."),
    ("name with a control character", _set(["players", 0], "An\u0000na"), "control characters"),
    ("same name twice", _set(["players", 1], "ANNA"), "Two players are called ANNA."),
    ("first dealer not a seat", _set(["first_dealer"], 5), "The first dealer must be a seat"),
    ("rounds not a list", _set(["rounds"], {"1": {}}), "The rounds must be a list."),
    ("score as text", _set(["rounds", 0, "scores", "Anna"], "20"),
     "Round 1: the scores must map names to whole numbers."),
    ("scores contradict the entry", _set(["rounds", 1, "scores", "Anna"], 900),
     "Round 2: the file says Anna 900, Ben 0, Cleo -40, but the entry scores Anna 90"),
    ("entry that breaks the rules", _set(["rounds", 0, "entry", "players", 0, "went_out"], True),
     "Round 1 breaks the rules"),
    ("entry with a stranger", _set(["rounds", 0, "entry", "players", 0, "name"], "Mallory"),
     "Round 1 names Mallory, who is not a player of this game."),
    ("entry with an unknown key", _set(["rounds", 0, "entry", "players", 0, "cheat"], 1),
     "Round 1: the entry is not a list of players."),
    ("bad card", _set(["rounds", 0, "entry", "players", 0, "hand"], ["Zz"]),
     "Round 1 cannot be scored"),
    ("dealer not a seat", _set(["rounds", 0, "dealer"], -1), "the dealer must be a seat"),
    ("duplicate round numbers", lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][0])),
     "Round number 1 appears twice."),
    ("a gap in the round numbers", _set(["rounds", 1, "number"], 3),
     "round 2 is numbered 3"),
    ("too many rounds", lambda d: d.__setitem__("rounds", d["rounds"] * 101),
     "at most 100 can be imported"),
    ("history of the wrong shape", _set(["history", 0, "action"], "stolen"),
     "Change 1 of the history is not readable."),
    ("a date that is no date", _set(["created"], "yesterday"), "is not a date and time."),
    ("a field given twice", None, "The file names the field “variant” twice."),
    ("NaN", None, "NaN, which is not a number"),
    ("deep nesting", b'{"format": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
     "The file is not JSON"),
]


@pytest.mark.parametrize("case, content, message", HOSTILE, ids=[c[0] for c in HOSTILE])
def test_a_bad_file_is_refused_with_a_message_and_changes_nothing(
        app: Flask, client: FlaskClient, case: str, content: Any, message: str) -> None:
    game = finished_jolly(client)
    doc = exported(client, game)
    if case == "a field given twice":
        raw = json.dumps(doc).replace('"variant": "jolly_at"',
                                      '"variant": "jolly_at", "variant": "jolly_at"').encode()
    elif case == "NaN":
        raw = json.dumps(doc).replace('"first_dealer": 0', '"first_dealer": NaN').encode()
    elif callable(content):
        raw = _mutate(doc, content)
    else:
        raw = content
    before = row_counts(app)
    response = upload(client, raw)
    page = Page(response).text
    assert 400 <= response.status_code < 500
    assert "The game was not imported" in page or message.startswith("Choose")
    assert message in page
    assert row_counts(app) == before


def test_a_file_over_four_megabytes_is_refused(app: Flask, client: FlaskClient) -> None:
    game = finished_jolly(client)
    doc = exported(client, game)
    before = row_counts(app)
    padded = json.dumps(doc, indent=2).encode() + b" " * (4 * 1024 * 1024)
    response = upload(client, padded)
    assert response.status_code == 413
    assert "larger than 4 MB" in Page(response).text
    huge = upload(client, b" " * (6 * 1024 * 1024))  # past the app's request limit
    assert huge.status_code == 413
    assert "larger than 4 MB" in Page(huge).text
    assert row_counts(app) == before


def test_a_bad_file_is_refused_in_german_too(app: Flask, client: FlaskClient) -> None:
    response = upload(client, b"{kaputt", lang="de")
    page = Page(response).text
    assert response.status_code == 422
    assert "Das Spiel wurde nicht importiert" in page
    assert "Die Datei ist kein JSON" in page


# -- the game page -------------------------------------------------------------

def test_game_page_links_to_every_export_and_to_print(client: FlaskClient) -> None:
    game = finished_jolly(client)
    links = Page(client.get(game)).links()
    game_id = game
    for href in (f"{game_id}?print=1", f"{game_id}/sheet.pdf",
                 f"{game_id}/sheet.pdf?details=1", f"{game_id}/rounds.csv",
                 f"{game_id}/game.json", "/sheets/blank?variant=jolly_at",
                 "/games/import"):
        assert any(link.startswith(href) for link in links), href


def test_print_view_leaves_out_buttons_forms_and_history(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    save_round(client, game, numbers(2, [10, 20, 0], [30, 10, 40]))
    page = Page(client.get(f"{game}?print=1"))
    assert page.has(".print-view")
    assert not page.has("form")
    assert "Enter round" not in page.text
    assert "History of changes" not in page.text
    assert page.has("table.scores")
    assert page.keyed("data-total") == {"Anna": "20", "Ben": "-10", "Cleo": "70"}
