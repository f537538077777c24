"""Every variant on a phone 360 px wide, in German, English and French: nothing wider than the
screen, and no number broken over two lines (also at tablet sizes, either way round).

The games are the web matrix's (tests/support/matrix_games.py), built through the forms on a
SQLite file that a server of their own then serves: per variant a game by cards (its
round 1 corrected with the Check breakdown open), a game entered together (a part and a
whole-round problem on the page) and a game corrected from numbers to cards (its history
open), each playing for stakes in the variant's evening. Every main page is opened at
360 px and must not scroll sideways, hold nothing beyond the right edge (also inside a box
that scrolls) and cut no text off in a box that hides what does not fit. A page that does
is photographed into tests/browser/screenshots (every page with ``SCOREPAD_SHOTS=1``).
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from scorepad import create_app
from scorepad.rules import VARIANTS

from ..support.browser_reading import SIZES, wrapped_numbers
from ..support.database import close_connections, migrated_app, sqlite_url
from ..support.matrix_games import Built, build
from .conftest import Server, _compile_catalogs, open_context

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

LANGS = ("de", "en", "fr")
WIDTH = 360
NARROW = {"viewport": {"width": WIDTH, "height": 740}, "device_scale_factor": 1}
MODES = ("cards", "together", "corrected")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[tuple[str, str], Built]]]:
    """The matrix's games of every variant, served with CSRF on as ``make run`` serves."""
    folder: Path = tmp_path_factory.mktemp("matrix-width")
    url = sqlite_url(folder)
    builder = migrated_app(url)
    client = builder.test_client()
    evenings: dict[str, str] = {}
    games = {(v, m): build(client, v, m, evenings) for v in VARIANTS for m in MODES}
    close_connections(builder)
    catalogs = _compile_catalogs(folder / "translations")
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "test", "TESTING": False,
                      "BABEL_TRANSLATION_DIRECTORIES": str(folder / "translations"),
                      "RATELIMIT_ENABLED": False})
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, name="matrix-width", daemon=True)
    thread.start()
    try:
        yield Server(f"http://127.0.0.1:{httpd.server_port}", app.config["HTMX_CDN"], catalogs), games
    finally:
        httpd.shutdown()
        thread.join(timeout=5)
        close_connections(app)


