"""The simulation against hand-derived numbers and brute-force enumeration (R4, R7–R17)."""

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import sqrt

import numpy as np
import pytest
from bruteforce import first_ace_by_seat

from twentyone_edu import HISTORICAL, VARIANTS, Shoe, exact, hand_value, settle, simulate
from twentyone_edu.words.errors import CardError, RuleError, TwentyOneError

SMALL_FRENCH = Shoe.from_counts({"A": 2, "2": 3, "3": 2, "6": 2, "9": 2, "10": 2, "K": 2})
SMALL_RUSSIAN = Shoe.from_counts({"A": 3, "6": 2, "7": 1, "10": 2, "J": 2, "Q": 2, "K": 2})


def within_4_se(result, exact) -> bool:
    return abs(result.mean - float(exact)) <= 4 * result.std_error


def frequency_within_4_se(hits: int, n: int, p) -> bool:
    p = float(p)
    return abs(hits / n - p) <= 4 * sqrt(p * (1 - p) / n)


def _draws(left):
    """(probability, rank, shoe after) for every rank the next card can have."""
    total = sum(n for _, n in left)
    for i, (rank, n) in enumerate(left):
        if n:
            yield Fraction(n, total), rank, left[:i] + ((rank, n - 1),) + left[i + 1:]


def _outcome(value):
    return "bust" if value.bust else value.total


def brute_round_value(shoe: Shoe, rules, decides) -> Fraction:
    """The player's exact expected result of one round, following every card sequence."""
    start = tuple((r, n) for r, n in shoe.counts if n)

    @cache
    def value_of(hand):
        return hand_value(hand, rules)

    @cache
    def deal(left, player, banker):  # player, banker, player, banker (R7)
        if len(banker) == 2:
            return after_deal(left, player, banker)
        to_player = len(player) == len(banker)
        return sum(p * (deal(rest, player + (rank,), banker) if to_player
                        else deal(rest, player, banker + (rank,)))
                   for p, rank, rest in _draws(left))

    def after_deal(left, player, banker):
        pv, bv = value_of(player), value_of(banker)
        if bv.natural:  # R9
            return settle("natural" if pv.natural else _outcome(pv), "natural", rules)
        if pv.natural:  # R10
            return settle("natural", _outcome(bv), rules)
        return player_turn(left, player, banker)

    @cache
    def player_turn(left, player, banker):
        value = value_of(player)
        if not value.bust and value.total < 21 and decides(value.total, value.soft):
            return sum(p * player_turn(rest, tuple(sorted(player + (rank,))), banker)
                       for p, rank, rest in _draws(left))
        if value.bust:  # R13
            return settle("bust", _outcome(value_of(banker)), rules)
        return banker_turn(left, value.total, banker)

    @cache
    def banker_turn(left, player_total, banker):
        value = value_of(banker)
        if not value.bust and value.total < 21 and rules.banker_buys(value.total, value.soft):
            return sum(p * banker_turn(rest, player_total, tuple(sorted(banker + (rank,))))
                       for p, rank, rest in _draws(left))
        return settle(player_total, _outcome(value), rules)  # R15-R17

    return deal(start, (), ())


def threshold(n):
    return lambda total, soft: total < n


def test_brute_force_and_simulation_by_hand_on_a_four_card_shoe():
    shoe = Shoe.from_counts({"K": 2, "9": 2})
    # Orderings of K K 9 9 (6 equally likely): player gets positions 1, 3; banker 2, 4.
    # KK99: P K9=19, B K9=19 -> tie, banker wins -1.   K9K9: P KK=20, B 99=18 -> +1.
    # K99K: P K9, B 9K -> -1.   9KK9: P 9K, B K9 -> -1.   9K9K: P 99=18, B KK=20 -> -1.
    # 99KK: P 9K, B 9K -> -1.  Nobody buys (both stand on 17+): value (1 - 5) / 6 = -2/3.
    assert brute_round_value(shoe, HISTORICAL, threshold(17)) == Fraction(-2, 3)
    result = simulate.rounds(20_000, 17, HISTORICAL, shoe=shoe, seed=1)
    assert within_4_se(result, Fraction(-2, 3))


