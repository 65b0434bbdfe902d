"""The course notebooks: the lessons follow the lesson map, each runs top to bottom in a fresh
kernel in under 60 s, fits a 45-minute lesson, shows at least one figure with a text
alternative, is committed with its outputs cleared, uses only the public API and keeps its
exercise answers hidden; the quiz bank's tokens are the tokens of the answers the teacher's
guide computes with the engine.

Conventions the checks rely on (teacher/teacher_guide.ipynb explains them to teachers):
- lesson NN's exercises live in twentyone_edu/data/quizzes/NN.json (id "NN.k" -> question,
  answer token, hints, optional choices and min_digits; see widgets/quiz_bank.py), their
  Russian in the catalog locale/ru/LC_MESSAGES/quizzes.po;
- an exercise cell of lesson NN reads exactly
      # Exercise NN.k
      quiz("NN.k", language=LANGUAGE)
  and every entry of NN.json has exactly one such cell in lesson NN;
- the teacher's guide records every answer with `answer("NN.k", value, how)` into `ANSWERS`
  (value an int, a Fraction or, for a multiple choice, the text of the right choice).
"""

from __future__ import annotations

import ast
import html
import importlib.util
import json
import os
import re
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import twentyone_edu
from twentyone_edu.widgets import make_answer_token, quiz_bank

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
BANK = ROOT / "twentyone_edu" / "data" / "quizzes"
GUIDE = ROOT / "teacher" / "teacher_guide.ipynb"
# The lesson map of course 2.0 (issue 10): exactly these lessons, in this order.
LESSON_MAP = (
    "00_start_here",
    "01_the_rules_cards_and_deal",
    "02_the_rules_buying_and_the_bank",
    "03_play_the_banker",
    "04_nineteen_or_twenty",
    "05_the_exact_method",
    "06_where_the_advice_fails",
    "07_when_to_buy",
    "08_the_bankers_edge",
    "09_the_price_of_the_bank",
    "10_choosing_the_banker",
    "11_exact_vs_simulation",
    "12_twenty_one_through_history",
)
LESSONS = [NOTEBOOKS / f"{name}.ipynb" for name in LESSON_MAP]
ALL = sorted({*NOTEBOOKS.glob("*.ipynb"), *LESSONS, GUIDE})
# The Russian course, written by `make ru-notebooks` from ALL and the catalogs (issue 12).
RUSSIAN = sorted([*(NOTEBOOKS / "ru").glob("*.ipynb"), GUIDE.parent / "ru" / GUIDE.name])
SECONDS = 60
EXERCISES_PER_LESSON = range(3, 7)

EXERCISE_MARK = re.compile(r"^# Exercise\b", re.MULTILINE)
EXERCISE_CELL = re.compile(r"# Exercise (\d\d\.\d{1,2})\nquiz\(\"(\d\d\.\d{1,2})\", "
                           r"language=LANGUAGE\)")
QUIZ_MACHINERY = re.compile(r"\bQuiz\(|make_answer_token|t21q1:|\bquiz\(")
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

# Run after a lesson (and not timed): the text alternatives of the charts its widgets show.
# A widget draws its chart off the kernel's loop, so the probe awaits the widgets' work (and a
# chart) for up to 30 s, then sends every widget's state again: nbclient records the messages
# of the cell it runs, so the saved state (the book's stills) is each widget's result.
CHARTS_PROBE = """
import json as _json

from twentyone_edu.widgets import settle as _settle

await _settle.settle(30)  # recorded as this cell's: the book shows it
print("T21-CHARTS " + _json.dumps([w.alt for w in _settle.charts() if w.alt.strip()]))
"""

