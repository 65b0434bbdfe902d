"""A local Pyodide core for testing the JupyterLite site with no CDN: npm's `pyodide` package
(the interpreter and its standard library) and, from PyPI, the pure-Python wheels of Pyodide's
lock file that the kernel and the course need. The compiled packages (numpy, scipy, matplotlib…)
exist only on Pyodide's CDN, so the core leaves them out, and its lock file still names them.

Pyodide repackages the wheels it serves, so PyPI's wheels differ from its lock file's hashes:
the core's lock file names the wheels it holds, with their own versions and hashes.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION, PYODIDE_VERSION

CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
              "pyodide.js", "package.json")
LOCK = "pyodide-lock.json"
# What the kernel loads as it starts (jupyterlite-pyodide-kernel's worker), and the course's
# dependencies that are Pyodide's packages.
KERNEL_PACKAGES = ("micropip", "jedi", "ipython")
COURSE_PACKAGES = ("sympy", "traitlets", "numpy", "scipy", "matplotlib")


def closure(packages: dict, roots: tuple[str, ...]) -> set[str]:
    """The names of `roots` and of everything they depend on in the lock file's `packages`."""
    names = {name.lower().replace("_", "-"): name for name in packages}
    found: set[str] = set()
    todo = list(roots)
    while todo:
        name = names.get(todo.pop().lower().replace("_", "-"))
        if name is not None and name not in found:
            found.add(name)
            todo.extend(packages[name]["depends"])
    return found


def is_compiled(entry: dict) -> bool:
    """True for a lock file entry whose wheel is built for WebAssembly (only on the CDN)."""
    return not entry["file_name"].endswith("-none-any.whl")


def npm_core(cache: Path) -> Path:
    """npm's pyodide package at PYODIDE_VERSION, unpacked in `cache` once."""
    package = cache / "package"
    if not (package / LOCK).is_file():
        cache.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm is not installed: it fetches the pyodide package")
        done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}"], cwd=cache,
                              capture_output=True, text=True, check=True)
        with tarfile.open(cache / done.stdout.strip().splitlines()[-1]) as archive:
            archive.extractall(cache, filter="data")
    return package


def build_core(folder: Path) -> dict:
    """Write the core into `folder` (once); return its lock file."""
    lock_path = folder / LOCK
    if lock_path.is_file():
        return json.loads(lock_path.read_text())
    package = npm_core(folder.parent / f"{folder.name}-npm")
    staging = folder.parent / f"{folder.name}-staging"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy(package / name, staging / name)
    lock = json.loads((package / LOCK).read_text())
    packages = lock["packages"]
    pure = sorted(name for name in closure(packages, KERNEL_PACKAGES + COURSE_PACKAGES)
                  if not is_compiled(packages[name]))
    pins = [f"{packages[name]['name']}=={packages[name]['version']}" for name in pure]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary", ":all:", "--platform", "any",
                    "--python-version", PYODIDE_PYTHON_VERSION,
                    "--dest", str(staging), *pins], check=True, capture_output=True)
    wheels = {wheel.name.split("-")[0].lower().replace("_", "-"): wheel
              for wheel in staging.glob("*.whl")}
    for name in pure:
        wheel = wheels[name.lower().replace("_", "-")]
        packages[name].update(file_name=wheel.name,
                              sha256=hashlib.sha256(wheel.read_bytes()).hexdigest())
    (staging / LOCK).write_text(json.dumps(lock))
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    return lock
