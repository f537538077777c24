"""One-number rounds through Check, the preview and every
export; a game file that keeps everything a game holds; the distance to the target; the
round check's messages."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from sqlalchemy import inspect

from scorepad.game.db import db
from scorepad.game.models import Change, Game, Player, Round

from ..support.cards import by_cards, post
from ..support.exports import exported, upload
from ..support.net import net
from ..support.page import Page
from ..support.web import delete_last, game_at, new_game, numbers, save_round


def text(response: Any) -> str:
    """What a player reads on the page or fragment."""
    return Page(response).text


def net_game_of(client: FlaskClient, variant: str, names: list[str], **house: Any) -> str:
    game = new_game(client, variant, names, **house)
    response = client.post(f"{game}/settings", data={"counting": "net"})
    assert response.status_code == 303
    return game


HTMX = {"HX-Request": "true"}


# -- 1. Check and the live preview of a one-number round ------------------------------

@pytest.mark.parametrize("variant, hand_win", [("jolly_at", False), ("jolly_at", True),
                                               ("jolly_vorrat", False)])
def test_check_and_preview_of_a_one_number_round_show_the_numbers(
        client: FlaskClient, variant: str, hand_win: bool) -> None:
    game = net_game_of(client, variant, ["Anna", "Ben", "Cleo"])
    data = net(0, ["+75", "-23", "−40"]) | ({"hand_win": "y"} if hand_win else {})
    for lang in ("en", "de"):
        check = client.post(f"{game}/rounds/new?lang={lang}", data=data | {"action": "preview"})
        assert check.status_code == 200, check.get_data(as_text=True)[-800:]
        page = text(check)
        assert "+75" in page and "-23" in page and "-40" in page
        preview = client.post(f"{game}/rounds/new?lang={lang}", data=data | {"action": "preview"},
                              headers=HTMX)
        assert preview.status_code == 200
        assert "+75" in text(preview)
    assert "Round 1 as the table counted it" in text(client.post(
        f"{game}/rounds/new?lang=en", data=data | {"action": "preview"}, headers=HTMX))
    assert "Runde 1, wie der Tisch sie gezählt hat" in text(client.post(
        f"{game}/rounds/new?lang=de", data=data | {"action": "preview"}, headers=HTMX))


@pytest.mark.parametrize("variant, data, shown", [
    ("jolly_at", numbers(0, ["", 20], [50, 10], hand_win="y"), ["×2", "+110", "-30"]),
    ("jolly_vorrat", numbers(0, ["", 20], [50, 10]), ["+100", "-10"]),
    ("romme_de", numbers(0, ["", 20], hand_win="y"), ["×2", "40"]),
    ("rami_fr", numbers(0, ["", 20], hand_win="y"), ["+200", "+100", "320"]),
    ("three_thirteen", numbers(0, [0, 20]), ["20"]),
])
def test_check_and_preview_by_separate_numbers_work_in_every_variant(
        client: FlaskClient, variant: str, data: dict[str, Any], shown: list[str]) -> None:
    game = new_game(client, variant, ["Anna", "Ben"])
    for headers in ({}, HTMX):
        for lang in ("en", "de"):
            response = client.post(f"{game}/rounds/new?lang={lang}",
                                   data=data | {"action": "preview"}, headers=headers)
            assert response.status_code == 200, text(response)[-400:]
            page = text(response)
            assert all(s in page for s in shown), (shown, page[-600:])


# -- 2. Every export of one-number and separate-numbers rounds ------------------------

def mixed_game(client: FlaskClient) -> str:
    """Round 1 by melds and hand, round 2 one number per player (the counting changed)."""
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert save_round(client, game, numbers(0, [0, 20], [50, 10])).status_code == 302
    client.post(f"{game}/settings", data={"counting": "net"})
    assert save_round(client, game, net(1, [-15, 60], hand_win="y")).status_code == 302
    return game


def test_csv_of_a_one_number_round_has_its_score_and_no_breakdown(client: FlaskClient) -> None:
    game = mixed_game(client)
    response = client.get(f"{game}/rounds.csv")
    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert [(r["round"], r["player"], r["score"], r["total"]) for r in rows] == [
        ("1", "Anna", "80", "80"), ("1", "Ben", "-10", "-10"),
        ("2", "Anna", "-15", "65"), ("2", "Ben", "60", "50")]
    assert rows[0]["melds"] == "50" and rows[0]["bonus"] == "30"
    assert [rows[2][k] for k in ("melds", "layoffs", "hand", "bonus", "factor", "surcharge")] \
        == [""] * 6
    assert (rows[3]["went_out"], rows[3]["hand_win"]) == ("1", "1")


def test_every_page_and_export_of_one_number_and_separate_rounds_opens(
        client: FlaskClient) -> None:
    game = mixed_game(client)
    for lang in ("en", "de"):
        for path in ("", "?print=1", "/rounds/1/edit", "/rounds/2/edit", "/rounds/new",
                     "/rounds.csv", "/game.json"):
            response = client.get(f"{game}{path}{'&' if '?' in path else '?'}lang={lang}")
            assert response.status_code == 200, (path, lang)
        for path in ("/sheet.pdf", "/sheet.pdf?details=1"):
            response = client.get(f"{game}{path}")
            assert response.status_code == 200
            sheet = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.data)).pages)
            assert "65" in sheet and "50" in sheet
    detail = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(
        client.get(f"{game}/sheet.pdf?details=1&lang=en").data)).pages).split())
    assert "counted by the table: +60" in detail and "melds 50" in detail


# -- 3. A game file keeps everything a game holds --------------------------------------

# Columns that are not the game's content: database ids and keys, lock counters, the
# evening (another object of this server), the import mark, the time of the last change.
_NOT_CONTENT = {"id", "key", "game_id", "version", "evening_id", "imported", "updated_at",
                "created_at_round",
                # A change's write id answers a form sent twice to this server, and its device is
                # a phone's cookie token: a secret, never written into a file.
                "write_id", "device",
                # The version counter and the versions and key bindings of the history: lock
                # counters of this server too (an imported game starts its versions anew).
                "last_version", "round_version", "request_hash"}


def _columns(row: Any, skip: set[str] = _NOT_CONTENT) -> dict[str, Any]:
    """A row's columns; times to the second, as a game file keeps them."""
    return {c.key: _second(getattr(row, c.key)) for c in inspect(type(row)).column_attrs
            if c.key not in skip}


