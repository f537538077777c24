"""The camera button of the card fields (issue 30), on a phone at Pixel 5 size on the table's
LAN address (plain HTTP, http://table.lan:PORT/, as a phone at the table opens it).

A photo goes in through the field's file input (what the phone's camera hands over); the
page scales it down, the server reads it and the cards come into the field as if typed.
The tests of the page's flow read with a stand-in reader (the app's SCOREPAD_CARD_READER);
the test of "Done when" reads a real held-out photo with the real model.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import expect

from scorepad.reader import ReadCard
from scorepad.rules import adjudicate

from ..support.browser_cards import Picker
from ..support.browser_table import GAME_URL, breakdown_totals, save, shot, start_game, totals
from .conftest import LAN_HOST, Server


class StandIn:
    """A reader that reads what it is told, and keeps the size of each photo it was sent."""

    def __init__(self, cards: list[ReadCard]) -> None:
        self.cards = cards
        self.sizes: list[tuple[str, tuple[int, int]]] = []
        self.exif: list[dict[int, Any]] = []
        self.gate: threading.Event | None = None  # set: it reads once the gate opens

    def __call__(self, data: bytes) -> list[ReadCard]:
        image = Image.open(io.BytesIO(data))
        self.sizes.append((str(image.format), image.size))
        self.exif.append(dict(image.getexif()))
        if self.gate is not None:
            self.gate.wait(10)
        return self.cards


# As the reader answers (its codes): surest first; the page puts them left to right, written
# as the picker writes them on the page (docs/decisions.md "Cards the picker writes"): German
# B and D, English and French codes.
HAND = [ReadCard("Qh", 0.97, (0.30, 0.40, 0.05, 0.08)), ReadCard("JK", 0.91, (0.70, 0.42, 0.05, 0.08)),
        ReadCard("7c", 0.88, (0.10, 0.41, 0.05, 0.08)), ReadCard("Js", 0.41, (0.50, 0.40, 0.05, 0.08))]
HAND_TEXT = {"de": "7c Dh Bs JK", "en": "7c Qh Js JK", "fr": "7c Qh Js JK"}
UNSURE = {"de": "Bs", "en": "Js", "fr": "Js"}  # the card the reader was unsure of, as written
UNSURE_CHIP = {"de": "B♠", "en": "J♠", "fr": "J♠"}


@pytest.fixture
def reader(server: Server) -> Iterator[StandIn]:
    stand_in = StandIn(list(HAND))
    before = server.app.config["SCOREPAD_CARD_READER"]
    server.app.config["SCOREPAD_CARD_READER"] = stand_in
    yield stand_in
    server.app.config["SCOREPAD_CARD_READER"] = before


@pytest.fixture
def lan_page(new_page: Callable[..., Any]) -> Callable[..., Any]:
    """A phone on the table's LAN address (conftest's browser resolves it): no secure context."""
    return lambda lang="en", **kwargs: new_page(lang, origin="lan", **kwargs)


def photo(tmp_path: Path, size: tuple[int, int] = (4000, 3000), name: str = "hand.jpg") -> Path:
    """A phone's photo, as large as a phone takes it (a table's green, no cards drawn)."""
    path = tmp_path / name
    Image.new("RGB", size, (20, 110, 50)).save(path, "JPEG", quality=95)
    return path


def camera_input(page: Any, field: str) -> Any:
    return page.locator(f"input[type=file][data-camera-for='{field}']")


def slot(page: Any, field: str) -> Any:
    return page.locator(f".slot:has(#{field})")


def open_round(page: Any, lang: str) -> str:
    """A Jolly game of Anna and Ben; round 1's form, Anna out by numbers, Ben by cards."""
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    assert game.startswith(f"http://{LAN_HOST}:")
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("input[name=meld_0]").fill("40")
    page.locator("input[name=hand_0]").fill("0")
    page.locator("input[name=closer][value='0']").check()
    page.locator("input[name=mode_1][value=cards]").check()
    return game


def check(page: Any) -> None:
    """*Check*: the page comes back from the server with the breakdown of both players."""
    with page.expect_navigation():
        page.locator("button[name=action][value=preview]").click()
    expect(page.locator("#check table.breakdown tbody tr")).to_have_count(2)


