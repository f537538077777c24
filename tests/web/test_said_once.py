"""The referee says each thing once: no sentence twice in one answer ("In diesem Spiel werden
Joker nicht ausgetauscht." twice), and no set problem that adds nothing to the one before
it (a set of five with a doubled suit is wrong because of the doubled suit)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorepad.rules import VARIANTS

from ..support.matrix_games import repeated_sentences, visible_text

HTMX = {"HX-Request": "true"}
QUESTIONS = [("exchange", {}), ("layoff", {}), ("meld", {"cards": "7s 7h 7d 7c 7h"})]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_no_answer_of_the_referee_says_a_sentence_twice(client: FlaskClient, variant: str,
                                                        lang: str) -> None:
    for q, data in QUESTIONS:
        answer = client.post(f"/referee/{variant}?lang={lang}", data={"q": q, **data},
                             headers=HTMX)
        assert answer.status_code in (200, 422), (q, answer.status_code)
        text = visible_text(answer.get_data(as_text=True))
        assert not repeated_sentences(text), (q, repeated_sentences(text))


def test_a_set_of_five_with_a_doubled_suit_is_wrong_for_the_doubled_suit(client: FlaskClient
                                                                          ) -> None:
    answer = client.post("/referee/romme_de?lang=en", data={"q": "meld", "cards": "7s 7h 7d 7c 7h"},
                         headers=HTMX)
    text = visible_text(answer.get_data(as_text=True))
    assert "A set may hold each suit only once, but ♥ appears more than once." in text
    assert "A set has at most 4 cards" not in text


def test_repeated_sentences_finds_a_verdict_said_again() -> None:
    assert repeated_sentences("✗ No: jokers are not exchanged in this game.\n"
                              "Jokers are not exchanged in this game.")
    assert not repeated_sentences("✗ No: nobody lays off in this game.\n"
                                  "Nobody lays off in this game: melds come only from your hand.")
