"""Issue 18, "numbers & round check": one-number rounds through Check, the preview and every
export; a game file that keeps everything a game holds; the distance to the target; the
round check's messages."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from .conftest import new_game, numbers, save_round
from .test_fast import net, text


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