# Run before a notebook: the package's figures keep a record of the words drawn into them
# (titles, axis labels, ticks, legends), which the probe prints; no text check can read a PNG.
FIGURE_WORDS_SETUP = """
import matplotlib.text as _text
import twentyone_edu.plots as _plots

_T21_FIGURE_WORDS = []
_figure_html = _plots.figure_html


def _recording_figure_html(fig, *args, **kwargs):
    shown = _figure_html(fig, *args, **kwargs)
    _T21_FIGURE_WORDS.extend(t.get_text() for t in fig.findobj(_text.Text)
                             if t.get_visible() and t.get_text().strip())
    return shown


_plots.figure_html = _recording_figure_html
"""
FIGURE_WORDS_PROBE = """
import json as _json
print("T21-FIGURE-WORDS " + _json.dumps(_T21_FIGURE_WORDS))
"""

_executed: dict[Path, tuple[nbformat.NotebookNode, float]] = {}


def ids(paths):
    return [path.relative_to(ROOT).as_posix() for path in paths]


def code_cells(path: Path):
    return [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


def execute(path: Path) -> tuple[nbformat.NotebookNode, float]:
    """Run a notebook in a fresh kernel in its own folder; (notebook, seconds).

    The kernel imports the package from this checkout. A first cell makes the package's figures
    record the words drawn into them (FIGURE_WORDS_SETUP). After the notebook's own cells, one
    more cell prints the guide's ANSWERS as JSON, or a lesson's chart texts (CHARTS_PROBE), and
    the figures' words. The cells before the probe are timed. Each notebook runs once per test
    session.
    """
    if path not in _executed:
        nb = nbformat.read(path, as_version=4)
        nb.cells.insert(0, nbformat.v4.new_code_cell(FIGURE_WORDS_SETUP))
        probe = len(nb.cells)
        nb.cells.append(nbformat.v4.new_code_cell(
            (PROBE if path == GUIDE else CHARTS_PROBE) + FIGURE_WORDS_PROBE))
        env = {**os.environ,
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                           os.environ.get("PYTHONPATH")]))}
        probed = {}

        def started(cell, cell_index, **_):
            if cell_index == probe:
                probed["at"] = time.perf_counter()

        client = NotebookClient(nb, timeout=SECONDS, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}},
                                on_cell_start=started)
        start = time.perf_counter()
        client.execute(env=env)
        _executed[path] = (nb, probed["at"] - start)
    return _executed[path]


def probe_output(nb: nbformat.NotebookNode, prefix: str) -> object:
    """What the appended probe cell printed after `prefix`, read as JSON."""
    for output in nb.cells[-1].outputs:
        for line in output.get("text", "").splitlines():
            if line.startswith(prefix + " "):
                return json.loads(line.removeprefix(prefix + " "))
    raise AssertionError(f"the probe printed no {prefix}")


def guide_answers() -> dict[str, object]:
    """The answers the executed guide recorded: id -> Fraction or choice text."""
    raw = probe_output(execute(GUIDE)[0], "T21-ANSWERS")
    return {key: Fraction(value) if kind == "number" else value
            for key, (kind, value) in raw.items()}


def bank(lesson: str) -> dict[str, dict]:
    """Lesson NN's exercises as stored in the package (empty if it has no bank file)."""
    path = BANK / f"{lesson}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def exercise_cells(path: Path) -> dict[str, str]:
    """id -> cell source for every exercise cell of a lesson; a cell that looks like an
    exercise or shows a quiz's machinery but is not exactly the two-line form fails."""
    found = {}
    for cell in code_cells(path):
        source = cell.source.strip()
        match = EXERCISE_CELL.fullmatch(source)
        if match is None:
            assert not EXERCISE_MARK.search(source) and not QUIZ_MACHINERY.search(source), (
                f"{path.name}: an exercise cell reads exactly '# Exercise NN.k' and then "
                f"'quiz(\"NN.k\", language=LANGUAGE)':\n{cell.source}")
            continue
        mark, shown = match.groups()
        assert mark == shown, f"{path.name}: the cell marked {mark} shows exercise {shown}"
        assert mark not in found, f"{path.name}: exercise {mark} appears twice"
        found[mark] = cell.source
    return found


