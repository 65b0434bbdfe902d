"""Whose numbers the hidden tests draw cannot be changed from inside the notebook (issue 31.3),
and a typed id is read as it looks: one alphabet, nothing invisible."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from twentyone_edu.course import assignments

MOVE = """
import os
from twentyone_edu.course import assignments
os.chdir({alice!r})
os.environ[assignments.GRADED_STUDENT] = "alice"
print(assignments.numbers("lessons04_05").drawn_for)
"""


def _autograde_run(tmp_path: Path, named: bool) -> str:
    """A kernel-like process started in oscar's autograde folder whose code moves to alice's."""
    folders = {s: tmp_path / "autograded" / s / "lessons04_05" for s in ("oscar", "alice")}
    for folder in folders.values():
        folder.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if k != assignments.GRADED_STUDENT}
    env["NBGRADER_EXECUTION"] = "autograde"
    if named:
        env[assignments.GRADED_STUDENT] = "oscar"
    done = subprocess.run([sys.executable, "-c", MOVE.format(alice=str(folders["alice"]))],
                          cwd=folders["oscar"], env=env, capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def test_the_id_nbgrader_names_wins_over_the_notebooks_own_moves(tmp_path):
    assert _autograde_run(tmp_path, named=True) == assignments.draw(
        "lessons04_05", student="oscar").drawn_for


def test_without_nbgraders_name_the_folder_the_notebook_started_in_counts(tmp_path):
    assert _autograde_run(tmp_path, named=False) == assignments.draw(
        "lessons04_05", student="oscar").drawn_for


def test_an_id_typed_with_a_lookalike_letter_is_the_same_student():
    # Cyrillic ѕ (U+0455) looks like s: the check and the autograder draw the same numbers
    assert assignments.numbers("lessons04_05", student="\u0455017").drawn_for == \
        assignments.numbers("lessons04_05", student="s017").drawn_for


@pytest.mark.parametrize("typed", ["s0\u04217", "ali\u0441e"])
def test_a_typed_id_mixing_alphabets_is_refused(typed):
    with pytest.raises(assignments.AssignmentError, match="alphabets"):
        assignments.numbers("lessons04_05", student=typed)


@pytest.mark.parametrize("typed", ["\u3164", "s017\u2800", "\u115fs017"])
def test_a_typed_id_with_an_invisible_character_is_refused(typed):
    with pytest.raises(assignments.AssignmentError):
        assignments.numbers("lessons04_05", student=typed)


def test_a_full_width_id_is_the_same_student():
    full = assignments.numbers("lessons04_05", student="\uff53\uff10\uff11\uff17")
    assert full.drawn_for == assignments.numbers("lessons04_05", student="s017").drawn_for


def test_a_russian_id_in_one_alphabet_is_accepted():
    assert assignments.numbers("lessons04_05", student="вера-17").drawn_for


@pytest.mark.parametrize(("content", "why"), [(b"\xff\xfe broken", "UTF-8"),
                                              (b"w" * 10_000, "too long")])
def test_a_shared_word_file_must_be_short_plain_utf8(tmp_path, content, why):
    (tmp_path / assignments.SHARED_FILE).write_bytes(content)
    with pytest.raises(assignments.AssignmentError, match=why):
        assignments.numbers("lessons04_05", student="s017", folder=tmp_path)


def test_a_shared_word_file_that_is_a_link_is_refused(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("class-a", encoding="utf-8")
    (tmp_path / assignments.SHARED_FILE).symlink_to(target)
    with pytest.raises(assignments.AssignmentError, match="link"):
        assignments.numbers("lessons04_05", student="s017", folder=tmp_path)
