"""The exact engine against numbers worked out by hand, exact identities, and bad input (R1–R20)."""

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest

from twentyone_edu import HISTORICAL, VARIANTS, Shoe, exact, hand_value
from twentyone_edu.exact import banker_hands
from twentyone_edu.exact.composition import fresh_counts, value_classes
from twentyone_edu.words.errors import CardError, IllegalAction, RuleError

# --- Numbers worked out by hand -------------------------------------------------------------

def test_natural_probability_fresh_two_packs():
    # An ace then a ten-valued card, or a ten then an ace: 2 · (8/104) · (32/103) (R1, R3).
    assert exact.natural_probability() == 2 * Fraction(8, 104) * Fraction(32, 103)
    assert exact.natural_probability() == Fraction(64, 1339)


def test_natural_probability_one_pack_and_ochko():
    assert exact.natural_probability(Shoe.fresh(1)) == 2 * Fraction(4, 52) * Fraction(16, 51)
    # Ochko, one 36-card pack: ace + 10 (the only rank worth 10) either way, or two aces.
    expected = (2 * 4 * 4 + 4 * 3) / Fraction(36 * 35)
    assert exact.natural_probability(rules="ochko") == expected


def test_draw_from_twenty_after_king_queen():
    # 102 unseen cards; only the 8 aces keep 20 alive (R11, "the advice").
    assert exact.draw_distribution("K Q") == {21: Fraction(8, 102), "bust": Fraction(94, 102)}
    assert exact.draw_distribution("K Q")[21] == Fraction(4, 51)


def test_draw_from_nineteen_with_seen_cards():
    chances = exact.draw_distribution("10 9", seen="A A 2 K")
    # 104 - 2 - 4 = 98 unseen; 6 aces make 20, 7 twos make 21.
    assert chances == {20: Fraction(6, 98), 21: Fraction(7, 98), "bust": Fraction(85, 98)}


def test_draw_from_soft_twenty_never_busts():
    chances = exact.draw_distribution("A 9")
    expected = {12: 8, 13: 8, 14: 8, 15: 8, 16: 8, 17: 8, 18: 8, 19: 7, 20: 32, 21: 7}
    assert chances == {total: Fraction(n, 102) for total, n in expected.items()}


def test_draw_distribution_lists_totals_in_order_then_bust():
    assert list(exact.draw_distribution("2 3")) == list(range(7, 17))
    assert list(exact.draw_distribution("K 6")) == [17, 18, 19, 20, 21, "bust"]


def test_first_banker_small_shoes():
    assert exact.first_banker_probabilities(1) == [1]
    # One ace and two kings, two players: the ace is the 1st, 2nd or 3rd card, each 1/3;
    # seat 1 gets cards 1 and 3 (R4).
    shoe = Shoe.from_counts({"A": 1, "K": 2})
    assert exact.first_banker_probabilities(2, shoe) == [Fraction(2, 3), Fraction(1, 3)]


def test_first_banker_sums_to_one_and_favours_early_seats():
    chances = exact.first_banker_probabilities(5)
    assert sum(chances) == 1
    assert all(a > b for a, b in zip(chances, chances[1:], strict=False))


def test_banker_outcomes_forced_shoe():
    # Two tens and a seven: the banker holds 10 + 10 (chance 1/3) or 10 + 7 (2/3) and stands.
    shoe = Shoe.from_counts({"10": 2, "7": 1})
    outcomes = exact.banker_outcomes(shoe)
    assert {k: v for k, v in outcomes.items() if v} == {17: Fraction(2, 3), 20: Fraction(1, 3)}
    assert list(outcomes) == ["natural", 17, 18, 19, 20, 21, "bust"]


def test_decision_values_when_every_card_is_a_ten():
    # The banker holds 20 whatever happens: standing on 19 loses 1, buying busts and loses 1.
    shoe = Shoe.from_counts({"10": 5, "9": 1})
    assert exact.decision_values("10 9", shoe=shoe) == {"stand": -1, "draw": -1}


def test_decision_values_are_fractions_and_symmetric_in_order():
    values = exact.decision_values("10 9")
    assert all(isinstance(v, Fraction) for v in values.values())
    assert values == exact.decision_values("9 K")


# --- Exact identities -----------------------------------------------------------------------

@pytest.mark.parametrize("name", list(VARIANTS))
def test_banker_outcomes_sum_to_one_by_upcard_and_average_back(name):
    rules = VARIANTS[name]
    shoe = Shoe.fresh(rules.decks, rules.pack)
    whole = exact.banker_outcomes(rules=rules)
    assert sum(whole.values()) == 1
    averaged = dict.fromkeys(whole, Fraction(0))
    for rank, n in shoe.counts:
        if n:
            by_upcard = exact.banker_outcomes(rules=rules, upcard=rank)
            assert sum(by_upcard.values()) == 1
            for key, p in by_upcard.items():
                averaged[key] += Fraction(n, len(shoe)) * p
    assert averaged == whole  # the law of total probability over the banker's first card


def test_banker_outcomes_keys_follow_the_stand_threshold():
    rules = HISTORICAL.with_(banker_stands_on=15)
    assert list(exact.banker_outcomes(rules=rules)) == ["natural", *range(15, 22), "bust"]


def test_strategy_table_agrees_with_decision_values():
    rows = exact.strategy_table()
    assert len(rows) == 54  # 55 pairs of the 10 value classes, less A + 10
    assert sum(row["probability"] for row in rows) == 1 - exact.natural_probability()
    for row in rows:
        if row["hand"] in ("10 10", "9 10", "A 9", "2 2", "7 9"):
            values = exact.decision_values(row["hand"])
            assert (row["stand"], row["draw"]) == (values["stand"], values["draw"])
        assert row["best"] == ("stand" if row["stand"] > row["draw"] else "draw")
        assert row["gain"] == row["draw"] - row["stand"]


