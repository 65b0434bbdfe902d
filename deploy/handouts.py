"""Print the course on paper: one handout per lesson and language, and an answer key per lesson for
the teacher (issue 33). A handout holds the lesson's question, its figures and tables as the
executed lesson shows them, an activity with real cards for lessons 00, 03, 04 and 10
(unplugged.py), and its exercises with room to answer; no code.

    python deploy/handouts.py [--output build/handouts]

The lessons are the executed copies `make book` keeps (deploy/book.py runs what is missing); the
answer keys are the answers the teacher's guide computes. Chromium (Debian's, as the browser
tests use) prints each sheet to PDF: build/handouts/{en,ru}/NN.pdf and NN-answers.pdf.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import book  # noqa: E402
from unplugged import activity_html  # noqa: E402

from twentyone_edu.widgets import quiz_bank  # noqa: E402
from twentyone_edu.words.wording import template  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
MARKDOWN = MarkdownIt("commonmark").enable("table")
IMAGE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
TABLE = re.compile(r"<table\b.*?</table>", re.IGNORECASE | re.DOTALL)
STYLE = """
@page { size: A4; margin: 16mm 15mm; }
body { font-family: "DejaVu Serif", serif; font-size: 11pt; line-height: 1.35; color: #000; }
h1 { font-size: 17pt; margin: 0 0 4mm; } h2 { font-size: 13pt; margin: 6mm 0 2mm; }
blockquote { margin: 2mm 0 2mm 5mm; font-style: italic; }
figure, table { break-inside: avoid; } img { max-width: 100%; max-height: 95mm; }
table { border-collapse: collapse; margin: 2mm 0; font-size: 9.5pt; }
th, td { border: 1px solid #555; padding: 1mm 2mm; }
.exercise { break-inside: avoid; margin: 3mm 0 5mm; }
.room { border: 1px solid #555; height: 28mm; margin-top: 2mm; }
.choices { list-style: none; padding-left: 3mm; } .choices li::before { content: "☐  "; }
.name { float: right; font-size: 10pt; }
pre.printed { font-size: 9pt; border-left: 2px solid #555; padding-left: 3mm; }
.unplugged { break-inside: avoid; } .tally th[scope="row"] { text-align: left; }
.tally td, .tally th[scope="row"] { height: 9mm; } .tally td.write { width: 45mm; }
"""


def title_and_question(notebook: dict) -> tuple[str, str]:
    """The lesson's title and its opening (the first Markdown cell: the question it asks)."""
    first = next("".join(cell["source"]) for cell in notebook["cells"]
                 if cell["cell_type"] == "markdown")
    title, _, rest = first.partition("\n")
    return title.lstrip("# ").strip(), rest


def figures_and_tables(notebook: dict) -> list[str]:
    """The images and tables the lesson's cells show, in order (not its live widgets)."""
    found = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/png" in data:
                found.append(f'<img src="data:image/png;base64,{data["image/png"]}" alt="">')
            shown = "".join(data.get("text/html", ""))
            if shown and "application/vnd.jupyter.widget-view+json" not in data:
                found += IMAGE.findall(shown) + TABLE.findall(shown)
    return found


def printed(notebook: dict, cell_id: str) -> str:
    """What the lesson's cell `cell_id` printed, as the lesson shows it."""
    cell = next(cell for cell in notebook["cells"] if cell.get("id") == cell_id)
    text = "".join("".join(output["text"]) for output in cell.get("outputs", [])
                   if output.get("name") == "stdout")
    return f'<pre class="printed">{html.escape(text.rstrip())}</pre>'


def exercises(lesson: str, language: str, notebook: dict) -> str:
    """The lesson's exercises, each with its choices or room to write the answer, and the
    lesson's printed output where a question uses it."""
    parts = []
    for exercise_id in quiz_bank.lesson_exercises(lesson):
        stored = quiz_bank.exercise(exercise_id)
        question = html.escape(stored["question"][language])
        uses = printed(notebook, stored["printed"]) if "printed" in stored else ""
        answer = ('<ul class="choices">' + "".join(
            f"<li>{html.escape(choice[language])}</li>" for choice in stored["choices"])
            + "</ul>") if "choices" in stored else '<div class="room"></div>'
        parts.append(f'<div class="exercise">{uses}<p><b>{exercise_id}.</b> {question}</p>'
                     f"{answer}</div>")
    return "".join(parts)


def sheet(title: str, body: str, language: str) -> str:
    """A printable page."""
    return (f'<!DOCTYPE html><html lang="{language}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
            f"<body>{body}</body></html>")


def handout(page: book.Page, executed: Path = book.EXECUTED) -> str:
    """The handout of one lesson: question, figures and tables, its activity with real cards
    (lessons 00, 03, 04, 10), exercises with room."""
    notebook = json.loads(page.kept(executed).read_text(encoding="utf-8"))
    title, question = title_and_question(notebook)
    language = page.language
    body = (f'<p class="name">{html.escape(template("handout.name", language))}</p>'
            f"<h1>{html.escape(title)}</h1>{MARKDOWN.render(question)}"
            + "".join(f"<figure>{part}</figure>" for part in figures_and_tables(notebook))
            + activity_html(page.name[:2], language)
            + f"<h2>{html.escape(template('handout.exercises', language))}</h2>"
            + exercises(page.name[:2], language, notebook))
    return sheet(title, body, language)


def answer_key(lesson: str, language: str, guide: dict) -> str:
    """The answers to one lesson's exercises, as the teacher's guide computes them."""
    mark = re.compile(rf"\*\*(?:Exercise|Упражнение) {lesson}\.\d+")
    answers = ["".join(output["data"]["text/markdown"]) for cell in guide["cells"]
               for output in cell.get("outputs", [])
               if mark.search("".join(output.get("data", {}).get("text/markdown", "")))]
    title = template("handout.answers", language).format(lesson=lesson)
    return sheet(title, f"<h1>{html.escape(title)}</h1>"
                 + "".join(MARKDOWN.render(text) for text in answers), language)


def build(output: Path, executed: Path = book.EXECUTED) -> list[Path]:
    """Every handout and answer key as PDF in `output`/{en,ru}, from the lessons executed into
    `executed` (run there first where missing or stale); return their paths."""
    from playwright.sync_api import sync_playwright

    book.execute_all(2, executed)
    sheets: dict[Path, str] = {}
    for language in book.LANGUAGES:
        guide = json.loads(book.Page(language, book.GUIDE).kept(executed).read_text("utf-8"))
        for name in book.LESSONS:
            lesson = book.Page(language, name)
            sheets[output / language / f"{name[:2]}.pdf"] = handout(lesson, executed)
            sheets[output / language / f"{name[:2]}-answers.pdf"] = answer_key(
                name[:2], language, guide)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        for path, text in sheets.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            page.set_content(text, wait_until="load")
            page.pdf(path=str(path), format="A4", print_background=True)
        browser.close()
    return list(sheets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "handouts")
    written = build(parser.parse_args().output)
    print(f"{len(written)} PDFs in {written[0].parent.parent}")


if __name__ == "__main__":
    main()
