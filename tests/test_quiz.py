"""Quiz: answers checked exactly from a hashed token, in English and Russian, never a traceback."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentyone_edu.errors import RuleError, TwentyOneError
from twentyone_edu.widgets.quiz import (
    AnswerError,
    Quiz,
    make_answer_token,
    parse_answer,
    rounded_forms,
)

# P(21) holding 20 (two tens) from a fresh 2-pack shoe: 102 unseen cards, 8 of them aces,
# so 8/102 = 4/51 = 0.0784313725... (long division: 4/51 = 0.07843 13725 49...).
P21 = Fraction(8, 102)


def answer(quiz, typed):
    quiz.answer_box.value = typed
    quiz.check_button.click()
    return quiz.correct


@pytest.mark.parametrize("typed", [
    "4/51", "8/102", " 4 / 51 ", "0.0784", "7.84 %", "7,84%", "7.84%", "0,0784", "0.07843",
    "0.078431", "7.843 %", "400/51 %", "7.84e-2", "784e-4", "+4/51",
])
def test_accepts_every_form_of_the_right_answer(typed):
    quiz = Quiz("P(21)?", make_answer_token(P21))
    assert answer(quiz, typed) is True
    assert "Correct" in quiz.feedback.value


@pytest.mark.parametrize("typed", [
    "4/50", "0.0785", "0.07840", "7.85 %", "0.078432", "-4/51", "0.784", "78.4 %", "1",
])
def test_rejects_wrong_answers(typed):
    quiz = Quiz("P(21)?", make_answer_token(P21))
    assert answer(quiz, typed) is False
    assert "Not yet" in quiz.feedback.value
    assert quiz.attempts == 1


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
    assert parse_answer(typed.replace(".", ",")).value == Fraction(value)


@given(st.text(max_size=80))
def test_parse_answer_raises_only_answer_errors(typed):
    try:
        parse_answer(typed)
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
