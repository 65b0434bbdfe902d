"""Fresh install: build the wheel, install it alone into a new venv, import it, and run lessons
00 and 04 headless with only a kernel and nbclient beside it (issue 20.1: the package is what a
kernel needs; the lab that serves the notebooks, its language pack and nbgrader are extras)."""

from __future__ import annotations

import sys
import zipfile

from fresh_venv import ROOT, FreshVenv, copy_source, run
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib


# What serves notebooks, never what a kernel needs: none of it comes with the bare package.
SERVERS = {"jupyterlab", "jupyter-server", "jupyterlab-server", "notebook", "voila", "nbgrader",
           "jupyterlab-language-pack-ru-ru", "pytest"}
# What runs a notebook headless here (a kernel and nbclient), installed beside the package.
RUNNER = ("ipykernel", "nbclient")


def test_wheel_installs_alone_and_runs_the_start_notebook(tmp_path):
    source = copy_source(tmp_path / "source")
    run([sys.executable, "-m", "build", "--wheel", "--outdir", tmp_path / "dist", source],
        cwd=tmp_path, env=None)
    (wheel,) = (tmp_path / "dist").glob("twentyone_edu-*.whl")
    files = zipfile.ZipFile(wheel).namelist()
    assert "twentyone_edu/__init__.py" in files
    assert "twentyone_edu/widgets/__init__.py" in files
    assert any(name.startswith("twentyone_edu/data/") for name in files), "data/ not packaged"
    for domain in ("engine", "widgets", "quizzes"):  # the Russian catalogs, read at run time
        assert f"twentyone_edu/locale/ru/LC_MESSAGES/{domain}.po" in files, f"{domain}.po"
    assert not any(name.startswith(("tests/", "notebooks/")) for name in files)

    venv = FreshVenv(tmp_path)
    venv.pip_install(wheel, cwd=tmp_path)
    installed = venv.installed()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for line in project["dependencies"]:
        requirement = Requirement(line)
        version = installed.get(canonicalize_name(requirement.name))
        assert version is not None and requirement.specifier.contains(version), (
            f"{requirement} not satisfied in the fresh venv (got {version})")
    assert SERVERS.isdisjoint(installed), f"the bare package brought {SERVERS & set(installed)}"
    extras = project["optional-dependencies"]["lab"]
    assert {canonicalize_name(Requirement(line).name) for line in extras} <= SERVERS

    run([venv.python, "-m", "pip", "check"], cwd=tmp_path, env=venv.env)
    imported = run([venv.python, "-c", "import twentyone_edu as t; print(t.__file__)"],
                   cwd=tmp_path, env=venv.env).strip()
    assert imported.startswith(str(venv.site_packages())), imported

    venv.pip_install(*RUNNER, cwd=tmp_path)
    for lesson in ("00_start_here", "04_nineteen_or_twenty"):
        where = venv.run_notebook(ROOT / "notebooks" / f"{lesson}.ipynb")
        assert where["prefix"] == str(venv.path)
        assert where["package"].startswith(str(venv.site_packages()))
    assert SERVERS.isdisjoint(venv.installed()), "the runner brought a server"
    print("fresh-install venv timings (s):", venv.timings)
