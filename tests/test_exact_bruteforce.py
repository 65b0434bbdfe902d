"""The exact engine against brute-force enumeration of small shoes, every variant (R1–R20).

tests/bruteforce.py follows every sequence of cards in the real order of the round, with
Fractions and nothing clever; here every exact function must agree with it exactly (==).
"""

from itertools import combinations_with_replacement

import bruteforce as bf
import pytest

from twentyone_edu import VARIANTS, Shoe, exact, hand_value, parse_cards

# Small shoes that cannot run out in a round: aces (soft hands, naturals), a two, and a ten
# with a king (two ranks of one value class, to check that they are pooled correctly).
FRENCH = Shoe.from_counts({"A": 2, "2": 1, "6": 1, "7": 2, "8": 2, "9": 2, "10": 2, "J": 1,
                           "K": 2})
FRENCH_ROUND = Shoe.from_counts({"A": 2, "2": 1, "8": 2, "9": 2, "10": 3, "K": 2})
RUSSIAN = Shoe.from_counts({"A": 2, "6": 1, "7": 1, "9": 2, "10": 2, "J": 2, "Q": 1, "K": 2})
RUSSIAN_ROUND = Shoe.from_counts({"A": 2, "6": 1, "9": 2, "10": 2, "J": 2, "K": 2})
TWO_PLAYERS = Shoe.from_counts({"A": 2, "5": 1, "9": 2, "10": 7})


def shoes(name):
    """(shoe for single decisions, smaller shoe for whole rounds) of the variant's pack."""
    if VARIANTS[name].pack == "russian36":
        return RUSSIAN, RUSSIAN_ROUND
    return FRENCH, FRENCH_ROUND


def two_card_hands(shoe, rules):
    ranks = [rank for rank, n in shoe.counts if n]
    for a, b in combinations_with_replacement(ranks, 2):
        if a != b or shoe.count(a) >= 2:
            value = hand_value(f"{a} {b}", rules)
            if not (value.natural or value.bust):
                yield f"{a} {b}"


@pytest.mark.parametrize("name", list(VARIANTS))
def test_natural_and_banker_outcomes(name):
    rules = VARIANTS[name]
    shoe, _ = shoes(name)
    cards = bf.shoe_of(shoe)
    assert exact.natural_probability(shoe, rules) == bf.natural_probability(cards, rules)
    got = exact.banker_outcomes(shoe, rules)
    assert list(got) == ["natural", *range(rules.banker_stands_on, 22), "bust"]
    assert {k: v for k, v in got.items() if v} == bf.banker_outcomes(cards, rules)
    for rank, n in shoe.counts:
        if n:
            left = bf.shoe_of(shoe.remove(rank))
            expected = bf.banker_outcomes(left, rules, upcard=(rank,))
            got = exact.banker_outcomes(shoe, rules, upcard=rank)
            assert {k: v for k, v in got.items() if v} == expected


@pytest.mark.parametrize("name", list(VARIANTS))
def test_draw_distribution(name):
    rules = VARIANTS[name]
    shoe, _ = shoes(name)
    for hand, seen in [("A 9", ""), ("9 10", "A"), ("K 6", "10 A 9"), ("A A", "")]:
        if rules.pack == "russian36" and hand == "A A":
            continue
        unseen = bf.shoe_of(shoe.remove(parse_cards(hand + " " + seen)))
        expected = bf.draw_distribution(tuple(hand.split()), unseen, rules)
        assert exact.draw_distribution(hand, seen, shoe, rules) == expected


def test_first_banker():
    for shoe in (FRENCH, RUSSIAN, TWO_PLAYERS):
        for n in (2, 3, 5):
            expected = bf.first_banker(n, bf.shoe_of(shoe))
            assert exact.first_banker_probabilities(n, shoe) == expected


@pytest.mark.parametrize("name", list(VARIANTS))
def test_decision_values_every_two_card_hand(name):
    rules = VARIANTS[name]
    _, shoe = shoes(name)
    for hand in two_card_hands(shoe, rules):
        unseen = bf.shoe_of(shoe.remove(hand))
        expected = bf.decision_values(tuple(hand.split()), unseen, rules)
        assert exact.decision_values(hand, shoe=shoe, rules=rules) == expected, hand


@pytest.mark.parametrize("name", ["historical", "blackjack", "ochko"])
def test_decision_values_with_seen_cards_and_upcard(name):
    rules = VARIANTS[name]
    shoe, _ = shoes(name)
    cases = [("9 10", "A", None), ("A 9", "", "10"), ("K 6", "9", "A"), ("10 9", "", "9"),
             ("J 7", "K", None)]
    if rules.ace_soft:  # three-card hands: two with a soft ace
        cases += [("A 6 9", "", None), ("A A 7", "10", "9")]
    else:  # ochko's jack and queen count 2 and 3
        cases += [("J Q 6", "", None), ("K J 9", "A", "10")]
    for hand, seen, upcard in cases:
        known = f"{hand} {seen} {upcard or ''}"
        unseen = bf.shoe_of(shoe.remove(parse_cards(known)))
        expected = bf.decision_values(tuple(hand.split()), unseen, rules,
                                      upcard=(upcard,) if upcard else ())
        got = exact.decision_values(hand, seen, shoe, rules, upcard=upcard)
        assert got == expected, (hand, seen, upcard)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_round_value_thresholds_and_optimal(name):
    rules = VARIANTS[name]
    _, shoe = shoes(name)
    cards = bf.shoe_of(shoe)
    for policy in (15, 17, "optimal"):
        assert exact.round_value(policy, shoe, rules) == bf.round_value(policy, cards, rules)


@pytest.mark.parametrize("policy", [16, "optimal"])
def test_bank_value_equals_two_players_dealt_in_order(policy):
    # The real deal with two players: other players' cards come between ours (R7), yet the
    # banker's expected gain is exactly twice one player's loss (bank_price.py's argument).
    rules = VARIANTS["historical"]
    expected = bf.two_player_bank(policy, bf.shoe_of(TWO_PLAYERS), rules)
    assert exact.bank_value(2, policy, TWO_PLAYERS, rules) == expected
