"""Two phones and one round (issue 18): conflicts that never invite double counting, and a
form sent twice (Back and Save, a double tap, a resend) that is saved once."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Change, DraftPart

from ..support.cards import by_cards
from ..support.net import net, net_game
from ..support.page import Page
from ..support.web import game_at, hidden, new_game, numbers

DE = {"Accept-Language": "de-DE,de;q=0.9"}


def open_form(client: FlaskClient, game: str) -> dict[str, str]:
    """The hidden fields of the round form as a phone opens it: number and write id."""
    page = client.get(f"{game}/rounds/new").get_data(as_text=True)
    return {"number": hidden(page, "number"), "write_id": hidden(page, "write_id")}


def choice_forms(page: str) -> list[tuple[str, dict[str, str], list[str], str]]:
    """Each form of a conflict page's choices in order: its address, hidden fields, and
    its button's classes and words."""
    out = []
    for form in Page(page).one(".taken-choices").all("form"):
        fields = {f["name"]: f.attr("value") or "" for f in form.all("input[type=hidden]")}
        button = form.one("button")
        out.append((form["action"], fields, (button.attr("class") or "").split(), button.text))
    return out


def lost_race(client: FlaskClient, headers: dict[str, str] | None = None
              ) -> tuple[str, FlaskClient, Any]:
    """Two phones open the form of round 1; the other saves Ben 30, this one then Ben 35."""
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    other = client.application.test_client()
    mine, theirs = open_form(client, game), open_form(other, game)
    other.post(f"{game}/rounds/new", data=numbers(0, [0, 30]) | theirs | {"action": "save"})
    lost = client.post(f"{game}/rounds/new", headers=headers or {},
                       data=numbers(0, [0, 35]) | mine | {"action": "save"})
    return game, other, lost


def rounds_of(game: str) -> list[dict[str, int]]:
    return [dict(r.scores) for r in game_at(game).rounds]