@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_a_photo_fills_the_hand_with_chips_and_the_round_checks_and_saves_as_typed(
        lan_page: Any, server: Server, reader: StandIn, tmp_path: Path, screenshots: Path,
        lang: str) -> None:
    page = lan_page(lang)
    open_round(page, lang)
    button = slot(page, "p1_hand").locator(".camera-button")
    expect(button).to_be_visible()
    expect(button).to_contain_text(server.text(lang, "Read cards from a photo"))
    expect(button).to_contain_text(server.text(lang, "check the cards it read"))
    assert button.bounding_box()["height"] >= 44

    camera_input(page, "p1_hand").set_input_files(photo(tmp_path))
    hand = page.locator("#p1_hand")
    expect(hand).to_have_value(HAND_TEXT[lang])
    chips = slot(page, "p1_hand").locator(".chip")
    expect(chips).to_have_count(4)
    expect(slot(page, "p1_hand").locator(".chip.unsure")).to_have_count(1)
    expect(slot(page, "p1_hand").locator(".chip.unsure")).to_contain_text(UNSURE_CHIP[lang])
    note = slot(page, "p1_hand").locator(".camera-note")
    expect(note).to_contain_text(server.text(lang, "%(n)s cards read and added: check them before you save.",
                                             n=4))
    expect(note).to_contain_text(UNSURE[lang])
    # Scaled down on the phone: a JPEG whose longest side is 1280 px, not the 4000 px taken.
    assert reader.sizes == [("JPEG", (1280, 960))]
    slot(page, "p1_hand").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"{lang}-camera-1-hand-read.png"))

    points = adjudicate({"variant": "jolly_at", "check": "hand", "cards": HAND_TEXT[lang].split()})["points"]
    check(page)
    assert breakdown_totals(page)["Ben"] == f"-{points}"
    expect(page.locator("#p1_hand")).to_have_value(HAND_TEXT[lang])  # the check kept it as typed
    expect(slot(page, "p1_hand").locator(".chip.unsure")).to_contain_text(UNSURE_CHIP[lang])  # still marked
    shot(page, screenshots, f"{lang}-camera-1-hand-checked")
    save(page)
    page.wait_for_url(GAME_URL)
    assert totals(page)[1] == f"-{points}"


@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_the_picker_and_the_camera_write_the_same_cards_alike(
        lan_page: Any, server: Server, reader: StandIn, tmp_path: Path, screenshots: Path,
        lang: str) -> None:
    """One rule on the server (words/cards.py written_ranks) for both: the cards a photo
    brings into Ben's hand are written as the picker writes the same cards tapped into his
    meld (German B and D, English and French codes), while the chips keep the page's letters."""
    page = lan_page(lang)
    open_round(page, lang)
    camera_input(page, "p1_hand").set_input_files(photo(tmp_path))
    expect(page.locator("#p1_hand")).to_have_value(HAND_TEXT[lang])
    page.locator("#p1_meld0").click()
    Picker(page).cards("7c Qh Js JK")
    expect(page.locator("#p1_meld0")).to_have_value(HAND_TEXT[lang])
    assert page.locator("#p1_meld0").input_value() == page.locator("#p1_hand").input_value()
    expect(page.locator("#picker [data-rank='J']")).to_have_text("B" if lang == "de" else "J")
    shot(page, screenshots, f"{lang}-camera-6-picker-alike")


@pytest.mark.parametrize("drawn_by", ["createImageBitmap", "img"])
def test_a_photo_taken_sideways_is_sent_upright_small_and_without_its_metadata(
        lan_page: Any, server: Server, reader: StandIn, tmp_path: Path, drawn_by: str) -> None:
    page = lan_page("en")
    if drawn_by == "img":  # a browser without createImageBitmap
        page.add_init_script("delete window.createImageBitmap;")
    open_round(page, "en")
    # Stored 4000 x 3000 as the sensor saw it; the phone was held upright (EXIF: turn 90°).
    exif = Image.Exif()
    exif[0x0112] = 6
    exif[0x010F] = "PhoneMaker"
    path = tmp_path / "upright.jpg"
    Image.new("RGB", (4000, 3000), (20, 110, 50)).save(path, "JPEG", exif=exif.tobytes())
    camera_input(page, "p1_hand").set_input_files(path)
    expect(page.locator("#p1_hand")).to_have_value(HAND_TEXT["en"])
    assert reader.sizes == [("JPEG", (960, 1280))]
    assert reader.exif == [{}]


