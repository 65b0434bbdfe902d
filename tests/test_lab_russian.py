"""JupyterLab in Russian for the Russian course (issue 12): the official language pack, and one
config folder, binder/lab-ru, that makes Russian JupyterLab's default language for a launch.
`make lab-ru` adds it for one run; binder/start adds it when Binder launches the ref `ru`."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from twentyone_edu.widgets import language_from_query

ROOT = Path(__file__).resolve().parent.parent
LAB_RU = ROOT / "binder" / "lab-ru"
START = ROOT / "binder" / "start"
# What the Jupyter server would see: its config path, and the exit status passed through.
SHOW_CONFIG_PATH = [sys.executable, "-c", "import os, sys; "
                    "print(os.environ.get('JUPYTER_CONFIG_PATH', '-')); sys.exit(7)"]
LAB_DEFAULTS = ("from jupyter_server.services.config import ConfigManager; import json; "
                "print(json.dumps(ConfigManager(config_dir_name='labconfig')"
                ".get('default_setting_overrides')))")
TRANSLATION = "@jupyterlab/translation-extension:plugin"


def environment(**names: str) -> dict[str, str]:
    """This process's environment without Binder's and Jupyter's config variables, plus `names`."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("BINDER_REQUEST", "JUPYTER_CONFIG_PATH")}
    return {**env, **names}


def test_the_official_russian_language_pack_is_installed():
    done = subprocess.run(
        [sys.executable, "-c", "from jupyterlab_server.translation_utils import "
         "get_language_packs; print(' '.join(get_language_packs('en')[0]))"],
        capture_output=True, text=True, check=True)
    assert "ru_RU" in done.stdout.split()


def test_lab_ru_makes_russian_the_default_language_and_nothing_else():
    assert json.loads((LAB_RU / "labconfig" / "default_setting_overrides.json").read_text()) == {
        TRANSLATION: {"locale": "ru_RU"}}
    done = subprocess.run([sys.executable, "-c", LAB_DEFAULTS], capture_output=True, text=True,
                          check=True, env=environment(JUPYTER_CONFIG_PATH=str(LAB_RU)))
    assert json.loads(done.stdout)[TRANSLATION] == {"locale": "ru_RU"}


@pytest.mark.parametrize("request_, russian", [
    ("v2/gh/twentyone-edu/twentyone_edu/ru", True),
    ("v2/gh/twentyone-edu/twentyone_edu/main", False),
    ("v2/gh/twentyone-edu/twentyone_edu/nru", False),
    ("v2/gh/twentyone-edu/twentyone_edu/ru/extra", False),
    ("", False),
])
def test_binder_start_turns_russian_on_only_for_the_ref_ru(request_, russian):
    done = subprocess.run([str(START), *SHOW_CONFIG_PATH], capture_output=True, text=True,
                          env=environment(BINDER_REQUEST=request_), cwd="/")
    assert done.returncode == 7, done.stderr  # start execs the server's command
    assert done.stdout.strip() == (str(LAB_RU) if russian else "-")


def test_binder_start_keeps_a_config_path_already_set():
    done = subprocess.run([str(START), *SHOW_CONFIG_PATH], capture_output=True, text=True,
                          env=environment(BINDER_REQUEST="v2/gh/a/b/ru",
                                          JUPYTER_CONFIG_PATH="/srv/jupyter"))
    assert done.stdout.strip() == f"{LAB_RU}:/srv/jupyter"


def test_make_lab_ru_opens_the_russian_course_with_the_same_folder():
    commands = subprocess.run(["make", "-n", "lab-ru"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.splitlines()
    (launch,) = [line for line in commands if "-m jupyterlab" in line]
    assert f'JUPYTER_CONFIG_PATH="{LAB_RU}' in launch
    assert launch.endswith("notebooks/ru/00_start_here.ipynb")


def test_make_voila_ru_sends_the_browser_to_the_russian_app():
    commands = subprocess.run(["make", "-n", "voila-ru"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout
    assert '/?lang=ru"' in commands and "--no-browser --port=8866" in commands


def binder_links() -> list[tuple[str, dict[str, list[str]]]]:
    """The README's Binder links: (the ref launched, the link's query)."""
    links = re.findall(r"\(https://mybinder\.org/v2/gh/twentyone-edu/twentyone_edu/([^?)]+)"
                       r"\?([^)]+)\)", (ROOT / "README.md").read_text(encoding="utf-8"))
    return [(ref, parse_qs(query)) for ref, query in links]


def test_readme_badge_opens_the_russian_course_on_the_ref_binder_start_turns_russian():
    refs = {query["urlpath"][0]: ref for ref, query in binder_links()}
    assert refs["lab/tree/notebooks/ru/00_start_here.ipynb"] == "ru"
    assert refs["lab/tree/notebooks/00_start_here.ipynb"] == "main"


def test_readme_badge_opens_the_app_with_a_link_that_asks_for_russian():
    apps = [urlsplit("/" + query["urlpath"][0]) for _, query in binder_links()
            if query["urlpath"][0].startswith("voila/render/notebooks/app.ipynb")]
    assert sorted(language_from_query(app.query) for app in apps) == ["en", "ru"]