def test_the_same_entry_from_two_phones_is_no_conflict_and_is_saved_once(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    other = client.application.test_client()
    other.post(f"{game}/me", data={"player": "Ben"})
    mine, theirs = open_form(client, game), open_form(other, game)
    assert other.post(f"{game}/rounds/new", data=numbers(0, [0, 30]) | theirs
                      | {"action": "save"}).status_code == 302
    again = client.post(f"{game}/rounds/new", data=numbers(0, [0, 30]) | mine
                        | {"action": "save"})
    assert again.status_code == 200
    page = Page(again)
    assert page.one("h1").text == "Round 1 is saved already"
    assert "nothing was saved twice" in page.text
    assert "Round 1 was saved on Ben’s phone." in page.text
    assert page.texts(".entry.theirs td") == ["0", "30"]  # its scores
    assert "Another deal" not in page.text and "Two phones saved" not in page.text
    with app.app_context():
        assert rounds_of(game) == [{"Anna": 0, "Ben": 30}]


def test_different_entries_put_the_safe_choice_first_and_mark_the_difference(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben", "Cleo"])
    other = client.application.test_client()
    mine, theirs = open_form(client, game), open_form(other, game)
    other.post(f"{game}/rounds/new", data=numbers(0, [0, 30, 12]) | theirs | {"action": "save"})
    lost = client.post(f"{game}/rounds/new", data=numbers(0, [0, 35, 12]) | mine
                       | {"action": "save"})
    assert lost.status_code == 409
    page = lost.get_data(as_text=True)
    # A round form stored nothing, so its first choice is a link: the primary one,
    # discarding this entry; then "mine is right"; another deal is plain and last.
    first = Page(page).all(".taken-choices > *")[0]  # a link, not a form
    assert first.tag == "a" and first["class"].split() == ["button", "primary"]
    assert first.text == "Same deal, the saved one is right: discard mine"
    choices = choice_forms(page)
    assert [c[3] for c in choices] == ["Same deal, mine is right: replace the saved round 1",
                                       "Another deal was played: save mine as round 2"]
    assert not any("primary" in c[2] for c in choices)
    # Ben's number differs and is marked; Anna's and Cleo's are not.
    rows = Page(page).all("li[data-player]")
    marked = {row["data-player"]: row.attr("class") for row in rows}
    assert marked == {"Anna": "", "Ben": "differs", "Cleo": ""}
    assert [row.has(".differs-mark") for row in rows] == [False, True, False]
    # The number that differs is marked itself; the ones that agree are not.
    differs = Page(page).texts(".piece.differs")
    agrees = Page(page).texts(".piece:not(.differs)")
    assert len([t for t in differs if t.startswith("Penalty 35")]) == 1
    assert len([t for t in differs if t.startswith("Penalty 30")]) == 1
    assert len([t for t in agrees if t.startswith("Penalty 12")]) == 2
    assert Page(page).text.count("≠") >= 2  # the mark at Ben, and the sentence that explains it
    with app.app_context():
        assert rounds_of(game) == [{"Anna": 0, "Ben": 30, "Cleo": 12}]


def lost_race_by_cards(client: FlaskClient, theirs: list[dict[str, Any]], mine: list[dict[str, Any]],
                       headers: dict[str, str] | None = None) -> Page:
    """Two phones open round 1 of a Jolly game of Anna, Ben and Cleo, entered by cards
    (Anna goes out); the other saves ``theirs``, this one then ``mine``: the conflict page."""
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    other = client.application.test_client()
    mine_form, theirs_form = open_form(client, game), open_form(other, game)
    assert other.post(f"{game}/rounds/new", data=by_cards(theirs, closer=0) | theirs_form
                      | {"action": "save"}).status_code == 302
    lost = client.post(f"{game}/rounds/new", headers=headers or {},
                       data=by_cards(mine, closer=0) | mine_form | {"action": "save"})
    assert lost.status_code == 409
    return Page(lost)


ANNA = {"melds": ["6c 7c 8c", "Kh Kd Ks"], "hand": ""}


def entries(page: Page, name: str) -> list[str]:
    """The two entries of a player's row of the conflict page, saved then yours, as read."""
    return page.one(f"li[data-player={name}]").texts(".diff-entry")


def test_a_lay_off_on_the_conflict_page_is_written_in_the_layers_row_as_the_round_form_writes_it(
        client: FlaskClient) -> None:
    # The same lay-off in both entries (Ben onto Anna's first meld); Cleo's hand (and score) differs.
    ben = {"melds": ["2h 3h 4h", "Anna 1: 9c"], "hand": "5s"}
    page = lost_race_by_cards(client, [ANNA, ben, {"hand": "Qh"}], [ANNA, ben, {"hand": "5d"}])
    for said in entries(page, "Ben"):
        assert "Anna 1: 9♣" in said
    for said in entries(page, "Anna"):
        assert "9♣" not in said and "@" not in said  # not in the meld's owner's row
    assert "@" not in page.one("ul.diff").text
    marked = {row["data-player"]: row.attr("class") for row in page.all("li[data-player]")}
    assert marked == {"Anna": "", "Ben": "", "Cleo": "differs"}  # the same lay-off: no mark
    assert page.one("li[data-player=Ben]").all("mark.differs") == []
    # In German and French, as their round forms write it.
    de = lost_race_by_cards(client, [ANNA, ben, {"hand": "Qh"}], [ANNA, ben, {"hand": "5d"}], headers=DE)
    assert "Anna 1: 9♣" in entries(de, "Ben")[0]
    fr = lost_race_by_cards(client, [ANNA, ben, {"hand": "Qh"}], [ANNA, ben, {"hand": "5d"}],
                            headers={"Accept-Language": "fr"})
    assert "Anna 1\u00a0: 9♣" in entries(fr, "Ben")[0]


def test_a_lay_off_in_one_entry_only_marks_the_layers_row_and_the_card(client: FlaskClient) -> None:
    # The other phone saved Ben's 9♣ laid off onto Anna's first meld; this one has it in his hand.
    page = lost_race_by_cards(client, [ANNA, {"melds": ["2h 3h 4h", "Anna 1: 9c"], "hand": "5s"}, {"hand": "Qh"}],
                              [ANNA, {"melds": ["2h 3h 4h"], "hand": "5s 9c"}, {"hand": "Qh"}])
    marked = {row["data-player"]: row.attr("class") for row in page.all("li[data-player]")}
    assert marked == {"Anna": "", "Ben": "differs", "Cleo": ""}
    saved, mine = page.one("li[data-player=Ben]").all(".diff-row")
    assert "Anna 1: 9♣" in saved.text and "Anna" not in mine.text
    assert saved.texts("mark.differs") == ["9♣"]  # the lay-off only the saved entry has
    assert mine.texts("mark.differs") == ["9♣"]  # the card in this entry's hand instead
    assert page.one("li[data-player=Anna]").all("mark.differs") == []


def test_mine_is_right_replaces_the_saved_round_as_a_correction_in_the_history(app: Flask, client: FlaskClient) -> None:
    game, _other, lost = lost_race(client)
    action, fields, _attrs, _label = choice_forms(lost.get_data(as_text=True))[0]
    assert action.endswith("/rounds/1/edit") and fields["version"] == "1"
    replaced = client.post(action, data=fields | {"action": "save"})
    assert replaced.status_code == 302
    with app.app_context():
        assert rounds_of(game) == [{"Anna": 0, "Ben": 35}]
        history = db.session.scalars(db.select(Change).order_by(Change.id)).all()
        assert [c.action for c in history] == ["added", "corrected"]
        assert history[1].before["scores"] == {"Anna": 0, "Ben": 30}
    # The same choice sent again is the same correction: nothing happens twice.
    assert client.post(action, data=fields | {"action": "save"}).status_code == 303
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Change)) == 2