def exercises(path: Path) -> dict[str, tuple[str, str]]:
    """id -> (token in the quiz bank, cell source) for every exercise cell of a lesson."""
    stored = bank(path.name[:2])
    cells = exercise_cells(path)
    missing = sorted(set(cells) - set(stored))
    assert not missing, f"{path.name}: exercises {missing} are not in {path.name[:2]}.json"
    return {key: (stored[key]["answer"], source) for key, source in cells.items()}


MINUTES = 40  # of a 45-minute lesson; 5 are left for the teacher
WORDS_PER_MINUTE = 100
WIDGET = re.compile(r"\b(?:TableWidget|AdviceExplorer|StrategyExplorer|SimulationExplorer|"
                    r"BankerChooser|CourseApp|interact|interactive)\(")


def prose_words(markdown: str) -> int:
    """Words a student reads in a Markdown cell: link targets and HTML tags are not read."""
    prose = re.sub(r"\]\([^)]*\)|<[^>]+>", " ", markdown)
    return len(re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", prose))


@dataclass(frozen=True)
class LessonTime:
    """The parts of a lesson's estimated time, by the rule of test_every_lesson_fits_45_minutes."""

    words: int
    code_cells: int
    exercises: int
    widgets: int

    @property
    def minutes(self) -> Fraction:
        return (Fraction(self.words, WORDS_PER_MINUTE) + self.code_cells + 3 * self.exercises
                + 5 * self.widgets)

    def __str__(self) -> str:
        return (f"{float(self.minutes):.1f} min = {self.words} words ÷ {WORDS_PER_MINUTE} "
                f"({self.words / WORDS_PER_MINUTE:.1f}) + {self.code_cells} code cells × 1 "
                f"+ {self.exercises} exercises × 3 ({3 * self.exercises}) "
                f"+ {self.widgets} interactive widgets × 5 ({5 * self.widgets})")


def lesson_time(nb: nbformat.NotebookNode) -> LessonTime:
    """The estimated time of a lesson, part by part (the rule is in
    test_every_lesson_fits_45_minutes)."""
    code = [cell.source for cell in nb.cells if cell.cell_type == "code"]
    return LessonTime(
        words=sum(prose_words(cell.source) for cell in nb.cells if cell.cell_type == "markdown"),
        code_cells=len(code),
        exercises=sum(bool(EXERCISE_CELL.fullmatch(source.strip())) for source in code),
        widgets=sum(len(WIDGET.findall(source)) for source in code))


IMAGE = re.compile(r"<img\b[^>]*?\balt\s*=\s*(?:\"([^\"]*)\"|'([^']*)')", re.IGNORECASE)


def figure_texts(nb: nbformat.NotebookNode) -> list[str]:
    """The text alternatives of the images an executed notebook shows: in HTML outputs (from
    t21.plots.show) and in the saved state of its widgets (a ChartImage's <img>)."""
    shown = [str(output.get("data", {}).get("text/html", ""))
             for cell in nb.cells if cell.cell_type == "code" for output in cell.get("outputs", [])]
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    shown += [str(model.get("state", {}).get("value", ""))
              for model in state.get("state", {}).values()]
    return [html.unescape(a or b).strip() for text in shown for a, b in IMAGE.findall(text)]


def test_there_is_a_course():
    assert GUIDE in ALL
    assert (NOTEBOOKS / "00_start_here.ipynb") in ALL


def test_the_course_follows_the_lesson_map():
    lessons = sorted(path.stem for path in NOTEBOOKS.glob("*.ipynb")
                     if re.match(r"\d\d_", path.name))
    assert lessons == list(LESSON_MAP), (
        f"missing: {sorted(set(LESSON_MAP) - set(lessons))}; "
        f"not in the map: {sorted(set(lessons) - set(LESSON_MAP))}")
    banks = sorted(path.stem for path in BANK.glob("*.json"))
    assert set(banks) <= {name[:2] for name in LESSON_MAP}, banks


@pytest.mark.parametrize("path", ALL + RUSSIAN, ids=ids(ALL + RUSSIAN))
def test_runs_top_to_bottom_in_a_fresh_kernel_under_60_s(path):
    nb, seconds = execute(path)
    errors = [output for cell in nb.cells if cell.cell_type == "code"
              for output in cell.outputs if output.output_type == "error"]
    assert not errors
    assert seconds < SECONDS, f"{path.name} took {seconds:.1f} s"


# What a Russian notebook may print in Latin letters: the names of libraries and of the games'
# foreign forms, which Russian prose writes in Latin letters too. Rule ids (R7) are not words,
# and centuries (CENTURY) are Roman numerals. A card's rank in Latin letters (A, J, Q, K) is
# English left (issue 19.2): the Russian course writes Т, В, Д, К.
LATIN_IN_RUSSIAN = {"vingt", "un", "scipy", "sympy", "numpy", "Python"}
# A cell whose purpose is to show Python itself (a listing, a repr being explained) is tagged so.
SHOWS_PYTHON = "shows-python"
LATIN_WORD = re.compile(r"(?<!\w)[A-Za-z][A-Za-z']*[A-Za-z]")
TEX_MATH = re.compile(r"\$[^$]*\$")  # mathtext in a figure, e.g. a tick's $\mathdefault{10^{-2}}$
POINT_DECIMAL = re.compile(r"(?<![\w.,])\d+\.\d+(?![\w.])")
HYPHEN_MINUS = re.compile(r"(?<![\w)\]])-(?=\d)")
APPROX_ZERO = re.compile(r"≈\s*[−-]?0(?:[.,]0+)?(?![.,]?\d)(?:\s*%)?")  # '≈ 0,00 %': say '= 0'
LATIN_RANK = re.compile(r"(?<![\w'\"])[AJQK](?![\w'\"])")
# Russian writes centuries in Roman numerals («XIX в.»): they are not English words.
CENTURY = re.compile(r"X{0,2}(?:IX|IV|V?I{0,3})")


def shown_texts(nb: nbformat.NotebookNode) -> list[tuple[int, str]]:
    """(cell index, text) for everything an executed notebook shows a reader: printed text,
    results, Markdown and HTML with its tags removed, the alt texts of figures and charts and
    the words drawn into figures (reported as the cell after the last)."""
    shown: list[tuple[int, str]] = []
    first = 1 if nb.cells and nb.cells[0].source == FIGURE_WORDS_SETUP else 0
    for index, cell in enumerate(nb.cells[first:-1]):  # cells the test added are not counted
        if cell.cell_type != "code" or SHOWS_PYTHON in cell.metadata.get("tags", []):
            continue
        for output in cell.outputs:
            data = output.get("data", {})
            if output.output_type == "stream":
                shown.append((index, output.text))
            elif "text/html" in data:
                # (a <code> is Python, which keeps its Latin names in Russian too)
                page = re.sub(r"<(style|script|code)\b.*?</\1>", " ", data["text/html"],
                              flags=re.S)
                shown += [(index, html.unescape(a or b)) for a, b in IMAGE.findall(page)]
                shown.append((index, html.unescape(re.sub(r"<[^>]+>", " ", page))))
            elif "text/markdown" in data:
                shown.append((index, data["text/markdown"]))
            elif "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data:
                shown.append((index, data["text/plain"]))
    for prefix in ("T21-CHARTS", "T21-FIGURE-WORDS"):
        if any(prefix in output.get("text", "") for output in nb.cells[-1].outputs):
            shown += [(len(nb.cells) - 1 - first, TEX_MATH.sub(" ", words))
                      for words in probe_output(nb, prefix)]
    return shown


def english_left(nb: nbformat.NotebookNode) -> list[str]:
    """What a Russian reader would still see in English: Latin words outside LATIN_IN_RUSSIAN,
    decimals with a point, a hyphen for a minus sign; each as 'cell N: what … in context'."""
    found = []
    for index, text in shown_texts(nb):
        for pattern, what in ((LATIN_WORD, "English"), (POINT_DECIMAL, "decimal point"),
                              (HYPHEN_MINUS, "hyphen for minus"),
                              (LATIN_RANK, "Latin card letter"),
                              (APPROX_ZERO, "'≈' before a zero")):
            for match in pattern.finditer(text):
                if pattern is LATIN_WORD and (match.group() in LATIN_IN_RUSSIAN
                                              or CENTURY.fullmatch(match.group())):
                    continue
                context = text[max(0, match.start() - 30):match.end() + 30].replace("\n", " | ")
                found.append(f"cell {index}: {what} {match.group()!r} in …{context}…")
    return found


@pytest.mark.parametrize("path", RUSSIAN, ids=ids(RUSSIAN))
def test_a_russian_notebook_shows_no_english(path):
    """Issue 12: a Russian reader sees Russian words and Russian numbers in every output."""
    left = english_left(execute(path)[0])
    assert not left, f"{path.name}: {len(left)} places:\n" + "\n".join(left[:40])


def test_the_english_check_can_fail():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(), nbformat.v4.new_code_cell()]
    nb.cells[0].outputs = [
        nbformat.v4.new_output("stream", text="перебор: 0,6078 'bust' -0.25\n"),
        nbformat.v4.new_output("display_data", data={
            "text/html": '<p>банкир</p><img alt="banker 17" src="x.png">'})]
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", text='T21-CHARTS ["seat 1"]\n'),
                           nbformat.v4.new_output("stream", text=(
                               'T21-FIGURE-WORDS ["$\\\\mathdefault{10^{-2}}$", "stakes"]\n'))]
    left = english_left(nb)
    assert [entry.split(" in ")[0] for entry in left] == [
        "cell 0: English 'bust'", "cell 0: decimal point '0.25'", "cell 0: hyphen for minus '-'",
        "cell 0: English 'banker'", "cell 1: English 'seat'", "cell 1: English 'stakes'"]
    nb.cells[0].metadata["tags"] = [SHOWS_PYTHON]
    assert [entry.split(" in ")[0] for entry in english_left(nb)] == [
        "cell 1: English 'seat'", "cell 1: English 'stakes'"]