def test_a_hand_that_wants_a_card_from_an_empty_shoe_stands():
    # K K 5 5: the deal uses every card. Player 15 or 20 or 10 would buy (policy 21), the
    # banker below 17 too, but nothing is left. Of the 6 orders only K5K5 (player K K = 20
    # against 5 5 = 10) wins; the others lose on a tie or a lower total: (1 - 5) / 6.
    shoe = Shoe.from_counts({"K": 2, "5": 2})
    result = simulate.rounds(20_000, 21, shoe=shoe, seed=21)
    assert set(np.unique(result.results)) == {-1, 1}
    assert within_4_se(result, Fraction(-2, 3))


def test_banker_natural_frequency_fresh_two_packs():
    # R9: the banker's two cards are any two of 104: an ace and a ten-valued card,
    # 2 * 8/104 * 32/103 = 64/1339; only his natural costs the player 3 stakes.
    result = simulate.rounds(200_000, 17, seed=2)
    assert frequency_within_4_se(int((result.results == -3).sum()), result.n,
                                 Fraction(64, 1339))


def test_player_natural_frequency_fresh_two_packs():
    # R10: the player has A+ten (64/1339) and the banker, from 7 aces and 31 tens among 102,
    # has none: 1 - 2 * 7/102 * 31/101. Paying 5 for it makes those rounds recognisable.
    rules = HISTORICAL.with_(player_natural_pays=Fraction(5))
    result = simulate.rounds(200_000, 17, rules, seed=3)
    p = Fraction(64, 1339) * (1 - Fraction(2 * 7 * 31, 102 * 101))
    assert frequency_within_4_se(int((result.results == 5).sum()), result.n, p)


def test_ochko_banker_natural_two_aces_or_ace_ten():
    # Ochko: 36 cards, 4 aces and 4 tens (J, Q, K count 2, 3, 4): A+A (4*3 orderings) or
    # A+10 (2*4*4) among 36*35: 44/1260 = 11/315.
    rules = VARIANTS["ochko"].with_(banker_natural_collects=Fraction(7),
                                    banker_natural_vs_natural=Fraction(7))
    result = simulate.rounds(200_000, 17, rules, shoe=Shoe.fresh(1, "russian36"), seed=4)
    assert frequency_within_4_se(int((result.results == -7).sum()), result.n,
                                 Fraction(11, 315))


CASES = [
    ("historical", SMALL_FRENCH, 12),
    ("historical", SMALL_FRENCH, 16),
    ("historical", SMALL_FRENCH, 21),
    ("blackjack", SMALL_FRENCH, 17),
    ("hoyle_vingt_un", SMALL_FRENCH, 15),
    ("german_vingt_un", SMALL_FRENCH, 18),
    ("ochko", SMALL_RUSSIAN, 17),
    ("ochko", SMALL_RUSSIAN, 19),
]


@pytest.mark.parametrize(("name", "shoe", "n"), CASES)
def test_round_value_against_brute_force(name, shoe, n):
    rules = VARIANTS[name]
    exact = brute_round_value(shoe, rules, threshold(n))
    result = simulate.rounds(200_000, n, rules, shoe=shoe, seed=5)
    assert within_4_se(result, exact)


def test_banker_who_hits_soft_16_against_brute_force():
    rules = HISTORICAL.with_(banker_stands_on=16, banker_hits_soft=True)
    exact = brute_round_value(SMALL_FRENCH, rules, threshold(17))
    assert within_4_se(simulate.rounds(200_000, 17, rules, shoe=SMALL_FRENCH, seed=6), exact)


def test_soft_policy_as_a_function_against_brute_force():
    def decides(total, soft):
        return total < (19 if soft else 14)

    exact = brute_round_value(SMALL_FRENCH, HISTORICAL, decides)
    result = simulate.rounds(200_000, decides, HISTORICAL, shoe=SMALL_FRENCH, seed=7)
    assert within_4_se(result, exact)


def test_dict_policy_plays_as_the_same_threshold():
    table = {(t, soft): t < 15 for t in range(2, 22) for soft in (False, True)}
    by_dict = simulate.rounds(5_000, table, seed=8)
    by_threshold = simulate.rounds(5_000, 15, seed=8)
    assert np.array_equal(by_dict.results, by_threshold.results)


