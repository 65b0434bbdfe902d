"""Feedback never quotes what a student's code said inside a hidden test (issue 31.2): an
error's text could carry the expected value or a hidden input."""

from __future__ import annotations

import nbformat

from twentyone_edu.course.grading import BEGIN, END, HiddenTestsOut


def _graded_cell(ename: str, evalue: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(
        f'assert isinstance(p_bust, Fraction), "give a Fraction"\n{BEGIN}\n'
        f"assert p_bust == secret\n{END}")
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "grade_id": "t", "points": 3}
    cell.outputs = [nbformat.v4.new_output("error", ename=ename, evalue=evalue,
                                           traceback=[evalue])]
    return cell


def _shown(cell: nbformat.NotebookNode) -> str:
    nb = nbformat.v4.new_notebook(cells=[cell])
    out, _ = HiddenTestsOut().preprocess(nb, {})
    error = out.cells[0].outputs[0]
    return " ".join([error["ename"], error["evalue"], *error["traceback"]])


def test_an_errors_text_in_a_hidden_test_is_not_shown():
    shown = _shown(_graded_cell("RuntimeError", "expected Fraction(29, 75)"))
    assert "29" not in shown and "RuntimeError" in shown


def test_an_error_class_of_the_students_own_is_not_named():
    shown = _shown(_graded_cell("Expected_29_75", "called with 'K Q', '', 2"))
    assert "29" not in shown and "K Q" not in shown


def test_a_visible_checks_own_message_is_still_shown():
    cell = nbformat.v4.new_code_cell('assert isinstance(p_bust, Fraction), "give a Fraction"')
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "grade_id": "t", "points": 3}
    cell.outputs = [nbformat.v4.new_output("error", ename="AssertionError",
                                           evalue="give a Fraction", traceback=[])]
    assert "give a Fraction" in _shown(cell)
