"""The referee page and the rules page, through the app on a real SQLite file."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from ..support.referee import ask, text
from ..support.web import new_game


def test_a_legal_meld_shows_its_value_and_joker_reading(client: FlaskClient) -> None:
    status, html = ask(client, "/referee/jolly_at", q="meld", cards="JK Qh Kh")
    assert status == 200
    assert "30 points" in text(html) and "J♥" in html


def test_an_unsorted_meld_offers_its_readings_and_a_chosen_one_counts(
        client: FlaskClient) -> None:
    _, html = ask(client, "/referee/jolly_at", q="meld", cards="8h 7h JK")
    assert 'name="reading" value="1"' in html
    first = re.search(r"(\d+) points", text(html))
    _, again = ask(client, "/referee/jolly_at", q="meld", cards="8h 7h JK", reading="1")
    second = re.search(r"(\d+) points", text(again))
    assert first and second and first.group(1) != second.group(1)


def test_an_illegal_meld_lists_every_problem_with_a_link_to_its_rule(
        client: FlaskClient) -> None:
    # Two problems, neither of which follows from the other (without the second 7♠ the set
    # is still six cards).
    status, html = ask(client, "/referee/jolly_at", q="meld", cards="7s 7s 7h JK JK JK")
    assert status == 200
    assert "each suit only once" in text(html) and "at most 4 cards" in text(html)
    assert 'href="/rules/jolly_at#set"' in html
    assert "RULES.md" not in html and "§" not in html


def test_a_card_that_is_no_card_is_named_and_what_was_typed_stays(client: FlaskClient) -> None:
    status, html = ask(client, "/referee/jolly_at", q="meld", cards="Qh Xh Kh")
    assert status == 422
    assert "“Xh” (card 2) is not a card" in html
    assert 'value="Qh Xh Kh"' in html


def test_an_empty_meld_is_asked_for(client: FlaskClient) -> None:
    status, html = ask(client, "/referee/jolly_at", q="meld", cards="  ")
    assert status == 422 and "Type the cards of the meld" in html


def test_without_javascript_the_whole_page_answers(client: FlaskClient) -> None:
    status, html = ask(client, "/referee/jolly_at", htmx=False, q="meld", cards="Qh Kh Ah")
    assert status == 200 and "<html" in html and "31 points" in text(html)


def test_a_three_thirteen_hand_shows_the_best_arrangement_and_deadwood(
        client: FlaskClient) -> None:
    _, html = ask(client, "/referee/three_thirteen", q="hand", cards="9s 10s Js 10h 10d",
                  round="3")
    assert "costs 19 points" in text(html)
    assert "Deadwood:" in html and "9♠" in html


def test_a_rami_first_meld_without_a_clean_run_is_refused(client: FlaskClient) -> None:
    _, html = ask(client, "/referee/rami_fr", q="initial", melds="5h 6h 7h JK\nKc Kd Ks")
    assert "not allowed" in text(html) and "without a joker" in text(html)
    assert 'href="/rules/rami_fr#initial"' in html


def test_going_out_after_others_melded_is_no_hand_romme(client: FlaskClient) -> None:
    _, html = ask(client, "/referee/romme_de", q="out", melds="10h Jh Qh\n7s 7d 7c",
                  hand_win="y", others_melded="y")
    assert "you may go out" in text(html) and "It is not Hand-Rommé" in text(html)
    _, html = ask(client, "/referee/romme_de", q="out", melds="10h Jh Qh\n7s 7d 7c",
                  hand_win="y")
    assert "And it is Hand-Rommé" in text(html)


def test_a_lay_off_rules_out_handglatt_and_counts_for_the_closer(client: FlaskClient) -> None:
    _, html = ask(client, "/referee/jolly_at", q="out", melds="10h Jh Qh",
                  layoffs="6c 7c 8c + 9c", discard="5d", hand_win="y")
    assert "+69" in text(html) and "It is not Handglatt" in text(html)


def test_a_rummy_needs_a_clean_run(client: FlaskClient) -> None:
    _, html = ask(client, "/referee/rami_fr", q="out", melds="5h 6h JK\nKc Kd Ks Kh",
                  hand_win="y")
    assert "It is not rummy" in text(html)


def test_cards_kept_in_the_hand_forbid_going_out(client: FlaskClient) -> None:
    _, html = ask(client, "/referee/jolly_at", q="out", melds="10h Jh Qh", keep="5s")
    assert "No, not like this" in text(html) and "still holds" in text(html)


def test_tied_leaders_past_the_target_play_on(client: FlaskClient) -> None:
    _, html = ask(client, "/referee/jolly_at", q="standings",
                  totals="Anna 510\nBen 510\nCleo 80", played="9")
    assert "Anna, Ben play on" in text(html)
    status, html = ask(client, "/referee/jolly_at", q="standings", totals="Anna lots",
                       played="9")
    assert status == 422 and "Anna lots" in html


def test_the_referee_of_a_game_uses_its_house_rules_and_links_its_rules(
        client: FlaskClient) -> None:
    url = new_game(client, "romme_de", ["Anna", "Ben"], initial_min_points=30)
    page = client.get(url).get_data(as_text=True)
    assert f'href="{url}/referee"' in page and f'href="{url}/rules"' in page
    _, html = ask(client, f"{url}/referee", q="initial", melds="10h Jh Qh")
    assert "This first meld is allowed" in text(html)
    rules = client.get(f"{url}/rules").get_data(as_text=True)
    assert "at least 30 points" in text(rules) and "house rule" in rules


def test_the_rules_page_quotes_the_original_and_speaks_german(client: FlaskClient) -> None:
    html = client.get("/rules/romme_de?lang=de").get_data(as_text=True)
    assert "Die erste Meldung" in html and "Hand-Rommé" in html
    assert "bevor irgendein anderer Spieler Karten gemeldet hat" in html
    assert "RULES.md" not in html and "§" not in html


def test_house_rules_chosen_for_the_referee_apply(client: FlaskClient) -> None:
    page = client.get("/referee/romme_de?hr=1&hr_initial_min_points=30&hr_ace_high=y"
                      "&hr_set_distinct_suits=y&hr_ace_both_ends=y&hr_hand_win_waives_minimum=y")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "First meld: minimum points: 30" in text(html)
    house = re.search(r'name="house" value="([^"]*)"', html)
    assert house is not None
    _, answer = ask(client, "/referee/romme_de", q="initial", melds="10h Jh Qh",
                    house=house.group(1).replace("&#34;", '"'))
    assert "This first meld is allowed" in text(answer)


def test_the_round_form_links_problems_to_the_rules_page(client: FlaskClient) -> None:
    url = new_game(client, "jolly_at", ["Anna", "Ben"])
    key = url.rsplit("/", 1)[-1]
    html = client.post(f"{url}/rounds/check-meld",
                       data={"field": "p0_meld_0", "p0_meld_0": "7s 7h 7d 7c 7h"}
                       ).get_data(as_text=True)
    assert f'href="/g/{key}/rules#set"' in html and "RULES.md" not in html


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
        status, html = ask(client, f"/referee/{variant}", q="out", melds=melds, discard="5d",
                           **extra)
        assert status == 200, variant
        assert "Yes, you may go out like this, throwing 5♦ last" in text(html), variant
        assert "still holds" not in text(html), variant
        _, html = ask(client, f"/referee/{variant}", q="out", melds=melds, **extra)
        assert "No, not like this" in text(html), variant
        assert "throw your last card on the discard pile" in text(html), variant
        assert f'href="/rules/{variant}#going_out"' in html, variant


def test_going_out_says_so_in_german_and_keeps_the_discard(client: FlaskClient) -> None:
    _, html = ask(client, "/referee/jolly_at?lang=de", q="out", melds="10h Jh Qh\n7s 7d 7c")
    assert "Nein" in text(html) and "Ablagestapel" in text(html)
    _, html = ask(client, "/referee/jolly_at?lang=de", q="out", melds="10h Jh Qh\n7s 7d 7c",
                  discard="5d")
    assert "Ja" in text(html) and "5♦" in html and 'value="5d"' in html


def test_in_romme_the_final_discard_is_optional(client: FlaskClient) -> None:
    for variant in ("romme_de", "rami_fr"):
        for discard in ("", "Kd"):
            _, html = ask(client, f"/referee/{variant}", q="out", melds="10h Jh Qh\n7s 7d 7c",
                          discard=discard)
            assert "Yes, you may go out like this" in text(html), (variant, discard)


def test_two_cards_to_throw_are_refused_in_words(client: FlaskClient) -> None:
    status, html = ask(client, "/referee/jolly_at", q="out", melds="10h Jh Qh", discard="5d 6d")
    assert status == 422 and "only one card is thrown" in text(html)
    assert 'value="5d 6d"' in html


def test_the_rules_page_says_how_going_out_ends_with_the_discard(client: FlaskClient) -> None:
    for variant in ("jolly_at", "jolly_vorrat", "three_thirteen"):
        for lang, word in (("en", "discard pile"), ("de", "Ablagestapel")):
            html = client.get(f"/rules/{variant}?lang={lang}").get_data(as_text=True)
            going_out = re.search(r'id="going_out".*?</section>', html, re.S)
            assert going_out and word in going_out.group(0), (variant, lang)
    html = client.get("/rules/romme_de?lang=en").get_data(as_text=True)
    going_out = re.search(r'id="going_out".*?</section>', html, re.S)
    assert going_out and "need not be" in going_out.group(0)


# -- only the questions the variant has ---------------------------------------------------


def test_the_referee_asks_only_what_the_variant_has(client: FlaskClient) -> None:
    has = {"jolly_at": (True, True), "jolly_vorrat": (False, False),
           "three_thirteen": (False, False), "romme_de": (True, True), "rami_fr": (True, True)}
    for variant, (first_meld, hand_win) in has.items():
        html = client.get(f"/referee/{variant}").get_data(as_text=True)
        assert ('id="q-initial"' in html) is first_meld, variant
        assert ('href="#q-initial"' in html) is first_meld, variant
        assert ('name="hand_win"' in html) is hand_win, variant
        assert ("Handglatt" in html or "Hand-Rommé" in html or "is it rummy" in html
                ) is hand_win, variant
        assert 'name="discard"' in html, variant
    assert "May I go out like this?" in client.get("/referee/three_thirteen").get_data(
        as_text=True)


def test_a_first_meld_question_where_there_is_no_first_meld_rule_is_answered_in_words(
        client: FlaskClient) -> None:
    status, html = ask(client, "/referee/three_thirteen", q="initial", melds="4h 5h 6h",
                       round="1")
    assert status == 422 and "needs nothing more than legal melds" in text(html)
    assert "This first meld is allowed" not in text(html)


def test_a_house_rule_minimum_brings_the_first_meld_question_back(client: FlaskClient) -> None:
    url = new_game(client, "jolly_vorrat", ["Anna", "Ben"], initial_min_points=30)
    html = client.get(f"{url}/referee").get_data(as_text=True)
    assert 'id="q-initial"' in html
    _, answer = ask(client, f"{url}/referee", q="initial", melds="2h 3h 4h")
    assert "This first meld is not allowed" in text(answer)


def test_a_hand_win_claimed_where_there_is_none_is_not_answered(client: FlaskClient) -> None:
    _, html = ask(client, "/referee/jolly_vorrat", q="out", melds="10h Jh Qh", discard="5d",
                  hand_win="y")
    assert "Yes, you may go out" in text(html) and "Handglatt" not in text(html)


def test_a_three_thirteen_closer_holds_the_round_s_cards_in_combinations(
        client: FlaskClient) -> None:
    _, html = ask(client, "/referee/three_thirteen", q="out", melds="4h 5h 6h", discard="Kd",
                  round="5")
    assert "No, not like this" in text(html)
    assert "In round 5 you go out with 7 cards in combinations and throw one more; here 3 " \
           "are in combinations." in text(html)
    _, html = ask(client, "/referee/three_thirteen", q="out", melds="4h 5h 6h\n9s 9d 9c",
                  keep="7c", discard="Kd", round="5")
    assert "Yes, you may go out like this, throwing K♦ last" in text(html)


@pytest.mark.parametrize(("variant", "asked"), [("jolly_at", False), ("romme_de", True),
                                                ("rami_fr", False)])
def test_the_going_out_question_asks_whether_others_melded_only_where_it_decides(
        client: FlaskClient, variant: str, asked: bool) -> None:
    """Only Hand-Rommé needs that nobody else has melded yet (RULES.md §2.4); in Jolly and
    Rami the box changed nothing and only confused the table."""
    page = client.get(f"/referee/{variant}?q=out&lang=en").get_data(as_text=True)
    assert ('name="others_melded"' in page) is asked
    assert 'name="hand_win"' in page


def test_a_shorter_three_thirteen_game_offers_only_its_own_rounds(client: FlaskClient) -> None:
    """A 3-13 table playing five rounds asks about rounds 1 to 5, not 1 to 11."""
    page = client.get("/referee/three_thirteen?lang=en&hr=1&hr_rounds=5").get_data(as_text=True)
    offered = re.findall(r'<option value="(\d+)"[^>]*>Round \d+: \d+ cards', page)
    assert offered and sorted(set(offered), key=int) == ["1", "2", "3", "4", "5"]  # each form
    full = client.get("/referee/three_thirteen?lang=en").get_data(as_text=True)
    assert len(set(re.findall(r'<option value="(\d+)"[^>]*>Round \d+: \d+ cards', full))) == 11


@pytest.mark.parametrize("melds, whole", [("5h 6h 7h JK\nKc Kd Ks", ""),
                                          ("5h 6h 7h; Kc Kd Ks", ""),
                                          ("Ac 2c 3c; 4d 4s 4h 4c", "y")])
def test_the_round_form_and_the_referee_give_one_first_meld_answer(
        client: FlaskClient, melds: str, whole: str) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben"])
    _, referee = ask(client, f"{game}/referee", q="initial", melds=melds, whole=whole)
    form = client.post(f"{game}/rounds/check-initial",
                       data={"initial_melds": melds, "initial_whole": whole},
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    verdict = re.compile(r'<p class="verdict (ok|bad)" role="status">\s*([✓✗][^<]*?)\s*'
                         r'(\d+ points)')

    def said(html: str) -> tuple[str, str, str]:
        found = verdict.search(html)
        assert found is not None, html
        return found.group(1), " ".join(found.group(2).split()), found.group(3)

    assert said(referee) == said(form)
    why = re.compile(r"<li>([^<]*)<a class=\"rule\"")
    assert why.findall(form) == why.findall(referee)
    assert bool(why.findall(form)) == (said(form)[0] == "bad")


def test_the_round_form_refuses_a_first_meld_longer_than_any_pack(client: FlaskClient) -> None:
    game = new_game(client, "rami_fr", ["Anna", "Ben"])
    page = client.post(f"{game}/rounds/check-initial",
                       data={"initial_melds": "5h 6h 7h\n" + "JK " * 400},
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "melds[1] holds 400 cards; no pack has more than" in page
    page = client.post(f"{game}/rounds/check-initial", data={"initial_melds": "5h 6h 7h\nKc Xd"},
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "“Xd” (card 2) is not a card" in page
