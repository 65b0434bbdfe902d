"""Build the course as a book: a static site of the executed lessons, the app and the teacher's
guide, in English and in Russian, readable with no kernel (issue 33).

    python deploy/book.py [--output build/book] [--jobs N]

Sphinx with MyST-NB renders the notebooks; this script runs each notebook once and keeps the
executed copy in build/book-executed/ under a key of the notebook's and the package's text, so a
second build runs only what changed. `make book` runs this; build/book/{en,ru}/index.html is the
front page of each language. LAUNCH below is the one place that says where a lesson launches.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(__file__).resolve().parent / "book_site"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(SITE))

from snapshot import freeze_widgets  # noqa: E402

from twentyone_edu.words.wording import template  # noqa: E402

LANGUAGES = ("en", "ru")
LESSONS = tuple(sorted(path.stem for path in (ROOT / "notebooks").glob("[01]*.ipynb")))
APP = "app"
GUIDE = "teacher/teacher_guide"
# Where a lesson launches live: the README's Binder badges, the JupyterLite site that
# .github/workflows/lite.yml publishes (the book sits beside it, in book/), and a hub's
# nbgitpuller link to the `course` branch (deploy/course_branch.py). HUB is the README's
# placeholder: `make book HUB=https://your.hub` puts your hub's address in every link.
LAUNCH = {
    "repository": "https://github.com/twentyone-edu/twentyone_edu",
    "binder": "https://mybinder.org/v2/gh/twentyone-edu/twentyone_edu",
    "lite": "https://twentyone-edu.github.io/twentyone_edu/lab/index.html",
    "hub": os.environ.get("HUB", "https://hub.example.edu").rstrip("/"),
    "course_branch": "course",
    # Binder launches the ref `ru` for the Russian course, so JupyterLab's menus are Russian.
    "binder_ref": {"en": "main", "ru": "ru"},
}
EXECUTED = ROOT / "build" / "book-executed"
# A last cell run after a notebook's own and then dropped: it lets the widgets' work in threads
# (the strategy map, ...) end and show, then sends every widget's state again from this cell,
# whose messages nbclient records (a result shown later, from an earlier cell's context, it
# does not), so a widget's first view in the book is its result, not "Computing…".
SETTLE = """
from twentyone_edu.widgets.settle import settle as _settle
await _settle()
"""
SECONDS = 180


@dataclass(frozen=True)
class Page:
    """One page of the book: a notebook of the course in one language."""

    language: str
    name: str  # the page's path in the book, without .html: a lesson's stem, app, GUIDE

    @property
    def source(self) -> Path:
        """The notebook the page renders."""
        folder, stem = (("teacher", "teacher_guide") if self.name == GUIDE
                        else ("notebooks", self.name))
        return ROOT / folder / ("ru" if self.language == "ru" else "") / f"{stem}.ipynb"

    def kept(self, executed: Path) -> Path:
        """Where its executed copy is kept between builds, in the folder `executed`."""
        return executed / self.language / f"{self.name}.ipynb"


def pages(language: str) -> list[Page]:
    """Every page of the book in `language`: the lessons, the app, the teacher's guide."""
    return [Page(language, name) for name in (*LESSONS, APP, GUIDE)]


def launch_links(page: Page) -> dict[str, str]:
    """The page's launch buttons: kind -> URL. Every notebook on Binder; the lessons and the app
    in JupyterLite and on a hub too (neither holds the teacher's guide)."""
    ru = page.language == "ru"
    ref = LAUNCH["binder_ref"][page.language]
    if page.name == APP:
        binder = "voila/render/notebooks/app.ipynb" + ("?lang=ru" if ru else "")
        links = {"binder": f"{LAUNCH['binder']}/{LAUNCH['binder_ref']['en']}?"
                           + urlencode({"urlpath": binder})}
    else:
        path = page.source.relative_to(ROOT).as_posix()
        links = {"binder": f"{LAUNCH['binder']}/{ref}?urlpath=lab/tree/{path}"}
    if page.name == GUIDE:
        return links
    in_site = ("ru/" if ru else "") + f"{page.name}.ipynb"
    links["lite"] = f"{LAUNCH['lite']}?path={in_site}"
    in_branch = "notebooks/" + ("ru/" if ru else "") + f"{page.name}.ipynb"
    clone = LAUNCH["repository"].rsplit("/", 1)[1]
    links["hub"] = f"{LAUNCH['hub']}/hub/user-redirect/git-pull?" + urlencode(
        {"repo": LAUNCH["repository"], "branch": LAUNCH["course_branch"],
         "urlpath": f"lab/tree/{clone}/{in_branch}"}, quote_via=quote)
    return links


def package_key() -> str:
    """A hash of the package's source: executed copies made with another package are stale."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "twentyone_edu").rglob("*")):
        if path.is_file() and path.suffix in (".py", ".po", ".json", ".txt"):
            digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()


def key(page: Page, package: str) -> str:
    """The key an executed copy of `page` is kept under: its notebook's text and the package."""
    return hashlib.sha256(page.source.read_bytes() + package.encode()).hexdigest()


