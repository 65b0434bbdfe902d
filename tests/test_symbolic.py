"""The formulas against hand counts, brute force and scipy (R1–R4, R11, R13)."""

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
import sympy as sp
from bruteforce import first_ace_by_seat

from twentyone_edu import RANKS, Shoe, exact, hand_value, symbolic
from twentyone_edu.exact.symbolic import a, n, t, u
from twentyone_edu.words.errors import CardError, RuleError, TwentyOneError


def test_natural_probability_two_packs_by_hand():
    # 8 aces and 32 ten-valued cards among 104: 2 * 8/104 * 32/103 = 512/10712 = 64/1339.
    assert symbolic.natural_probability(2) == sp.Rational(64, 1339)


@pytest.mark.parametrize("packs", range(1, 9))
def test_natural_probability_counts_pairs_of_cards(packs):
    # An unordered pair of cards out of C(52n, 2) is a natural if it is one of the 4n aces with
    # one of the 16n ten-valued cards (R3).
    expected = Fraction(4 * packs * 16 * packs, comb(52 * packs, 2))
    assert symbolic.natural_probability(packs) == symbolic.as_sympy(expected)
    assert symbolic.natural_probability().subs(n, packs) == symbolic.as_sympy(expected)


def test_natural_probability_formula_and_its_limit():
    formula = symbolic.natural_probability()
    assert sp.simplify(formula - 32 * n / (13 * (52 * n - 1))) == 0
    # With endless packs the two cards are independent: 2 * 1/13 * 4/13 = 8/169.
    assert sp.limit(formula, n, sp.oo) == sp.Rational(8, 169)


def test_ochko_natural_is_two_aces_or_ace_and_ten():
    # 36n cards, 4n aces, 4n tens: pairs C(4n, 2) of aces plus 4n * 4n ace-ten pairs.
    for packs in (1, 2, 3):
        expected = Fraction(comb(4 * packs, 2) + 16 * packs ** 2, comb(36 * packs, 2))
        assert symbolic.natural_probability(packs, "ochko") == symbolic.as_sympy(expected)


def count_cards(shoe: Shoe, hand: str, keep) -> Fraction:
    """The share of the shoe's cards that `keep(old value, new value)` accepts after `hand`."""
    before = hand_value(hand)
    kept = sum(shoe.count(rank) for rank in RANKS
               if shoe.count(rank) and keep(before, hand_value(f"{hand} {rank}")))
    return Fraction(kept, len(shoe))


def numbers(shoe: Shoe) -> dict:
    return {a: shoe.count("A"), t: shoe.count("2"), u: len(shoe)}


@pytest.mark.parametrize(("hand", "total", "soft"), [
    ("K Q", 20, False), ("10 9", 19, False), ("A 9", 20, True), ("A 8", 19, True),
    ("5 6 9", 20, False), ("A 5 3", 19, True),
])
@pytest.mark.parametrize("seen", ["", "A A 2 7 K", "2 2 2 2 2 2 A"])
def test_safe_and_improving_cards_against_counting_the_shoe(hand, total, soft, seen):
    shoe = Shoe.fresh(2).remove(hand).remove(seen)
    safe = count_cards(shoe, hand, lambda old, new: not new.bust)
    better = count_cards(shoe, hand, lambda old, new: not new.bust and new.total > old.total)
    values = numbers(shoe)
    assert symbolic.safe_card_probability(total, soft).subs(values) == symbolic.as_sympy(safe)
    assert (symbolic.improving_card_probability(total, soft).subs(values)
            == symbolic.as_sympy(better))


def test_safe_card_formulas_by_hand():
    assert symbolic.safe_card_probability(20) == a / u
    assert symbolic.safe_card_probability(19) == (a + t) / u
    assert symbolic.safe_card_probability(20, soft=True) == 1
    # K Q from a fresh shoe: 8 aces among the 102 unseen cards.
    assert symbolic.safe_card_probability(20).subs({a: 8, u: 102}) == sp.Rational(4, 51)


