"""Score sheets are rendered in a process of their own, replaced after a number of sheets."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorepad import pdf, render
from scorepad.render import Renderer, RenderError

from .conftest import new_game

SHEET = "<h1>Jolly</h1><table><tr><td>Anna</td><td>110</td></tr></table>"


@pytest.fixture
def renderer() -> Iterator[Renderer]:
    r = Renderer(sheets_per_process=3, timeout=30)
    yield r
    r.stop()


def test_sheets_are_rendered_in_another_process(renderer: Renderer) -> None:
    assert renderer.render(SHEET, "file:///").startswith(b"%PDF")
    assert renderer.pid is not None and renderer.pid != os.getpid()


def test_the_renderer_is_replaced_after_its_number_of_sheets(renderer: Renderer) -> None:
    renderer.render(SHEET, "file:///")
    first = renderer.pid
    renderer.render(SHEET, "file:///")
    assert renderer.pid == first
    renderer.render(SHEET, "file:///")  # the third: replaced afterwards
    assert renderer.pid != first
    assert renderer.render(SHEET, "file:///").startswith(b"%PDF")


def test_a_renderer_that_died_is_replaced_and_the_sheet_still_comes(renderer: Renderer) -> None:
    renderer.render(SHEET, "file:///")
    dead = renderer.pid
    assert dead is not None
    os.kill(dead, signal.SIGKILL)
    assert renderer.render(SHEET, "file:///").startswith(b"%PDF")
    assert renderer.pid != dead


def test_a_renderer_that_takes_too_long_is_an_error_not_a_hang() -> None:
    slow = Renderer(timeout=0.001)  # not even the warm-up fits
    try:
        with pytest.raises(RenderError, match="no sheet after"):
            slow.render(SHEET, "file:///")
    finally:
        slow.stop()


def test_a_sheet_that_cannot_be_made_is_a_503_page(app: Flask, client: FlaskClient) -> None:
    game = new_game(client, "jolly_at", ["Anna", "Ben"])
    with app.app_context():
        shared = pdf.sheet_renderer()
    shared.stop()
    timeout, shared.timeout = shared.timeout, 0.001
    try:
        response = client.get(f"{game}/sheet.pdf")
    finally:
        shared.timeout = timeout
        shared.stop()
    assert response.status_code == 503
    assert "Please go back and try again." in response.get_data(as_text=True)
    assert client.get(f"{game}/sheet.pdf").data.startswith(b"%PDF")


def test_each_process_has_its_own_renderer(app: Flask) -> None:
    with app.app_context():
        shared = pdf.sheet_renderer()
        assert pdf.sheet_renderer() is shared is render.renderer()
    assert shared.owner == os.getpid()
