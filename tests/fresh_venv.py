"""Helpers for tests that install the course into a brand-new virtual environment."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
    ".ruff_cache", ".hypothesis", ".ipynb_checkpoints", "node_modules", "test-results")

# Appended to the notebook: where did the kernel import the package from?
WHERE_CELL = """import json, sys, twentyone_edu
print(json.dumps({"prefix": sys.prefix, "package": twentyone_edu.__file__}))"""

RUN_NOTEBOOK = """
import sys, nbformat
from nbclient import NotebookClient
path, where_cell = sys.argv[1], sys.argv[2]
nb = nbformat.read(path, as_version=4)
nb.cells.append(nbformat.v4.new_code_cell(where_cell))
NotebookClient(nb, timeout=300, kernel_name="python3").execute()
print(nb.cells[-1].outputs[-1]["text"])
"""


def copy_source(target: Path) -> Path:
    """A clean copy of the repository's source (no venv, no build output) at `target`."""
    shutil.copytree(ROOT, target, ignore=NOT_SOURCE)
    return target


def isolated_env(home: Path) -> dict:
    """The environment for commands run in a fresh venv: no user site, throwaway Jupyter dirs."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                 "MPLCONFIGDIR"):
        env[name] = str(home / name.lower())
    env.update(PYTHONNOUSERSITE="1", JUPYTER_PLATFORM_DIRS="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def run(command: list, cwd: Path, env: dict, timeout: float = 600) -> str:
    """Run `command`; on failure, raise with its output so the test report shows why."""
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, timeout=timeout,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, command))} exited {done.returncode}:\n"
                             f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done.stdout


class FreshVenv:
    """A new virtual environment under `home`, and the timings of what was done in it."""

    def __init__(self, home: Path):
        self.home, self.path, self.env = home, home / "venv", isolated_env(home)
        self.python = self.path / "bin" / "python"
        self.timings: dict[str, float] = {}
        self.timed("venv", [sys.executable, "-m", "venv", self.path], cwd=home)

    def timed(self, label: str, command: list, cwd: Path) -> str:
        """Run `command` and record how many seconds it took under `label`."""
        start = time.perf_counter()
        out = run(command, cwd, self.env)
        self.timings[label] = round(time.perf_counter() - start, 1)
        return out

    def pip_install(self, *args, cwd: Path) -> str:
        """pip install into this venv (no .pyc compiling: the kernel compiles what it imports)."""
        return self.timed("pip install", [self.python, "-m", "pip", "install", "--quiet",
                                          "--no-compile", *args], cwd=cwd)

    def installed(self) -> dict[str, str]:
        """Installed distributions: canonical name -> version."""
        listing = run([self.python, "-m", "pip", "list", "--format=json"], self.home, self.env)
        return {item["name"].lower().replace("_", "-"): item["version"]
                for item in json.loads(listing)}

    def run_notebook(self, notebook: Path) -> dict:
        """Execute a copy of `notebook` from a scratch folder; say where the package came from."""
        scratch = self.home / "scratch"
        scratch.mkdir(exist_ok=True)
        copy = shutil.copy(notebook, scratch / notebook.name)
        out = self.timed("notebook", [self.python, "-c", RUN_NOTEBOOK, copy, WHERE_CELL],
                         cwd=scratch)
        return json.loads(out.strip().splitlines()[-1])

    def site_packages(self) -> Path:
        """This venv's site-packages folder."""
        where = "import sysconfig; print(sysconfig.get_path('purelib'))"
        return Path(run([self.python, "-c", where], self.home, self.env).strip())
