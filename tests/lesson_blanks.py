"""Running a lesson's blank as a student would (issue 30): the lesson's cells, the blank filled
with a body or left as committed, in one namespace; and the completed body the teacher's guide
gives. Shared by the tests of lessons 10 and 11."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "teacher" / "teacher_guide.ipynb"
BLANK = re.compile(r"^ +# Your turn.*?raise NotImplementedError\([^)]*\)$", re.M | re.S)
FIGURE = re.compile(r"\nfig = Figure.*", re.S)  # a cell's figure, left out: nothing to draw on


def guide_body(cell_id: str) -> str:
    """The one completed body the guide's cell `cell_id` gives."""
    (cell,) = [cell for cell in nbformat.read(GUIDE, as_version=4).cells
               if cell.get("id") == cell_id]
    (body,) = re.findall(r"```python\n(.*?)```", cell.source, re.S)
    return body


def run_cells(lesson: Path, cell_ids: tuple[str, ...],
              body: str | None = None) -> tuple[dict, str]:
    """The lesson's cells `cell_ids`, figures left out and the blank filled with `body` (or as
    committed), run in one namespace; returns the namespace and what was printed."""
    cells = {cell.get("id"): cell.source for cell in nbformat.read(lesson, as_version=4).cells}
    sources = [FIGURE.sub("", cells[cell_id]) for cell_id in cell_ids]
    if body is not None:
        sources = [BLANK.sub(lambda _: body.rstrip("\n"), source) for source in sources]
    namespace: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for source in sources:
            exec(compile(source, lesson.name, "exec"), namespace)
    return namespace, printed.getvalue()
