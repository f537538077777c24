"""Strangers find nothing: games by key only, the home page per browser, headers, limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorepad import create_app
from scorepad.schema import run_migrations

from ..support.web import new_game, numbers, save_round


def test_counting_ids_finds_no_game(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]{22}", game)
    for path in ("/games/1", "/games/2", "/g/1", "/games/99999999999999999999",
                 "/g/99999999999999999999", "/g/" + "A" * 22, "/g/" + "A" * 22 + "/rounds/new",
                 "/g/" + "A" * 22 + "/sheet.pdf", "/g/" + "A" * 22 + "/game.json"):
        assert client.get(path).status_code == 404, path


def test_the_home_page_lists_only_this_browsers_games(app: Flask) -> None:
    mine, theirs = app.test_client(), app.test_client()
    game = new_game(mine, "romme_de", ["Anna", "Ben"])
    other = new_game(theirs, "jolly_at", ["Cleo", "Dora"])
    home = mine.get("/").get_data(as_text=True)
    assert game in home and other not in home and "Cleo" not in home
    # Opening the link puts the game on this browser's home page too.
    assert mine.get(other).status_code == 200
    assert other in mine.get("/").get_data(as_text=True)


def test_a_pasted_link_opens_the_game(client: FlaskClient, app: Flask) -> None:
    game = new_game(app.test_client(), "romme_de", ["Anna", "Ben"])
    opened = client.post("/open", data={"link": f"http://192.0.2.7:5000{game}?lang=de"})
    assert opened.status_code == 302 and opened.headers["Location"] == game
    key = game.rsplit("/", 1)[1]
    assert client.post("/open", data={"link": key}).headers["Location"] == game
    missing = client.post("/open", data={"link": "http://x/g/AAAAAAAAAAAAAAAAAAAAAA"},
                          follow_redirects=True)
    assert "No game was found at this link" in missing.get_data(as_text=True)


def test_every_answer_carries_the_security_headers(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    for path in ("/", game, f"{game}/rounds/new", "/static/css/app.css", "/nowhere",
                 "/api/v1/games/nothing"):
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp
        script = next(d for d in csp.split(";") if d.strip().startswith("script-src"))
        assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"]


def test_pages_hold_no_inline_script(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 10], [40, 10]))
    for path in ("/", game, f"{game}/rounds/new", f"{game}/rounds/1/edit", "/games/new",
                 "/games/new?variant=jolly_at"):
        page = client.get(path).get_data(as_text=True)
        for tag in re.findall(r"<script[^>]*>", page):
            assert "src=" in tag, (path, tag)
        assert not re.search(r"\son[a-z]+=", page), path
        assert ' style="' not in page, path


def test_cookies_are_http_only_and_same_site(client: FlaskClient) -> None:
    response = client.get("/?lang=de")
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies
    for cookie in cookies:
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie, cookie
    assert client.application.config["SESSION_COOKIE_SAMESITE"] == "Lax"
    assert client.application.config["SESSION_COOKIE_HTTPONLY"] is True


@pytest.mark.parametrize("query", ["endpoint=x", "_method=x", "game_id=1", "key=x", "lang=xx",
                                   "_external=1", "_anchor=x", "page=99999999999999999999",
                                   "page=-3", "print=1&print=2", "number=x"])
def test_odd_query_parameters_break_no_page(client: FlaskClient, query: str) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    save_round(client, game, numbers(0, [0, 4]))
    for path in ("/", game, f"{game}/rounds/new", f"{game}/rounds/1/edit", "/games/new",
                 "/games/new?variant=romme_de", "/games/import", "/sheets/blank"):
        sep = "&" if "?" in path else "?"
        assert client.get(f"{path}{sep}{query}").status_code < 500, (path, query)


def test_creating_games_is_limited_per_client(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'limit.sqlite'}",
                      "SCOREPAD_CREATE_LIMIT": "3 per minute"})
    run_migrations(app)
    client = app.test_client()
    body = {"variant": "romme_de", "players": ["A", "B"]}
    answers = [client.post("/api/v1/games", json=body).status_code for _ in range(4)]
    assert answers == [201, 201, 201, 429]
    refused = client.post("/api/v1/games", json=body)
    assert refused.get_json()["error"]["code"] == "TOO_MANY_REQUESTS"
    page = client.post("/games/new?variant=romme_de", data={"player_0": "A", "player_1": "B"})
    assert page.status_code == 429
    assert client.post("/games/import", data={"text": "{}"}).status_code == 429
    # Reading is never limited.
    assert client.get("/").status_code == 200
