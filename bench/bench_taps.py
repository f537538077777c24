"""Taps, characters and scrolls for a 4-player round, at a Pixel 5 viewport (issue 11).

A Playwright script, not a test: it serves the app on 127.0.0.1, plays a round by
numbers (one net number per player, and melds and hand separately) and one hand by
cards, and prints what a player's thumb had to do. A *tap* is a touch on the page;
a *character* is a key of the phone's keyboard (digits, minus, its "next" key); a
*scroll* is counted whenever the next thing to touch was off the screen.
Goals: numbers <= players + 1 taps plus digits and no scroll; cards <= 2 taps a card.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from scorepad import create_app
from scorepad.schema import run_migrations

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


class Thumb:
    """Counts what a player does on the page."""

    def __init__(self, page: Any) -> None:
        self.page, self.taps, self.chars, self.scrolls = page, 0, 0, 0

    def tap(self, selector: str) -> None:
        target = self.page.locator(selector).first
        box = target.bounding_box()
        height = self.page.evaluate("innerHeight")
        if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
            self.scrolls += 1
            target.scroll_into_view_if_needed()
        target.tap()
        self.taps += 1

    def type(self, text: str, enter: bool = True) -> None:
        self.page.keyboard.type(text)
        self.chars += len(text)
        if enter:
            self.page.keyboard.press("Enter")
            self.chars += 1

    def report(self, what: str) -> str:
        return f"{what}: {self.taps} taps, {self.chars} characters, {self.scrolls} scrolls"


def new_game(page: Any, counting: str) -> str:
    page.goto("/games/new?variant=jolly_at")
    for i, n in enumerate(NAMES):
        page.locator(f"input[name=player_{i}]").fill(n)
    page.locator(f"input[name=counting][value={counting}]").check()
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/g/**")
    return str(page.url).split("#")[0]


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}",
                      "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
    run_migrations(app)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        device = dict(p.devices["Pixel 5"])
        device.pop("default_browser_type", None)
        context = browser.new_context(**device, base_url=f"http://127.0.0.1:{httpd.server_port}")
        page = context.new_page()

        game = new_game(page, "net")
        page.goto(f"{game}/rounds/new")
        height = page.evaluate("innerHeight")
        form = page.locator("form.round").bounding_box()
        save = page.locator("button[value=save]").bounding_box()
        print(f"net form: {form['height']:.0f} px tall, Save ends at "
              f"{save['y'] + save['height']:.0f} px of a {height} px screen")
        thumb = Thumb(page)
        thumb.tap("label.closer-pick >> nth=1")  # Ben went out: his field gets the focus
        for text in ("75", "-40", "12", "-23"):  # Ben, Cleo, Dora, then round to Anna; saves
            thumb.type(text)
        page.wait_for_url("**#next")
        print(thumb.report("4-player round, one net number each"))

        game = new_game(page, "separate")
        page.goto(f"{game}/rounds/new")
        form = page.locator("form.round").bounding_box()
        print(f"separate form: {form['height']:.0f} px tall on a {height} px screen")
        thumb = Thumb(page)
        thumb.tap("input[name=closer][value='1']")
        thumb.tap("#meld_0")
        # melds and hand of each player; the closer's hand stays empty
        for text in ("20", "43", "55", "", "15", "55", "30", "18"):
            thumb.type(text)
        page.wait_for_url("**#next")
        print(thumb.report("4-player round, melds and hand separately"))

        page.goto(f"{game}/rounds/new")
        thumb = Thumb(page)
        thumb.tap("input[name=mode_0][value=cards]")
        thumb.tap("#p0_hand")
        hand = [("s", "A"), ("s", "2"), ("s", "3"), ("h", "7"), ("h", "8"), ("h", "9"),
                ("h", "10"), ("d", "Q"), ("d", "K"), ("c", "4"), ("c", "4"), ("c", "9"),
                ("c", "J")]
        suit = None
        before = thumb.taps
        for s, r in hand:
            if s != suit:
                thumb.tap(f"#picker button[data-suit={s}]")
                suit = s
            thumb.tap(f"#picker button[data-rank='{r}']")
        cards = thumb.taps - before
        print(thumb.report("one 13-card hand by cards (mode, field, picker)")
              + f"; picker taps per card: {cards / len(hand):.2f}")
        browser.close()
    httpd.shutdown()


if __name__ == "__main__":
    main()
