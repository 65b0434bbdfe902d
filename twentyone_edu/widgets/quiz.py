"""Exercises with hidden answers: numbers and fractions checked exactly, choices, hints.

The answer lives in the notebook only as a token of salted SHA-256 hashes (`make_answer_token`):
of the exact fraction, and of the answer rounded to, and cut to, 1–8 significant digits. A typed
decimal, percentage or power of ten with d significant digits is checked value first: it is
right if it is the answer rounded to d digits (and d is at least Quiz(min_digits=...), 3 by
default); the same value with two digits or more, but too few, is told to give more (one digit,
as a fair 0.5, is taken as meant); the answer cut to d digits instead of rounded is told to
round; any other value is "not yet", whatever its digits. So "0.0784" and "7.84 %" are
recognised as 4/51 without the notebook saying so. In a decimal every digit from the first
non-zero one to the last one written is significant ("0.07840" has 4, "7.8 %" has 2); a whole
number or a fraction is checked exactly.

Numbers are read as the quiz's language writes them, by numerals.read, on the same symbols as
the widgets write them with: a fraction (4/51), a decimal, a percentage (7.84%), e-notation
(6.24e-18) and standard form (6.24·10^-18, 6.24×10⁻¹⁸, 6.24*10^(-18), 10^-18). English: a point
is the decimal sign and a comma separates thousands ("90,000" is 90000, "0.0784"); a comma
anywhere else ("1,5") is not a number, and the message suggests the point; a wrong "1,234" is
told that its comma separates thousands. Russian: a comma (or a point, as calculators print it)
is the decimal sign and a space separates thousands ("160 000", "0,0784", "7,84 %"). Either
language accepts thousands separated by spaces (plain, non-breaking or thin). Each exercise has
a kind (KINDS), which gives its answer box's placeholder and the forms a refusal names. A hash
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
from ..words.validate import (
    LONGEST_TEXT,
    bounded,
    is_array,
    one_of,
    quote,
    real,
    refuse,
    whole,
    writable,
)
from .common import COLOURS, escape
from .i18n import LANGUAGES, check_language, text
from .language import Bilingual

TOKEN_PREFIX = "t21q1"
DIGITS = range(1, 9)  # significant digits stored in a token
MAX_INPUT = 60  # characters; longer answers are refused before parsing
MAX_CHOICES, MAX_HINTS = 26, 20
# What an exercise's answer is: a chance, a count (any whole number), money or an expected value
# in stakes, a number in standard form, or any number; its placeholder and the forms a refusal
# names follow it (i18n: quiz_placeholder_<kind>, quiz_forms_<kind>).
KINDS = ("chance", "count", "stakes", "standard_form", "number")
JUDGED = ("quiz_not_yet", "quiz_not_yet_comma", "quiz_cut", "quiz_sign", "quiz_trap")  # not yet
PREDICTED = {True: "quiz_predicted_right", False: "quiz_predicted_other"}  # a kept prediction
RIGHT = ("quiz_correct", PREDICTED[True])  # verdicts shown in the colour of a right answer
SHOW_WHY = (*RIGHT, PREDICTED[False])  # verdicts followed by the why

def worded(key: str, language: str, **fields) -> str:
    """A quiz's text in `language`; a field `forms` names a kind of KINDS, and is worded as the
    forms of that kind the answer box reads."""
    if "forms" in fields:
        fields = {**fields, "forms": text(f"quiz_forms_{fields['forms']}", language)}
    return text(key, language, **fields)


class AnswerError(TwentyOneError):
    """A typed answer that is not a number; `key` and `fields` give the message in any language."""

    def __init__(self, key: str, **fields):
        self.code, self.params = key, fields
        ValueError.__init__(self, worded(key, "en", **fields))
        self.key = key
        self.fields = fields

    def in_language(self, language: str) -> str:
        """The message in `language`."""
        return worded(self.key, language, **self.fields)


@dataclass(frozen=True)
class TypedAnswer:
    """A parsed answer: its exact value and, for a decimal, how many significant digits it has."""

    value: Fraction
    digits: int | None  # None for a fraction such as 4/51 or a whole number such as 8


def parse_answer(typed: str, language: str = "en", kind: str = "chance") -> TypedAnswer:
    """Read '4/51', '0.0784', '7.84 %', '90,000', '-1e-3' or '6.24·10^-18' (in Russian '0,0784',
    '7,84 %', '160 000', '6,24·10⁻¹⁸') exactly, as `language` writes numbers; never eval'd. A
    refusal names the forms of `kind`, one of KINDS; a percentage is read for a chance only
    (readings 57, 58: 40.1 % taken for 0.401 stakes, 9.65 % for an expected number)."""
    check_language(language)
    if not isinstance(typed, str):
        raise AnswerError("quiz_not_number", answer=quote(typed), forms=kind)
    cleaned = " ".join(typed.split())
    if not cleaned:
        raise AnswerError("quiz_empty")
    if len(cleaned) > MAX_INPUT:
        raise AnswerError("quiz_too_long", limit=MAX_INPUT)
    try:
        reading = numerals.read(cleaned, language)
    except numerals.NotANumber as error:
        forms = {"forms": kind} if error.reason == "not_number" else {}
        raise AnswerError(f"quiz_{error.reason}", **error.fields, **forms) from None
    if reading.percent and kind != "chance":
        raise AnswerError("quiz_no_percent", answer=quote(cleaned), forms=kind)
    return TypedAnswer(reading.value, reading.digits)


def exact_value(value) -> Fraction:
    """A teacher's answer as an exact Fraction: int, Fraction, sympy Rational, float or text."""
    if isinstance(value, bool) or is_array(value):
        raise RuleError("answer_not_number", value=quote(value))
    if isinstance(value, numbers.Rational):
        return writable(Fraction(int(value.numerator), int(value.denominator)), value)
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


