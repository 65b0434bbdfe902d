"""Quiz: answers checked exactly from a hashed token, in English and Russian, never a traceback."""

import json
import math
import re
from decimal import Decimal
from fractions import Fraction
from importlib import resources
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import twentyone_edu as t21
from twentyone_edu import exact
from twentyone_edu.widgets import quiz_bank
from twentyone_edu.widgets.common import escape
from twentyone_edu.widgets.quiz import (
    DIGITS,
    KINDS,
    AnswerError,
    Quiz,
    TypedAnswer,
    make_answer_token,
    parse_answer,
    rounded_forms,
)
from twentyone_edu.words.errors import RuleError, TwentyOneError
from twentyone_edu.words.numerals import count, decimal, percent

ROOT = Path(__file__).resolve().parent.parent

# P(21) holding 20 (two tens) from a fresh 2-pack shoe: 102 unseen cards, 8 of them aces,
# so 8/102 = 4/51 = 0.0784313725... (long division: 4/51 = 0.07843 13725 49...).
P21 = Fraction(8, 102)


def answer(quiz, typed):
    quiz.answer_box.value = typed
    quiz.check_button.click()
    return quiz.correct


@pytest.mark.parametrize("typed", [
    "4/51", "8/102", " 4 / 51 ", "0.0784", "7.84 %", "7.84%", "0.07843", "0.078431", "7.843 %",
    "400/51 %", "7.84e-2", "784e-4", "+4/51", "7.84\u00a0%",
])
def test_accepts_every_form_of_the_right_answer(typed):
    quiz = Quiz("P(21)?", make_answer_token(P21))
    assert answer(quiz, typed) is True
    assert "Correct" in quiz.feedback.value


@pytest.mark.parametrize("typed", [
    "4/51", "0,0784", "7,84 %", "7,84%", "7,84\u00a0%", "7,84\u202f%", "0,07843", "7,843 %",
    "0.0784", "7.84 %",  # a point, as a calculator prints it, is a decimal sign in Russian too
])
def test_a_russian_quiz_reads_the_decimal_comma(typed):
    quiz = Quiz("P(21)?", make_answer_token(P21), language="ru")
    assert answer(quiz, typed) is True
    assert "Верно" in quiz.feedback.value


# Whole numbers with thousands separators, each checked by hand against the digits alone.
@pytest.mark.parametrize("typed, language, value", [
    ("90,000", "en", 90000), ("1,234,567", "en", 1234567), ("90 000", "en", 90000),
    ("90000", "en", 90000), ("−1,000", "en", -1000), ("1,000/3", "en", Fraction(1000, 3)),
    ("160 000", "ru", 160000), ("160\u00a0000", "ru", 160000), ("160\u2009000", "ru", 160000),
    ("160\u202f000", "ru", 160000), ("1 234 567", "ru", 1234567), ("160000", "ru", 160000),
    ("1 000 / 3", "ru", Fraction(1000, 3)),
])
def test_thousands_are_read_by_language(typed, language, value):
    parsed = parse_answer(typed, language)
    assert parsed.value == value
    assert parsed.digits is None  # a whole number (or a fraction) is checked exactly


@pytest.mark.parametrize("typed, language, value, digits", [
    ("1,234.5", "en", Fraction(2469, 2), 5), ("12,345.60 %", "en", Fraction(61728, 500), 7),
    ("1 234,5", "ru", Fraction(2469, 2), 5), ("1 234,50", "ru", Fraction(2469, 2), 6),
    ("0,0784", "ru", Fraction(784, 10000), 3), ("7,84 %", "ru", Fraction(784, 10000), 3),
    ("90,000", "ru", 90, 5),  # in Russian the comma is the decimal sign: ninety, to 5 digits
    ("0.07840", "en", Fraction(784, 10000), 4),
])
def test_decimals_are_read_by_language_with_their_significant_digits(typed, language, value,
                                                                    digits):
    assert parse_answer(typed, language) == TypedAnswer(Fraction(value), digits)


def test_ninety_thousand_is_ninety_thousand_in_english():
    quiz = Quiz("How many?", make_answer_token(90000))
    assert answer(quiz, "90,000") is True
    assert answer(quiz, "90000") is True
    assert answer(quiz, "90,001") is False
    assert answer(quiz, "90.000") is False  # a point is the decimal sign: ninety


def test_a_hundred_and_sixty_thousand_in_russian():
    quiz = Quiz("Сколько?", make_answer_token(160000), language="ru")
    for typed in ("160 000", "160\u00a0000", "160\u2009000", "160\u202f000", "160000"):
        assert answer(quiz, typed) is True, typed
    assert answer(quiz, "160 001") is False
    assert "Пока нет" in quiz.feedback.value


@pytest.mark.parametrize("typed, suggestion", [
    ("1,5", "1.5"), ("0,0784", "0.0784"), ("7,84 %", "7.84 %"), ("1,2345", "1.2345"),
])
def test_a_decimal_comma_in_english_is_explained_and_changes_nothing(typed, suggestion):
    quiz = Quiz("P(21)?", make_answer_token(P21))
    answer(quiz, "4/51")
    assert answer(quiz, typed) is True  # unchanged from the last real answer
    assert quiz.attempts == 1
    assert f"{typed}: in English a comma separates thousands" in quiz.feedback.value
    assert f"with a point: {suggestion}" in quiz.feedback.value
    quiz.language = "ru"
    assert "запятая отделяет тысячи" in quiz.feedback.value
    with pytest.raises(AnswerError, match="comma separates thousands"):
        parse_answer(typed, "en")


@pytest.mark.parametrize("typed", ["1,23,4", "12,34,567", "1,000,00", "1.000.000", "1 00",
                                   "10 0000"])
def test_badly_grouped_numbers_are_not_numbers(typed):
    for language in ("en", "ru"):
        with pytest.raises(AnswerError, match="is not a number"):
            parse_answer(typed, language)


