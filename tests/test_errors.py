"""Bad input of every kind to the public functions: each is refused with a TwentyOneError whose
message names the bad value, never a TypeError, KeyError, AttributeError or ZeroDivisionError
from deep inside (DESIGN.md, "Errors")."""

import random
from fractions import Fraction

import pytest

import twentyone_edu as t21
from twentyone_edu import HISTORICAL, VARIANTS, RuleSet, Shoe, exact, hand_value, settle, symbolic
from twentyone_edu.game.hands import card_points
from twentyone_edu.game.rules import variant
from twentyone_edu.words.errors import CardError, RuleError, StakeError, TwentyOneError


class Junk:
    """An object no function expects."""

    def __repr__(self):
        return "<junk>"


JUNK = Junk()
PAYMENTS = ["banker_natural_collects", "banker_natural_vs_natural", "player_natural_pays",
            "drawn_21_pays", "banker_21_collects"]
SWITCHES = ["ace_soft", "two_aces_natural", "reveal_drawn_21_early", "banker_hits_soft",
            "ties_to_banker", "late_additions_paid"]

CASES = [  # (what is called, the bad value, the error expected)
    *[(lambda bad=bad: card_points(bad), bad, CardError)
      for bad in (None, "", "zz", 2.5, ["junk", 3], JUNK, float("nan"), ())],
    *[(lambda bad=bad: card_points("K", bad), bad, CardError)
      for bad in (None, 2.5, "", "abc", ["junk", 3], -1, 10**9, {"a": 1}, (), (10, 10))],
    *[(lambda bad=bad: hand_value("K Q", bad), bad, CardError)
      for bad in (2.5, "", "no", "Ochko", ["junk", 3], -1, JUNK, {"a": 1})],
    *[(lambda bad=bad: Shoe.fresh(2, bad), bad, CardError) for bad in (["junk", 3], {"a": 1})],
    *[(lambda bad=bad: Shoe.from_counts(bad), bad, CardError)
      for bad in (None, 2.5, "", ["junk", 3], -1, 10**9, JUNK, ())],
    *[(lambda bad=bad: Shoe.fresh(1).count(bad), bad, CardError)
      for bad in (["junk", 3], {"a": 1}, "zz", None)],
    *[(lambda bad=bad: Shoe.fresh(1).draw(bad), bad, CardError)
      for bad in (None, 2.5, "", ["junk", 3], -1, 10**9, JUNK)],
    *[(lambda bad=bad: variant(bad), bad, RuleError) for bad in (["junk", 3], {"a": 1})],
    *[(lambda bad=bad: RuleSet(pack=bad), bad, RuleError) for bad in (["junk", 3], {"a": 1})],
    *[(lambda bad=bad: RuleSet(face_values=bad), bad, RuleError)
      for bad in (None, 10, "JQK", (10, 10), (10, 10, "10"), (0, 10, 10), (10, 10, True))],
    *[(lambda bad=bad, name=name: RuleSet(**{name: bad}), bad, RuleError)
      for name in PAYMENTS for bad in (None, "", "zz", ["junk", 3], JUNK, float("nan"), -1)],
    *[(lambda bad=bad, name=name: HISTORICAL.with_(**{name: bad}), bad, RuleError)
      for name in PAYMENTS for bad in (None, "zz", ())],
    *[(lambda bad=bad, name=name: HISTORICAL.with_(**{name: bad}), bad, RuleError)
      for name in SWITCHES for bad in (None, 1, "yes")],
    *[(lambda bad=bad: HISTORICAL.banker_buys(bad, False), bad, RuleError)
      for bad in (None, "", "zz", ["junk", 3], JUNK, (), 1, 22)],
    (lambda: HISTORICAL.banker_buys(16, "soft"), "soft", RuleError),
    *[(lambda bad=bad: settle(19, 18, bad), bad, RuleError)
      for bad in (None, 2.5, "", "poker", -1, JUNK, ())],
    *[(lambda bad=bad: settle(19, 18, stake=bad), bad, StakeError)
      for bad in (None, "", "zz", ["junk", 3], JUNK, 2.5, 0, -1)],
    *[(lambda bad=bad: settle(19, 18, late_addition=bad), bad, StakeError)
      for bad in (None, "zz", 2.5, -1)],
    *[(lambda bad=bad: symbolic.first_ace_probability(bad, 104, 8), bad, RuleError)
      for bad in (None, "", ["junk", 3], JUNK, True, 0, 105)],
    *[(lambda bad=bad: symbolic.first_ace_probability(2, bad, 8), bad, TwentyOneError)
      for bad in (None, "zz", {"a": 1}, True, 10**9)],
    *[(lambda bad=bad: symbolic.first_ace_probability(2, 104, bad), bad, TwentyOneError)
      for bad in (None, (), True, -1, 105)],
    *[(lambda bad=bad: symbolic.first_banker_probability(bad, 3, 104, 8), bad, RuleError)
      for bad in (None, "", ["junk", 3], JUNK, True, 0)],
    *[(lambda bad=bad: symbolic.first_banker_probability(1, bad, 104, 8), bad, RuleError)
      for bad in (None, "zz", {"a": 1}, True, 0, 10**9)],
    *[(lambda bad=bad: symbolic.first_banker_probability(1, 3, bad, 8), bad, TwentyOneError)
      for bad in (None, "zz", (), True, 10**9)],
    *[(lambda bad=bad: symbolic.first_banker_probabilities(3, bad, 8), bad, TwentyOneError)
      for bad in (None, "", ["junk", 3], JUNK, 10**9)],
    *[(lambda bad=bad: symbolic.first_banker_probabilities(3, 104, bad), bad, TwentyOneError)
      for bad in (None, "zz", {"a": 1}, True)],
    (lambda: symbolic.first_banker_probabilities(10**9), 10**9, RuleError),
]


