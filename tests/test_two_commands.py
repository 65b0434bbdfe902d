"""README's two commands (issue 2): `make lab` opens the first notebook, `make test` runs pytest."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def dry_run(target: str) -> str:
    """The commands `make TARGET` would run here, without running them."""
    return subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout


def test_readme_gives_both_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make lab" in readme and "make test" in readme


def test_make_lab_opens_jupyterlab_on_the_first_notebook():
    commands = dry_run("lab")
    assert "-m jupyterlab" in commands
    assert "notebooks/00_start_here.ipynb" in commands
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()


def test_make_test_lints_type_checks_and_runs_pytest():
    commands = dry_run("test")
    assert "ruff check" in commands and "-m mypy" in commands and "-m pytest" in commands
    assert commands.index("ruff check") < commands.index("-m mypy") < commands.index("-m pytest")
