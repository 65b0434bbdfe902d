"""Cards, hands and the shoe (R1–R3); expected values worked out by hand from RULES.md."""

import random

import pytest

from twentyone_edu import VARIANTS, Card, CardError, HandValue, Shoe, hand_value, parse_cards
from twentyone_edu.game.cards import parse_card

# ----- parsing (R1) -----

def test_parse_ranks_and_suits():
    assert parse_cards("A K 10 9 q♠") == (
        Card("A"), Card("K"), Card("10"), Card("9"), Card("Q", "♠"))


@pytest.mark.parametrize("text, card", [
    ("10", Card("10")), ("a", Card("A")),
    ("j", Card("J")), ("2", Card("2")), ("9", Card("9")),
    ("Ks", Card("K", "♠")), ("kS", Card("K", "♠")), ("K♠", Card("K", "♠")),
    ("10h", Card("10", "♥")), ("10H", Card("10", "♥")), ("10♥", Card("10", "♥")),
    ("qd", Card("Q", "♦")), ("Q♦", Card("Q", "♦")), ("jc", Card("J", "♣")),
    ("J♣", Card("J", "♣")), ("  7d ", Card("7", "♦")),
])
def test_parse_one_card_both_spellings_any_case(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["A,K,7", "A, K, 7", "A K 7", "A ,K  7", " A\tK\n7 "])
def test_parse_separators(text):
    assert parse_cards(text) == (Card("A"), Card("K"), Card("7"))


def test_parse_from_cards_and_tokens():
    assert parse_cards(["A", Card("K", "♥"), "2c"]) == (Card("A"), Card("K", "♥"), Card("2", "♣"))
    assert parse_cards(Card("5")) == (Card("5"),)
    assert parse_cards("") == ()


@pytest.mark.parametrize("token", ["Z", "1", "11", "0", "Ax", "K♠♠", "", "10 10", "B"])
def test_parse_rejects_bad_cards_naming_them(token):
    with pytest.raises(CardError) as error:
        parse_card(token)
    assert repr(token) in str(error.value)
    assert "A, 2-10" in str(error.value)


def test_parse_cards_rejects_a_bad_token_in_a_list():
    with pytest.raises(CardError, match="'Z'"):
        parse_cards("A Z K")
    with pytest.raises(CardError):
        parse_cards(17)


def test_card_validates_rank_and_suit():
    with pytest.raises(CardError, match="'Z'"):
        Card("Z")
    with pytest.raises(CardError, match="'x'"):
        Card("A", "x")


def test_card_text_and_name():
    assert str(Card("Q", "♠")) == "Q♠"
    assert str(Card("10")) == "10"
    assert Card("Q", "♠").name == "queen of spades"
    assert Card("A").name == "ace"


# ----- values (R2, R3) -----

@pytest.mark.parametrize("hand, expected", [
    ("A 9", HandValue(20, True, False, False)),       # R2: ace + 9 = 20, the ace counts 11
    ("9 10 A", HandValue(20, False, False, False)),   # R2: 9 + 10 + A = 20, the ace counts 1
    ("A K", HandValue(21, True, True, False)),        # R3: ace and a face card
    ("10 A", HandValue(21, True, True, False)),       # R3: in either order
    ("A J", HandValue(21, True, True, False)),
    ("A A", HandValue(12, True, False, False)),       # R3: two aces are 12, not a natural
    ("7 7 7", HandValue(21, False, False, False)),    # R3: three cards make a drawn 21
    ("A 5 5", HandValue(21, True, False, False)),     # drawn 21, the ace still 11
    ("K Q", HandValue(20, False, False, False)),
    ("10 9", HandValue(19, False, False, False)),
    ("K Q 5", HandValue(25, False, False, True)),     # over 21: bust
    ("A A A A", HandValue(14, True, False, False)),   # one ace 11, three aces 1
    ("A 6 K", HandValue(17, False, False, False)),
    ("2 3", HandValue(5, False, False, False)),
    ("5", HandValue(5, False, False, False)),
])
def test_hand_value_historical(hand, expected):
    assert hand_value(hand) == expected


@pytest.mark.parametrize("hand, total, natural, bust", [
    ("A A", 21, True, False),     # the golden 21 of ochko
    ("A 10", 21, True, False),    # the ace always 11: a two-card 21
    ("K Q", 7, False, False),     # K = 4, Q = 3
    ("J J J", 6, False, False),   # J = 2
    ("A 6", 17, False, False),    # never soft: the ace is 11
    ("A 6 5", 22, False, True),   # ... even when that busts the hand
    ("A A A", 33, False, True),
    ("10 K 7", 21, False, False),
])
def test_hand_value_ochko(hand, total, natural, bust):
    value = hand_value(hand, VARIANTS["ochko"])
    assert (value.total, value.natural, value.bust, value.soft) == (total, natural, bust, False)


