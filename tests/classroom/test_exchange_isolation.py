"""Two students on one server, with nbgrader's own exchange: what one can do to the other's
submission (issue 32).

As root, the test creates three real OS users, a teacher and the students anna and boris, with
private homes, and an exchange folder as teacher/README.md creates it (mode 1777). Each runs the
real nbgrader as themselves: the teacher releases a stand-in assignment, each student fetches it
and submits their own answer, boris tries to reach anna's submission, and the teacher collects
both. nbgrader makes the course's inbound folder 2733 (students write, nobody else reads), and
names each submission `<student>+<assignment>+<time>+<12 random characters>`. So boris cannot
list the inbound nor guess the name; the test also proves what he could do if anna gave him the
name, and that a submission he forges under her name is not collected as hers (OwnedCollect).

Each user's nbgrader runs in a child of this process that has dropped root for the user's ids
(tests/forked_nbgrader.py): the permissions checked are the same as for `runuser -u <user>
nbgrader ...`, and the user need not reach this venv's files.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from forked_nbgrader import User, nbgrader_run, run, stand_in  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
COURSE = "twentyone_edu"
ASSIGNMENT = "standin"
NOTEBOOK = "answer.ipynb"
OWNED_COLLECT = "--ExchangeFactory.collect=twentyone_edu.course.collect.OwnedCollect"


def under_ci() -> bool:
    """True when the CI environment variable says we run under CI."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def add_user(name: str) -> User:
    """useradd with a private home (0700, as Debian's adduser makes it)."""
    subprocess.run(["useradd", "--create-home", "--shell", "/bin/sh", "-K", "HOME_MODE=0700",
                    name], check=True, capture_output=True)
    entry = pwd.getpwnam(name)
    return User(name, entry.pw_uid, entry.pw_gid, Path(entry.pw_dir))


def as_user(user: User, env: dict[str, str], action: Callable[[], Any],
            cwd: Path | None = None) -> tuple[Any, str]:
    """Run action as the user (their ids, HOME), in cwd or their home: its value, its output."""
    return run(action, env, cwd or user.home, user)


def nbgrader_as(user: User, env: dict[str, str], *args: str, cwd: Path | None = None) -> str:
    """The real nbgrader command line, run as the user in cwd (their home); fail on an error."""
    return nbgrader_run(list(args), env, cwd or user.home, user)


def attempt(action: Callable[[], Any]) -> Callable[[], str]:
    """The action as a probe: "ok" with its value, or the name of the error it raised."""

    def probe() -> str:
        try:
            return f"ok {action()!r}"
        except OSError as error:
            return type(error).__name__

    return probe


def answer_as(user: User, env: dict[str, str], text: str) -> None:
    """The student writes their answer into the fetched notebook, as themselves."""

    def write() -> None:
        path = Path(ASSIGNMENT) / NOTEBOOK
        notebook = nbformat.read(path, as_version=4)
        notebook.cells[0].source = text
        nbformat.write(notebook, path)

    as_user(user, env, write)


