"""Hostile inputs, round three (issue 31, item 8): inputs that still hung or broke after round
two, each refused with the package's own error, naming the value, before any costly work."""

from __future__ import annotations

import random
import signal
from contextlib import contextmanager

import numpy as np
import pytest

import twentyone_edu as t21
from twentyone_edu import exact, simulate, symbolic
from twentyone_edu.words.errors import CardError, RuleError, TwentyOneError
from twentyone_edu.words.validate import answer

SECONDS = 5  # far more than any refusal here takes; the old code ran past it (or for ever)


@contextmanager
def within_seconds():
    """Fail, rather than hang, if the block runs past SECONDS (a SIGALRM timer)."""

    def alarm(*_):
        raise AssertionError(f"still running after {SECONDS} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def refused(error_type, call) -> TwentyOneError:
    """The error `call()` raises, of `error_type`, worded in English and in Russian."""
    with within_seconds(), pytest.raises(error_type) as caught:
        call()
    error = caught.value
    assert error.in_language("ru") != str(error)
    return error


# --- a first-ace formula with huge numbers beside a symbol --------------------------------------

@pytest.fixture
def no_binomials(monkeypatch):
    """sympy may not be asked for a binomial: a refusal must come first."""
    def binomial(*_):
        raise AssertionError("sympy was asked for a binomial before the sizes were checked")
    monkeypatch.setattr(symbolic.sp, "binomial", binomial)


@pytest.mark.parametrize(("args", "shown"), [
    ((symbolic.k, 10**12, 10**11), "cards=1000000000000"),
    ((symbolic.k, 10**6, 10**5), "cards=1000000"),
    ((symbolic.k, symbolic.u, 10**6), "aces=1000000"),
    ((10**12, symbolic.u, symbolic.a), "position=1000000000000"),
    ((symbolic.k, 10**5000, 8), "cards=~10^4999"),
    ((symbolic.k, symbolic.u, 0), "aces=0"),
    ((0, symbolic.u, symbolic.a), "position=0"),
])
def test_a_first_ace_formula_bounds_its_numbers_beside_symbols(args, shown, no_binomials):
    error = refused((CardError, RuleError), lambda: symbolic.first_ace_probability(*args))
    assert shown in str(error) and "416" in str(error)


def test_a_seat_formula_with_a_huge_shoe_is_refused_too(no_binomials):
    refused(CardError, lambda: symbolic.first_banker_probability(symbolic.s, 3, 10**12, 10**11))


def test_first_ace_formulas_within_the_bounds_still_work():
    formula = symbolic.first_ace_probability(symbolic.k, 104, 8)
    assert formula.subs(symbolic.k, 1) == symbolic.sp.Rational(8, 104)  # an ace first: 8 of 104
    assert formula.subs(symbolic.k, 2) == symbolic.sp.Rational(96 * 8, 104 * 103)
    general = symbolic.first_ace_probability(symbolic.k, symbolic.u, 416)
    assert general.subs({symbolic.k: 1, symbolic.u: 416}) == 1


# --- numpy's bool as a policy's answer -----------------------------------------------------------

def test_numpy_bools_answer_like_bools():
    assert answer(np.True_, "x") is True and answer(np.bool_(False), "x") is False
    for not_a_bool in (np.float64(1.0), np.int64(1), 1, "True", None):
        with pytest.raises(RuleError, match="answered"):
            answer(not_a_bool, "x")


def test_a_policy_answering_numpy_bools_plays_as_its_threshold():
    by_numpy = simulate.rounds(2_000, lambda total, soft: np.bool_(total < 17), seed=3)
    assert np.array_equal(by_numpy.results, simulate.rounds(2_000, 17, seed=3).results)
    played = 0
    for seed in range(30):
        table, twin = (t21.Table(["Anna", "Boris"], seed=seed, banker="Boris") for _ in "ab")
        for each in (table, twin):
            each.stake("Anna", 1)
            each.deal()
        if table.to_act != "Anna":
            continue  # a natural ended the round
        table.play_player(lambda hand, seen: np.bool_(t21.hand_value(hand).total < 17))
        twin.play_player(17)
        assert table.hands == twin.hands
        played += 1
    assert played > 10


# --- one simulation call takes a few seconds at most ---------------------------------------------

@pytest.fixture
def no_games(monkeypatch):
    """No game may be built, so none played: a refusal must come first."""
    def build(*_):
        raise AssertionError("a game was built before the size was checked")
    monkeypatch.setattr(simulate._Game, "build", build)


@pytest.mark.parametrize("call", [
    lambda: simulate.rounds(simulate.MAX_ROUNDS),
    lambda: simulate.rounds(simulate.most_rounds(11) + 1, players=11),
    lambda: simulate.rounds(simulate.most_rounds(1) + 1),
    lambda: simulate.paired_rounds(simulate.MAX_ROUNDS, 16, 17),
    lambda: simulate.paired_rounds(simulate.most_rounds(1, paired=True) + 1, 16, 17),
    lambda: simulate.banks(simulate.MAX_BANKS, players=11),
    lambda: simulate.banks(simulate.most_banks(4) + 1, players=4),
])
def test_a_simulation_longer_than_a_few_seconds_is_refused_before_it_starts(call, no_games):
    error = refused(RuleError, call)
    assert "few seconds" in str(error) and "players=" in str(error)


def test_the_bounds_grow_with_fewer_seats_and_cover_the_course():
    assert simulate.most_rounds(11) * 12 <= simulate.MOST_SEAT_ROUNDS
    assert simulate.most_rounds(1) >= 1_000_000  # DESIGN.md: a million rounds
    assert simulate.most_rounds(1) > 2 * simulate.most_rounds(4) > 4 * simulate.most_rounds(11)
    assert simulate.most_rounds(1, paired=True) == simulate.most_rounds(1) // 2
    assert simulate.most_banks(4) >= 60_000  # the teacher's guide simulates 60,000 banks of 4
    assert simulate.most_banks(11) < simulate.most_banks(4) <= simulate.MAX_BANKS
    with pytest.raises(RuleError):
        simulate.most_rounds(12)


# --- a random generator that answers outside its range -------------------------------------------

class RandomAlwaysOne(random.Random):
    def random(self):
        return 1.0


class RandomNegative(random.Random):
    def random(self):
        return -0.1


class RandomText(random.Random):
    def random(self):
        return "0.5"


class FarRange:
    def randrange(self, n):
        return 10**6


class FloatRange:
    def randrange(self, n):
        return 0.5


class BrokenRange:
    def randrange(self, n):
        raise OSError("no entropy")


@pytest.mark.parametrize(("rng", "shown"), [
    (RandomAlwaysOne(1), "returned 1.0"), (RandomNegative(1), "returned -0.1"),
    (RandomText(1), "returned '0.5'"), (FarRange(), "returned 1000000"),
    (FloatRange(), "returned 0.5"), (BrokenRange(), "no entropy"),
])
def test_a_generator_out_of_range_is_named(rng, shown):
    shoe = t21.Shoe.fresh(1)
    error = refused(CardError, lambda: shoe.draw(rng))
    assert shown in str(error) and "random.Random(seed)" in str(error)


def test_a_seeded_generator_draws_the_card_at_its_place_in_rank_order():
    shoe = t21.Shoe.fresh(1).remove(t21.parse_cards("A A K"))
    cards = [rank for rank, count in shoe.counts for _ in range(count)]
    for seed in range(20):
        card, rest = shoe.draw(random.Random(seed))
        assert card.rank == cards[random.Random(seed).randrange(len(cards))]
        assert len(rest) == len(shoe) - 1


# --- a RuleSet subclass would skip the checks ----------------------------------------------------

class Unchecked(t21.RuleSet):
    def __post_init__(self):
        pass


@pytest.mark.parametrize("call", [
    lambda: exact.round_value(17, rules=Unchecked(face_values=(0, 0, 0))),
    lambda: t21.Table(["Anna", "Boris"], rules=Unchecked(decks=100)),
    lambda: simulate.rounds(10, rules=Unchecked(banker_stands_on=40)),
    lambda: t21.hand_value("A K", Unchecked()),
])
def test_a_rule_set_subclass_is_refused_by_name(call):
    error = refused((RuleError, CardError), call)
    assert "subclass" in str(error) and "Unchecked(" in str(error)
    assert "подкласс" in error.in_language("ru")


# --- players' names a reader sees as they are ----------------------------------------------------

@pytest.mark.parametrize(("names", "code"), [
    (["a\x00b", "x"], "name_hidden_char"),
    (["b\r\nINJECTED LINE", "x"], "name_hidden_char"),
    (["\x1b[2J", "x"], "name_hidden_char"),
    (["\u202eevil", "x"], "name_hidden_char"),
    (["a\u2066b\u2069", "x"], "name_hidden_char"),
    (["Vera\u200b", "x"], "name_hidden_char"),
    (["Ve\u2028ra", "x"], "name_hidden_char"),
    (["\u200b", "x"], "name_hidden_char"),
    (["\u3164", "x"], "empty_name"),
    (["\u2800\u115f", "x"], "empty_name"),
    (["\u0301", "x"], "empty_name"),
    (["Banker", "x"], "banker_look_alike"),
    (["BANKER", "x"], "banker_look_alike"),
    (["bаnker", "x"], "banker_look_alike"),  # a Cyrillic а
    (["ВАNКЕR", "x"], "banker_look_alike"),  # Cyrillic В, А, К, Е
    (["ｂａｎｋｅｒ", "x"], "banker_look_alike"),  # full-width
    (["banker\u200b", "x"], "name_hidden_char"),
    (["банкир", "x"], "banker_look_alike"),
    (["Банкир", "x"], "banker_look_alike"),
    (["бaнкир", "x"], "banker_look_alike"),  # a Latin a
    (["a", "а"], "name_look_alike"),  # Latin a, Cyrillic а
    (["é", "e\u0301"], "name_look_alike"),  # composed and decomposed
    (["Vera", "Ｖｅｒａ"], "name_look_alike"),
])
def test_a_name_that_hides_or_imitates_is_refused(names, code):
    error = refused(RuleError, lambda: t21.Table(names))
    assert error.code == code
    assert repr(names[0])[1:-1][:8] in str(error) or repr(names[1])[1:-1][:8] in str(error)


def test_ordinary_names_in_any_alphabet_still_sit():
    names = ["Anna", "anna", "Вера", "Павел", "O'Neil & Co", "Zoë", "Ли", "Вера 🙂", "bank",
             "banker's friend", "Игорь Петров"]
    assert t21.Table(names).players == tuple(names)


def test_the_bankers_rule_takes_numpy_bools_for_soft():
    """Review 2.41: a numpy bool for `soft` is a bool (numpy 1's bool_, numpy 2's bool)."""
    rules = t21.RuleSet(banker_stands_on=17, banker_hits_soft=True)
    assert rules.banker_buys(17, np.bool_(True)) is True
    assert rules.banker_buys(17, np.bool_(False)) is False
    with pytest.raises(t21.RuleError):
        rules.banker_buys(17, 1)
