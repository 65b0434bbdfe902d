"""numerals.py: every format in both languages, written out by hand, and read back exactly."""

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from twentyone_edu import numerals
from twentyone_edu.widgets.quiz import parse_answer
from twentyone_edu.words.errors import RuleError, TwentyOneError
from twentyone_edu.words.numerals import (
    NotANumber,
    count,
    decimal,
    fraction,
    latex,
    money,
    percent,
    read,
    signed,
)

NB, NARROW, MINUS = "\u00a0", "\u202f", "\u2212"  # no-break space, narrow no-break, minus sign

# (what is written, in English, in Russian). Each by hand: 4/51 = 0.0784313…, 1/8 = 0.125,
# 12345/1000 = 12.345, 2.675 as a float is 2.67499999999999982… (below the half).
CASES = [
    (lambda lang: decimal(Fraction(4, 51), 4, lang), "0.0784", "0,0784"),
    (lambda lang: decimal(Fraction(-2469, 2), 1, lang), "−1,234.5", f"−1{NARROW}234,5"),
    (lambda lang: decimal(Fraction(1, 8), 2, lang), "0.13", "0,13"),  # half away from zero
    (lambda lang: decimal(Fraction(-1, 8), 2, lang), "−0.13", "−0,13"),
    (lambda lang: decimal(Fraction(-1, 1000), 2, lang), "0.00", "0,00"),  # no minus on zero
    (lambda lang: decimal(2.675, 2, lang), "2.67", "2,67"),  # the float is just below 2.675
    (lambda lang: decimal(1_234_567, 0, lang), "1,234,567", f"1{NARROW}234{NARROW}567"),
    (lambda lang: decimal(math.nan, 2, lang), "—", "—"),
    (lambda lang: percent(Fraction(4, 51), lang), "7.84%", f"7,84{NB}%"),
    (lambda lang: percent(Fraction(4, 51), lang, 1), "7.8%", f"7,8{NB}%"),
    (lambda lang: percent(Fraction(1, 2), lang), "50.00%", f"50,00{NB}%"),
    (lambda lang: percent(Fraction(-1, 4), lang, 0), "−25%", f"−25{NB}%"),
    (lambda lang: percent(Fraction(12345, 1000), lang, 1), "1,234.5%",
     f"1{NARROW}234,5{NB}%"),
    (lambda lang: signed(Fraction(1, 8), 3, lang), "+0.125", "+0,125"),
    (lambda lang: signed(Fraction(-1, 8), 3, lang), "−0.125", "−0,125"),
    (lambda lang: signed(0, 4, lang), "0.0000", "0,0000"),  # zero has no sign
    (lambda lang: signed(Fraction(1, 25_000), 4, lang), "+0.000040", "+0,000040"),  # 4.0e-5
    (lambda lang: signed(Fraction(-1, 3000), 2, lang, tiny_digits=False), "−0.00", "−0,00"),
    (lambda lang: signed(Fraction(-7, 2), 0, lang, tiny_digits=False), "−4", "−4"),
    (lambda lang: signed(2500, 0, lang), "+2,500", f"+2{NARROW}500"),
    (lambda lang: count(1_000_000, lang), "1,000,000", f"1{NARROW}000{NARROW}000"),
    (lambda lang: count(-1000, lang), "−1,000", f"−1{NARROW}000"),
    (lambda lang: count(999, lang), "999", "999"),
    (lambda lang: fraction(Fraction(-4, 51)), "−4/51", "−4/51"),
    (lambda lang: fraction(3), "3", "3"),
    (lambda lang: fraction(Fraction(1_234_567, 2)), "1234567/2", "1234567/2"),  # never grouped
    (lambda lang: money(5, lang), "5", "5"),
    (lambda lang: money(Fraction(15, 2), lang), "7.5", "7,5"),
    (lambda lang: money(Fraction(-3, 2), lang), "−1.5", "−1,5"),
    (lambda lang: money(Fraction(1, 4), lang), "0.25", "0,25"),
    (lambda lang: money(Fraction(10, 3), lang), "10/3", "10/3"),  # no exact decimal
    (lambda lang: money(Fraction(10, 3), lang, sign=True), "+10/3", "+10/3"),
    (lambda lang: money(Fraction(-1, 3), lang, sign=True), "−1/3", "−1/3"),
    (lambda lang: money(2500, lang, sign=True), "+2,500", f"+2{NARROW}500"),
    (lambda lang: money(0, lang, sign=True), "0", "0"),
    (lambda lang: latex(percent(Fraction(-1, 4), lang, 1)), r"-25.0\%", r"-25{,}0\,\%"),
    (lambda lang: latex(count(1000, lang)), "1{,}000", r"1\,000"),
]