def test_hand_value_rejects_an_empty_hand():
    with pytest.raises(CardError, match="empty hand"):
        hand_value("")
    with pytest.raises(CardError, match="empty hand"):
        hand_value([])


# ----- the shoe (R1, R18) -----

def test_fresh_two_packs():
    shoe = Shoe.fresh()
    assert len(shoe) == 104
    assert shoe.count("A") == 8
    assert sum(shoe.count(rank) for rank in ("10", "J", "Q", "K")) == 32
    for rank in "2 3 4 5 6 7 8 9".split():
        assert shoe.count(rank) == 8


def test_fresh_one_pack_and_the_russian_pack():
    assert len(Shoe.fresh(1)) == 52
    assert len(Shoe.fresh(6)) == 312
    russian = Shoe.fresh(1, "russian36")
    assert len(russian) == 36
    assert russian.count("A") == 4 and russian.count("6") == 4
    assert all(russian.count(rank) == 0 for rank in "2 3 4 5".split())
    assert set(russian.as_dict()) == {"A", "6", "7", "8", "9", "10", "J", "Q", "K"}


@pytest.mark.parametrize("decks, pack", [(0, "french52"), (9, "french52"), (True, "french52"),
                                         (2.0, "french52"), (1, "tarot")])
def test_fresh_rejects_bad_shoes(decks, pack):
    with pytest.raises(CardError, match=repr(decks) if pack == "french52" else "'tarot'"):
        Shoe.fresh(decks, pack)


def test_remove_returns_a_new_shoe():
    shoe = Shoe.fresh(1)
    smaller = shoe.remove("A A K♠")
    assert len(smaller) == 49
    assert smaller.count("A") == 2 and smaller.count("K") == 3
    assert len(shoe) == 52  # the old shoe is unchanged


def test_remove_more_of_a_rank_than_held():
    shoe = Shoe.fresh(1).remove("A A A A")
    assert shoe.count("A") == 0
    with pytest.raises(CardError) as error:
        Shoe.fresh(1).remove("A A A A A")
    assert "A" in str(error.value) and "4" in str(error.value)
    with pytest.raises(CardError, match="2"):
        Shoe.fresh(1, "russian36").remove("2")


def test_from_counts_validates():
    assert len(Shoe.from_counts({"A": 1, "K": 3})) == 4
    with pytest.raises(CardError, match="'Z'"):
        Shoe.from_counts({"Z": 1})
    with pytest.raises(CardError, match="-1"):
        Shoe.from_counts({"A": -1})


def test_draw_takes_one_card_out():
    shoe = Shoe.fresh()
    card, rest = shoe.draw(random.Random(5))
    assert len(rest) == 103
    assert rest.count(card.rank) == shoe.count(card.rank) - 1
    with pytest.raises(CardError, match="empty"):
        Shoe.from_counts({}).draw(random.Random(0))


def test_draw_is_uniform_over_cards():
    # one ace among four cards: 4000 draws give 1000 aces on average, standard error 27.4
    shoe = Shoe.from_counts({"A": 1, "K": 3})
    rng = random.Random(2024)
    aces = sum(shoe.draw(rng)[0].rank == "A" for _ in range(4000))
    assert abs(aces - 1000) < 4 * 27.4


# --- Russian letters (issue 19.2): Т туз, К король, Д дама, В валет ------------------------------

@pytest.mark.parametrize(("russian", "latin"), [("Т 9", "A 9"), ("К Д", "K Q"), ("т в", "a j"),
                                                 ("В♠ Т♥", "J♠ A♥"), ("10 Д", "10 Q")])
def test_a_hand_in_russian_letters_is_the_hand_in_latin_ones(russian, latin):
    assert parse_cards(russian) == parse_cards(latin)
    assert hand_value(russian) == hand_value(latin)


def test_the_russian_t_is_the_ace_and_a_ten_is_10():
    assert parse_cards("Т") == (Card("A"),) and parse_cards("10") == (Card("10"),)
    assert hand_value("Т 9") == HandValue(20, True, False, False)  # ace 11 + 9
    assert hand_value("10 9") == HandValue(19, False, False, False)
    assert hand_value("Т К").natural and not hand_value("10 К").natural


@pytest.mark.parametrize("mixed", ["К Q", "Т J", "A В", "Д 5 J", ["К", "Q"]])
def test_a_hand_mixing_alphabets_is_refused_naming_the_letters(mixed):
    with pytest.raises(CardError, match="mixes the Russian letter") as refused:
        parse_cards(mixed)
    assert "Т К Д В" in refused.value.in_language("ru")
