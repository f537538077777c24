"""What the web matrix asks of every game, variant and table page (tests/web/test_matrix.py),
and tools/snapshot.py writes to a folder: one function a page, each answering the response, the
status it must have, what it is and a piece of HTML it must hold."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .matrix_games import (
    NAMES,
    Built,
    build,
    cards_fields,
    combinations,
    form_data,
    forms,
    game_file,
    net_fields,
    numbers_fields,
    table_cards,
)

LANGS = ("de", "en", "fr")


class Matrix:
    """The app, one browser (it knows every game, for the statistics) and the games."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.client = app.test_client()
        self.evenings: dict[str, str] = {}
        self.games: dict[tuple[str, str], Built | str] = {}

    def build(self, variant: str, mode: str) -> None:
        try:
            built: Built | str = build(self.client, variant, mode, self.evenings)
        except AssertionError as e:  # the test of every page says why it has no game
            built = f"the {variant} game entered as {mode} could not be built: {e}"
        self.games[(variant, mode)] = built

    def game(self, variant: str, mode: str) -> Built:
        built = self.games[(variant, mode)]
        if isinstance(built, str):
            pytest.fail(built, pytrace=False)
        return built


Asked = tuple[TestResponse, int, str, str]
"""The answer, the status it must have, what it is (html, pdf, csv or json) and a piece of
HTML it must hold (a preview must show the engine's breakdown, not only the form)."""

BREAKDOWN = '<table class="breakdown">'


def url(path: str, lang: str) -> str:
    return path + ("&" if "?" in path else "?") + f"lang={lang}"


def get(c: FlaskClient, path: str, lang: str, status: int = 200, kind: str = "html") -> Asked:
    return c.get(url(path, lang)), status, kind, ""


def post(c: FlaskClient, path: str, lang: str, data: dict[str, str], status: int = 200,
         htmx: bool = False, shows: str = "") -> Asked:
    headers = {"HX-Request": "true"} if htmx else {}
    return c.post(url(path, lang), data=data, headers=headers), status, "html", shows


def next_round(b: Built, n: int | None = None) -> dict[str, str]:
    """The next round (or round ``n``) as this game's way of entering types it (together:
    by cards)."""
    n = b.rounds + 1 if n is None else n
    if b.mode == "net":
        return net_fields(n)
    if b.mode in ("numbers", "corrected", "finished", "playoff"):
        return numbers_fields(b.variant, n)
    return cards_fields(b.variant, n)


def with_a_slip(b: Built) -> dict[str, str]:
    """The next round with one mistake in Ben's field (a letter in a number, a card that
    is none)."""
    data = next_round(b)
    if "net_1" in data:
        return data | {"net_1": "12x"}
    if data.get("mode_1") == "cards":
        return data | {"p1_hand": "Xx 5h"}
    return data | {"hand_1": "12x"}


def a_different_deal(b: Built) -> dict[str, str]:
    """The last round saved as another phone typed it, with more points in Cleo's hand:
    it was entering that round when this one was saved (a conflict)."""
    data = next_round(b, b.rounds) | {"action": "save", "number": str(b.rounds)}
    if "net_2" in data:
        return data | {"net_2": "-31"}
    if data.get("mode_2") == "cards":
        return data | {"p2_hand": data["p2_hand"].replace("Kd", "9h").replace("4d", "Kd")}
    return data | {"hand_2": str(int(data["hand_2"]) + 1)}


def the_same_deal(c: FlaskClient, b: Built, lang: str) -> dict[str, str]:
    """The last round saved, entered again on another phone as a new round of that number
    (it is no conflict: the phone is told it was saved already)."""
    data = form_data(c.get(url(f"{b.game}/rounds/{b.rounds}/edit", lang)).get_data(
        as_text=True), "round")
    return {k: v for k, v in data.items() if k != "version"} | {
        "action": "save", "number": str(b.rounds)}


def first_meld(b: Built) -> str:
    return table_cards(b.variant, b.rounds + 1)[0][0][0]


def every_card_in_the_form(c: FlaskClient, b: Built, lang: str) -> Asked:
    """The correction form of each round holds every card of its entry, player by player
    (saving it unchanged must not lose a card)."""
    asked = get(c, f"{b.game}/rounds/1/edit", lang)
    lost = []
    for rnd in game_file(c, b.game)["rounds"]:
        form = edit_form(c, b, lang, rnd["number"])
        players = rnd["entry"]["players"]
        words = {}  # 9c@Ben: Ben's 9c; a lay-off "Anna: 9c" stands in the layer's fields
        for i, player in enumerate(players):
            typed = " ".join(v for k, v in form.items() if re.fullmatch(rf"p{i}_(meld\d+|hand)", k))
            words[player["name"]] = [word.split("@")[0] for word in typed.split()]
        for player in players:
            held = [c for m in player.get("melds", [])
                    for c in (m["cards"] if isinstance(m, dict) else m)] + player.get("hand", [])
            for entry in held:
                card, layer = (entry, None) if isinstance(entry, str) else (entry["card"],
                                                                            entry.get("by"))
                where = next((w for w in (words[player["name"]], words.get(layer, []))
                              if card in w), None)
                if where is not None:
                    where.remove(card)
                else:
                    lost.append(f"round {rnd['number']}: {player['name']}'s {card}")
    assert not lost, f"the correction form lost cards: {lost}"
    return asked