def test_more_players_each_lose_what_one_player_loses():
    # To one player the others' cards are burnt cards, which leave his expected result as it
    # was: two players sharing the shoe lose twice one player's value (R7, R11).
    shoe = Shoe.from_counts({"A": 2, "2": 3, "3": 2, "6": 2, "9": 2, "10": 4, "K": 2})
    exact = brute_round_value(shoe, HISTORICAL, threshold(16))
    result = simulate.rounds(200_000, 16, HISTORICAL, shoe=shoe, seed=9, players=2)
    assert within_4_se(result, 2 * exact)


def test_same_seed_same_rounds_other_seed_other_rounds():
    a = simulate.rounds(3_000, 17, seed=11)
    b = simulate.rounds(3_000, 17, seed=11)
    c = simulate.rounds(3_000, 17, seed=12)
    assert np.array_equal(a.results, b.results)
    assert not np.array_equal(a.results, c.results)


def test_steps_give_the_same_rounds_as_one_run():
    whole = simulate.rounds(40_000, 17, seed=13)
    for step in (1_000, 7_777, None):
        steps = list(simulate.rounds_in_steps(40_000, step, 17, seed=13))
        assert steps[-1].n == 40_000
        assert np.array_equal(steps[-1].results, whole.results)
        assert steps[-1].mean == pytest.approx(whole.results.mean(), rel=1e-12)
        assert steps[-1].std_error == pytest.approx(
            whole.results.std(ddof=1) / sqrt(40_000), rel=1e-9)
    sizes = [s.n for s in simulate.rounds_in_steps(40_000, 7_777, seed=13)]
    assert sizes == [7_777, 15_554, 23_331, 31_108, 38_885, 40_000]


def test_running_mean_mean_and_standard_error():
    result = simulate.SimulationResult(np.array([1.0, -1.0, -2.0, 2.0, -3.0]))
    assert result.n == 5
    assert result.mean == pytest.approx(-0.6)
    assert list(result.running_mean()) == pytest.approx([1, 0, -2 / 3, 0, -0.6])
    # sample variance: squares of deviations 2.56+0.16+1.96+6.76+5.76 = 17.2, / 4 = 4.3
    assert result.std_error == pytest.approx(sqrt(4.3 / 5))


def test_every_result_is_a_payout_of_the_rules():
    # Blackjack pays 3:2 for a natural and pushes ties (0); nothing else can happen.
    result = simulate.rounds(50_000, 17, "blackjack", seed=14)
    assert set(np.unique(result.results)) == {-1, 0, 1, 1.5}


def test_first_banker_two_players_fresh_shoe():
    expected = first_ace_by_seat(2, 104, 8)
    assert sum(expected) == 1
    result = simulate.first_banker(2, 200_000, seed=15)
    assert result.n == 200_000
    for seat in range(2):
        assert frequency_within_4_se(int(result.counts[seat]), result.n, expected[seat])