def test_the_english_check_finds_latin_card_letters():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(), nbformat.v4.new_code_cell()]
    nb.cells[0].outputs = [nbformat.v4.new_output(
        "stream", text="Вера: карта Т♠ (R4). Борис: карта K♥, затем 10/J/Q/K; рука К Д; "
        "P(21) ≈ 0,00 %, а не = 0,00 % и не ≈ 0,0784\n")]
    found = [entry.split(" in ")[0] for entry in english_left(nb)]
    assert found == ["cell 0: Latin card letter 'K'", "cell 0: Latin card letter 'J'",
                     "cell 0: Latin card letter 'Q'", "cell 0: Latin card letter 'K'",
                     "cell 0: '≈' before a zero '≈ 0,00 %'"]


def test_a_century_in_roman_numerals_is_not_english():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(), nbformat.v4.new_code_cell()]
    nb.cells[0].outputs = [nbformat.v4.new_output(
        "stream", text="очко (Россия, XX в.); двадцать одно (Россия, XIX в.); MIX XXX\n")]
    assert [entry.split(" in ")[0] for entry in english_left(nb)] == [
        "cell 0: English 'MIX'", "cell 0: English 'XXX'"]


@pytest.mark.parametrize("path", ALL + RUSSIAN, ids=ids(ALL + RUSSIAN))
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
    assert _private_uses("from twentyone_edu.exact.banker_hands import distribution")
    assert _private_uses("from twentyone_edu.widgets import _guard")
    assert not _private_uses("import twentyone_edu as t21\nfrom twentyone_edu import exact\n"
                             "t21.__version__, exact.round_value(17)")


