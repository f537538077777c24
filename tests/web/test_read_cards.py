"""POST /api/v1/cards/read as ../shared/API.md gives it: a photo in, the cards read out, and
every refusal as the API's JSON error. The reader is a stand-in here (the app's
``SCOREPAD_CARD_READER``), so these tests are about the HTTP contract; the real reader on a
real photo is in tests/browser/test_camera.py."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from scorepad.reader import ReadCard, ReaderUnavailable, UnreadableImage

from ..support.database import close_connections, migrated_app
from ..support.page import Page
from ..support.web import new_game

URL = "/api/v1/cards/read"


class FakeReader:
    """Reads what it is told to, and keeps the photos it was given."""

    def __init__(self, cards: list[ReadCard]) -> None:
        self.cards = cards
        self.photos: list[bytes] = []

    def __call__(self, data: bytes) -> list[ReadCard]:
        self.photos.append(data)
        if data.startswith(b"\xff\xd8\xff") and not data.rstrip(b"\0").endswith(b"\xff\xd9"):
            raise UnreadableImage("a JPEG cut short")
        return self.cards


HAND = [ReadCard("Kh", 0.97123, (0.1, 0.2, 0.05, 0.08)), ReadCard("10s", 0.5, (0.3, 0.2, 0.05, 0.08)),
        ReadCard("JK", 0.88, (0.6, 0.25, 0.05, 0.09))]


def photo(kind: str = "JPEG", size: tuple[int, int] = (64, 48)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (30, 120, 40)).save(out, kind)
    return out.getvalue()


def send(client: FlaskClient, data: bytes, content_type: str = "image/jpeg",
         filename: str = "hand.jpg", field: str = "photo") -> Any:
    return client.post(URL, data={field: (io.BytesIO(data), filename, content_type)},
                       content_type="multipart/form-data")


@pytest.fixture
def reader() -> FakeReader:
    return FakeReader(list(HAND))


@pytest.fixture
def reading(app: Flask, reader: FakeReader) -> FlaskClient:
    app.config["SCOREPAD_CARD_READER"] = reader
    return app.test_client()


def test_a_jpeg_is_answered_with_the_cards_read_in_the_engines_notation(
        reading: FlaskClient, reader: FakeReader) -> None:
    jpeg = photo()
    response = send(reading, jpeg)
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == {"cards": [
        {"card": "Kh", "confidence": 0.971, "box": [0.1, 0.2, 0.05, 0.08], "unsure": False},
        {"card": "10s", "confidence": 0.5, "box": [0.3, 0.2, 0.05, 0.08], "unsure": True},
        {"card": "JK", "confidence": 0.88, "box": [0.6, 0.25, 0.05, 0.09], "unsure": False}]}
    assert reader.photos == [jpeg]  # the bytes as sent


def test_a_png_and_an_untyped_jpeg_are_read_too(reading: FlaskClient, reader: FakeReader) -> None:
    assert send(reading, photo("PNG"), "image/png", "hand.png").status_code == 200
    assert send(reading, photo(), "application/octet-stream", "hand").status_code == 200
    assert len(reader.photos) == 2


def test_a_photo_without_cards_is_an_empty_list(reading: FlaskClient, reader: FakeReader) -> None:
    reader.cards = []
    response = send(reading, photo())
    assert response.status_code == 200 and response.get_json() == {"cards": []}


def test_a_photo_up_to_8_mb_is_read_and_a_larger_one_is_413(reading: FlaskClient,
                                                             reader: FakeReader) -> None:
    jpeg = photo()
    # Larger than the app's other bodies may be (a game file: 5 MB), at the photo's limit.
    padded = jpeg[:-2] + b"\0" * (8 * 1024 * 1024 - len(jpeg)) + b"\xff\xd9"
    assert len(padded) == 8 * 1024 * 1024
    assert send(reading, padded).status_code == 200
    too_big = send(reading, padded + b"\0")
    assert too_big.status_code == 413
    assert too_big.get_json()["error"]["code"] == "TOO_LARGE"
    far_too_big = send(reading, padded * 2)
    assert far_too_big.status_code == 413
    assert far_too_big.get_json()["error"]["code"] == "TOO_LARGE"
    assert len(reader.photos) == 1


@pytest.mark.parametrize(("data", "content_type"), [
    (b"GIF89a\x01\x00\x01\x00", "image/gif"),
    (b"%PDF-1.7", "application/pdf"),
    (b"hello", "text/plain"),
    (b"GIF89a\x01\x00\x01\x00", "application/octet-stream"),
    (photo(), "image/heic"),
])
def test_another_type_of_file_is_415(reading: FlaskClient, reader: FakeReader, data: bytes,
                                     content_type: str) -> None:
    response = send(reading, data, content_type)
    assert response.status_code == 415
    assert response.get_json()["error"]["code"] == "UNSUPPORTED_MEDIA_TYPE"
    assert reader.photos == []


def test_a_body_that_is_not_a_form_is_415(reading: FlaskClient, reader: FakeReader) -> None:
    for kw in ({"data": photo(), "content_type": "image/jpeg"}, {"json": {"photo": "Kh"}}):
        response = reading.post(URL, **kw)
        assert response.status_code == 415
        assert response.get_json()["error"]["code"] == "UNSUPPORTED_MEDIA_TYPE"
    assert reader.photos == []


@pytest.mark.parametrize(("data", "content_type"), [
    (b"these are not the cards", "image/jpeg"),
    (b"", "image/png"),
    (b"\x00\x01\x02 not a picture", "application/octet-stream"),
])
def test_a_file_that_is_not_an_image_is_422_image_unreadable(
        reading: FlaskClient, reader: FakeReader, data: bytes, content_type: str) -> None:
    response = send(reading, data, content_type)
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "IMAGE_UNREADABLE"
    assert reader.photos == []  # refused before any decoder saw it


def test_an_image_the_reader_cannot_decode_is_422_image_unreadable(
        reading: FlaskClient, reader: FakeReader) -> None:
    response = send(reading, photo()[:200])
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "IMAGE_UNREADABLE"
    assert len(reader.photos) == 1


def test_the_readers_own_decoder_refuses_a_broken_jpeg_as_image_unreadable(app: Flask) -> None:
    assert app.config["SCOREPAD_CARD_READER"] == "scorepad.reader:read_cards"
    response = send(app.test_client(), b"\xff\xd8\xff\xe0 and then nothing of a JPEG")
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "IMAGE_UNREADABLE"


def test_a_server_without_a_model_says_so_as_503(app: Flask) -> None:
    def no_model(data: bytes) -> list[ReadCard]:
        raise ReaderUnavailable("no card model")

    app.config["SCOREPAD_CARD_READER"] = no_model
    response = send(app.test_client(), photo())
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "READER_UNAVAILABLE"


def test_a_form_without_a_photo_is_422_naming_the_field(reading: FlaskClient) -> None:
    response = send(reading, photo(), field="picture")
    assert response.status_code == 422
    assert response.get_json()["error"] == {"code": "INVALID_REQUEST", "field": "photo",
                                            "message": "Send the photo as the form field 'photo'."}


def test_only_post_reads(reading: FlaskClient) -> None:
    response = reading.get(URL)
    assert response.status_code == 405
    assert response.get_json()["error"]["code"] == "METHOD_NOT_ALLOWED"


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Flask]:
    """The app as served: CSRF on, the limits on (reading: two a minute)."""
    app = migrated_app(f"sqlite:///{tmp_path / 'limit.sqlite'}", WTF_CSRF_ENABLED=True,
                       RATELIMIT_ENABLED=True, SCOREPAD_READ_LIMIT="2 per minute",
                       SCOREPAD_CREATE_LIMIT="2 per minute",
                       SCOREPAD_CARD_READER=FakeReader(list(HAND)))
    yield app
    close_connections(app)


def test_reading_needs_no_csrf_token_and_is_limited_per_client_on_its_own_budget(
        limited: Flask) -> None:
    client = limited.test_client()
    answers = [send(client, photo()).status_code for _ in range(3)]
    assert answers == [200, 200, 429]
    assert send(client, photo()).get_json()["error"]["code"] == "TOO_MANY_REQUESTS"
    # Creating a game has its own budget, untouched by the photos.
    game = client.post("/api/v1/games", json={"variant": "romme_de", "players": ["A", "B"]})
    assert game.status_code == 201


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_rules_page_credits_the_data_set_the_reader_learnt_from(client: FlaskClient,
                                                                    lang: str) -> None:
    credits = {a.text: a["href"] for a in Page(client.get(f"/rules/romme_de?lang={lang}"))
               .all("footer.credits a")}
    assert "Card Detection dataset by cadyzedevelopmenthub on Roboflow Universe" in credits
    assert credits["CC BY 4.0"] == "https://creativecommons.org/licenses/by/4.0/"


CAMERA_WORDS = {"en": "Read cards from a photo", "de": "Karten aus einem Foto lesen",
                "fr": "Lire les cartes sur une photo"}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_page_with_card_fields_carries_the_cameras_words_in_its_language(
        client: FlaskClient, lang: str) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    for path in (f"{game}/rounds/new", f"{game}/together?as=Anna", "/referee/jolly_at",
                 f"{game}/rounds/check-initial"):
        page = client.get(f"{path}{'&' if '?' in path else '?'}lang={lang}").get_data(as_text=True)
        assert f'data-label="{CAMERA_WORDS[lang]}"' in page, path
        assert 'data-url="/api/v1/cards/read"' in page, path
        assert "camera.js" in page, path
    # A page without card fields has no camera.
    assert "camera.js" not in client.get(game).get_data(as_text=True)


def test_the_shipped_reader_answers_a_real_photo_through_the_api(client: FlaskClient) -> None:
    """The real model on a real photo held out of its training (tests/fixtures/cards)."""
    spread = Path(__file__).parents[1] / "fixtures" / "cards" / "spread-2c-8d-Ah-Js.jpg"
    response = send(client, spread.read_bytes(), filename=spread.name)
    assert response.status_code == 200, response.get_json()
    cards = response.get_json()["cards"]
    assert sorted(c["card"] for c in cards) == ["2c", "8d", "Ah", "Js"]
    for c in cards:
        assert 0 <= c["confidence"] <= 1 and len(c["box"]) == 4
        assert all(0 <= v <= 1 for v in c["box"]) and isinstance(c["unsure"], bool)
