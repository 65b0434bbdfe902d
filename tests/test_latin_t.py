"""A ten is written 10, never T (issue 29.6): a Latin T looks like the Cyrillic Т, the Russian
ace, so a Russian student with an English keyboard layout would silently get a ten for an ace.
Everywhere a card is read, a Latin T is refused, in the reader's language, and nothing changes."""

import html

import pytest
from hypothesis import given
from hypothesis import strategies as st

import twentyone_edu as t21
from twentyone_edu import Card, CardError, Shoe, card_text, hand_value, parse_cards
from twentyone_edu.game.cards import parse_card, read_rank
from twentyone_edu.widgets import AdviceExplorer

# Written out by hand: what each language must say of a Latin T.
ENGLISH = ("the Latin letter T is not a card", "write 10 for a ten",
           "Т (Cyrillic) is the Russian ace")
RUSSIAN = ("латинская T — не карта", "десятку пишите 10", "русская Т — это туз")
LATIN_T = ["T", "t", "Ts", "TH", "t♦", "T♣"]


def says_so(error: CardError, token: str) -> None:
    """The refusal names the token and says, in English and in Russian, what a ten is."""
    assert repr(token) in str(error)
    assert all(words in str(error) for words in ENGLISH), str(error)
    russian = error.in_language("ru")
    assert repr(token) in russian and all(words in russian for words in RUSSIAN), russian


@pytest.mark.parametrize("token", LATIN_T)
def test_a_latin_t_is_refused_wherever_a_card_is_read(token):
    readers = [
        lambda: parse_card(token),
        lambda: parse_cards(f"A {token}"),
        lambda: parse_cards(["K", token]),
        lambda: hand_value(f"{token} 9"),
        lambda: hand_value(f"9 {token}"),
        lambda: card_text(f"{token} 9", "ru"),
        lambda: card_text(f"{token}/J/Q/K", "en"),
        lambda: Shoe.fresh(1).remove(token),
        lambda: t21.exact.draw_distribution(f"{token} 5"),
        lambda: t21.exact.draw_distribution("10 5", seen=f"A {token}"),
    ]
    for read in readers:
        with pytest.raises(CardError) as refused:
            read()
        says_so(refused.value, token)


@pytest.mark.parametrize("rank", ["T", "t"])
def test_a_latin_t_is_no_rank_of_a_shoe_or_a_card(rank):
    for read in (lambda: Shoe.fresh(1).count(rank), lambda: Shoe.from_counts({rank: 4}),
                 lambda: read_rank(rank), lambda: Card(rank)):
        with pytest.raises(CardError) as refused:
            read()
        says_so(refused.value, rank)


def test_a_latin_t_beside_russian_letters_is_named_as_a_latin_t():
    """'T К' is what a Russian student types for ace-king with the layout half switched: the
    message names the T, not only the mixing of alphabets."""
    for hand in ("T К", "К T", "Т T"):
        with pytest.raises(CardError) as refused:
            parse_cards(hand)
        says_so(refused.value, "T")


def test_the_cyrillic_t_is_the_ace_and_10_the_ten():
    assert parse_card("Т") == parse_card("т") == Card("A")
    assert parse_card("Т♠") == Card("A", "♠")
    assert parse_card("10") == Card("10")
    assert hand_value("Т 9").total == 20 and hand_value("Т 9").soft
    assert hand_value("10 9").total == 19 and not hand_value("10 9").soft
    assert Shoe.fresh(1).count("Т") == 4 and Shoe.fresh(1).count("10") == 4


RANKS_WRITTEN = st.sampled_from(["A", "2", "5", "9", "10", "J", "Q", "K"])
SUIT = st.sampled_from(["", "s", "h", "♠", "♦"])


@given(st.lists(st.tuples(RANKS_WRITTEN, SUIT), min_size=0, max_size=5),
       st.sampled_from(["T", "t"]), SUIT, st.integers(min_value=0, max_value=5))
def test_a_latin_t_anywhere_in_any_hand_is_refused(cards, t, suit, where):
    tokens = [rank + s for rank, s in cards]
    tokens.insert(min(where, len(tokens)), t + suit)
    with pytest.raises(CardError) as refused:
        parse_cards(" ".join(tokens))
    says_so(refused.value, t + suit)
    with_ten = [token if token != t + suit else "10" + suit for token in tokens]
    assert Card("10", {"": None, "s": "♠", "h": "♥"}.get(suit, suit) or None) in \
        parse_cards(" ".join(with_ten))


@pytest.mark.parametrize("language, words", [("en", ENGLISH), ("ru", RUSSIAN)])
def test_the_advice_explorer_refuses_a_typed_latin_t_and_keeps_its_hand(language, words):
    advice = AdviceExplorer(hand="10 9", language=language)
    before = (advice.hand, advice.distribution)
    assert advice.hand == parse_cards("10 9") and advice.distribution
    advice.hand_box.value = "T 9"
    shown = html.unescape(advice.message.value)
    assert all(part in shown for part in words), shown
    assert (advice.hand, advice.distribution) == before
    assert advice.message.unexpected == []


def test_a_table_refuses_a_stacked_latin_t_and_is_unchanged():
    table = t21.Table(["Anna", "Boris"], seed=1)
    before = list(table.log)
    with pytest.raises(CardError) as refused:
        table.stack_shoe("T A")
    says_so(refused.value, "T")
    assert table.log == before
    table.stack_shoe("10 A")  # the same shoe written with 10 is taken
