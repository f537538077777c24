"""The referee's questions asked without HTTP (scorepad/game/referee.py): each reads what a
player typed, asks the engine and answers a typed value (or says why it cannot be asked),
and the first-meld check and meld reading the round form shares with the referee."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from scorepad.game import service
from scorepad.game.questions import (
    FirstMeld,
    NotOnTable,
    Table,
    Unasked,
    UnreadableLine,
    first_meld,
    read_meld_lines,
)
from scorepad.game.referee import (
    ASKED,
    HandAnswer,
    MeldAnswer,
    OutAnswer,
    StandingsAnswer,
    standings_values,
)
from scorepad.game.turn_questions import ExchangeAnswer, LayOffAnswer, turn_asks
from scorepad.rules import MAX_CARDS, TakeCheck, find_variant, parse_cards, rules_for
from scorepad.words.referee import out_problems, refusal, shown

from ..support.database import app_on, close_connections, with_schema


@pytest.fixture
def app(one_db_url: str, request: pytest.FixtureRequest) -> Iterator[Flask]:
    """The app on a fresh SQLite file, inside a request (the questions word what they
    refuse through gettext, in the request's language)."""
    with_schema(one_db_url, request)
    app = app_on(one_db_url)
    with app.test_request_context("/"):
        yield app
    close_connections(app)


def table(variant: str, **house: object) -> Table:
    return Table(find_variant(variant), dict(house))


def test_a_meld_answers_its_check_and_every_reading_of_its_jokers(app: Flask) -> None:
    answer = ASKED["meld"].ask(table("jolly_at"), {"cards": "8h 7h JK"})
    assert isinstance(answer, MeldAnswer) and answer.legal and answer.wild
    assert len(answer.readings) > 1
    chosen = ASKED["meld"].ask(table("jolly_at"), {"cards": "8h 7h JK", "reading": "1"})
    assert isinstance(chosen, MeldAnswer) and chosen.points != answer.points


def test_a_card_that_is_no_card_is_refused_with_its_field_named(app: Flask) -> None:
    with pytest.raises(Unasked, match="“Xh” \\(card 2\\) is not a card"):
        ASKED["meld"].ask(table("jolly_at"), {"cards": "Qh Xh Kh"})


def test_a_hand_in_three_thirteen_is_arranged(app: Flask) -> None:
    t = Table(find_variant("three_thirteen"), {}, round=3)
    answer = ASKED["hand"].ask(t, {"cards": "9s 10s Js 10h 10d"})
    assert isinstance(answer, HandAnswer) and answer.arranged and answer.points == 19
    assert [c.code() for c in answer.deadwood] == ["9s", "Js"]


def test_a_first_meld_without_its_clean_run_is_refused_by_the_engine(app: Flask) -> None:
    answer = ASKED["initial"].ask(table("rami_fr"), {"melds": "5h 6h 7h JK\nKc Kd Ks"})
    assert isinstance(answer, FirstMeld) and not answer.legal
    assert "NO_CLEAN_RUN" in [p.code for p in answer.problems]
    assert [m.kind for m in answer.melds] == ["run", "set"]


def test_the_first_meld_question_names_the_line_that_is_no_meld(app: Flask) -> None:
    with pytest.raises(Unasked, match="Melds, line 2: "):
        ASKED["initial"].ask(table("rami_fr"), {"melds": "5h 6h 7h\nKc Xd Ks"})


def test_one_meld_reading_for_referee_and_round_form() -> None:
    assert [[c.code() for c in m] for m in read_meld_lines("5h 6h 7h; Kc Kd Ks\n\n")] == [
        ["5h", "6h", "7h"], ["Kc", "Kd", "Ks"]]
    with pytest.raises(UnreadableLine) as caught:
        read_meld_lines("5h 6h 7h\nKc Xd Ks")
    assert caught.value.line == 2 and "Xd" in str(caught.value.error)


def test_the_shared_first_meld_check_marks_a_meld_longer_than_any_pack() -> None:
    rules = rules_for("jolly_at")
    fine = first_meld([parse_cards("10h Jh Qh Kh"), parse_cards("7s 7h 7d")], rules,
                      whole=False)
    assert fine.oversized is None and fine.minimum == rules.house.initial_min_points
    too_long = first_meld([parse_cards("5h 6h 7h"), parse_cards("Ah " * (MAX_CARDS + 1))],
                          rules, whole=False)
    assert too_long.oversized == 1


def test_going_out_without_the_last_discard_is_said_with_the_rule_on_going_out(
        app: Flask) -> None:
    for variant, onto in (("jolly_at", "on the discard pile"),
                          ("jolly_vorrat", "onto the right end of the discard row")):
        t = table(variant)
        answer = ASKED["out"].ask(t, {"melds": "10h Jh Qh Kh\n7s 7h 7d"})
        assert isinstance(answer, OutAnswer) and not answer.may and answer.check.discard_missing
        said = out_problems(answer, t.variant)
        assert [p["rule"] for p in said] == [t.variant.rule("going_out")]
        assert f"throw your last card {onto}: type the card you throw" in said[0]["message"]
        thrown = ASKED["out"].ask(t, {"melds": "10h Jh Qh Kh\n7s 7h 7d", "discard": "5d"})
        assert isinstance(thrown, OutAnswer) and thrown.may
        assert out_problems(thrown, t.variant) == []
        assert thrown.score is not None and thrown.discard is not None


def test_a_three_thirteen_closer_is_told_the_count_of_the_round(app: Flask) -> None:
    t = Table(find_variant("three_thirteen"), {}, round=2)
    answer = ASKED["out"].ask(t, {"melds": "3h 3d 3c", "discard": "5s"})
    assert isinstance(answer, OutAnswer) and not answer.may
    assert "In round 2 you go out with 4 cards" in out_problems(answer, t.variant)[0]["message"]


def test_hand_romme_is_answered_with_its_name_and_factor(app: Flask) -> None:
    t = table("romme_de")
    answer = ASKED["out"].ask(t, {"melds": "10h Jh Qh\n7s 7d 7c", "hand_win": "y"})
    assert isinstance(answer, OutAnswer) and answer.claim and answer.hand_win
    assert answer.hand_win_name == "Hand-Rommé" and answer.factor is not None
    after = ASKED["out"].ask(t, {"melds": "10h Jh Qh\n7s 7d 7c", "hand_win": "y",
                                 "others_melded": "y"})
    assert isinstance(after, OutAnswer) and after.may and after.hand_win is False
    assert after.factor is None and shown(after.hand_win_problems)


def test_only_one_card_is_thrown_to_go_out(app: Flask) -> None:
    with pytest.raises(Unasked, match="only one card is thrown"):
        ASKED["out"].ask(table("jolly_at"), {"melds": "10h Jh Qh", "discard": "5d 6d"})


def test_standings_name_the_winner(app: Flask) -> None:
    answer = ASKED["standings"].ask(table("jolly_at"), {"totals": "Anna 1020\nBen 300",
                                                        "played": "9"})
    assert isinstance(answer, StandingsAnswer) and answer.finished
    assert answer.winners == ("Anna",) and answer.totals[0] == ("Anna", 1020)


def test_taking_answers_the_engine_s_take_check(app: Flask) -> None:
    answer = ASKED["take"].ask(table("jolly_at"), {"pile": "2c Kd 7h Ks", "count": "3",
                                                   "hand": "10", "first": "earlier",
                                                   "melds": "Kd Kh Ks"})
    assert isinstance(answer, TakeCheck)
    assert [c.code() for c in answer.taken] == ["Kd", "7h", "Ks"]


def test_a_lay_off_answers_the_meld_it_leaves(app: Flask) -> None:
    answer = ASKED["layoff"].ask(table("jolly_vorrat"), {"onto": "5h 6h 7h", "cards": "8h 9h"})
    assert isinstance(answer, LayOffAnswer) and answer.legal and answer.pay == 2
    assert [c.code() for c in answer.meld or ()] == ["5h", "6h", "7h", "8h", "9h"]


def test_a_meld_on_the_table_that_is_no_meld_is_refused_with_its_problems(app: Flask) -> None:
    with pytest.raises(NotOnTable) as caught:
        ASKED["layoff"].ask(table("jolly_vorrat"), {"onto": "5h 6h 9c", "cards": "8h"})
    assert caught.value.problems
    assert refusal(caught.value).startswith("The meld on the table is not a legal meld")


def test_where_nobody_lays_off_the_answer_is_the_engine_s_refusal(app: Flask) -> None:
    t = Table(find_variant("three_thirteen"), {})
    asks = turn_asks(t)
    assert not asks.layoffs and [p.code for p in asks.no_layoff] == ["LAYOFF_NOT_ALLOWED"]
    answer = ASKED["layoff"].ask(t, {"onto": "5h 6h 7h", "cards": "8h"})
    assert isinstance(answer, LayOffAnswer) and not answer.legal and answer.meld is None


def test_a_joker_exchange_answers_where_the_joker_goes(app: Flask) -> None:
    answer = ASKED["exchange"].ask(table("rami_fr"), {
        "meld": "8s 8h JK", "cards": "8c 8d", "new_meld": "JK Qd Kd", "first": "earlier"})
    assert isinstance(answer, ExchangeAnswer) and answer.legal
    assert answer.joker_to == "new_meld"


def test_a_game_prefills_the_standings_with_its_totals(app: Flask) -> None:
    game = service.create_game("jolly_at", {}, ["Anna", "Ben"])
    assert standings_values(game) == {"totals": "Anna 0\nBen 0", "played": "0",
                                      "playoff": ""}
