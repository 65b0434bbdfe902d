"""How each language writes a number: its symbols (Babel's CLDR data with the course's three
overrides), school rounding, and the writing of exact values already checked.

This is the ground under numerals.py, which checks what a caller gives and raises the package's
errors; here every value is an exact Fraction (or None for no value) and every language one of
catalogs.LANGUAGES, so the engine's messages can write their numbers without a circle through
the errors. A number too large to write raises TooLarge, which numerals.py turns into a
RuleError and the messages into a short form.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Babel loads on the first number written, not on import
    from babel import Locale
    from babel.numbers import NumberPattern

MINUS = "\u2212"  # the minus sign, in both languages (Babel's CLDR data has a hyphen-minus)
THIN_SPACE = "\u202f"  # narrow no-break space: thousands in Russian (CLDR has U+00A0)
MAX_DIGITS = 12  # decimals a number may be written with
NO_NUMBER = "—"  # what a NaN (no value yet) is written as
GROUP_OVERRIDES = {"ru": THIN_SPACE}  # language -> thousands separator, instead of Babel's
LARGEST_POWER, LONGEST_POWER = 60, 300
LARGEST = 10**LARGEST_POWER  # no number the course shows comes near this
LONGEST_FRACTION = 10**LONGEST_POWER  # nor a fraction with this many digits


class TooLarge(ArithmeticError):
    """A number too large to write: 10^LARGEST_POWER or more, or a fraction of more than
    LONGEST_POWER digits (`fraction` says which)."""

    def __init__(self, fraction: bool) -> None:
        super().__init__("fraction too long" if fraction else "number too large")
        self.fraction = fraction


@dataclass(frozen=True)
class Symbols:
    """How a language writes a number: its decimal sign, thousands separator, and the text
    before and after a percentage (Babel's, with the course's overrides)."""

    decimal: str
    group: str
    percent_before: str
    percent_after: str
    cldr_group: str  # Babel's thousands separator, which `group` replaces
    minus: str = MINUS


@cache
def symbols(language: str) -> Symbols:
    """The symbols of `language`, read from Babel once."""
    from babel.numbers import get_decimal_symbol, get_group_symbol, parse_pattern

    locale = _locale(language)
    pattern = parse_pattern(locale.percent_formats[None].pattern)
    sign = locale.number_symbols["latn"]["percentSign"]
    group = get_group_symbol(locale)
    return Symbols(decimal=get_decimal_symbol(locale),
                   group=GROUP_OVERRIDES.get(language, group),
                   percent_before=pattern.prefix[0].replace("%", sign),
                   percent_after=pattern.suffix[0].replace("%", sign), cldr_group=group)


@cache
def _locale(language: str) -> Locale:
    """Babel's locale for `language`, parsed once."""
    from babel import Locale

    return Locale.parse(language)


@cache
def _pattern(digits: int) -> NumberPattern:
    """Babel's pattern of a number with thousands grouped and `digits` decimals, parsed once."""
    from babel.numbers import parse_pattern

    return parse_pattern("#,##0" + ("." + "0" * digits if digits else ""))


def rounded(value: Fraction, digits: int) -> Fraction:
    """`value` rounded to `digits` decimals, half away from zero (school rounding)."""
    scaled = abs(value) * 10 ** digits
    whole = math.floor(scaled + Fraction(1, 2))
    return Fraction(whole if value >= 0 else -whole, 10 ** digits)


def _unsigned(size: Fraction, digits: int, language: str) -> str:
    """A non-negative value, already rounded to `digits` decimals, with thousands grouped."""
    from babel.numbers import format_decimal

    if size >= LARGEST:
        raise TooLarge(fraction=False)
    mark = symbols(language)
    with localcontext() as context:  # every digit of the number, not Decimal's default 28
        context.prec = 2 * len(str(LARGEST)) + digits
        places = Decimal(int(size * 10 ** digits)).scaleb(-digits)
        written = format_decimal(places, format=_pattern(digits), locale=_locale(language))
    return written.replace(mark.cldr_group, mark.group)


def _with_sign(size: str, negative: bool, plus: bool) -> str:
    return (MINUS if negative else "+" if plus else "") + size


def decimal(exact: Fraction | None, digits: int, language: str) -> str:
    """`exact` with `digits` decimals in `language`; '—' for no value."""
    if exact is None:
        return NO_NUMBER
    shown = rounded(exact, digits)
    return _with_sign(_unsigned(abs(shown), digits, language), shown < 0, False)


def signed(exact: Fraction | None, digits: int, language: str, tiny_digits: bool) -> str:
    """`exact` with its sign always written; a tiny one with two significant digits if
    `tiny_digits` (numerals.signed says more)."""
    if exact is None:
        return NO_NUMBER
    size = abs(exact)
    if tiny_digits and 0 < size < Fraction(1, 10 ** digits):  # below 10^-308 no float holds it
        digits = MAX_DIGITS if size < Fraction(1, 10 ** MAX_DIGITS) else \
            min(MAX_DIGITS, 1 - math.floor(math.log10(size)))
    written = _unsigned(abs(rounded(exact, digits)), digits, language)
    return written if exact == 0 else _with_sign(written, exact < 0, True)


def percent(exact: Fraction | None, language: str, digits: int) -> str:
    """A chance as a percentage with `digits` decimals, in `language`'s way."""
    if exact is None:
        return NO_NUMBER
    shown = rounded(100 * exact, digits)
    mark = symbols(language)
    size = _unsigned(abs(shown), digits, language)
    return _with_sign(f"{mark.percent_before}{size}{mark.percent_after}", shown < 0, False)


def fraction(exact: Fraction | None) -> str:
    """An exact value as a fraction, the same in both languages: 4/51, −4/51, 3."""
    if exact is None:
        return NO_NUMBER
    size = abs(exact)
    if max(size.numerator, size.denominator) >= LONGEST_FRACTION:
        raise TooLarge(fraction=True)
    written = str(size.numerator) if size.denominator == 1 else \
        f"{size.numerator}/{size.denominator}"
    return _with_sign(written, exact < 0, False)


def money(exact: Fraction | None, language: str, sign: bool = False) -> str:
    """Money exactly: a decimal when one is exact, else a fraction; with `sign`, +5."""
    if exact is None:
        return NO_NUMBER
    places = next((places for places in range(MAX_DIGITS + 1)
                   if (exact * 10 ** places).denominator == 1), None)
    written = fraction(exact) if places is None else decimal(exact, places, language)
    return "+" + written if sign and exact > 0 else written