# A loop that prints a row and then computes the next one with a slow call of the engine (a
# whole round's value, a bank's, a strategy table), a simulation or a whole round at the table
# prints its table in pieces, as the rows are ready; a renderer that does not join the pieces
# shows the table broken by blank lines. Such a loop collects its lines and prints them once.
SLOW_MODULES = {"simulate"}
SLOW_CALLS = {"bank_value", "bank_price", "round_value", "strategy_table", "autoplay"}


def prints_between_computations(source: str) -> list[int]:
    """The first lines of loops in `source` that both print and compute slowly."""
    found = []
    for loop in ast.walk(ast.parse(source)):
        if isinstance(loop, ast.For | ast.While):
            calls = [node.func for node in ast.walk(loop) if isinstance(node, ast.Call)]
            prints = any(isinstance(f, ast.Name) and f.id == "print" for f in calls)
            slow = any(isinstance(f, ast.Attribute) and (
                f.attr in SLOW_CALLS
                or isinstance(f.value, ast.Name) and f.value.id in SLOW_MODULES) for f in calls)
            if prints and slow:
                found.append(loop.lineno)
    return found


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_a_table_is_printed_at_once(path):
    for cell in code_cells(path):
        assert not prints_between_computations(cell.source), (path.name, cell.get("id"))


