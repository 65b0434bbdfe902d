"""The course's exercises, kept in the package and shown by id: `quiz("04.1")`.

Each lesson NN has a file `data/quizzes/NN.json`: an object from exercise id ("NN.k") to
{"question": {"en"}, "answer": token, "hints": [{"en"}, ...], "why": {"en"}} ("why", optional:
what the answer shows, said once it is right) with either "choices": [{"en"}, ...] or "kind",
what the typed answer is (one of quiz.KINDS: "chance", "count", "stakes", "standard_form",
"number"; its answer box's placeholder follows it), and, optionally, "min_digits", "prediction"
(true: a choice made before the lesson shows the numbers, checked once and kept;
Quiz(prediction=...)) and "printed" (the id of the lesson's cell whose printed output the
question uses: a handout prints it beside the question) and "traps": [{"answer", "en"}, ...], known
wrong answers each with what the slip is (Quiz(traps=...)). The English is the source; the other
languages are in the gettext catalog locale/<language>/LC_MESSAGES/quizzes.po, one entry per
text, its place as msgctxt ("04.1 question", "04.1 hint 2", "04.1 trap 1", counted from 1) and
its English as msgid, merged by `python -m twentyone_edu.locale update`. The answer is a token
of salted hashes (`make_answer_token`), never the answer itself; the teacher's guide computes
each answer with the engine and a test checks that its token matches.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources

from ..words import catalogs
from ..words.errors import RuleError
from ..words.messages import message
from .i18n import LANGUAGES
from .quiz import Quiz

EXERCISE_ID = re.compile(r"(\d\d)\.(\d{1,2})")
DOMAIN = "quizzes"

# Every exercise widget shown in this kernel, by id (a re-run cell adds one), and whoever wants
# to hear of new ones: the lesson's record (quiz_record). Nothing leaves the kernel.
SHOWN: dict[str, list[Quiz]] = {}
WATCHERS: list[Callable[[str, Quiz], None]] = []


@cache
def lesson_exercises(lesson: str) -> dict[str, dict]:
    """Every exercise of one lesson ("04"), as stored in the package: its texts in English."""
    path = resources.files("twentyone_edu.data").joinpath("quizzes").joinpath(f"{lesson}.json")
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def place(exercise_id: str, kind: str, number: int = 0) -> str:
    """The name of a text's place, its msgctxt in the catalog: "04.1 question", "04.1 hint 2",
    "04.1 choice 3" (hints and choices counted from 1)."""
    return f"{exercise_id} {kind} {number}" if number else f"{exercise_id} {kind}"


def places(exercise_id: str, stored: dict) -> Iterator[tuple[str, dict[str, str]]]:
    """Each text of a stored exercise with the name of its place: the question, the hints,
    the choices, the traps, the why."""
    yield place(exercise_id, "question"), stored["question"]
    for kind in ("hint", "choice", "trap"):
        for number, text in enumerate(stored.get(f"{kind}s", ()), start=1):
            yield place(exercise_id, kind, number), text
    if "why" in stored:
        yield place(exercise_id, "why"), stored["why"]


def english() -> dict[str, str]:
    """Every text of the bank, place -> English, in lesson and exercise order, as
    catalogs.updated_po merges them into quizzes.po."""
    folder = resources.files("twentyone_edu.data").joinpath("quizzes")
    lessons = sorted(path.name.removesuffix(".json") for path in folder.iterdir()
                     if path.name.endswith(".json"))
    return {where: text["en"] for lesson in lessons
            for exercise_id, stored in lesson_exercises(lesson).items()
            for where, text in places(exercise_id, stored)}


def bilingual(where: str, text: dict[str, str]) -> dict[str, str]:
    """A text of the bank in every language: its English, and the catalog's translation of the
    English at its place `where` (the English where the catalog has none)."""
    return {language: catalogs.translations(DOMAIN, language).pgettext(where, text["en"])
            for language in LANGUAGES}


def exercise(exercise_id: str) -> dict:
    """The stored exercise with this id ("04.1"), its question, hints, choices and why as
    {"en": …, "ru": …} dicts, or a RuleError naming the valid ids."""
    match = EXERCISE_ID.fullmatch(exercise_id) if isinstance(exercise_id, str) else None
    if match is None:
        shown = repr(exercise_id)[:40]
        raise RuleError("exercise_id", value=shown)
    stored = lesson_exercises(match.group(1))
    if exercise_id not in stored:
        raise RuleError("no_exercise", exercise=exercise_id, lesson=match.group(1),
                        known=", ".join(sorted(stored)) or message("none"))
    entry = stored[exercise_id]
    found = {**entry, "question": bilingual(place(exercise_id, "question"), entry["question"])}
    for kind in ("hint", "choice"):
        if f"{kind}s" in entry:
            found[f"{kind}s"] = [bilingual(place(exercise_id, kind, number), text)
                                 for number, text in enumerate(entry[f"{kind}s"], start=1)]
    if "traps" in entry:
        found["traps"] = [(trap["answer"], bilingual(place(exercise_id, "trap", number), trap))
                          for number, trap in enumerate(entry["traps"], start=1)]
    if "why" in entry:
        found["why"] = bilingual(place(exercise_id, "why"), entry["why"])
    return found


def quiz(exercise_id: str, language: str = "en") -> Quiz:
    """The exercise with this id as a Quiz widget: the student sees the question, not its
    machinery."""
    stored = exercise(exercise_id)
    shown = Quiz(stored["question"], stored["answer"], choices=stored.get("choices"),
                 hints=stored.get("hints", ()), why=stored.get("why"), language=language,
                 min_digits=stored.get("min_digits", 3), kind=stored.get("kind", "chance"),
                 prediction=stored.get("prediction", False), traps=stored.get("traps", ()))
    SHOWN.setdefault(exercise_id, []).append(shown)
    for watcher in WATCHERS:
        watcher(exercise_id, shown)
    return shown
