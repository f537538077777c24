"""Set-up, languages, and the htmx fallback."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from scorepad import ROOT, create_app
from scorepad.schema import Done, bring_up_to_date, run_migrations
from scorepad.web.helpers import HTMX_SRI, HTMX_VERSION

from ..support.page import Page


def test_secret_key_is_generated_once_and_kept(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SCOREPAD_INSTANCE", str(tmp_path))
    first = create_app().config["SECRET_KEY"]
    second = create_app().config["SECRET_KEY"]
    assert first == second and len(first) >= 32
    assert (tmp_path / "secret_key").read_text().strip() == first


def test_secret_key_from_the_environment_wins_over_the_generated_one(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SCOREPAD_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SECRET_KEY", "shared by every machine")
    assert create_app().config["SECRET_KEY"] == "shared by every machine"
    assert not (tmp_path / "secret_key").exists()


def test_database_url_selects_the_database(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SCOREPAD_INSTANCE", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.example/scorepad")
    assert create_app().config["SQLALCHEMY_DATABASE_URI"] == "postgresql://u:p@db.example/scorepad"


def test_migrations_upgrade_an_existing_database_without_losing_games(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url,
                      "WTF_CSRF_ENABLED": False})
    run_migrations(app)
    client = app.test_client()
    client.post("/games/new?variant=romme_de", data={"player_0": "Anna", "player_1": "Ben",
                                                     "first_dealer": "1"})
    assert bring_up_to_date(app) is Done.CURRENT  # a second `make run`: nothing to do, nothing lost
    assert "Anna, Ben" in client.get("/").get_data(as_text=True)


def test_the_local_htmx_copy_matches_the_pinned_sri_hash() -> None:
    local = ROOT / "static" / "vendor" / f"htmx-{HTMX_VERSION}.min.js"
    digest = base64.b64encode(hashlib.sha384(local.read_bytes()).digest()).decode()
    assert f"sha384-{digest}" == HTMX_SRI


def test_pages_load_htmx_from_the_app_with_sri_and_the_cdn_only_as_fallback(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/").get_data(as_text=True)
    local = f"/static/vendor/htmx-{HTMX_VERSION}.min.js"
    assert re.search(rf'<script defer src="{re.escape(local)}(\?v=\w+)?" integrity="{re.escape(HTMX_SRI)}"></script>',
                     page)
    assert f'data-htmx="https://unpkg.com/htmx.org@{HTMX_VERSION}/dist/htmx.min.js"' in page
    assert f'data-integrity="{HTMX_SRI}"' in page
    assert "<script src=\"https://unpkg.com" not in page
    assert client.get(local).status_code == 200


def test_exactly_one_htmx_is_vendored() -> None:
    assert sorted(p.name for p in (ROOT / "static" / "vendor").glob("htmx-*.js")) == [
        f"htmx-{HTMX_VERSION}.min.js"]


def test_german_browsers_get_german_and_the_choice_is_remembered(client) -> None:  # type: ignore[no-untyped-def]
    page = Page(client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}))
    assert page.one("html").attr("lang") == "de"
    assert "Neues Spiel" in page.text
    client.get("/?lang=en", headers={"Accept-Language": "de-DE"})
    page = Page(client.get("/", headers={"Accept-Language": "de-DE"}))
    assert page.one("html").attr("lang") == "en" and "Start a new game" in page.text


def test_every_page_links_to_the_other_language(client) -> None:  # type: ignore[no-untyped-def]
    for url in ("/", "/games/new", "/games/new?variant=rami_fr"):
        german = [a for a in Page(client.get(url)).all("a[href*='lang=de']") if a.text == "Deutsch"]
        assert german, url