def test_the_printed_at_once_check_can_fail():
    assert prints_between_computations(
        "for n in (2, 4):\n    print(n, exact.bank_price(n, 17))") == [1]
    assert prints_between_computations(
        "for seed in (1, 2):\n    print(simulate.rounds(10, 17, seed=seed).mean)") == [1]
    assert prints_between_computations(
        "while table.bank_number == 1:\n    table.autoplay({})\n    print(1)") == [1]
    assert not prints_between_computations(
        "lines = [exact.round_value(n) for n in (16, 17)]\nfor line in lines:\n    print(line)")
    assert not prints_between_computations(
        "for hand in ('K Q', '10 9'):\n    print(exact.decision_values(hand))")


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
def test_every_lesson_has_three_to_six_exercises_shown_by_id(path):
    found = exercises(path)
    assert len(found) in EXERCISES_PER_LESSON, f"{path.name}: {sorted(found)}"
    assert all(key.startswith(path.name[:2] + ".") for key in found), sorted(found)


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_bank_entry_is_used_by_exactly_one_cell_of_its_lesson(path):
    stored, cells = bank(path.name[:2]), exercise_cells(path)
    assert set(cells) == set(stored), (
        f"{path.name}: in {path.name[:2]}.json but no cell: {sorted(set(stored) - set(cells))}; "
        f"a cell but not in the bank: {sorted(set(cells) - set(stored))}")


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_lesson_fits_45_minutes(path):
    """A lesson fits 45 minutes for a 15-year-old, 5 of them left for the teacher:
    Markdown words ÷ 100 words per minute + 1 minute per code cell (exercise and widget cells
    included) + 3 minutes per exercise + 5 minutes per interactive widget (TableWidget, an
    explorer, BankerChooser, CourseApp, interact) must be at most 40 minutes."""
    nb = nbformat.read(path, as_version=4)
    for part, cells in enumerate(periods(nb), 1):
        estimate = lesson_time(nbformat.v4.new_notebook(cells=cells))
        assert estimate.minutes <= MINUTES, f"{path.name} ({part}): {estimate} > {MINUTES} min"


TWO_PERIODS = re.compile(r"two periods, split at «([^»]+)»")