def test_switching_the_quiz_to_russian_reads_the_same_box_in_russian():
    quiz = Quiz("P(21)?", make_answer_token(P21))
    assert answer(quiz, "0,0784") is False
    assert quiz.attempts == 0
    quiz.language = "ru"
    assert answer(quiz, "0,0784") is True
    assert quiz.attempts == 1


def test_numeric_choices_are_read_in_their_own_language():
    quiz = Quiz("?", Fraction(1, 2), choices=[("0.25", "0,25"), ("0.5", "0,5")])
    for index, right in ((0, False), (1, True)):
        quiz.answer_box.value = index
        quiz.check_button.click()
        assert quiz.correct is right
    with pytest.raises(RuleError, match="language"):
        parse_answer("1", "de")


@pytest.mark.parametrize("typed", [
    "4/50", "0.0785", "0.07840", "7.85 %", "0.078432", "-4/51", "0.784", "78.4 %", "1",
])
def test_rejects_wrong_answers(typed):
    quiz = Quiz("P(21)?", make_answer_token(P21))
    assert answer(quiz, typed) is False
    assert "Not yet" in quiz.feedback.value
    assert quiz.attempts == 1


# A trap: 4/51 read as a chance from one pack, 4/52 = 1/13 = 0.0769230... (one pack's aces over
# its cards, a slip a student makes), said when typed exactly or rounded as typed.
ONE_PACK = ("1/13", {"en": "That is one pack's share of aces.",
                     "ru": "Это доля тузов в одной колоде."})


@pytest.mark.parametrize("typed", ["1/13", "4/52", "0.077", "0.0769", "7.69 %", "0.07692"])
def test_a_known_slip_is_named_and_counted_as_a_try(typed):
    quiz = Quiz("P(21)?", make_answer_token(P21), traps=[ONE_PACK])
    assert answer(quiz, typed) is False
    assert quiz.attempts == 1
    assert "known slip" in quiz.feedback.value and "share of aces" in quiz.feedback.value
    quiz.language = "ru"
    assert "доля тузов в одной колоде" in quiz.feedback.value
    assert answer(quiz, "4/51") is True and "one pack" not in quiz.feedback.value


@pytest.mark.parametrize("typed", ["0.0770", "0.0768", "1/12", "0.08"])
def test_an_answer_near_a_trap_is_only_not_yet(typed):
    """1/13 = 0.07692… is 0.077 to two digits (a slip named) but 0.0769 to three, so 0.0770
    and 0.0768 are other values; one digit (0.08) is too rough to name a slip."""
    quiz = Quiz("P(21)?", make_answer_token(P21), traps=[ONE_PACK])
    answer(quiz, typed)
    assert "known slip" not in quiz.feedback.value


def test_a_trap_that_is_the_answer_is_refused():
    with pytest.raises(RuleError, match="traps="):
        Quiz("P(21)?", make_answer_token(P21), traps=[("8/102", "not a slip")])


def standing_on_k_q(slip):
    """Exercise 04.4's sum, result × chance over the banker's endings after K Q given no
    natural (R9), with `slip` replacing some endings' results (R15, R16, R17)."""
    ends = exact.banker_outcomes(shoe=t21.Shoe.fresh().remove("K Q"))
    results = {17: 1, 18: 1, 19: 1, "bust": 1, 20: -1, 21: -2} | slip
    return sum(results[end] * p for end, p in ends.items() if end != "natural") / (
        1 - ends["natural"])


def evenings(least, most):
    """P(least ≤ X ≤ most), X binomial with n = 30 evenings and p = 1/4 (exercise 03.4)."""
    return sum(math.comb(30, k) * Fraction(1, 4) ** k * Fraction(3, 4) ** (30 - k)
               for k in range(least, most + 1))


def ace_given_no_natural():
    """P(an ace next after K Q | the banker holds no natural), counted with pairs (R9)."""
    aces, tens, unseen = 8, 30, 102
    no_natural = 1 - Fraction(aces * tens, math.comb(unseen, 2))
    his_after_mine = 1 - Fraction((aces - 1) * tens, math.comb(unseen - 1, 2))
    mine_then_his = Fraction(aces, unseen) * his_after_mine
    return mine_then_his / no_natural


def buying_on_k_q(ace, gone, drawn_21_pays):
    """Exercise 04.5's sum: no ace, −1 (R13); an ace, a drawn 21 paid `drawn_21_pays` (R12)
    unless the banker ends on 21 given no natural with the cards `gone` out (−2, R15)."""
    ends = exact.banker_outcomes(shoe=t21.Shoe.fresh().remove(gone))
    his_21 = ends[21] / (1 - ends["natural"])
    return ace * (drawn_21_pays * (1 - his_21) - 2 * his_21) - (1 - ace)


