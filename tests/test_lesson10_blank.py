"""Lesson 10's blank (issue 30): the student writes `seat_chance`, the formula's sum, and a
check runs it on tables the student did not choose. The lesson's cells are run here with the
blank as committed, with the teacher's guide's body, and with wrong bodies; the check's answers
are compared with chances counted here by placing the aces."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import lesson_blanks
import nbformat
import pytest

import twentyone_edu as t21
from twentyone_edu.widgets import blanks

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "10_choosing_the_banker.ipynb"
CELLS = ("nb10-02", "nb10-06", "nb10-08", "nb10-10a", "nb10-10")


def guide_body() -> str:
    return lesson_blanks.guide_body("tg-10-02")


def run_lesson(body: str | None = None) -> tuple[dict, str]:
    """Lesson 10's cells up to its check, the blank filled with `body` (or as committed)."""
    return lesson_blanks.run_cells(LESSON, CELLS, body)


def placed(seat: int, players: int, cards: int, aces: int) -> Fraction:
    """The seat's chance of the first ace, counted over every placement of the aces (R4)."""
    ways = list(combinations(range(1, cards + 1), aces))
    return Fraction(sum((min(places) - seat) % players == 0 for places in ways), len(ways))


def test_the_lesson_leaves_the_blank_and_still_runs_on():
    namespace, printed = run_lesson()
    assert len(lesson_blanks.BLANK.findall(nbformat.read(LESSON, as_version=4).cells[
        [c.get("id") for c in nbformat.read(LESSON, as_version=4).cells].index("nb10-10a")]
        .source)) == 1
    assert printed.count("Fill in the blank above") == 1
    assert namespace["seat_chance"] is blanks.package_seat_chance
    assert "seat_chance and the engine agree" in printed
    assert "every placement counted: 7/15, 1/3, 1/5 | seat_chance: 7/15, 1/3, 1/5" in printed


def test_the_guides_body_is_right():
    namespace, printed = run_lesson(guide_body())
    assert "Right: your function agrees" in printed, printed
    assert namespace["seat_chance"] is not blanks.package_seat_chance


@pytest.mark.parametrize("body", [
    # the range stops before the last card
    "    return sum(Fraction(comb(cards - k, aces - 1), comb(cards, aces))\n"
    "               for k in range(seat, cards, players))\n",
    # aces where aces − 1 belongs
    "    return sum(Fraction(comb(cards - k, aces), comb(cards, aces))\n"
    "               for k in range(seat, cards + 1, players))\n",
    # the seat's cards counted from 0
    "    return sum(Fraction(comb(cards - k, aces - 1), comb(cards, aces))\n"
    "               for k in range(seat - 1, cards + 1, players))\n",
    # every card from the seat's first, not every players-th
    "    return sum(Fraction(comb(cards - k, aces - 1), comb(cards, aces))\n"
    "               for k in range(seat, cards + 1))\n",
])
def test_a_wrong_body_is_not_yet(body):
    namespace, printed = run_lesson(body)
    assert printed.count("Not yet: your function answers") == 1, printed
    said = re.search(r"For one, (.+?), it gives (.+?) where the rules give (.+?)\. ", printed)
    assert said and said[2] != said[3], printed
    assert namespace["seat_chance"] is blanks.package_seat_chance


def test_a_float_is_not_yet():
    body = ("    return sum(comb(cards - k, aces - 1) / comb(cards, aces)\n"
            "               for k in range(seat, cards + 1, players))\n")
    namespace, printed = run_lesson(body)
    assert "answers with a decimal" in printed and "Fraction(a, b)" in printed, printed
    assert namespace["seat_chance"] is blanks.package_seat_chance


def test_the_checks_answers_counted_by_placing_the_aces():
    for case in [(1, 3, 6, 2), (2, 3, 6, 2), (3, 3, 6, 2), (3, 3, 6, 1), (2, 4, 9, 3),
                 (1, 2, 10, 4), (5, 5, 12, 1)]:
        assert blanks.package_seat_chance(*case) == placed(*case), case
    # one ace: each card is equally likely to be it, so a seat's chance is its share of cards
    assert blanks.package_seat_chance(3, 5, 104, 1) == Fraction(21, 104)


def test_the_cases_are_drawn_afresh_and_hold_the_traps():
    first, second = (blanks.seat_cases(random.Random()) for _ in range(2))
    assert first != second
    assert all(1 <= seat <= players <= 8 and 1 <= aces < cards <= 104
               for seat, players, cards, aces in first)
    # the last card is the last seat's, and the only ace may be it
    assert any(aces == 1 and cards % players == 0 and seat == players
               for seat, players, cards, aces in first)
    assert t21.exact.first_banker_probabilities(2)[0] == \
        blanks.package_seat_chance(*blanks.TABLES[-1])