def _second(value: Any) -> Any:
    return value.replace(microsecond=0) if isinstance(value, datetime) else value


def whole_game(path: str) -> dict[str, Any]:
    """Every column of the game, its players, rounds and history (but ids and locks)."""
    game = game_at(path)
    db.session.refresh(game)
    rounds_skip = _NOT_CONTENT | {"created_at", "updated_at"}  # a round's times are not shown
    return {"game": _columns(game), "players": [_columns(p) for p in game.players],
            "rounds": [_columns(r, rounds_skip) for r in game.rounds],
            "history": [_columns(c) for c in game.history]}


def test_the_columns_compared_are_every_column_of_the_models() -> None:
    # A new column is compared by the round trip below unless it is named here on purpose.
    assert {c.key for m in (Game, Player, Round, Change) for c in inspect(m).column_attrs} \
        - _NOT_CONTENT - {"created_at"} == {
            "variant", "house_rules", "first_dealer", "finished", "name", "archived",
            "counting", "stakes_mode", "stakes_cents", "currency", "profile_name", "seat",
            "number", "dealer", "entry", "scores", "details", "round_number", "action",
            "before", "after", "at", "by"}


def test_a_game_file_imports_as_the_whole_game_stakes_and_all(app: Flask,
                                                                client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Änna", "Ben", "Cleo"], target=200, closer_bonus=20,
                    fields={"stakes_mode": "per_point", "stakes_cents": "5", "currency": "CHF",
                            "first_dealer": "1", "game_name": "Freitag",
                            "profile_name": "Omas Jolly"})
    client.post(f"{game}/me", data={"player": "Ben"})  # this phone is Ben's: the history says so
    save_round(client, game, numbers(0, [0, 20, 35], [50, 10, 0]))
    client.post(f"{game}/settings", data={"name": "Freitag", "counting": "net"})
    save_round(client, game, net(1, [-15, 60, -30], hand_win="y"))
    client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 25, 35], [50, 10, 0]) | {
        "action": "save", "version": "1"})
    save_round(client, game, net(2, [-5, -5, 40]))
    assert delete_last(client, game, 3).status_code == 303
    undo = Page(client.get(game)).one("form.undo")["action"]
    assert re.search(r"/rounds/restore/\d+$", undo) and client.post(undo).status_code == 303
    client.post(f"{game}/archive", data={"archived": "1"})
    with app.app_context():
        before = whole_game(game)
    assert before["game"]["stakes_mode"] == "per_point" and before["game"]["archived"]
    assert before["game"]["profile_name"] == "Omas Jolly"
    assert any(c["by"] == "Ben" for c in before["history"])
    document = exported(client, game)
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 302, text(response)
    copy = response.headers["Location"]
    with app.app_context():
        assert whole_game(copy) == before
    assert exported(client, copy) == document
    # The copy settles as the game does.
    settlements = [client.get(f"/api/v1/games/{path.rsplit('/', 1)[1]}").get_json()["settlement"]
                   for path in (game, copy)]
    assert settlements[0] is not None and settlements[0]["currency"] == "CHF"
    assert settlements[1] == settlements[0]


