"""The course's exercises, kept in the package and shown by id: `quiz("04.1")`.

Each lesson NN has a file `data/quizzes/NN.json`: an object from exercise id ("NN.k") to
{"question": {"en", "ru"}, "answer": token, "hints": [{"en", "ru"}, ...]} with, optionally,
"choices": [{"en", "ru"}, ...] and "min_digits". The answer is a token of salted hashes
(`make_answer_token`), never the answer itself; the teacher's guide computes each answer with
the engine and a test checks that its token matches.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from importlib import resources

from ..errors import RuleError
from ..messages import message
from .quiz import Quiz

EXERCISE_ID = re.compile(r"(\d\d)\.(\d{1,2})")

# Every exercise widget shown in this kernel, by id (a re-run cell adds one), and whoever wants
# to hear of new ones: the lesson's record (quiz_record). Nothing leaves the kernel.
SHOWN: dict[str, list[Quiz]] = {}
WATCHERS: list[Callable[[str, Quiz], None]] = []


@cache
def lesson_exercises(lesson: str) -> dict[str, dict]:
    """Every exercise of one lesson ("04"), as stored in the package."""
    path = resources.files("twentyone_edu.data").joinpath("quizzes").joinpath(f"{lesson}.json")
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def exercise(exercise_id: str) -> dict:
    """The stored exercise with this id ("04.1"), or a RuleError naming the valid ids."""
    match = EXERCISE_ID.fullmatch(exercise_id) if isinstance(exercise_id, str) else None
    if match is None:
        shown = repr(exercise_id)[:40]
        raise RuleError("exercise_id", value=shown)
    stored = lesson_exercises(match.group(1))
    if exercise_id not in stored:
        raise RuleError("no_exercise", exercise=exercise_id, lesson=match.group(1),
                        known=", ".join(sorted(stored)) or message("none"))
    return stored[exercise_id]


def quiz(exercise_id: str, language: str = "en") -> Quiz:
    """The exercise with this id as a Quiz widget: the student sees the question, not its
    machinery."""
    stored = exercise(exercise_id)
    shown = Quiz(stored["question"], stored["answer"], choices=stored.get("choices"),
                 hints=stored.get("hints", ()), language=language,
                 min_digits=stored.get("min_digits", 3))
    SHOWN.setdefault(exercise_id, []).append(shown)
    for watcher in WATCHERS:
        watcher(exercise_id, shown)
    return shown