def edit_form(c: FlaskClient, b: Built, lang: str, number: int = 1) -> dict[str, str]:
    return form_data(c.get(url(f"{b.game}/rounds/{number}/edit", lang)).get_data(as_text=True),
                     "round")


# What a player types into the referee's questions (the page says which it asks).
REFEREE = {
    "meld": {"cards": "Qh Kh Ah"},
    "hand": {"cards": "JK 5h Kd"},
    "initial": {"melds": "10h Jh Qh Kh\n7s 7h 7d"},
    "out": {"melds": "10h Jh Qh Kh\n7s 7h 7d", "keep": "5d"},
    "standings": {"totals": "Anna 120\nBen 95\nCleo 80", "played": "2"},
}


def referee_questions(htmx: bool) -> Callable[[FlaskClient, Built, str], list[Asked]]:
    """Every question the game's referee page asks, posted as its form shows it with what
    a player types; a question without a sample here may answer 422 (what is missing)."""
    def ask(c: FlaskClient, b: Built, lang: str) -> list[Asked]:
        page = c.get(url(f"{b.game}/referee", lang)).get_data(as_text=True)
        questions = [fields for _attrs, fields in forms(page) if "q" in fields]
        assert {f["q"] for f in questions} >= {"meld", "hand", "standings"}, questions
        asked = []
        for fields in questions:
            response, status, kind, shows = post(c, f"{b.game}/referee", lang,
                                                 fields | REFEREE.get(fields["q"], {}), htmx=htmx)
            if fields["q"] not in REFEREE and response.status_code == 422:
                status = 422
            asked.append((response, status, kind, shows))
        return asked
    return ask


def together_part(b: Built, hand: str) -> dict[str, str]:
    melds, _ = table_cards(b.variant, b.rounds + 1)[1]
    return {"number": str(b.rounds + 1), "mode": "cards", "melds": "\n".join(melds), "hand": hand}


GAME_PAGES: dict[str, Callable[[FlaskClient, Built, str], Asked | list[Asked]]] = {
    "game": lambda c, b, lang: get(c, b.game, lang),
    "print": lambda c, b, lang: get(c, f"{b.game}?print=1", lang),
    "settings": lambda c, b, lang: get(c, f"{b.game}/settings", lang),
    "round_form": lambda c, b, lang: get(c, f"{b.game}/rounds/new", lang),
    "round_check": lambda c, b, lang: post(c, f"{b.game}/rounds/new", lang,
                                           next_round(b) | {"action": "preview"}, shows=BREAKDOWN),
    "round_preview": lambda c, b, lang: post(c, f"{b.game}/rounds/new", lang,
                                             next_round(b) | {"action": "preview"}, htmx=True,
                                             shows=BREAKDOWN),
    "round_slip": lambda c, b, lang: post(c, f"{b.game}/rounds/new", lang,
                                          with_a_slip(b) | {"action": "save"}, 422),
    "round_slip_preview": lambda c, b, lang: post(c, f"{b.game}/rounds/new", lang,
                                                  with_a_slip(b) | {"action": "preview"}, 422,
                                                  htmx=True),
    "round_taken": lambda c, b, lang: post(c, f"{b.game}/rounds/new", lang,
                                           a_different_deal(b), 409),
    "round_taken_same": lambda c, b, lang: post(c, f"{b.game}/rounds/new", lang,
                                                the_same_deal(c, b, lang), 200),
    "round_stale_link": lambda c, b, lang: get(c, f"{b.game}/rounds/new?number=1", lang),
    "check_meld": lambda c, b, lang: post(c, f"{b.game}/rounds/check-meld", lang,
                                          {"field": "p0_meld0", "p0_meld0": first_meld(b),
                                           "number": str(b.rounds + 1)}, htmx=True),
    "check_meld_illegal": lambda c, b, lang: post(c, f"{b.game}/rounds/check-meld", lang,
                                                  {"field": "p0_meld0", "p0_meld0": "7s 8h 10d",
                                                   "number": str(b.rounds + 1)}, htmx=True),
    "check_initial": lambda c, b, lang: post(c, f"{b.game}/rounds/check-initial", lang,
                                             {"initial_melds": first_meld(b) + "\n7s 7h 7d"},
                                             htmx=True),
    "check_initial_page": lambda c, b, lang: get(c, f"{b.game}/rounds/check-initial", lang),
    "edit": lambda c, b, lang: get(c, f"{b.game}/rounds/1/edit", lang),
    "edit_holds_every_card": lambda c, b, lang: every_card_in_the_form(c, b, lang),
    "edit_check": lambda c, b, lang: post(c, f"{b.game}/rounds/1/edit", lang,
                                          edit_form(c, b, lang) | {"action": "preview"},
                                          shows=BREAKDOWN),
    "edit_preview": lambda c, b, lang: post(c, f"{b.game}/rounds/1/edit", lang,
                                            edit_form(c, b, lang) | {"action": "preview"},
                                            htmx=True, shows=BREAKDOWN),
    "live_board": lambda c, b, lang: get(c, f"{b.game}/live?view=board&v=0", lang),
    "live_notice": lambda c, b, lang: get(c, f"{b.game}/live?view=notice&v=0&since=0"
                                          f"&number={b.rounds + 1}", lang),
    "live_together": lambda c, b, lang: get(c, f"{b.game}/live?view=together&v=0", lang),
    "together": lambda c, b, lang: get(c, f"{b.game}/together", lang),
    "together_as_ben": lambda c, b, lang: get(c, f"{b.game}/together?as=Ben", lang),
    "together_check": lambda c, b, lang: post(c, f"{b.game}/together/check?as=Ben", lang,
                                              together_part(b, "JK 5h")),
    "together_slip": lambda c, b, lang: post(c, f"{b.game}/together?as=Ben", lang,
                                             together_part(b, "Xx 5h"), 422),
    "rules": lambda c, b, lang: get(c, f"{b.game}/rules", lang),
    "referee": lambda c, b, lang: get(c, f"{b.game}/referee", lang),
    "referee_questions": referee_questions(htmx=False),
    "referee_questions_htmx": referee_questions(htmx=True),
    "rounds_csv": lambda c, b, lang: get(c, f"{b.game}/rounds.csv", lang, kind="csv"),
    "game_json": lambda c, b, lang: get(c, f"{b.game}/game.json", lang, kind="json"),
    "sheet_pdf": lambda c, b, lang: get(c, f"{b.game}/sheet.pdf?details=1", lang, kind="pdf"),
    "evening": lambda c, b, lang: get(c, b.evening, lang),
}