@pytest.mark.parametrize("change, message", [
    ({"stakes": {"mode": "pot", "cents": -1, "currency": "EUR"}}, "whole number of cents"),
    ({"stakes": {"mode": "pot", "cents": 100}}, "mode, cents and currency"),
    ({"stakes": {"mode": "pot", "cents": 100, "currency": "XYZ"}}, "currency code"),
    ({"profile": "\u202eOma"}, "control or text-direction"),
    ({"archived": "yes"}, "true or false"),
])
def test_a_game_file_with_broken_stakes_or_marks_is_refused_with_the_reason(
        client: FlaskClient, change: dict[str, Any], message: str) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 20], [50, 10]))
    response = upload(client, json.dumps(exported(client, game) | change).encode())
    assert response.status_code == 422 and message in text(response)


def test_a_change_made_by_someone_not_at_the_table_is_refused(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 20], [50, 10]))
    document = exported(client, game)
    document["history"][0]["by"] = "Mallory"
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 422 and "Change 1 of the history" in text(response)
    document["history"][0]["by"] = "Ben"
    assert upload(client, json.dumps(document).encode()).status_code == 302


# -- 4. What a number typed for a round must hold -------------------------------------

def test_one_number_counting_says_the_closing_bonus_and_the_doubling_are_in_the_number(
        client: FlaskClient) -> None:
    game = net_game_of(client, "jolly_at", ["Anna", "Ben"])
    assert ("Each number already includes the 30 for going out (Handglatt: 60) and the doubled "
            "hands after Handglatt." in text(client.get(f"{game}/rounds/new?lang=en")))
    assert ("Jede Zahl enthält schon die 30 fürs Ausgehen (Handglatt: 60) und die doppelt "
            "gezählten Hände nach Handglatt." in text(client.get(f"{game}/rounds/new?lang=de")))
    vorrat = net_game_of(client, "jolly_vorrat", ["Anna", "Ben"], closer_bonus=40)
    form = text(client.get(f"{vorrat}/rounds/new?lang=en"))
    assert "Each number already includes the 40 for going out." in form
    assert "Handglatt" not in form
    bare = net_game_of(client, "jolly_at", ["Anna", "Ben"], closer_bonus=0, hand_win_bonus=0,
                       hand_win_factor=3)
    assert "Each number already includes the hands ×3 after Handglatt." in text(
        client.get(f"{bare}/rounds/new?lang=en"))


