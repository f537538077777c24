"""The live table on the test client: polls, the phone's player, stale links, the same deal
saved twice, and the round entered together part by part."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Change, DraftPart

from ..support.live_polls import poll_url
from ..support.page import Page
from ..support.web import game_at, new_game, numbers, save_round


def test_a_poll_answers_204_without_a_body_while_the_game_is_unchanged(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    page = client.get(game).get_data(as_text=True)
    url = poll_url(page, "board")
    quiet = client.get(url)
    assert quiet.status_code == 204 and quiet.data == b""
    save_round(client, game, numbers(0, [0, 30]))
    fresh = client.get(url)
    assert fresh.status_code == 200
    body = fresh.get_data(as_text=True)
    board = Page(body)
    assert board.one("body > *").attr("id") == "board" and not board.has("head title")
    assert "Round 1 entered" in board.text
    assert client.get(poll_url(body, "board")).status_code == 204


def test_a_poll_of_an_unknown_game_or_view_is_404(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    assert client.get("/g/AAAAAAAAAAAAAAAAAAAAAA/live?v=1").status_code == 404
    assert client.get(f"{game}/live?view=nothing&v=1").status_code == 404


def test_a_phone_chooses_its_player_once_and_its_saves_carry_the_name(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    assert "Which player are you?" in Page(client.get(game)).text
    assert client.post(f"{game}/me", data={"player": "Ben"}).status_code == 303
    page = Page(client.get(game)).text
    assert "This phone is Ben’s." in page and "Which player are you?" not in page
    assert client.post(f"{game}/me", data={"player": "Nobody"}).status_code == 303
    assert "Which player are you?" in Page(client.get(game)).text
    client.post(f"{game}/me", data={"player": "Ben"})
    save_round(client, game, numbers(0, [0, 30]))
    with app.app_context():
        change = db.session.scalars(db.select(Change)).one()
        assert change.by == "Ben"
    # This phone is told its own save as its own; another phone, as Ben's.
    assert "on this phone" in Page(client.get(game)).text
    other = client.application.test_client()
    assert "on Ben’s phone" in Page(other.get(game)).text


def test_the_round_form_tells_what_another_phone_saved_meanwhile(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    other = client.application.test_client()
    other.get(game)
    other.post(f"{game}/me", data={"player": "Anna"})
    form = client.get(f"{game}/rounds/new").get_data(as_text=True)
    url = poll_url(form, "notice")
    assert client.get(url).status_code == 204
    save_round(other, game, numbers(0, [0, 30]))
    notice = Page(client.get(url)).text
    assert "Round 1 was saved on Anna’s phone." in notice
    assert "Anna 0 · Ben 30" in notice or "Anna 0 · Ben -30" in notice
    assert "This form is for round 1 too" in notice


def test_a_stale_link_to_a_saved_round_shows_that_round_never_the_next(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    client.post(f"{game}/me", data={"player": "Anna"})
    save_round(client, game, numbers(0, [0, 30]))
    page = Page(client.get(f"{game}/rounds/new?number=1"))
    assert page.one("h1").text == "Round 1 is saved already"
    # The phone that saved it is told of its own save as its own; another as Anna's.
    assert "Round 1 was saved on this phone." in page.text
    other = client.application.test_client()
    theirs = Page(other.get(f"{game}/rounds/new?number=1")).text
    assert "Round 1 was saved on Anna’s phone." in theirs
    assert "2" not in page.attrs('input[name="number"]', "value")
    assert "Enter round 2" in page.texts("a")
    assert Page(client.get(f"{game}/rounds/new?number=2")).field("number") == "2"


def test_a_save_that_lost_shows_both_entries_and_discard_or_save_as_next(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    first = client.post(f"{game}/rounds/new", data=numbers(0, [0, 30]) | {
        "action": "save", "number": "1"})
    assert first.status_code == 302
    lost = client.post(f"{game}/rounds/new", data=numbers(1, [25, 0]) | {
        "action": "save", "number": "1"})
    assert lost.status_code == 409
    page = Page(lost)
    assert page.one("h1").text == "Two phones saved round 1"
    choices = page.one(".taken-choices")
    assert "Same deal, the saved one is right: discard mine" in choices.texts("a, button")
    another = [form for form in choices.all("form") if form.one("button").text
               == "Another deal was played: save mine as round 2"]
    assert len(another) == 1
    fields = {f["name"]: f.attr("value") or "" for f in another[0].all("input[type=hidden]")}
    assert fields["number"] == "2" and fields["hand_0"] == "25" and fields["closer"] == "1"
    again = client.post(f"{game}/rounds/new", data=fields | {"action": "save"})
    assert again.status_code == 302
    with app.app_context():
        assert [r.number for r in game_at(game).rounds] == [1, 2]


def _part(client: FlaskClient, game: str, who: str, **fields: str) -> int:
    data = {"as": who, "number": fields.pop("number", "1"), "mode": "cards"} | fields
    return client.post(f"{game}/together", data=data).status_code


def test_parts_of_a_round_arrive_one_by_one_and_any_phone_saves_it(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    page = client.get(f"{game}/together?as=Anna").get_data(as_text=True)
    stamp = poll_url(page, "together")
    assert client.get(stamp).status_code == 204
    assert _part(client, game, "Anna", melds="6c 7c 8c 9c@Ben\nKh Kd Ks", hand="",
                 went_out="y") == 303
    status = client.get(stamp).get_data(as_text=True)
    assert "Still missing: Ben, Cleo." in status
    assert "The parts so far fit together." in status
    # A part that names nobody, or holds no card, is refused and changes nothing.
    assert _part(client, game, "Ben", melds="6x 7x", hand="") == 422
    assert _part(client, game, "Ben", melds="2h 3h 4h", hand="5s 9d") == 303
    # Too many copies across two players' parts shows at once, before the last part.
    assert _part(client, game, "Cleo", melds="Kh Kc Kd", hand="Kh") == 303
    status = client.get(f"{game}/together").get_data(as_text=True)
    assert "only" in status and "K♥" in status
    assert _part(client, game, "Cleo", melds="", hand="Qh Qd 3c") == 303
    status = client.get(f"{game}/together").get_data(as_text=True)
    assert "Every part is in and the round is valid" in status
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(DraftPart)) == 3
    saved = client.post(f"{game}/together/save", data={"number": "1"})
    assert saved.status_code == 303
    with app.app_context():
        rnd = game_at(game).rounds[0]
        anna = next(p for p in rnd.entry["players"] if p["name"] == "Anna")
        assert anna["melds"][0][-1] == {"card": "9c", "by": "Ben"}
        assert db.session.scalar(db.select(db.func.count()).select_from(DraftPart)) == 0


def test_two_phones_parts_are_separate_rows(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    other = client.application.test_client()
    assert _part(client, game, "Anna", melds="2h 3h 4h", hand="5s") == 303
    assert _part(other, game, "Ben", melds="", hand="9d", went_out="") == 303
    assert _part(client, game, "Anna", melds="2h 3h 4h 5h", hand="", went_out="y") == 303
    with app.app_context():
        parts = {p.player: p for p in db.session.scalars(db.select(DraftPart))}
        assert parts["Ben"].part["hand"] == ["9d"]
        assert parts["Anna"].rev == 2


def test_the_round_saved_together_loses_to_a_round_saved_elsewhere_in_words(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert _part(client, game, "Anna", melds="2h 3h 4h", hand="", went_out="y") == 303
    assert _part(client, game, "Ben", melds="", hand="9d") == 303
    save_round(client, game, numbers(0, [0, 30], [10, 0]))
    lost = client.post(f"{game}/together/save", data={"number": "1"})
    assert lost.status_code == 409
    page = lost.get_data(as_text=True)
    assert "Two phones saved round 1" in page and "the saved one is right: discard mine" in page
    assert client.post(f"{game}/together/discard", data={"number": "1"}).status_code == 303
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(DraftPart)) == 0


def test_without_javascript_every_live_area_has_a_refresh_link(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    def refresh(page: Page) -> list[str]:
        return [a["href"] for a in page.all("a[href]") if a.text == "Refresh"]
    assert game in refresh(Page(client.get(game)))
    assert f"{game}/together" in refresh(Page(client.get(f"{game}/together?as=Anna")))


def test_a_draft_survives_a_server_restart(app: Flask, client: FlaskClient) -> None:
    from scorepad import create_app

    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    assert _part(client, game, "Anna", melds="2h 3h 4h", hand="", went_out="y") == 303
    restarted = create_app(dict(app.config))
    page = restarted.test_client().get(f"{game}/together").get_data(as_text=True)
    assert "Still missing: Ben." in page and "2♥" in page


def test_the_live_words_are_german_for_german_phones(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    client.post(f"{game}/me", data={"player": "Anna"})
    save_round(client, game, numbers(0, [0, 30]))
    de = {"Accept-Language": "de-DE,de;q=0.9"}
    stale = client.get(f"{game}/rounds/new?number=1", headers=de).get_data(as_text=True)
    assert "Runde 1 ist schon gespeichert" in stale
    assert "Runde 1 wurde auf diesem Handy gespeichert." in stale
    other = client.application.test_client()
    theirs = other.get(f"{game}/rounds/new?number=1", headers=de).get_data(as_text=True)
    assert "Runde 1 wurde auf dem Handy von Anna gespeichert." in theirs
    board = client.get(game, headers=de).get_data(as_text=True)
    assert "Dieses Handy gehört Anna." in board and "Runde gemeinsam eintragen" in board
