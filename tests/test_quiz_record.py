"""The self-study record at the end of a lesson: answered, tries, right; live; en and ru."""

from __future__ import annotations

import pytest

from twentyone_edu.widgets import make_answer_token, quiz, quiz_bank, quiz_record
from twentyone_edu.words.errors import RuleError

BANK = {
    "98.1": {"question": {"en": "1/2 + 1/4?"}, "answer": make_answer_token("3/4")},
    "98.2": {"question": {"en": "2 · 4/52?"}, "answer": make_answer_token("2/13")},
    "98.10": {"question": {"en": "Heads?"}, "answer": make_answer_token("yes"),
              "choices": [{"en": "yes"}, {"en": "no"}]},
}


@pytest.fixture(autouse=True)
def bank(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lesson 98 of three exercises; an empty kernel record."""
    monkeypatch.setattr(quiz_bank, "lesson_exercises",
                        lambda lesson: BANK if lesson == "98" else {})
    monkeypatch.setattr(quiz_bank, "SHOWN", {})
    monkeypatch.setattr(quiz_bank, "WATCHERS", [])


def answer(widget, typed) -> None:
    widget.answer_box.value = typed
    widget.check_button.click()


def test_the_record_counts_tries_and_right_answers_live() -> None:
    first, second = quiz("98.1"), quiz("98.2")
    record = quiz_record("98")
    assert [r["exercise"] for r in record.rows()] == ["98.1", "98.2", "98.10"]
    answer(first, "0.500")
    answer(first, "3/4")
    answer(second, "1/13")
    assert record.rows() == [
        {"exercise": "98.1", "shown": True, "answered": True, "tries": 2, "right": True},
        {"exercise": "98.2", "shown": True, "answered": True, "tries": 1, "right": False},
        {"exercise": "98.10", "shown": False, "answered": False, "tries": 0, "right": False},
    ]
    assert "2 of 3 answered, 1 right." in record.table.value
    assert "not shown yet" in record.table.value


def test_an_unreadable_answer_is_not_a_try() -> None:
    record = quiz_record("98")
    widget = quiz("98.1")  # shown after the record: the record still follows it
    answer(widget, "three quarters")
    assert record.rows()[0]["tries"] == 0
    answer(widget, "0.75")
    assert record.rows()[0] == {"exercise": "98.1", "shown": True, "answered": True,
                                "tries": 1, "right": True}
    assert "1 of 3 answered, 1 right." in record.table.value


def test_a_rerun_cell_adds_its_tries_and_keeps_a_right_answer() -> None:
    answer(quiz("98.10"), 0)
    again = quiz("98.10")
    answer(again, 1)
    record = quiz_record("98")
    assert record.rows()[2] == {"exercise": "98.10", "shown": True, "answered": True,
                                "tries": 2, "right": True}


def test_the_record_speaks_russian() -> None:
    answer(quiz("98.2", language="ru"), "2/13")
    record = quiz_record("98", language="ru")
    assert "Ответ дан: 1 из 3, верно: 1." in record.table.value
    assert "никуда не отправляется" in record.table.value
    record.language = "en"
    assert "1 of 3 answered, 1 right." in record.table.value


def test_a_lesson_without_exercises_and_a_bad_lesson() -> None:
    assert "Lesson 97 has no exercises." in quiz_record("97").table.value
    for bad in ("4", "../04", 4):
        with pytest.raises(RuleError, match="lesson="):
            quiz_record(bad)
