"""Two steps of nbgrader made fit for a public course (teacher/nbgrader_config.py uses both).

- `ReleasedTestsRestored` (autograde): a student's test cell arrives as it was released, without
  its hidden tests, and nbgrader warns "Attribute 'checksum' … has changed!" for every one of
  them, which buries a real change. A test cell that is exactly its released form is put back
  silently; any other change is reported and put back, as nbgrader does.
- `HiddenTestsOut` (feedback): the feedback shows each task's result and a short hint, never the
  hidden test (it would be a one-line solution) nor a traceback that quotes it. The hint is the
  line `# hint: …` (in a Russian assignment `# подсказка: …`) the teacher wrote inside the hidden
  tests. The feedback speaks the assignment's language: the `LANGUAGE = "ru"` of its code.
"""

from __future__ import annotations

import builtins
import copy
import os
from datetime import datetime, timezone
from typing import Any

import nbformat
from nbconvert.preprocessors import Preprocessor
from nbformat import NotebookNode
from nbgrader.plugins import FileNameCollectorPlugin
from nbgrader.preprocessors import ClearHiddenTests, OverwriteCells
from traitlets import Bool

from ..words.catalogs import LANGUAGES
from ..words.wording import say
from .assignments import GRADED_STUDENT
from .code_prose import LANGUAGE_LINE

BEGIN, END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
HINTS = ("# hint:", "# подсказка:")


def language_of(nb: NotebookNode) -> str:
    """The language an assignment speaks: its code's `LANGUAGE = "…"`, English if none."""
    for cell in nb.cells:
        found = LANGUAGE_LINE.search(cell.source) if cell.cell_type == "code" else None
        if found and found.group(3) in LANGUAGES:
            return found.group(3)
    return "en"


def released_form(source: str) -> str:
    """A test cell's source as the student got it: its hidden tests removed, by nbgrader."""
    cell = nbformat.v4.new_code_cell(source)
    ClearHiddenTests()._remove_hidden_test_region(cell)
    return str(cell.source)


class GradedStudentNamed(Preprocessor):
    """Puts the id nbgrader grades under in the environment the notebook's kernel starts with,
    so that the hidden tests draw that student's numbers whatever the notebook's code does
    (a changed working directory, a typed id): assignments.named_by_nbgrader reads it."""

    enabled = Bool(True).tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any],
                   ) -> tuple[NotebookNode, dict[str, Any]]:
        student = resources.get("nbgrader", {}).get("student")
        if student:
            os.environ[GRADED_STUDENT] = str(student)
        return nb, resources


class ReleasedTestsRestored(OverwriteCells):
    """nbgrader's OverwriteCells, quiet about a locked cell that is as it was released."""

    def preprocess_cell(self, cell: NotebookNode, resources: dict[str, Any],
                        cell_index: int) -> tuple[NotebookNode, dict[str, Any]]:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id is not None and cell.metadata.nbgrader.get("locked"):
            source = self.gradebook.find_source_cell(grade_id, self.notebook_id,
                                                     self.assignment_id).source
            if cell.source == released_form(source):
                cell.source = source
        return super().preprocess_cell(cell, resources, cell_index)


def hints(source: str) -> list[str]:
    """The `# hint:` lines of a test cell's hidden tests, without the marker."""
    inside, found = False, []
    for line in source.splitlines():
        if BEGIN in line:
            inside = True
        elif END in line:
            inside = False
        elif inside:
            marker = next((hint for hint in HINTS if line.strip().lower().startswith(hint)), "")
            if marker:
                found.append(line.strip()[len(marker):].strip())
    return found