def test_the_button_is_busy_while_the_server_reads(lan_page: Any, server: Server, reader: StandIn,
                                                   tmp_path: Path) -> None:
    reader.gate = threading.Event()
    page = lan_page("en")
    open_round(page, "en")
    camera_input(page, "p1_hand").set_input_files(photo(tmp_path))
    button = slot(page, "p1_hand").locator(".camera-button")
    expect(button).to_be_disabled()
    expect(slot(page, "p1_hand").locator(".camera-note")).to_have_text("Reading the cards…")
    reader.gate.set()
    expect(button).to_be_enabled()
    expect(page.locator("#p1_hand")).to_have_value(HAND_TEXT["en"])


def test_the_button_opens_the_phones_camera_and_closes_the_picker(
        lan_page: Any, server: Server, reader: StandIn, tmp_path: Path) -> None:
    page = lan_page("en")
    open_round(page, "en")
    page.locator("#p1_hand").click()
    expect(page.locator("#picker")).to_be_visible()
    with page.expect_file_chooser() as chooser:
        slot(page, "p1_hand").locator(".camera-button").click()
    expect(page.locator("#picker")).to_be_hidden()
    chooser.value.set_files(photo(tmp_path))
    expect(page.locator("#p1_hand")).to_have_value(HAND_TEXT["en"])
    expect(slot(page, "p1_hand").locator(".camera-note")).to_be_in_viewport()