def test_first_ace_position_by_hand():
    assert symbolic.first_ace_probability(1, 104, 8) == sp.Rational(8, 104)
    assert symbolic.first_ace_probability(2, 104, 8) == sp.Rational(96 * 8, 104 * 103)
    total = sum(symbolic.first_ace_probability(i, 104, 8) for i in range(1, 98))
    assert total == 1


@pytest.mark.parametrize("players", [2, 3, 5, 11])
def test_first_banker_probabilities_card_by_card(players):
    expected = first_ace_by_seat(players, 104, 8)
    assert symbolic.first_banker_probabilities(players) == symbolic.as_sympy(expected)


def test_first_banker_every_placement_of_two_aces_among_seven():
    wins = [0, 0, 0]
    for places in combinations(range(7), 2):
        wins[min(places) % 3] += 1
    expected = [sp.Rational(w, 21) for w in wins]
    assert symbolic.first_banker_probabilities(3, cards=7, aces=2) == expected


def test_first_banker_formula_substitutes_to_the_numbers():
    formula = symbolic.first_banker_probability()
    values = {symbolic.s: 1, symbolic.p: 2, u: 104, a: 8}
    assert formula.subs(values).doit() == sp.Rational(
        *first_ace_by_seat(2, 104, 8)[0].as_integer_ratio())
    assert isinstance(formula, sp.Sum)


def test_at_least_one_ace_by_hand():
    # None of the 8 aces in the next two of 102 cards: 94/102 * 93/101.
    assert symbolic.at_least_one(8, 102, 2) == 1 - Fraction(94 * 93, 102 * 101)
    assert symbolic.at_least_one(8, 102, 1) == Fraction(8, 102)
    assert symbolic.at_least_one(8, 102, 95) == 1
    assert symbolic.at_least_one(0, 102, 5) == 0


@pytest.mark.parametrize(("count", "unseen", "drawn"), [(8, 102, 3), (4, 50, 10), (16, 96, 7)])
def test_at_least_against_scipy(count, unseen, drawn):
    distribution = symbolic.hypergeom(count, unseen, drawn)
    for least in range(0, min(count, drawn) + 1):
        exact = symbolic.at_least(least, count, unseen, drawn)
        assert float(exact) == pytest.approx(distribution.sf(least - 1), rel=1e-12, abs=1e-15)
    assert float(symbolic.at_least_one(count, unseen, drawn)) == pytest.approx(
        distribution.sf(0), rel=1e-12)
    assert symbolic.at_least(0, count, unseen, drawn) == 1


def test_as_sympy_keeps_structure_and_exactness():
    value = {"stand": Fraction(-1, 3), 17: [Fraction(1, 2), (3, Fraction(4, 6))]}
    assert symbolic.as_sympy(value) == {
        "stand": sp.Rational(-1, 3), 17: [sp.Rational(1, 2), (sp.Integer(3), sp.Rational(2, 3))]}
    assert isinstance(symbolic.as_sympy(Fraction(1, 2)), sp.Rational)
    assert symbolic.as_sympy(n) is n


def test_latex_of_results_and_formulas():
    assert symbolic.latex(Fraction(4, 51)) == r"\frac{4}{51}"
    assert symbolic.latex(Fraction(-4, 51)) == r"- \frac{4}{51}"
    formula = symbolic.natural_probability()
    assert symbolic.latex(formula) == r"\frac{32 n}{13 \left(52 n - 1\right)}"
    assert symbolic.latex(symbolic.safe_card_probability(19)) == r"\frac{a + t}{u}"


