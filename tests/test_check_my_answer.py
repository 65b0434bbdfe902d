"""A student checks each graded answer before handing it in (issue 18.5): on their own numbers,
right or not yet and why, never the answer. Each source assignment's solutions are run as the
student's own cells, for several students, and every check must say right; then each answer is
spoiled, and every check must say not yet, naming no value."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from twentyone_edu.course import assignments, tasks

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "teacher" / "source").glob("*/*.ipynb"))


def solved(source: Path, student: str) -> dict:
    """The namespace of a source notebook run as `student` with its solutions: every code cell
    but the test cells (whose hidden tests would run the same engine)."""
    cells = json.loads(source.read_text())["cells"]
    space: dict = {}
    for cell in cells:
        grading = cell.get("metadata", {}).get("nbgrader", {})
        if cell["cell_type"] != "code" or (grading.get("grade") and not grading.get("solution")):
            continue
        code = "".join(cell["source"]).replace('STUDENT = ""', f"STUDENT = {student!r}")
        exec(compile(code, str(source), "exec"), space)
    return space


@pytest.fixture(scope="module", params=SOURCES, ids=lambda path: path.parent.name)
def notebook(request) -> tuple[Path, dict]:
    return request.param, solved(request.param, "check-anna")


def test_each_graded_task_has_a_check_cell_below_its_answer(notebook):
    source, _ = notebook
    cells = json.loads(source.read_text())["cells"]
    ids = [cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") for cell in cells]
    assignment = source.parent.name
    for task in tasks.known(assignment):
        check = ids.index(f"check_{task}")
        assert ids[check - 1] == task and f'numbers.check("{task}")' in "".join(
            cells[check]["source"])
    solutions = [cell["metadata"]["nbgrader"]["grade_id"] for cell in cells
                 if cell.get("metadata", {}).get("nbgrader", {}).get("solution")
                 and cell["cell_type"] == "code"]
    assert solutions == list(tasks.known(assignment))


def test_the_solutions_are_right_by_the_check(notebook):
    """Checked from the notebook's own cell (the answer read from its variables), as a student
    runs it: right, or form right where only the form is checked."""
    _, space = notebook
    for task in tasks.known(space["numbers"].assignment):
        exec(f"verdict = numbers.check({task!r})", space)
        verdict = space["verdict"]
        assert verdict.right in (True, None), verdict
        assert "right" in repr(verdict)


def spoiled(answer):
    """A wrong answer of the same form, or None if none can be made simply."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, Fraction):
        return answer + Fraction(1, 997) if answer < Fraction(1, 2) else answer - Fraction(1, 997)
    if isinstance(answer, int):
        return answer + 1
    if isinstance(answer, dict):
        return {key: value + 1 for key, value in answer.items()}
    return None


def test_a_wrong_value_is_not_yet_and_names_no_value(notebook):
    _, space = notebook
    numbers = space["numbers"]
    for task in tasks.known(numbers.assignment):
        if tasks.TASKS[numbers.assignment][task].right is None or callable(space[task]):
            continue
        verdict = numbers.check(task, spoiled(space[task]))
        assert verdict.right is False and "not yet" in repr(verdict), (task, verdict)
        assert str(space[task]) not in repr(verdict), "the check gave the answer away"


def test_a_wrong_form_is_not_yet_with_the_reason(notebook):
    _, space = notebook
    numbers = space["numbers"]
    for task in tasks.known(numbers.assignment):
        verdict = numbers.check(task, 0.25)
        assert verdict.right is False, (task, verdict)
        assert any(word in verdict.reason for word in ("Fraction", "whole", "function", "one of",
                                                        "dict")), verdict.reason


def test_a_wrong_function_and_a_broken_one_are_not_yet():
    space = solved(ROOT / "teacher/source/lessons04_05/exact_chances.ipynb", "check-boris")
    numbers, right = space["numbers"], space["next_card"]

    def off_by_one_pack(hand, seen, packs):
        return right(hand, seen, packs) if packs == 2 else right(hand, seen, packs + 1)

    assert numbers.check("next_card", off_by_one_pack).right is False
    verdict = numbers.check("next_card", lambda hand, seen, packs: 1 / 0)
    assert verdict.right is False and "ZeroDivisionError" in verdict.reason


def test_no_answer_yet_is_not_yet_not_a_traceback():
    numbers = assignments.numbers("lessons04_05", student="check-vera")
    space = {"numbers": numbers}
    exec('verdict = numbers.check("unseen")', space)
    assert space["verdict"].right is False and "no unseen yet" in repr(space["verdict"])
    with pytest.raises(assignments.AssignmentError, match="unseen, p_bust"):
        numbers.check("p_busted")


def test_each_students_check_is_on_their_own_numbers():
    """Anna's right answer is not yet for Boris, whose numbers differ."""
    source = ROOT / "teacher/source/lessons04_05/exact_chances.ipynb"
    anna, boris = solved(source, "check-anna"), solved(source, "check-boris")
    assert anna["p_bust"] != boris["p_bust"]
    assert boris["numbers"].check("p_bust", anna["p_bust"]).right is False


class _AlwaysEqual(Fraction):
    """A Fraction that says it equals anything (issue 31.2)."""

    def __eq__(self, other):
        return True

    __hash__ = Fraction.__hash__


def _spy(seen: list):
    """A Fraction whose __eq__ records what it is compared with, and says yes."""
    class Spy(Fraction):
        def __eq__(self, other):
            seen.append(other)
            return True

        __hash__ = Fraction.__hash__
    return Spy


def _teller():
    """A Fraction whose __eq__ raises with what it is compared with, in a class of its own
    named after it."""
    class Teller(Fraction):
        def __eq__(self, other):
            raise type(f"Expected_{other}", (RuntimeError,), {})(f"expected {other!r}")

        __hash__ = Fraction.__hash__
    return Teller


def test_objects_of_the_students_own_class_get_nothing():
    numbers = assignments.numbers("lessons04_05", student="check-oscar")
    expected = tasks.TASKS["lessons04_05"]
    seen: list = []
    for answer in (_AlwaysEqual(1, 2), _spy(seen)(1, 2), _teller()(1, 2)):
        verdict = numbers.check("p_bust", answer)
        assert verdict.right is False, answer
        assert "expected" not in verdict.reason and "Fraction(" not in verdict.reason
    assert seen == []  # no comparison ever reached the student's object
    # the function tasks: a function returning such objects is read as plain values or refused
    verdict = numbers.check("next_card", lambda hand, seen, packs: {"bust": _AlwaysEqual(1)})
    assert verdict.right is False
    assert expected["p_bust"].right is not None


def test_a_fraction_with_a_hostile_inside_is_refused():
    class Evil:
        def __eq__(self, other):
            raise AssertionError(f"saw {other}")

    hostile = Fraction(1, 2)
    hostile._numerator = Evil()
    with pytest.raises(tasks.NotPlain):
        tasks.plain(hostile)
    assert tasks.plain({"bust": Fraction(2, 4), 20: 1}) == {"bust": Fraction(1, 2), 20: 1}


def test_an_error_of_the_students_own_class_is_not_named():
    numbers = assignments.numbers("lessons04_05", student="check-oscar")

    def leaky(hand, seen, packs):
        raise type("Secret_29_75", (ValueError,), {})("the answer is 29/75")

    verdict = numbers.check("next_card", leaky)
    assert verdict.right is False
    assert "Secret" not in verdict.reason and "29" not in verdict.reason
