"""The exact engine's limits: over-limit problems are refused by name; within them, exactness.

The modular sums (residues.py) are checked against plain Python integers, on the rule sets
that used to fall back to them; the multi-card chances on big shoes against the textbook
formula, compared by cross-multiplication so that no huge fraction is reduced.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from bruteforce import round_value as brute_round_value
from bruteforce import shoe_of

from twentyone_edu import HISTORICAL, VARIANTS, Shoe, exact, symbolic
from twentyone_edu.exact import banker_hands, limits, residues
from twentyone_edu.exact.composition import fresh_counts, value_classes
from twentyone_edu.exact.strategy import caps_for
from twentyone_edu.game.cards import MOST_CARDS, MOST_PACKS, RANKS
from twentyone_edu.game.rules import RuleSet
from twentyone_edu.words.errors import CardError, RuleError

# --- Refused, with the limit named ----------------------------------------------------------

@pytest.mark.parametrize("counts", [{"A": 10**30}, {"K": 417}, {r: 10**6 for r in RANKS},
                                    {r: 33 for r in RANKS}])
def test_a_shoe_larger_than_eight_packs_is_refused(counts):
    with pytest.raises(CardError, match=f"at most {MOST_PACKS} packs.*"
                                        f"{MOST_CARDS} cards"):
        Shoe.from_counts(counts)


def test_eight_packs_of_cards_in_any_mix_are_a_shoe():
    assert len(Shoe.from_counts({r: 32 for r in RANKS})) == 416
    one_ace = Shoe.from_counts({"A": 1, "10": 415})
    seats = exact.first_banker_probabilities(5, shoe=one_ace)
    # One ace among 416 cards is equally likely anywhere: seat 1 gets cards 1, 6, ..., 416.
    assert seats[0] == Fraction(84, 416) and sum(seats) == 1


def test_a_round_too_large_is_refused_naming_the_limit():
    rules = RuleSet(face_values=(1, 11, 10), decks=8, banker_stands_on=21)
    for call in (lambda: exact.round_value("optimal", rules=rules),
                 lambda: exact.decision_values("2 3", rules=rules),
                 lambda: exact.bank_value(3, 17, rules=rules)):
        with pytest.raises(RuleError, match=f"at most {limits.MOST_STEPS:,}"):
            call()


def test_a_multi_card_chance_too_long_is_refused_naming_the_limit():
    for call in (lambda: symbolic.at_least_one(5 * 10**6, 10**7, 5 * 10**6),
                 lambda: symbolic.at_least(2, 10**6, 10**7, 10**6)):
        with pytest.raises(CardError, match=f"at most {limits.MOST_RESULT_BITS:,}"):
            call()


# --- Within the limits, exact --------------------------------------------------------------

@pytest.mark.parametrize("rules", [
    HISTORICAL.with_(decks=8),
    HISTORICAL.with_(decks=6, banker_hits_soft=True),
    VARIANTS["blackjack"].with_(banker_stands_on=21),
])
def test_modular_sums_equal_python_integer_sums(rules):
    # These rule sets' sums pass 2^63, so numerators() works modulo primes; the plain
    # Python-integer sums must be the same whole numbers, shoe by shoe.
    classes = value_classes(rules)
    full = fresh_counts(rules)
    hands = banker_hands.final_hands(classes, (0,) * classes.size, caps_for(rules, full))
    assert banker_hands.passes(hands) > 1
    rng = random.Random(11)
    shoes = np.array([full] + [[rng.randint(n // 2, n) for n in full] for _ in range(25)])
    modular = banker_hands.numerators(hands, shoes, weight=2**40)
    plain = banker_hands._numerators_exact(hands, shoes)
    assert modular.dtype == object and modular.tolist() == plain.tolist()


def test_residues_give_back_the_whole_numbers():
    rng = random.Random(5)
    numbers = [rng.randrange(2**150) for _ in range(200)] + [0, 2**150 - 1]
    primes = residues.primes_for(2**150, 27)
    parts = [np.array([x % p for x in numbers], dtype=np.int64) for p in primes]
    assert residues.combine(parts, primes).tolist() == numbers


def test_primes_are_prime():
    primes = residues.primes_below(20, 5)
    assert all(all(p % d for d in range(2, int(p**0.5) + 1)) for p in primes)
    assert all(p < 2**20 for p in primes) and len(set(primes)) == 5


def test_eight_packs_banker_outcomes_still_sum_to_one_exactly():
    outcomes = exact.banker_outcomes(rules=VARIANTS["blackjack"].with_(banker_stands_on=21))
    assert sum(outcomes.values()) == 1
    assert outcomes["natural"] == 2 * Fraction(24, 312) * Fraction(96, 311)


def test_twelve_value_classes_against_brute_force():
    # J 1, Q 11, K 10: twelve value classes, whose hand codes used to overflow int64.
    rules = RuleSet(face_values=(1, 11, 10), drawn_21_pays=Fraction(3, 2))
    shoe = Shoe.from_counts({"A": 1, "J": 2, "Q": 1, "K": 2, "3": 1, "9": 1, "10": 1})
    for policy in (12, 17):
        assert exact.round_value(policy, shoe, rules) == brute_round_value(
            policy, shoe_of(shoe), rules)


@pytest.mark.parametrize("rank_count, unseen, drawn", [
    (8, 2 * 10**4, 10**4), (4, 10**6, 999_990), (300, 10**6, 200), (0, 10**6, 10), (7, 10**6, 0),
])
def test_at_least_one_on_big_shoes_equals_the_textbook_formula(rank_count, unseen, drawn):
    # 1 − C(u − r, k) / C(u, k), checked as p · C(u, k) = C(u, k) − C(u − r, k).
    chance = symbolic.at_least_one(rank_count, unseen, drawn)
    whole, missing = comb(unseen, drawn), comb(unseen - rank_count, drawn)
    assert chance.numerator * whole == chance.denominator * (whole - missing)


def test_at_least_one_of_the_brief():
    chance = symbolic.at_least_one(8, 10**7, 5 * 10**6)
    # No card of the 8 among the first k: all 8 lie in the last u − k, (u − k)_8 / (u)_8.
    none = Fraction(1)
    for i in range(8):
        none *= Fraction(5 * 10**6 - i, 10**7 - i)
    assert chance == 1 - none


@pytest.mark.parametrize("least, rank_count, unseen, drawn", [
    (2, 8, 2 * 10**4, 10**4), (6, 8, 2 * 10**4, 10**4), (1, 40, 10**4, 30), (25, 40, 300, 200),
])
def test_at_least_on_big_shoes_equals_the_textbook_sum(least, rank_count, unseen, drawn):
    chance = symbolic.at_least(least, rank_count, unseen, drawn)
    ways = sum(comb(rank_count, i) * comb(unseen - rank_count, drawn - i)
               for i in range(least, min(rank_count, drawn) + 1))
    assert chance.numerator * comb(unseen, drawn) == chance.denominator * ways