def test_the_banks_traps_are_the_slips_they_name():
    """Each trap of the bank, derived by hand from its question: 09.2's 8 is the lesson's
    V(n + 1)/n with V = 6, n = 3; 11.1's 300 is 1.2/0.004, √n; 11.4's 2 divides 0.026 by one
    mean's standard error 1.3/√10,000, and 1.413 by the difference's rounded first,
    √(2 · 1.3²/10,000) ≈ 0.0184; 12.2's is one pack's highest bust chance as the Wizard of Odds
    publishes it (Blackjack Appendix 2B, one deck, the 5 up), not six packs'; 09.3's is the
    banker's edge without the fives, not its change from the fresh shoe's; 09.4's is 30 cards
    over 15 a round, the division the lesson warns against; 04.4's are standing on K Q with
    the banker's 20 scored as a draw (0, not −1) or his 21 costing 1 (not 2); 04.5's are
    buying on K Q with the ace's chance 4/51 before B, or with the drawn 21 paid once (his 21's
    chance after K Q, as the lesson prints it); 03.4's are exactly 13 of 30 evenings, and more
    than 13, where «13 or more» is asked; 03.2's is Gleb's two closed aces both counted 1 under
    his open 9 and 5; 01.1's are one pack's naturals counted in both orders,
    and two packs' 8 aces by 32 tens; 01.2's are a late addition paid like a stake (6 wins and 4
    losses of 1, over 10 rounds), and its cost over the 10 rounds, not per round."""
    slips = {"09.2": [Fraction(6) * 4 / 3], "11.1": [Fraction("1.2") / Fraction("0.004")],
             "11.4": [Fraction("0.026") / (Fraction("1.3") / 100),
                      round(Fraction("0.026") / Fraction("0.0184"), 3)],
             "12.2": [Fraction("0.428905")], "09.4": [Fraction(30, 15)],
             "09.3": [round(exact.bank_value(1, 17, shoe=t21.Shoe.fresh(decks=2).remove(
                 t21.parse_cards("5 " * 8))), 6)],
             "01.1": [Fraction(2 * 4 * 16), Fraction(8 * 32)],
             "03.2": [Fraction(1 + 1 + 9 + 5)],
             "01.2": [Fraction(6 * 1 - 4 * 1, 10), Fraction(4 * -1)],
             "03.4": [round(evenings(13, 13), 7), round(evenings(14, 30), 7)],
             "04.4": [round(standing_on_k_q({20: 0}), 7), round(standing_on_k_q({21: -1}), 7)],
             "04.5": [round(buying_on_k_q(Fraction(8, 102), "K Q", 2), 7),
                      round(buying_on_k_q(ace_given_no_natural(), "K Q", 1), 7)]}
    for key, values in slips.items():
        stored = quiz_bank.exercise(key)
        assert [parse_answer(trap).value for trap, _ in stored["traps"]] == values
        shown = quiz_bank.quiz(key, language="ru")
        for value in values:
            typed = (decimal(value, 3, "ru").replace("\u2009", "") if abs(value) >= Fraction(1, 10)
                     else format(float(value), ".3g").replace(".", ","))  # 3 digits at least
            assert answer(shown, typed) is False
            assert "известный промах" in shown.feedback.value


def test_a_one_digit_slip_that_is_named_gets_its_words_not_a_call_for_digits():
    """01.2 (a Russian teacher's reading): +0.2, the named slip of an addition paid like a
    stake, was told «one digit is too rough» though its words were written for it; any other
    one-digit answer still is."""
    quiz = Quiz("?", make_answer_token(Fraction(13, 25)), traps=[("0.2", "paid like a stake")])
    assert answer(quiz, "0.2") is False
    assert "paid like a stake" in quiz.feedback.value
    assert answer(quiz, "0.3") is False
    assert "paid like a stake" not in quiz.feedback.value
    assert "0.3" in quiz.feedback.value


def test_too_few_significant_digits_is_explained_not_counted():
    quiz = Quiz("P(21)?", make_answer_token(P21))
    assert answer(quiz, "0.078") is False  # 2 significant digits
    assert "at least 3" in quiz.feedback.value
    assert quiz.attempts == 0
    quiz.min_digits = 2
    assert answer(quiz, "0.078") is True


def test_exact_decimals_and_whole_numbers():
    quarter = Quiz("?", make_answer_token(Fraction(1, 4)))
    for typed in ("0.25", "0.2500", "25 %", "1/4", "2/8"):
        assert answer(quarter, typed) is True, typed
    eight = Quiz("?", make_answer_token(8))
    assert answer(eight, "8") is True
    assert answer(eight, "8.0") is True
    assert answer(eight, "9") is False
    assert "Not yet" in eight.feedback.value  # a whole number is judged exactly, not by digits


def test_a_tie_in_rounding_accepts_both_neighbours():
    # 1/8 = 0.125 exactly: to 2 significant digits both 0.12 and 0.13 are honest roundings.
    quiz = Quiz("?", make_answer_token(Fraction(1, 8)), min_digits=2)
    assert answer(quiz, "0.12") is True
    assert answer(quiz, "0.13") is True
    assert answer(quiz, "0.14") is False


def test_rounded_forms_by_hand():
    assert rounded_forms(P21, 3) == {"784e-4"}
    assert rounded_forms(P21, 5) == {"78431e-6"}
    assert rounded_forms(Fraction(999, 1000), 2) == {"10e-1"}  # 0.999 -> 1.0
    assert rounded_forms(Fraction(-2, 3), 3) == {"-667e-3"}
    assert rounded_forms(Fraction(1, 8), 2) == {"12e-2", "13e-2"}


def test_the_token_hides_the_answer():
    token = make_answer_token(P21, salt="abc123")
    prefix, salt, hashes = token.split(":")
    assert (prefix, salt) == ("t21q1", "abc123")
    assert all(len(h) == 20 and set(h) <= set("0123456789abcdef") for h in hashes.split(","))
    assert "/" not in token and "." not in token
    assert make_answer_token(P21) != make_answer_token(P21)  # a fresh salt each time
    assert make_answer_token(P21, salt="s1") == make_answer_token(Fraction(4, 51), salt="s1")


def test_teachers_may_give_raw_values():
    for raw in (Fraction(4, 51), "4/51", "8/102"):
        assert answer(Quiz("?", raw), "0.0784") is True


def test_sympy_rational_and_float_answers():
    import sympy

    assert answer(Quiz("?", sympy.Rational(4, 51)), "4/51") is True
    assert answer(Quiz("?", 0.0784), "0.0784") is True


@pytest.mark.parametrize("typed, reason", [
    ("abc", "is not a number"), ("1/0", "denominator 0"), ("", "Type an answer"),
    ("   ", "Type an answer"), ("1e999", "power of ten"), ("9" * 200, "too long"),
    ("<b>x</b>", "is not a number"), ("4/51/2", "is not a number"), ("__import__('os')", "not a"),
])
def test_bad_input_gets_an_inline_message_and_changes_nothing(typed, reason):
    quiz = Quiz("P(21)?", make_answer_token(P21))
    answer(quiz, "4/51")
    assert answer(quiz, typed) is True  # unchanged from the last real answer
    assert reason in quiz.feedback.value
    assert quiz.attempts == 1
    assert "<b>" not in quiz.feedback.value