# A game that is over enters no new round: these answer with the way back to the scores
# (an entry of the last round from a second phone is still compared with the saved one).
GAME_OVER = {page: 302 for page in GAME_PAGES if page.startswith("round_")
             and page not in ("round_taken", "round_taken_same")} | {
    "together": 302, "together_as_ben": 302, "together_slip": 303}

# Pages that do not depend on how the rounds went in (the referee's questions, a meld
# checked as it is typed, the variant's evening): asked of each variant's game by cards,
# and of its play-off (a round past the game's last).
SAME_FOR_EVERY_MODE = {page for page in GAME_PAGES if page.startswith("referee_")} | {
    "check_meld", "check_meld_illegal", "check_initial", "check_initial_page", "settings",
    "evening"}


def game_pages() -> list[tuple[str, str, str, str]]:
    """(variant, mode, page, lang) to ask. A score sheet takes a second to render: each
    game's in one language, German and English in turn, so that every variant and every
    way of entering is printed in both languages."""
    out = []
    for n, (variant, mode) in enumerate(combinations()):
        for page in GAME_PAGES:
            if page in SAME_FOR_EVERY_MODE and mode not in ("cards", "playoff"):
                continue
            langs = [LANGS[n % len(LANGS)]] if page == "sheet_pdf" else LANGS
            out += [(variant, mode, page, lang) for lang in langs]
    return out



VARIANT_PAGES: dict[str, Callable[[FlaskClient, str, str], Asked]] = {
    "new_game": lambda c, v, lang: get(c, f"/games/new?variant={v}", lang),
    "rules": lambda c, v, lang: get(c, f"/rules/{v}", lang),
    "referee": lambda c, v, lang: get(c, f"/referee/{v}", lang),
    "blank_sheet": lambda c, v, lang: get(c, f"/sheets/blank?variant={v}&players="
                                          + ",".join(NAMES), lang, kind="pdf"),
}




def evening_sheet(c: FlaskClient, m: Matrix, lang: str) -> list[Asked]:
    return [get(c, f"{evening}/sheet.pdf", lang, kind="pdf") for evening in m.evenings.values()]


TABLE_PAGES: dict[str, Callable[[FlaskClient, Matrix, str], list[Asked]]] = {
    "home": lambda c, m, lang: [get(c, "/", lang)],
    "statistics": lambda c, m, lang: [get(c, "/players?a=Anna&b=Ben", lang)],
    "statistics_csv": lambda c, m, lang: [get(c, "/players.csv", lang, kind="csv")],
    "blank_sheet_form": lambda c, m, lang: [get(c, "/sheets/blank", lang)],
    "referee_choice": lambda c, m, lang: [get(c, "/referee/", lang)],
    "import_form": lambda c, m, lang: [get(c, "/games/import", lang)],
    "evening_sheets": evening_sheet,
}
