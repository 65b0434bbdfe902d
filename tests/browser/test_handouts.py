"""`make handouts` (deploy/handouts.py): a printable sheet per lesson and language, and the
teacher's answer key, from the executed lessons (the same notebooks as the book's test).

Each sheet is read as HTML before Chromium prints it: the lesson's title, every exercise of its
quiz bank in its language, its figures, and none of the lesson's code cells (some exercises name
a rule set in Python, as the quiz bank words them); each PDF is a PDF of at least one page."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from twentyone_edu.widgets import quiz_bank

from .conftest import CHROMIUM, ROOT, missing
from .test_book import PAGES, book, executed_course


def load_handouts():
    """deploy/handouts.py as a module."""
    spec = importlib.util.spec_from_file_location("handouts", ROOT / "deploy" / "handouts.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


handouts = load_handouts()


def code_lines(path: Path) -> list[str]:
    """The lines of a notebook's code cells that no prose would hold: not comments, not short."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [line.strip() for cell in cells if cell["cell_type"] == "code"
            for line in "".join(cell["source"]).splitlines()
            if len(line.strip()) >= 20 and not line.strip().startswith("#")]


@pytest.fixture(scope="module")
def executed(tmp_path_factory) -> Path:
    return executed_course(tmp_path_factory.mktemp("handouts") / "executed")


@pytest.mark.parametrize("page", [page for page in PAGES if page.name in book.LESSONS],
                         ids=lambda page: f"{page.language}-{page.name[:2]}")
def test_a_handout_has_the_lessons_exercises_and_figures_and_no_code(page, executed):
    sheet = handouts.handout(page, executed)
    notebook = (executed / page.language / f"{page.name}.ipynb").read_text(encoding="utf-8")
    title = re.search(r'"# ([^"\\]+)', notebook).group(1)
    assert f"<h1>{html.escape(title)}</h1>" in sheet
    for exercise_id in quiz_bank.lesson_exercises(page.name[:2]):
        question = quiz_bank.exercise(exercise_id)["question"][page.language]
        assert f"<b>{exercise_id}.</b> {html.escape(question)}</p>" in sheet
    assert sheet.count('class="exercise"') == len(quiz_bank.lesson_exercises(page.name[:2]))
    has_cards = page.name[:2] in {"00", "03", "04", "10"}  # the lessons with an activity
    assert ('<section class="unplugged">' in sheet) == has_cards
    figures = notebook.count("data:image/png;base64")
    assert sheet.count("<img") >= min(figures, 1)
    for line in code_lines(executed / page.language / f"{page.name}.ipynb"):
        assert html.escape(line) not in sheet and line not in sheet, line


def test_make_handouts_prints_a_pdf_per_lesson_and_language_and_the_answers(executed,
                                                                            tmp_path):
    if not CHROMIUM.exists():
        missing(f"{CHROMIUM} is missing: install Debian's chromium to print the handouts")
    # in a thread of its own: Playwright's sync API refuses a thread whose asyncio loop runs,
    # as the browser fixtures' loop does once a browser test has run in this session
    with ThreadPoolExecutor(1) as printer:
        written = printer.submit(handouts.build, tmp_path, executed).result()
    lessons = len(book.LESSONS)
    assert len(written) == 2 * 2 * lessons
    for path in written:
        data = path.read_bytes()
        assert data.startswith(b"%PDF") and data.count(b"/Type /Page") >= 1, path
    for language in book.LANGUAGES:
        key = (tmp_path / language / "04-answers.pdf").read_bytes()
        assert len(key) > 1000