def test_html_in_questions_and_hints_is_escaped():
    quiz = Quiz("<script>alert(1)</script> P(X < 3)?", 1, hints=["<i>h</i>"])
    quiz.hint_button.click()
    assert "<script>" not in quiz.question_html.value
    assert "&lt;script&gt;" in quiz.question_html.value
    assert "<i>" not in quiz.hints_html.value


def test_hints_are_revealed_one_at_a_time():
    quiz = Quiz("?", 1, hints=["count the aces", "there are 8 aces in 102 cards"])
    assert quiz.hints_html.value == ""
    assert quiz.hint_button.description == "Hint 1 of 2"
    quiz.hint_button.click()
    assert "count the aces" in quiz.hints_html.value
    assert "8 aces" not in quiz.hints_html.value
    quiz.hint_button.click()
    assert "8 aces" in quiz.hints_html.value
    assert quiz.hint_button.disabled
    quiz.hint_button.click()
    assert quiz.hints_shown == 2


def test_the_why_is_said_once_the_answer_is_right_and_only_then():
    """Issue 30 (students earn the answers): an exercise may say what its answer shows; the
    student reads it after a right answer, never before it or after a wrong one."""
    why = {"en": "an ace in 102 <cards>", "ru": "туз среди 102 карт"}
    quiz = Quiz("?", P21, why=why)
    assert "ace" not in quiz.feedback.value
    answer(quiz, "0.5")
    assert "ace" not in quiz.feedback.value
    answer(quiz, "4/51")
    assert escape(why["en"]) in quiz.feedback.value and "<cards>" not in quiz.feedback.value
    quiz.language = "ru"
    assert why["ru"] in quiz.feedback.value
    answer(quiz, "0,5")
    assert why["ru"] not in quiz.feedback.value


ALL_EXERCISES = [key for lesson in (f"{n:02}" for n in range(13))
                 for key in quiz_bank.lesson_exercises(lesson)]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("exercise_id", ALL_EXERCISES)
def test_the_bank_says_why_in_each_language(exercise_id, language):
    """Issue 30 (read by 15-year-olds as 'answers ticked, not explained'): every exercise of
    every lesson says what its answer shows, in the quiz's language, from the catalog."""
    why = quiz_bank.exercise(exercise_id)["why"]
    assert why["en"] and why[language]
    if language == "ru":
        assert why["ru"] != why["en"] and re.search("[а-я]", why["ru"])


def test_multiple_choice():
    quiz = Quiz("With 20, should you buy?", make_answer_token("stand"),
                choices=["buy", "stand"])
    quiz.check_button.click()
    assert "Choose an answer" in quiz.feedback.value
    quiz.answer_box.value = 0
    quiz.check_button.click()
    assert quiz.correct is False
    quiz.answer_box.value = 1
    quiz.check_button.click()
    assert quiz.correct is True


def test_numeric_choices_match_a_numeric_answer():
    quiz = Quiz("P(21) from 20?", Fraction(4, 51), choices=["1/13", "4/51", "8/104"])
    for index, right in ((0, False), (2, False), (1, True)):
        quiz.answer_box.value = index
        quiz.check_button.click()
        assert quiz.correct is right


def test_multiple_choice_in_two_languages():
    quiz = Quiz({"en": "With 20?", "ru": "При 20?"}, "стою",
                choices=[("buy", "прикупаю"), ("stand", "стою")], language="ru")
    assert [label for label, _ in quiz.answer_box.options] == ["прикупаю", "стою"]
    assert quiz.question_html.value == "При 20?"
    quiz.answer_box.value = 1
    quiz.check_button.click()
    assert "Верно" in quiz.feedback.value
    quiz.language = "en"
    assert [label for label, _ in quiz.answer_box.options] == ["buy", "stand"]
    assert quiz.answer_box.value == 1
    assert "Correct" in quiz.feedback.value


def test_russian_labels_and_messages():
    quiz = Quiz("P(21)?", make_answer_token(P21), hints=["тузы"], language="ru")
    assert quiz.check_button.description == "Проверить"
    assert quiz.hint_button.description == "Подсказка 1 из 1"
    assert "0,0784" in quiz.answer_box.placeholder
    assert answer(quiz, "0,0785") is False
    assert "Пока нет" in quiz.feedback.value
    answer(quiz, "abc")
    assert "не число" in quiz.feedback.value
    quiz.language = "en"
    assert "not a number" in quiz.feedback.value


def test_css_classes_for_the_browser_tests():
    quiz = Quiz("?", 1)
    assert "t21-quiz" in quiz._dom_classes
    assert "t21-quiz-answer" in quiz.answer_box._dom_classes
    assert "t21-quiz-check" in quiz.check_button._dom_classes
    assert "t21-quiz-feedback" in quiz.feedback._dom_classes


def test_teacher_errors_are_rule_errors():
    with pytest.raises(RuleError, match="not an answer token"):
        Quiz("?", "t21q1:only-two")
    with pytest.raises(RuleError, match="not one of the choices"):
        Quiz("?", "hold", choices=["buy", "stand"])
    with pytest.raises(RuleError, match="not one of the choices"):
        Quiz("?", make_answer_token("hold"), choices=["buy", "stand"])
    Quiz("?", Fraction(1, 2), choices=["1/3", "2/4"])  # the same number, written differently
    with pytest.raises(RuleError, match="not a number"):
        make_answer_token(True)
    with pytest.raises(RuleError, match="language"):
        Quiz("?", 1, language="de")
    with pytest.raises(RuleError, match="salt"):
        make_answer_token(1, salt="a:b")


@given(st.fractions(max_denominator=10**6))
def test_parse_fraction_round_trip(value):
    assert parse_answer(f"{value.numerator}/{value.denominator}").value == value


@given(st.decimals(allow_nan=False, allow_infinity=False, places=6,
                   min_value=Decimal(-10**6), max_value=Decimal(10**6)))
def test_parse_decimal_is_exact(value):
    typed = f"{value:f}"
    assert parse_answer(typed).value == Fraction(value)
    assert parse_answer(typed.replace(".", ","), "ru").value == Fraction(value)
    assert parse_answer(f"{value:,f}").value == Fraction(value)
    assert parse_answer(f"{value:,f}".replace(",", " ").replace(".", ","), "ru").value \
        == Fraction(value)