def test_fractions_with_percentages():
    # English writes 7.84%; Russian 7,84 % with a no-break space (numerals.py).
    assert symbolic.with_percent(Fraction(4, 51)) == "4/51 ≈ 7.84%"
    assert symbolic.with_percent(Fraction(1, 2)) == "1/2 = 50.00%"
    # 37/976 = 0.0379098...: −3.791 % to three decimals
    assert symbolic.with_percent(Fraction(-37, 976), 3, "ru") == "−37/976 ≈ −3,791\u00a0%"
    assert symbolic.with_percent(sp.Rational(1, 3), 0) == "1/3 ≈ 33%"
    assert symbolic.with_percent(Fraction(1, 8), 1) == "1/8 = 12.5%"  # exactly
    assert symbolic.with_percent(Fraction(1, 8), 0) == "1/8 ≈ 13%"  # 12.5 rounds half up
    assert symbolic.latex_with_percent(Fraction(4, 51)) == r"\frac{4}{51} \approx 7.84\%"
    assert symbolic.latex_with_percent(Fraction(-1, 4), 1, "ru") == r"- \frac{1}{4} = -25{,}0\,\%"


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: symbolic.natural_probability(0), RuleError, "packs=0"),
    (lambda: symbolic.natural_probability(2, "poker"), RuleError, "'poker'"),
    (lambda: symbolic.safe_card_probability(18), RuleError, "total=18"),
    (lambda: symbolic.safe_card_probability(20, "soft"), RuleError, "soft='soft'"),
    (lambda: symbolic.first_banker_probabilities(0), RuleError, "players=0"),
    (lambda: symbolic.first_banker_probabilities(3, cards=10, aces=0), CardError, "0 aces"),
    (lambda: symbolic.first_banker_probability(4, 3, 104, 8), RuleError, "seat=4"),
    (lambda: symbolic.at_least_one(9, 8, 1), CardError, "rank_count=9"),
    (lambda: symbolic.at_least_one(2, 8, -1), CardError, "drawn=-1"),
    (lambda: symbolic.at_least(-1, 2, 8, 1), CardError, "least=-1"),
    (lambda: symbolic.as_sympy(0.25), RuleError, "0.25"),
    (lambda: symbolic.with_percent(Fraction(1, 3), digits=-1), RuleError, "digits=-1"),
    (lambda: symbolic.with_percent(Fraction(1, 3), language="de"), RuleError, "'de'"),
])
def test_bad_input_is_refused_with_a_clear_message(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)
    assert isinstance(info.value, TwentyOneError)


@pytest.mark.parametrize("packs", range(1, 9))
def test_natural_probability_equals_the_exact_engine(packs):
    expected = exact.natural_probability(Shoe.fresh(packs))
    assert symbolic.natural_probability(packs) == symbolic.as_sympy(expected)
    assert symbolic.natural_probability().subs(n, packs) == symbolic.as_sympy(expected)


def test_ochko_natural_probability_equals_the_exact_engine():
    for packs in (1, 2):
        expected = exact.natural_probability(Shoe.fresh(packs, "russian36"), "ochko")
        assert symbolic.natural_probability(packs, "ochko") == symbolic.as_sympy(expected)


@pytest.mark.parametrize("players", [1, 2, 4, 7, 12])
def test_first_banker_equals_the_exact_engine(players):
    expected = exact.first_banker_probabilities(players)
    assert symbolic.first_banker_probabilities(players) == symbolic.as_sympy(expected)


@pytest.mark.parametrize(("hand", "total", "soft"), [
    ("K Q", 20, False), ("10 9", 19, False), ("A 9", 20, True), ("A 8", 19, True)])
def test_safe_card_equals_the_exact_draw_distribution(hand, total, soft):
    seen = "A 2 2 7"
    shoe = Shoe.fresh(2).remove(hand).remove(seen)
    chances = exact.draw_distribution(hand, seen=seen)
    safe = 1 - chances.get("bust", 0)
    better = sum(chance for key, chance in chances.items() if key != "bust" and key > total)
    values = numbers(shoe)
    assert symbolic.safe_card_probability(total, soft).subs(values) == symbolic.as_sympy(safe)
    assert (symbolic.improving_card_probability(total, soft).subs(values)
            == symbolic.as_sympy(better))


def test_at_least_one_ace_in_one_card_equals_the_exact_draw_distribution():
    # From K Q the only card that is not a bust is an ace: P(21) = P(the next card is an ace).
    assert exact.draw_distribution("K Q")[21] == symbolic.at_least_one(8, 102, 1)
