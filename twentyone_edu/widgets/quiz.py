"""Exercises with hidden answers: numbers and fractions checked exactly, choices, hints.

The answer lives in the notebook only as a token of salted SHA-256 hashes (`make_answer_token`):
of the exact fraction, and of the answer rounded to 2–8 significant digits. A typed decimal or
percentage with d significant digits is rounded the same way and its hash compared, so "0.0784"
and "7.84 %" are recognised as 4/51 without the notebook saying so. In a decimal or percentage
every digit from the first non-zero one to the last one written is significant ("0.07840" has 4,
"7.8 %" has 2); a whole number or a fraction is checked exactly. By default a decimal needs at
least 3 significant digits to count as right (Quiz(min_digits=...)).

Numbers are read as the quiz's language writes them, by numerals.read, on the same symbols as
the widgets write them with. English: a point is the decimal sign and a
comma separates thousands ("90,000" is 90000, "0.0784"); a comma anywhere else ("1,5") is not
a number, and the message suggests the point. Russian: a comma (or a point, as calculators
print it) is the decimal sign and a space separates thousands ("160 000", "0,0784", "7,84 %").
Either language accepts thousands separated by spaces (plain, non-breaking or thin). A hash
keeps the answer out of sight of a reader; a determined student who knows Python could still
search for it digit by digit, so a token is a courtesy, not a lock.
"""

from __future__ import annotations

import hashlib
import numbers
import re
import secrets
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as widgets
import traitlets

from ..words import numerals
from ..words.errors import RuleError, TwentyOneError
from ..words.messages import message
from ..words.validate import LONGEST_TEXT, bounded, flag, is_array, quote, real, refuse, whole
from .common import COLOURS, escape
from .i18n import LANGUAGES, check_language, text
from .language import Bilingual

TOKEN_PREFIX = "t21q1"
DIGITS = range(2, 9)  # significant digits stored in a token
MAX_INPUT = 60  # characters; longer answers are refused before parsing
MAX_CHOICES, MAX_HINTS = 26, 20

class AnswerError(TwentyOneError):
    """A typed answer that is not a number; `key` and `fields` give the message in any language."""

    def __init__(self, key: str, **fields):
        self.code, self.params = key, fields
        ValueError.__init__(self, text(key, "en", **fields))
        self.key = key
        self.fields = fields

    def in_language(self, language: str) -> str:
        """The message in `language`."""
        return text(self.key, language, **self.fields)


@dataclass(frozen=True)
class TypedAnswer:
    """A parsed answer: its exact value and, for a decimal, how many significant digits it has."""

    value: Fraction
    digits: int | None  # None for a fraction such as 4/51 or a whole number such as 8


def parse_answer(typed: str, language: str = "en") -> TypedAnswer:
    """Read '4/51', '0.0784', '7.84 %', '90,000' or '-1e-3' (in Russian '0,0784', '7,84 %',
    '160 000') exactly, as `language` writes numbers; never eval'd."""
    check_language(language)
    if not isinstance(typed, str):
        raise AnswerError("quiz_not_number", answer=repr(typed))
    cleaned = " ".join(typed.split())
    if not cleaned:
        raise AnswerError("quiz_empty")
    if len(cleaned) > MAX_INPUT:
        raise AnswerError("quiz_too_long", limit=MAX_INPUT)
    try:
        reading = numerals.read(cleaned, language)
    except numerals.NotANumber as error:
        raise AnswerError(f"quiz_{error.reason}", **error.fields) from None
    return TypedAnswer(reading.value, reading.digits)


def exact_value(value) -> Fraction:
    """A teacher's answer as an exact Fraction: int, Fraction, sympy Rational, float or text."""
    if isinstance(value, bool) or is_array(value):
        raise RuleError("answer_not_number", value=quote(value))
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, float):
        # 0.0784 means the decimal 0.0784, not the binary float
        return Fraction(repr(real(value, "answer")))
    try:
        return parse_answer(str(value)).value
    except AnswerError as error:
        raise RuleError("answer_unreadable", value=quote(value),
                        why=message("answer_why", why=error.in_language("en"))) from None


