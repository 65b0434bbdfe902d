"""The handouts' activities with real cards (deploy/unplugged.py, issue 33): each prints the
exact chance of every result for one pack of 52, as counted here without the engine."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path

import pytest
from deploy_scripts import load

ROOT = Path(__file__).resolve().parent.parent




unplugged = load("unplugged")
PACK = (4,) * 9 + (16,)  # aces, 2-9, ten-valued cards: one pack of 52
VALUES = (11, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def natural() -> Fraction:
    return Fraction(4 * 16, comb(52, 2))  # an ace and a ten-card, any order


def one_card_on_nineteen() -> dict[str, Fraction]:
    return {"20": Fraction(4, 50), "21": Fraction(4, 50), "over": Fraction(42, 50)}


def first_ace(seats: int) -> list[Fraction]:
    """Card by card: the chance that the j-th card is the first ace."""
    chances, none_yet = [Fraction(0)] * seats, Fraction(1)
    for j in range(49):
        chances[j % seats] += none_yet * Fraction(4, 52 - j)
        none_yet *= Fraction(48 - j, 52 - j)
    return chances


def best(total: int, soft_aces: int) -> tuple[int, int]:
    while total > 21 and soft_aces:
        total, soft_aces = total - 10, soft_aces - 1
    return total, soft_aces


@cache
def banker_ends(counts: tuple[int, ...], total: int, soft_aces: int) -> dict:
    """How a banker's hand ends, buying below 17, from `counts` cards left."""
    if total >= 17:
        return {"over" if total > 21 else total: Fraction(1)}
    left, ends = sum(counts), {}
    for i, n in enumerate(counts):
        if n:
            rest = counts[:i] + (n - 1,) + counts[i + 1:]
            after = best(total + VALUES[i], soft_aces + (i == 0))
            for end, p in banker_ends(rest, *after).items():
                ends[end] = ends.get(end, 0) + Fraction(n, left) * p
    return ends


def bankers_hand() -> dict:
    """The two dealt cards first (a natural ends the hand), then buying below 17."""
    ends, counts = {}, PACK
    for i, n in enumerate(counts):
        for k, m in enumerate(counts):
            pair = Fraction(n, 52) * Fraction(m - (i == k), 51)
            if not pair:
                continue
            if {i, k} == {0, 9}:
                ends["natural"] = ends.get("natural", 0) + pair
                continue
            rest = list(counts)
            rest[i] -= 1
            rest[k] -= 1
            after = best(VALUES[i] + VALUES[k], (i == 0) + (k == 0))
            for end, p in banker_ends(tuple(rest), *after).items():
                ends[end] = ends.get(end, 0) + pair * p
    return ends


EXPECTED = {
    "00": [natural(), 1 - natural()],
    "03": [bankers_hand()[end] for end in ("natural", 17, 18, 19, 20, 21, "over")],
    "04": list(one_card_on_nineteen().values()),
    "10": first_ace(5),
}


@pytest.mark.parametrize("lesson", sorted(EXPECTED))
def test_each_result_has_the_exact_chance_counted_by_hand(lesson):
    activity = unplugged.ACTIVITIES[lesson]("en")
    assert [p for _, p in activity.results] == EXPECTED[lesson]
    assert sum(EXPECTED[lesson]) == 1


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("lesson", sorted(EXPECTED))
def test_the_sheet_prints_every_result_and_its_chance(lesson, language):
    section = unplugged.activity_html(lesson, language)
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', section)
    assert len(rows) == len(EXPECTED[lesson])
    for (_, cells), p in zip(rows, EXPECTED[lesson], strict=True):
        percent = f"{float(p) * 100:.1f}"
        assert (percent if language == "en" else percent.replace(".", ",")) in cells
        assert (f"{p.numerator}/{p.denominator}" in cells) == (p.denominator < 1000)
    deals = unplugged.ACTIVITIES[lesson](language).deals
    assert f" {deals} " in section
    if language == "ru":
        assert not re.search("[A-Za-z]{3}", re.sub(r"<[^>]+>", "", section))


def test_a_lesson_without_an_activity_has_no_section():
    assert unplugged.activity_html("05", "en") == ""
