"""The course book (deploy/book.py, `make book`) read as a reader would, in Chromium.

The book is built once for this module, from the notebooks tests/test_notebooks.py executes
anyway (each runs once a session; the book takes them, less the cells that test adds), and is
served on 127.0.0.1 with every request recorded: a page that asks any other host for anything,
or for a file the book does not have, fails. Every page in both languages loads with all its
images drawn and every output of its notebook shown; the language switch lands on the same page;
the launch buttons carry the README's links (its Binder, JupyterLite and nbgitpuller links for
lesson 00, the same for every lesson); the maths is typeset; axe finds nothing serious.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from playwright.sync_api import Page
from test_notebooks import execute

from .conftest import ROOT, SCREENSHOTS, StaticSite

README = (ROOT / "README.md").read_text(encoding="utf-8")
FIRST = "00_start_here"
LANGUAGES = ("en", "ru")
HTML_LANG = {"en": "en", "ru": "ru"}


def load_book():
    """deploy/book.py as a module."""
    spec = importlib.util.spec_from_file_location("book", ROOT / "deploy" / "book.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


book = load_book()
PAGES = [page for language in LANGUAGES for page in book.pages(language)]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The book, built from the suite's executed notebooks into a temporary folder."""
    folder = tmp_path_factory.mktemp("book")
    executed = folder / "executed"
    package = book.package_key()
    for page in PAGES:
        notebook = copy.deepcopy(execute(page.source)[0])
        notebook.cells = notebook.cells[1:-1]  # the cells test_notebooks adds around the lesson
        notebook.metadata["t21_book"] = {"key": book.key(page, package)}
        target = executed / page.language / f"{page.name}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook, target)
    return book.build(folder / "site", jobs=1, executed=executed)


@pytest.fixture(scope="module")
def site(built):
    served = StaticSite(built)
    yield served
    served.stop()


@pytest.fixture
def reader(browser_page, site):
    """A page that may ask 127.0.0.1 only: any other request is refused and recorded."""
    outside: list[str] = []

    def route(request_route):
        url = request_route.request.url
        if urlsplit(url).hostname in ("127.0.0.1", None) or url.startswith("data:"):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    browser_page.route("**/*", route)
    yield browser_page
    assert outside == [], f"the book asked other hosts: {outside}"
    assert site.missing() == set(), f"the book lacks files its pages ask for: {site.missing()}"


def readme_link(pattern: str) -> str:
    """The one README link matching `pattern` (a regular expression)."""
    found = set(re.findall(pattern, README))
    assert len(found) == 1, f"{pattern}: {found}"
    return found.pop()


# Lesson 00's launch links as the README gives them; every lesson's are the same but its name.
README_LAUNCH = {
    "en": {
        "binder": readme_link(r"https://mybinder\.org/v2/gh/[^)\s]+/main\?urlpath=lab/tree/"
                              r"notebooks/00_start_here\.ipynb"),
        "lite": readme_link(r"https://[^)\s]+/lab/index\.html\?path=00_start_here\.ipynb"),
        "hub": readme_link(r"https://hub\.example\.edu/hub/user-redirect/git-pull\?[^)\s]+"),
    },
    "ru": {
        "binder": readme_link(r"https://mybinder\.org/v2/gh/[^)\s]+/ru\?urlpath=lab/tree/"
                              r"notebooks/ru/00_start_here\.ipynb"),
    },
}


def expected_launch(language: str, name: str) -> dict[str, str]:
    """The launch links of lesson `name` in `language`, from the README's links for lesson 00
    (the Russian lessons are in ru/ of the JupyterLite site and notebooks/ru/ of the branch)."""
    english = {kind: url.replace(FIRST, name) for kind, url in README_LAUNCH["en"].items()}
    if language == "en":
        return english
    return {"binder": README_LAUNCH["ru"]["binder"].replace(FIRST, name),
            "lite": english["lite"].replace("path=", "path=ru/"),
            "hub": english["hub"].replace("notebooks%2F", "notebooks%2Fru%2F")}


def shown_outputs(notebook: dict) -> int:
    """How many outputs of an executed notebook a reader should see (streams of one cell are
    shown together, as one)."""
    count = 0
    for cell in notebook["cells"]:
        outputs = cell.get("outputs", [])
        count += sum(1 for output in outputs if output["output_type"] != "stream")
        count += len({output["name"] for output in outputs if output["output_type"] == "stream"})
    return count