@given(st.integers(min_value=-10**12, max_value=10**12),
       st.integers(min_value=0, max_value=6), st.sampled_from(["en", "ru"]))
def test_the_widgets_own_numbers_read_back_in_their_language(whole, decimals, language):
    """What the widgets write (count, decimal, percent) is what a quiz in that language reads."""
    assert parse_answer(count(whole, language), language).value == whole
    value = Fraction(whole, 10 ** decimals)
    assert parse_answer(decimal(value, decimals, language), language).value == value
    assert parse_answer(percent(value / 100, language, decimals), language).value == value / 100


@given(st.text(max_size=80), st.sampled_from(["en", "ru"]))
def test_parse_answer_raises_only_answer_errors(typed, language):
    try:
        parse_answer(typed, language)
    except AnswerError as error:
        assert isinstance(error, TwentyOneError)
        assert error.in_language("ru")


QUIZ_EVENTS = st.one_of(
    st.tuples(st.just("type"), st.one_of(
        st.text(max_size=20), st.sampled_from(["4/51", "0.0784", "7,84 %", "1/0", "1e99"]))),
    st.tuples(st.just("check"), st.none()),
    st.tuples(st.just("hint"), st.none()),
    st.tuples(st.just("language"), st.sampled_from(["en", "ru"])),
    st.tuples(st.just("choose"), st.sampled_from([None, 0, 1, 2])),
)


def test_random_events_never_raise():
    events_fired = 0

    @settings(max_examples=15, deadline=None)
    @given(st.lists(QUIZ_EVENTS, min_size=70, max_size=120))
    def run(events):
        nonlocal events_fired
        typed = Quiz("P(21)?", make_answer_token(P21), hints=["a", "b"])
        chosen = Quiz("?", "b", choices=["a", "b", "c"], hints=["h"], language="ru")
        for kind, value in events:
            if kind == "type":
                typed.answer_box.value = value
            elif kind == "choose":
                chosen.answer_box.value = value
            elif kind == "language":
                typed.language = chosen.language = value
            else:
                for quiz in (typed, chosen):
                    (quiz.check_button if kind == "check" else quiz.hint_button).click()
        assert typed.unexpected is None and chosen.unexpected is None
        events_fired += len(events)

    run()
    assert events_fired >= 1000


# ----- the quiz bank: exercises kept in the package, shown by id (quiz_bank.py) -----

TOKEN = re.compile(r"t21q1:[0-9a-zA-Z]{1,32}:[0-9a-f]{20}(?:,[0-9a-f]{20})*")
BANK_KEYS = {"question", "answer", "hints", "choices", "min_digits", "kind", "printed", "why",
             "prediction", "traps"}


def test_a_question_that_uses_a_printed_output_names_a_cell_that_prints():
    """"printed" names the lesson's cell whose output the question reads, in both languages
    (a handout prints that output beside the question)."""
    named = 0
    for lesson, bank in stored_banks().items():
        for entry in bank.values():
            if "printed" not in entry:
                continue
            named += 1
            for folder in ("notebooks", "notebooks/ru"):
                path = next((ROOT / folder).glob(f"{lesson}_*.ipynb"))
                cells = [cell for cell in nbformat.read(path, as_version=4).cells
                         if cell.get("id") == entry["printed"]]
                assert len(cells) == 1 and "print(" in cells[0].source, (path, entry)
    assert named >= 1


def stored_banks() -> dict[str, dict]:
    """Every bank file in the package: lesson 'NN' -> its exercises, read as JSON (the English;
    the Russian is in quizzes.po, tests/test_quizzes_catalog.py)."""
    folder = resources.files("twentyone_edu.data").joinpath("quizzes")
    return {path.name.removesuffix(".json"): json.loads(path.read_text(encoding="utf-8"))
            for path in folder.iterdir() if path.name.endswith(".json")}


def _english(value) -> bool:
    return isinstance(value, dict) and set(value) == {"en"} and isinstance(value["en"], str) \
        and bool(value["en"].strip())


def bank_problems(lesson: str, bank) -> list[str]:
    """What is wrong with one lesson's bank file (empty if nothing)."""
    if not re.fullmatch(r"\d\d", lesson):
        return [f"{lesson}.json is not named NN.json"]
    if not isinstance(bank, dict) or not bank:
        return [f"{lesson}.json holds no exercises"]
    problems = []
    for key, entry in bank.items():
        if not re.fullmatch(rf"{lesson}\.\d{{1,2}}", key):
            problems.append(f"{key}: not an id of lesson {lesson}")
        if not isinstance(entry, dict):
            problems.append(f"{key}: not an object")
            continue
        if not {"question", "answer", "hints"} <= set(entry) <= BANK_KEYS:
            problems.append(f"{key}: keys {sorted(entry)}")
        if not _english(entry.get("question")):
            problems.append(f"{key}: the question needs an en text, and only that")
        if not isinstance(entry.get("answer"), str) or not TOKEN.fullmatch(entry["answer"]):
            problems.append(f"{key}: the answer is not a token")
        hints = entry.get("hints")
        if not isinstance(hints, list) or not all(map(_english, hints)):
            problems.append(f"{key}: every hint needs an en text, and only that")
        choices = entry.get("choices", [])
        if "choices" in entry and (not isinstance(choices, list) or len(choices) < 2
                                   or not all(map(_english, choices))):
            problems.append(f"{key}: every choice needs an en text, and only that (two choices "
                            "at least)")
        digits = entry.get("min_digits", 3)
        if isinstance(digits, bool) or digits not in DIGITS:
            problems.append(f"{key}: min_digits {digits!r} is not 1-8")
        traps = entry.get("traps", [])
        if "traps" in entry and ("choices" in entry or not isinstance(traps, list) or not traps
                                 or not all(isinstance(trap, dict) and set(trap) == {"answer", "en"}
                                            and isinstance(trap["answer"], str)
                                            and _english({"en": trap["en"]}) for trap in traps)):
            problems.append(f"{key}: every trap needs an answer and an en text, and only those "
                            "(a typed answer only)")
        if "choices" in entry and "kind" in entry:
            problems.append(f"{key}: a choice has no kind")
        elif "choices" not in entry and entry.get("kind") not in KINDS:
            problems.append(f"{key}: kind {entry.get('kind')!r} is not one of {KINDS}")
    return problems


