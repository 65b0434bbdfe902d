"""The course book (deploy/book.py, `make book`) read as a reader would, in Chromium.

The book is built once for this module, from the notebooks tests/test_notebooks.py executes
anyway (each runs once a session; the book takes them, less the cells that test adds), or from
the executed copies `make book` keeps in build/book-executed while they are current, and is
served on 127.0.0.1 with every request recorded: a page that asks any other host for anything,
or for a file the book does not have, fails. Every page in both languages loads with all its
images drawn and every output of its notebook shown; the language switch lands on the same page;
the launch buttons carry the README's links (its Binder, JupyterLite and nbgitpuller links for
lesson 00, the same for every lesson); the maths is typeset; axe finds nothing serious.
"""

from __future__ import annotations

import copy
import html.parser
import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
import yaml
from deploy_scripts import load
from playwright.sync_api import Page
from test_notebooks import execute

from twentyone_edu.widgets.i18n import text

from .conftest import ROOT, SCREENSHOTS, StaticSite

README = (ROOT / "README.md").read_text(encoding="utf-8")
FIRST = "00_start_here"
LANGUAGES = ("en", "ru")
HTML_LANG = {"en": "en", "ru": "ru"}




book = load("book")
PAGES = [page for language in LANGUAGES for page in book.pages(language)]


