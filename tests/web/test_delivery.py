"""Delivery: compressed answers, and static files cached for a year under their content hash."""

from __future__ import annotations

import gzip
import hashlib
import re

from flask.testing import FlaskClient

from scorepad import ROOT
from scorepad.web.assets import STATIC_MAX_AGE

from ..support.web import new_game, numbers, save_round


def static_urls(page: str) -> list[str]:
    return re.findall(r'(?:href|src|data-htmx)="(/static/[^"]+)"', page)


def same_but_tokens(one: bytes, other: bytes) -> bool:
    token = re.compile(rb'(name="csrf_token" value=")[^"]+"')
    return token.sub(rb"\1-", one) == token.sub(rb"\1-", other)


def test_pages_are_gzipped_for_browsers_that_ask(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben", "Cleo"])
    save_round(client, game, numbers(0, [0, 20, 30], [40, 10, 5]))
    plain = client.get(game)
    zipped = client.get(game, headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    # The same page, but for its CSRF tokens, which are signed with the second they are made.
    assert same_but_tokens(gzip.decompress(zipped.data), plain.data)
    assert len(zipped.data) < len(plain.data) / 2


def test_score_sheets_are_not_compressed_again(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    response = client.get(f"{game}/sheet.pdf", headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in response.headers
    assert response.data.startswith(b"%PDF")


def test_static_addresses_carry_the_hash_of_their_content(client: FlaskClient) -> None:
    urls = static_urls(client.get("/").get_data(as_text=True))
    assert len(urls) >= 3  # stylesheet, fallback script, local htmx
    for url in urls:
        path, version = re.fullmatch(r"/static/([^?]+)\?v=(\w+)", url).groups()  # type: ignore[union-attr]
        assert version == hashlib.sha256((ROOT / "static" / path).read_bytes()).hexdigest()[:12]


def test_versioned_static_files_are_cached_for_a_year_and_compressed(client: FlaskClient) -> None:
    css = next(u for u in static_urls(client.get("/").get_data(as_text=True)) if ".css" in u)
    response = client.get(css, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    cache = response.cache_control
    assert cache.public and cache.immutable and cache.max_age == STATIC_MAX_AGE
    assert not cache.no_cache
    assert response.headers["Content-Encoding"] in ("gzip", "deflate")


def test_a_static_file_without_its_current_hash_is_revalidated(client: FlaskClient) -> None:
    for url in ("/static/css/app.css", "/static/css/app.css?v=0123456789ab"):
        response = client.get(url)
        assert response.status_code == 200
        assert response.cache_control.no_cache and not response.cache_control.immutable