def stored_key(page: Page, executed: Path) -> str | None:
    """The key of the executed copy of `page` kept in `executed` by an earlier build, if any."""
    try:
        notebook = json.loads(page.kept(executed).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return notebook["metadata"].get("t21_book", {}).get("key")


def execute(page: Page, page_key: str, executed: Path) -> float:
    """Run `page`'s notebook in a fresh kernel in its own folder, keep it (its widgets' state
    too) in `executed` under `page_key`; return the seconds it took."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(page.source, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(SETTLE))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    start = time.perf_counter()
    NotebookClient(notebook, timeout=SECONDS, kernel_name="python3",
                   resources={"metadata": {"path": str(page.source.parent)}}).execute(env=env)
    seconds = time.perf_counter() - start
    notebook.cells.pop()
    notebook.metadata["t21_book"] = {"key": page_key}
    page.kept(executed).parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, page.kept(executed))
    return seconds


def execute_all(jobs: int, executed: Path) -> None:
    """Run every page's notebook whose copy in `executed` is missing or stale, `jobs` at a
    time."""
    package = package_key()
    todo = {page: page_key for page, page_key in (
        (page, key(page, package)) for language in LANGUAGES for page in pages(language))
        if stored_key(page, executed) != page_key}
    if not todo:
        return
    print(f"executing {len(todo)} notebooks, {jobs} at a time", flush=True)
    with ProcessPoolExecutor(jobs) as pool:
        runs = {page: pool.submit(execute, page, page_key, executed)
                for page, page_key in todo.items()}
        for page, run in runs.items():
            print(f"  {page.language}/{page.name}: {run.result():.0f} s", flush=True)


def front_page(language: str) -> str:
    """The book's front page in `language`: what it is, then the lessons and the teacher's part."""
    words = {code: template(f"book.{code}", language)
             for code in ("title", "intro", "lessons", "teacher", "teacher_note")}
    lessons = "\n".join([*LESSONS, APP])
    return (f"# {words['title']}\n\n{words['intro']}\n\n"
            f"```{{toctree}}\n:caption: {words['lessons']}\n:maxdepth: 1\n\n{lessons}\n```\n\n"
            f"```{{toctree}}\n:caption: {words['teacher']}\n:maxdepth: 1\n\n{GUIDE}\n```\n\n"
            f"{words['teacher_note']}\n")


# A link an output writes to a lesson's notebook (the teacher's guide's table of lessons does).
NOTEBOOK_LINK = re.compile(r"""(href=["'])(?:\.\./)*notebooks/(?:ru/)?(\w+)\.ipynb""")


def to_pages(notebook: dict, up: str) -> None:
    """Point the links its HTML outputs make to a lesson's notebook at the lesson's page in the
    book (`up` leads from the page to the book's root)."""
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/html" in data:
                shown = "".join(data["text/html"])
                data["text/html"] = NOTEBOOK_LINK.sub(rf"\g<1>{up}\g<2>.html", shown)


def book_notebook(page: Page, executed: Path = EXECUTED) -> dict:
    """The executed notebook of `page` as the book shows it: its widgets' first views frozen
    into HTML (snapshot.py), its launch links in its metadata; the app with a title and what
    it is, its code hidden (the app is the course without code)."""
    notebook = json.loads(page.kept(executed).read_text(encoding="utf-8"))
    freeze_widgets(notebook, page.language)
    to_pages(notebook, "../" * page.name.count("/"))
    notebook["metadata"]["t21_book"]["launch"] = launch_links(page)
    if page.name == APP:
        for cell in notebook["cells"]:
            cell["metadata"].setdefault("tags", []).append("remove-input")
        notebook["cells"].insert(0, {
            "cell_type": "markdown", "metadata": {},
            "source": f"# {template('book.app_title', page.language)}\n\n"
                      f"{template('book.app_intro', page.language)}"})
    return notebook


def stage(language: str, folder: Path, executed: Path) -> None:
    """The Sphinx source of one language in `folder`: the front page and the notebooks
    executed into `executed`."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "index.md").write_text(front_page(language), encoding="utf-8")
    for page in pages(language):
        target = folder / f"{page.name}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(book_notebook(page, executed), ensure_ascii=False),
                          encoding="utf-8")


def build(output: Path, jobs: int, executed: Path = EXECUTED) -> Path:
    """Build both languages into `output`/{en,ru} (replaced), with a front door at its root,
    from the executed notebooks kept in `executed` (run there first where missing or stale)."""
    execute_all(jobs, executed)
    shutil.rmtree(output, ignore_errors=True)
    # One Sphinx per language, side by side, each in its own work folder (MyST-NB writes beside
    # the output folder it is given); the pages alone are then moved into `output`.
    work = output.parent / f"{output.name}-work"
    shutil.rmtree(work, ignore_errors=True)
    sphinx = {}
    for language in LANGUAGES:
        stage(language, work / language / "source", executed)
        sphinx[language] = subprocess.Popen(
            [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-c", str(SITE),
             "-D", f"language={language}", str(work / language / "source"),
             str(work / language / "html")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for language, process in sphinx.items():
        said, complained = process.communicate()
        if process.returncode != 0 or "WARNING" in complained or "ERROR" in complained:
            raise SystemExit(f"sphinx ({language}) failed:\n{said}{complained}")
        shutil.rmtree(work / language / "html" / ".doctrees")
        output.mkdir(parents=True, exist_ok=True)
        shutil.move(work / language / "html", output / language)
    shutil.rmtree(work)
    (output / "index.html").write_text(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta http-equiv="refresh" content="0; url=en/index.html">'
        "<title>twentyone_edu</title></head><body>"
        '<a href="en/index.html">English</a> · <a href="ru/index.html" lang="ru">Русский</a>'
        "</body></html>\n", encoding="utf-8")
    return output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "book")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="notebooks run at once (default: one per core)")
    arguments = parser.parse_args()
    start = time.perf_counter()
    book = build(arguments.output, arguments.jobs)
    print(f"{book} in {time.perf_counter() - start:.0f} s: open {book / 'en' / 'index.html'}")


if __name__ == "__main__":
    main()