GOOD_ENTRY = {"question": {"en": "P(21) holding 20?"},
              "answer": make_answer_token(P21, salt="s1"),
              "hints": [{"en": "count the aces"}], "kind": "chance"}


def test_every_stored_bank_file_parses_and_its_quizzes_show_the_english():
    for lesson, bank in stored_banks().items():
        assert not bank_problems(lesson, bank), bank_problems(lesson, bank)
        for key, entry in bank.items():
            shown = quiz_bank.quiz(key)
            assert shown.question_html.value == escape(entry["question"]["en"])


@pytest.mark.parametrize("change, problem", [
    ({"question": {"en": " "}}, "question needs an en text"),
    ({"question": {"ru": "P(21)?"}}, "question needs an en text"),
    ({"question": {"en": "P(21)?", "ru": "P(21)?"}}, "question needs an en text, and only"),
    ({"hints": [{"en": "count", "ru": "сосчитайте"}]}, "hint needs an en text"),
    ({"hints": "count the aces"}, "hint needs an en text"),
    ({"choices": [{"en": "buy"}, {"en": "stand", "ru": "хватит"}]}, "choice needs an en text"),
    ({"choices": [{"en": "buy"}]}, "two choices at least"),
    ({"choices": [{"en": "buy"}, {"en": "stand"}]}, "a choice has no kind"),
    ({"kind": "money"}, "kind 'money' is not one of"),
    ({"kind": None}, "kind None is not one of"),
    ({"count": True}, "keys"),
    ({"answer": "4/51"}, "not a token"),
    ({"answer": "t21q1:s1:abc"}, "not a token"),
    ({"answer": "t21q1:a:b:" + "0" * 20}, "not a token"),
    ({"min_digits": 0}, "min_digits 0"),
    ({"solution": "4/51"}, "keys"),
])
def test_the_bank_check_finds_each_problem(change, problem):
    assert bank_problems("04", {"04.1": GOOD_ENTRY}) == []
    found = bank_problems("04", {"04.1": {**GOOD_ENTRY, **change}})
    assert any(problem in line for line in found), found
    assert bank_problems("04", {"05.1": GOOD_ENTRY}) == ["05.1: not an id of lesson 04"]
    assert bank_problems("4", {"04.1": GOOD_ENTRY}) == ["4.json is not named NN.json"]


def test_a_token_is_well_formed():
    for value in (P21, 8, "stand", Fraction(-7, 3), 0.0784):
        token = make_answer_token(value)
        assert TOKEN.fullmatch(token), token
        prefix, salt, hashes = token.split(":")
        assert len(set(hashes.split(","))) == len(hashes.split(","))  # no hash twice
    # a number's token holds the exact hash, one or two roundings and one cut for each of 1-8
    # digits
    assert list(DIGITS) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert 1 + 2 * len(DIGITS) <= len(make_answer_token(P21).split(":")[2].split(",")) \
        <= 1 + 3 * len(DIGITS)
    # 1/8 = 0.125: to 2 digits both 0.12 and 0.13 (a tie), to 1 digit 0.1 both ways
    assert len(make_answer_token(Fraction(1, 8)).split(":")[2].split(",")) == 1 + 8 + 1 + 8
    assert len(make_answer_token("stand").split(":")[2].split(",")) == 1


FAKE_BANK = {"07.1": GOOD_ENTRY, "07.2": {**GOOD_ENTRY, "min_digits": 2},
             "07.10": {**{k: v for k, v in GOOD_ENTRY.items() if k != "kind"},
                       "choices": [{"en": "4/51"}, {"en": "1/13"}]}}


@pytest.fixture
def fake_bank(monkeypatch):
    monkeypatch.setattr(quiz_bank, "lesson_exercises",
                        lambda lesson: FAKE_BANK if lesson == "07" else {})


@pytest.mark.parametrize("bad", ["07.3", "07.0", "07.99"])
def test_an_unknown_exercise_names_the_valid_ids(fake_bank, bad):
    with pytest.raises(RuleError, match=rf"no exercise {re.escape(bad)} .*07\.1, 07\.10, 07\.2"):
        quiz_bank.quiz(bad)


@pytest.mark.parametrize("bad", ["7.1", "07", "07.1 ", "07.123", "x07.1", "", "07.1; import os",
                                 7.1, None, ("07", "1")])
def test_a_malformed_exercise_id_says_what_an_id_looks_like(fake_bank, bad):
    with pytest.raises(RuleError, match=r"is not an exercise id \(use 'NN.k', e.g. '04.1'\)"):
        quiz_bank.quiz(bad)


def test_a_lesson_without_exercises_says_so(fake_bank):
    with pytest.raises(RuleError, match=r"no exercise 11.1 \(lesson 11 has: none\)"):
        quiz_bank.exercise("11.1")


def test_a_long_bad_id_is_quoted_short(fake_bank):
    with pytest.raises(RuleError) as caught:
        quiz_bank.quiz("x" * 500)
    assert len(str(caught.value)) < 120


def test_quiz_by_id_shows_the_question_not_the_machinery(fake_bank):
    shown = quiz_bank.quiz("07.1", language="ru")
    # the catalog has no Russian for this English at 07.1, so gettext shows the English
    assert shown.question_html.value == "P(21) holding 20?"
    assert answer(shown, "0,0784") is True
    assert "t21q1" not in shown.question_html.value + shown.hints_html.value
    assert quiz_bank.quiz("07.2").min_digits == 2
    chosen = quiz_bank.quiz("07.10")
    chosen.answer_box.value = 0
    chosen.check_button.click()
    assert chosen.correct is True