def test_optimal_is_at_least_every_threshold():
    best = exact.round_value("optimal")
    assert all(best >= exact.round_value(n) for n in range(12, 22))


def test_bank_value_is_n_times_one_players_loss():
    for n in (1, 5, 11):
        assert exact.bank_value(n, 17) == -n * exact.round_value(17)


def test_advice_check_lists_every_two_card_nineteen_and_twenty():
    rows = exact.advice_check()
    assert sorted(row["hand"] for row in rows) == ["10 10", "9 10", "A 8", "A 9"]
    assert all(row["advice_holds"] == (row["stand"] >= row["draw"]) for row in rows)
    assert exact.advice_failures() == [row for row in rows if not row["advice_holds"]]


def test_advice_check_with_more_cards_includes_three_card_hands():
    rows = exact.advice_check(max_cards=3)
    assert {"A 9", "2 8 9", "A A 8", "A A 7"} <= {row["hand"] for row in rows}
    assert all(row["total"] in (19, 20) and row["cards"] <= 3 for row in rows)


def test_bank_price_parts():
    price = exact.bank_price(5, 17)
    assert price["gain_per_round"] == exact.bank_value(5, 17)
    # Each of 6 hands holds at least its 2 closed cards.
    assert price["cards_per_round"] > 12
    # Wald: the cards of the rounds played cover the 104, and overshoot by less than a round.
    least = 104 / price["cards_per_round"]
    assert least <= price["rounds"] <= least + 1


def test_rule_names_are_accepted():
    assert exact.round_value(17, rules="blackjack") == exact.round_value(
        17, rules=VARIANTS["blackjack"])


def test_fast_and_plain_integer_sums_agree():
    # banker_hands.numerators uses numpy int64 when the sums are safely small (and int64 modulo
    # primes otherwise, see tests/test_limits.py); Python integers must give the same numbers.
    classes = value_classes(HISTORICAL)
    hands = banker_hands.final_hands(classes, (0,) * 10, fresh_counts(HISTORICAL))
    rng = random.Random(7)
    shoes = np.array([[rng.randint(0, n) for n in fresh_counts(HISTORICAL)] for _ in range(40)])
    fast = banker_hands._numerators_int64(hands, shoes)
    plain = banker_hands._numerators_exact(hands, shoes)
    assert fast.dtype == np.int64 and plain.dtype == object
    assert fast.tolist() == plain.tolist()


@pytest.mark.parametrize("rules", [*VARIANTS.values(), HISTORICAL.with_(face_values=(1, 11, 10))],
                         ids=[*VARIANTS, "faces 1 11 10"])
def test_class_counts_value_a_hand_as_hand_value_does(rules):
    # The engine values a hand from its points, aces and size, without making cards; every hand
    # of one to four cards must get what hand_value (checked by hand in test_cards) gives it.
    classes = value_classes(rules)
    for size in range(1, 5):
        for hand in itertools.combinations_with_replacement(range(classes.size), size):
            counts = tuple(hand.count(i) for i in range(classes.size))
            assert classes.state(counts) == hand_value(classes.cards(counts), rules), counts


def test_eight_packs_pass_int64_and_stay_exact():
    rules = HISTORICAL.with_(decks=8)
    outcomes = exact.banker_outcomes(rules=rules)
    assert sum(outcomes.values()) == 1
    assert outcomes["natural"] == 2 * Fraction(32, 416) * Fraction(128, 415)


# --- Bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize("call, error, words", [
    (lambda: exact.decision_values("K 9", seen="K K K K K K K K"), CardError, "K"),
    (lambda: exact.draw_distribution("A A", seen="A A A A A A A"), CardError, "A"),
    (lambda: exact.decision_values("K Q 5"), IllegalAction, "bust"),
    (lambda: exact.decision_values("A K"), IllegalAction, "natural"),
    (lambda: exact.decision_values("7 7 7"), IllegalAction, "21"),
    (lambda: exact.draw_distribution("K Q 5"), IllegalAction, "bust"),
    (lambda: exact.decision_values("K"), CardError, "at least 2"),
    (lambda: exact.decision_values("2 3", rules="ochko"), CardError, "'2'"),
    (lambda: exact.decision_values("K 6", upcard="K Q"), CardError, "upcard"),
    (lambda: exact.round_value(25), RuleError, "25"),
    (lambda: exact.round_value("best"), RuleError, "best"),
    (lambda: exact.round_value(True), RuleError, "True"),
    (lambda: exact.round_value(17.5), RuleError, "17.5"),
    (lambda: exact.round_value(17, rules="poker"), RuleError, "poker"),
    (lambda: exact.round_value(17, rules=17), RuleError, "17"),
    (lambda: exact.round_value(17, shoe="fresh"), CardError, "fresh"),
    (lambda: exact.bank_value(0, 17), RuleError, "n_players=0"),
    (lambda: exact.bank_value(12, 17), RuleError, "n_players=12"),
    (lambda: exact.first_banker_probabilities(13), RuleError, "n_players=13"),
    (lambda: exact.first_banker_probabilities(2, Shoe.from_counts({"K": 4})), CardError, "ace"),
    (lambda: exact.banker_outcomes(Shoe.from_counts({"2": 4, "3": 4})), CardError, "can need"),
    (lambda: exact.round_value(17, Shoe.from_counts({"10": 5})), CardError, "can need"),
    (lambda: exact.advice_check(max_cards=1), RuleError, "max_cards=1"),
])
def test_bad_input_is_refused_with_a_clear_message(call, error, words):
    with pytest.raises(error, match=words):
        call()
