"""The manifest, the service worker and the offline page, as the server answers them."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from ..support.page import Page


def test_the_service_worker_is_served_from_the_root_and_keeps_only_static_files_and_the_offline_page(
        client: FlaskClient) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.headers["Service-Worker-Allowed"] == "/"
    assert answer.headers["Cache-Control"] == "no-cache"
    text = answer.get_data(as_text=True)
    kept = json.loads(re.search(r"var PRECACHE = (\[.*?\]);", text).group(1))
    assert kept and all(re.fullmatch(r"/static/[\w./-]+\?v=[0-9a-f]{12}", url)
                        or re.fullmatch(r"/offline/(en|de|fr)(\?kept=1)?", url) for url in kept), kept
    assert {"/offline/en", "/offline/de", "/offline/fr"} <= set(kept)
    # The worker's version follows the static files': the same text while nothing changed.
    assert client.get("/sw.js").get_data(as_text=True) == text


def test_the_manifest_is_in_each_language_and_the_pages_link_it(client: FlaskClient) -> None:
    en = client.get("/manifest.en.webmanifest")
    de = client.get("/manifest.de.webmanifest")
    assert en.mimetype == de.mimetype == "application/manifest+json"
    assert en.json["name"] == "Scorepad – rummy scores" and en.json["lang"] == "en"
    assert de.json["name"] == "Scorepad – Rommé-Punkte" and de.json["lang"] == "de"
    assert en.json["start_url"] == "/" and en.json["display"] == "standalone"
    assert "lang" not in en.headers.get("Set-Cookie", "")
    assert client.get("/manifest.fr.webmanifest").json["lang"] == "fr"
    assert client.get("/manifest.xx.webmanifest").status_code == 404
    page = Page(client.get("/", headers={"Accept-Language": "de"}))
    assert page.attrs('head link[rel="manifest"]', "href") == ["/manifest.de.webmanifest"]
    assert page.attrs("[data-worker]", "data-worker") == ["/sw.js"]


def test_the_offline_page_says_what_is_going_on_in_each_language(client: FlaskClient) -> None:
    assert "No connection to the Scorepad server" in client.get("/offline/en").get_data(as_text=True)
    assert "Keine Verbindung zum Scorepad-Server" in client.get("/offline/de").get_data(as_text=True)
    assert client.get("/offline/xx").status_code == 404
