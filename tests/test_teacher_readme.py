"""Every nbgrader command of teacher/README.md, in each language, runs as written (issue 31.9).

The commands are read from the README itself, in the order a teacher meets them, and run in a
throwaway copy of the course folder; the students' commands (fetch, submit) run in a student's
own folder. Only the exchange is moved (into the throwaway folder), as on a real hub it is a
system folder. A command that fails, or a README that loses one, fails the test.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

ROOT = Path(__file__).resolve().parent.parent
COMMAND = re.compile(r"`(nbgrader [^`]+)`")
STUDENT_SIDE = {"fetch_assignment", "submit"}
ROSTER = "id,first_name,last_name,email\nalice,Alice,Martin,alice@school.example\n"


def commands(readme: Path) -> list[str]:
    """The nbgrader commands of a README, in order, each once, as one line; a command with a
    placeholder ("--student=...") is an example in the prose, not one to type."""
    found = [re.sub(r"\s+", " ", match) for match in COMMAND.findall(readme.read_text())]
    return [command for command in dict.fromkeys(found) if "..." not in command]


def config(folder: Path, lines: str) -> dict[str, str]:
    """An nbgrader_config.py of our own, first on JUPYTER_CONFIG_PATH; the environment."""
    folder.mkdir()
    (folder / "nbgrader_config.py").write_text(f"c = get_config()  # noqa: F821\n{lines}")
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("JUPYTER", "JUPYTERHUB"))}
    return env | {"JUPYTER_CONFIG_PATH": str(folder), "PYTHONPATH": str(ROOT), "PATH": path}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_nbgrader_command_of_the_readme_runs_as_written(tmp_path: Path, language: str):
    teacher = tmp_path / "teacher"
    shutil.copytree(ROOT / "teacher", teacher,
                    ignore=shutil.ignore_patterns("teacher_guide.ipynb", "lesson*"))
    course = teacher / "ru" if language == "ru" else teacher
    shutil.copytree(ROOT / "teacher" / ("ru" if language == "ru" else "") / "source" /
                    "lessons04_05", course / "source" / "lessons04_05", dirs_exist_ok=True)
    (course / "roster.csv").write_text(ROSTER)
    exchange = tmp_path / "exchange"
    exchange.mkdir()
    moved = f"c.Exchange.root = {str(exchange)!r}\n"
    teacher_env = config(tmp_path / "teacher-config", moved)
    student_env = config(tmp_path / "student-config", moved + "c.CourseDirectory.course_id = "
                         "'twentyone_edu'\nc.CourseDirectory.student_id = 'alice'\n")
    student = tmp_path / "alice"
    student.mkdir()

    readme = course / "README.md"
    ran = []
    for command in commands(readme):
        side = command.split()[1]
        cwd, env = (student, student_env) if side in STUDENT_SIDE else (course, teacher_env)
        done = subprocess.run([sys.executable, "-m", *command.split()], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{readme.name}: {command}\n{done.stdout}\n{done.stderr}"
        ran.append(side)
    assert {"generate_assignment", "release_assignment", "collect", "autograde",
            "generate_feedback", "export"} <= set(ran)
    if language == "en":
        assert STUDENT_SIDE <= set(ran)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", "twentyone_edu") as gradebook:
        assert gradebook.find_student("alice").email == "alice@school.example"
        if "submit" in ran:
            assert gradebook.find_submission("lessons04_05", "alice").code_score == 0
            assert list((course / "feedback" / "alice" / "lessons04_05").glob("*.html"))
    assert (course / "grades_moodle.csv").is_file() and (course / "grades_canvas.csv").is_file()
