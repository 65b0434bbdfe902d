"""Every student their own numbers: the parameters of the graded assignments (teacher/).

`numbers(assignment, student)` draws one student's hand, seen cards, packs, players and so on.
The draw is deterministic: SHA-256 of the assignment id and the student id seeds
`random.Random`, and only its `random()` is used, whose sequence Python promises never to change,
so the student's server and the teacher's autograder draw the same numbers. Every draw is
checked to be well posed (the answer exists and the question has one answer) before it is used.

Whose numbers (teacher/README.md, "How the student id reaches the notebook"):
1. Under `nbgrader autograde` (NBGRADER_EXECUTION=autograde) the notebook runs in
   <course>/autograded/<student>/<assignment>, and the id is that folder's name: the id nbgrader
   grades under. A typed id, JUPYTERHUB_USER and any file the student sent are ignored.
2. Otherwise the id the student typed in the notebook, if any;
3. otherwise JUPYTERHUB_USER, the user name JupyterHub gives the student's server.
Ids are normalised in one place (`normalised`: Unicode NFC, no invisible characters, no
surrounding spaces, no case): "Alice " draws what "alice" draws.

One shared set of numbers for a class without ids: the teacher puts a file `shared_numbers.txt`
holding one word into the assignment's source folder. It is released with the notebook, so every
student draws the numbers of that word; under autograde it is read from the teacher's source
folder, never from what a student sent.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import random
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from .. import exact
from ..game.cards import Shoe
from ..game.hands import hand_value
from ..game.rules import VARIANTS
from ..words.errors import RuleError, TwentyOneError, check_language
from ..words.messages import message
from . import tasks
from .tasks import plain_answer as plain_answer
from .tasks import unseen_cases as unseen_cases

SHARED_FILE = "shared_numbers.txt"
SHARED_LIMIT = 200  # bytes: a shared word is a word, not a file to read whole
# Characters that show as nothing but are not Unicode's format characters: Hangul fillers, the
# braille blank. Refused in a typed id.
INVISIBLE = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}
# Cyrillic and Greek letters drawn like Latin ones (after casefold): an id is drawn for as it
# looks, so a typed ѕ017 (Cyrillic ѕ) is the student s017, as a font shows it.
LOOKALIKES = str.maketrans("аеорсухѕіјԁһӏԛԝονριυ", "aeopcyxsijdhlqwovpiu")
# The folder the notebook started in, fixed when this module is first imported in the process
# (the notebook's first cell, before any student code; a reload keeps it): under autograde it
# names the student, wherever the student's code has moved the working directory since.
STARTED_IN: str = sys.__dict__.setdefault("_twentyone_edu_started_in", os.getcwd())
# The id nbgrader grades under, put in the kernel's start-up environment by the course's
# autograde preprocessor (grading.GradedStudentNamed) before any cell runs.
GRADED_STUDENT = "TWENTYONE_EDU_GRADED_STUDENT"
MAX_DRAWS = 200  # draws tried before giving up on a well-posed problem (never needed in practice)


class AssignmentError(RuleError):
    """An assignment id, student id or course layout the numbers cannot be drawn for."""


@dataclass(frozen=True)
class Numbers:
    """One student's numbers for one assignment; `drawn_for` says whose they are. In Russian
    (`language="ru"`) the same numbers, the checks worded in Russian; the cards stay in the
    letters the package writes a shoe's ranks in (`Shoe.counts`), so that a student's code may
    join them into one hand (`f"{numbers.hand} {rank}"`), which must be of one alphabet."""

    assignment: str
    drawn_for: str
    packs: int
    language: str = field(default="en", kw_only=True, compare=False)

    @property
    def fresh_shoe(self) -> Shoe:
        """A fresh shoe of `packs` packs (R1)."""
        return Shoe.fresh(decks=self.packs)

    def check(self, task: str, *answer: object) -> tasks.Verdict:
        """Check my answer before I hand it in: `numbers.check("p_bust")` checks the variable
        `p_bust` of the notebook (or the answer given after the task's name) against these
        numbers, and says right, or not yet and why, never the answer (course/tasks.py)."""
        known = tasks.known(self.assignment)
        if task not in known:
            raise AssignmentError("no_task", task=repr(str(task)[:40]),
                                  options=", ".join(known))
        if answer:
            return tasks.verdict(self, task, answer[0])
        caller = inspect.currentframe()
        space = caller.f_back.f_globals if caller and caller.f_back else {}
        if task not in space:
            return tasks.not_yet(task, message("task.missing", task=task), self.language)
        return tasks.verdict(self, task, space[task])


@dataclass(frozen=True)
class ExactChances(Numbers):
    """Lessons 04–05: a hard two-card hand of 12–16 and the cards the player has seen (R11)."""

    hand: str
    seen: str


@dataclass(frozen=True)
class AdviceAndBuying(Numbers):
    """Lessons 06–07: a two-card 19 or 20, seen cards, and a threshold policy (R11, R18)."""

    hand: str
    seen: str
    threshold: int

    @property
    def shoe(self) -> Shoe:
        """The shoe the next round is dealt from: fresh packs without the seen cards (R18)."""
        return self.fresh_shoe.remove(self.seen)


@dataclass(frozen=True)
class TheBank(Numbers):
    """Lessons 08–09: players at the table, their policy, the cards dealt already (R18, R20)."""

    players: int
    threshold: int
    dealt: str

    @property
    def shoe(self) -> Shoe:
        """The shoe left after the cards already dealt (R18)."""
        return self.fresh_shoe.remove(self.dealt)


@dataclass(frozen=True)
class FirstAceAndSimulation(Numbers):
    """Lessons 10–11: the seat whose chance of the first ace is asked, and a simulation's size."""

    players: int
    seat: int
    rounds: int
    target_error: Fraction


@dataclass(frozen=True)
class Variants(Numbers):
    """Lesson 12: two rule sets of the history lesson to compare, and a threshold policy."""

    variants: tuple[str, str]
    threshold: int


@dataclass(frozen=True)
class Assignment:
    """A graded assignment: its id, the lessons it covers, and how its numbers are drawn."""

    id: str
    lessons: str
    notebook: str
    draw: Callable[[random.Random, str], Numbers] = field(repr=False)
    well_posed: Callable[[Numbers], bool] = field(repr=False)


def _pick(rng: random.Random, n: int) -> int:
    """A whole number 0 ≤ k < n, from rng.random() alone (its sequence is stable across
    Pythons)."""
    return int(rng.random() * n)


def _between(rng: random.Random, low: int, high: int) -> int:
    """A whole number low ≤ k ≤ high."""
    return low + _pick(rng, high - low + 1)


def _cards(rng: random.Random, shoe: Shoe, k: int) -> list[str]:
    """k cards dealt from the shoe, each card equally likely (ranks as the package writes them)."""
    left = [rank for rank, n in shoe.counts for _ in range(n)]
    return [left.pop(_pick(rng, len(left))) for _ in range(k)]


def _text(cards: list[str]) -> str:
    return " ".join(cards)


def _hard_hand(rng: random.Random, shoe: Shoe, low: int, high: int) -> list[str]:
    """Two cards without an ace whose total is between low and high."""
    while True:
        hand = _cards(rng, shoe, 2)
        value = hand_value(_text(hand))
        if "A" not in hand and low <= value.total <= high:
            return hand


def _draw_exact_chances(rng: random.Random, drawn_for: str) -> Numbers:
    packs = _between(rng, 1, 3)
    shoe = Shoe.fresh(decks=packs)
    hand = _hard_hand(rng, shoe, 12, 16)
    seen = _cards(rng, shoe.remove(_text(hand)), _between(rng, 2, 6))
    return ExactChances("lessons04_05", drawn_for, packs, _text(hand), _text(seen))


def _exact_chances_posed(numbers: Numbers) -> bool:
    assert isinstance(numbers, ExactChances)
    shoe = numbers.fresh_shoe
    bust = exact.draw_distribution(numbers.hand, numbers.seen, shoe).get("bust", Fraction(0))
    values = exact.decision_values(numbers.hand, numbers.seen, shoe)
    return 0 < bust < 1 and values["stand"] != values["draw"]


def _draw_advice_and_buying(rng: random.Random, drawn_for: str) -> Numbers:
    packs = _between(rng, 1, 3)
    shoe = Shoe.fresh(decks=packs)
    while True:
        hand = _cards(rng, shoe, 2)
        if hand_value(_text(hand)).total in (19, 20):
            break
    seen = _cards(rng, shoe.remove(_text(hand)), _between(rng, 2, 6))
    return AdviceAndBuying("lessons06_07", drawn_for, packs, _text(hand), _text(seen),
                           _between(rng, 14, 18))


def best_threshold(shoe: Shoe) -> int:
    """The threshold N in 12–21 («buy while below N») with the highest round value (R11)."""
    return max(range(12, 22), key=lambda n: exact.round_value(n, shoe))


def _advice_and_buying_posed(numbers: Numbers) -> bool:
    assert isinstance(numbers, AdviceAndBuying)
    values = exact.decision_values(numbers.hand, numbers.seen, numbers.fresh_shoe)
    round_values = sorted(exact.round_value(n, numbers.shoe) for n in range(12, 22))
    return values["stand"] != values["draw"] and round_values[-1] != round_values[-2]


def _draw_the_bank(rng: random.Random, drawn_for: str) -> Numbers:
    packs = _between(rng, 1, 3)
    dealt = _cards(rng, Shoe.fresh(decks=packs), _between(rng, 4, 12))
    return TheBank("lessons08_09", drawn_for, packs, _between(rng, 2, 7), _between(rng, 15, 18),
                   _text(dealt))


def _the_bank_posed(numbers: Numbers) -> bool:
    assert isinstance(numbers, TheBank)
    shoe = numbers.shoe
    return 0 < exact.natural_probability(shoe) < 1 and \
        exact.bank_price(numbers.players, numbers.threshold, shoe)["price"] != 0


def _draw_first_ace(rng: random.Random, drawn_for: str) -> Numbers:
    players = _between(rng, 3, 8)
    rounds = (400, 900, 1600, 2500, 3600, 10000)[_pick(rng, 6)]
    error = (Fraction(1, 100), Fraction(1, 200), Fraction(1, 250), Fraction(1, 400))[_pick(rng, 4)]
    return FirstAceAndSimulation("lessons10_11", drawn_for, _between(rng, 1, 3), players,
                                 _between(rng, 1, players), rounds, error)


def _first_ace_posed(numbers: Numbers) -> bool:
    assert isinstance(numbers, FirstAceAndSimulation)
    chances = exact.first_banker_probabilities(numbers.players, numbers.fresh_shoe)
    return 0 < chances[numbers.seat - 1] < 1


_VARIANT_PAIRS = [(a, b) for a in VARIANTS for b in VARIANTS if a < b]


def _draw_variants(rng: random.Random, drawn_for: str) -> Numbers:
    pair = _VARIANT_PAIRS[_pick(rng, len(_VARIANT_PAIRS))]
    return Variants("lesson12", drawn_for, _between(rng, 1, 4), pair, _between(rng, 15, 18))


def _variants_posed(numbers: Numbers) -> bool:
    assert isinstance(numbers, Variants)
    first, second = (exact.round_value(numbers.threshold, rules=v) for v in numbers.variants)
    return first != second


ASSIGNMENTS: dict[str, Assignment] = {a.id: a for a in (
    Assignment("lessons04_05", "04–05", "exact_chances",
               _draw_exact_chances, _exact_chances_posed),
    Assignment("lessons06_07", "06–07", "advice_and_buying",
               _draw_advice_and_buying, _advice_and_buying_posed),
    Assignment("lessons08_09", "08–09", "the_bank", _draw_the_bank, _the_bank_posed),
    Assignment("lessons10_11", "10–11", "first_ace_and_simulation",
               _draw_first_ace, _first_ace_posed),
    Assignment("lesson12", "12", "variants", _draw_variants, _variants_posed),
)}


def assignment_of(assignment: str) -> Assignment:
    """The assignment with this id, or an AssignmentError naming the valid ids."""
    if not isinstance(assignment, str) or assignment not in ASSIGNMENTS:
        raise AssignmentError("not_assignment", value=repr(str(assignment)[:40]),
                              options=", ".join(ASSIGNMENTS))
    return ASSIGNMENTS[assignment]


def normalised(value: str) -> str:
    """An id or a shared word as it is drawn for, the same however it was typed or saved:
    Unicode NFKC (é typed as one character or as e and an accent; a full-width ｓ is s), a
    Cyrillic or Greek letter drawn like a Latin one read as that letter, no invisible characters
    (zero-width spaces, a file's byte-order mark: Unicode's format characters), no spaces
    around it, no case ("Alice " is "alice"). The student's copy and the autograder both draw
    through this one function."""
    visible = "".join(ch for ch in unicodedata.normalize("NFKC", value)
                      if unicodedata.category(ch) != "Cf")
    return unicodedata.normalize("NFKC", visible.strip().casefold()).translate(LOOKALIKES)


def typed_id(value: str) -> str:
    """A student id typed by hand, refused if it mixes alphabets (a Cyrillic ѕ in s017) or holds
    a character that shows as nothing: either would draw another student's numbers unseen."""
    key = _key(value, "student")
    looks = unicodedata.normalize("NFKC", value).casefold()
    scripts = sorted({unicodedata.name(ch, "?").split()[0] for ch in looks if ch.isalpha()})
    if len(scripts) > 1:
        raise AssignmentError("student_mixed", value=repr(value[:40]), scripts=", ".join(scripts))
    if INVISIBLE & set(key) or any(unicodedata.category(ch) in ("Zl", "Zp", "Cc", "Co", "Cn")
                                   for ch in key):
        raise AssignmentError("student_invisible", value=repr(value[:40]))
    return key


def _key(value: str, name: str) -> str:
    """An id as drawn (normalised); one that is nothing once normalised is refused."""
    if not isinstance(value, str) or len(value) > 100 or not normalised(value):
        raise AssignmentError("student_id", name=name, value=repr(str(value)[:40]))
    return normalised(value)


def seed_of(assignment: str, kind: str, key: str) -> int:
    """The seed of one draw: SHA-256 of the assignment id, 'student' or 'shared', and the id."""
    digest = hashlib.sha256(f"twentyone_edu:{assignment}:{kind}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def draw(assignment: str, student: str = "", shared: str = "") -> Numbers:
    """The numbers of one student (or, with `shared`, of a whole class), from nothing else."""
    chosen = assignment_of(assignment)
    kind, key = ("shared", _key(shared, "shared")) if shared else \
        ("student", _key(student, "student"))
    return _drawn(chosen.id, kind, key)


@lru_cache(maxsize=1024)  # a school's classes, every assignment: 8 MB measured when full
def _drawn(assignment: str, kind: str, key: str) -> Numbers:
    """One draw, remembered: a notebook asks for the same numbers in every test cell."""
    chosen = ASSIGNMENTS[assignment]
    rng = random.Random(seed_of(chosen.id, kind, key))
    for _ in range(MAX_DRAWS):
        numbers = chosen.draw(rng, f"{kind} {key}")
        try:
            if chosen.well_posed(numbers):
                return numbers
        except TwentyOneError:
            continue
    raise AssignmentError("no_numbers", kind=kind, key=repr(key), draws=MAX_DRAWS)


def _autograding() -> bool:
    return os.environ.get("NBGRADER_EXECUTION") == "autograde"


def named_by_nbgrader() -> str:
    """The id in this process's start-up environment (which no code of the notebook can
    change: /proc/self/environ), or '' where there is none or no /proc."""
    try:
        start = Path("/proc/self/environ").read_bytes()
    except OSError:
        return ""
    for entry in start.split(b"\0"):
        name, _, value = entry.partition(b"=")
        if name == GRADED_STUDENT.encode():
            return value.decode("utf-8", "replace")
    return ""


def graded_student(assignment: str, folder: Path | None = None) -> str:
    """The id nbgrader autogrades under: <student> in <course>/autograded/<student>/<assignment>."""
    here = (folder or Path.cwd()).resolve()
    if here.name != assignment:
        raise AssignmentError("autograde_folder", here=repr(str(here)[-60:]),
                              assignment=repr(assignment))
    return here.parent.name


def _shared_word(folder: Path) -> str:
    """The word in shared_numbers.txt in this folder, or '' if there is none: a plain file of
    at most SHARED_LIMIT bytes of UTF-8, never a link."""
    path = folder / SHARED_FILE
    if not path.is_symlink() and not path.is_file():
        return ""
    why = "shared_why.link" if path.is_symlink() else ""
    if not why:
        with path.open("rb") as handle:
            data = handle.read(SHARED_LIMIT + 1)
        why = "shared_why.long" if len(data) > SHARED_LIMIT else ""
    if not why:
        try:
            return normalised(data.decode("utf-8"))
        except UnicodeDecodeError:
            why = "shared_why.utf8"
    raise AssignmentError("shared_file", path=repr(SHARED_FILE), why=message(why),
                          limit=SHARED_LIMIT)


def numbers(assignment: str, student: str = "", folder: Path | None = None,
            language: str = "en") -> Numbers:
    """This student's numbers for the assignment (see the module docstring for whose they are),
    for a student who reads `language` ('en' or 'ru': the same numbers either way).

    Under nbgrader autograde the id nbgrader grades under wins over everything, so the hidden
    tests and the student's own cells recompute the same numbers. `folder` is where the notebook
    runs (its working directory by default).
    """
    language = check_language(language)
    drawn = _numbers(assignment, student, folder)
    return drawn if language == "en" else replace(drawn, language=language)


def _numbers(assignment: str, student: str, folder: Path | None) -> Numbers:
    chosen = assignment_of(assignment)
    if _autograding():  # where the notebook started, not where its code has moved since
        here = (folder or Path(STARTED_IN)).resolve()
        graded = named_by_nbgrader() or graded_student(chosen.id, here)
        source = here.parent.parent.parent / "source" / chosen.id
        return draw(chosen.id, student=graded, shared=_shared_word(source))
    here = (folder or Path.cwd()).resolve()
    shared = _shared_word(here)
    if shared:
        return draw(chosen.id, shared=shared)
    typed = student.strip() if isinstance(student, str) else student
    if typed:
        return draw(chosen.id, student=typed_id(typed))
    user = os.environ.get("JUPYTERHUB_USER", "")
    if not user:
        raise AssignmentError("no_student", assignment=repr(chosen.id))
    return draw(chosen.id, student=user)

