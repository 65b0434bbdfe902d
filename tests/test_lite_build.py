"""`make lite`: the JupyterLite site as deploy/lite.py builds it, read from its files.

The site runs in the browser with no server (tests/browser/test_lite_site.py plays it in
Chromium): here, what it holds and what it is told to fetch.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site as `make lite` builds it: Pyodide from its CDN."""
    output = tmp_path_factory.mktemp("lite") / "site"
    subprocess.run([sys.executable, str(ROOT / "deploy" / "lite.py"), "--output", str(output)],
                   check=True, capture_output=True, cwd=ROOT)
    return output


def config(site: Path) -> dict:
    """The site's jupyter-lite.json, its config data."""
    return json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]


def test_every_lesson_and_the_app_in_both_languages(site):
    english = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    russian = sorted(path.name for path in (ROOT / "notebooks" / "ru").glob("*.ipynb"))
    assert len(english) == 14 and "app.ipynb" in english
    assert sorted(path.name for path in (site / "files").glob("*.ipynb")) == english
    assert sorted(path.name for path in (site / "files" / "ru").glob("*.ipynb")) == russian


@pytest.mark.parametrize("folder, language", [("", "en"), ("ru", "ru")])
def test_each_notebook_installs_the_course_first_and_keeps_its_cells(site, folder, language):
    for path in sorted((site / "files" / folder).glob("*.ipynb")):
        served = json.loads(path.read_text())
        source = json.loads((ROOT / "notebooks" / folder / path.name).read_text())
        first, *rest = served["cells"]
        assert first["cell_type"] == "code"
        assert first["source"].splitlines()[-1] == "%pip install -q twentyone_edu"
        comment = first["source"].splitlines()[0]
        assert ("браузере" in comment) == (language == "ru"), (path, comment)
        assert rest == source["cells"], path
        assert served["metadata"]["kernelspec"]["name"] == "python", path  # Pyodide's kernel


def test_the_course_installs_from_the_site_and_never_from_pypi(site):
    settings = config(site)["litePluginSettings"][KERNEL_PLUGIN]
    assert settings["disablePyPIFallback"] is True
    assert settings["pipliteUrls"][0].startswith("./pypi/all.json")
    index = json.loads((site / "pypi" / "all.json").read_text())
    assert {"twentyone-edu", "ipywidgets", "jupyterlab-widgets", "comm", "babel"} <= set(index)
    (wheel,) = (site / "pypi").glob("twentyone_edu-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(name.startswith("twentyone_edu/data/quizzes/") and name.endswith(".json")
               for name in names)
    assert any(name.endswith("ru/LC_MESSAGES/engine.po") for name in names)


def test_pyodide_comes_from_its_cdn_unless_a_distribution_is_given(site):
    settings = config(site)["litePluginSettings"][KERNEL_PLUGIN]
    assert "pyodideUrl" not in settings  # the kernel's default: Pyodide's CDN
    assert not (site / "static" / "pyodide").exists()


def test_only_the_lab_extensions_a_browser_kernel_can_use(site):
    names = {extension["name"] for extension in config(site)["federated_extensions"]}
    assert names == {"@jupyterlite/pyodide-kernel-extension",
                     "@jupyter-widgets/jupyterlab-manager"}


def test_no_source_maps_and_the_russian_language_pack(site):
    assert not list(site.rglob("*.map"))
    assert (site / "api" / "translations" / "ru_RU.json").is_file()


def test_a_bad_pyodide_distribution_is_refused(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "deploy" / "lite.py"), "--output",
                           str(tmp_path / "site"), "--pyodide", str(tmp_path / "nowhere.tar.bz2")],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode != 0
    assert "nowhere.tar.bz2" in done.stderr


def test_the_workflow_publishes_what_make_lite_builds_from_main():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "lite.yml").read_text())
    assert workflow[True]["push"]["branches"] == ["main"]  # YAML 1.1 reads the key `on` as True
    build, deploy = workflow["jobs"]["build"]["steps"], workflow["jobs"]["deploy"]["steps"]
    assert {"run": "make lite"} in build
    (upload,) = [step for step in build if "upload-pages-artifact" in step.get("uses", "")]
    assert upload["with"]["path"] == "build/lite"
    assert any("deploy-pages" in step.get("uses", "") for step in deploy)
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_the_readme_badge_opens_a_lesson_the_site_has(site):
    readme = (ROOT / "README.md").read_text()
    (path,) = re.findall(r"\(https://twentyone-edu\.github\.io/twentyone_edu/lab/index\.html"
                         r"\?path=([\w./]+)\)", readme)
    assert (site / "files" / path).is_file()
    assert "make lite" in readme and "CDN" in readme
