"""The graded tasks, checked before a student hands in: right, or not yet and why (teacher/).

`numbers.check("p_bust")` in a graded notebook looks up the student's `p_bust` and asks this
module: first whether it has the form the task asks (an exact Fraction, a whole number, a
function…), then whether it is right for the student's own numbers, by the same exact engine the
hidden tests use. The verdict names no value and no formula, so nothing of the answer is in the
student's copy that the engine, which every lesson teaches, would not give anyway. A task with
at most ten possible answers ("stand" or "buy", a threshold 12–21, one of two rule sets) has
its form checked only: a right/not yet on it would be the answer by trial. Verdicts are worded in
the language of the student's numbers (`numbers(..., language="ru")`), from the engine's catalog.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .. import exact
from ..game.cards import Shoe
from ..game.hands import hand_value
from ..words.messages import Message, message
from ..words.wording import say
from . import own_work

MAX_ITEMS = 1_000  # entries of a dict, list or tuple an answer may hold
Form = Callable[[Any, Any], "Message | None"]  # (numbers, answer) -> what is wrong with its form
Right = Callable[[Any, Any], bool]  # (numbers, answer) -> whether it is right


@dataclass(frozen=True)
class Verdict:
    """What a check says: `right` is True, False, or None when only the form was checked."""

    task: str
    right: bool | None
    reason: str  # why not yet, worded in `language` ('' when right or form only)
    language: str = "en"

    def __repr__(self) -> str:
        if self.right:
            return say("task.right", {"task": self.task}, self.language)
        if self.right is None and not self.reason:
            return say("task.form_only", {"task": self.task}, self.language)
        return say("task.not_yet", {"task": self.task, "reason": self.reason}, self.language)


@dataclass(frozen=True)
class Task:
    """One graded answer: how its form is checked, and how its value (None: form only)."""

    form: Form
    right: Right | None


class NotPlain(Exception):
    """An answer not made of Python's own values (a subclass, an object of the student's)."""


def plain(value: Any) -> Any:
    """The answer rebuilt from Python's own types only: an int, str, bool, float or Fraction of
    exactly that type, or a dict, list or tuple of them. No method of the student's object is
    ever called, so no comparison can hand it the expected value."""
    kind = type(value)
    if kind in (bool, int, str, float):
        return value
    if kind is Fraction:
        numerator, denominator = value.numerator, value.denominator
        if type(numerator) is not int or type(denominator) is not int or denominator <= 0:
            raise NotPlain
        return Fraction(numerator, denominator)
    if kind in (dict, list, tuple):
        if len(value) > MAX_ITEMS:
            raise NotPlain
        if kind is dict:
            return {plain(key): plain(item) for key, item in dict.items(value)}
        return kind(plain(item) for item in value)
    raise NotPlain


@dataclass(frozen=True)
class OwnFunction:
    """A function the student wrote, as it is graded: run with the engine out of reach
    (`own_work.run`), its results made plain before anything compares them."""

    student: Callable[..., Any]

    def __call__(self, *arguments: Any) -> Any:
        return plain(own_work.run(self.student, *arguments))


def as_plain(answer: Any) -> Any:
    """A graded answer made plain (see `plain`), or a function wrapped as an `OwnFunction`."""
    return OwnFunction(answer) if callable(answer) else plain(answer)


def plain_answer(answer: Any) -> Any:
    """A graded answer as a hidden test compares it (`as_plain`); an object of the student's
    own fails the test with no word of its value."""
    try:
        return as_plain(answer)
    except NotPlain:
        raise AssertionError(say("task.not_plain", {}, "en")) from None


def unseen_cases(task: str) -> list[tuple[Any, ...]]:
    """Inputs for a graded function that nobody has seen before this grading (`own_work`)."""
    return own_work.unseen_cases(task)


def fraction_in(low: Fraction | None = None, high: Fraction | None = None) -> Form:
    """An exact Fraction (within low..high)."""
    def form(numbers: Any, answer: Any) -> Message | None:
        if _decimal_comma(answer):
            return message("task.decimal_comma", value=_pair(answer))
        if not isinstance(answer, Fraction):
            return message("task.fraction")
        if low is not None and high is not None and not low <= answer <= high:
            return message("task.between", low=low, high=high)
        return None
    return form


def whole_in(low: int | None = None, high: int | None = None) -> Form:
    """A whole number (within low..high)."""
    def form(numbers: Any, answer: Any) -> Message | None:
        if _decimal_comma(answer):
            return message("task.decimal_comma", value=_pair(answer))
        if isinstance(answer, bool) or not isinstance(answer, int):
            return message("task.whole")
        if low is not None and high is not None and not low <= answer <= high:
            return message("task.whole_between", low=low, high=high)
        return None
    return form


def one_of(options: Callable[[Any], tuple[str, ...]]) -> Form:
    """One of the texts `options(numbers)`."""
    def form(numbers: Any, answer: Any) -> Message | None:
        allowed = options(numbers)
        if answer not in allowed:
            return message("task.one_of", options=", ".join(map(repr, allowed)))
        return None
    return form


def _decimal_comma(answer: Any) -> bool:
    """Whether the answer looks like a decimal written with a comma: 0,375 is (0, 375) in Python."""
    return isinstance(answer, tuple) and len(answer) == 2 and all(
        isinstance(part, int) and not isinstance(part, bool) for part in answer)


def _pair(answer: tuple[int, int]) -> str:
    return f"{answer[0]},{answer[1]}"


def function(example: Callable[[Any, Callable[..., Any]], Message | None]) -> Form:
    """A function whose worked example (from the task's text) comes out as the text says."""
    def form(numbers: Any, answer: Any) -> Message | None:
        if not callable(answer):
            return message("task.function")
        return example(numbers, answer)
    return form


def _next_card_example(numbers: Any, next_card: Callable[..., Any]) -> Message | None:
    hand = "K Q"  # in the package's letters, as a shoe's ranks are, in every language
    example = next_card(hand, "", 2)
    if not isinstance(example, dict) or sum(example.values()) != 1:
        return message("task.sum_to_1")
    if example.get("bust") != Fraction(94, 102):
        return message("task.next_card_example", hand=hand)
    return None


def _next_card_right(numbers: Any, next_card: Callable[..., Any]) -> bool:
    cases = [(numbers.hand, numbers.seen, numbers.packs), ("A 5", "K 9", 1),
             ("2 3", "A A 5", 2), ("9 7", "", 3)]
    return all({key: p for key, p in next_card(hand, seen, packs).items() if p}
               == exact.draw_distribution(hand, seen, Shoe.fresh(decks=packs))
               for hand, seen, packs in cases)


def _unseen(numbers: Any) -> Shoe:
    return numbers.fresh_shoe.remove(numbers.hand).remove(numbers.seen)


def _improve(hand: str, seen: str, packs: int) -> Fraction:
    """P(one more card raises the best total without a bust), counted card by card (R2, R3)."""
    now, left = hand_value(hand).total, Shoe.fresh(decks=packs).remove(hand).remove(seen)
    better = sum(n for rank, n in left.counts
                 if not hand_value(f"{hand} {rank}").bust
                 and hand_value(f"{hand} {rank}").total > now)
    return Fraction(better, len(left))


def _improve_example(numbers: Any, improve: Callable[..., Any]) -> Message | None:
    if improve("K 9", "", 1) != Fraction(8, 50):
        return message("task.improve_example")
    return None


def _improve_right(numbers: Any, improve: Callable[..., Any]) -> bool:
    cases = [(numbers.hand, numbers.seen, numbers.packs), ("A 8", "2 2 3", 1), ("A 5 4", "", 2),
             ("9 7", "A 5", 3)]
    return all(improve(*case) == _improve(*case) for case in cases)


def _natural_example(numbers: Any, natural_chance: Callable[..., Any]) -> Message | None:
    if natural_chance(Shoe.fresh(decks=1)) != Fraction(32, 663):
        return message("task.natural_chance_example")
    return None


def _natural_right(numbers: Any, natural_chance: Callable[..., Any]) -> bool:
    shoes = [numbers.shoe, Shoe.fresh(decks=3).remove("A A K Q 10 5"),
             Shoe.from_counts({"A": 2, "K": 1, "7": 3})]
    return all(natural_chance(shoe) == exact.natural_probability(shoe) for shoe in shoes)


def _first_ace_example(numbers: Any, first_ace: Callable[..., Any]) -> Message | None:
    if Fraction(first_ace(1, 52, 4)) != Fraction(1, 13):
        return message("task.first_ace_example")
    return None


def _first_ace_right(numbers: Any, first_ace: Callable[..., Any]) -> bool:
    cards, aces = 52 * numbers.packs, 4 * numbers.packs
    cases = [(1, cards, aces), (numbers.seat, cards, aces), (5, 104, 8), (33, 36, 4), (1, 3, 3)]
    return all(first_ace(j, n, a) == _first_ace(j, n, a) for j, n, a in cases)


def _seat_example(numbers: Any, seat_chance: Callable[..., Any]) -> Message | None:
    if seat_chance(1, 2, 3, 1) != Fraction(2, 3):
        return message("task.seat_chance_example")
    return None


def _seat_right(numbers: Any, seat_chance: Callable[..., Any]) -> bool:
    cards, aces = 52 * numbers.packs, 4 * numbers.packs
    cases = [(numbers.seat, numbers.players, cards, aces), (2, 4, 36, 4), (3, 3, 10, 2)]
    return all(seat_chance(seat, players, n, a) == _seat(seat, players, n, a)
               for seat, players, n, a in cases)


def _seat(seat: int, players: int, cards: int, aces: int) -> Fraction:
    """P(seat holds the bank first): it is dealt cards seat, seat + players, … (R4)."""
    return sum((_first_ace(j, cards, aces) for j in range(seat, cards - aces + 2, players)),
               Fraction(0))


def _first_ace(j: int, cards: int, aces: int) -> Fraction:
    """P(the first ace is card j): j − 1 cards without an ace, then an ace (R4)."""
    chance = Fraction(1)
    for k in range(j - 1):
        chance *= Fraction(cards - aces - k, cards - k)
    return chance * Fraction(aces, cards - j + 1)


def _rounds_right(numbers: Any, rounds: int) -> bool:
    p = exact.natural_probability(numbers.fresh_shoe)
    spread, target = p * (1 - p), numbers.target_error ** 2
    return spread / rounds <= target and (rounds == 1 or spread / (rounds - 1) > target)


def _p_natural_example(numbers: Any, p_natural: Callable[..., Any]) -> Message | None:
    if p_natural(4, 16, 52) != Fraction(32, 663):
        return message("task.p_natural_example")
    return None


def _p_natural_right(numbers: Any, p_natural: Callable[..., Any]) -> bool:
    cases = [(4 * numbers.packs, 16 * numbers.packs, 52 * numbers.packs), (4, 4, 36), (0, 5, 9),
             (3, 0, 3), (1, 1, 2)]
    return all(p_natural(a, t, n) == Fraction(2 * a * t, n * (n - 1)) for a, t, n in cases)


def _values_form(numbers: Any, values: Any) -> Message | None:
    if not isinstance(values, dict) or set(values) != set(numbers.variants):
        return message("task.values_form")
    return None


TASKS: dict[str, dict[str, Task]] = {
    "lessons04_05": {
        "unseen": Task(whole_in(), lambda n, a: a == len(_unseen(n))),
        "p_bust": Task(fraction_in(Fraction(0), Fraction(1)),
                       lambda n, a: a == exact.draw_distribution(
                           n.hand, n.seen, n.fresh_shoe).get("bust", 0)),
        "next_card": Task(function(_next_card_example), _next_card_right),
        "choice": Task(one_of(lambda n: ("stand", "buy")), None),
    },
    "lessons06_07": {
        "improve": Task(function(_improve_example), _improve_right),
        "gain": Task(fraction_in(), lambda n, a: a == (
            lambda v: v["draw"] - v["stand"])(exact.decision_values(n.hand, n.seen,
                                                                    n.fresh_shoe))),
        "best_n": Task(whole_in(12, 21), None),
    },
    "lessons08_09": {
        "natural_chance": Task(function(_natural_example), _natural_right),
        "edge": Task(fraction_in(), lambda n, a: a == exact.bank_value(n.players, n.threshold,
                                                                       n.shoe)),
        "seller_loss": Task(fraction_in(), lambda n, a: a == (
            lambda bank: bank["price"] - bank["value"])(exact.bank_price(n.players, n.threshold,
                                                                         n.shoe))),
    },
    "lessons10_11": {
        "first_ace": Task(function(_first_ace_example), _first_ace_right),
        "seat_chance": Task(function(_seat_example), _seat_right),
        "variance": Task(fraction_in(), lambda n, a: a == (
            lambda p: p * (1 - p) / n.rounds)(exact.natural_probability(n.fresh_shoe))),
        "rounds_needed": Task(whole_in(1, 10**9), _rounds_right),
    },
    "lesson12": {
        "p_natural": Task(function(_p_natural_example), _p_natural_right),
        "values": Task(_values_form, lambda n, a: a == {
            name: exact.round_value(n.threshold, rules=name) for name in n.variants}),
        "kinder": Task(one_of(lambda n: tuple(n.variants)), None),
    },
}


def verdict(numbers: Any, task: str, answer: Any) -> Verdict:
    """Check one answer of the student whose numbers these are: its form, then its value. An
    error in the student's own function is reported as Python says it, never raised."""
    checks, language = TASKS[numbers.assignment][task], numbers.language
    try:
        answer = as_plain(answer)
    except NotPlain:
        return not_yet(task, message("task.not_plain"), language)
    try:
        wrong = checks.form(numbers, answer)
        if wrong is not None:
            return not_yet(task, wrong, language)
        if checks.right is None:
            return Verdict(task, None, "", language)
        if checks.right(numbers, answer):
            return Verdict(task, True, "", language)
    except NotPlain:
        return not_yet(task, message("task.not_plain"), language)
    except own_work.EngineUsed:
        return not_yet(task, message("task.engine_used"), language)
    except Exception as error:  # the student's own code failed: Python's name for it, no text
        return not_yet(task, message("task.raised", error=error_name(error)), language)
    return not_yet(task, message("task.value_wrong"), language)


def error_name(error: BaseException) -> str:
    """The name of a Python error; 'Exception' for a class the student made, whose name or text
    could carry what it was compared with."""
    kind = type(error)
    return kind.__name__ if getattr(builtins, kind.__name__, None) is kind else "Exception"


def not_yet(task: str, reason: Message, language: str) -> Verdict:
    """A verdict of not yet, its reason worded in the student's language."""
    return Verdict(task, False, say(reason.code, reason.params, language), language)


def known(assignment: str) -> tuple[str, ...]:
    """The tasks of an assignment that can be checked, in order."""
    return tuple(TASKS[assignment])

