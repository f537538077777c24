"""Card notation: every spelling of ADJUDICATION.md "Cards", and the parser's promises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules import JOKER, Card, InvalidCardError, Rank, Suit, format_cards, parse_card, parse_cards

QUEEN_OF_HEARTS = Card(Rank.QUEEN, Suit.HEARTS)
TEN_OF_HEARTS = Card(Rank.TEN, Suit.HEARTS)

ALL_CARDS = [Card(rank, suit) for rank in Rank for suit in Suit] + [JOKER]
cards = st.sampled_from(ALL_CARDS)


@pytest.mark.parametrize("text", ["Qh", "qh", "QH", "qH", "Q♥", "♥Q", "q♥", "♥q", "Q♡", "♡Q",
                                  "D♥", "♥D", "dh", "Dh", " Qh ", "Q\u2665\ufe0f"])
def test_queen_of_hearts_is_read_in_every_notation(text: str) -> None:
    assert parse_card(text) == QUEEN_OF_HEARTS


@pytest.mark.parametrize("text", ["10h", "10H", "♥10", "10♥", "Th", "th", "T♥", "♥T", "♡10"])
def test_ten_is_written_with_digits_or_t(text: str) -> None:
    assert parse_card(text) == TEN_OF_HEARTS


@pytest.mark.parametrize(("text", "suit"), [
    ("♠K", Suit.SPADES), ("K♤", Suit.SPADES), ("Ks", Suit.SPADES),
    ("♥K", Suit.HEARTS), ("K♡", Suit.HEARTS), ("Kh", Suit.HEARTS),
    ("♦K", Suit.DIAMONDS), ("K♢", Suit.DIAMONDS), ("Kd", Suit.DIAMONDS),
    ("♣K", Suit.CLUBS), ("K♧", Suit.CLUBS), ("Kc", Suit.CLUBS),
])
def test_every_suit_symbol_filled_or_outlined_before_or_after_the_rank(text: str, suit: Suit) -> None:
    assert parse_card(text) == Card(Rank.KING, suit)


@pytest.mark.parametrize(("text", "rank"), [
    ("B♣", Rank.JACK), ("♣B", Rank.JACK), ("bc", Rank.JACK),
    ("D♣", Rank.QUEEN), ("♣D", Rank.QUEEN),
    ("K♣", Rank.KING), ("A♣", Rank.ACE), ("♣A", Rank.ACE), ("ac", Rank.ACE),
])
def test_german_ranks_bube_dame_koenig_ass(text: str, rank: Rank) -> None:
    assert parse_card(text) == Card(rank, Suit.CLUBS)


@pytest.mark.parametrize(("text", "card"), [
    ("10p", "10s"), ("p10", "10s"), ("Kp", "Ks"), ("KP", "Ks"), ("Dp", "Qs"), ("Bp", "Js"),
    ("Ap", "As"), ("pA", "As"), ("Tp", "10s"), ("7p", "7s"),
])
def test_german_pik_is_written_p(text: str, card: str) -> None:
    """Issue 18: a German table writes 10p for Pik 10. Kreuz and Karo have no letter of
    their own (K is the King), so they stay ♣ ♦ or c d."""
    assert parse_card(text) == Card.parse(card)


@pytest.mark.parametrize("text", ["JK", "jk", "Jk", "Joker", "JOKER", "joker", "Jolly", "jolly",
                                  "★", "*", "🃏"])
def test_every_joker_spelling_is_the_joker(text: str) -> None:
    card = parse_card(text)
    assert card == JOKER
    assert card.is_joker


def test_a_lone_j_is_never_a_joker() -> None:
    with pytest.raises(InvalidCardError):
        parse_card("J")
    assert parse_card("Jh") == Card(Rank.JACK, Suit.HEARTS)
    assert parse_card("J♠") == Card(Rank.JACK, Suit.SPADES)
    assert not parse_card("Jh").is_joker


@pytest.mark.parametrize("text", ["10h Jh Qh", "10h,Jh,Qh", "10h, Jh, Qh", "10h-Jh-Qh",
                                  "10h–Jh–Qh", "10h - Jh - Qh", "  10h   Jh  Qh  "])
def test_every_separator_splits_cards(text: str) -> None:
    assert format_cards(parse_cards(text)) == "10h Jh Qh"


def test_symbol_first_with_german_ranks() -> None:
    assert parse_cards("♥10 B♥ D♥") == parse_cards("10h Jh Qh")


def test_german_clubs_with_en_dashes_and_a_joker() -> None:
    assert parse_cards("♣B–♣D–JK–♣A") == [
        Card(Rank.JACK, Suit.CLUBS), Card(Rank.QUEEN, Suit.CLUBS), JOKER, Card(Rank.ACE, Suit.CLUBS)]


def test_a_list_of_strings_is_read_card_by_card() -> None:
    assert parse_cards(["♥10", "Joker", "as"]) == [TEN_OF_HEARTS, JOKER, Card(Rank.ACE, Suit.SPADES)]


def test_the_canonical_code_is_rank_then_suit_letter() -> None:
    assert [c.code() for c in parse_cards("♥10 D♠ ♦A ★")] == ["10h", "Qs", "Ad", "JK"]


@pytest.mark.parametrize(("text", "token", "position"), [
    ("Qh Xh", "Xh", 2),
    ("Qh,Kh,Ah,1h", "1h", 4),
    ("J Qh", "J", 1),
    ("10h-11h", "11h", 2),
    ("Qh Kh Q", "Q", 3),
])
def test_an_invalid_card_names_its_token_and_position(text: str, token: str, position: int) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert info.value.position == position
    assert token in str(info.value)


def test_an_invalid_card_in_a_list_names_its_index() -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(["Qh", "Kh", "Zz"])
    assert (info.value.token, info.value.position) == ("Zz", 3)


def test_invalid_card_error_is_a_value_error() -> None:
    assert issubclass(InvalidCardError, ValueError)
    with pytest.raises(ValueError):
        parse_card("Xs")


@pytest.mark.parametrize("text", ["", " ", "h", "1h", "0s", "14h", "Qx", "QQ", "hh", "Q♥♥", "JKh"])
def test_things_that_are_no_card_are_refused(text: str) -> None:
    with pytest.raises(InvalidCardError):
        parse_card(text)


def test_joker_is_displayed_as_a_word_that_parses_back() -> None:
    assert JOKER.display() == "Joker"
    assert parse_card(JOKER.display()) == JOKER


@settings(deadline=None)
@given(cards)
def test_code_round_trips(card: Card) -> None:
    assert parse_card(card.code()) == card


@settings(deadline=None)
@given(cards)
def test_display_round_trips(card: Card) -> None:
    assert parse_card(card.display()) == card


@settings(deadline=None)
@given(st.lists(cards, max_size=30), st.booleans())
def test_formatting_a_list_and_parsing_it_back_gives_the_list(hand: list[Card], display: bool) -> None:
    assert parse_cards(format_cards(hand, display=display)) == hand


@settings(deadline=None)
@given(st.lists(cards, min_size=1, max_size=20),
       st.lists(st.sampled_from([" ", ",", "-", "–", ", ", " - "]), min_size=20, max_size=20))
def test_any_mix_of_separators_parses_back(hand: list[Card], seps: list[str]) -> None:
    text = "".join(c.code() + sep for c, sep in zip(hand, seps))
    assert parse_cards(text) == hand


@settings(deadline=None)
@given(st.text())
def test_parse_card_on_any_text_parses_or_raises_invalid_card(text: str) -> None:
    try:
        card = parse_card(text)
    except InvalidCardError as e:
        assert isinstance(e.token, str)
        assert e.position == 1
    else:
        assert card in ALL_CARDS


@settings(deadline=None)
@given(st.text())
def test_parse_cards_on_any_text_parses_or_raises_invalid_card(text: str) -> None:
    try:
        hand = parse_cards(text)
    except InvalidCardError as e:
        assert isinstance(e.token, str) and e.token
        assert e.position >= 1
    else:
        assert all(card in ALL_CARDS for card in hand)


@settings(deadline=None)
@given(st.lists(st.text(max_size=6), max_size=8))
def test_parse_cards_on_any_list_of_strings_parses_or_raises_invalid_card(tokens: list[str]) -> None:
    try:
        hand = parse_cards(tokens)
    except InvalidCardError as e:
        assert 1 <= e.position <= len(tokens)
    else:
        assert len(hand) == len(tokens)
