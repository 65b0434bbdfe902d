"""The real nbgrader command line, or any code, run in a forked child of the test process.

A child needs no new interpreter (nbgrader's imports take seconds on a loaded machine), and it
can drop root for another OS user's ids (setgid, setuid) before it runs: the permissions the
kernel then checks are that user's, as for `runuser -u <user> nbgrader ...`. It does not
execute the interpreter again, so the user need not reach this venv's files (a venv under
/root); what nbgrader needs is imported here, before any fork.
"""

from __future__ import annotations

import json
import os
import sqlite3  # noqa: F401  (nbgrader's gradebook)
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbgrader.apps.nbgraderapp
import nbgrader.auth  # noqa: F401
import nbgrader.exchange.default  # noqa: F401
import sqlalchemy.dialects.sqlite  # noqa: F401

from twentyone_edu.course import collect  # noqa: F401  (the collects the tests set)


@dataclass(frozen=True)
class User:
    """An OS user to run as."""

    name: str
    uid: int
    gid: int
    home: Path


def run(action: Callable[[], Any], env: dict[str, str], cwd: Path,
        user: User | None = None) -> tuple[Any, str]:
    """Run action in a child, with env added, in cwd, as user (None: as this process); its value
    (JSON) and everything it printed. A SystemExit's code is the value."""
    with tempfile.TemporaryFile() as printed, tempfile.TemporaryFile() as value:
        pid = os.fork()
        if pid == 0:  # the child: never returns into pytest
            code = 0
            try:
                sys.stdout = sys.stderr = open(printed.fileno(), "w", buffering=1, closefd=False)
                if user is not None:
                    os.setgroups([])
                    os.setgid(user.gid)
                    os.setuid(user.uid)
                    env = {**env, "HOME": str(user.home), "USER": user.name,
                           "LOGNAME": user.name}
                os.environ.update(env)
                os.chdir(cwd)
                try:
                    result = action()
                except SystemExit as exit:
                    result = exit.code or 0
                os.write(value.fileno(), json.dumps(result).encode())
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        printed.seek(0)
        value.seek(0)
        output = printed.read().decode(errors="replace")
        assert os.waitstatus_to_exitcode(status) == 0, f"the child failed:\n{output}"
        return json.loads(value.read().decode()), output


def nbgrader_run(args: list[str], env: dict[str, str], cwd: Path,
                 user: User | None = None) -> str:
    """`nbgrader <args>` in a child as run() makes it; fail on an error; its log."""

    def launch() -> int:
        app = nbgrader.apps.nbgraderapp.NbGraderApp
        app.clear_instance()
        app.launch_instance(argv=args)
        return 0

    code, output = run(launch, env, cwd, user)
    who = user.name if user else "this process"
    assert code == 0, f"{who}: nbgrader {' '.join(args)}:\n{output}"
    return output


def stand_in(course: Path, assignment: str, notebook: str) -> None:
    """A one-task nbgrader source assignment in the course folder: `answer = 21`."""
    import nbformat

    meta = {"grade": False, "grade_id": "answer", "locked": False, "schema_version": 3,
            "solution": True, "task": False}
    cell = nbformat.v4.new_code_cell("### BEGIN SOLUTION\nanswer = 21\n### END SOLUTION",
                                     metadata={"nbgrader": meta})
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    (course / "source" / assignment).mkdir(parents=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[cell], metadata={"kernelspec": kernel}),
                   course / "source" / assignment / notebook)