def test_every_stored_bank_names_its_ids_when_asked_for_a_missing_one():
    for lesson, bank in stored_banks().items():
        with pytest.raises(RuleError) as caught:
            quiz_bank.exercise(f"{lesson}.99")
        assert all(key in str(caught.value) for key in bank)


LESSONS = [f"{n:02d}" for n in range(13)]


def test_a_count_is_asked_for_as_a_whole_number():
    from twentyone_edu.widgets.i18n import text
    for language in ("en", "ru"):
        counted = Quiz("How many?", 12, kind="count", language=language)
        assert counted.answer_box.placeholder == text("quiz_placeholder_count", language)
        chance = Quiz("What chance?", Fraction(4, 51), language=language)
        assert chance.answer_box.placeholder == text("quiz_placeholder_chance", language)
    assert "12" in text("quiz_placeholder_count", "ru") and "/" not in \
        text("quiz_placeholder_count", "ru")


# What an exercise asks for, read from the words of its question (issues 19.5, 29.5), checked
# in this order: a number in standard form, a question for a chance, a whole number, money or a
# value in stakes, a chance; anything else is a number.
ASKS = [
    ("standard_form", re.compile(r"\bstandard form\b", re.IGNORECASE)),
    ("chance", re.compile(r"\bwhat is the (?:exact )?(?:chance|probability)\b", re.IGNORECASE)),
    ("count", re.compile(r"\bhow many\b|\bbest total of\b|\bwhich threshold\b"
                         r"|\bsmallest hard total\b|\bsmallest number of\b|\bby what factor\b",
                         re.IGNORECASE)),
    ("stakes", re.compile(r"\bresult\b|\bcollect\b|\bpay\b|\bprice\b|\bprofit\b|\bgain\b"
                          r"|\bin stakes\b|\bexpected value\b", re.IGNORECASE)),
    ("chance", re.compile(r"\bchance\b|\bprobability\b", re.IGNORECASE)),
]


def test_every_exercise_asks_for_the_kind_its_question_names():
    """An exercise gets the placeholder of what its question asks: a count or a total a whole
    number, money a number of stakes, not a fraction's "4/51, 0.0784 or 7.84%" (issues 19.5,
    29.5)."""
    for lesson in LESSONS:
        for exercise_id, stored in quiz_bank.lesson_exercises(lesson).items():
            if "choices" in stored:
                continue
            question = stored["question"]["en"]
            asked = next((kind for kind, words in ASKS if words.search(question)), "number")
            assert stored["kind"] == asked, (exercise_id, question)


def test_no_choice_writes_multiplication_as_a_star():
    """A formula is written as a student writes it, 2t/u, not as code, 2*t/u (issue 19.5)."""
    star = re.compile(r"[\w)]\s*\*\s*[\w(]")
    for lesson in LESSONS:
        for exercise_id, stored in quiz_bank.lesson_exercises(lesson).items():
            for choice in stored.get("choices", ()):
                assert not star.search(choice["en"]), (exercise_id, choice)


def test_a_number_too_long_to_write_is_refused_as_not_an_answer():
    """An int of 5000 digits cannot even be repr'd (Python's 4300-digit limit): the refusal
    names its type, not a ValueError from writing it out."""
    with pytest.raises(TwentyOneError, match="<int>"):
        parse_answer(10**5000)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_numbers_the_whys_quote_are_right(language):
    """Each number a why quotes, from its own formula: a natural is an ace and a ten in either
    order (two packs: 8 aces, 32 ten-valued cards of 104; 96 without the fives; one pack: 4 and
    16 of 52; ochko: 4 aces, 4 tens of 36, or two aces); no ace in three cards after K Q (8 aces
    among 102); (19/20)ⁿ either side of 5 %; no ace among the first five cards; the first ace at
    an odd place, C(104 − k, 7)/C(104, 8); a share of naturals, a mean of 0s and 1s with
    σ = √(p(1 − p)); a normal variable beyond 3.5 σ."""
    def natural(cards: int, aces: int = 8, tens: int = 32) -> Fraction:
        return 2 * Fraction(aces, cards) * Fraction(tens, cards - 1)

    def first_ace_at(k: int) -> Fraction:
        return Fraction(math.comb(104 - k, 7), math.comb(104, 8))

    no_ace = Fraction(94 * 93 * 92, 102 * 101 * 100)
    ochko = natural(36, 4, 4) + Fraction(4, 36) * Fraction(3, 35)
    quoted = {
        "00.3": [percent(Fraction(8 * 7, 104 * 103), language, 3)],
        "09.3": [percent(natural(96), language, 1), percent(natural(104), language, 1)],
        "06.3": [decimal(no_ace, 3, language), decimal(1 - no_ace, 3, language)],
        "06.2": [decimal(Fraction(19, 20) ** n, 3, language) for n in (58, 59)],
        "08.1": [decimal(natural(104), 3, language), decimal(3 * natural(104), 3, language)],
        "10.1": [decimal(Fraction(math.comb(96, 5), math.comb(104, 5)), 3, language)],
        "10.2": [decimal(Fraction(96, 104) * Fraction(8, 103), 4, language)],
        "10.3": [decimal(sum(first_ace_at(k) for k in range(1, 98, 2)), 3, language)],
        "12.1": [decimal(ochko, 4, language)],
        "12.3": [decimal(2 * natural(52, 4, 16), 4, language)],
        "11.2": [decimal(math.sqrt(natural(104) * (1 - natural(104))), 4, language),
                 decimal(math.sqrt(natural(104) * (1 - natural(104)) / 20_000), 5, language)],
        "11.3": [count(int(round(1 / math.erfc(3.5 / math.sqrt(2)), -3)), language)],
    }
    assert Fraction(19, 20) ** 58 > Fraction(1, 20) > Fraction(19, 20) ** 59
    # the two-sided interval's upper end after 0 of n is below 1/20 when (19/20)^n < 2.5 %
    assert Fraction(19, 20) ** 71 > Fraction(1, 40) > Fraction(19, 20) ** 72
    assert "n = 72" in quiz_bank.exercise("06.2")["why"][language]
    assert sum(first_ace_at(k) for k in range(1, 98)) == 1
    for exercise_id, numbers in quoted.items():
        why = quiz_bank.exercise(exercise_id)["why"][language]
        for number in numbers:
            assert "".join(number.split()) in "".join(why.split()), (exercise_id, number)