@pytest.mark.parametrize(("call", "bad", "error"), CASES,
                         ids=[f"{i}-{bad!r}"[:40] for i, (_, bad, _) in enumerate(CASES)])
def test_bad_input_is_refused_by_name(call, bad, error):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, TwentyOneError)
    assert repr(bad) in str(info.value)


def test_a_refused_draw_leaves_the_shoe_as_it_was():
    shoe = Shoe.fresh(1)
    with pytest.raises(CardError):
        shoe.draw(None)
    assert len(shoe) == 52 and shoe.draw(random.Random(1))[1] != shoe


def test_good_input_still_works():
    assert card_points("K", [2, 3, 4]) == 4
    assert RuleSet(face_values=[2, 3, 4]).face_values == (2, 3, 4)
    assert RuleSet(player_natural_pays="3/2").player_natural_pays == Fraction(3, 2)
    assert settle(19, 18, "ochko", stake=Fraction(1, 2)) == Fraction(1, 2)
    assert hand_value("A A", "ochko") == hand_value("A A", VARIANTS["ochko"]) == (21, False, True,
                                                                                    False)
    assert symbolic.first_ace_probability(1, 104, 8) == Fraction(8, 104)


@pytest.mark.parametrize("hand", ["A", t21.parse_cards("A")])
def test_a_one_card_hand_is_named_in_the_readers_letters_never_as_code(hand):
    """UX review 7: a hand of one card, typed in «19 or 20?», showed
    "hand=(Card(rank='A', suit=None),) has 1 card" in both languages. The refusal names the
    hand as cards, in the reader's letters: A in English, Т in Russian."""
    with pytest.raises(TwentyOneError) as refused:
        exact.decision_values(hand)
    english, russian = str(refused.value), refused.value.in_language("ru")
    assert "the hand A has 1 card" in english and "в руке Т 1 карта" in russian
    assert not [text for text in (english, russian) if "Card(" in text or "hand=" in text]
