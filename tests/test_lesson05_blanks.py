"""Lesson 05's blanks (issue 30): `ending` and `stand_value` are left for the student, each
followed by a check that runs it on cases the student did not choose. The lesson's own cells are
run here with the blanks as committed, with the teacher's guide's completed bodies, and with
wrong bodies; the check's answers are compared with values worked out here by hand."""

from __future__ import annotations

import contextlib
import io
import random
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

import twentyone_edu as t21
from twentyone_edu.widgets import blanks

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "05_the_exact_method.ipynb"
GUIDE = ROOT / "teacher" / "teacher_guide.ipynb"
CELLS = ("05-01", "05-03", "05-07", "05-07c", "05-09", "05-13", "05-13c")
BLANK = re.compile(r"^    # Your turn.*?raise NotImplementedError\([^)]*\)$", re.M | re.S)


def guide_bodies() -> list[str]:
    """The completed bodies the guide gives, in the order of the blanks."""
    (cell,) = [cell for cell in nbformat.read(GUIDE, as_version=4).cells
               if cell.get("id") == "tg-s05-01b"]
    return re.findall(r"```python\n(.*?)```", cell.source, re.S)


def run_lesson(bodies: list[str] | None = None) -> tuple[dict, str]:
    """Lesson 05's cells up to the second check, each blank filled with its body (or left as
    committed), run in one namespace; returns the namespace and what was printed."""
    cells = {cell.get("id"): cell.source for cell in nbformat.read(LESSON, as_version=4).cells}
    sources = [cells[cell_id] for cell_id in CELLS]
    if bodies is not None:
        filled = iter(bodies)
        sources = [BLANK.sub(lambda _: next(filled).rstrip("\n"), source) for source in sources]
        assert next(filled, None) is None
    namespace: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for source in sources:
            exec(compile(source, "lesson 05", "exec"), namespace)
    return namespace, printed.getvalue()


def test_the_lesson_leaves_two_blanks_and_still_runs_on():
    namespace, printed = run_lesson()
    assert len(BLANK.findall("\n".join(
        cell.source for cell in nbformat.read(LESSON, as_version=4).cells))) == 2
    assert printed.count("Fill in the blank above") == 2
    assert namespace["ending"] is blanks.package_ending  # the lesson goes on
    assert namespace["mine"] == t21.exact.decision_values("K Q")["stand"]


def test_the_guides_bodies_are_right():
    bodies = guide_bodies()
    assert len(bodies) == 2
    namespace, printed = run_lesson(bodies)
    assert printed.count("Right: your function agrees") == 2, printed
    assert namespace["ending"] is not blanks.package_ending  # the student's own, kept
    assert namespace["mine"] == t21.exact.decision_values("K Q")["stand"]


VALUE = "    value = t21.hand_value(banker)\n"
ENDS = '    ends = banker_chances((), unseen)\n    no_natural = 1 - ends.get("natural", 0)\n'


@pytest.mark.parametrize("bodies", [
    # the banker stands on 16, not 17
    [VALUE + '    if value.natural:\n        return "natural"\n    if value.bust:\n'
     '        return "bust"\n    return value.total if value.total >= 16 else None\n', None],
    # a natural read as 21
    [VALUE + '    if value.bust:\n        return "bust"\n'
     '    return value.total if value.total >= 17 else None\n', None],
    # the natural kept in the sum, or no division
    [None, ENDS + '    return sum(p * t21.settle(total, end) for end, p in ends.items())'
     ' / no_natural\n'],
    [None, ENDS + '    return sum(p * t21.settle(total, end) for end, p in ends.items()'
     ' if end != "natural")\n'],
])
def test_a_wrong_body_is_not_yet_and_the_answer_is_not_shown(bodies):
    right = guide_bodies()
    _, printed = run_lesson([body or good for body, good in zip(bodies, right, strict=True)])
    assert printed.count("Not yet: your function answers") == 1, printed
    # on one case it got wrong: what the student's function gave, and what the rules give
    said = re.search(r"For one, (.+?), it gives (.+?) where the rules give (.+?)\. ", printed)
    assert said and said[2] != said[3], printed
    # the lesson's own answer, the value of standing on K Q, is not given away
    stand = t21.exact.decision_values("K Q")["stand"]
    assert t21.numerals.signed(stand, 4, "en") not in printed.split("stand on K Q")[0]


def test_the_checks_answers_counted_by_hand():
    """The reference the check compares with, against hands read by the rules (R3, R13, R14)
    and one value counted here: standing on 20 with ten unseen cards, 9 A and one 10 left."""
    ending = blanks.package_ending
    assert [ending(cards) for cards in [(), ("A",), ("10", "A"), ("A", "10"), ("10", "6"),
                                        ("10", "6", "9"), ("A", "6"), ("A", "5", "5")]] == \
        [None, None, "natural", "natural", None, "bust", 17, 21]
    # Unseen: nine aces and one ten. His two cards: A A (12, soft) with chance 9/10 · 8/9 = 4/5,
    # else a natural (ace and ten, either order: 2 · 9/10 · 1/9 = 1/5). From A A he buys: the
    # ten (1/8) gives 12 hard, then aces to 13, 14, 15, 16, 17; an ace (7/8) gives 13 soft and
    # so on; with only aces and one ten left he always ends on 17 (soft A A A A A A A = 17, or
    # 10 + seven aces = 17). Standing on 20 against 17 wins 1, given no natural: +1.
    assert blanks.package_stand_value(20, (("10", 1), ("A", 9))) == Fraction(1)
    # and on 16 against his 17: −1
    assert blanks.package_stand_value(16, (("10", 1), ("A", 9))) == Fraction(-1)


def test_the_cases_are_drawn_afresh_and_cover_every_ending():
    first, second = (blanks.ending_cases(random.Random()) for _ in range(2))
    assert first != second
    kinds = {type(end).__name__ if not isinstance(end, str) else end
             for end in map(blanks.package_ending, first)}
    assert kinds == {"NoneType", "natural", "bust", "int"}


def test_a_wrong_answer_is_written_as_the_lessons_code_writes_it():
    class Odd:
        def __repr__(self):
            raise RuntimeError("no repr")

    assert [blanks._value_text(v, "en") for v in (None, "bust", 17, Fraction(1, 8), Odd())] == \
        ["None", '"bust"', "17", "+0.1250", "Odd"]
    assert blanks._value_text(Fraction(-1, 8), "ru") == "−0,1250"
