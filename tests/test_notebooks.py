"""The course notebooks: each runs top to bottom in a fresh kernel in under 60 s, is committed
with its outputs cleared, uses only the public API, keeps its exercise answers hidden, and its
quiz tokens are the tokens of the answers the teacher's guide computes with the engine.

Conventions the checks rely on (notebooks/teacher_guide.ipynb explains them to teachers):
- an exercise is a code cell starting with `# Exercise NN.k` (NN the notebook's number) that
  builds one `Quiz(...)` whose `answer=` is a token string made by `make_answer_token`;
- the teacher's guide records every answer with `answer("NN.k", value, how)` into `ANSWERS`
  (value an int, a Fraction or, for a multiple choice, the text of the right choice).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import time
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import twentyone_edu
from twentyone_edu.widgets import make_answer_token

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
GUIDE = NOTEBOOKS / "teacher_guide.ipynb"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
LESSONS = [path for path in ALL if re.match(r"\d\d_", path.name)]
SECONDS = 60
EXERCISES_PER_LESSON = range(3, 7)

EXERCISE = re.compile(r"^# Exercise (\d\d)\.(\d+)\s*$", re.MULTILINE)
TOKEN = re.compile(r"""answer\s*=\s*(['"])(t21q1:[0-9a-zA-Z]+:[0-9a-f,]+)\1""")
ANSWER_ARGUMENT = re.compile(r"\banswer\s*=")
PUBLIC_MODULES = {"twentyone_edu"} | {  # the submodules the package lists in __all__
    f"twentyone_edu.{name}" for name in twentyone_edu.__all__
    if importlib.util.find_spec(f"twentyone_edu.{name}") is not None
}
PROBE = """
import json as _json
from fractions import Fraction as _Fraction
print("T21-ANSWERS " + _json.dumps({
    key: ["text", value] if isinstance(value, str) else ["number", str(_Fraction(value))]
    for key, value in ANSWERS.items()}))
"""

_executed: dict[Path, tuple[nbformat.NotebookNode, float]] = {}


def ids(paths):
    return [path.name for path in paths]


def code_cells(path: Path):
    return [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


def execute(path: Path) -> tuple[nbformat.NotebookNode, float]:
    """Run a notebook in a fresh kernel with notebooks/ as its folder; (notebook, seconds).

    The kernel imports the package from this checkout. The guide gets one more cell at the end
    that prints its ANSWERS as JSON. Each notebook runs once per test session.
    """
    if path not in _executed:
        nb = nbformat.read(path, as_version=4)
        if path == GUIDE:
            nb.cells.append(nbformat.v4.new_code_cell(PROBE))
        env = {**os.environ,
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                           os.environ.get("PYTHONPATH")]))}
        client = NotebookClient(nb, timeout=SECONDS, kernel_name="python3",
                                resources={"metadata": {"path": str(NOTEBOOKS)}})
        start = time.perf_counter()
        client.execute(env=env)
        _executed[path] = (nb, time.perf_counter() - start)
    return _executed[path]


def guide_answers() -> dict[str, object]:
    """The answers the executed guide recorded: id -> Fraction or choice text."""
    nb, _ = execute(GUIDE)
    for output in nb.cells[-1].outputs:
        for line in output.get("text", "").splitlines():
            if line.startswith("T21-ANSWERS "):
                raw = json.loads(line.removeprefix("T21-ANSWERS "))
                return {key: Fraction(value) if kind == "number" else value
                        for key, (kind, value) in raw.items()}
    raise AssertionError("the teacher's guide printed no ANSWERS")