@pytest.mark.parametrize("variant, house, said", [
    ("jolly_at", {}, ["Scorepad adds the 30 for going out itself.",
                      "After Handglatt it gives 60 instead.",
                      "After Handglatt Scorepad doubles the others' hand points itself."]),
    ("romme_de", {}, ["Type only the points of the cards left in the hand.",
                      "After Hand-Rommé Scorepad doubles the others' hand points itself."]),
    ("rami_fr", {}, ["Scorepad adds the surcharges itself: +100 for who never melded, +100 "
                     "after a rummy (+200 when nobody else had melded)."]),
    ("rami_fr", {"hand_win_factor": 3}, ["After a rummy Scorepad counts the others' hand "
                                         "points 3 times itself."]),
])
def test_separate_numbers_say_what_scorepad_adds_itself(
        client: FlaskClient, variant: str, house: dict[str, Any], said: list[str]) -> None:
    game = new_game(client, variant, ["Anna", "Ben"], **house)
    form = text(client.get(f"{game}/rounds/new?lang=en"))
    for sentence in said:
        assert sentence in form
    german = text(client.get(f"{game}/rounds/new?lang=de"))
    assert "Scorepad" in german and "Scorepad adds" not in german


# -- 5. The distance to the target ----------------------------------------------------

def distance_row(page: Page) -> dict[str, str]:
    """What the scoreboard's ↦ row says under each player."""
    return page.keyed("data-distance")


