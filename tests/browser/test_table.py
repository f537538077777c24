"""A table keeping score on a phone: new games, rounds by numbers, corrections, languages.

Selectors are input names, ids and roles; translated text is asserted where the
language is the point (``server.text`` gives the app's catalog, the regular
expressions the words a German player expects).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from scorepad.web.helpers import HTMX_VERSION

from ..support.browser_table import (
    GAME_URL,
    LANGS,
    NARROW,
    TARGETS_JS,
    WIDTH_JS,
    breakdown_totals,
    fill_round,
    keep_previews,
    round_scores,
    save,
    shot,
    start_game,
    totals,
)
from .conftest import Server, open_context

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

SIX = ["Alexandra", "Bernhard", "Christiane", "Dominik", "Elisabeth", "Friedrich"]


# What a player does ------------------------------------------------------------------------


def enter_round(page: Any, game: str, hands: Sequence[int | str],
                melds: Sequence[int | str] | None = None, closer: int | None = 0,
                hand_win: bool = False) -> None:
    page.goto(f"{game}/rounds/new")
    fill_round(page, hands, melds, closer, hand_win)
    save(page)
    page.wait_for_url(GAME_URL)


# What the game page shows -------------------------------------------------------------------


# 1. A whole Jolly game ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_jolly_game_to_the_target_with_a_correction_names_the_winner(
        new_page: Any, server: Server, screenshots: Path, lang: str) -> None:
    page = new_page(lang)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    shot(page, screenshots, f"{lang}-1-home")
    page.locator("main a.button.primary").click()
    expect(page.locator("h1")).to_have_text(
        server.text(lang, "New game: which game do you play?"))
    if lang == "de":
        expect(page.locator("h1")).to_contain_text("Neues Spiel")
    shot(page, screenshots, f"{lang}-2-new-game-variants")
    page.locator("a.choice[href*='variant=jolly_at']").click()
    expect(page.locator("h1")).to_have_text(
        "Jolly (Österreich)" if lang == "de" else "Jolly (Austria)")
    for i, name in enumerate(["Anna", "Ben", "Cleo"]):
        page.locator(f"input[name=player_{i}]").fill(name)
    page.locator("input[name=hr_target]").fill("100")
    shot(page, screenshots, f"{lang}-3-new-game-form")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    game = str(page.url)
    expect(page.locator("main p.muted").first).to_contain_text(
        server.text(lang, "ends when a total is over %(t)d", t=100))

    # Round 1, with the live preview on screen.
    page.locator(".next a.button.primary").click()
    expect(page.locator("h1")).to_have_text(server.text(lang, "Round %(n)d", n=1))
    previews = keep_previews(page)
    fill_round(page, melds=[60, 40, 0], hands=[0, 20, 35], closer=0)
    try:
        expect(page.locator("#check table.breakdown tbody tr")).to_have_count(3)
    except AssertionError as e:
        raise AssertionError(f"{e}\nthe previews were answered: {previews}") from None
    assert breakdown_totals(page) == {"Anna": "+90", "Ben": "+20", "Cleo": "-35"}
    shot(page, screenshots, f"{lang}-4-round-form-preview")
    save(page)
    page.wait_for_url(GAME_URL)
    assert round_scores(page, 1) == ["+90", "+20", "-35"]

    enter_round(page, game, melds=[10, 50, 20], hands=[30, 0, 10], closer=1)
    assert totals(page) == ["70", "100", "-25"]
    # 100 is not past a target of 100: the game goes on.
    expect(page.locator(".result")).to_have_count(0)
    expect(page.locator(".next a.button.primary")).to_have_text(
        server.text(lang, "Enter round %(n)d", n=3))
    if lang == "de":
        expect(page.locator(".next a.button.primary")).to_have_text("Runde 3 eintragen")

    enter_round(page, game, melds=[0, 30, 40], hands=[15, 5, 0], closer=2)
    assert totals(page) == ["55", "125", "45"]
    expect(page.locator(".next")).to_have_count(0)

    # Correct round 1: Ben had 5 points left in the hand, not 20.
    page.locator("#round-1 th a").click()
    expect(page.locator("h1")).to_have_text(server.text(lang, "Correct round %(n)d", n=1))
    expect(page.locator("input[name=hand_1]")).to_have_value("20")
    expect(page.locator("input[name=closer][value='0']")).to_be_checked()
    page.locator("input[name=hand_1]").fill("5")
    save(page)
    page.wait_for_url(GAME_URL)
    assert round_scores(page, 1) == ["+90", "+35", "-35"]
    assert totals(page) == ["55", "140", "45"]

    history = page.locator("details.history")
    history.locator("summary").click()
    latest = history.locator("li").first
    expect(latest).to_be_visible()
    expect(latest).to_contain_text(server.text(lang, "Round %(n)d corrected", n=1))
    expect(latest).to_contain_text("Ben 20")
    expect(latest).to_contain_text("Ben 35")
    expect(history.locator("li")).to_have_count(4)

    winner = page.locator("p.result[role=status]")
    expect(winner).to_have_text(server.text(lang, "%(name)s wins!", name="Ben"))
    if lang == "de":
        expect(winner).to_have_text("Ben gewinnt!")
    shot(page, screenshots, f"{lang}-5-game-winner")

    page.goto("/")
    finished = page.locator("main section").nth(1)
    path = game.removeprefix(server.url)
    expect(finished.locator(f"ul.games a[href='{path}']")).to_contain_text("Anna, Ben, Cleo")


# 2. Hand-Rommé doubles the others' penalty points -------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_hand_romme_doubles_the_penalty_points_of_the_others(
        new_page: Any, server: Server, lang: str) -> None:
    page = new_page(lang)
    game = start_game(page, "romme_de", ["Anna", "Ben", "Cleo"])
    page.goto(f"{game}/rounds/new")
    expect(page.locator("label:has(input[name=hand_win])")).to_contain_text("Hand-Rommé")
    fill_round(page, hands=[0, 20, 35], closer=0, hand_win=True)
    page.locator("button[name=action][value=preview]").click()
    hands = page.locator("#check table.breakdown tbody tr td:nth-of-type(1)")
    expect(hands).to_have_text(["0", "20×2", "35×2"])
    assert breakdown_totals(page) == {"Anna": "0", "Ben": "40", "Cleo": "70"}
    save(page)
    page.wait_for_url(GAME_URL)
    assert round_scores(page, 1) == ["0", "40", "70"]
    expect(page.locator("#round-1 td.closer .mark")).to_have_text("★★")

    # An ordinary round next: nothing doubled.
    enter_round(page, game, hands=[10, 0, 15], closer=1)
    assert round_scores(page, 2) == ["10", "0", "15"]
    expect(page.locator("#round-2 td.closer .mark")).to_have_text("★")
    assert totals(page) == ["10", "40", "85"]
    expect(page.locator("main p.muted").first).to_contain_text(
        server.text(lang, "lowest total wins"))


# 3. Mistakes come back at their field, with everything typed ---------------------------------

def assert_kept(page: Any, melds: Sequence[str], hands: Sequence[str]) -> None:
    for i, (meld, hand) in enumerate(zip(melds, hands)):
        expect(page.locator(f"input[name=meld_{i}]")).to_have_value(meld)
        expect(page.locator(f"input[name=hand_{i}]")).to_have_value(hand)


@pytest.mark.parametrize("lang", LANGS)
def test_round_with_mistakes_comes_back_with_the_message_at_the_field_and_all_input_kept(
        new_page: Any, server: Server, lang: str) -> None:
    # Without htmx: the live preview would race the save button (see test 6 for htmx).
    page = new_page(lang, javascript=False)
    game = start_game(page, "jolly_at", ["Anna", "Ben", "Cleo"])
    page.goto(f"{game}/rounds/new")

    # Nobody marked as gone out.
    melds, hands = ["60", "40", "0"], ["0", "20", "35"]
    fill_round(page, hands, melds)
    save(page)
    flags = page.locator(".round-flags")
    expect(flags).to_have_class(re.compile(r"\binvalid\b"))
    expect(flags.locator(".field-error")).to_have_text(
        "Niemand ist ausgegangen: Bitte den Spieler markieren, der die Runde beendet hat."
        if lang == "de" else "Nobody went out: mark the player who ended the round.")
    assert_kept(page, melds, hands)
    expect(page.locator("input[name=closer]:checked")).to_have_count(0)

    # A typing slip in Ben's hand points.
    page.locator("input[name=closer][value='0']").check()
    page.locator("input[name=hand_1]").fill("12x")
    save(page)
    ben = page.locator("fieldset.player", has=page.locator("input[name=hand_1]"))
    expect(ben).to_have_class(re.compile(r"\binvalid\b"))
    expect(ben.locator(".field-error")).to_have_text(
        server.text(lang, "Enter a whole number, like 25."))
    if lang == "de":
        expect(ben.locator(".field-error")).to_contain_text("ganze Zahl")
    expect(page.locator("input[name=hand_1]")).to_have_attribute("aria-invalid", "true")
    assert_kept(page, melds, ["0", "12x", "35"])
    expect(page.locator("input[name=closer][value='0']")).to_be_checked()
    expect(page.locator("fieldset.player .field-error")).to_have_count(1)

    # The closer still holding cards: the engine's word, at Anna's hand points.
    page.locator("input[name=hand_1]").fill("20")
    page.locator("input[name=hand_0]").fill("5")
    save(page)
    anna = page.locator("fieldset.player", has=page.locator("input[name=hand_0]"))
    expect(anna.locator(".field-error")).to_have_text(
        "Anna ist ausgegangen, hat aber noch 5 auf der Hand." if lang == "de"
        else "Anna went out but still holds 5.")
    assert_kept(page, melds, ["5", "20", "35"])
    expect(page.locator("input[name=closer][value='0']")).to_be_checked()
    expect(page.locator("h1")).to_have_text(server.text(lang, "Round %(n)d", n=1))

    page.goto(game)
    expect(page.locator("table.scores tbody tr")).to_have_count(0)


# 4. Phones 360 px wide: no sideways scrolling, tap targets of 44 px ---------------------------

@pytest.fixture(scope="module")
def six_players(playwright: Any, browser: Any, server: Server) -> Iterator[str]:
    """A Jolly game of six players with three rounds of three-digit scores and a correction."""
    context = open_context(playwright, browser, server, "en", javascript=False)
    page = context.new_page()
    game = start_game(page, "jolly_at", SIX)
    enter_round(page, game, melds=[120, 45, 30, 0, 75, 10], hands=[0, 15, 40, 85, 5, 125])
    enter_round(page, game, melds=[35, 140, 0, 20, 60, 45], hands=[65, 0, 110, 30, 10, 5],
                closer=1)
    enter_round(page, game, melds=[0, 25, 95, 130, 0, 40], hands=[150, 35, 10, 0, 90, 20],
                closer=3)
    page.goto(f"{game}/rounds/1/edit")
    page.locator("input[name=hand_5]").fill("105")
    save(page)
    page.wait_for_url(GAME_URL)
    context.close()
    yield game


def main_pages(page: Any, game: str) -> Iterator[str]:
    """Open each main page in turn; yield its name once it is shown."""
    page.goto("/")
    yield "home"
    page.goto("/games/new")
    yield "variants"
    page.goto("/games/new?variant=jolly_at")
    page.locator("main details summary").click()
    yield "new game (house rules open)"
    page.goto(game)
    page.locator("details.history summary").click()
    yield "game of six (history open)"
    page.goto(f"{game}/rounds/new")
    fill_round(page, melds=[150, 45, 30, 0, 75, 10], hands=[0, 115, 140, 85, 105, 125],
               closer=0, hand_win=True)
    page.locator("button[name=action][value=preview]").click()
    expect(page.locator("#check table.breakdown tbody tr")).to_have_count(6)
    page.wait_for_load_state()  # the posted page with its style sheet, not the one it replaces
    yield "round of six with breakdown"
    fill_round(page, melds=[150, 45, 30, 0, 75, 10], hands=[0, "115x", 140, 85, 105, 125])
    page.locator("button[name=action][value=preview]").click()
    expect(page.locator(".field-error")).to_have_count(1)
    # Measured once htmx has swapped and settled (sizes move while it does, on a busy machine).
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    yield "round of six with a mistake"
    page.goto(f"{game}/rounds/2/edit")
    yield "correction"
    page.goto("/g/AAAAAAAAAAAAAAAAAAAAAA")
    yield "not found"


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_scrolls_sideways_on_a_360px_phone(
        new_page: Any, six_players: str, screenshots: Path, lang: str) -> None:
    page = new_page(lang, **NARROW)
    too_wide = {}
    for n, name in enumerate(main_pages(page, six_players), start=1):
        shot(page, screenshots, f"{lang}-360px-{n}-" + re.sub(r"\W+", "-", name).strip("-"))
        scroll_width, width = page.evaluate(WIDTH_JS)
        assert width == 360
        if scroll_width > 360:
            too_wide[name] = scroll_width
    assert too_wide == {}


# A score cell whose text does not fit: the table cuts it off with an ellipsis.
CUT_SCORES_JS = """() => Array.from(document.querySelectorAll('.scores td'))
  .filter(td => td.scrollWidth > td.clientWidth)
  .map(td => `${td.closest('tr').id || 'total'}: ${td.innerText.replace(/\\s+/g, ' ')}`)"""


def test_every_score_of_six_players_is_readable_on_a_360px_phone(
        new_page: Any, six_players: str) -> None:
    page = new_page("en", **NARROW)
    page.goto(six_players)
    expect(page.locator("table.scores tbody tr")).to_have_count(3)
    assert page.evaluate(CUT_SCORES_JS) == []


# A player's name in the head of the scoreboard that does not fit: cut off (by the cell or by
# its three-line clamp).
CUT_NAMES_JS = """() => Array.from(document.querySelectorAll('.scores thead th:not(.num)'))
  .filter(th => [th, ...th.querySelectorAll('*')].some(
      e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
  .map(th => th.innerText.replace(/\\s+/g, ' '))"""


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_of_six_players_is_whole_on_a_360px_phone(
        new_page: Any, six_players: str, screenshots: Path, lang: str) -> None:
    page = new_page(lang, **NARROW)
    page.goto(six_players)
    expect(page.locator("table.scores thead th")).to_have_count(7)
    shot(page, screenshots, f"{lang}-360px-six-names")
    assert page.evaluate(CUT_NAMES_JS) == []


# A word of a heading, a label or a button broken inside ("Hausreg / eln"): its letters lie on
# two lines. Player names in the scoreboard's head may wrap (they are not words of the page).
BROKEN_WORDS_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll(
      'main h1, main h2, main h3, main summary, main legend, main label, main button, main th,'
      + ' main td, main a')) {
    if (el.closest('.scores thead') || el.offsetParent === null) continue;
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (const m of node.textContent.matchAll(/[^\\s\\u00ad\\-–—\\/·,.;:()]{3,}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                                                        .map(r => Math.round(r.top)));
        if (tops.size > 1) out.push(`${el.tagName.toLowerCase()}: ${m[0]}`);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_no_word_breaks_inside_on_a_360px_phone(
        new_page: Any, six_players: str, lang: str) -> None:
    page = new_page(lang, **NARROW)
    broken = {}
    for name, url in {"home": "/", "variants": "/games/new",
                      "new game (house rules open)": "/games/new?variant=jolly_at",
                      "game of six": six_players, "referee of the game": f"{six_players}/referee",
                      "rules of the game": f"{six_players}/rules",
                      "referee (house rules open)": "/referee/rami_fr"}.items():
        page.goto(url)
        for summary in page.locator("main details:not(.history) > summary").all():
            summary.click()
        found = page.evaluate(BROKEN_WORDS_JS)
        if found:
            broken[name] = found
    assert broken == {}


# Inline links in a sentence are exempt from the 44 px rule (WCAG 2.5.8), but "Another game"
# and "Back to the scores" are the only ways back, so they are full-size targets.
def test_the_chart_legend_shows_small_colour_squares(new_page: Any, six_players: str) -> None:
    page = new_page("en", **NARROW)
    page.goto(six_players)
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('figcaption svg.swatch')].map(e => e.getBoundingClientRect().height)")
    assert len(sizes) == 6 and max(sizes) <= 20, sizes


# A checkbox or radio button beside a label that wraps must keep its size (1.5rem = 24 px).
SQUEEZED_JS = """() => [...document.querySelectorAll('input[type=checkbox], input[type=radio]')]
  .filter(e => e.offsetParent !== null)
  .map(e => [e.name, e.getBoundingClientRect()])
  .filter(([, r]) => Math.round(r.width) < 24 || Math.round(r.height) < 24)
  .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.mark.parametrize("lang", LANGS)
def test_no_checkbox_or_radio_button_is_squeezed_by_its_label(
        new_page: Any, six_players: str, lang: str) -> None:
    page = new_page(lang, **NARROW)
    squeezed = {}
    for name in main_pages(page, six_players):
        found = page.evaluate(SQUEEZED_JS)
        if found:
            squeezed[name] = found
    assert squeezed == {}


def test_every_control_is_at_least_44px_high(new_page: Any, six_players: str) -> None:
    page = new_page("en", **NARROW)
    small = {}
    for name in main_pages(page, six_players):
        found = page.evaluate(TARGETS_JS)
        if found:
            small[name] = found
    assert small == {}


# 5. Without JavaScript ----------------------------------------------------------------------

def test_a_phone_without_javascript_creates_a_game_and_saves_a_round(
        new_page: Any, server: Server) -> None:
    page = new_page("en", javascript=False)
    page.goto("/")
    page.locator("main a.button.primary").click()
    page.locator("a.choice[href*='variant=jolly_at']").click()
    for i, name in enumerate(["Ida", "Jon"]):
        page.locator(f"input[name=player_{i}]").fill(name)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    page.locator(".next a.button.primary").click()
    fill_round(page, melds=[55, 20], hands=[0, 45], closer=0)
    page.locator("button[name=action][value=preview]").click()
    assert breakdown_totals(page) == {"Ida": "+85", "Jon": "-25"}
    save(page)
    page.wait_for_url(GAME_URL)
    assert round_scores(page, 1) == ["+85", "-25"]
    assert totals(page) == ["85", "-25"]
    expect(page.locator(".next a.button.primary")).to_have_text("Enter round 2")


# 6. The live preview ------------------------------------------------------------------------

def test_changing_a_number_updates_the_preview_without_loading_the_page(
        new_page: Any, server: Server) -> None:
    page = new_page("en")
    game = start_game(page, "jolly_at", ["Anna", "Ben", "Cleo"])
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    page.evaluate("() => { window.sameDocument = true; }")
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))

    fill_round(page, melds=[60, 40, 0], hands=[0, 20, 35])
    # The preview of the closer's tap: one of the filling's may still be on its way (422).
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"
                              and r.request.method == "POST"
                              and "closer=0" in (r.request.post_data or "")) as preview:
        page.locator("input[name=closer][value='0']").check()
    assert preview.value.status == 200
    expect(page.locator("#check table.breakdown tbody tr")).to_have_count(3)
    assert breakdown_totals(page) == {"Anna": "+90", "Ben": "+20", "Cleo": "-35"}

    page.locator("input[name=hand_1]").fill("5")
    page.locator("input[name=hand_1]").blur()
    expect(page.locator("#check table.breakdown tbody tr").nth(1).locator("td").last) \
        .to_have_text("+35")
    assert page.evaluate("() => window.sameDocument") is True
    assert loads == []
    expect(page.locator("input[name=hand_1]")).to_have_value("5")