@pytest.mark.parametrize("write, english, russian", CASES)
def test_every_format_in_both_languages(write, english, russian):
    assert write("en") == english
    assert write("ru") == russian


def test_the_course_typography_over_babel():
    """The minus sign in both languages; in Russian a narrow space in thousands and a no-break
    space before %; in English 7.84%, no space."""
    english, russian = numerals.symbols("en"), numerals.symbols("ru")
    assert (english.decimal, english.group, english.percent_after) == (".", ",", "%")
    assert (russian.decimal, russian.group, russian.percent_after) == (",", NARROW, f"{NB}%")
    assert english.minus == russian.minus == MINUS
    assert english.percent_before == russian.percent_before == ""


@pytest.mark.parametrize("call, match", [
    (lambda: decimal(1, -1, "en"), "digits=-1"),
    (lambda: decimal(1, 13, "en"), "digits=13"),
    (lambda: percent(1, "en", True), "digits=True"),
    (lambda: decimal(1, 2, "de"), "language='de'"),
    (lambda: percent(1, "fr"), "language='fr'"),
    (lambda: count(1.5, "en"), "whole number"),
    (lambda: decimal("1", 2, "en"), "not a number"),
    (lambda: money(True, "en"), "not a number"),
])
def test_bad_arguments_are_rule_errors(call, match):
    with pytest.raises(RuleError, match=match):
        call()


@pytest.mark.parametrize("text, language, value, digits", [
    ("−1 234,5", "ru", Fraction(-2469, 2), 5),
    (f"−1{NARROW}234,5", "ru", Fraction(-2469, 2), 5),
    ("7,84\u00a0%", "ru", Fraction(784, 10000), 3),
    ("7.84%", "en", Fraction(784, 10000), 3),
    ("+0.000040", "en", Fraction(4, 100_000), 2),
    ("−4/51", "en", Fraction(-4, 51), None),
    ("1,000,000", "en", 1_000_000, None),
])
def test_read(text, language, value, digits):
    assert read(text, language) == numerals.Reading(Fraction(value), digits, "%" in text)


@pytest.mark.parametrize("text, language, reason, fields", [
    ("1,5", "en", "decimal_comma", {"suggestion": "1.5"}),
    ("1/0", "ru", "zero_denominator", {}),
    ("1e99", "en", "exponent", {"limit": 30}),
    ("abc", "ru", "not_number", {}),
    ("1 00", "en", "not_number", {}),
])
def test_what_is_not_a_number_says_why(text, language, reason, fields):
    with pytest.raises(NotANumber) as caught:
        read(text, language)
    assert isinstance(caught.value, TwentyOneError)
    assert caught.value.reason == reason
    assert caught.value.fields == {"answer": text, **fields}


VALUES = st.fractions(min_value=-10**9, max_value=10**9, max_denominator=10**6)
LANGUAGE = st.sampled_from(numerals.LANGUAGES)
DIGITS = st.integers(min_value=0, max_value=6)


def rounded_within(shown: Fraction, value: Fraction, digits: int) -> bool:
    """Whether `shown` has at most `digits` decimals and lies within half a unit of them."""
    return (shown * 10 ** digits).denominator == 1 and \
        abs(shown - value) <= Fraction(1, 2 * 10 ** digits)


def read_both_ways(text: str, language: str) -> Fraction:
    """What numerals.read and the quiz read from `text`: one and the same value."""
    value = read(text, language).value
    assert parse_answer(text, language).value == value
    return value


@given(VALUES, DIGITS, LANGUAGE)
def test_decimals_and_percentages_read_back_as_the_value_they_show(value, digits, language):
    assert rounded_within(read_both_ways(decimal(value, digits, language), language), value,
                          digits)
    assert rounded_within(read_both_ways(percent(value, language, digits), language), value,
                          digits + 2)
    shown = read_both_ways(signed(value, digits, language), language)
    assert abs(shown - value) <= Fraction(1, 2 * 10 ** digits)
    assert (shown > 0, shown < 0) == (value > 0, value < 0)  # a tiny value keeps two digits


@given(VALUES, st.integers(min_value=-10**15, max_value=10**15), LANGUAGE)
def test_exact_formats_read_back_exactly(value, whole, language):
    assert read_both_ways(fraction(value), language) == value
    assert read_both_ways(count(whole, language), language) == whole
    assert read_both_ways(money(value, language), language) == value
    assert read_both_ways(money(value, language, sign=True), language) == value
