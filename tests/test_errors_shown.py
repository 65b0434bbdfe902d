"""A course error in a lesson shows as one line in the lesson's language, never a traceback
(widgets/errors_shown.py): a Russian lesson's errors are Russian, a table's included."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import twentyone_edu as t21
from twentyone_edu.widgets import show_errors_in

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[01]*.ipynb"))
RUSSIAN = sorted((ROOT / "notebooks" / "ru").glob("[01]*.ipynb"))


def outputs_of(*cells: str) -> list[list[dict]]:
    """Run `cells` in a fresh kernel, errors allowed; return each cell's outputs."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(notebook, timeout=60, kernel_name="python3", allow_errors=True).execute()
    return [cell.outputs for cell in notebook.cells]


def shown(outputs: list[dict]) -> str:
    """Everything a cell showed: streams, results and error tracebacks."""
    return "\n".join(output.get("text", "") + "\n".join(output.get("traceback", []))
                     for output in outputs)


def refusal(action) -> t21.TwentyOneError:
    """The error `action` raises here, in this process."""
    with pytest.raises(t21.TwentyOneError) as caught:
        action()
    return caught.value


def test_a_russian_lesson_shows_a_course_error_in_russian_without_a_traceback():
    card = refusal(lambda: t21.hand_value("X 9"))
    table = t21.Table(["Anna", "Boris"], seed=1)
    stake = refusal(lambda: table.stake("Boris", -1))
    setup, bad_card, bad_stake, other = outputs_of(
        "import twentyone_edu as t21\nt21.widgets.show_errors_in('ru')",
        "t21.hand_value('X 9')",
        "t21.Table(['Anna', 'Boris'], seed=1).stake('Boris', -1)",
        "1 / 0")
    assert setup == []
    for outputs, error in ((bad_card, card), (bad_stake, stake)):
        # (one message; a loaded kernel may send it in several stderr chunks: CI 49)
        assert outputs and {output.get("name") for output in outputs} == {"stderr"}
        assert "".join(output["text"] for output in outputs).strip() == error.in_language("ru")
        assert error.in_language("ru") != str(error)
        assert "Traceback" not in shown(outputs) and str(error) not in shown(outputs)
    assert other[0]["output_type"] == "error" and other[0]["ename"] == "ZeroDivisionError"


def test_without_the_call_a_course_error_is_the_usual_english_traceback():
    (outputs,) = outputs_of("import twentyone_edu as t21\nt21.hand_value('X 9')")
    assert outputs[0]["output_type"] == "error"
    assert str(refusal(lambda: t21.hand_value("X 9"))) in shown(outputs)


def test_a_language_it_does_not_speak_is_refused_and_outside_a_notebook_nothing_changes():
    with pytest.raises(t21.TwentyOneError, match="xx"):
        show_errors_in("xx")
    assert show_errors_in("ru") is None


@pytest.mark.parametrize("path", LESSONS + RUSSIAN,
                         ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_lesson_shows_its_errors_in_its_language_from_its_first_code_cell(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    first = "".join(next(cell for cell in cells if cell["cell_type"] == "code")["source"])
    language = "ru" if path.parent.name == "ru" else "en"
    assert f'LANGUAGE = "{language}"' in first
    assert "show_errors_in(LANGUAGE)" in first