def test_mine_is_right_loses_to_a_correction_made_meanwhile_with_a_choice(app: Flask, client: FlaskClient) -> None:
    game, other, lost = lost_race(client)
    action, fields, _attrs, _label = choice_forms(lost.get_data(as_text=True))[0]
    edit = other.get(f"{game}/rounds/1/edit").get_data(as_text=True)
    assert other.post(f"{game}/rounds/1/edit", data=numbers(0, [0, 40]) | {
        "version": hidden(edit, "version"), "write_id": hidden(edit, "write_id"),
        "action": "save"}).status_code == 302
    late = client.post(action, data=fields | {"action": "save"})
    assert late.status_code == 409
    assert "Another phone corrected this round meanwhile" in Page(late).text
    with app.app_context():
        assert rounds_of(game) == [{"Anna": 0, "Ben": 40}]


def test_the_conflict_page_says_round_and_deal_never_game_in_german(client: FlaskClient) -> None:
    game, _other, lost = lost_race(client, DE)
    main = Page(lost).one("main")
    said = " ".join([main.text, *main.attrs("[aria-label]", "aria-label")])
    assert not re.search(r"\bSpiel", said), re.findall(r"[^.]*Spiel[^.]*", said)
    assert "neu ausgeteilt" in said and "als Runde 2" in said and "meine stimmt" in said
    assert "Dieselbe Runde, die gespeicherte stimmt: meine verwerfen" in main.texts(
        ".taken-choices > *")
    # What a form for round 1 opened before the save says once round 1 is saved.
    notice = Page(client.get(f"{game}/live?view=notice&v=0&since=0&number=1&editing=0",
                             headers=DE)).text
    assert "Dieselbe Runde?" in notice and not re.search(r"\bSpiel", notice)


