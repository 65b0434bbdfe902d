"""binder/: exact pins that agree with pyproject.toml, cover every import, and run the course."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import sys

from fresh_venv import ROOT, FreshVenv, copy_source, run
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

BINDER = ROOT / "binder"


def pins() -> dict[str, str]:
    """binder/requirements.txt as canonical name -> pinned version (the `.` line left out)."""
    pinned = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and line != ".":
            requirement = Requirement(line)
            (spec,) = requirement.specifier
            assert spec.operator == "==", f"{line!r} is not an exact pin (use ==)"
            pinned[canonicalize_name(requirement.name)] = spec.version
    return pinned


def pyproject_requirements() -> list[Requirement]:
    """Every requirement in pyproject.toml: the dependencies and every extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    listed = project["dependencies"] + [
        line for extra in project.get("optional-dependencies", {}).values() for line in extra]
    return [Requirement(line) for line in listed]


def imported_modules(source: str) -> set[str]:
    """Top-level names of the absolute imports in Python source (IPython magics skipped)."""
    code = "\n".join(line for line in source.splitlines()
                     if not line.lstrip().startswith(("%", "!")))
    names = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


# The package's steps of nbgrader, which only the teacher's nbgrader loads (pyproject's [teacher]
# extra installs nbgrader, which brings nbconvert and nbformat); a student's Binder needs none.
TEACHER_ONLY = {"course/grading.py", "course/lms_export.py", "course/collect.py"}


def course_imports() -> set[str]:
    """Every third-party module the package or a notebook imports, on a student's side."""
    names = set()
    for path in (ROOT / "twentyone_edu").rglob("*.py"):
        if path.relative_to(ROOT / "twentyone_edu").as_posix() not in TEACHER_ONLY:
            names |= imported_modules(path.read_text())
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                names |= imported_modules("".join(cell["source"]))
    return names - set(sys.stdlib_module_names) - {"twentyone_edu", "__future__"}


def test_every_line_is_an_exact_pin_or_the_course_itself():
    lines = [line.split("#")[0].strip()
             for line in (BINDER / "requirements.txt").read_text().splitlines()]
    assert "." in lines, "binder/requirements.txt must install the course itself with a '.' line"
    assert len(pins()) == len([line for line in lines if line and line != "."])


def test_runtime_names_a_python_that_pyproject_allows():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-"), f"{runtime!r}: repo2docker wants python-X.Y"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    allowed = Requirement(f"python{project['requires-python']}").specifier
    assert runtime.removeprefix("python-") + ".0" in allowed


def test_pins_satisfy_every_range_in_pyproject():
    pinned = pins()
    for requirement in pyproject_requirements():
        name = canonicalize_name(requirement.name)
        if name in pinned:
            assert requirement.specifier.contains(pinned[name], prereleases=True), (
                f"binder pins {name}=={pinned[name]} but pyproject.toml asks {requirement}")


def test_every_runtime_dependency_and_voila_is_pinned():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    needed = {canonicalize_name(Requirement(line).name)
              for line in project["dependencies"] + project["optional-dependencies"]["lab"]}
    needed |= {"voila", "jupyterlab-widgets", "ipykernel"}
    assert needed - set(pins()) == set()


def test_every_module_the_course_imports_is_pinned():
    providers = importlib.metadata.packages_distributions()
    unknown = {name for name in course_imports() if name not in providers}
    assert unknown == set(), f"imports no installed distribution provides: {unknown}"
    needed = {canonicalize_name(dist) for name in course_imports() for dist in providers[name]}
    assert needed - set(pins()) == set(), "imported but not pinned in binder/requirements.txt"


def test_the_teacher_only_modules_import_what_the_teacher_extra_installs():
    """The nbgrader steps import nbgrader and what it brings along, nothing else."""
    names = set()
    for module in TEACHER_ONLY:
        names |= imported_modules((ROOT / "twentyone_edu" / module).read_text())
    names -= set(sys.stdlib_module_names) | {"twentyone_edu", "__future__"}
    requires = {canonicalize_name(Requirement(line).name)
                for dist in ("nbgrader", "nbconvert")  # nbgrader's, and its nbconvert's
                for line in importlib.metadata.requires(dist) or []}
    providers = importlib.metadata.packages_distributions()
    assert {canonicalize_name(dist) for name in names for dist in providers[name]} <= \
        requires | {"nbgrader", "traitlets"}


def test_pinned_set_installs_and_runs_the_start_notebook(tmp_path):
    source = copy_source(tmp_path / "source")
    venv = FreshVenv(tmp_path)
    venv.pip_install("-r", source / "binder" / "requirements.txt", cwd=source)
    installed = venv.installed()
    wrong = {name: installed.get(name) for name, version in pins().items()
             if installed.get(name) != version}
    assert wrong == {}, f"installed versions differ from the pins: {wrong}"
    assert "twentyone-edu" in installed
    run([venv.python, "-m", "pip", "check"], cwd=tmp_path, env=venv.env)
    where = venv.run_notebook(ROOT / "notebooks" / "00_start_here.ipynb")
    assert where["prefix"] == str(venv.path)
    assert where["package"].startswith(str(venv.site_packages()))
    print("binder venv timings (s):", venv.timings)
