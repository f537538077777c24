"""The entry mode remembered per phone, 3-13 by cards, cards drawn right
(joker readings in run order, wild cards marked, a meld's own points apart from lay-offs,
Rami's surcharge in its parts, slips shown as text) and the detail sheet."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Game
from scorepad.sheets.pdf import round_details

from ..support.cards import by_cards, post
from ..support.page import Node, Page
from ..support.web import new_game


def checked_mode(page: Page, player: int) -> str:
    found = page.field(f"mode_{player}")
    assert found is not None, f"no entry mode chosen for player {player}"
    return found


def check(client: FlaskClient, game: str, field: str, cards: str, number: int = 1) -> Node:
    """What the check of one field answers (its fragment)."""
    response = client.post(f"{game}/rounds/check-meld",
                           data={"field": field, field: cards, "number": str(number)})
    assert response.status_code == 200
    return Page(response).one(f"#check-{field}")


def test_three_thirteen_starts_every_player_with_cards(client: FlaskClient) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben", "Cleo"])
    page = Page(client.get(f"{game}/rounds/new"))
    assert [checked_mode(page, i) for i in range(3)] == ["cards"] * 3


def test_jolly_starts_by_numbers_and_the_phone_remembers_each_players_mode(
        client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    page = Page(client.get(f"{game}/rounds/new"))
    assert [checked_mode(page, i) for i in range(2)] == ["numbers", "numbers"]
    data = by_cards([{"melds": ["7h 8h 9h"], "hand": ""}, {"hand": "Kd 5s"}], closer=0)
    data |= {"mode_1": "numbers", "meld_1": "0", "hand_1": "15"}
    assert post(client, game, data).status_code == 302
    page = Page(client.get(f"{game}/rounds/new"))
    assert [checked_mode(page, i) for i in range(2)] == ["cards", "numbers"]


def test_the_remembered_mode_belongs_to_the_phone_not_to_the_game(
        client: FlaskClient, app: object) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben"])
    data = by_cards([{"hand": ""}, {"hand": "3c 9d Ks"}], closer=0)
    data |= {"mode_0": "numbers", "hand_0": "0"}
    assert post(client, game, data).status_code == 302
    assert checked_mode(Page(client.get(f"{game}/rounds/new")), 0) == "numbers"
    other = app.test_client()  # type: ignore[attr-defined]
    assert checked_mode(Page(other.get(f"{game}/rounds/new")), 0) == "cards"


def test_joker_readings_are_listed_in_run_order(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    answer = check(client, game, "p0_meld0", "5d 6d JK")
    assert answer.options("p0_meld0_reading") == ["0", "1"]
    choices = [label.text for label in answer.all("label")
               if label.has('[name="p0_meld0_reading"]')]
    assert choices == ["5♦ 6♦ 7♦", "4♦ 5♦ 6♦"]
    verdict = check(client, game, "p0_meld0", "7d 8d JK 6d").one(".verdict")
    assert "reads" in verdict.text and verdict.texts(".card") == ["6♦", "7♦", "8♦", "9♦"]


def test_a_melds_own_points_are_apart_from_what_others_laid_off(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    answer = check(client, game, "p1_meld0", "9c@Cleo 10c Jc Qc Kc")
    assert "40 points" in answer.text and "Cleo laid off 9" in answer.text
    assert "49 points" not in answer.text
    assert "14 points" in check(client, game, "p1_meld0", "2c 3c 4c 5c").text


def test_three_thirteen_marks_the_wild_cards_of_the_round(client: FlaskClient) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben"])
    # Round 1: threes are wild.
    page = Page(post(client, game, by_cards([{"hand": "3h 4h 5h"}, {"hand": "3c 9d Ks"}],
                                            closer=0), action="preview"))
    arrangement = page.first("p.arrangement")
    assert arrangement is not None
    assert "3♥ wild" in arrangement.texts(".card.wild")
    assert arrangement.one(".card.wild .wild-mark").text == "wild"
    assert "9♦" in page.texts(".card") and not any("9♦" in t for t in page.texts(".card.wild"))
    chips = check(client, game, "p1_hand", "3c 9d")
    assert chips.texts(".card.wild") == ["3♣ wild"] and chips.has(".card.wild .wild-mark")


def test_a_slip_is_shown_as_the_text_typed_beside_the_real_cards(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    answer = check(client, game, "p0_meld0", "7h X♥ 9h")
    assert answer.texts(".card.not-card") == ["X♥"]
    assert "7♥" in answer.texts(".card.red")
    assert "is not a card" in answer.text


def test_rami_surcharge_is_broken_down(client: FlaskClient) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben", "Cleo"])
    data = by_cards([{"melds": ["Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc"]},
                     {"melds": ["5s 6s 7s"], "hand": "9s"}, {"hand": "9h JK"}],
                    closer=0, hand_win="y")
    rows = {row["data-player"]: " ".join(row.texts("td")) for row in Page(
        post(client, game, data, action="preview")).all("#check tr[data-player]")}
    assert "+100 rummy" in rows["Ben"] and "never melded" not in rows["Ben"]
    assert "+100 rummy" in rows["Cleo"]
    assert "+100 never melded" in rows["Cleo"]


def test_the_detail_sheet_shows_the_arrangement_and_wraps_hands(client: FlaskClient,
                                                                app: object) -> None:
    game = new_game(client, "three_thirteen", ["Anna", "Ben"])
    assert post(client, game, by_cards([{"hand": "3h 4h 5h"}, {"hand": "3c 9d Ks"}],
                                       closer=0)).status_code == 302
    with app.app_context():  # type: ignore[attr-defined]
        g = db.session.scalars(db.select(Game)).one()
        from scorepad.game.scoreboard import scoreboard
        from scorepad.sheets.pdf import sheet_html
        with app.test_request_context():  # type: ignore[attr-defined]
            board = scoreboard(g)
            details = round_details(g.rounds[0], board.names, False,
                                    board.rules.with_round(1).wild_rank)
            html = sheet_html(board, details=True, paper="A4", orientation="portrait")
    ben = details[1]
    assert ben.arrangement is not None
    melds, charged = ben.arrangement
    assert [c.text for c in charged] == ["9♦", "K♠"] or {c.text for c in charged} <= {"9♦", "K♠", "3♣"}
    assert any(c.wild for m in melds for c in m) or any(c.wild for c in charged)
    assert "Best arrangement:" in html
    # A space between the cards: the hand may wrap inside its column.
    assert re.search(r"3♣ <span class=\"red\">9♦</span> K♠", html)
