"""The historical passage of lesson 01 (R1–R20): the Russian as printed, and in the English
course our translation beside it, paragraph by paragraph."""

from __future__ import annotations

from html import escape
from importlib.resources import files

from ..words.errors import check_language

ORIGINAL = "dvadtsat_odno_ru.txt"
TRANSLATION = "dvadtsat_odno_en.txt"
HEADINGS = ("«Двадцать одно» (source)", "our English translation")


def paragraphs(name: str) -> list[str]:
    """The paragraphs of one of the passage's files (a blank line between two)."""
    text = files("twentyone_edu").joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return [block.strip() for block in text.split("\n\n") if block.strip()]


def passage_html(language: str = "en") -> str:
    """The passage as an HTML table: in English the original and our translation side by side,
    in Russian the original alone."""
    language = check_language(language)
    columns = [paragraphs(ORIGINAL)]
    if language == "en":
        columns.append(paragraphs(TRANSLATION))
    cell = '<td style="vertical-align: top; text-align: left; padding: 0.4em 0.8em">{}</td>'
    rows = ["<tr>" + "".join(cell.format(escape(text)) for text in row) + "</tr>"
            for row in zip(*columns, strict=True)]
    head = ("<tr>" + "".join(f'<th style="text-align: left">{escape(h)}</th>' for h in HEADINGS)
            + "</tr>") if language == "en" else ""
    return f'<table class="t21-passage">{head}{"".join(rows)}</table>'


def show_passage(language: str = "en") -> None:
    """Show the passage in a notebook (see `passage_html`)."""
    from IPython.display import HTML, display

    display(HTML(passage_html(language)))