def periods(nb: nbformat.NotebookNode) -> list[list]:
    """A lesson's cells, period by period: one, or two if its first cell says where it splits
    ("It may take two periods, split at «Heading»"), at the cell that opens with that heading."""
    said = TWO_PERIODS.search(nb.cells[0].source)
    if said is None:
        return [nb.cells]
    (split,) = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "markdown"
                and cell.source.startswith(f"## {said.group(1)}\n")]
    return [nb.cells[:split], nb.cells[split:]]


def test_a_lesson_in_two_periods_is_timed_period_by_period():
    """The rule above holds per period: a lesson of two 40-minute halves passes, one that says
    two periods but puts 50 minutes in its first does not, and a split at no heading fails."""
    prose = nbformat.v4.new_markdown_cell
    exercise = nbformat.v4.new_code_cell('# Exercise 99.1\nquiz("99.1", language=LANGUAGE)')
    head = prose("# 99\n\nIt may take two periods, split at «Second».")
    halves = periods(nbformat.v4.new_notebook(cells=[head, *[exercise] * 9, prose("## Second\n"),
                                                      *[exercise] * 9]))
    minutes = [lesson_time(nbformat.v4.new_notebook(cells=cells)).minutes for cells in halves]
    assert all(m <= MINUTES for m in minutes) and sum(minutes) > MINUTES, minutes
    heavy = [head, *[exercise] * 13, prose("## Second\n")]
    first = periods(nbformat.v4.new_notebook(cells=heavy))[0]
    assert lesson_time(nbformat.v4.new_notebook(cells=first)).minutes > MINUTES
    with pytest.raises(ValueError):
        periods(nbformat.v4.new_notebook(cells=[head, prose("## Elsewhere\n")]))


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_lesson_shows_a_figure_with_a_text_alternative(path):
    """After running: an <img> with a non-empty alt, from t21.plots.show or a ChartImage."""
    nb = execute(path)[0]
    texts = figure_texts(nb) + probe_output(nb, "T21-CHARTS")
    assert any(texts), f"{path.name}: no figure with a text alternative (alts found: {texts})"


def test_the_guide_has_a_section_per_notebook():
    headings = [cell.source.splitlines()[0] for cell in nbformat.read(GUIDE, as_version=4).cells
                if cell.cell_type == "markdown" and cell.source.startswith("## ")]
    keys = [re.match(r"## (\d\d|app) — ", h).group(1) for h in headings
            if re.match(r"## (\d\d|app) — ", h)]
    assert keys == [name[:2] for name in LESSON_MAP] + ["app"], headings


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
            f"exercise {key}: the bank's token is not the token of the guide's answer "
            f"{answers[key]}")


def written_forms(value: Fraction) -> set[str]:
    """How an answer might be written out: the fraction, 4 decimals and a percentage, in
    English and Russian."""
    english = {str(value), f"{float(value):.4f}", f"{float(value):.2%}"}
    return english | {form.replace(".", ",") for form in english}


def test_answers_do_not_appear_in_the_questions_or_hints():
    answers = guide_answers()
    for path in LESSONS:
        for key in exercises(path):
            value = answers.get(key, "")  # a missing answer fails the agreement test
            if isinstance(value, str) or (value.denominator == 1 and abs(value) < 10):
                continue  # choices are all shown; a one-digit answer may be a given number
            entry = quiz_bank.exercise(key)  # English from the bank, Russian from quizzes.po
            shown = " ".join([*entry["question"].values(),
                              *(text for hint in entry.get("hints", []) for text in hint.values())])
            for form in written_forms(value):
                assert not re.search(rf"(?<![\w./,]){re.escape(form)}(?![\w/]|[.,]\d)", shown), (
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
    assert {path.name for path in ALL if path.parent == NOTEBOOKS} - {start.name} <= linked
    assert {name[:3] for name in LESSON_MAP} <= {name[:3] for name in linked}
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


def _notebook(*cells) -> nbformat.NotebookNode:
    """A notebook from ('md' | 'code', source) pairs."""
    return nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell(source) if kind == "md" else
        nbformat.v4.new_code_cell(source) for kind, source in cells])


