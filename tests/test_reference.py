"""The readable reference engine against the exact engine, as fractions, hand by hand (R1–R17).

The two engines are built differently: `reference` follows one card at a time through every
shuffle of the unseen cards; `exact` lists the banker's final hands once per rule set and counts
their orderings. Equality on every two-card hand is the check that both read the rules alike.
"""

from fractions import Fraction

import pytest

from twentyone_edu import HISTORICAL, VARIANTS, IllegalAction, Shoe, exact, reference

LATE_SHOE = "3 4 5 6 7 8 " * 6  # the constructed late shoe of lesson 06


@pytest.fixture(autouse=True)
def forget():
    """Each test starts cold and leaves no large caches behind."""
    reference.clear_caches()
    yield
    reference.clear_caches()


def agree_on_every_two_card_hand(rules, shoe=None, seen=()):
    """Compare both functions on every two-card hand that has something to decide."""
    rows = exact.strategy_table(shoe=shoe, rules=rules, seen=seen)
    assert len(rows) > 10
    for row in rows:
        hand = row["hand"]
        assert reference.draw_distribution(hand, seen, shoe, rules) == \
            exact.draw_distribution(hand, seen, shoe, rules), hand
        assert reference.decision_values(hand, seen, shoe, rules) == \
            {"stand": row["stand"], "draw": row["draw"]}, hand


# --- Numbers worked out by hand -------------------------------------------------------------

def test_laplace():
    assert reference.P(8, 102) == Fraction(4, 51)


def test_twenty_after_king_queen():
    # 102 unseen cards, 8 aces: only an ace keeps 20 alive (the advice after R11).
    assert reference.draw_distribution("K Q") == {21: Fraction(8, 102), "bust": Fraction(94, 102)}


def test_nineteen_with_seen_cards():
    # 104 − 2 − 4 = 98 unseen; 6 aces make 20, 7 twos make 21.
    assert reference.draw_distribution("10 9", seen="A A 2 K") == {
        20: Fraction(6, 98), 21: Fraction(7, 98), "bust": Fraction(85, 98)}


def test_natural_chance_fresh_shoe():
    # An ace then a ten-valued card or a ten then an ace: 2 · 8 · 32 ordered pairs of 104 · 103.
    unseen = reference.unseen_cards(None, HISTORICAL)
    assert reference.natural_chance(unseen) == Fraction(2 * 8 * 32, 104 * 103)


def test_banker_ends_forced_shoe():
    # Two tens and a seven: 10 + 10 (chance 1/3) or 10 + 7 (2/3); he stands on both (R14).
    unseen = reference.unseen_cards(Shoe.from_counts({"10": 2, "7": 1}), HISTORICAL)
    assert reference.banker_ends(unseen) == {17: Fraction(2, 3), 20: Fraction(1, 3)}


def test_every_card_a_ten():
    # The banker holds 20 whatever happens: standing on 19 loses 1, buying busts and loses 1.
    shoe = Shoe.from_counts({"10": 5, "9": 1})
    assert reference.decision_values("10 9", shoe=shoe) == {"stand": -1, "draw": -1}


def test_no_decision_is_refused():
    for hand in ("A K", "10 10 5", "7 7 7"):
        with pytest.raises(IllegalAction) as refused:
            reference.decision_values(hand)
        # the hand as the reader wrote it, not a Python repr in quotes
        assert f"the hand {hand} is " in str(refused.value), str(refused.value)


# --- Equal to exact on every two-card hand ------------------------------------------------

def test_historical_every_two_card_hand_from_a_fresh_shoe():
    agree_on_every_two_card_hand(HISTORICAL)


def test_historical_nineteens_and_twenties_late_in_the_shoe():
    # The shoe of lesson 06, where buying on the soft A 8 beats standing.
    rows = exact.advice_check(seen=LATE_SHOE)
    assert [row["hand"] for row in rows if not row["advice_holds"]] == ["A 8"]
    for row in rows:
        assert reference.decision_values(row["hand"], seen=LATE_SHOE) == \
            {"stand": row["stand"], "draw": row["draw"]}, row["hand"]
    assert reference.draw_distribution("10 9", seen=LATE_SHOE) == \
        exact.draw_distribution("10 9", seen=LATE_SHOE)


def test_ochko_every_two_card_hand_from_a_fresh_shoe():
    agree_on_every_two_card_hand(VARIANTS["ochko"])


def test_hoyle_every_two_card_hand_from_a_short_shoe():
    # Ties pay nothing and a natural pays double. Two of each rank A-9 and eight ten-valued
    # cards (26 cards) keep the check quick; exact and reference read the shoe alike.
    counts = {rank: 2 for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9")}
    shoe = Shoe.from_counts(counts | {"10": 2, "J": 2, "Q": 2, "K": 2})
    agree_on_every_two_card_hand(VARIANTS["hoyle_vingt_un"], shoe=shoe)
