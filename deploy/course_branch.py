"""Write the student course branch: notebooks/ and the licence of a commit, nothing else.

The README's nbgitpuller link pulls this branch, so a student's home gets the lessons and never
the teacher's guide or the nbgrader sources (they live in teacher/, which the branch leaves out).
nbgitpuller clones the whole branch it is given, so a separate branch is the only way to keep a
folder out. Each run adds one commit on top of the branch, so students' pulls fast-forward, or
none when the course did not change.

    python deploy/course_branch.py [--repo PATH] [--source REV] [--branch NAME]

then publish it with `git push origin course`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

COURSE_PATHS = ("notebooks", "LICENSE")
BRANCH = "course"
TEXT_FILES = (".ipynb", ".py", ".md", ".txt", ".json")
# Solutions and hidden tests as nbgrader marks them, and any cell nbgrader manages.
TEACHER_MARKERS = ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS", '"nbgrader"')
# Used only where git has no identity configured (e.g. a CI machine).
IDENTITY = {"NAME": "twentyone_edu course branch", "EMAIL": "course-branch@twentyone-edu.invalid"}


def git(repo: Path, *args: str, stdin: str | None = None) -> str:
    """Run git in `repo` and return what it printed, stripped."""
    env = dict(os.environ)
    for role in ("AUTHOR", "COMMITTER"):
        for key, value in IDENTITY.items():
            if not _configured(repo, f"user.{key.lower()}"):
                env.setdefault(f"GIT_{role}_{key}", value)
    done = subprocess.run(["git", "-C", str(repo), *args], input=stdin, capture_output=True,
                          text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed in {repo}:\n{done.stderr.strip()}")
    return done.stdout.strip()


def _configured(repo: Path, key: str) -> bool:
    """True when git config in `repo` sets `key`."""
    return subprocess.run(["git", "-C", str(repo), "config", "--get", key],
                          capture_output=True).returncode == 0


def course_tree(repo: Path, source: str) -> str:
    """The id of a tree holding only COURSE_PATHS as they are in commit `source`."""
    entries = []
    for path in COURSE_PATHS:
        entry = git(repo, "ls-tree", source, "--", path)
        if not entry:
            raise SystemExit(f"{source} has no {path}: the course branch needs it")
        entries.append(entry)
    return git(repo, "mktree", stdin="\n".join(entries) + "\n")


def teacher_material(paths: Iterable[str], read: Callable[[str], str]) -> list[str]:
    """The paths that hold teacher material: teacher/, the guide, nbgrader cells, solutions."""
    found = []
    for path in sorted(paths):
        text = read(path) if path.endswith(TEXT_FILES) else ""
        if (path.startswith("teacher/") or "/teacher/" in path or "teacher_guide" in path
                or any(marker in text for marker in TEACHER_MARKERS)):
            found.append(path)
    return found


def tree_files(repo: Path, tree: str) -> list[str]:
    """Every file path in `tree`."""
    return git(repo, "ls-tree", "-r", "--name-only", tree).splitlines()


def write_course_branch(repo: Path, source: str = "HEAD", branch: str = BRANCH) -> str:
    """Commit the course of `source` on `branch` (on top of its tip) and return the tip."""
    source_commit = git(repo, "rev-parse", "--verify", f"{source}^{{commit}}")
    tree = course_tree(repo, source_commit)
    leaks = teacher_material(tree_files(repo, tree),
                             lambda path: git(repo, "cat-file", "blob", f"{tree}:{path}"))
    if leaks:
        raise SystemExit(f"the course of {source} holds teacher material: {', '.join(leaks)} "
                         "(move it to teacher/)")
    ref = f"refs/heads/{branch}"
    tip = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", ref],
                         capture_output=True, text=True).stdout.strip()
    if tip and git(repo, "rev-parse", f"{tip}^{{tree}}") == tree:
        return tip
    message = f"course: notebooks/ of {source_commit[:12]} (written by deploy/course_branch.py)"
    parents = ["-p", tip] if tip else []
    commit = git(repo, "commit-tree", tree, *parents, "-m", message)
    git(repo, "update-ref", "-m", "course branch", ref, commit, tip)
    return commit


def main() -> None:
    """Command line: write the course branch and say what it holds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--source", default="HEAD", help="the commit to take the course from")
    parser.add_argument("--branch", default=BRANCH)
    args = parser.parse_args()
    tip = write_course_branch(args.repo, args.source, args.branch)
    print(f"{args.branch} is at {tip[:12]}: {', '.join(COURSE_PATHS)} of {args.source}; "
          f"publish it with: git push origin {args.branch}")


if __name__ == "__main__":
    main()
