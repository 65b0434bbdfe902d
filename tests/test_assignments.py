"""Every student their own numbers: deterministic, well posed, and the graded id wins (R1–R20)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import twentyone_edu as t21
from twentyone_edu import assignments, exact
from twentyone_edu.course.assignments import AssignmentError, draw, numbers

STUDENTS = [f"s{i:03d}" for i in range(12)]


@pytest.fixture(autouse=True)
def outside_nbgrader(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)


def test_the_seed_is_sha256_of_assignment_kind_and_id() -> None:
    # SHA-256 of "twentyone_edu:lessons04_05:student:alice", first 8 bytes, big-endian,
    # computed here with hashlib as a check of the documented recipe.
    digest = hashlib.sha256(b"twentyone_edu:lessons04_05:student:alice").digest()
    assert assignments.seed_of("lessons04_05", "student", "alice") == \
        int.from_bytes(digest[:8], "big")


@pytest.mark.parametrize("assignment", assignments.ASSIGNMENTS)
def test_the_same_id_draws_the_same_numbers_and_ids_differ(assignment: str) -> None:
    drawn = [draw(assignment, student=s) for s in STUDENTS]
    assert drawn == [draw(assignment, student=s) for s in STUDENTS]
    fields = [tuple(vars(n).values())[2:] for n in drawn]
    assert len(set(fields)) >= 10, "twelve students should nearly all differ"
    assert draw(assignment, student=" S001 ") == draw(assignment, student="s001")


def test_a_draw_uses_only_random_random() -> None:
    class OnlyRandom(random.Random):
        def _refuse(self, *args: object, **kwargs: object) -> None:
            raise AssertionError("only random() has a sequence Python promises to keep")

        randrange = randint = choice = sample = shuffle = _refuse  # type: ignore[assignment]

    for assignment in assignments.ASSIGNMENTS.values():
        assignment.draw(OnlyRandom(7), "student x")


def test_exact_chances_are_well_posed() -> None:
    for s in STUDENTS:
        n = draw("lessons04_05", student=s)
        assert isinstance(n, assignments.ExactChances)
        hand = t21.hand_value(n.hand)
        assert "A" not in n.hand.split() and 12 <= hand.total <= 16
        assert len(n.seen.split()) in range(2, 7)
        left = n.fresh_shoe.remove(n.hand).remove(n.seen)  # raises if more cards than the packs
        bust = exact.draw_distribution(n.hand, n.seen, n.fresh_shoe)["bust"]
        assert 0 < bust < 1 and len(left) == 52 * n.packs - 2 - len(n.seen.split())
        values = exact.decision_values(n.hand, n.seen, n.fresh_shoe)
        assert values["stand"] != values["draw"]


def test_advice_and_buying_are_well_posed() -> None:
    for s in STUDENTS[:4]:
        n = draw("lessons06_07", student=s)
        assert isinstance(n, assignments.AdviceAndBuying)
        assert t21.hand_value(n.hand).total in (19, 20) and 14 <= n.threshold <= 18
        values = [exact.round_value(k, n.shoe) for k in range(12, 22)]
        best = assignments.best_threshold(n.shoe)
        assert values.count(max(values)) == 1 and values[best - 12] == max(values)


def test_the_bank_and_first_ace_and_variants_are_well_posed() -> None:
    for s in STUDENTS[:4]:
        bank = draw("lessons08_09", student=s)
        assert isinstance(bank, assignments.TheBank)
        assert 2 <= bank.players <= 7 and len(bank.shoe) == 52 * bank.packs - \
            len(bank.dealt.split())
        ace = draw("lessons10_11", student=s)
        assert isinstance(ace, assignments.FirstAceAndSimulation)
        assert 1 <= ace.seat <= ace.players and ace.target_error in (
            Fraction(1, 100), Fraction(1, 200), Fraction(1, 250), Fraction(1, 400))
        history = draw("lesson12", student=s)
        assert isinstance(history, assignments.Variants)
        first, second = history.variants
        assert first != second and {first, second} <= set(t21.VARIANTS)


def test_every_variant_pair_can_be_drawn() -> None:
    drawn = [draw("lesson12", student=f"p{i}") for i in range(60)]
    pairs = Counter(n.variants for n in drawn if isinstance(n, assignments.Variants))
    assert len(pairs) >= 6


def test_jupyterhub_user_or_typed_id(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with pytest.raises(AssignmentError, match="student=''"):
        numbers("lessons04_05", folder=tmp_path)
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    assert numbers("lessons04_05", folder=tmp_path) == draw("lessons04_05", student="alice")
    assert numbers("lessons04_05", "bob", folder=tmp_path) == draw("lessons04_05", student="bob")


def test_autograde_uses_the_id_nbgrader_grades_under(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    folder = tmp_path / "autograded" / "carol" / "lessons04_05"
    folder.mkdir(parents=True)
    (folder / assignments.SHARED_FILE).write_text("alice's answers")  # sent by the student
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    assert numbers("lessons04_05", "alice", folder=folder) == draw("lessons04_05",
                                                                   student="carol")
    with pytest.raises(AssignmentError, match="directory_structure"):
        numbers("lessons06_07", folder=folder)


def test_a_teacher_can_fix_one_shared_set(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    source = tmp_path / "source" / "lessons04_05"
    released = tmp_path / "home" / "lessons04_05"
    graded = tmp_path / "autograded" / "carol" / "lessons04_05"
    for folder in (source, released, graded):
        folder.mkdir(parents=True)
    for folder in (source, released):
        (folder / assignments.SHARED_FILE).write_text("autumn 2026\n")
    shared = draw("lessons04_05", shared="autumn 2026")
    assert shared.drawn_for == "shared autumn 2026"
    assert numbers("lessons04_05", "bob", folder=released) == shared
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert numbers("lessons04_05", folder=graded) == shared
    assert shared != draw("lessons04_05", student="autumn 2026")


@pytest.mark.parametrize("bad", ["", "   ", "x" * 101, 7])
def test_bad_ids_and_assignments_are_refused(bad: object) -> None:
    with pytest.raises(AssignmentError, match="student="):
        draw("lessons04_05", student=bad)  # type: ignore[arg-type]
    with pytest.raises(AssignmentError, match="lessons04_05, lessons06_07"):
        draw("lesson99", student="alice")
