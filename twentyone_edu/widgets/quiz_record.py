"""A lesson's self-study record: each exercise answered or not, its tries, right or not.

The record reads the exercise widgets this kernel has shown (`quiz_bank.SHOWN`) and updates as
the student checks answers; it lives in the kernel and the notebook and is sent nowhere. An
exercise whose cell ran twice counts the tries of both widgets, and is right if either was.
"""

from __future__ import annotations

import re

import ipywidgets as widgets

from ..words.errors import RuleError
from . import quiz_bank
from .common import COLOURS, escape
from .i18n import text
from .language import Bilingual
from .quiz import Quiz


class QuizRecord(Bilingual, widgets.VBox):
    """The record of lesson `lesson` ("04"): a table of its exercises, live, en or ru."""

    def __init__(self, lesson: str, language: str = "en"):
        if not isinstance(lesson, str) or not re.fullmatch(r"\d\d", lesson):
            raise RuleError("lesson_number", value=repr(str(lesson)[:20]))
        super().__init__()
        self.add_class("t21-quiz-record")
        self._speak(language, lambda callback: callback)
        self.lesson = lesson
        self.exercise_ids = sorted(quiz_bank.lesson_exercises(lesson),
                                   key=lambda i: int(i.split(".")[1]))
        self.title = widgets.HTML()
        self.table = widgets.HTML()
        self.table.add_class("t21-quiz-record-table")
        self.children = [widgets.HBox([self.title, self.language_toggle]), self.table]
        for exercise_id in self.exercise_ids:
            for shown in quiz_bank.SHOWN.get(exercise_id, []):
                self._watch(shown)
        quiz_bank.WATCHERS.append(self._shown)
        self._render()

    def _shown(self, exercise_id: str, shown: Quiz) -> None:
        if exercise_id in self.exercise_ids:
            self._watch(shown)
            self._render()

    def _watch(self, shown: Quiz) -> None:
        shown.observe(lambda _: self._render(), names=["attempts", "correct"])

    def _apply_language(self, language: str) -> None:
        self._language = language
        self._render()

    def rows(self) -> list[dict]:
        """One row per exercise: 'exercise', 'shown', 'answered', 'tries', 'right'."""
        rows = []
        for exercise_id in self.exercise_ids:
            shown = quiz_bank.SHOWN.get(exercise_id, [])
            tries = sum(q.attempts for q in shown)
            rows.append({"exercise": exercise_id, "shown": bool(shown), "answered": tries > 0,
                         "tries": tries, "right": any(q.correct for q in shown)})
        return rows

    def _render(self) -> None:
        lang = self._language
        self.title.value = f"<b>{escape(text('record_title', lang, lesson=self.lesson))}</b>"
        rows = self.rows()
        if not rows:
            self.table.value = f"<p>{escape(text('record_none', lang, lesson=self.lesson))}</p>"
            return
        yes, no = text("record_yes", lang), text("record_no", lang)
        head = "".join(f'<th scope="col">{escape(text(key, lang))}</th>' for key in (
            "record_exercise", "record_answered", "record_tries", "record_right"))
        body = []
        for row in rows:
            if not row["shown"]:
                cells = f'<td colspan="3">{escape(text("record_not_shown", lang))}</td>'
            else:
                right = (f'<span style="color:{COLOURS["right"]}">✓ {escape(yes)}</span>'
                         if row["right"] else f"✗ {escape(no)}" if row["answered"] else "—")
                cells = (f"<td>{escape(yes if row['answered'] else no)}</td>"
                         f"<td>{row['tries']}</td><td>{right}</td>")
            body.append(f'<tr><th scope="row">{escape(row["exercise"])}</th>{cells}</tr>')
        summary = text("record_summary", lang, total=len(rows),
                       answered=sum(r["answered"] for r in rows),
                       right=sum(r["right"] for r in rows))
        self.table.value = (
            f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
            f'<p role="status">{escape(summary)}</p>'
            f"<p><small>{escape(text('record_private', lang))}</small></p>")


def quiz_record(lesson: str, language: str = "en") -> QuizRecord:
    """The record of a lesson's exercises, for the lesson's last cell: `quiz_record("04")`."""
    return QuizRecord(lesson, language=language)
