"""`make handouts` (deploy/handouts.py): a printable sheet per lesson and language, and the
teacher's answer key, from the executed lessons (the same notebooks as the book's test).

Each sheet is read as HTML before Chromium prints it: the lesson's title, every exercise of its
quiz bank in its language, its figures, and none of the lesson's code cells (some exercises name
a rule set in Python, as the quiz bank words them). Then each printed PDF is read back as a
reader would see it (pypdfium2 draws every page and extracts its text): its exercises, its
figures as images, ink on every page, no code line; and each answer key names its exercises."""

from __future__ import annotations

import html
import json
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from deploy_scripts import load

from twentyone_edu.widgets import quiz_bank

from .conftest import CHROMIUM, missing
from .test_book import PAGES, book, executed_course

handouts = load("handouts")


def code_lines(path: Path) -> list[str]:
    """The lines of a notebook's code cells that no prose would hold: not comments, not short."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [line.strip() for cell in cells if cell["cell_type"] == "code"
            for line in "".join(cell["source"]).splitlines()
            if len(line.strip()) >= 20 and not line.strip().startswith("#")]


@dataclass
class Page:
    inked: float  # the share of the rendered page that is not white


@dataclass
class Rendered:
    """A PDF as a reader sees it: each page's text and picture, and its images."""

    texts: list[str]
    pages: list[Page]
    images: int


def rendered(path: Path) -> Rendered:
    """Each page of `path` drawn at 50 dpi, with its text and its image objects."""
    document = pdfium.PdfDocument(path)
    texts, pages, images = [], [], 0
    for page in document:
        texts.append(page.get_textpage().get_text_range())
        pixels = page.render(scale=50 / 72).to_numpy()
        pages.append(Page(inked=float((pixels[..., :3].min(axis=-1) < 200).mean())))
        images += len(list(page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,))))
    document.close()
    return Rendered(texts, pages, images)


def squeezed(text: str) -> str:
    """Text without its spaces and line breaks (a PDF's text breaks lines where it likes)."""
    return re.sub(r"\s+", "", text)


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
    for exercise_id in quiz_bank.lesson_exercises(page.name[:2]):
        cell_id = quiz_bank.exercise(exercise_id).get("printed")
        if cell_id:  # the question uses what a cell printed: the sheet prints it too
            shown = handouts.printed(json.loads(notebook), cell_id)
            assert len(shown) > 40 and shown in sheet
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
        for name in book.LESSONS:
            lesson = name[:2]
            sheet = rendered(tmp_path / language / f"{lesson}.pdf")
            text = " ".join(sheet.texts)
            for exercise_id in quiz_bank.lesson_exercises(lesson):
                assert f"{exercise_id}." in text, (language, exercise_id)
            notebook = executed / language / f"{name}.ipynb"
            if "data:image/png;base64" in notebook.read_text(encoding="utf-8"):
                assert sheet.images >= 1, (language, lesson)
            inked = [page.inked for page in sheet.pages]  # a last page may hold one answer box
            assert inked[0] > 0.02 and min(inked) > 0.001, (language, lesson, inked)
            for line in code_lines(notebook):
                assert squeezed(line) not in squeezed(text), (language, lesson, line)
            answers = " ".join(rendered(tmp_path / language / f"{lesson}-answers.pdf").texts)
            for exercise_id in quiz_bank.lesson_exercises(lesson):
                assert exercise_id in answers, (language, exercise_id)
