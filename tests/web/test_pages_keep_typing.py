"""What the pages give the phone to keep typing on it (static/draft.js) and the
language link of a posted page."""

from __future__ import annotations

from flask.testing import FlaskClient

from ..support.page import Page
from ..support.web import new_game, numbers, save_round


def _attr(page: str, name: str) -> str | None:
    """The page's one attribute ``name`` (a hook of static/draft.js), if it has one."""
    found = Page(page).attrs(f"[{name}]", name)
    assert len(found) <= 1, (name, found)
    return found[0] if found else None


def test_the_language_link_of_a_checked_round_reads_the_same_form_again(client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    page = client.post(f"{game}/rounds/new", data=numbers(0, [0, 23]) | {"action": "preview"})
    assert page.status_code == 200
    assert Page(page).attrs('a[hreflang="de"]', "href") == [f"{game}/rounds/new?lang=de"]


def test_each_round_form_has_its_own_draft_key_and_a_stamp_that_changes_with_the_round(
        client: FlaskClient) -> None:
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    key = game.rsplit("/", 1)[1]
    first = client.get(f"{game}/rounds/new").get_data(as_text=True)
    assert _attr(first, "data-draft") == f"{key}|new|1"
    assert _attr(first, "data-draft-stamp") == ""
    assert _attr(first, "data-draft-posted") is None
    save_round(client, game, numbers(0, [0, 23]))
    second = client.get(f"{game}/rounds/new").get_data(as_text=True)
    assert _attr(second, "data-draft") == f"{key}|new|2"
    assert _attr(second, "data-draft-stamp")  # typed against round 1 as it is now
    # Every page of the game says which round comes next: drafts before it are done.
    board = client.get(game).get_data(as_text=True)
    assert _attr(board, "data-game") == key and _attr(board, "data-next") == "2"
    # A correction is stamped with the round's version: saved again, the stamp changes.
    edit = client.get(f"{game}/rounds/1/edit").get_data(as_text=True)
    assert _attr(edit, "data-draft") == f"{key}|edit|1"
    before = _attr(edit, "data-draft-stamp")
    version = Page(edit).field("version")
    assert version
    saved = client.post(f"{game}/rounds/1/edit",
                        data=numbers(0, [0, 31]) | {"action": "save", "version": version})
    assert saved.status_code == 302
    after = _attr(client.get(f"{game}/rounds/1/edit").get_data(as_text=True), "data-draft-stamp")
    assert before and after and before != after
    # A posted answer says so (the phone keeps what was sent).
    posted = client.post(f"{game}/rounds/new", data=numbers(0, [0, 12]) | {"action": "preview"})
    assert _attr(posted.get_data(as_text=True), "data-draft-posted") == "1"
