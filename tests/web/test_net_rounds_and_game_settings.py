"""One net number per player, words for house rules, named, archived and deleted
games, confirmations, and the blank Rommé sheet's deal."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from scorepad.game.db import db
from scorepad.game.models import Game, KnownGame

from ..support.exports import blank, exported, upload
from ..support.net import net, net_game, text
from ..support.page import Page
from ..support.web import game_at, new_game, save_round


def test_a_net_round_is_one_field_per_player_and_scores_as_typed(
        app: Flask, client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben", "Cleo", "Dora"])
    form = Page(client.get(f"{game}/rounds/new")).one("form.round")
    assert form.attrs("input[name^=net_]", "name") == ["net_0", "net_1", "net_2", "net_3"]
    assert not form.has('[name="meld_0"]') and not form.has('[name="hand_0"]')
    response = save_round(client, game, net(0, ["+75", "-23", "−40", "12"]))
    assert response.status_code == 302
    assert response.headers["Location"].endswith("#next")
    with app.app_context():
        rnd = game_at(game).rounds[0]
        assert rnd.scores == {"Anna": 75, "Ben": -23, "Cleo": -40, "Dora": 12}
        assert rnd.entry["players"][0] == {"name": "Anna", "went_out": True, "hand_win": False,
                                           "net": 75}


def test_an_empty_net_field_is_an_error_naming_the_player(client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben", "Cleo"])
    response = save_round(client, game, net(0, ["40", "", "-10"]))
    assert response.status_code == 422
    page = Page(response)
    assert "Enter Ben's points for the round (0 if even)." in page.text
    # The summary says whose field it is, and the field is focused.
    assert "Ben, Points:" in page.one("#problems").text
    assert page.attrs("[autofocus]", "id") == ["net_1"]


def test_a_net_round_needs_one_closer_who_does_not_lose(client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben"])
    assert "Mark the one player who went out." in text(save_round(client, game, net(None, [5, -5])))
    assert "Anna went out and cannot lose points in the round." in text(
        save_round(client, game, net(0, [-5, 5])))


def test_net_round_in_german_names_the_player(client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben"])
    client.get("/?lang=de")
    page = text(save_round(client, game, net(0, ["30", ""])))
    assert "Gib die Punkte von Ben für die Runde ein (0, wenn ausgeglichen)." in page


def test_a_net_game_exports_and_imports_as_the_same_game(app: Flask, client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben", "Cleo"])
    save_round(client, game, net(1, [-12, 60, -30], hand_win="y"))
    first = exported(client, game)
    assert first["name"] == "Friday" and first["counting"] == "net"
    response = upload(client, json.dumps(first).encode())
    assert response.status_code == 302
    assert exported(client, response.headers["Location"]) == first
    home = text(client.get("/"))
    assert "imported copy" in home


def test_a_net_round_with_a_stranger_field_is_refused_by_the_import(client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben"])
    save_round(client, game, net(0, [10, -10]))
    document = exported(client, game)
    document["rounds"][0]["entry"]["players"][1]["hand_points"] = 5
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 422
    assert "net number and nothing else" in text(response)


def test_separate_counting_stays_the_default(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    form = Page(client.get(f"{game}/rounds/new")).one("form.round")
    assert form.has('[name="meld_0"]') and not form.has('[name="net_0"]')


def test_house_rules_are_words_on_the_form_and_the_game_page(client: FlaskClient) -> None:
    form = text(client.get("/games/new?variant=romme_de"))
    for code in ("min_naturals", "playoff/shared", "strict/any_run", "layer/owner",
                 "(strict)", "(playoff)"):
        assert code not in form
    assert "Natural cards per meld" in form and "is played off" in form
    game = new_game(client, "jolly_at", ["Anna", "Ben"], target=100, tie="shared")
    page = text(client.get(game))
    assert "target=100" not in page
    assert "Target: 100" in page and "A tie for the win: is a shared win" in page
    german = text(client.get(f"{game}?lang=de"))
    assert "Zielpunktzahl: 100" in german and "Gleichstand um den Sieg: ist ein geteilter Sieg" in german


def test_card_typing_problems_are_in_german_on_a_german_page(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    client.get("/?lang=de")
    response = client.post(f"{game}/rounds/check-meld",
                           data={"field": "p0_meld0", "p0_meld0": "Ass♠ 2s 3s"})
    assert "„Ass♠“ (Karte 1) ist keine Karte." in text(response)


def test_a_game_is_named_archived_and_listed_with_leader_rounds_and_time(
        app: Flask, client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben"])
    save_round(client, game, net(0, [50, -20]))
    home = text(client.get("/"))
    assert "Friday" in home and "Leading: Anna (50)" in home and "1 round" in home
    assert re.search(r"\d+/\d+/\d\d, \d+:\d\d", home)  # when it began, as English writes it
    assert "Friday" in text(client.get(game))
    client.post(f"{game}/archive", data={"archived": "1"})
    sections = {s.one("h2").text: s.text for s in Page(client.get("/")).all("section")
                if s.has("h2")}
    assert "Friday" in sections["Archived"] and "Friday" not in sections["In progress"]


def test_deleting_a_game_asks_offers_the_export_and_forgets_it(
        app: Flask, client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben"])
    save_round(client, game, net(0, [50, -20]))
    settings = Page(client.get(f"{game}/settings"))
    assert "Game file (JSON)" in settings.texts("a")
    assert "Yes, delete the game" in settings.texts("button")
    # Without the confirmation nothing happens.
    client.post(f"{game}/delete")
    assert client.get(game).status_code == 200
    response = client.post(f"{game}/delete", data={"confirm": "yes"})
    assert response.status_code == 303
    assert client.get(game).status_code == 404
    with app.app_context():
        assert db.session.scalars(db.select(KnownGame)).all() == []
        assert db.session.scalars(db.select(Game)).all() == []


def test_deleting_a_round_asks_first_on_the_game_page(client: FlaskClient) -> None:
    game = net_game(client, ["Anna", "Ben"])
    save_round(client, game, net(0, [50, -20]))
    page = Page(client.get(game))
    confirm = page.one("details.confirm")
    assert confirm.one("summary").text == "Delete round 1…"
    assert confirm.has("summary.danger") and confirm.attr("open") is None  # asks first
    assert "Yes, delete round 1" in confirm.texts("button")
    # The next round's button comes before the table of scores.
    order = [n.attr("id") or n["class"].split()[0] for n in page.all("#next, table.scores")]
    assert order == ["next", "scores"]


def test_the_distance_past_the_target_is_said_as_over(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"], target=100)
    save_round(client, game, {"closer": "0", "hand_0": "", "hand_1": "120", "melded_1": "y"})
    page = Page(client.get(game))
    assert page.keyed("data-distance")["Ben"] == "over by20"  # "over by" in small print
    assert page.one("[data-distance=Ben] small").text == "over by"


def test_blank_romme_sheet_gives_the_dealer_14(client: FlaskClient) -> None:
    content = blank(client, "variant=romme_de&players=Anna,Ben")
    assert "13 cards each, the dealer 14" in content
    assert "neighbour" not in content