def test_a_typing_slip_is_said_at_its_field_not_in_a_summary(
        new_page: Any, server: Server) -> None:
    page = new_page("en")
    game = start_game(page, "jolly_at", ["Anna", "Ben", "Cleo"])
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    fill_round(page, melds=[60, 40, 0], hands=[0, 20, 35], closer=0)
    expect(page.locator("#check table.breakdown")).to_be_visible()
    page.locator("input[name=hand_1]").fill("12x")
    page.locator("input[name=hand_1]").blur()
    expect(page.locator(".typing-error")).to_have_text("Enter a whole number, like 25.")
    # While typing, no red summary above the form: the slip is said where it is.
    expect(page.locator("#check .problems")).to_have_count(0)


def test_htmx_comes_from_the_local_copy_when_the_cdn_is_unreachable(
        new_page: Any, server: Server) -> None:
    page = new_page("en", cdn="block")
    page.goto("/")
    page.wait_for_function("() => window.htmx !== undefined")
    assert page.evaluate("() => htmx.version") == HTMX_VERSION
    expect(page.locator(f"script[src*='/static/vendor/htmx-{HTMX_VERSION}.min.js']")).to_have_count(1)


# 7. The language switch ----------------------------------------------------------------------

@pytest.fixture
def one_round_game(new_page: Any) -> str:
    page = new_page("en", javascript=False)
    game = start_game(page, "romme_de", ["Anna", "Ben"])
    enter_round(page, game, hands=[0, 25])
    return game


