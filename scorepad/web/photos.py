"""A photo of cards, as the web takes it (``POST /api/v1/cards/read``, which the card fields'
camera button uses too): what a photo must be, and which reader reads it.

A photo is a JPEG or a PNG of at most 8 MB, sent as the form field ``photo``. The part's type
says which: a JPEG or PNG goes on, anything else is refused as another type (415) before a
byte of it is decoded; ``application/octet-stream`` (or none, as some tools send) lets the
bytes say. Only bytes that begin as a JPEG or a PNG reach the reader, so no other image
format's decoder ever sees a request; the reader itself refuses one it cannot decode
(:class:`scorepad.reader.UnreadableImage`, 422).

The reader is :func:`scorepad.reader.read_cards` unless the app's ``SCOREPAD_CARD_READER``
names another: a callable, or ``"module:function"`` (what a test server in another process
can be told in its ``config.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from flask import current_app

from scorepad.web.errors import ApiRefused

if TYPE_CHECKING:
    from werkzeug.datastructures import FileStorage

    from scorepad.reader import ReadCard

MAX_PHOTO = 8 * 1024 * 1024
# The form around the photo: its boundary and part headers, and room for a field or two.
MAX_FORM_EXTRA = 64 * 1024
PHOTO_TYPES = frozenset({"image/jpeg", "image/png", "image/pjpeg"})
UNTYPED = frozenset({"", "application/octet-stream"})
_SIGNATURES = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n")


class PhotoRefused(ApiRefused):
    """Why a photo is not read: an HTTP status, the API's error code, and the message."""


def too_large() -> PhotoRefused:
    return PhotoRefused(413, "TOO_LARGE", "The photo is larger than 8 MB.")


def photo_bytes(part: FileStorage | None) -> bytes:
    """The bytes of the form's ``photo`` part, or why they are refused.

    >>> from io import BytesIO
    >>> from werkzeug.datastructures import FileStorage
    >>> photo_bytes(FileStorage(BytesIO(b"\\x89PNG\\r\\n\\x1a\\n..."), "a.png", content_type="image/png"))[:4]
    b'\\x89PNG'
    >>> try:
    ...     photo_bytes(FileStorage(BytesIO(b"GIF89a"), "a.gif", content_type="image/gif"))
    ... except PhotoRefused as e:
    ...     print(e.status, e.code)
    415 UNSUPPORTED_MEDIA_TYPE
    """
    if part is None:
        raise PhotoRefused(422, "INVALID_REQUEST", "Send the photo as the form field 'photo'.",
                           "photo")
    if part.mimetype not in PHOTO_TYPES | UNTYPED:
        raise PhotoRefused(415, "UNSUPPORTED_MEDIA_TYPE", "Send the photo as a JPEG or a PNG.")
    data = part.stream.read(MAX_PHOTO + 1)
    if len(data) > MAX_PHOTO:
        raise too_large()
    if not data.startswith(_SIGNATURES):
        if part.mimetype in UNTYPED and data[:4] in (b"GIF8", b"RIFF"):
            raise PhotoRefused(415, "UNSUPPORTED_MEDIA_TYPE", "Send the photo as a JPEG or a PNG.")
        raise PhotoRefused(422, "IMAGE_UNREADABLE", "The photo is not an image that can be read.")
    return data


def _reader() -> Callable[[bytes], Sequence[ReadCard]]:
    named: Any = current_app.config["SCOREPAD_CARD_READER"]
    if callable(named):
        return named  # type: ignore[no-any-return]
    module, _, name = str(named).partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def read(data: bytes) -> list[dict[str, Any]]:
    """The cards the reader sees in a photo, as the API answers them; ``unsure`` marks a card
    read with less confidence than the reader trusts (its ``UNSURE_BELOW``), for the eye."""
    # Here, not at the top: numpy and the model load with the first photo, not with the app.
    from scorepad.reader import UNSURE_BELOW, ReaderUnavailable, UnreadableImage

    try:
        cards = _reader()(data)
    except UnreadableImage:
        raise PhotoRefused(422, "IMAGE_UNREADABLE",
                           "The photo is not an image that can be read.") from None
    except ReaderUnavailable:
        raise PhotoRefused(503, "READER_UNAVAILABLE",
                           "This server has no card reader installed.") from None
    return [{"card": c.card, "confidence": round(float(c.confidence), 3),
             "box": [round(float(v), 4) for v in c.box], "unsure": c.confidence < UNSURE_BELOW}
            for c in cards]