def test_nothing_is_saved_without_save_and_the_cards_are_added_to_what_is_typed(
        lan_page: Any, server: Server, reader: StandIn, tmp_path: Path) -> None:
    page = lan_page("en")
    game = open_round(page, "en")
    page.locator("#p1_hand").fill("2d")
    camera_input(page, "p1_hand").set_input_files(photo(tmp_path))
    expect(page.locator("#p1_hand")).to_have_value("2d " + HAND_TEXT["en"])
    expect(slot(page, "p1_hand").locator(".chip")).to_have_count(5)
    page.goto(game)
    assert totals(page) == ["0", "0"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_photo_without_cards_or_a_file_that_is_no_photo_says_so_and_changes_nothing(
        lan_page: Any, server: Server, reader: StandIn, tmp_path: Path, screenshots: Path,
        lang: str) -> None:
    page = lan_page(lang)
    open_round(page, lang)
    reader.cards = []
    camera_input(page, "p1_hand").set_input_files(photo(tmp_path))
    note = slot(page, "p1_hand").locator(".camera-note")
    expect(note).to_have_text(server.text(lang, "No card found in this photo. Lay the cards side by side "
                                          "with their corners showing, in good light, and try again."))
    expect(page.locator("#p1_hand")).to_have_value("")
    shot(page, screenshots, f"{lang}-camera-2-no-card")
    text = tmp_path / "notes.txt"
    text.write_text("Anna 40, Ben 12")
    camera_input(page, "p1_hand").set_input_files(text)
    expect(note).to_have_text(server.text(lang, "This file is not a photo that can be read. "
                                          "Take the photo again."))
    expect(page.locator("#p1_hand")).to_have_value("")
    assert len(reader.sizes) == 1  # the text file never reached the reader


def test_every_card_field_of_the_round_has_its_camera_but_the_lay_off_lines(
        lan_page: Any, server: Server, reader: StandIn) -> None:
    page = lan_page("en")
    game = open_round(page, "en")
    for field in ("p0_meld0", "p0_hand", "p1_meld0", "p1_hand", "initial_melds"):
        expect(camera_input(page, field)).to_have_count(1)
        assert camera_input(page, field).get_attribute("accept") == "image/*"
        assert camera_input(page, field).get_attribute("capture") == "environment"
        assert camera_input(page, field).get_attribute("name") is None  # never posted
    page.goto(f"{game}/together?as=Anna")
    page.locator("input[name=mode][value=cards]").check()
    expect(camera_input(page, "part-melds")).to_have_count(1)
    expect(camera_input(page, "part-hand")).to_have_count(1)
    expect(camera_input(page, "part-layoffs")).to_have_count(0)


def test_the_referee_reads_a_meld_from_a_photo(lan_page: Any, server: Server, reader: StandIn,
                                               tmp_path: Path, screenshots: Path) -> None:
    reader.cards = [ReadCard("9h", 0.95, (0.5, 0.3, 0.1, 0.1)), ReadCard("7h", 0.93, (0.1, 0.3, 0.1, 0.1)),
                    ReadCard("8h", 0.9, (0.3, 0.3, 0.1, 0.1))]
    page = lan_page("de")
    page.goto("/referee/romme_de")
    page.wait_for_function("() => window.htmx !== undefined")
    camera_input(page, "meld-cards").set_input_files(photo(tmp_path))
    expect(page.locator("#meld-cards")).to_have_value("7h 8h 9h")
    page.locator("#q-meld button[type=submit]").click()
    expect(page.locator("#q-meld .verdict")).to_contain_text("✓")
    # The answered question came back from the server (htmx): its field has its camera again.
    expect(camera_input(page, "meld-cards")).to_have_count(1)
    shot(page, screenshots, "de-camera-3-referee")


def test_without_javascript_there_is_no_camera_and_the_form_is_as_before(
        lan_page: Any, server: Server) -> None:
    page = lan_page("en", javascript=False)
    game = start_game(page, "jolly_at", ["Anna", "Ben"])
    page.goto(f"{game}/rounds/new")
    expect(page.locator("#p1_hand")).to_have_count(1)
    expect(page.locator(".camera-button")).to_have_count(0)
    expect(page.locator("input[type=file]")).to_have_count(0)


def test_the_camera_buttons_fit_a_360px_phone(lan_page: Any, server: Server, reader: StandIn,
                                              tmp_path: Path, screenshots: Path) -> None:
    page = lan_page("de", viewport={"width": 360, "height": 740})
    open_round(page, "de")
    camera_input(page, "p1_hand").set_input_files(photo(tmp_path))
    expect(slot(page, "p1_hand").locator(".chip")).to_have_count(4)
    page.locator("input[name=mode_0][value=cards]").check()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for box in page.locator(".camera-button").all():
        assert box.is_hidden() or box.bounding_box()["height"] >= 44
    shot(page, screenshots, "de-camera-4-360px")


# "Done when": a real photo held out of the reader's training (tests/fixtures/cards/README.md),
# read by the real model.
HELD_OUT = Path(__file__).parents[1] / "fixtures" / "cards" / "spread-2c-8d-Ah-Js.jpg"
HELD_OUT_CARDS = {"de": ["2c", "8d", "Ah", "Bs"], "en": ["2c", "8d", "Ah", "Js"]}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_real_photo_of_a_spread_hand_fills_the_hand_with_its_cards_and_the_round_saves_as_typed(
        lan_page: Any, server: Server, tmp_path: Path, screenshots: Path, lang: str) -> None:
    assert server.app.config["SCOREPAD_CARD_READER"] == "scorepad.reader:read_cards"
    page = lan_page(lang)
    open_round(page, lang)
    camera_input(page, "p1_hand").set_input_files(HELD_OUT)
    chips = slot(page, "p1_hand").locator(".chip")
    # The first photo of a process loads the model.
    expect(chips).to_have_count(len(HELD_OUT_CARDS[lang]), timeout=30_000)
    read = page.locator("#p1_hand").input_value().split()
    assert sorted(read) == sorted(HELD_OUT_CARDS[lang])
    expect(slot(page, "p1_hand").locator(".camera-note")).to_contain_text(
        server.text(lang, "%(n)s cards read and added: check them before you save.", n=4))
    slot(page, "p1_hand").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"{lang}-camera-5-real-photo.png"))

    points = adjudicate({"variant": "jolly_at", "check": "hand", "cards": read})["points"]
    check(page)
    assert breakdown_totals(page)["Ben"] == f"-{points}"
    save(page)
    page.wait_for_url(GAME_URL)
    assert totals(page)[1] == f"-{points}"