def _order_of_magnitude(x: Fraction) -> int:
    """The integer e with 10**e <= x < 10**(e+1), for x > 0."""
    e = len(str(x.numerator)) - len(str(x.denominator))
    while Fraction(10) ** e > x:
        e -= 1
    while Fraction(10) ** (e + 1) <= x:
        e += 1
    return e


def rounded_forms(x: Fraction, digits: int) -> set[str]:
    """`x` rounded to `digits` significant digits as 'mantissa e exponent'; a tie gives both."""
    if x == 0:
        return {"0"}
    sign = "-" if x < 0 else ""
    size = abs(x)
    exponent = _order_of_magnitude(size) - digits + 1
    scaled = size / Fraction(10) ** exponent
    low = scaled.numerator // scaled.denominator
    remainder = scaled - low
    if remainder > Fraction(1, 2):
        candidates = {low + 1}
    elif remainder < Fraction(1, 2):
        candidates = {low}
    else:
        candidates = {low, low + 1}
    forms = set()
    for mantissa in candidates:
        e = exponent
        if mantissa == 10 ** digits:
            mantissa, e = mantissa // 10, e + 1
        forms.add(f"{sign}{mantissa}e{e}")
    return forms


def _hash(salt: str, kind: str, payload: str) -> str:
    return hashlib.sha256(f"{salt}:{kind}:{payload}".encode()).hexdigest()[:20]


def _choice_text(choice) -> str:
    return " ".join(str(choice).split()).casefold()


def make_answer_token(value, salt: str | None = None) -> str:
    """An opaque token for `value` (a number or a choice's text) to give Quiz(answer=...).

    It holds salted SHA-256 hashes of the exact fraction, of the value rounded to 2–8
    significant digits, and of the text itself; the value cannot be read back from it.
    """
    salt = salt if salt is not None else secrets.token_hex(6)
    if not (isinstance(salt, str) and re.fullmatch(r"[0-9a-zA-Z]{1,32}", salt, re.ASCII)):
        refuse("salt", salt, message("use.salt"))
    hashes = set()
    if isinstance(value, str):
        if not value.strip():
            raise RuleError("answer_empty")
        hashes.add(_hash(salt, "text", _choice_text(value)))
    try:
        exact = exact_value(value)
    except RuleError:
        if not isinstance(value, str):
            raise
    else:
        hashes.add(_hash(salt, "exact", str(exact)))
        for digits in DIGITS:
            hashes.update(_hash(salt, "round", form) for form in rounded_forms(exact, digits))
    return f"{TOKEN_PREFIX}:{salt}:{','.join(sorted(hashes))}"


def _read_token(token: str) -> tuple[str, frozenset[str]]:
    parts = token.split(":")
    if len(parts) != 3 or parts[0] != TOKEN_PREFIX or not parts[1] or not parts[2]:
        raise RuleError("answer_token", value=quote(token))
    return parts[1], frozenset(parts[2].split(","))


def _teacher_text(value, name: str):
    """A text the teacher gives: a str, an (English, Russian) pair or a {'en':…, 'ru':…} dict,
    each text at most LONGEST_TEXT characters."""
    if isinstance(value, dict) and value and set(value) <= {"en", "ru"}:
        texts = list(value.values())
    elif isinstance(value, tuple | list) and 1 <= len(value) <= 2:
        texts = list(value)
    else:
        texts = [value]
    if not all(isinstance(t, str) and len(t) <= LONGEST_TEXT for t in texts):
        refuse(name, value, message("use.teacher_text", longest=LONGEST_TEXT))
    return value


