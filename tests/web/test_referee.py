"""The referee page and the rules page, through the app on a real SQLite file."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from ..support.page import Page
from ..support.referee import answer, ask, question
from ..support.web import new_game


def test_a_legal_meld_shows_its_value_and_joker_reading(client: FlaskClient) -> None:
    status, said = answer(client, "/referee/jolly_at", q="meld", cards="JK Qh Kh")
    assert status == 200
    assert "30 points" in said.text and "J♥" in said.text


def test_an_unsorted_meld_offers_its_readings_and_a_chosen_one_counts(
        client: FlaskClient) -> None:
    _, asked = question(client, "/referee/jolly_at", q="meld", cards="8h 7h JK")
    assert "1" in asked.options("reading")
    first = re.search(r"(\d+) points", asked.one("[data-answer]").text)
    _, again = answer(client, "/referee/jolly_at", q="meld", cards="8h 7h JK", reading="1")
    second = re.search(r"(\d+) points", again.text)
    assert first and second and first.group(1) != second.group(1)


def test_an_illegal_meld_lists_every_problem_with_a_link_to_its_rule(
        client: FlaskClient) -> None:
    # Two problems, neither of which follows from the other (without the second 7♠ the set
    # is still six cards).
    status, html = ask(client, "/referee/jolly_at", q="meld", cards="7s 7s 7h JK JK JK")
    said = Page(html).one("#q-meld [data-answer]")
    assert status == 200
    assert said.attrs("[data-problem]", "data-problem") == ["SET_DUPLICATE_SUIT",
                                                            "SET_TOO_LARGE"]
    assert "each suit only once" in said.text and "at most 4 cards" in said.text
    assert "/rules/jolly_at#set" in said.links()
    # Nothing of the rule book's own file or paragraph numbers leaks, not even into an address.
    assert "RULES.md" not in html and "§" not in html


def test_a_card_that_is_no_card_is_named_and_what_was_typed_stays(client: FlaskClient) -> None:
    status, asked = question(client, "/referee/jolly_at", q="meld", cards="Qh Xh Kh")
    assert status == 422
    assert "“Xh” (card 2) is not a card" in asked.one("[data-answer]").text
    assert asked.field("cards") == "Qh Xh Kh"


def test_an_empty_meld_is_asked_for(client: FlaskClient) -> None:
    status, said = answer(client, "/referee/jolly_at", q="meld", cards="  ")
    assert status == 422 and "Type the cards of the meld" in said.text


def test_without_javascript_the_whole_page_answers(client: FlaskClient) -> None:
    status, html = ask(client, "/referee/jolly_at", htmx=False, q="meld", cards="Qh Kh Ah")
    page = Page(html)
    assert status == 200 and page.has("head title") and page.has("#q-hand")
    assert "31 points" in page.one("#q-meld [data-answer]").text


def test_a_three_thirteen_hand_shows_the_best_arrangement_and_deadwood(
        client: FlaskClient) -> None:
    _, said = answer(client, "/referee/three_thirteen", q="hand", cards="9s 10s Js 10h 10d",
                     round="3")
    assert "costs 19 points" in said.text
    assert "Deadwood: 9♠" in said.text


def test_a_rami_first_meld_without_a_clean_run_is_refused(client: FlaskClient) -> None:
    _, said = answer(client, "/referee/rami_fr", q="initial", melds="5h 6h 7h JK\nKc Kd Ks")
    assert "not allowed" in said.text and "without a joker" in said.text
    assert "/rules/rami_fr#initial" in said.links()


def test_going_out_after_others_melded_is_no_hand_romme(client: FlaskClient) -> None:
    _, said = answer(client, "/referee/romme_de", q="out", melds="10h Jh Qh\n7s 7d 7c",
                     hand_win="y", others_melded="y")
    assert "you may go out" in said.text and "It is not Hand-Rommé" in said.text
    _, said = answer(client, "/referee/romme_de", q="out", melds="10h Jh Qh\n7s 7d 7c",
                     hand_win="y")
    assert "And it is Hand-Rommé" in said.text


def test_a_lay_off_rules_out_handglatt_and_counts_for_the_closer(client: FlaskClient) -> None:
    _, said = answer(client, "/referee/jolly_at", q="out", melds="10h Jh Qh",
                     layoffs="6c 7c 8c + 9c", discard="5d", hand_win="y")
    assert "+69" in said.text and "It is not Handglatt" in said.text


def test_a_rummy_needs_a_clean_run(client: FlaskClient) -> None:
    _, said = answer(client, "/referee/rami_fr", q="out", melds="5h 6h JK\nKc Kd Ks Kh",
                     hand_win="y")
    assert "It is not rummy" in said.text


def test_cards_kept_in_the_hand_forbid_going_out(client: FlaskClient) -> None:
    _, said = answer(client, "/referee/jolly_at", q="out", melds="10h Jh Qh", keep="5s")
    assert "No, not like this" in said.text and "still holds" in said.text


def test_tied_leaders_past_the_target_play_on(client: FlaskClient) -> None:
    _, said = answer(client, "/referee/jolly_at", q="standings",
                     totals="Anna 510\nBen 510\nCleo 80", played="9")
    assert "Anna, Ben play on" in said.text
    status, asked = question(client, "/referee/jolly_at", q="standings", totals="Anna lots",
                             played="9")
    assert status == 422 and "Anna lots" in asked.one("[data-answer]").text
    assert asked.field("totals") == "Anna lots"


def test_the_referee_of_a_game_uses_its_house_rules_and_links_its_rules(
        client: FlaskClient) -> None:
    url = new_game(client, "romme_de", ["Anna", "Ben"], initial_min_points=30)
    links = Page(client.get(url)).links()
    assert f"{url}/referee" in links and f"{url}/rules" in links
    _, said = answer(client, f"{url}/referee", q="initial", melds="10h Jh Qh")
    assert "This first meld is allowed" in said.text
    rules = Page(client.get(f"{url}/rules"))
    assert "at least 30 points" in rules.text
    assert "house rule" in rules.one("#house-rules").text


def test_the_rules_page_quotes_the_original_and_speaks_german(client: FlaskClient) -> None:
    response = client.get("/rules/romme_de?lang=de")
    page = Page(response)
    assert "Die erste Meldung" in page.text and "Hand-Rommé" in page.text
    assert "bevor irgendein anderer Spieler Karten gemeldet hat" in page.text
    assert "RULES.md" not in page.html and "§" not in page.html


def test_house_rules_chosen_for_the_referee_apply(client: FlaskClient) -> None:
    response = client.get("/referee/romme_de?hr=1&hr_initial_min_points=30&hr_ace_high=y"
                          "&hr_set_distinct_suits=y&hr_ace_both_ends=y"
                          "&hr_hand_win_waives_minimum=y")
    page = Page(response)
    assert response.status_code == 200 and "First meld: minimum points: 30" in page.text
    house = page.field("house")
    assert house
    _, said = answer(client, "/referee/romme_de", q="initial", melds="10h Jh Qh", house=house)
    assert "This first meld is allowed" in said.text


def test_the_round_form_links_problems_to_the_rules_page(client: FlaskClient) -> None:
    url = new_game(client, "jolly_at", ["Anna", "Ben"])
    key = url.rsplit("/", 1)[-1]
    html = client.post(f"{url}/rounds/check-meld",
                       data={"field": "p0_meld_0", "p0_meld_0": "7s 7h 7d 7c 7h"}
                       ).get_data(as_text=True)
    assert f"/g/{key}/rules#set" in Page(html).links() and "RULES.md" not in html


def test_unknown_variants_and_questions_are_clear_answers(client: FlaskClient) -> None:
    assert client.get("/referee/gin_rummy").status_code == 404
    assert client.get("/rules/gin_rummy").status_code == 404
    assert client.post("/referee/jolly_at", data={"q": "nonsense"}).status_code == 400
    assert client.post("/referee/jolly_at", data={"q": "meld", "house": "[1"}).status_code == 400
    assert client.get("/rules/jolly_at?house=%7B%22nope%22%3A1%7D").status_code == 200


# -- going out: the final discard --------------------------------------------------------


def test_going_out_with_the_final_discard_is_yes_where_the_rules_require_one(
        client: FlaskClient) -> None:
    for variant, melds, extra in (("jolly_at", "10h Jh Qh\n7s 7d 7c", {}),
                                  ("jolly_vorrat", "10h Jh Qh\n7s 7d 7c", {}),
                                  ("three_thirteen", "4h 5h 6h", {"round": "1"})):
        status, said = answer(client, f"/referee/{variant}", q="out", melds=melds,
                              discard="5d", **extra)
        assert status == 200, variant
        assert "Yes, you may go out like this, throwing 5♦ last" in said.text, variant
        assert "still holds" not in said.text, variant
        _, said = answer(client, f"/referee/{variant}", q="out", melds=melds, **extra)
        assert "No, not like this" in said.text, variant
        # Jolly with discard row throws it onto its row (test_referee_turns: never a pile).
        assert ("throw your last card onto the right end of the discard row"
                if variant == "jolly_vorrat" else
                "throw your last card on the discard pile") in said.text, variant
        assert f"/rules/{variant}#going_out" in said.links(), variant


def test_going_out_says_so_in_german_and_keeps_the_discard(client: FlaskClient) -> None:
    _, said = answer(client, "/referee/jolly_at?lang=de", q="out", melds="10h Jh Qh\n7s 7d 7c")
    assert "Nein" in said.text and "Ablagestapel" in said.text
    _, asked = question(client, "/referee/jolly_at?lang=de", q="out",
                        melds="10h Jh Qh\n7s 7d 7c", discard="5d")
    said = asked.one("[data-answer]")
    assert "Ja" in said.text and "5♦" in said.text and asked.field("discard") == "5d"


def test_in_romme_the_final_discard_is_optional(client: FlaskClient) -> None:
    for variant in ("romme_de", "rami_fr"):
        for discard in ("", "Kd"):
            _, said = answer(client, f"/referee/{variant}", q="out",
                             melds="10h Jh Qh\n7s 7d 7c", discard=discard)
            assert "Yes, you may go out like this" in said.text, (variant, discard)


def test_two_cards_to_throw_are_refused_in_words(client: FlaskClient) -> None:
    status, asked = question(client, "/referee/jolly_at", q="out", melds="10h Jh Qh",
                             discard="5d 6d")
    assert status == 422 and "only one card is thrown" in asked.one("[data-answer]").text
    assert asked.field("discard") == "5d 6d"


def test_the_rules_page_says_how_going_out_ends_with_the_discard(client: FlaskClient) -> None:
    for variant in ("jolly_at", "jolly_vorrat", "three_thirteen"):
        for lang, pile, row in (("en", "discard pile", "right end of the discard row"),
                                ("de", "Ablagestapel", "rechte Ende der Vorratsreihe")):
            page = Page(client.get(f"/rules/{variant}?lang={lang}"))
            word = row if variant == "jolly_vorrat" else pile
            assert word in page.one("#going_out").text, (variant, lang)
    page = Page(client.get("/rules/romme_de?lang=en"))
    assert "need not be" in page.one("#going_out").text


# -- only the questions the variant has ---------------------------------------------------


def test_the_referee_asks_only_what_the_variant_has(client: FlaskClient) -> None:
    has = {"jolly_at": (True, True), "jolly_vorrat": (False, False),
           "three_thirteen": (False, False), "romme_de": (True, True), "rami_fr": (True, True)}
    for variant, (first_meld, hand_win) in has.items():
        page = Page(client.get(f"/referee/{variant}"))
        assert page.has("#q-initial") is first_meld, variant
        assert page.has('a[href="#q-initial"]') is first_meld, variant
        assert page.has('[name="hand_win"]') is hand_win, variant
        assert any(name in page.text for name in ("Handglatt", "Hand-Rommé", "is it rummy")
                   ) is hand_win, variant
        assert page.has('[name="discard"]'), variant
    page = Page(client.get("/referee/three_thirteen"))
    assert "May I go out like this?" in page.texts("#q-out h2")


def test_a_first_meld_question_where_there_is_no_first_meld_rule_is_answered_in_words(
        client: FlaskClient) -> None:
    status, said = answer(client, "/referee/three_thirteen", q="initial", melds="4h 5h 6h",
                          round="1")
    assert status == 422 and "needs nothing more than legal melds" in said.text
    assert "This first meld is allowed" not in said.text


def test_a_house_rule_minimum_brings_the_first_meld_question_back(client: FlaskClient) -> None:
    url = new_game(client, "jolly_vorrat", ["Anna", "Ben"], initial_min_points=30)
    assert Page(client.get(f"{url}/referee")).has("#q-initial")
    _, said = answer(client, f"{url}/referee", q="initial", melds="2h 3h 4h")
    assert "This first meld is not allowed" in said.text


def test_a_hand_win_claimed_where_there_is_none_is_not_answered(client: FlaskClient) -> None:
    _, said = answer(client, "/referee/jolly_vorrat", q="out", melds="10h Jh Qh", discard="5d",
                     hand_win="y")
    assert "Yes, you may go out" in said.text and "Handglatt" not in said.text


def test_a_three_thirteen_closer_holds_the_round_s_cards_in_combinations(
        client: FlaskClient) -> None:
    _, said = answer(client, "/referee/three_thirteen", q="out", melds="4h 5h 6h", discard="Kd",
                     round="5")
    assert "No, not like this" in said.text
    assert "In round 5 you go out with 7 cards in combinations and throw one more; here 3 " \
           "are in combinations." in said.text
    _, said = answer(client, "/referee/three_thirteen", q="out", melds="4h 5h 6h\n9s 9d 9c",
                     keep="7c", discard="Kd", round="5")
    assert "Yes, you may go out like this, throwing K♦ last" in said.text


@pytest.mark.parametrize(("variant", "asked"), [("jolly_at", False), ("romme_de", True),
                                                ("rami_fr", False)])
def test_the_going_out_question_asks_whether_others_melded_only_where_it_decides(
        client: FlaskClient, variant: str, asked: bool) -> None:
    """Only Hand-Rommé needs that nobody else has melded yet (RULES.md §2.4); in Jolly and
    Rami the box changed nothing and only confused the table."""
    page = Page(client.get(f"/referee/{variant}?q=out&lang=en"))
    assert page.has('[name="others_melded"]') is asked
    assert page.has('[name="hand_win"]')


def _rounds_offered(page: Page) -> set[str]:
    return {option["value"] for option in page.all('select[name="round"] option')
            if re.match(r"Round \d+: \d+ cards", option.text)}


def test_a_shorter_three_thirteen_game_offers_only_its_own_rounds(client: FlaskClient) -> None:
    """A 3-13 table playing five rounds asks about rounds 1 to 5, not 1 to 11."""
    page = Page(client.get("/referee/three_thirteen?lang=en&hr=1&hr_rounds=5"))
    assert _rounds_offered(page) == {"1", "2", "3", "4", "5"}  # each form
    full = Page(client.get("/referee/three_thirteen?lang=en"))
    assert len(_rounds_offered(full)) == 11


@pytest.mark.parametrize("melds, whole", [("5h 6h 7h JK\nKc Kd Ks", ""),
                                          ("5h 6h 7h; Kc Kd Ks", ""),
                                          ("Ac 2c 3c; 4d 4s 4h 4c", "y")])
def test_the_round_form_and_the_referee_give_one_first_meld_answer(
        client: FlaskClient, melds: str, whole: str) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben"])
    _, referee = ask(client, f"{game}/referee", q="initial", melds=melds, whole=whole)
    form = Page(client.post(f"{game}/rounds/check-initial",
                            data={"initial_melds": melds, "initial_whole": whole},
                            headers={"HX-Request": "true"}))

    def said(page: Page) -> tuple[str, str]:
        """The verdict (ok or bad) and what it says up to the points, as the table reads it."""
        verdict = page.one("p.verdict")
        found = re.match(r"[✓✗].*?\d+ points", verdict.text)
        assert found is not None, verdict.text
        return verdict["class"].split()[-1], found.group(0)

    referee_page = Page(referee)
    assert said(referee_page) == said(form)
    why = form.texts(".meld-problems li")
    assert why == referee_page.texts(".meld-problems li")
    assert bool(why) == (said(form)[0] == "bad")


def test_the_round_form_refuses_a_first_meld_longer_than_any_pack(client: FlaskClient) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben"])
    page = client.post(f"{game}/rounds/check-initial",
                       data={"initial_melds": "5h 6h 7h\n" + "JK " * 400},
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "melds[1] holds 400 cards; no pack has more than" in page
    page = client.post(f"{game}/rounds/check-initial", data={"initial_melds": "5h 6h 7h\nKc Xd"},
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "“Xd” (card 2) is not a card" in page
