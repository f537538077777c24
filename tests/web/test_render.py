"""Score sheets are rendered in a process of their own, replaced after a number of sheets."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorepad.sheets import pdf, render
from scorepad.sheets.render import Renderer, RenderError

from ..support.web import new_game

SHEET = "<h1>Jolly</h1><table><tr><td>Anna</td><td>110</td></tr></table>"
FONTS = Path(__file__).resolve().parents[2] / "static" / "fonts"
# A sheet with the sheets' own font: WeasyPrint writes it into a temporary folder.
SHEET_WITH_FONT = (f'<style>@font-face {{ font-family: "S"; src: url("{(FONTS / "DejaVuSans.ttf").as_uri()}"); }}'
                   f' body {{ font-family: "S"; }}</style>{SHEET}')


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


def weasyprint_wrote_into(folder: str | None) -> bool:
    """Whether WeasyPrint keeps its font files in ``folder`` (one ``weasyprint-*`` folder a
    sheet that has not been garbage-collected yet)."""
    assert folder is not None
    return any(Path(folder).glob("weasyprint-*/*"))


def test_a_replaced_renderer_leaves_no_temporary_files(renderer: Renderer) -> None:
    folders = []
    for _ in range(3):  # the third sheet replaces the renderer
        folders.append(renderer.folder or "")
        assert renderer.render(SHEET_WITH_FONT, "file:///").startswith(b"%PDF")
    assert renderer.folder is not None and renderer.folder not in folders
    assert weasyprint_wrote_into(renderer.folder) is False  # the new one has drawn no font yet
    assert not Path(folders[1]).exists()
    renderer.render(SHEET_WITH_FONT, "file:///")
    now = renderer.folder
    assert weasyprint_wrote_into(now)
    renderer.stop()
    assert not Path(str(now)).exists()


@pytest.mark.parametrize("end", ["died", "hung", "terminated"])
def test_a_renderer_that_ended_leaves_no_temporary_files(renderer: Renderer, end: str) -> None:
    renderer.render(SHEET_WITH_FONT, "file:///")
    folder, pid = renderer.folder, renderer.pid
    assert weasyprint_wrote_into(folder) and pid is not None
    if end == "died":  # replaced at the next sheet
        os.kill(pid, signal.SIGKILL)
        assert renderer.render(SHEET_WITH_FONT, "file:///").startswith(b"%PDF")
    elif end == "hung":  # killed after the timeout
        os.kill(pid, signal.SIGSTOP)
        renderer.timeout = 0.5
        with pytest.raises(RenderError, match="no sheet after"):
            renderer.render(SHEET_WITH_FONT, "file:///")
    else:  # SIGTERM: as multiprocessing ends the renderers of an app that exits
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while Path(str(folder)).exists() and time.monotonic() < deadline:
            time.sleep(0.02)
    assert not Path(str(folder)).exists()


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


def test_stopping_at_exit_does_not_wait_for_a_sheet_being_rendered() -> None:
    renderer = Renderer(timeout=4)
    try:
        renderer.render(SHEET, "file:///")
        assert renderer.pid is not None
        os.kill(renderer.pid, signal.SIGSTOP)  # the sheet below takes long
        errors: list[RenderError] = []

        def long_sheet() -> None:
            try:
                renderer.render(SHEET, "file:///")
            except RenderError as e:
                errors.append(e)

        busy = threading.Thread(target=long_sheet)
        busy.start()
        time.sleep(0.3)
        renderer._at_exit()
        # Not waited for: the sheet is still waiting for its answer (it gives up after 4 s).
        assert busy.is_alive()
        busy.join(timeout=10)
        assert [str(e) for e in errors] == ["no sheet after 4 s"]
    finally:
        renderer.stop()