def images_in(notebook: dict) -> int:
    """How many images the outputs of an executed notebook hold (figures drawn by the engine
    are <img> in HTML, or PNG outputs)."""
    count = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            count += "image/png" in data
            count += len(re.findall(r"<img\b", "".join(data.get("text/html", ""))))
    return count


def open_page(page: Page, site: StaticSite, language: str, name: str) -> None:
    """Open a page of the book and wait until MathJax has typeset it."""
    page.goto(f"{site.url}/{language}/{name}.html")
    page.wait_for_function("() => !window.MathJax || !window.MathJax.Hub || "
                           "window.MathJax.Hub.queue.pending === 0 && "
                           "window.MathJax.Hub.queue.running === 0", polling=100)


BROKEN_IMAGES_JS = """() => Array.from(document.images)
  .filter((image) => !image.complete || image.naturalWidth === 0)
  .map((image) => image.getAttribute('alt') || image.src.slice(0, 80))"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_shows_its_outputs_and_figures(reader, site, built, language, axe):
    page = reader
    problems = []
    for book_page in book.pages(language):
        name = book_page.name
        open_page(page, site, language, name)
        assert page.locator("html").get_attribute("lang") == HTML_LANG[language], name
        notebook = book.book_notebook(book_page, built.parent / "executed")
        kept = {"cells": [cell for cell in notebook["cells"]
                          if "remove-output" not in cell["metadata"].get("tags", [])]}
        outputs = page.locator(".cell_output .output")
        if outputs.count() < shown_outputs(kept):
            problems.append(f"{name}: {outputs.count()} outputs shown of {shown_outputs(kept)}")
        images = page.locator("article img")
        if images.count() < images_in(kept) or (name in book.LESSONS and images.count() == 0):
            problems.append(f"{name}: {images.count()} images shown of {images_in(kept)}")
        broken = page.evaluate(BROKEN_IMAGES_JS)
        if broken:
            problems.append(f"{name}: images not drawn: {broken}")
        raw = page.locator("article").inner_text()
        if "\\(" in raw or "\\frac" in raw:
            problems.append(f"{name}: maths left as TeX")
        serious = axe.serious(page, ("article", ".t21-bar"))
        if serious:
            problems.append(f"{name}: {axe.describe(serious)}")
    assert problems == [], "\n".join(problems)


def test_every_link_of_the_book_leads_to_a_page_it_has(built):
    missing = []
    for html_file in built.rglob("*.html"):
        for target in re.findall(r'href="([^"#:]+)(?:#[^"]*)?"', html_file.read_text("utf-8")):
            if not (html_file.parent / unquote(target)).resolve().exists():
                missing.append(f"{html_file.relative_to(built)} -> {target}")
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_switch_lands_on_the_same_page(reader, site, language):
    page = reader
    other = {"en": "ru", "ru": "en"}[language]
    for name in ("index", FIRST, "04_nineteen_or_twenty", book.APP, book.GUIDE):
        page.goto(f"{site.url}/{language}/{name}.html")
        page.locator(".t21-other-language").click()
        page.wait_for_load_state()
        assert page.url == f"{site.url}/{other}/{name}.html"
        assert page.locator("html").get_attribute("lang") == HTML_LANG[other]
        if name[:2].isdigit():  # the lesson's number heads its title in both languages
            assert page.locator("h1").first.inner_text().startswith(name[:2])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_launches_where_the_readme_says(reader, site, language):
    page = reader
    for name in book.LESSONS:
        page.goto(f"{site.url}/{language}/{name}.html")
        links = {kind: page.locator(f".t21-launch-{kind}").get_attribute("href")
                 for kind in ("binder", "lite", "hub")}
        assert links == expected_launch(language, name), name
    page.goto(f"{site.url}/{language}/{book.GUIDE}.html")
    assert page.locator(".t21-teacher-mark").count() == 1
    assert page.locator(".t21-launch-binder").get_attribute("href").endswith(
        "teacher/" + ("ru/" if language == "ru" else "") + "teacher_guide.ipynb")


@pytest.mark.parametrize("language", LANGUAGES)
def test_maths_is_typeset_and_a_lesson_looks_right(reader, site, language):
    page = reader
    open_page(page, site, language, "04_nineteen_or_twenty")
    assert page.locator(".MathJax_SVG").count() > 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"book_{language}_04.png"))
    index = json.loads((ROOT / "twentyone_edu" / "data" / "quizzes" / "04.json").read_text())
    questions = page.locator(".t21-still .t21-still-html").all_inner_texts()
    assert len([text for text in questions if text.strip()]) >= len(index)