def _localised(value, language: str) -> str:
    """Teacher's text given as a str, an (English, Russian) pair or a {'en':…, 'ru':…} dict."""
    if isinstance(value, dict):
        return str(value.get(language, next(iter(value.values()), "")))
    if isinstance(value, tuple | list):
        return str(value[1] if language == "ru" and len(value) > 1 else value[0])
    return str(value)


def _all_texts(value) -> list[tuple[str, str]]:
    """Every (language, text) of a teacher's text; a plain str may be in either language."""
    if isinstance(value, dict):
        return [(language, str(v)) for language, v in value.items()]
    if isinstance(value, tuple | list):
        return list(zip(LANGUAGES, map(str, value), strict=False))
    return [(language, str(value)) for language in LANGUAGES]


class Quiz(Bilingual, widgets.VBox):
    """One exercise: a question, an answer box or choices, a Check button, hints one at a time.

    `language`: 'en' or 'ru', also settable later (`.language = 'ru'`) or with the switch
    `.language_toggle`; a question, choice or hint given as an (English, Russian) pair or a
    {'en': …, 'ru': …} dict follows it.
    """

    attempts = traitlets.Int(0)  # checks of a readable answer; observed by quiz_record
    correct = traitlets.Bool(False)  # whether the last check was right

    def __init__(self, question, answer, *, choices=None, hints=(), language: str = "en",
                 min_digits: int = 3, count: bool = False):
        super().__init__()
        self.add_class("t21-quiz")
        self._speak(language, self._guarded)
        self.min_digits = whole(min_digits, "min_digits", 1, max(DIGITS))
        self.count = flag(count, "count")
        self.question = _teacher_text(question, "question")
        self.choices = None if choices is None else [
            _teacher_text(choice, "a choice") for choice in bounded(
                choices, "choices", MAX_CHOICES, use=message("use.texts", most=MAX_CHOICES))]
        self.hints = [_teacher_text(hint, "a hint") for hint in bounded(
            hints, "hints", MAX_HINTS, use=message("use.texts", most=MAX_HINTS))]
        token = answer if isinstance(answer, str) and answer.startswith(TOKEN_PREFIX + ":") \
            else make_answer_token(answer)
        self._salt, self._hashes = _read_token(token)
        if self.choices is not None and not any(map(self.is_correct, range(len(self.choices)))):
            raise RuleError("answer_not_choice" if token is answer else "answer_not_choice_value",
                            value=repr(answer))
        self.correct = False
        self.unexpected: BaseException | None = None
        self.attempts = 0
        self.hints_shown = 0
        self._feedback: tuple[str, dict] | None = None
        self._build()
        self._render()

    def _build(self) -> None:
        self.question_html = widgets.HTMLMath()
        self.question_html.add_class("t21-quiz-question")
        if self.choices is None:
            self.answer_box = widgets.Text(layout=widgets.Layout(width="16em"))
        else:
            self.answer_box = widgets.RadioButtons(
                options=[(str(i), i) for i in range(len(self.choices))], value=None)
        self.answer_box.add_class("t21-quiz-answer")
        self.check_button = widgets.Button(button_style="primary")
        self.check_button.add_class("t21-quiz-check")
        self.check_button.on_click(self._guarded(self.check))
        self.hint_button = widgets.Button(
            layout=widgets.Layout(display="" if self.hints else "none"))
        self.hint_button.add_class("t21-quiz-hint-button")
        self.hint_button.on_click(self._guarded(self.show_hint))
        self.hints_html = widgets.HTMLMath()
        self.hints_html.add_class("t21-quiz-hints")
        self.feedback = widgets.HTML()
        self.feedback.add_class("t21-quiz-feedback")
        self.question_html.layout.flex = "1 1 20em"
        self.children = [
            widgets.HBox([self.question_html, self.language_toggle],
                         layout=widgets.Layout(align_items="flex-start")),
            widgets.HBox([self.answer_box, self.check_button, self.hint_button]),
            self.feedback,
            self.hints_html,
        ]

    def _apply_language(self, language: str) -> None:
        self._language = language
        self._render()

    def _guarded(self, callback):
        def guarded(*_):
            try:
                callback()
            except Exception as error:  # a bug: the student must still never see a traceback
                self.unexpected = error
                self._say("unexpected", reason=type(error).__name__)
        return guarded

    def _render(self) -> None:
        lang = self._language
        self.question_html.value = escape(_localised(self.question, lang))
        if self.choices is not None:
            chosen = self.answer_box.value
            self.answer_box.options = [(_localised(c, lang), i) for i, c in enumerate(self.choices)]
            self.answer_box.value = chosen
        else:
            self.answer_box.placeholder = text(
                "quiz_placeholder_count" if self.count else "quiz_placeholder", lang)
        self.check_button.description = text("quiz_check", lang)
        more = self.hints_shown < len(self.hints)
        self.hint_button.description = text(
            "quiz_hint", lang, next=min(self.hints_shown + 1, len(self.hints)),
            total=len(self.hints)) if more else text("quiz_no_more_hints", lang)
        self.hint_button.disabled = not more
        self.hints_html.value = "".join(
            f"<p><b>{escape(text('quiz_hint_label', lang, n=i + 1))}</b> "
            f"{escape(_localised(hint, lang))}</p>"
            for i, hint in enumerate(self.hints[:self.hints_shown]))
        if self._feedback is None:
            self.feedback.value = ""
        else:
            key, fields = self._feedback
            colour = COLOURS[{"quiz_correct": "right", "quiz_not_yet": "error"}.get(key, "caution")]
            message = text(key, lang, **fields)
            if key not in ("quiz_correct", "quiz_not_yet"):
                message = "⚠ " + message
            self.feedback.value = (f'<div role="status" style="color:{colour};font-weight:bold">'
                                   f"{escape(message)}</div>")

    def _say(self, key: str, **fields) -> None:
        self._feedback = (key, fields)
        self._render()

    def _matches(self, kind: str, payload: str) -> bool:
        return _hash(self._salt, kind, payload) in self._hashes

    def _same_number(self, choice: str, language: str) -> bool:
        """Whether a choice written as a number ('1/2', '0.5'; '0,5' in ru) is exactly the
        answer."""
        try:
            return self._matches("exact", str(parse_answer(choice, language).value))
        except AnswerError:
            return False

    def is_correct(self, typed) -> bool:
        """Whether a typed answer (or a choice's index) is right; AnswerError if not a number
        as the quiz's language writes numbers."""
        if self.choices is not None:
            typed = whole(typed, "choice", 0, len(self.choices) - 1)
            return any(self._matches("text", _choice_text(t)) or self._same_number(t, language)
                       for language, t in _all_texts(self.choices[typed]))
        answer = parse_answer(typed, self._language)
        if self._matches("exact", str(answer.value)):
            return True
        if answer.digits is None or answer.digits < self.min_digits:
            return False
        digits = min(answer.digits, max(DIGITS))
        return any(self._matches("round", form) for form in rounded_forms(answer.value, digits))

    def check(self) -> None:
        """Check the answer box and say 'correct' or 'not yet' (or why the answer is unclear)."""
        typed = self.answer_box.value
        if self.choices is not None and typed is None:
            self._say("quiz_choose")
            return
        try:
            right = self.is_correct(typed)
            answer = parse_answer(typed, self._language) if self.choices is None else None
        except AnswerError as error:
            self._say(error.key, **error.fields)
            return
        if not right and answer is not None and answer.digits is not None \
                and answer.digits < self.min_digits:
            self._say("quiz_more_digits", answer=typed.strip(), significant_digits=answer.digits,
                      needed=self.min_digits)
            return
        self.attempts += 1
        self.correct = right
        self._say("quiz_correct" if right else "quiz_not_yet")

    def show_hint(self) -> None:
        """Reveal the next hint, if any is left."""
        if self.hints_shown < len(self.hints):
            self.hints_shown += 1
        self._render()