def test_at_exactly_the_target_a_game_that_needs_more_says_one_more_point(
        client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"], target=100)  # ends above 100
    save_round(client, game, numbers(0, [0, 20], [70, 10]))  # Anna 70 + 30 = 100, Ben -10
    page = Page(client.get(f"{game}?lang=en"))
    assert distance_row(page) == {"Anna": "1", "Ben": "111"}
    assert "points still needed to go over the target" in page.one(".legend").text
    assert "points to the target" not in page.html
    reach = new_game(client, "jolly_vorrat", ["Anna", "Ben"], target=100)  # ends at 100
    save_round(client, reach, numbers(0, [0, 20], [50, 10]))  # Anna 50 + 50 = 100: over
    page = Page(client.get(f"{reach}?lang=de"))
    assert distance_row(page) == {"Anna": "erreicht", "Ben": "110"}
    assert "Punkte, die noch bis zur Zielpunktzahl fehlen" in page.one(".legend").text


def test_a_lowest_wins_game_says_how_far_until_the_game_ends(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"], target=100)
    save_round(client, game, {"closer": "0", "hand_1": "100", "melded_1": "y"})
    page = Page(client.get(f"{game}?lang=en"))
    assert distance_row(page) == {"Anna": "101", "Ben": "1"}  # Ben ends the game with one more
    assert "points to the target" not in page.html and "needed" not in page.html
    assert "points before this player’s total ends the game" in page.one(".legend").text
    german = Page(client.get(f"{game}?lang=de"))
    assert "Punkte, bis die Summe dieses Spielers das Spiel beendet" in german.one(".legend").text


# -- 6. The round check's messages ----------------------------------------------------

def summary(page: str) -> str:
    """The list of problems above Save, as read."""
    return Page(page).one("#problems").text


def test_too_many_copies_names_who_holds_them_and_where(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    data = by_cards([{"melds": ["7h 8h 9h"]}, {"hand": "7h 7h 2c"}, {"hand": "3c"}], closer=0)
    page = post(client, game, data, action="preview").get_data(as_text=True)
    assert ("This round has 3 × 7♥, but the pack holds only 2 (Anna: meld 1; Ben: hand 2×)."
            in summary(page))
    client.get("/?lang=de")
    german = post(client, game, data, action="preview").get_data(as_text=True)
    assert "das Spiel hat aber nur 2 (Anna: Meldung 1; Ben: Hand 2×)." in summary(german)


def test_the_summary_lists_every_problem_shown_at_a_field(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    # Anna's second meld is illegal (shown at the meld); Ben typed a card that is none.
    data = by_cards([{"melds": ["7h 8h 9h", "Qs Qd Kc"]}, {"hand": "5d Xh"}], closer=0)
    response = post(client, game, data)
    assert response.status_code == 422
    said = summary(response.get_data(as_text=True))
    assert "Anna, Meld 2:" in said and "Neither a set nor a run" in said
    assert "Ben, Hand:" in said and "is not a card" in said
    # With the typing slip mended, the illegal meld alone: still in the summary, once.
    data["p1_hand"] = "5d"
    said = summary(post(client, game, data).get_data(as_text=True))
    assert said.count("Neither a set nor a run") == 1 and "Anna, Meld 2:" in said


def test_a_hand_problem_of_a_player_by_cards_is_at_the_cards_and_in_the_summary(
        client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    data = by_cards([{"melds": ["7h 8h 9h"], "hand": "2c"}, {"hand": "Ks"}], closer=0)
    page = post(client, game, data).get_data(as_text=True)
    assert summary(page).count("Anna went out but still holds 2♣") == 1
    assert Page(page).one("#p0_hand")["aria-invalid"] == "true"


def test_a_win_from_the_hand_that_is_not_allowed_is_in_the_summary(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    data = numbers(0, ["", "20"], hand_win="y", melded_1="y")
    said = summary(post(client, game, data).get_data(as_text=True))
    assert "Hand-Rommé needs that no other player has melded yet" in said


def test_a_wrong_card_count_by_cards_is_marked_at_the_cards_typed(client: FlaskClient) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben"])
    data = by_cards([{"hand": "3h 4h 5h"}, {"hand": "Kc 9d"}], closer=0)  # round 1 deals 3
    page = post(client, game, data).get_data(as_text=True)
    assert Page(page).one("#p1_hand")["aria-invalid"] == "true"
    assert "Ben, Hand:" in summary(page)


def test_a_game_file_holds_no_phone_token_nor_write_id(app: Flask, client: FlaskClient) -> None:
    """The device cookie opens every game of that phone; a game file is handed around."""
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    client.post(f"{game}/me", data={"player": "Ben"})
    sent = Page(client.get(f"{game}/rounds/new")).field("write_id")
    assert sent
    client.post(f"{game}/rounds/new", data=numbers(0, [0, 20], [0, 10]) | {
        "action": "save", "number": "1", "write_id": sent})
    cookie = client.get_cookie("scorepad_device")
    assert cookie is not None and len(cookie.value) == 22
    with app.app_context():
        change = game_at(game).history[0]
        assert change.device == cookie.value and change.write_id
        write_id = change.write_id
    document = client.get(f"{game}/game.json").get_data(as_text=True)
    assert cookie.value not in document and write_id not in document


def test_the_one_number_form_says_its_link_changes_the_game_and_comes_back_to_the_round(
        client: FlaskClient) -> None:
    """Counting is the game's setting: the round form's link says so, and saving the setting
    returns to the round being entered, not to the scores."""
    game = net_game_of(client, "jolly_at", ["Anna", "Ben"])
    link = Page(client.get(f"{game}/rounds/new?lang=en")).one("a[href*='/settings']")
    assert link.text == "Count melds and hand separately in this game (a setting of the game)"
    settings = Page(client.get(link["href"]))
    assert "After saving, you are back at round 1." in settings.text
    saved = client.post(f"{game}/settings", data={"counting": "separate", "back_to_round": "1"})
    assert saved.status_code == 303
    assert saved.headers["Location"].endswith(f"{game.rstrip('/')}/rounds/new?number=1")
    elsewhere = client.post(f"{game}/settings", data={"counting": "net", "back_to_round": "//x"})
    assert elsewhere.headers["Location"].endswith(game.rstrip("/"))
