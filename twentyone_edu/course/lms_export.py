"""Grades as the school's LMS imports them: Moodle's and Canvas's gradebook CSV (teacher/).

`nbgrader export --exporter=twentyone_edu.course.lms_export.MoodleExport --to moodle.csv` (or
`CanvasExport`) writes one row per student of nbgrader's gradebook and one column per
assignment, each student's score after any late penalty (0 for work not handed in). Names and
emails come from the gradebook, where the class list put them (`nbgrader db student import
roster.csv`, columns id, first_name, last_name, email, e.g. the LMS's own participant export).

- Moodle (Grades → Import → CSV file): the columns of Moodle's own grade export, "First name",
  "Last name", "ID number", "Institution", "Department", "Email address", then one column per
  assignment, "<assignment> (Real)". Import it mapping "Email address" to the users' email (or
  "ID number" to their ID number) and each assignment's column to its grade item.
- Canvas (Grades → Import): Canvas's gradebook columns, "Student" ("Last, First"), "ID",
  "SIS User ID", "SIS Login ID", "Section", then one column per assignment, and a second row
  "Points Possible". "ID" (Canvas's own user id) is left empty: Canvas matches the student by
  "SIS User ID", the nbgrader id, or by "SIS Login ID", the email.

Every text cell that a spreadsheet would read as a formula (it begins with =, +, -, @, a tab or
a carriage return) is written with a leading apostrophe, the usual defence against formula
injection: a roster name such as =HYPERLINK(...) shows as text when the teacher opens the file.
Such a name or email then reaches the LMS with its apostrophe; none of a real class has one.
"""

from __future__ import annotations

import csv
from typing import Any

from nbgrader.api import MissingEntry
from nbgrader.plugins import ExportPlugin

MOODLE_COLUMNS = ["First name", "Last name", "ID number", "Institution", "Department",
                  "Email address"]
CANVAS_COLUMNS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]


def _score(gradebook: Any, assignment: Any, student: Any) -> float:
    """The student's score for the assignment after its late penalty; 0 if not handed in."""
    try:
        submission = gradebook.find_submission(assignment.name, student.id)
    except MissingEntry:
        return 0.0
    return float(max(0.0, submission.score - submission.late_submission_penalty))


class _LmsExport(ExportPlugin):
    """One row per student, one column per assignment, in an LMS's CSV layout."""

    default_file = "grades.csv"

    def export(self, gradebook: Any) -> None:
        assignments = [a for a in gradebook.assignments
                       if not self.assignment or a.name in map(str, self.assignment)]
        students = [s for s in gradebook.students
                    if not self.student or s.id in map(str, self.student)]
        with open(self.to or self.default_file, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerows(self.rows(gradebook, assignments, students))

    def rows(self, gradebook: Any, assignments: list[Any],
             students: list[Any]) -> list[list[str]]:
        raise NotImplementedError


class MoodleExport(_LmsExport):
    """Moodle's gradebook CSV: names, ID number and email, then each assignment's grade."""

    default_file = "grades_moodle.csv"

    def rows(self, gradebook: Any, assignments: list[Any],
             students: list[Any]) -> list[list[str]]:
        rows = [MOODLE_COLUMNS + [_text(f"{a.name} (Real)") for a in assignments]]
        for student in students:
            rows.append([_text(student.first_name), _text(student.last_name), _text(student.id),
                         "", "", _text(student.email)]
                        + [_number(_score(gradebook, a, student)) for a in assignments])
        return rows


class CanvasExport(_LmsExport):
    """Canvas's gradebook CSV: the student, their ids, then each assignment and its points."""

    default_file = "grades_canvas.csv"

    def rows(self, gradebook: Any, assignments: list[Any],
             students: list[Any]) -> list[list[str]]:
        rows = [CANVAS_COLUMNS + [_text(a.name) for a in assignments],
                ["Points Possible", "", "", "", ""] + [_number(a.max_score) for a in assignments]]
        for student in students:
            name = ", ".join(part for part in (student.last_name, student.first_name) if part)
            rows.append([_text(name or student.id), "", _text(student.id),
                         _text(student.email or student.id), ""]
                        + [_number(_score(gradebook, a, student)) for a in assignments])
        return rows


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: object) -> str:
    """A text cell that no spreadsheet runs as a formula: a leading apostrophe if it could."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _number(points: float) -> str:
    """Points as an LMS reads them: 11 or 10.5, a decimal point, no thousands."""
    return f"{points:g}"