class HiddenTestsOut(Preprocessor):
    """Feedback without hidden tests: each test cell shows its visible check, a note that the
    hidden test is not shown, its hint, and (if it failed) the reason, never a traceback."""

    enabled = Bool(True).tag(config=True)  # nbconvert's preprocessors are off by default
    language = "en"

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any],
                   ) -> tuple[NotebookNode, dict[str, Any]]:
        self.language = language_of(nb)
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell: NotebookNode, resources: dict[str, Any],
                        cell_index: int) -> tuple[NotebookNode, dict[str, Any]]:
        grading = cell.metadata.get("nbgrader", {})
        if cell.cell_type != "code" or not grading.get("grade") or grading.get("solution"):
            return cell, resources
        visible = released_form(cell.source)
        told = hints(cell.source)
        hidden = BEGIN in cell.source
        if hidden:
            not_shown = "# " + say("grading.not_shown", {}, self.language)
            lines = [visible.rstrip(), not_shown] if visible.strip() else [not_shown]
            cell.source = "\n".join(lines + ["# " + say("grading.hint", {"hint": hint},
                                                          self.language) for hint in told])
        cell.outputs = [self._outcome(output, visible, told, hidden) for output in cell.outputs]
        return cell, resources

    def _outcome(self, output: NotebookNode, visible: str, told: list[str],
                 hidden: bool) -> NotebookNode:
        """An error output as one short line, no traceback: a failed check's own message if the
        check is a visible one, 'not right yet' for a hidden one, and the error of the student's
        own code (a name not defined, ...) as Python says it. In a cell with hidden tests only
        the name of a Python error is shown, never its text, which the student's code could
        have filled with a hidden input or the expected value (issue 31.2)."""
        if output.get("output_type") != "error":
            return output
        name, message = str(output.get("ename", "")), str(output.get("evalue", ""))
        if hidden and name != "AssertionError":
            error = getattr(builtins, name, None)
            known = isinstance(error, type) and issubclass(error, BaseException)
            reason = name if known else say("grading.not_right", {}, self.language)
        elif name != "AssertionError":
            reason = f"{name}: {message}" if message else name
        else:
            reason = message if message and message in visible else \
                say("grading.not_right", {}, self.language)
        text = say("grading.reason", {"reason": reason}, self.language) + "".join(
            "\n" + say("grading.hint", {"hint": hint}, self.language) for hint in told)
        shown = copy.deepcopy(output)
        shown["ename"], shown["evalue"], shown["traceback"] = \
            say("grading.not_yet", {}, self.language), text, [text]
        return shown


class BlackboardNames(FileNameCollectorPlugin):
    """Blackboard's download names, its attempt time read field by field: nbgrader's own date
    reader takes the "-MM-SS" of "2026-11-30-20-31-21" for a time zone, and refuses 23:59:59.
    With a roster in the gradebook, a user name read with part of an assignment name that has
    "_" in it ("04_alice" of "Lessons_04_alice_attempt_…") is the one student it ends with, and
    a name that is no student's is filed with a warning."""

    _students: frozenset[str] | None = None

    def collect(self, submitted_file: str) -> dict[str, Any] | None:
        info = super().collect(submitted_file)
        if info and isinstance(info.get("timestamp"), str):
            try:
                when = datetime.strptime(info["timestamp"], "%Y-%m-%d-%H-%M-%S")
            except ValueError:
                return None  # not a time Blackboard writes: the file is skipped, with a warning
            info["timestamp"] = when.replace(tzinfo=timezone.utc)
        if info:
            info["student_id"] = self._on_the_roster(info["student_id"], submitted_file)
        return info

    def _roster(self) -> frozenset[str]:
        """The students in the course's gradebook (none before a roster is imported)."""
        if self._students is None:
            coursedir = getattr(self.parent, "coursedir", None)
            students: frozenset[str] = frozenset()
            if coursedir is not None:
                from nbgrader.api import Gradebook

                with Gradebook(coursedir.db_url) as gradebook:
                    students = frozenset(student.id for student in gradebook.students)
            self._students = students
        return self._students

    def _on_the_roster(self, read: str, submitted_file: str) -> str:
        roster = self._roster()
        if not roster or read in roster:
            return read
        parts = read.split("_")
        endings = [tail for tail in ("_".join(parts[i:]) for i in range(1, len(parts)))
                   if tail in roster]
        if len(endings) == 1:
            self.log.warning("Read %r as the student %r: the assignment's name in Blackboard has "
                             "an underscore (%s)", read, endings[0], submitted_file)
            return endings[0]
        self.log.warning("%r is not a student of the course (nbgrader db student list); filed "
                         "under that name. If the assignment's name in Blackboard has an "
                         "underscore, rename it and download again (%s)", read, submitted_file)
        return read

