"""The JupyterLite site in Chromium, with no request leaving localhost.

The site is built by deploy/lite.py with a local Pyodide core (tests/browser/pyodide_core.py)
and served by a plain static web server on 127.0.0.1; every request the browser makes is
recorded, and one to any other host is refused and fails the test. The kernel starts from the
core; the course's wheel and its pure-Python dependencies install from the site. What needs
Pyodide's CDN, numpy, scipy and matplotlib, is exactly what the core lacks: the test checks that
the course's install asks the site for those compiled wheels and for nothing else it lacks (the
README says how to check that last step by hand against the CDN).
"""

from __future__ import annotations

import re

import pytest
from deploy_scripts import load
from playwright.sync_api import Locator, Page

from .conftest import ROOT, VIEWPORT, StaticSite, missing
from .pyodide_core import COURSE_PACKAGES, build_core, closure, is_compiled

CORE = ROOT / "build" / "pyodide-core"
KERNEL_START_S = 240




@pytest.fixture(scope="module")
def core() -> dict:
    """The local Pyodide core's lock file (the core is built into build/ once)."""
    try:
        return build_core(CORE)
    except (RuntimeError, OSError) as error:
        missing(f"the local Pyodide core could not be built: {error}")


@pytest.fixture(scope="module")
def site(core, tmp_path_factory):
    folder = load("lite").build(tmp_path_factory.mktemp("lite") / "site", pyodide=str(CORE))
    served = StaticSite(folder)
    yield served
    served.stop()


@pytest.fixture
def page(chromium, site) -> Page:
    """A page whose every request is recorded; any request off 127.0.0.1 is refused."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.set_default_timeout(KERNEL_START_S * 1000)
    context.outside = []

    def only_localhost(route):
        if route.request.url.startswith(site.url + "/"):
            route.continue_()
        else:
            context.outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_localhost)
    context.on("request", lambda request: None if request.url.startswith(
        (site.url + "/", "data:", "blob:")) else context.outside.append(request.url))
    new_page = context.new_page()
    yield new_page
    assert context.outside == [], f"requests left localhost: {context.outside[:10]}"
    context.close()


def listing(page: Page) -> list[str]:
    """The names the file browser shows, once it shows some."""
    items = page.locator(".jp-DirListing-content .jp-DirListing-itemName")
    items.first.wait_for()
    return sorted(items.all_inner_texts())


def test_the_file_browser_lists_the_lessons_in_both_languages(page, site):
    page.goto(f"{site.url}/lab/index.html")
    english = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    russian = sorted(path.name for path in (ROOT / "notebooks" / "ru").glob("*.ipynb"))
    assert listing(page) == sorted([*english, "ru"])
    page.locator(".jp-DirListing-itemName").get_by_text("ru", exact=True).dblclick()
    page.wait_for_function("() => document.querySelectorAll("
                           "'.jp-DirListing-content .jp-DirListing-item').length === "
                           f"{len(russian)}")
    assert listing(page) == russian


def open_notebook(page: Page, site: StaticSite, path: str) -> None:
    """Open the notebook at `path` in the site and wait until its kernel is idle."""
    page.goto(f"{site.url}/lab/index.html?path={path}")
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    page.get_by_text(re.compile(r"Pyodide\) \| (Idle|Простаивает)")).first.wait_for()


def start_cell(page: Page, code: str) -> Locator:
    """Put `code` in a new cell at the top of the open notebook and run it; return the cell."""
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("a")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")
    return page.locator(".jp-Notebook .jp-Cell").first


def run_cell(page: Page, code: str) -> str:
    """Run `code` as start_cell does, wait for it to finish, return its output."""
    cell = start_cell(page, code)
    cell.locator(".jp-OutputArea-output").first.wait_for()
    page.wait_for_function("(cell) => !cell.querySelector('.jp-InputPrompt').textContent"
                           ".includes('*')", arg=cell.element_handle())
    return "\n".join(cell.locator(".jp-OutputArea-output").all_inner_texts())


def test_the_kernel_starts_from_the_site_and_the_course_installs_from_its_index(page, site,
                                                                               core):
    open_notebook(page, site, "00_start_here.ipynb")
    printed = run_cell(page, "import sys, micropip; print('kernel', sys.platform)")
    assert "kernel emscripten" in printed
    printed = run_cell(page, (
        "import piplite\n"
        "await piplite.install(['sympy', 'traitlets', 'babel', 'ipywidgets'])\n"
        "await piplite.install('twentyone_edu', deps=False)\n"
        "import importlib.metadata as m\n"
        "print(*(m.version(name) for name in ('twentyone_edu', 'sympy', 'babel', "
        "'ipywidgets')))"))
    versions = printed.split()
    lite = load("lite")
    assert versions[0] == lite.importlib.metadata.version("twentyone_edu")
    assert versions[2:] == [lite.importlib.metadata.version(name)
                            for name in ("babel", "ipywidgets")]
    asked = [path for path, code in site.requests if code == 200]
    assert any(re.match(r"/pypi/twentyone_edu-.*\.whl", path) for path in asked)
    assert any(re.match(r"/static/pyodide/sympy-.*\.whl", path) for path in asked)
    assert site.missing() == set()


def test_what_the_course_needs_beyond_the_site_is_pyodides_compiled_packages(page, site, core):
    packages = core["packages"]
    compiled = {packages[name]["file_name"] for name in closure(packages, COURSE_PACKAGES)
                if is_compiled(packages[name])}
    assert {"numpy", "scipy", "matplotlib"} <= {name.split("-")[0] for name in compiled}
    open_notebook(page, site, "ru/00_start_here.ipynb")
    start_cell(page, "%pip install -q twentyone_edu")
    waited = 0
    while not site.missing() and waited < KERNEL_START_S:
        page.wait_for_timeout(1000)
        waited += 1
    page.wait_for_timeout(5000)  # micropip asks for the wheels it resolved all at once
    page.screenshot(path=str(ROOT / "build" / "screenshots" / "lite_install_ru.png"))
    assert site.missing(), "the install asked the site for nothing it lacks"
    assert site.missing() <= compiled, site.missing() - compiled
