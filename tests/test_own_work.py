"""A student's own function is graded with the engine out of reach (issue 31.1, own_work.py)."""

from __future__ import annotations

import subprocess
import sys
import threading
from fractions import Fraction
from math import comb

import pytest

import twentyone_edu as t21
from twentyone_edu import assignments, exact, simulate, symbolic
from twentyone_edu.course import own_work, tasks
from twentyone_edu.exact import draw_distribution as renamed


def by_hand(hand: str, seen: str, packs: int) -> dict[object, Fraction]:
    """next_card as a student writes it: the game's shoe and hand values only (R2, R3, R13)."""
    left = t21.Shoe.fresh(decks=packs).remove(hand).remove(seen)
    chances: dict[object, Fraction] = {}
    for rank, n in left.counts:
        if n:
            value = t21.hand_value(f"{hand} {rank}")
            key = "bust" if value.bust else value.total
            chances[key] = chances.get(key, Fraction(0)) + Fraction(n, len(left))
    return chances


def first_ace(j: int, cards: int, aces: int) -> Fraction:
    """No ace among the first j − 1 cards, then one: C(cards − j, aces − 1) / C(cards, aces)."""
    return Fraction(comb(cards - j, aces - 1), comb(cards, aces))


def test_a_function_of_the_students_own_runs_and_is_right_on_unseen_hands() -> None:
    for hand, seen, packs in own_work.unseen_cases("next_card"):
        mine = own_work.run(by_hand, hand, seen, packs)
        assert {k: p for k, p in mine.items() if p} == \
            exact.draw_distribution(hand, seen, t21.Shoe.fresh(decks=packs))
    assert sys.getprofile() is None


ENGINE_CALLS = {
    "the engine by its module": lambda hand, seen, packs: exact.draw_distribution(
        hand, seen, t21.Shoe.fresh(decks=packs)),
    "the engine under another name": lambda hand, seen, packs: renamed(
        hand, seen, t21.Shoe.fresh(decks=packs)),
    "the package's front door": lambda hand, seen, packs: t21.exact.draw_distribution(
        hand, seen, t21.Shoe.fresh(decks=packs)),
    "the symbolic layer": lambda hand, seen, packs: symbolic.first_ace_probability(1, 52, 4),
    "the simulation": lambda hand, seen, packs: simulate.rounds(10, seed=1),
    "the graded tasks' own answer": lambda hand, seen, packs: tasks._first_ace(1, 52, 4),
    "the assignments' own answer": lambda hand, seen, packs: assignments.best_threshold(
        t21.Shoe.fresh(decks=1)),
}


@pytest.mark.parametrize("how", sorted(ENGINE_CALLS))
def test_a_function_that_reaches_the_engine_is_refused(how: str) -> None:
    with pytest.raises(own_work.EngineUsed):
        own_work.run(ENGINE_CALLS[how], "K 6", "", 1)
    assert sys.getprofile() is None


def test_an_answer_the_engine_has_already_worked_out_is_refused_too() -> None:
    exact.draw_distribution("K 6", "", t21.Shoe.fresh(decks=1))  # now in the engine's cache
    with pytest.raises(own_work.EngineUsed):
        own_work.run(ENGINE_CALLS["the engine by its module"], "K 6", "", 1)


def _hide_then_call(hand: str, seen: str, packs: int) -> object:
    sys.setprofile(None)
    return exact.draw_distribution(hand, seen, t21.Shoe.fresh(decks=packs))


def _in_a_thread(hand: str, seen: str, packs: int) -> object:
    found: list[object] = []
    worker = threading.Thread(target=lambda: found.append(
        exact.draw_distribution(hand, seen, t21.Shoe.fresh(decks=packs))))
    worker.start()
    worker.join()
    return found[0]


def _in_a_process(hand: str, seen: str, packs: int) -> object:
    return subprocess.run([sys.executable, "-c", "print(1)"], capture_output=True).stdout


@pytest.mark.parametrize("student", [_hide_then_call, _in_a_thread, _in_a_process])
def test_a_function_that_hides_from_the_hook_is_refused(student) -> None:
    with pytest.raises(own_work.EngineUsed):
        own_work.run(student, "K 6", "", 1)
    assert sys.getprofile() is None


def test_the_hook_is_gone_after_a_function_that_fails() -> None:
    with pytest.raises(ZeroDivisionError):
        own_work.run(lambda: 1 / 0)
    assert sys.getprofile() is None


def test_unseen_cases_are_new_at_every_grading_and_valid() -> None:
    assert own_work.unseen_cases("first_ace") != own_work.unseen_cases("first_ace")
    for hand, seen, packs in own_work.unseen_cases("improve"):
        assert t21.hand_value(hand).total < 21 and 1 <= packs <= 4
        t21.Shoe.fresh(decks=packs).remove(hand).remove(seen)  # the cards are in the shoe
    for j, cards, aces in own_work.unseen_cases("first_ace"):
        assert 1 <= aces <= cards and 1 <= j <= cards - aces + 1
    for seat, players, cards, aces in own_work.unseen_cases("seat_chance"):
        assert 1 <= seat <= players <= 12 and 1 <= aces <= cards <= 416
    for aces, tens, cards in own_work.unseen_cases("p_natural"):
        assert aces + tens <= cards and cards >= 2
    for (shoe,) in own_work.unseen_cases("natural_chance"):
        assert len(shoe) >= 2


def test_a_seat_function_built_on_the_students_first_ace_is_the_engines() -> None:
    def seat_chance(seat: int, players: int, cards: int, aces: int) -> Fraction:
        return sum((first_ace(j, cards, aces) for j in range(seat, cards - aces + 2, players)),
                   Fraction(0))
    for seat, players, cards, aces in own_work.unseen_cases("seat_chance")[:4]:
        expected = Fraction(str(symbolic.first_banker_probability(seat, players, cards, aces)))
        assert own_work.run(seat_chance, seat, players, cards, aces) == expected


@pytest.mark.parametrize("language, words", [("en", "switched off"), ("ru", "отключены")])
def test_check_my_answer_says_the_engine_is_off_for_this_task(language: str, words: str) -> None:
    numbers = assignments.numbers("lessons04_05", student="s017", language=language)
    verdict = numbers.check("next_card", ENGINE_CALLS["the engine under another name"])
    assert verdict.right is False and words in verdict.reason
    assert numbers.check("next_card", by_hand).right is True
