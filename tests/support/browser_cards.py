"""Helpers of the browser tests for cards: the card picker tapped, a round or a part entered by cards."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .browser_table import breakdown_totals


def round_by_cards(page: Any, game: str, players: range | list[int]) -> None:
    """Open the next round's form of ``game`` with htmx ready, ``players`` entered by cards."""
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    for player in players:
        page.locator(f"input[name=mode_{player}][value=cards]").check()


def part_by_cards(page: Any, game: str, who: str) -> None:
    """Open ``who``'s part of the round entered together, htmx ready, by cards."""
    page.goto(f"{game}/together?as={who}")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("input[name=mode][value=cards]").check()


class Picker:
    """Taps on the card picker, counted: a tap is one touch of a button or field."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.suit: str | None = None
        self.current: str | None = None
        self.suits: dict[str, str | None] = {}  # each field keeps its own suit

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.taps += 1

    def field(self, name: str) -> None:
        if name != self.current:
            if self.current is not None:
                self.suits[self.current] = self.suit
            self.suit, self.current = self.suits.get(name), name
        self.tap(f"[name={name}]")

    def reloaded(self) -> None:
        """A new page: the picker remembers no suit."""
        self.suit, self.current, self.suits = None, None, {}

    def by(self, name: str) -> None:
        self.page.locator("#picker-by").select_option(name)
        self.taps += 1

    def cards(self, text: str) -> None:
        """Tap each card of ``text`` (canonical notation) with the picker."""
        for token in text.split():
            if token == "JK":
                self.tap("#picker [data-card=JK]")
                continue
            rank, suit = token[:-1], token[-1]
            if suit != self.suit:
                self.tap(f"#picker [data-suit={suit}]")
                self.suit = suit
            self.tap(f"#picker [data-rank='{rank}']")


def as_written(lang: str, cards: str) -> str:
    """``cards`` (codes) as the picker writes them on a ``lang`` phone: German writes the
    B and D its chips show for J and Q."""
    if lang != "de":
        return cards
    letters = {"J": "B", "Q": "D"}
    return " ".join(t if t == "JK" else letters.get(t[:-1], t[:-1]) + t[-1] for t in cards.split())


def count_text(server: Any, lang: str, n: int) -> str:
    """The card count under a field, as ``server`` says it in ``lang``."""
    return server.text(lang, "%(n)s card" if n == 1 else "%(n)s cards", n=n)


def cards_mode(page: Any, player: int) -> None:
    page.locator(f"input[name=mode_{player}][value=cards]").check()


def close_picker(page: Any) -> None:
    """Done with cards: the picker's ✕ (it would cover what lies below it)."""
    if page.locator("#picker").is_visible():
        page.locator("#picker [data-action=close]").click()


def rami_round_cleo_never_melded(page: Any, game: str) -> None:
    """Round 1 of a Rami game of Anna, Ben and Cleo by cards, checked: Anna goes out with a
    run of 13, Ben melded and holds 9s, Cleo never melded and holds 9h and a joker."""
    page.goto(f"{game}/rounds/new")
    page.wait_for_function("() => window.htmx !== undefined")
    for player in range(3):
        cards_mode(page, player)
    page.locator("input[name=p0_meld0]").fill("Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc")
    page.locator("input[name=p1_meld0]").fill("5s 6s 7s")
    page.locator("input[name=p1_hand]").fill("9s")
    page.locator("input[name=p2_hand]").fill("9h JK")
    expect(page.locator("#check-p1_meld0")).not_to_be_empty()
    close_picker(page)
    page.locator("input[name=closer][value='0']").check()
    page.locator("button[name=action][value=preview]").click()
    # Cleo: 9 + 150 for the joker in her hand, + 100 for never melding.
    assert breakdown_totals(page) == {"Anna": "0", "Ben": "9", "Cleo": "259"}
