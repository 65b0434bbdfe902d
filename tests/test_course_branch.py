"""The student course branch (issue 11, item 3): what the README's nbgitpuller link pulls."""

from __future__ import annotations

import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
from course_branch import teacher_material, write_course_branch  # noqa: E402

SCRATCH_IDENTITY = ["-c", "user.name=test", "-c", "user.email=test@example.invalid"]


def git(repo: Path, *args: str) -> str:
    """Run git in `repo` and return its output, stripped."""
    return subprocess.run(["git", "-C", str(repo), *SCRATCH_IDENTITY, *args], check=True,
                          capture_output=True, text=True).stdout.strip()


def files(repo: Path, rev: str, under: str = "") -> dict[str, str]:
    """Path -> blob id of every file of `rev` (under a folder, if given)."""
    listing = git(repo, "ls-tree", "-r", rev, *([under] if under else []))
    return {line.split("\t")[1]: line.split()[2] for line in listing.splitlines()}


def bare_clone_of_head(folder: Path) -> Path:
    """A bare repository holding this repository's HEAD as `main`."""
    remote = folder / "twentyone_edu"
    subprocess.run(["git", "init", "--quiet", "--bare", str(remote)], check=True)
    head = git(ROOT, "rev-parse", "HEAD")
    git(remote, "fetch", "--quiet", str(ROOT), f"{head}:refs/heads/main")
    return remote


def scratch_repo(folder: Path, tree: dict[str, str]) -> Path:
    """A repository with one commit holding `tree` (path -> text)."""
    repo = folder / "scratch"
    git(folder, "init", "--quiet", str(repo))
    commit(repo, tree, "start")
    return repo


def commit(repo: Path, tree: dict[str, str], message: str) -> None:
    """Write the files of `tree` and commit them."""
    for path, text in tree.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    git(repo, "add", "--all")
    git(repo, "commit", "--quiet", "-m", message)


def test_the_course_is_the_student_notebooks_and_the_licence(tmp_path):
    remote = bare_clone_of_head(tmp_path)
    tip = write_course_branch(remote, "main")
    course = files(remote, tip)
    expected = files(remote, "main", "notebooks") | files(remote, "main", "LICENSE")
    assert course == expected
    assert any(path.endswith("00_start_here.ipynb") for path in course)
    assert teacher_material(course, lambda path: git(remote, "show", f"{tip}:{path}")) == []


def test_the_guide_and_the_sources_live_in_teacher():
    assert (ROOT / "teacher" / "teacher_guide.ipynb").is_file()
    assert (ROOT / "teacher" / "README.md").is_file()
    assert teacher_material((str(path.relative_to(ROOT)) for path in
                             (ROOT / "notebooks").rglob("*") if path.is_file()),
                            lambda path: (ROOT / path).read_text(encoding="utf-8")) == []


def test_the_readme_link_pulls_the_course_branch_and_opens_a_course_notebook(tmp_path):
    link = next(word for word in (ROOT / "README.md").read_text().split()
                if "/git-pull?" in word)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
    assert query["branch"] == ["course"]
    repo_name = query["repo"][0].rstrip("/").rsplit("/", 1)[-1]
    opened = query["urlpath"][0].removeprefix("lab/tree/")
    assert opened.startswith(f"{repo_name}/notebooks/")
    remote = bare_clone_of_head(tmp_path)
    course = files(remote, write_course_branch(remote, "main"))
    assert opened.removeprefix(f"{repo_name}/") in course


def test_a_second_run_adds_nothing_and_a_change_adds_one_commit_on_top(tmp_path):
    repo = scratch_repo(tmp_path, {"notebooks/00.ipynb": "{}", "LICENSE": "MIT",
                                   "teacher/teacher_guide.ipynb": "{}", "README.md": "hello"})
    first = write_course_branch(repo)
    assert set(files(repo, first)) == {"notebooks/00.ipynb", "LICENSE"}
    assert write_course_branch(repo) == first
    commit(repo, {"README.md": "hello again", "teacher/teacher_guide.ipynb": "{\"a\": 1}"},
           "teacher material only")
    assert write_course_branch(repo) == first
    commit(repo, {"notebooks/01.ipynb": "{}"}, "a new lesson")
    second = write_course_branch(repo)
    assert git(repo, "rev-parse", f"{second}^") == first  # students' pulls fast-forward
    assert set(files(repo, second)) == {"notebooks/00.ipynb", "notebooks/01.ipynb", "LICENSE"}


@pytest.mark.parametrize("path, text", [
    ("notebooks/teacher_guide.ipynb", "{}"),
    ("notebooks/answers.ipynb", "x = 1\n### BEGIN SOLUTION\nx = 2\n### END SOLUTION\n"),
    ("notebooks/quiz.ipynb", "### BEGIN HIDDEN TESTS\nassert x == 2\n"),
    ("notebooks/task.ipynb", '{"metadata": {"nbgrader": {"grade": true}}}'),
    ("notebooks/teacher/notes.md", "notes"),
])
def test_teacher_material_in_the_course_is_refused_and_nothing_written(tmp_path, path, text):
    repo = scratch_repo(tmp_path, {"notebooks/00.ipynb": "{}", "LICENSE": "MIT", path: text})
    with pytest.raises(SystemExit, match=path.replace(".", r"\.")):
        write_course_branch(repo)
    assert git(repo, "branch", "--list", "course") == ""
