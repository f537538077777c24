"""The README's pictures: Scorepad at a Pixel 5 viewport, in German and English.

Starts ``scorepad serve`` on a throw-away instance folder (a new SQLite database, removed at the
end) on a free 127.0.0.1 port, plays a short Jolly game through the JSON API, and photographs
four pages with Debian's Chromium through Playwright (no browser is downloaded):

- docs/img/game-de.png     the game page, German
- docs/img/round-en.png    a round of two players entered by cards and checked, English
- docs/img/referee-de.png  the referee's meld question answered, German
- docs/img/new-en.png      the new-game form, English

Run: ``.venv/bin/python tools/screenshots.py [output folder]`` (default docs/img). The pictures
are taken at a device scale of 1 so each stays well under 150 KB.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM", "/usr/bin/chromium")
PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]
# Five rounds of Jolly by numbers: who went out (seat), then each player's meld and hand points.
ROUNDS = [
    (0, [(85, 0), (40, 25), (30, 12), (0, 64)]),
    (2, [(35, 18), (50, 7), (72, 0), (20, 31)]),
    (1, [(40, 22), (96, 0), (25, 40), (45, 9)]),
    (3, [(60, 5), (30, 33), (40, 11), (80, 0)]),
    (0, [(110, 0), (30, 17), (0, 75), (40, 20)]),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(instance: Path, port: int) -> subprocess.Popen[bytes]:
    env = os.environ | {"SCOREPAD_INSTANCE": str(instance), "SCOREPAD_WORKERS": "1"}
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "scorepad"), "serve", "--host", "127.0.0.1",
         "--port", str(port)],
        env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.3)
    stop_server(server)
    raise SystemExit("scorepad serve did not answer within 60 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def new_game(url: str, players: list[str]) -> dict[str, Any]:
    answer = httpx.post(f"{url}/api/v1/games", json={"variant": "jolly_at", "players": players},
                        timeout=30)
    answer.raise_for_status()
    return dict(answer.json())


def play_game(url: str) -> str:
    """A Jolly game of five rounds, through the API; its page's path."""
    with httpx.Client(base_url=url, timeout=30) as api:
        game = new_game(url, PLAYERS)
        key = game["key"]
        for number, (closer, points) in enumerate(ROUNDS, start=1):
            players = [{"name": name, "meld_points": melds, "hand_points": hand,
                        "went_out": seat == closer}
                       for seat, (name, (melds, hand)) in enumerate(zip(PLAYERS, points))]
            api.post(f"/api/v1/games/{key}/rounds",
                     json={"number": number, "players": players}).raise_for_status()
        return str(game["url"])


def phone(playwright: Any, browser: Any, url: str, lang: str) -> Any:
    device = dict(playwright.devices["Pixel 5"])
    device.pop("default_browser_type", None)
    accept = "de-DE,de;q=0.9" if lang == "de" else "en-GB,en;q=0.9"
    context = browser.new_context(**(device | {
        "base_url": url, "device_scale_factor": 1, "locale": accept.split(",")[0],
        "extra_http_headers": {"Accept-Language": accept}}))
    context.set_default_timeout(15000)
    return context.new_page()


def ready(page: Any) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => window.htmx !== undefined")


def photograph(url: str, game: str, duel: str, folder: Path) -> list[Path]:
    """``game``: the page of the game played; ``duel``: a new two-player game, entered by cards."""
    from playwright.sync_api import sync_playwright

    shots = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=["--no-sandbox", "--disable-gpu"])
        try:
            page = phone(playwright, browser, url, "de")
            page.goto(game)
            ready(page)
            # Say once which player this phone is, as the first visit asks; then the rounds.
            page.get_by_role("button", name="Anna", exact=True).click()
            ready(page)
            page.locator("table").first.evaluate("t => window.scrollTo(0, t.getBoundingClientRect().top"
                                                 " + window.scrollY - 250)")
            shots.append(folder / "game-de.png")
            page.screenshot(path=shots[-1])

            page = phone(playwright, browser, url, "en")
            page.goto(f"{duel}/rounds/new")
            ready(page)
            for seat in range(2):
                page.locator(f"input[name=mode_{seat}][value=cards]").check()
            page.locator("input[name=p0_meld0]").fill("Qh Kh Ah")
            page.locator("input[name=p1_meld0]").fill("7c 8c 9c")
            page.locator("input[name=p1_hand]").fill("JK 5h")
            if page.locator("#picker").is_visible():
                page.locator("#picker [data-action=close]").click()
            page.locator("input[name=closer][value='0']").check()
            page.locator("button[name=action][value=preview]").click()
            page.locator("#check table.breakdown").wait_for()
            # From Anna's meld (its cards as chips, checked as typed) to the breakdown: one
            # picture of the page, as tall as it takes, at the phone's width.
            top = page.locator("input[name=p0_meld0]").bounding_box()
            bottom = page.locator("#check table.breakdown").bounding_box()
            assert top is not None and bottom is not None
            shots.append(folder / "round-en.png")
            page.screenshot(path=shots[-1], full_page=True, clip={
                "x": 0, "y": top["y"] - 110, "width": page.viewport_size["width"],
                "height": bottom["y"] + bottom["height"] - top["y"] + 130})

            page = phone(playwright, browser, url, "de")
            page.goto("/referee/jolly_at")
            ready(page)
            question = page.locator("#q-meld")
            question.locator("[name=cards]").fill("7s 7h 7d 7c 7h")
            question.locator("button[type=submit]").click()
            question.locator(".answer .verdict").wait_for()
            question.evaluate("e => e.scrollIntoView({block: 'start'})")
            shots.append(folder / "referee-de.png")
            page.screenshot(path=shots[-1])

            page = phone(playwright, browser, url, "en")
            page.goto("/games/new?variant=romme_de")
            ready(page)
            for seat, name in enumerate(PLAYERS[:3]):
                page.locator(f"input[name=player_{seat}]").fill(name)
            shots.append(folder / "new-en.png")
            page.screenshot(path=shots[-1])
        finally:
            browser.close()
    return shots


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img"
    folder.mkdir(parents=True, exist_ok=True)
    instance = Path(tempfile.mkdtemp(prefix="scorepad-shots-"))
    try:
        port = free_port()
        server = start_server(instance, port)
        try:
            url = f"http://127.0.0.1:{port}"
            shots = photograph(url, play_game(url), new_game(url, PLAYERS[:2])["url"], folder)
        finally:
            stop_server(server)
    finally:
        shutil.rmtree(instance, ignore_errors=True)
    for shot in shots:
        print(f"{shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot}: "
              f"{shot.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