NUMBER = re.compile(r"[−-]?\d+(?:[  ]\d{3})*(?:[.,]\d+)?(?:/\d+)?")
SAYS_THE_ANSWER = ["00.1", "00.2", "00.3", "01.1", "01.4", "01.2", "02.1", "02.3", "02.4", "03.1",
                   "03.2", "04.1", "04.2", "05.1", "05.3", "07.2", "07.3", "08.1", "11.1",
                   "11.2", "11.4", "12.1", "12.3", "06.2", "09.1", "09.2"]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("exercise_id", SAYS_THE_ANSWER)
def test_a_why_that_works_the_answer_out_ends_where_the_check_does(exercise_id, language):
    """A why that works a number out by hand reaches the answer the quiz accepts (its stored
    token, set apart from the why), written as its language writes numbers."""
    quiz = quiz_bank.quiz(exercise_id, language)
    found = []
    for number in NUMBER.findall(quiz_bank.exercise(exercise_id)["why"][language]):
        try:
            found.append(quiz.is_correct("".join(number.split()).replace("−", "-")))
        except TwentyOneError:
            found.append(False)
    assert any(found), exercise_id


def test_the_whys_that_name_an_engine_result_name_the_engines_result():
    """07.1: a banker on 18 makes 13 the player's best threshold; 08.3: against players who
    buy below 15 the banker does best to buy below 17, against those who buy below 17 below
    18; 12.2: the six-pack dealer busts most often under a 6, a little above 42 %."""
    rules_18 = t21.HISTORICAL.with_(banker_stands_on=18)
    values = {n: exact.round_value(n, rules=rules_18) for n in range(12, 22)}
    assert max(values, key=values.get) == 13 and "13" in quiz_bank.exercise("07.1")["why"]["en"]

    def banker_best(policy: int) -> int:
        edge = {k: exact.bank_value(1, policy, rules=t21.HISTORICAL.with_(banker_stands_on=k))
                for k in range(14, 20)}
        return max(edge, key=edge.get)

    why = quiz_bank.exercise("08.3")["why"]["en"]
    assert (banker_best(15), banker_best(17)) == (17, 18)
    assert "best rule is to buy while below 17" in why and "buy while below 18" in why
    bust = {u: exact.banker_outcomes(rules="blackjack", upcard=u)["bust"]
            for u in "A 2 3 4 5 6 7 8 9 10".split()}
    assert max(bust, key=bust.get) == "6" and Fraction(42, 100) < bust["6"] < Fraction(43, 100)
    one_pack = {u: exact.banker_outcomes(rules=t21.VARIANTS["blackjack"].with_(decks=1), upcard=u)
                ["bust"] for u in "A 2 3 4 5 6 7 8 9 10".split()}
    assert max(one_pack, key=one_pack.get) == "5"  # readers 44: in one pack the 5, not the 6
    why = quiz_bank.exercise("12.2")["why"]["en"]
    assert "in one pack the 5" in why and "in six packs the 6" in why


def test_a_choice_is_checked_in_code_by_its_index_or_its_text_in_either_language():
    """Readings 49 and 50: students checking a choice in code typed the choice's text ("A K",
    «Т К») or "1", and met "choice='A K' is not valid"; the index, its digits and the choice's
    text in either language all name it, and a text that is no choice is still refused by name."""
    for language in ("en", "ru"):
        quiz = quiz_bank.quiz("01.3", language)
        right = next(i for i, c in enumerate(quiz_bank.exercise("01.3")["choices"])
                     if c["en"] == "Dmitri")
        for typed in (right, str(right), "Dmitri", " dmitri ", "Дмитрий"):
            assert quiz.is_correct(typed), typed
        assert not quiz.is_correct("Anna") and not quiz.is_correct("Глеб")
        with pytest.raises(TwentyOneError, match="'X'"):
            quiz.is_correct("X")


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("choice", [0, 1])
def test_a_prediction_is_checked_once_and_kept(language, choice):
    """07.4 asks for a prediction before the lesson prints its numbers (readings 53, 59: a
    prediction tried until right is no prediction): one check, kept, with the why either way."""
    shown = quiz_bank.quiz("07.4", language)
    right = shown.is_correct(choice)
    shown.answer_box.value = choice
    shown.check_button.click()
    assert (shown.attempts, shown.correct) == (1, right)
    assert shown.answer_box.disabled and shown.check_button.disabled
    why = escape(quiz_bank.exercise("07.4")["why"][language])
    assert why in shown.feedback.value
    kept = shown.feedback.value
    shown.answer_box.value = 1 - choice
    shown.check()  # (a click on a locked button does nothing; nor does a call)
    assert (shown.attempts, shown.correct, shown.feedback.value) == (1, right, kept)


def test_only_an_exercise_with_choices_can_be_a_prediction():
    Quiz("?", "yes", choices=["yes", "no"], prediction=True)
    for choices, prediction in ((None, True), (["yes", "no"], "yes")):
        with pytest.raises(RuleError, match="prediction="):
            Quiz("?", "yes" if choices else 3, choices=choices, prediction=prediction)


def test_buying_on_k_q_by_hand_is_the_engines_value():
    """Exercise 04.5's sum with the lesson's P(A | B) and the banker's 21 after K Q A is the
    engine's exact value of buying (decision_values' "draw"); with his 21 after K Q, as the
    lesson prints it and the exercise asks, it differs only in the fifth digit."""
    engine = exact.decision_values("K Q")["draw"]
    assert buying_on_k_q(ace_given_no_natural(), "K Q A", 2) == engine
    asked = buying_on_k_q(ace_given_no_natural(), "K Q", 2)
    assert asked != engine and abs(asked - engine) < Fraction(1, 10**4)
    assert round(asked, 3) == round(engine, 3)
