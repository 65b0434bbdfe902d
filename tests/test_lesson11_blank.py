"""Lesson 11's blank (issue 30): the student writes `naturals_in`, a simulation of the banker's
two cards, and the check runs it on 20,000 deals: right when the count lies within 4 standard
errors of what the exact chance expects. The lesson's cells are run here with the blank as
committed, with the teacher's guide's body and with wrong bodies."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import lesson_blanks
import numpy as np
import pytest

from twentyone_edu.widgets import blanks

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "11_exact_vs_simulation.ipynb"
CELLS = ("nb11-02", "nb11-sim-blank", "nb11-sim-check")
# two cards from 104, 8 aces and 32 ten-valued cards: an ace and a ten in either order (R9)
NATURAL = 2 * Fraction(8, 104) * Fraction(32, 103)


def guide_body() -> str:
    return lesson_blanks.guide_body("tg-11-02")


def run_lesson(body: str | None = None) -> tuple[dict, str]:
    """Lesson 11's cells up to its check, the blank filled with `body` (or as committed)."""
    return lesson_blanks.run_cells(LESSON, CELLS, body)


def test_the_lesson_leaves_the_blank_and_still_runs_on():
    namespace, printed = run_lesson()
    assert printed.count("Fill in the blank above") == 1
    assert namespace["naturals_in"] is blanks.package_naturals_in
    said = re.search(r"share of naturals in 20,000 deals: (0\.\d{4}); exact chance 64/1339 ≈ "
                     r"0\.0478\nthe exact chance is (\d+\.\d) standard errors away", printed)
    assert said, printed
    # how far, in standard errors of a share of 20,000 deals, √(p̂(1 − p̂)/n) (not the answer
    # of 11.2, which is not printed)
    share = float(said[1])
    away = abs(share - float(NATURAL)) / (share * (1 - share) / 20_000) ** 0.5
    assert abs(float(said[2]) - away) < 0.1
    assert "0.0015" not in printed


def test_the_guides_body_is_right():
    namespace, printed = run_lesson(guide_body())
    assert "Right: in 20,000 deals of two cards your function found" in printed, printed
    assert namespace["naturals_in"] is not blanks.package_naturals_in


@pytest.mark.parametrize("body, said", [
    # an ace then a ten only: half the naturals
    ("    return sum(rng.sample(SHOE, 2) == ['A', '10'] for _ in range(n))\n",
     "where the exact chance expects about 956"),
    # two aces and two tens counted as well
    ("    return sum(set(rng.sample(SHOE, 2)) <= {'A', '10'} for _ in range(n))\n",
     "where the exact chance expects about 956"),
    # the share, not the count
    ("    return sum({*rng.sample(SHOE, 2)} == {'A', '10'} for _ in range(n)) / n\n",
     "return the count of deals that were a natural"),
])
def test_a_wrong_body_is_not_yet(body, said):
    namespace, printed = run_lesson(body)
    assert said in printed and "Not yet" in printed, printed
    assert namespace["naturals_in"] is blanks.package_naturals_in


def test_a_numpy_count_is_a_count():
    body = ("    deals = np.array([sorted(rng.sample(SHOE, 2)) == ['10', 'A'] for _ in range(n)])\n"
            "    return deals.sum()\n")
    namespace, printed = run_lesson(body)
    assert "Right:" in printed, printed


def test_the_package_deals_at_the_exact_chance():
    """The reference simulation's share of naturals over 200,000 deals, within 4 standard
    errors of the chance counted by hand (R9)."""
    deals = 200_000
    share = blanks.package_naturals_in(deals, random.Random(11)) / deals
    assert abs(share - float(NATURAL)) < 4 * float(NATURAL * (1 - NATURAL) / deals) ** 0.5
    assert blanks.package_naturals_in(0, random.Random(1)) == 0


def test_the_line_is_4_standard_errors_of_the_exact_chance():
    n, expected = 20_000, 20_000 * float(NATURAL)
    se = float(20_000 * NATURAL * (1 - NATURAL)) ** 0.5
    assert not blanks.far_from_chance(round(expected + 3.9 * se), n)
    assert blanks.far_from_chance(round(expected + 4.1 * se), n)
    assert blanks.far_from_chance(round(expected - 4.1 * se), n)
    assert blanks.far_from_chance(n + 1, n) and blanks.far_from_chance(-1, n)
    assert np.isclose(expected, 955.94, atol=0.01)
