"""Round entry by numbers, corrections, history, and two phones at one game."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Change

from ..support.page import Page
from ..support.web import delete_last, game_at, new_game, numbers, round_totals, save_round, totals


def problems(response: object) -> str:
    """The summary of what keeps a round from being saved, as read."""
    return Page(response).one("#problems").text


def result(page: Page) -> str:
    """What the game page says of the game's end (a winner, a play-off), or nothing."""
    found = page.first("[data-result]")
    return found.text if found is not None else ""


def test_preview_shows_the_breakdown_without_saving(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    response = client.post(f"{game}/rounds/new", data=numbers(0, [0, 30], [50, 20]) | {
        "action": "preview", "number": "1"})
    assert response.status_code == 200
    assert round_totals(response) == {"Anna": "+80", "Ben": "-10"}  # 50 + closing bonus 30
    assert totals(client, game) == [0, 0]


def test_handglatt_doubles_the_opponents_hands_and_gives_sixty(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    save_round(client, game, numbers(0, [0, 19, 78], [145, 40, 0], hand_win="y"))
    assert totals(client, game) == [205, 2, -156]  # case JA-14


def test_hand_romme_doubles_penalties(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben", "Cleo"])
    save_round(client, game, numbers(0, [0, 25, 11], hand_win="y"))
    assert totals(client, game) == [0, 50, 22]  # case RD-10


def test_hand_romme_is_refused_when_another_player_had_melded(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    response = save_round(client, game, numbers(0, [0, 25], hand_win="y", melded_1="y"))
    assert response.status_code == 422
    assert "Hand-Rommé needs that no other player has melded yet" in problems(response)
    assert totals(client, game) == [0, 0]


def test_rami_surcharges_follow_the_melded_flags(client: FlaskClient) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben", "Cleo"])
    save_round(client, game, numbers(0, [0, 159, 9], hand_win="y", melded_2="y"))
    # Ben never melded: 159 + 100 + 100 (rummy, Cleo had melded); Cleo: 9 + 100
    assert totals(client, game) == [0, 359, 109]


def test_a_round_without_closer_comes_back_with_the_message_at_the_closer(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    response = save_round(client, game, numbers(None, [7, 30], [50, 20]))
    page = Page(response)
    assert response.status_code == 422
    assert "Nobody went out" in problems(response)
    assert [page.field(f) for f in ("hand_0", "meld_0", "hand_1", "meld_1")] == [
        "7", "50", "30", "20"]


def test_a_closer_with_hand_points_is_refused_at_that_hand(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    response = save_round(client, game, numbers(0, [5, 30]))
    assert response.status_code == 422
    assert "Anna went out but still holds" in problems(response)


def test_text_in_a_number_field_is_kept_and_explained(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    response = save_round(client, game, numbers(0, ["0", "12x"], ["40", "-5"]))
    page = Page(response)
    assert response.status_code == 422
    assert "Enter a whole number, like 25." in problems(response)
    assert "Enter the points without a minus sign." in problems(response)
    assert page.field("hand_1") == "12x" and page.field("meld_1") == "-5"


def test_game_ends_after_the_round_that_passes_the_target(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"], target=100)
    save_round(client, game, numbers(0, [0, 10, 10], [70, 20, 0]))
    page = Page(client.get(game))
    assert result(page) == "" and " wins!" not in page.text
    save_round(client, game, numbers(1, [5, 0, 10], [10, 90, 0]))
    page = Page(client.get(game))
    assert result(page) == "Ben wins!" and "Anna wins!" not in page.text  # Ben 10 + 120 = 130
    response = client.get(f"{game}/rounds/new")
    assert response.status_code == 302


def test_tie_above_the_target_starts_a_playoff_of_the_tied_players(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"], target=100)
    save_round(client, game, numbers(0, [0, 5, 30], [90, 125, 0]))  # Anna 120, Ben 120
    assert result(Page(client.get(game))) == "Tie! Anna, Ben play on until one leads."
    form = Page(client.get(f"{game}/rounds/new")).one("form.round")
    assert "Ben" in form.text and "Cleo" not in form.text
    assert not any("Cleo" in value for value in form.attrs("[value]", "value"))
    save_round(client, game, {"hand_0": "0", "meld_0": "10", "hand_1": "5", "meld_1": "0",
                              "closer": "0"})
    assert result(Page(client.get(game))) == "Anna wins!"


def test_correcting_round_one_changes_the_totals_and_keeps_the_history(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 30]))
    save_round(client, game, numbers(1, [12, 0]))
    edit = Page(client.get(f"{game}/rounds/1/edit"))
    assert edit.field("hand_1") == "30"
    version = edit.field("version")
    assert version and version.isdigit()
    response = client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 40]) | {
        "action": "save", "version": version})
    assert response.status_code == 302
    assert totals(client, game) == [12, 40]
    assert "Round 1 corrected" in Page(client.get(game)).text
    with app.app_context():
        changes = db.session.scalars(db.select(Change).order_by(Change.id)).all()
        assert [c.action for c in changes] == ["added", "added", "corrected"]
        assert changes[-1].before is not None and changes[-1].before["scores"] == {"Anna": 0, "Ben": 30}


def test_only_the_last_round_can_be_deleted_and_totals_follow(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 30]))
    save_round(client, game, numbers(1, [12, 0]))
    refused = client.post(f"{game}/rounds/1/delete", data={"version": "1"}, follow_redirects=True)
    assert "Only the last round can be deleted" in Page(refused).text
    assert totals(client, game) == [12, 30]
    assert delete_last(client, game, 2).status_code == 303
    assert totals(client, game) == [0, 30]
    page = Page(client.get(game))
    assert "Round 2 deleted" in page.text
    assert page.one("form.undo button").text == "Restore round 2"


def test_two_phones_entering_the_same_round_lose_nothing(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    first = save_round(client, game, numbers(0, [0, 30]), number=1)
    assert first.status_code == 302
    second = save_round(client, game, numbers(1, [17, 0]), number=1)
    page = Page(second)
    assert second.status_code == 409
    # Both entries side by side; this phone's entry is kept for "another deal: round 2".
    assert page.one("h1").text == "Two phones saved round 1"
    another = [f for f in page.all(".taken-choices form")
               if f.one("button").text == "Another deal was played: save mine as round 2"]
    assert len(another) == 1
    assert another[0].field("hand_0") == "17" and another[0].field("number") == "2"
    third = client.post(f"{game}/rounds/new", data=numbers(1, [17, 0]) | {"action": "save", "number": "2"})
    assert third.status_code == 302
    assert totals(client, game) == [17, 30]


def test_two_phones_correcting_one_round_lose_nothing(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 30]))
    version = Page(client.get(f"{game}/rounds/1/edit")).field("version")
    assert version
    one = client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 40]) | {"action": "save", "version": version})
    assert one.status_code == 302
    other = client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 50]) | {"action": "save", "version": version})
    page = Page(other)
    assert other.status_code == 409
    assert "Another phone corrected this round meanwhile" in page.text
    assert page.field("hand_1") == "50" and "Ben 40" in page.one(".conflict").text
    again = page.field("version")
    assert again and again != version
    final = client.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 50]) | {"action": "save", "version": again})
    assert final.status_code == 302
    assert totals(client, game) == [0, 50]


def test_htmx_preview_answers_only_the_breakdown(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    response = client.post(f"{game}/rounds/new", data=numbers(0, [0, 30]) | {"action": "preview"},
                           headers={"HX-Request": "true"})
    page = Page(response)
    assert not page.has("form") and page.one("body > *").attr("id") == "check"
    assert round_totals(response) == {"Anna": "0", "Ben": "30"}


def test_finished_flag_follows_corrections(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"], target=100)
    save_round(client, game, numbers(0, [0, 10], [150, 0]))
    game_id = game
    with app.app_context():
        assert game_at(game_id).finished  # type: ignore[union-attr]
    delete_last(client, game, 1)
    with app.app_context():
        assert not game_at(game_id).finished  # type: ignore[union-attr]