def executed_course(folder: Path) -> Path:
    """Every notebook of the book executed into `folder` (as deploy/book.py keeps them): the
    copies `make book` keeps while current, else the suite's own runs (tests/test_notebooks.py,
    each notebook once a session), less the cells that test adds."""
    package = book.package_key()
    for page in PAGES:
        target = page.kept(folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        page_key = book.key(page, package)
        if book.stored_key(page, book.EXECUTED) == page_key:
            shutil.copy(page.kept(book.EXECUTED), target)
            continue
        notebook = copy.deepcopy(execute(page.source)[0])
        notebook.cells = notebook.cells[1:-1]
        notebook.metadata["t21_book"] = {"key": page_key}
        nbformat.write(notebook, target)
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The book, built from the executed notebooks into a temporary folder."""
    folder = tmp_path_factory.mktemp("book")
    executed = executed_course(folder / "executed")
    return book.build(folder / "site", jobs=1, executed=executed)


@pytest.fixture(scope="module")
def site(built):
    served = StaticSite(built)
    yield served
    served.stop()


@pytest.fixture
def reader(browser_page, site):
    """A page of the browser whose requests are recorded: none may go to another host."""
    asked: list[str] = []
    browser_page.on("request", lambda request: asked.append(request.url))
    yield browser_page
    outside = [url for url in asked if urlsplit(url).hostname not in ("127.0.0.1", None)]
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


def cells_with_outputs(notebook: dict) -> int:
    """How many cells of an executed notebook show a reader something."""
    return sum(1 for cell in notebook["cells"] if cell.get("outputs"))


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
    page.wait_for_function("() => window.MathJax && window.MathJax.isReady", polling=100)
    page.evaluate("() => new Promise((done) => window.MathJax.Hub.Queue(() => done(true)))")


# Output areas that show something: text, or an image.
SHOWN_OUTPUTS_JS = """() => Array.from(document.querySelectorAll('article .cell_output'))
  .filter((output) => output.innerText.trim() !== '' || output.querySelector('img')).length"""
# The article's text but its code: the maths in it should be typeset, no TeX left.
PROSE_JS = """() => { const article = document.querySelector('article').cloneNode(true);
  article.querySelectorAll('pre, code, script, .highlight').forEach((code) => code.remove());
  return article.textContent; }"""

# The pages axe checks (it takes seconds a page): one of each kind, a lesson with widgets,
# tables, figures and maths, the app, the teacher's guide, and the front page.
AXE_PAGES = ("index", "04_nineteen_or_twenty", book.APP, book.GUIDE)
# A widget's status while its work runs in a thread: no still of the book may show it.
COMPUTING = ("strategy_computing", "advice_computing", "sim_state_computing", "odds_computing")
BROKEN_IMAGES_JS = """() => Array.from(document.images)
  .filter((image) => !image.complete || image.naturalWidth === 0)
  .map((image) => image.getAttribute('alt') || image.src.slice(0, 80))"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_shows_its_outputs_and_figures(reader, site, built, language, axe):
    page = reader
    problems = []
    for book_page in [book.Page(language, "index"), *book.pages(language)]:
        name = book_page.name
        open_page(page, site, language, name)
        assert page.locator("html").get_attribute("lang") == HTML_LANG[language], name
        notebook = ({"cells": []} if name == "index"
                    else book.book_notebook(book_page, built.parent / "executed"))
        kept = {"cells": [cell for cell in notebook["cells"]
                          if "remove-output" not in cell["metadata"].get("tags", [])]}
        shown = page.evaluate(SHOWN_OUTPUTS_JS)
        if shown != cells_with_outputs(kept):
            problems.append(f"{name}: {shown} cells show outputs of {cells_with_outputs(kept)}")
        images = page.locator("article img")
        if images.count() < images_in(kept) or (name in book.LESSONS and images.count() == 0):
            problems.append(f"{name}: {images.count()} images shown of {images_in(kept)}")
        broken = page.evaluate(BROKEN_IMAGES_JS)
        if broken:
            problems.append(f"{name}: images not drawn: {broken}")
        waiting = [text(key, language) for key in COMPUTING if text(key, language) in
                   page.locator("article").inner_text()]
        if waiting:
            problems.append(f"{name}: a widget's still shows it computing: {waiting}")
        if re.search(r"\\\(|\\frac|\$\$", page.evaluate(PROSE_JS)):
            problems.append(f"{name}: maths left as TeX")
        serious = axe.serious(page, ("article", ".t21-bar")) if name in AXE_PAGES else []
        if serious:
            problems.append(f"{name}: {axe.describe(serious)}")
    assert problems == [], "\n".join(problems)


class Links(html.parser.HTMLParser):
    """Every address a page links to or loads: a, link, img, script."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name in ("href", "src"):
            if tag in ("a", "link", "img", "script") and attributes.get(name):
                self.found.append(attributes[name])


def test_every_link_of_the_book_leads_to_a_page_it_has(built):
    missing = []
    for html_file in built.rglob("*.html"):
        if "_static" in html_file.parts:
            continue  # the theme's templates, not pages
        links = Links()
        links.feed(html_file.read_text("utf-8"))
        for link in links.found:
            target = urlsplit(link)
            if target.scheme or target.netloc or not target.path:
                continue
            if not (html_file.parent / unquote(target.path)).resolve().exists():
                missing.append(f"{html_file.relative_to(built)} -> {link}")
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_switch_lands_on_the_same_page(reader, site, language):
    page = reader
    other = {"en": "ru", "ru": "en"}[language]
    for name in ("index", FIRST, "04_nineteen_or_twenty", book.APP, book.GUIDE):
        page.goto(f"{site.url}/{language}/{name}.html", wait_until="domcontentloaded")
        title = page.locator("h1").first.inner_text()
        page.locator(".t21-other-language").click()
        page.wait_for_url(f"{site.url}/{other}/{name}.html", wait_until="domcontentloaded")
        assert page.locator("html").get_attribute("lang") == HTML_LANG[other]
        translated = page.locator("h1").first.inner_text()
        assert translated != title
        if title[:2].isdigit():  # a lesson's number heads its title in both languages
            assert translated[:2] == title[:2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_launches_where_the_readme_says(reader, site, language):
    page = reader
    for name in book.LESSONS:
        page.goto(f"{site.url}/{language}/{name}.html", wait_until="domcontentloaded")
        links = {kind: page.locator(f".t21-launch-{kind}").get_attribute("href")
                 for kind in ("binder", "lite", "hub")}
        assert links == expected_launch(language, name), name
    page.goto(f"{site.url}/{language}/{book.GUIDE}.html", wait_until="domcontentloaded")
    assert page.locator(".t21-teacher-mark").count() == 1
    assert page.locator(".t21-launch-binder").get_attribute("href").endswith(
        "teacher/" + ("ru/" if language == "ru" else "") + "teacher_guide.ipynb")


@pytest.mark.parametrize("language", LANGUAGES)
def test_maths_is_typeset_and_a_lesson_looks_right(reader, site, language):
    page = reader
    open_page(page, site, language, "04_nineteen_or_twenty")
    assert page.locator("span.MathJax").count() > 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"book_{language}_04.png"))
    index = json.loads((ROOT / "twentyone_edu" / "data" / "quizzes" / "04.json").read_text())
    questions = page.locator(".t21-still .t21-still-html").all_inner_texts()
    assert len([text for text in questions if text.strip()]) >= len(index)


def test_make_book_builds_it_and_pages_publishes_it_where_the_readme_links():
    dry_run = subprocess.run(["make", "-n", "book"], cwd=ROOT, capture_output=True, text=True)
    assert "deploy/book.py --output build/book" in dry_run.stdout
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "lite.yml").read_text())
    steps = [step.get("run", "") for step in workflow["jobs"]["build"]["steps"]]
    assert steps.index("make book") < steps.index("cp -r build/book build/lite/book")
    site = readme_link(r"https://[^)\s]+/lab/index\.html\?path=00_start_here\.ipynb")
    root = site.split("/lab/index.html")[0]
    for language in LANGUAGES:  # the README's link to the book, first among its links
        assert README.index(f"{root}/book/{language}/index.html") < README.index("mybinder.org")