def _mantissa(form: str) -> Fraction:
    """A 'mantissa e exponent' form of rounded_forms as its value."""
    mantissa, _, exponent = form.partition("e")
    return Fraction(int(mantissa)) * Fraction(10) ** int(exponent or 0)


def cut_form(x: Fraction, digits: int) -> str:
    """`x` cut to `digits` significant digits, the rest dropped, not rounded (0.40066 to 4 digits
    is 0.4006), as 'mantissa e exponent'."""
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    exponent = _order_of_magnitude(abs(x)) - digits + 1
    scaled = abs(x) / Fraction(10) ** exponent
    return f"{sign}{scaled.numerator // scaled.denominator}e{exponent}"


def _hash(salt: str, kind: str, payload: str) -> str:
    return hashlib.sha256(f"{salt}:{kind}:{payload}".encode()).hexdigest()[:20]


def _choice_text(choice) -> str:
    return " ".join(str(choice).split()).casefold()


def make_answer_token(value, salt: str | None = None) -> str:
    """An opaque token for `value` (a number or a choice's text) to give Quiz(answer=...).

    It holds salted SHA-256 hashes of the exact fraction, of the value rounded to and cut to
    1–8 significant digits, and of the text itself; the value cannot be read back from it.
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
            hashes.add(_hash(salt, "cut", cut_form(exact, digits)))
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
    """One exercise: a question, an answer box or choices, a Check button, hints one at a time,
    and, once the answer is right, `why`: what it shows (optional).

    `language`: 'en' or 'ru', also settable later (`.language = 'ru'`) or with the switch
    `.language_toggle`; a question, choice or hint given as an (English, Russian) pair or a
    {'en': …, 'ru': …} dict follows it. `kind`, one of KINDS, says what the answer is: its
    answer box's placeholder and the forms a refusal names follow it. With `prediction`, a
    choice made before the lesson shows the numbers: it is checked once and kept, right or not,
    with `why` (not tried again until right: readings 53, 59 would not grade a prediction).
    `traps`: known wrong answers, each (its value, what the slip is), said when a typed answer
    is that value, exactly or rounded as typed (readings 97, 98 met 11.4's 2 and 09.2's 8 with
    a bare "not yet"); a trap that is the right answer is refused.
    """

    attempts = traitlets.Int(0)  # checks of a readable answer; observed by quiz_record
    correct = traitlets.Bool(False)  # whether the last check was right

    def __init__(self, question, answer, *, choices=None, hints=(), why=None,
                 language: str = "en", min_digits: int = 3, kind: str = "chance",
                 prediction: bool = False, traps=()):
        super().__init__()
        self.add_class("t21-quiz")
        self._speak(language, self._guarded)
        self.min_digits = whole(min_digits, "min_digits", 1, max(DIGITS))
        self.kind = one_of(kind, "kind", KINDS)
        self.question = _teacher_text(question, "question")
        self.choices = None if choices is None else [
            _teacher_text(choice, "a choice") for choice in bounded(
                choices, "choices", MAX_CHOICES, use=message("use.texts", most=MAX_CHOICES))]
        self.hints = [_teacher_text(hint, "a hint") for hint in bounded(
            hints, "hints", MAX_HINTS, use=message("use.texts", most=MAX_HINTS))]
        self.why = None if why is None else _teacher_text(why, "why")
        if prediction is not False and (prediction is not True or choices is None):
            raise RuleError("prediction", value=quote(prediction))
        self.prediction = prediction
        token = answer if isinstance(answer, str) and answer.startswith(TOKEN_PREFIX + ":") \
            else make_answer_token(answer)
        self._salt, self._hashes = _read_token(token)
        if self.choices is not None and not any(map(self.is_correct, range(len(self.choices)))):
            raise RuleError("answer_not_choice" if token is answer else "answer_not_choice_value",
                            value=quote(answer))
        self.traps = [(exact_value(value), _teacher_text(note, "a trap")) for value, note in
                      bounded(traps, "traps", MAX_HINTS, use=message("use.texts", most=MAX_HINTS))]
        if any(self._matches("exact", str(value)) for value, _ in self.traps):
            raise RuleError("answer_trap", value=quote(traps))
        self._trap = 0  # which trap the last answer fell into, counted from 1 (0: none)
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
            self.answer_box = widgets.Text(layout=widgets.Layout(width="20em"))
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
            self.answer_box.placeholder = text(f"quiz_placeholder_{self.kind}", lang)
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
            colour = COLOURS["right" if key in RIGHT else
                             "error" if key in JUDGED else "caution"]
            message = worded(key, lang, **fields)
            if key not in (*SHOW_WHY, *JUDGED):
                message = "⚠ " + message
            # once right, what the answer shows (the lesson's point, not only a tick); after a
            # known slip, what the slip is
            said, kind = ((self.why, "why") if key in SHOW_WHY else
                          (self.traps[self._trap - 1][1], "trap") if key == "quiz_trap" else
                          (None, ""))
            below = ("" if said is None else
                     f"<p class='t21-quiz-{kind}'>{escape(_localised(said, lang))}</p>")
            self.feedback.value = (f'<div role="status" style="color:{colour};font-weight:bold">'
                                   f"{escape(message)}</div>{below}")

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
        """Whether a typed answer (or a choice, by its index or its text) is right; AnswerError
        if not a number as the quiz's language writes numbers."""
        if self.choices is not None:
            typed = self._choice_index(typed)
            return any(self._matches("text", _choice_text(t)) or self._same_number(t, language)
                       for language, t in _all_texts(self.choices[typed]))
        return self._judged(parse_answer(typed, self._language, self.kind)) == "right"

    def _choice_index(self, typed) -> int:
        """A choice by its index (1 or "1") or by its text in either language ("A K", «Т К»):
        students checking in code typed the choice they meant (readings 49, 50)."""
        if isinstance(typed, str):
            said = _choice_text(typed)
            for i, choice in enumerate(self.choices or ()):
                if any(_choice_text(t) == said for _, t in _all_texts(choice)):
                    return i
            if typed.strip().isdigit() and len(typed.strip()) <= 2:
                typed = int(typed)
        return whole(typed, "choice", 0, len(self.choices or ()) - 1)

    def _judged(self, answer: TypedAnswer) -> str:
        """The value first, then its digits: 'right'; 'digits' for the answer rounded or cut to
        fewer than min_digits digits, two at least; 'rough' for any one digit, as in 0.5 (right
        rounded or not: the same words for both); 'cut' for the answer cut instead of rounded;
        'wrong' for any other value."""
        if self._matches("exact", str(answer.value)):
            return "right"
        if not answer.digits:  # a whole number or a fraction is the answer exactly, or wrong
            return "wrong"
        if answer.digits == 1 < self.min_digits:  # (10.3's fair 0.5 for 0.520, read as one
            return "rough"  # half, is "not yet", not a rounding short of digits: issue 29)
        digits = min(answer.digits, max(DIGITS))
        rounded = any(self._matches("round", form) for form in rounded_forms(answer.value, digits))
        if rounded and answer.digits >= self.min_digits:
            return "right"
        cut = not rounded and self._matches("cut", cut_form(answer.value, digits))
        if answer.digits < self.min_digits and (rounded or cut):
            return "digits"
        return "cut" if cut else "wrong"

    def _fell_into(self, answer: TypedAnswer) -> int:
        """Which trap (counted from 1) a wrong answer is, exactly or as its digits round it;
        0 for none."""
        for number, (value, _) in enumerate(self.traps, start=1):
            digits = answer.digits or 0
            if answer.value == value or digits >= 2 and any(
                    _mantissa(form) == answer.value for form in rounded_forms(value, digits)):
                return number
        return 0

    def _exactly_a_trap(self, answer: TypedAnswer) -> bool:
        """Whether a one-digit answer is a named slip exactly, as 01.2's +0.2: the slip's words
        help more than a call for digits (a Russian teacher's reading)."""
        return any(answer.value == value for value, _ in self.traps)

    def _sign_only(self, answer: TypedAnswer) -> bool:
        """Whether the answer is wrong only in its sign (08.1's −0.143 for what a player pays:
        issue 29)."""
        flipped = TypedAnswer(-answer.value, answer.digits)
        return answer.value != 0 and self._judged(flipped) != "wrong"

    def check(self) -> None:
        """Check the answer box and say 'correct' or 'not yet' (or why the answer is unclear)."""
        typed = self.answer_box.value
        if self.choices is not None:
            if typed is None:
                self._say("quiz_choose")
            elif self.prediction:
                if self.attempts == 0:  # (once: the choice is kept, the box and Check locked)
                    right = self.is_correct(typed)
                    self.answer_box.disabled = self.check_button.disabled = True
                    self._counted(right, PREDICTED[right])
            else:
                right = self.is_correct(typed)
                self._counted(right, "quiz_correct" if right else "quiz_not_yet")
            return
        try:
            answer = parse_answer(typed, self._language, self.kind)
        except AnswerError as error:
            self._say(error.key, **error.fields)
            return
        verdict, shown = self._judged(answer), " ".join(typed.split())
        if verdict == "digits":  # the value is right: not counted as a try
            self._say("quiz_more_digits", answer=shown, significant_digits=answer.digits,
                      needed=self.min_digits)
        elif verdict == "cut":
            self._counted(False, "quiz_cut", answer=shown)
        elif verdict == "rough" and not self._exactly_a_trap(answer):  # (a try: reading 79
            self._counted(False, "quiz_rough", answer=shown,  # redid a right sum told "not yet")
                          needed=self.min_digits)
        elif verdict in ("wrong", "rough") and (trap := self._fell_into(answer)):
            self._trap = trap
            self._counted(False, "quiz_trap", answer=shown)
        elif verdict == "wrong" and self._sign_only(answer):
            self._counted(False, "quiz_sign", answer=shown)
        elif verdict == "wrong" and (other := numerals.thousands_or_decimal(typed,
                                                                            self._language)):
            self._counted(False, "quiz_not_yet_comma", answer=shown, suggestion=other)
        else:
            self._counted(verdict == "right",
                          "quiz_correct" if verdict == "right" else "quiz_not_yet")

    def _counted(self, right: bool, key: str, **fields) -> None:
        """A try of a readable answer: counted, and its verdict said."""
        self.attempts += 1
        self.correct = right
        self._say(key, **fields)

    def show_hint(self) -> None:
        """Reveal the next hint, if any is left."""
        if self.hints_shown < len(self.hints):
            self.hints_shown += 1
        self._render()