def test_first_banker_small_shoe_against_every_placement_of_the_aces():
    # 2 aces among 7 cards, 3 seats: each of the C(7, 2) = 21 placements equally likely.
    wins = [0, 0, 0]
    for places in combinations(range(7), 2):
        wins[min(places) % 3] += 1
    assert wins == [6 + 3 + 0, 5 + 2, 4 + 1]  # 6 - k placements have the first ace at k
    shoe = Shoe.from_counts({"A": 2, "5": 5})
    result = simulate.first_banker(3, 100_000, seed=16, shoe=shoe)
    for seat in range(3):
        assert frequency_within_4_se(int(result.counts[seat]), result.n, Fraction(wins[seat], 21))
    assert result.std_errors[0] == pytest.approx(sqrt(result.frequencies[0]
                                                      * (1 - result.frequencies[0]) / 100_000))


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"n_rounds": 0}, RuleError, "n_rounds=0"),
    ({"n_rounds": 2.5}, RuleError, "n_rounds=2.5"),
    ({"n_rounds": True}, RuleError, "n_rounds=True"),
    ({"n_rounds": 10, "policy": "optimal"}, RuleError, "exact.round_value"),
    ({"n_rounds": 10, "policy": 22}, RuleError, "policy=22"),
    ({"n_rounds": 10, "policy": "hit"}, RuleError, "policy='hit'"),
    ({"n_rounds": 10, "policy": {(16, "hard"): True}}, RuleError, "(16, 'hard')"),
    ({"n_rounds": 10, "policy": {(16, False): "yes"}}, RuleError, "'yes'"),
    ({"n_rounds": 10, "rules": "poker"}, RuleError, "'poker'"),
    ({"n_rounds": 10, "rules": {"decks": 2}}, RuleError, "rules="),
    ({"n_rounds": 10, "shoe": "A K"}, CardError, "shoe='A K'"),
    ({"n_rounds": 10, "shoe": Shoe.from_counts({"K": 3})}, CardError, "3 cards"),
    ({"n_rounds": 10, "seed": -1}, RuleError, "seed=-1"),
    ({"n_rounds": 10, "players": 0}, RuleError, "players=0"),
    ({"n_rounds": 10, "players": 12}, RuleError, "players=12"),
])
def test_bad_input_is_refused_with_a_clear_message(kwargs, error, words):
    with pytest.raises(error) as info:
        simulate.rounds(**kwargs)
    assert words in str(info.value)
    assert isinstance(info.value, TwentyOneError)


def test_bad_step_and_bad_first_banker_input():
    with pytest.raises(RuleError, match="step=0"):
        simulate.rounds_in_steps(100, 0)
    with pytest.raises(RuleError, match="n_players=13"):
        simulate.first_banker(13, 100)
    with pytest.raises(CardError, match="no ace"):
        simulate.first_banker(2, 100, shoe=Shoe.from_counts({"K": 8}))


@pytest.mark.parametrize("name", list(VARIANTS))
@pytest.mark.parametrize("n", [13, 17, 20])
def test_round_value_against_the_exact_engine(name, n):
    rules = VARIANTS[name]
    result = simulate.rounds(200_000, n, rules, seed=100 + n)
    assert within_4_se(result, exact.round_value(n, rules=rules))


def test_banker_who_stands_on_15_against_the_exact_engine():
    rules = HISTORICAL.with_(banker_stands_on=15)
    result = simulate.rounds(200_000, 16, rules, seed=17)
    assert within_4_se(result, exact.round_value(16, rules=rules))


def test_seen_cards_against_the_exact_engine():
    shoe = Shoe.fresh(2).remove("A A A 10 K Q J 10")
    result = simulate.rounds(200_000, 15, shoe=shoe, seed=18)
    assert within_4_se(result, exact.round_value(15, shoe=shoe))


def test_three_players_against_the_exact_bank_value():
    result = simulate.rounds(100_000, 16, players=3, seed=19)
    assert within_4_se(result, -exact.bank_value(3, 16))


def test_first_banker_against_the_exact_engine():
    expected = exact.first_banker_probabilities(5)
    result = simulate.first_banker(5, 200_000, seed=20)
    for seat in range(5):
        assert frequency_within_4_se(int(result.counts[seat]), result.n, expected[seat])


def test_paired_rounds_deal_both_policies_the_same_cards():
    # The same policy twice on the same shuffled shoes: every round's two results are equal.
    same = simulate.paired_rounds(20_000, 17, 17, seed=4)
    assert (same.difference.results == 0).all()
    assert same.first.mean == same.second.mean


def test_paired_rounds_estimate_the_exact_difference_with_a_small_error():
    paired = simulate.paired_rounds(200_000, 16, 17, seed=5)
    exact_difference = float(exact.round_value(16) - exact.round_value(17))
    assert abs(paired.difference.mean - exact_difference) <= 4 * paired.difference.std_error
    for result, policy in ((paired.first, 16), (paired.second, 17)):
        assert abs(result.mean - float(exact.round_value(policy))) <= 4 * result.std_error
    # Matched pairs: far smaller than the error of the difference of two separate runs.
    separate = (paired.first.std_error ** 2 + paired.second.std_error ** 2) ** 0.5
    assert paired.difference.std_error < separate / 2
