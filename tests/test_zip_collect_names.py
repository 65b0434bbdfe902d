"""zip_collect takes the student only from the part of a file name the LMS writes (issue 31.4):
Blackboard's "<assignment>_<user>_attempt_<date>_<uploaded name>", read with the pattern of
teacher/nbgrader_config.py, with upload names built to name someone else."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from nbgrader.plugins import FileNameCollectorPlugin

CONFIG = Path(__file__).resolve().parents[1] / "teacher" / "nbgrader_config.py"


def _pattern() -> str:
    text = CONFIG.read_text(encoding="utf-8")
    block = text.split("c.FileNameCollectorPlugin.named_regexp = (", 1)[1].split("\n)", 1)[0]
    return "".join(ast.literal_eval(line.strip()) for line in block.strip().splitlines())


def _collect(name: str) -> dict | None:
    plugin = FileNameCollectorPlugin(named_regexp=_pattern())
    return plugin.collect(f"/course/downloaded/lessons04_05/extracted/{name}")


def test_blackboards_own_name_is_read():
    got = _collect("Lessons 04-05_alice_attempt_2026-11-30-09-05-00_exact_chances.ipynb")
    assert got is not None
    assert (got["student_id"], got["file_id"]) == ("alice", "exact_chances.ipynb")


@pytest.mark.parametrize("user", ["s_017", "a_017", "anna.k", "anna@school.example", "вера"])
def test_any_user_name_is_kept_whole(user):
    got = _collect(f"Lessons 04-05_{user}_attempt_2026-11-30-09-05-00_exact_chances.ipynb")
    assert got is not None and got["student_id"] == user


def test_an_upload_name_cannot_name_another_student():
    upload = "alice_attempt_2026-11-30-12-00-00_exact_chances.ipynb"
    got = _collect(f"Lessons 04-05_bob_attempt_2026-11-30-11-00-00_{upload}")
    assert got is not None and got["student_id"] == "bob"


@pytest.mark.parametrize("user", ["..", "."])
def test_a_user_name_that_is_a_folder_step_is_refused(user):
    assert _collect(f"Lessons 04-05_{user}_attempt_2026-11-30-09-05-00_exact_chances.ipynb") \
        is None


def test_the_old_greedy_pattern_was_fooled():
    # the pattern this file replaces took the last "_<id>_attempt_" of the name
    old = r".*_(?P<student_id>[A-Za-z0-9.\-]+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>.*)"
    name = ("Lessons 04-05_bob_attempt_2026-11-30-11-00-00_alice_attempt_2026-11-30-12-00-00_"
            "exact_chances.ipynb")
    assert re.match(old, name).group("student_id") == "alice"
    assert _collect(name)["student_id"] == "bob"


def _blackboard(name: str) -> dict | None:
    from twentyone_edu.course.grading import BlackboardNames

    return BlackboardNames(named_regexp=_pattern()).collect(
        f"/course/downloaded/lessons04_05/extracted/{name}")


@pytest.mark.parametrize("written, meant", [
    ("2026-11-30-20-31-21", (2026, 11, 30, 20, 31, 21)),
    ("2026-11-30-23-59-59", (2026, 11, 30, 23, 59, 59)),
    ("2026-12-01-00-00-00", (2026, 12, 1, 0, 0, 0)),
])
def test_blackboards_attempt_time_is_read_as_written(written, meant):
    """nbgrader's own reader took 20:31:21 for 17:00 the next day and stopped at 23:59:59."""
    got = _blackboard(f"Lessons 04-05_alice_attempt_{written}_exact_chances.ipynb")
    assert got is not None
    when = got["timestamp"]
    assert (when.year, when.month, when.day, when.hour, when.minute, when.second) == meant
    assert when.utcoffset() is not None and when.utcoffset().total_seconds() == 0


def test_a_time_blackboard_never_writes_skips_only_that_file():
    assert _blackboard("Lessons 04-05_alice_attempt_2026-11-31-25-00-00_exact_chances.ipynb") \
        is None


def _zip_collect(tmp_path: Path, files: dict[str, str], roster: tuple[str, ...] = ()) -> tuple:
    """The real zip_collect with the course's config, on Blackboard files {name: time}; the
    course folder and nbgrader's log."""
    import os
    import shutil
    import subprocess
    import sys

    course = tmp_path / "course"
    shutil.copytree(CONFIG.parent / "source" / "lessons04_05", course / "source" / "lessons04_05")
    shutil.copy(CONFIG, course)
    env = {**os.environ, "PYTHONPATH": str(CONFIG.parents[1]),  # alembic, by name: the venv's
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = [sys.executable, "-m", "nbgrader"]
    subprocess.run([*run, "generate_assignment", "lessons04_05"], cwd=course, env=env,
                   check=True, capture_output=True, timeout=300)
    for student in roster:
        subprocess.run([*run, "db", "student", "add", student], cwd=course, env=env,
                       check=True, capture_output=True, timeout=300)
    archive = course / "downloaded" / "lessons04_05" / "archive"
    archive.mkdir(parents=True)
    released = (course / "release" / "lessons04_05" / "exact_chances.ipynb").read_text()
    for name, written in files.items():
        (archive / f"{name}_attempt_{written}_exact_chances.ipynb").write_text(released)
    done = subprocess.run([*run, "zip_collect", "lessons04_05"], cwd=course, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return course, done.stderr


def test_zip_collect_files_a_late_night_class_with_each_time(tmp_path: Path):
    """The real zip_collect with the course's config: every student filed, each time kept."""
    times = {"alice": "2026-11-30-20-31-21", "bob": "2026-11-30-23-59-59"}
    course, _ = _zip_collect(tmp_path, {f"Lessons 04-05_{user}": t for user, t in times.items()})
    for user, written in times.items():
        stamp = course / "submitted" / user / "lessons04_05" / "timestamp.txt"
        date, clock = written[:10], written[11:].replace("-", ":")
        assert stamp.read_text().startswith(f"{date} {clock}"), stamp.read_text()


def test_an_assignment_named_with_an_underscore_files_each_student_on_the_roster(tmp_path):
    """Blackboard's "Lessons_04" puts "04_" before every user name; with a roster, each file is
    the one student its name ends with, and a name on no roster is filed with a warning."""
    course, log = _zip_collect(tmp_path, {"Lessons_04_alice": "2026-11-30-09-05-00",
                                          "Lessons_04_s_017": "2026-11-30-09-06-00",
                                          "Lessons 04-05_zoe": "2026-11-30-09-07-00"},
                               roster=("alice", "s_017", "bob"))
    filed = sorted(p.name for p in (course / "submitted").iterdir())
    assert filed == ["alice", "s_017", "zoe"]
    assert "the assignment's name in Blackboard has an underscore" in log
    assert "'zoe' is not a student of the course" in log
