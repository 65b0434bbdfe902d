"""A lesson's table shown as a table: the lesson computes the cells, this lays them out."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape

from ..words.errors import RuleError

# A cell that reads as a number (−0.25, +2, 1 234, 7.8 %, 4/51) is set flush right.
NUMBER = re.compile(r"[+−-]?[\d\s.,/\u00a0\u202f]+%?")


def _cell(value: object, tag: str, scope: str = "") -> str:
    text = str(value)
    align = "right" if NUMBER.fullmatch(text.strip()) else "left"
    scope = f' scope="{scope}"' if scope else ""
    style = f"text-align: {align}; padding: 0.15em 0.7em"
    return f'<{tag}{scope} style="{style}">{escape(text)}</{tag}>'


def table_html(rows: Iterable[Sequence[object]], header: Sequence[object] = ()) -> str:
    """The rows as an HTML table; `header`, if given, names the columns. Every row has as many
    cells as the header (or as the first row)."""
    rows = [list(row) for row in rows]
    width = len(header) if header else len(rows[0]) if rows else 0
    for row in rows:
        if len(row) != width:
            raise RuleError("table_row", row=len(row), width=width)
    head = "<tr>" + "".join(_cell(h, "th", "col") for h in header) + "</tr>" if header else ""
    body = "".join("<tr>" + "".join(_cell(c, "td") for c in row) + "</tr>" for row in rows)
    return f'<table class="t21-table">{head}{body}</table>'


def show_table(rows: Iterable[Sequence[object]], header: Sequence[object] = ()) -> None:
    """Show the rows as a table in the notebook (see `table_html`)."""
    from IPython.display import HTML, display

    display(HTML(table_html(rows, header)))