@pytest.fixture(scope="module")
def school() -> Iterator[dict[str, Any]]:
    """Three OS users, the exchange (1777) and the nbgrader settings every user reads."""
    if os.getuid() != 0:
        if under_ci():
            pytest.fail("CI=true: the two-user exchange test must run, as root")
        pytest.skip("creating OS users needs root")
    tag = uuid.uuid4().hex[:6]
    folder = Path(tempfile.mkdtemp(prefix="t21-exchange-"))
    users: list[User] = []
    try:
        folder.chmod(0o755)
        users = [add_user(f"t21{role}{tag}") for role in ("teacher", "anna", "boris")]
        exchange = folder / "exchange"
        exchange.mkdir()
        exchange.chmod(0o1777)  # as teacher/README.md: world-writable, sticky
        system = folder / "etc-jupyter"  # a stand-in for /etc/jupyter, deploy's file as shipped
        system.mkdir()
        shutil.copy(ROOT / "deploy" / "nbgrader_config.py", system)
        moved = folder / "exchange-moved"  # the one setting added: the exchange moved here
        moved.mkdir()
        (moved / "nbgrader_config.py").write_text(
            f"c = get_config()  # noqa: F821\nc.Exchange.root = {str(exchange)!r}\n")
        env = {"JUPYTER_CONFIG_PATH": f"{moved}{os.pathsep}{system}",
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
        teacher = users[0]
        course = teacher.home / "course"
        stand_in(course, ASSIGNMENT, NOTEBOOK)
        # generate_assignment makes the gradebook, for which nbgrader runs the `alembic` command:
        # root runs it (another user may not reach the venv), then gives the folder to the teacher.
        subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT],
                       cwd=course, env={**os.environ, **env, "HOME": str(teacher.home)},
                       check=True, capture_output=True, timeout=120)
        subprocess.run(["chown", "-R", f"{teacher.name}:", str(course)], check=True)
        yield {"exchange": exchange, "env": env, "course": course,
               "teacher": teacher, "anna": users[1], "boris": users[2]}
    finally:
        for user in users:
            subprocess.run(["userdel", "--remove", user.name], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_student_cannot_list_read_or_replace_another_students_submission(school):
    exchange, env = school["exchange"], school["env"]
    teacher, anna, boris = school["teacher"], school["anna"], school["boris"]
    nbgrader_as(teacher, env, "release_assignment", ASSIGNMENT, cwd=school["course"])
    course_folder = exchange / COURSE
    inbound, released = course_folder / "inbound", course_folder / "outbound" / ASSIGNMENT
    # nbgrader's own layout, read from the disk: the exchange stays sticky, the inbound is the
    # teacher's, writable and enterable by all, readable by nobody else.
    assert (exchange.stat().st_mode & 0o7777, inbound.stat().st_mode & 0o7777,
            released.stat().st_mode & 0o7777) == (0o1777, 0o2733, 0o755)
    assert pwd.getpwuid(inbound.stat().st_uid).pw_name == teacher.name

    for student in (anna, boris):
        nbgrader_as(student, env, "fetch_assignment", ASSIGNMENT)
        answer_as(student, env, f"answer = {student.name!r}")
        nbgrader_as(student, env, "submit", ASSIGNMENT)
    annas = [entry for entry in os.listdir(inbound) if entry.startswith(anna.name + "+")]
    assert len(annas) == 1
    annas_folder = inbound / annas[0]
    name, assignment, _, secret = annas[0].split("+")
    assert (name, assignment, len(secret)) == (anna.name, ASSIGNMENT, 12)  # 72 random bits
    annas_cache = anna.home / ".local/share/jupyter/nbgrader_cache" / COURSE
    assert (annas_cache / annas[0].rsplit("+", 1)[0]).is_dir()  # her copy: no random part

    # Listing: the inbound refuses boris, so nbgrader's own listing and a glob find nothing of
    # anna's, and her home (her fetched copy and her cache of what she sent) is closed to him.
    probes = {
        "listdir inbound": attempt(lambda: os.listdir(inbound)),
        "listdir anna's home": attempt(lambda: os.listdir(anna.home)),
        "glob anna's": attempt(lambda: [str(p) for p in inbound.glob(anna.name + "+*")]),
        # reading: the name without its random part (what her cache shows) leads nowhere
        "read without the random part": attempt(lambda: (
            inbound / annas[0].rsplit("+", 1)[0] / NOTEBOOK).read_text()[:0]),
        # replacing: the released assignment and the course folder are the teacher's
        "write the released notebook": attempt(lambda: (released / NOTEBOOK).write_text("x")),
        "rename the course folder": attempt(
            lambda: (course_folder).rename(exchange / "moved-away")),
        "rename the inbound": attempt(lambda: inbound.rename(course_folder / "moved-away")),
        # with the name (only if anna gives it away): her files are read-only to him
        "write anna's notebook, name given": attempt(
            lambda: (annas_folder / NOTEBOOK).write_text("answer = 'boris'")),
    }
    seen, _ = as_user(boris, env, lambda: {what: probe() for what, probe in probes.items()})
    assert seen == {
        "listdir inbound": "PermissionError",
        "listdir anna's home": "PermissionError",
        "glob anna's": "ok []",
        "read without the random part": "FileNotFoundError",
        "write the released notebook": "PermissionError",
        "rename the course folder": "PermissionError",
        "rename the inbound": "PermissionError",
        "write anna's notebook, name given": "PermissionError",
    }
    listed = nbgrader_as(boris, env, "list", "--inbound")
    assert anna.name not in listed and "Permission" not in listed

    # Forging: boris hands in a submission in anna's name. nbgrader lets him write it; the
    # teacher's collect (OwnedCollect) skips it, and collects each student's own work.
    forged = nbgrader_as(boris, env, "submit", ASSIGNMENT, f"--student={anna.name}")
    assert "Submitted as" in forged
    assert len([e for e in os.listdir(inbound) if e.startswith(anna.name + "+")]) == 2
    collected = nbgrader_as(teacher, env, "collect", ASSIGNMENT, OWNED_COLLECT,
                            cwd=school["course"])
    assert f"names {anna.name} but belongs to {boris.name}" in collected
    for student in (anna, boris):
        notebook = school["course"] / "submitted" / student.name / ASSIGNMENT / NOTEBOOK
        assert nbformat.read(notebook, as_version=4).cells[0].source == \
            f"answer = {student.name!r}"

    # What the name, given away, would still allow, now that the teacher has collected: nbgrader
    # makes each submission folder 0777 and its files 0644, so boris could read anna's notebook,
    # and put his own in its place (the folder lets anyone delete and create).
    assert annas_folder.stat().st_mode & 0o7777 == 0o777
    mine = f"answer = {boris.name!r}"

    def replace() -> bool:
        notebook = annas_folder / NOTEBOOK
        hers = f"answer = {anna.name!r}" in notebook.read_text()
        notebook.rename(annas_folder / "gone")
        notebook.write_text(mine)
        return hers

    assert as_user(boris, env, attempt(replace))[0] == "ok True"
    assert (annas_folder / NOTEBOOK).read_text() == mine