def test_a_form_sent_twice_saves_one_round_and_the_phone_is_told_its_own(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    client.post(f"{game}/me", data={"player": "Anna"})
    form = open_form(client, game)
    data = numbers(0, [0, 30]) | form | {"action": "save"}
    assert client.post(f"{game}/rounds/new", data=data).status_code == 302
    # Back: the old form, sent again as it was (or with another number typed over it).
    for resend in (data, data | {"number": "2"}, data | {"hand_1": "31"},
                   data | {"action": "check"}):
        again = client.post(f"{game}/rounds/new", data=resend)
        assert again.status_code == 303, again.get_data(as_text=True)[:300]
        assert again.headers["Location"].endswith("#round-1")
    shown = client.get(game).get_data(as_text=True)
    assert "This entry was saved already as round 1 on this phone" in shown
    history = shown.split("History of changes", 1)[1]
    assert "on this phone" in history and "on Anna’s phone" not in history
    theirs = client.application.test_client().get(game).get_data(as_text=True)
    assert "on Anna’s phone" in theirs.split("History of changes", 1)[1]
    # An old link to round 1's form: told it was this phone, not another's.
    stale = client.get(f"{game}/rounds/new?number=1").get_data(as_text=True)
    assert "Round 1 was saved on this phone." in stale and "Anna’s phone" not in stale
    with app.app_context():
        assert rounds_of(game) == [{"Anna": 0, "Ben": 30}]


def test_a_correction_sent_twice_is_one_correction(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    form = open_form(client, game)
    client.post(f"{game}/rounds/new", data=numbers(0, [0, 30]) | form | {"action": "save"})
    edit = client.get(f"{game}/rounds/1/edit").get_data(as_text=True)
    data = numbers(0, [0, 40]) | {"version": hidden(edit, "version"),
                                  "write_id": hidden(edit, "write_id"), "action": "save"}
    assert client.post(f"{game}/rounds/1/edit", data=data).status_code == 302
    again = client.post(f"{game}/rounds/1/edit", data=data)
    assert again.status_code == 303
    assert "saved already" in client.get(game).get_data(as_text=True)
    with app.app_context():
        assert [c.action for c in game_at(game).history] == ["added", "corrected"]


def test_the_api_answers_a_repeated_idempotency_key_with_the_first_answer(any_client: FlaskClient) -> None:
    client = any_client
    made = client.post("/api/v1/games", json={"variant": "romme_de", "players": ["Anna", "Ben"]})
    key = made.get_json()["key"]
    body = {"number": 1, "players": [{"name": "Anna", "went_out": True},
                                     {"name": "Ben", "hand_points": 30}]}
    first = client.post(f"/api/v1/games/{key}/rounds", json=body,
                        headers={"Idempotency-Key": "phone-1-round-1"})
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    again = client.post(f"/api/v1/games/{key}/rounds", json=body,
                        headers={"Idempotency-Key": "phone-1-round-1"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert len(again.get_json()["rounds"]) == 1
    # Another key is another save: round 1 is taken, so a conflict, as the contract says.
    other = client.post(f"/api/v1/games/{key}/rounds", json=body,
                        headers={"Idempotency-Key": "phone-2-round-1"})
    assert other.status_code == 409
    bad = client.post(f"/api/v1/games/{key}/rounds", json=body | {"number": 2},
                      headers={"Idempotency-Key": "x" * 65})
    assert bad.status_code == 422 and bad.get_json()["error"]["field"] == "write_id"


def _part(client: FlaskClient, game: str, who: str, **fields: str) -> int:
    data = {"as": who, "number": fields.pop("number", "1"), "mode": "cards"} | fields
    return client.post(f"{game}/together", data=data).status_code


def _draft_of_two(client: FlaskClient, game: str) -> None:
    assert _part(client, game, "Anna", melds="2h 3h 4h", hand="", went_out="y") == 303
    assert _part(client, game, "Ben", melds="", hand="9d") == 303


def test_other_phones_learn_at_the_next_poll_that_the_round_together_was_saved(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    ben = client.application.test_client()
    ben.post(f"{game}/me", data={"player": "Ben"})
    client.post(f"{game}/me", data={"player": "Anna"})
    _draft_of_two(client, game)
    page = Page(ben.get(f"{game}/together"))
    assert page.one("#part-form").field("hand") == "9d"
    poll = page.one("[hx-get*='view=together']")["hx-get"]
    assert ben.get(poll).status_code == 204
    status = client.get(f"{game}/together").get_data(as_text=True)
    saved = client.post(f"{game}/together/save", data={
        "number": "1", "write_id": hidden(status, "write_id")})
    assert saved.status_code == 303
    news = ben.get(poll)
    assert news.status_code == 200
    body = Page(news)
    assert "Round 1 is saved" in body.text and "Round 1 was saved on Anna’s phone." in body.text
    with app.app_context():
        scores = game_at(game).rounds[0].scores
    assert f"Anna {scores['Anna']} · Ben {scores['Ben']}" in body.text
    assert "Enter round 2 together" in body.text
    # Ben's form, with his old cards, is closed out of band: nothing stale can be saved.
    oob = body.one("#part-form")
    assert oob["hx-swap-oob"] == "true" and "9d" not in oob.text and not oob.has("form")
    assert "9d" not in oob.attrs("[value]", "value")
    assert "Save round 1" not in body.text
    notice = page.one("[hx-get*='view=notice']")["hx-get"]
    said = Page(ben.get(notice)).text
    assert "Round 1 was saved on Anna" in said and "This form is for round 1 too" not in said
    # Without JavaScript: his old form's part, sent now, shows round 1 saved, not a draft
    # of round 2 filled with round 1's cards.
    late = ben.post(f"{game}/together", data={"as": "Ben", "number": "1", "mode": "cards",
                                              "hand": "9d"})
    assert late.status_code == 409
    # The page's own part (a static file's address may hold "9d" in its content hash).
    main = Page(late).one("main")
    assert "Round 1 is saved" in main.text and "9d" not in main.text
    assert "9d" not in main.attrs("[value]", "value") and "Save my part" not in main.text
    with app.app_context():
        assert len(game_at(game).rounds) == 1
        assert db.session.scalar(db.select(db.func.count()).select_from(DraftPart)) == 0


def test_two_phones_saving_the_same_draft_save_one_round(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    ben = client.application.test_client()
    _draft_of_two(client, game)
    seen = [hidden(c.get(f"{game}/together").get_data(as_text=True), "write_id")
            for c in (client, ben)]
    assert seen[0] == seen[1]
    assert client.post(f"{game}/together/save", data={"number": "1", "write_id": seen[0]}
                       ).status_code == 303
    second = ben.post(f"{game}/together/save", data={"number": "1", "write_id": seen[1]})
    assert second.status_code == 303
    assert "saved already as round 1" in Page(ben.get(game)).text
    with app.app_context():
        assert len(game_at(game).rounds) == 1


def test_a_round_together_that_lost_can_replace_the_saved_one(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    _draft_of_two(client, game)
    other = client.application.test_client()
    other.post(f"{game}/rounds/new", data=numbers(0, [0, 30], [10, 0]) | open_form(other, game)
               | {"action": "save"})
    lost = client.post(f"{game}/together/save", data={"number": "1", "write_id": "w" * 20})
    assert lost.status_code == 409
    page = lost.get_data(as_text=True)
    forms = choice_forms(page)
    assert [f[3] for f in forms] == ["Same deal, the saved one is right: discard mine",
                                     "Same deal, mine is right: replace the saved round 1",
                                     "Another deal was played: save mine as round 2"]
    assert "primary" in forms[0][2] and not any("primary" in f[2] for f in forms[1:])
    action, fields, _attrs, _label = forms[1]
    assert client.post(action, data=fields).status_code == 303
    with app.app_context():
        g = game_at(game)
        assert len(g.rounds) == 1 and g.rounds[0].entry["players"][1]["hand"] == ["9d"]
        assert [c.action for c in g.history] == ["added", "corrected"]
        assert db.session.scalar(db.select(db.func.count()).select_from(DraftPart)) == 0


def test_claiming_a_player_another_phone_claimed_asks_first(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    assert client.post(f"{game}/me", data={"player": "Ben"}).status_code == 303
    assert client.post(f"{game}/me", data={"player": "Ben"}).status_code == 303  # itself again
    other = client.application.test_client()
    other.get(game)
    asked = other.post(f"{game}/me", data={"player": "Ben"})
    assert asked.status_code == 200
    page = Page(asked).text
    assert "Ben is chosen on another phone" in page and "This phone is Ben’s too" in page
    assert "Which player are you?" in Page(other.get(game)).text  # not chosen
    de = Page(other.post(f"{game}/me", data={"player": "Ben"}, headers=DE)).text
    assert "Ben ist schon auf einem anderen Handy gewählt" in de
    assert other.post(f"{game}/me", data={"player": "Ben", "confirm": "y"}).status_code == 303
    assert "This phone is Ben’s." in Page(other.get(game)).text
    # Anna is nobody's yet: chosen at once.
    third = client.application.test_client()
    assert third.post(f"{game}/me", data={"player": "Anna"}).status_code == 303


def test_a_round_together_with_the_same_result_as_the_saved_one_is_no_conflict(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    assert client.post(f"{game}/together", data={"as": "Anna", "number": "1", "mode": "numbers",
                                                 "went_out": "y"}).status_code == 303
    assert client.post(f"{game}/together", data={"as": "Ben", "number": "1", "mode": "numbers",
                                                 "hand_points": "30"}).status_code == 303
    other = client.application.test_client()
    other.post(f"{game}/rounds/new", data=numbers(0, [0, 30]) | open_form(other, game)
               | {"action": "save"})
    same = client.post(f"{game}/together/save", data={"number": "1", "write_id": "x" * 20})
    assert same.status_code == 200
    page = Page(same)
    assert page.one("h1").text == "Round 1 is saved already"
    assert "nothing was saved twice" in page.text
    with app.app_context():
        assert rounds_of(game) == [{"Anna": 0, "Ben": 30}]
        assert db.session.scalar(db.select(db.func.count()).select_from(DraftPart)) == 0


def test_the_conflict_page_names_each_players_two_numbers(client: FlaskClient) -> None:
    """One number per player: the score and the number entered look alike ("Saved -30 -30"),
    so each is named."""
    game = net_game(client, ["Anna", "Ben"])
    other = client.application.test_client()
    mine, theirs = open_form(client, game), open_form(other, game)
    other.post(f"{game}/rounds/new", data=net(0, [30, -30]) | theirs | {"action": "save"})
    lost = client.post(f"{game}/rounds/new", data=net(0, [20, -20]) | mine | {"action": "save"})
    assert lost.status_code == 409
    rows = Page(lost).texts("li[data-player] .diff-row")
    assert len(rows) == 4
    for words in rows:
        assert re.match(r"(Saved|Yours) Score [+-]?\d+ · Entered: [+-]\d+( ★ went out)?$", words), words
