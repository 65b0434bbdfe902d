"""Build the course as a JupyterLite site: the lessons run in each student's browser (Pyodide).

    python deploy/lite.py [--output build/lite] [--pyodide PATH_OR_URL]

The site holds the English lessons and the app at its root and the Russian ones in `ru/`, the
course's wheel and the pure-Python dependencies Pyodide's distribution does not carry in the
site's own package index, and no source maps. The kernel looks for packages nowhere else: the
fallback to PyPI is off. Pyodide itself, and its compiled packages (numpy, scipy, matplotlib),
come from Pyodide's CDN, unless `--pyodide` names a Pyodide distribution (a folder, or a tarball's
path or URL) to serve from the site instead. Each lesson gets one first cell, `%pip install
twentyone_edu`, which in JupyterLite installs the course from the site. `make lite` runs this.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from twentyone_edu.words.wording import template  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
LANGUAGE_FOLDERS = {"en": "", "ru": "ru"}
# The course's pure-Python dependencies that Pyodide's distribution does not carry, at the
# versions of the environment that builds the site (so the widgets' Python side matches the
# JupyterLab widget manager the site ships). The others (sympy, traitlets, numpy, scipy,
# matplotlib) are Pyodide's own packages.
SITE_WHEELS = ("ipywidgets", "jupyterlab_widgets", "comm", "babel")
# The lab extensions the site needs: the Pyodide kernel and the widget manager. The build
# environment may have more (nbgrader, Voilà's preview) that need a server: they are left out.
LAB_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")
KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def install_cell(language: str) -> dict:
    """The first cell of a lesson in the site: the course installs itself from the site."""
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": f"# {template('lite.install', language)}\n%pip install -q twentyone_edu"}


def lite_notebook(path: Path, language: str) -> dict:
    """The notebook at `path` as the site serves it: the install cell first, Pyodide's kernel."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["cells"].insert(0, install_cell(language))
    notebook["metadata"]["kernelspec"] = dict(KERNEL)
    return notebook


def write_contents(folder: Path) -> list[Path]:
    """Write every lesson and app, in each language, as the site serves them; return their paths."""
    written = []
    for language, sub in LANGUAGE_FOLDERS.items():
        for path in sorted((NOTEBOOKS / sub).glob("*.ipynb")):
            target = folder / sub / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(lite_notebook(path, language), ensure_ascii=False,
                                         indent=1) + "\n", encoding="utf-8")
            written.append(target)
    return written


def run(*command: str | Path, cwd: Path | None = None) -> None:
    """Run a command; stop with what it printed if it fails."""
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True,
                          text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, command))} failed:\n{done.stdout}{done.stderr}")


def site_wheels(folder: Path) -> list[Path]:
    """The course's wheel and SITE_WHEELS, at this environment's versions, in `folder`."""
    folder.mkdir(parents=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", folder, ROOT)
    pins = [f"{name}=={importlib.metadata.version(name)}" for name in SITE_WHEELS]
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
        "--platform", "any", "--dest", folder, *pins)
    return sorted(folder.glob("*.whl"))


def lab_extensions() -> list[Path]:
    """The folders of LAB_EXTENSIONS as this environment installed them."""
    found = []
    for name in LAB_EXTENSIONS:
        folder = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name
        if not (folder / "package.json").is_file():
            raise SystemExit(f"the lab extension {name} is not installed in {sys.prefix}: "
                             "run `make lite`, which installs it")
        found.append(folder)
    return found


def build(output: Path, pyodide: str | None = None) -> Path:
    """Build the site into `output` (replaced); return it."""
    if pyodide and not (Path(pyodide).exists() or pyodide.startswith(("https://", "http://"))):
        raise SystemExit(f"--pyodide {pyodide}: no such folder or file, and not a URL (give an "
                         "unpacked Pyodide distribution, or a tarball's path or URL)")
    work = output.parent / f"{output.name}-work"
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(output, ignore_errors=True)
    work.mkdir(parents=True)
    write_contents(work / "contents")
    settings = {KERNEL_PLUGIN: {"disablePyPIFallback": True}}
    (work / "jupyter-lite.json").write_text(json.dumps(
        {"jupyter-lite-schema-version": 0,
         "jupyter-config-data": {"litePluginSettings": settings}}, indent=1))
    (work / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
        "ignore_sys_prefix": ["federated_extensions"],
        "federated_extensions": [str(folder) for folder in lab_extensions()]}}, indent=1))
    options = ["--lite-dir", work.resolve(), "--output-dir", output.resolve(), "--contents",
               (work / "contents").resolve(), "--apps", "lab", "--no-sourcemaps"]
    for wheel in site_wheels(work / "wheels"):
        options += ["--piplite-wheels", wheel.resolve()]
    if pyodide and Path(pyodide).is_dir():
        shutil.copytree(pyodide, work / "static" / "pyodide")
    elif pyodide:
        options += ["--pyodide", pyodide]
    run(sys.executable, "-m", "jupyterlite_core", "build", *options, cwd=work)
    shutil.rmtree(work)
    return output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--pyodide", help="a Pyodide distribution to serve from the site "
                        "(a folder, or a tarball's path or URL) instead of Pyodide's CDN")
    arguments = parser.parse_args()
    site = build(arguments.output, arguments.pyodide)
    size = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
    print(f"{site}: {size / 1e6:.1f} MB; serve it with any web server, e.g. "
          f"python -m http.server --directory {site}")


if __name__ == "__main__":
    main()
