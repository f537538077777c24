"""A name inside a French sentence is written as French writes it: d’Amélie, l’Oscar, de Ben.

The French catalog writes "de %(name)s" as before a consonant; the app's one message domain
(``scorepad.words.french``) elides it when the name begins with a vowel, in Python and in the
templates alike."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from flask import Flask, render_template_string
from flask.testing import FlaskClient
from flask_babel import gettext, lazy_gettext

from scorepad import ROOT

from ..support.page import Page
from ..support.web import new_game


def _french_messages_with_a_name() -> list[tuple[str, str]]:
    """Every French message whose sentence has de/le/la/que right before a placeholder
    (msgid, the placeholder)."""
    with (ROOT / "scorepad" / "translations" / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale="fr")
    out = []
    for message in catalog:
        if not isinstance(message.id, str) or not isinstance(message.string, str):
            continue
        for key in re.findall(r"\b(?:de|le|la|que) %\((\w+)\)s", message.string):
            out.append((message.id, key))
    return out


MESSAGES = _french_messages_with_a_name()


def test_the_catalog_has_the_messages_that_build_de_name() -> None:
    assert len({m for m, _ in MESSAGES}) >= 17


def _said(msgid: str, key: str, name: str) -> str:
    variables: dict[str, object] = {k: ("9♣" if k == "cards" else "x")
                                    for k, kind in re.findall(r"%\((\w+)\)([sd])", msgid)
                                    if kind == "s"}
    variables |= {k: 3 for k, kind in re.findall(r"%\((\w+)\)([sd])", msgid) if kind == "d"}
    variables[key] = name
    return gettext(msgid, **variables)


@pytest.mark.parametrize(("msgid", "key"), MESSAGES, ids=[m[:40] for m, _ in MESSAGES])
def test_every_french_sentence_elides_before_a_vowel_name(app: Flask, msgid: str, key: str
                                                          ) -> None:
    with app.test_request_context("/?lang=fr"):
        for name in ("Amélie", "Oscar", "Émile"):
            said = _said(msgid, key, name)
            assert not re.search(rf"\b(?:de|le|la|que) {name}", said, re.I), said
            assert re.search(rf"(?:d|l|qu)’{name}", said, re.I), said
        assert re.search(r"\b(?:de|le|la|que) Ben\b", _said(msgid, key, "Ben"), re.I)


def test_english_and_german_are_untouched(app: Flask) -> None:
    with app.test_request_context("/?lang=de"):
        assert gettext("Points of %(name)s", name="Amélie") == "Punkte von Amélie"
    with app.test_request_context("/?lang=en"):
        assert gettext("Points of %(name)s", name="Amélie") == "Points of Amélie"


def test_a_lazy_sentence_and_a_template_elide_too(app: Flask) -> None:
    with app.test_request_context("/?lang=fr"):
        assert str(lazy_gettext("Part of %(name)s", name="Anna")) == "Part d’Anna"
        html = render_template_string("{{ _('Part of %(name)s', name=n) }}", n="Ève <3")
        assert html == "Part d’Ève &lt;3"


def test_the_french_round_form_says_points_d_oscar(client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Oscar", "Ben", "Amélie"])
    client.post(f"{game}/settings", data={"counting": "net"})
    response = client.get(f"{game}/rounds/new?lang=fr")
    page = Page(response).text
    assert "Points d’Oscar" in page and "Points d’Amélie" in page and "Points de Ben" in page
    # Nowhere, not even in a label read out (aria-label) or a field's note.
    raw = response.get_data(as_text=True)
    assert "de Oscar" not in raw and "de Amélie" not in raw