SWITCHED = [
    # page, (selector, English, German)
    ("/", "h1", "Your games", "Eure Spiele"),
    ("/games/new", "h1", "New game", "Neues Spiel"),
    ("/games/new?variant=romme_de", "main fieldset legend", "Players in seat order",
     "Spieler in Sitzreihenfolge"),
    ("{game}", ".next a.button", "Enter round 2", "Runde 2 eintragen"),
    ("{game}/rounds/new", "button[name=action][value=save]", "Save round", "Runde speichern"),
    ("{game}/rounds/1/edit", "h1", "Correct round 1", "Runde 1 korrigieren"),
]


def test_the_language_link_on_every_page_switches_that_page(
        new_page: Any, one_round_game: str) -> None:
    page = new_page("en", javascript=False)
    for address, selector, english, german in SWITCHED:
        page.goto(address.format(game=one_round_game))
        path = page.evaluate("() => location.pathname")
        expect(page.locator(selector).first).to_contain_text(english)

        page.locator("header nav.lang a[hreflang=de]").click()
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator(selector).first).to_contain_text(german)
        assert page.evaluate("() => location.pathname") == path
        if address == "/games/new":
            expect(page.locator("a.choice[href*=romme_de]")).to_contain_text("Minuspunkte")
        # The choice is remembered without ?lang= in the address.
        page.goto(address.format(game=one_round_game))
        expect(page.locator("html")).to_have_attribute("lang", "de")

        page.locator("header nav.lang a[hreflang=en]").click()
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator(selector).first).to_contain_text(english)
        assert page.evaluate("() => location.pathname") == path