def test_the_lesson_time_counted_by_hand():
    nb = _notebook(
        ("md", "# 99 — A test\n\nFavourable over possible: [the start](00_start_here.ipynb)."),
        ("md", "<b>Ten</b> words, one two three four five six seven eight."),
        ("code", "import twentyone_edu as t21"),
        ("code", "# Exercise 99.1\nquiz(\"99.1\", language=LANGUAGE)"),
        ("code", "TableWidget(seed=43, language=LANGUAGE)"),
        ("code", "AdviceExplorer(hand='10 9')\nStrategyExplorer()"))
    # words: "99", "A", "test", "Favourable", "over", "possible", "the", "start" (8) + 10
    time = lesson_time(nb)
    assert time == LessonTime(words=18, code_cells=4, exercises=1, widgets=3)
    assert time.minutes == Fraction(18, 100) + 4 + 3 + 15
    assert str(time) == ("22.2 min = 18 words ÷ 100 (0.2) + 4 code cells × 1 + 1 exercises × 3 "
                         "(3) + 3 interactive widgets × 5 (15)")
    long = _notebook(("md", "word " * 3500), ("code", "1"))  # 35 + 1 minutes fit; 41 do not
    assert lesson_time(long).minutes == 36
    assert lesson_time(_notebook(("md", "word " * 3500), *[("code", "1")] * 6)).minutes > MINUTES


def test_exercise_cells_must_be_the_two_line_form(tmp_path):
    def cells(*sources):
        path = tmp_path / "99_test.ipynb"
        nbformat.write(_notebook(*[("code", source) for source in sources]), path)
        return exercise_cells(path)

    assert cells("# Exercise 99.1\nquiz(\"99.1\", language=LANGUAGE)", "x = 1") == {
        "99.1": "# Exercise 99.1\nquiz(\"99.1\", language=LANGUAGE)"}
    for bad in ("# Exercise 99.1\nquiz(\"99.2\", language=LANGUAGE)",
                "# Exercise 99.1\nQuiz('P?', answer='t21q1:ab:0123')",
                "# Exercise 99.1\nquiz(\"99.1\")",
                "quiz(\"99.1\", language=LANGUAGE)",
                "make_answer_token(4)"):
        with pytest.raises(AssertionError):
            cells(bad)
    with pytest.raises(AssertionError, match="appears twice"):
        cells(*["# Exercise 99.1\nquiz(\"99.1\", language=LANGUAGE)"] * 2)


def test_figure_texts_need_a_non_empty_alt():
    nb = _notebook(("code", "show()"))
    nb.cells[0].outputs = [nbformat.v4.new_output(
        "display_data", data={"text/html": "<figure><img src='x.png' alt=''></figure>"})]
    assert not any(figure_texts(nb))
    nb.cells[0].outputs.append(nbformat.v4.new_output(
        "display_data", data={"text/html": '<img src="x.png" alt="bars: 7.8 &amp; 92.2 %">'}))
    assert figure_texts(nb) == ["", "bars: 7.8 & 92.2 %"]
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {
        "m1": {"state": {"value": '<img src="data:image/png;base64,AA" alt="a heat map">'}}}}}
    assert "a heat map" in figure_texts(nb)


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_lesson_ends_with_the_students_record(path):
    """Before its summary, a lesson shows which of its exercises the student answered (issue 11)."""
    cells = nbformat.read(path, as_version=4).cells
    summary = max(i for i, cell in enumerate(cells)
                  if cell.cell_type == "markdown" and cell.source.startswith("## Summary"))
    record = f'quiz_record("{path.name[:2]}", language=LANGUAGE)'
    before = [cell.source for cell in cells[:summary] if cell.cell_type == "code"]
    assert before and record in before[-1], f"{path.name}: the last code cell must show {record}"