def exercises(path: Path) -> dict[str, tuple[str, str]]:
    """id -> (token, cell source) for every exercise cell of a student notebook."""
    found = {}
    for cell in code_cells(path):
        marks = EXERCISE.findall(cell.source)
        tokens = TOKEN.findall(cell.source)
        if not marks:
            assert not tokens, f"{path.name}: a quiz token outside an exercise cell:\n{cell.source}"
            continue
        assert len(marks) == 1 and len(tokens) == 1, (
            f"{path.name}: an exercise cell needs one '# Exercise NN.k' and one answer token:\n"
            f"{cell.source}")
        key = ".".join(marks[0])
        assert key not in found, f"{path.name}: exercise {key} appears twice"
        found[key] = (tokens[0][1], cell.source)
    return found


def test_there_is_a_course():
    assert GUIDE in ALL
    assert (NOTEBOOKS / "00_start_here.ipynb") in ALL


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_runs_top_to_bottom_in_a_fresh_kernel_under_60_s(path):
    nb, seconds = execute(path)
    errors = [output for cell in nb.cells if cell.cell_type == "code"
              for output in cell.outputs if output.output_type == "error"]
    assert not errors
    assert seconds < SECONDS, f"{path.name} took {seconds:.1f} s"


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_committed_with_outputs_cleared(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: a cell has outputs:\n{cell.source}"
            assert cell.execution_count is None, f"{path.name}: an execution count is saved"
    assert "widgets" not in nb.metadata, f"{path.name}: widget state is saved"
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"


def _private_uses(source: str) -> list[str]:
    """Imports of non-public twentyone_edu modules and uses of its `_private` names."""
    tree = ast.parse("\n".join("pass" if line.lstrip().startswith(("%", "!")) else line
                               for line in source.splitlines()))
    aliases, problems = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "twentyone_edu":
                    if alias.name not in PUBLIC_MODULES:
                        problems.append(f"import {alias.name}")
                    aliases.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("twentyone_edu"):
            if node.module not in PUBLIC_MODULES:
                problems.append(f"from {node.module} import ...")
            for alias in node.names:
                if alias.name.startswith("_"):
                    problems.append(f"from {node.module} import {alias.name}")
                aliases.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in aliases:
                problems.append(ast.unparse(node))
    return problems


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_uses_only_the_public_api(path):
    for cell in code_cells(path):
        assert not _private_uses(cell.source), (path.name, _private_uses(cell.source))


def test_the_public_api_check_can_fail():
    assert _private_uses("from twentyone_edu import exact\nexact._memo.clear()")
    assert _private_uses("import twentyone_edu as t21\nt21.cards._RANK_NAMES")
    assert _private_uses("from twentyone_edu.banker_hands import distribution")
    assert _private_uses("from twentyone_edu.widgets import _guard")
    assert not _private_uses("import twentyone_edu as t21\nfrom twentyone_edu import exact\n"
                             "t21.__version__, exact.round_value(17)")


TYPED_NUMBER = re.compile(r"(?<![\w./-])\d+/\d+(?![\w/])|\d+\.\d{3,}")


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_numbers_in_the_prose_are_computed_not_typed(path):
    """No fraction or long decimal typed into Markdown (code spans, links and the guide's
    copies of exercise questions, which may state given numbers, are not prose)."""
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown" and not cell.source.startswith("**Exercise"):
            prose = re.sub(r"`[^`]*`|\([^)]*\.ipynb\)", "", cell.source)
            assert not TYPED_NUMBER.findall(prose), (path.name, TYPED_NUMBER.findall(prose))


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_lesson_has_three_to_six_exercises_with_hidden_answers(path):
    found = exercises(path)
    assert len(found) in EXERCISES_PER_LESSON, f"{path.name}: {sorted(found)}"
    assert all(key.startswith(path.name[:2] + ".") for key in found), sorted(found)
    for cell in code_cells(path):
        arguments = len(ANSWER_ARGUMENT.findall(cell.source))
        assert arguments == len(TOKEN.findall(cell.source)), (
            f"{path.name}: an answer given other than as a token:\n{cell.source}")


def test_the_guide_has_a_section_per_notebook():
    headings = [cell.source.splitlines()[0] for cell in nbformat.read(GUIDE, as_version=4).cells
                if cell.cell_type == "markdown" and cell.source.startswith("## ")]
    keys = [re.match(r"## (\d\d|app) — ", h).group(1) for h in headings
            if re.match(r"## (\d\d|app) — ", h)]
    assert keys == [f"{i:02d}" for i in range(9)] + ["app"], headings


def test_the_guide_answers_every_exercise_and_agrees_with_the_tokens():
    answers = guide_answers()
    tokens = {key: token for path in LESSONS for key, (token, _) in exercises(path).items()}
    unanswered = sorted(set(tokens) - set(answers))
    orphans = sorted(set(answers) - set(tokens))
    assert not unanswered and not orphans, (
        f"exercises without an answer in the guide: {unanswered}; "
        f"answers in the guide without an exercise: {orphans}")
    for key, token in tokens.items():
        salt = token.split(":")[1]
        assert make_answer_token(answers[key], salt=salt) == token, (
            f"exercise {key}: the notebook's token is not the token of the guide's answer "
            f"{answers[key]}")


def test_answers_do_not_appear_in_the_exercise_cells():
    answers = guide_answers()
    for path in LESSONS:
        for key, (_, source) in exercises(path).items():
            value = answers.get(key, "")  # a missing answer fails the agreement test
            if isinstance(value, str) or (value.denominator == 1 and abs(value) < 10):
                continue  # choices are all shown; a one-digit answer may be a given number
            written = {str(value), f"{float(value):.4f}", f"{float(value):.2%}"}
            quoted = re.sub(r"answer\s*=\s*(['\"]).*?\1", "", source)
            for form in written:
                assert not re.search(rf"(?<![\w./]){re.escape(form)}(?![\w/]|\.\d)", quoted), (
                    f"{path.name}: exercise {key} shows its answer {form}")


def _outputs_text(nb) -> str:
    texts = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            texts.append(output.get("text", ""))
            texts += [str(v) for k, v in output.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(texts)


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_answers_are_not_printed_by_the_lesson(path):
    answers = guide_answers()
    shown = _outputs_text(execute(path)[0])
    for key in exercises(path):
        value = answers.get(key, "")  # a missing answer fails the agreement test
        if isinstance(value, str) or value.denominator == 1:
            continue  # choices are on screen by design; whole numbers are everywhere
        for form in (str(value), f"{float(value):.4f}"):
            assert not re.search(rf"(?<![\w./]){re.escape(form)}(?![\w/]|\d)", shown), (
                f"{path.name}: the lesson prints the answer to exercise {key}: {form}")


LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")


def test_start_here_links_every_notebook_of_the_course():
    start = NOTEBOOKS / "00_start_here.ipynb"
    prose = "\n".join(cell.source for cell in nbformat.read(start, as_version=4).cells
                      if cell.cell_type == "markdown")
    linked = set(LINK.findall(prose))
    assert {path.name for path in ALL} - {start.name} <= linked
    assert {f"{i:02d}_" for i in range(9)} <= {name[:3] for name in linked}
    assert "app.ipynb" in linked


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_links_between_notebooks_lead_somewhere(path):
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            for target in LINK.findall(cell.source):
                if "://" not in target:
                    assert (path.parent / target).exists(), f"{path.name} links to {target}"


def test_start_here_deals_the_course_question_first():
    """00's prose asks the student to look at the first hand: with its seed it is a 19."""
    from twentyone_edu.widgets import TableWidget

    source = "\n".join(cell.source for cell in code_cells(NOTEBOOKS / "00_start_here.ipynb"))
    seed = int(re.search(r"TableWidget\(seed=(\d+)", source).group(1))
    table = TableWidget(seed=seed)
    table.deal_button.click()
    assert table.table.to_act == "You"
    assert twentyone_edu.hand_value(table.table.hands["You"]).total == 19