def settled(page: Any) -> None:
    """Wait until htmx has swapped and settled (sizes move while it does)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


# Went out from the hand, so nobody laid off onto Anna's melds and (Hand-Rommé asks it)
# nobody else has melded: the widest breakdown, with a factor or Rami's surcharges.
FROM_THE_HAND = {"p0_meld1": "6c 7c 8c", "p1_meld0": "", "p1_hand": "7s 7h 7d JK 5h"}


def check_from_the_hand(page: Any) -> None:
    """Check round 1 of the game by cards as gone out from the hand, where a variant has it.

    Fields are set without a tap: a focused card field opens the picker, which swallows
    the next tap (issue 18, another engineer's); the widths are the point here."""
    if page.locator("input[name=hand_win]").count():
        # Ben's lay-off onto Anna's meld lies in a meld field of his own ("Anna 2: 9c"):
        # a round gone out from the hand has none, so every field of his is emptied first.
        page.evaluate("""() => document.querySelectorAll('[name^=p1_meld]')
            .forEach(e => { e.value = ''; })""")
        for name, value in FROM_THE_HAND.items():
            page.locator(f"input[name={name}]").evaluate("(e, v) => { e.value = v; }", value)
        page.locator("input[name=hand_win]").evaluate("e => { e.checked = true; }")
    page.locator("button[name=action][value=preview]").click()
    expect(page.locator("#check table.breakdown")).to_be_visible()
    settled(page)


def main_pages(page: Any, games: dict[tuple[str, str], Built], variant: str
               ) -> Iterator[str]:
    """Open each main page of the variant's games in turn; yield its name once shown."""
    cards, together, corrected = (games[(variant, m)] for m in MODES)
    steps: list[tuple[str, str, Any]] = [
        ("game page, history open", corrected.game,
         lambda: page.locator("details.history summary").click()),
        ("table view", f"{corrected.game}/table", None),
        ("print view", f"{corrected.game}?print=1", None),
        ("round form", f"{corrected.game}/rounds/new", None),
        ("correction by cards, checked", f"{cards.game}/rounds/1/edit",
         lambda: check_from_the_hand(page)),
        ("together, Ben's part", f"{together.game}/together?as=Ben", None),
        ("rules", f"{corrected.game}/rules", None),
        ("referee", f"{corrected.game}/referee", None),
        ("evening", corrected.evening, None),
        ("statistics", "/players?a=Anna&b=Ben", None),
        ("new game, house rules open", f"/games/new?variant={variant}",
         lambda: page.locator("main details summary").first.click()),
    ]
    for name, path, then in steps:
        page.goto(path)
        if then is not None:
            then()
        yield name


# Everything beyond the phone's right edge (the outermost such element; also inside a box
# that scrolls sideways), and all text that a box hiding its overflow cuts off (a form
# field scrolls its own text, and a tap target may be wider than its text: neither counts).
# The phone's width is given: a mobile browser zooms out to a page wider than the screen,
# and innerWidth then says the page's width (496 px for a wide table), not the phone's.
OVERFLOW_JS = """width => {
  const found = [];
  if (window.innerWidth !== width) found.push(`zoomed out to ${window.innerWidth} px`);
  const reported = new Set();
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.className && typeof el.className === 'string'
       ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const words = el => (el.innerText || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
  if (document.documentElement.scrollWidth > width)
    found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width < 2 || box.height < 2 || style.visibility === 'hidden') continue;
    if (style.position === 'absolute' && style.clip !== 'auto') continue;  // read out only
    if (reported.has(el.parentElement)) { reported.add(el); continue; }
    if (box.right > width + 1) {
      reported.add(el);
      found.push(`${name(el)} "${words(el)}" reaches ${Math.round(box.right)} px`);
      continue;
    }
    if (!['hidden', 'clip'].includes(style.overflowX) || el.scrollWidth <= el.clientWidth + 1
        || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width > 0 && (text.right > box.right + 1 || text.left < box.left - 1)) {
        reported.add(el);
        found.push(`${name(el)} "${words(el)}" cut: its text ${Math.round(text.width)} px `
                   + `in ${Math.round(box.width)} px`);
        break;
      }
    }
  }
  return found;
}"""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_no_page_of_any_variant_is_wider_than_a_360px_phone(
        playwright: Any, browser: Any, table: tuple[Server, dict[tuple[str, str], Built]],
        screenshots: Path, variant: str, lang: str) -> None:
    server, games = table
    context = open_context(playwright, browser, server, lang, **NARROW)
    try:
        page = context.new_page()
        too_wide = {}
        for name in main_pages(page, games, variant):
            found = page.evaluate(OVERFLOW_JS, WIDTH) + wrapped_numbers(page)
            if found:
                too_wide[name] = found
            if found or os.environ.get("SCOREPAD_SHOTS"):
                page.screenshot(path=str(screenshots / (
                    f"matrix-{lang}-{variant}-" + re.sub(r"\W+", "-", name).strip("-") + ".png")),
                    full_page=True)
        assert not too_wide, "\n".join(f"{name}: {found}" for name, found in too_wide.items())
    finally:
        context.close()


# Every example a card field asks for (its data-asks: the placeholder's cards, the lay-off
# notation the page explains; else its placeholder) typed into it: the picker's chips must
# draw no part of it as a wrong card, and the field's count must count only its cards (a
# lay-off's "Anna 2:" is the meld the cards go onto, not a card).
ASKED_JS = """() => {
  const found = [];
  let checked = 0;
  for (const input of document.querySelectorAll('.cards-input')) {
    const asks = input.dataset.asks ? JSON.parse(input.dataset.asks)
      : (input.placeholder ? [input.placeholder] : []);
    const before = input.value;
    for (const example of asks) {
      input.value = example;
      input.dispatchEvent(new Event('input', {bubbles: true}));
      const slot = input.parentNode;
      const chips = slot.querySelector('.chips');
      if (!chips) { found.push(`${input.name}: "${example}" drawn by no chips`); continue; }
      checked += 1;
      const wrong = [...chips.querySelectorAll('.not-card')].map(c => c.textContent.trim());
      if (wrong.length) found.push(`${input.name}: "${example}" drawn as wrong cards ${wrong.join(' | ')}`);
      const cards = chips.querySelectorAll('.chip:not(.onto)').length;
      const count = slot.querySelector('.card-count');
      const said = parseInt(((count && count.textContent) || '').replace(/\\D+/g, ' ').trim() || '0', 10);
      if (said !== cards) found.push(`${input.name}: "${example}" counted as ${said} cards, drawn ${cards}`);
    }
    input.value = before;
    input.dispatchEvent(new Event('input', {bubbles: true}));
  }
  return {found, checked};
}"""


def card_pages(page: Any, games: dict[tuple[str, str], Built], variant: str) -> Iterator[str]:
    """The pages of the variant's games that ask for cards: open each, yield its name."""
    cards, together, corrected = (games[(variant, m)] for m in MODES)
    for name, path in (("round form", f"{corrected.game}/rounds/new"),
                       ("correction by cards", f"{cards.game}/rounds/1/edit"),
                       ("together, Ben's part", f"{together.game}/together?as=Ben")):
        page.goto(path)
        yield name


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", [v for v in VARIANTS if VARIANTS[v].has_layoffs])
def test_no_chip_draws_what_the_page_asked_for_as_a_wrong_card(
        playwright: Any, browser: Any, table: tuple[Server, dict[tuple[str, str], Built]],
        variant: str, lang: str) -> None:
    server, games = table
    context = open_context(playwright, browser, server, lang, **NARROW)
    try:
        page = context.new_page()
        wrong, checked = {}, {}
        for name in card_pages(page, games, variant):
            answer = page.evaluate(ASKED_JS)
            checked[name] = answer["checked"]
            if answer["found"]:
                wrong[name] = answer["found"]
        assert not wrong, "\n".join(f"{name}: {found}" for name, found in wrong.items())
        # Each page asked for something: its melds, and the lay-off the page explains.
        assert all(n >= 2 for n in checked.values()), checked
    finally:
        context.close()


@pytest.mark.parametrize("size", [s for s in SIZES if s != "Pixel 5"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_no_number_is_broken_over_two_lines_on_a_tablet(
        playwright: Any, browser: Any, table: tuple[Server, dict[tuple[str, str], Built]],
        screenshots: Path, variant: str, size: str) -> None:
    """The pages a tablet in the middle of the table shows: the game page, the table view,
    the print view (French: its words are the longest)."""
    server, games = table
    context = open_context(playwright, browser, server, "fr", **SIZES[size])
    try:
        page = context.new_page()
        game = games[(variant, "corrected")].game
        wrapped = {}
        for path in (game, f"{game}/table", f"{game}?print=1"):
            page.goto(path)
            found = wrapped_numbers(page)
            if found:
                wrapped[path] = found
                page.screenshot(path=str(screenshots / (
                    f"matrix-wrapped-{variant}-{size.replace(' ', '-')}.png")), full_page=True)
        assert not wrapped, wrapped
    finally:
        context.close()
