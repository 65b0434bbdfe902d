"""Numbers written, and read back, as each language writes them: decimals, percentages, signs,
thousands, fractions and money, for the widgets, the plots and the notebooks' helpers.

Babel's CLDR data gives the decimal sign, the thousands separator and where the percent sign
goes; three choices of the course's typography are made on top of it, in notation.py and
nowhere else:

=========================  ================  ==========================  ===================
                           Babel (CLDR)      the course                  why
=========================  ================  ==========================  ===================
minus (en, ru)             "-" hyphen-minus  "−" U+2212                  a minus, not a dash
Russian thousands          U+00A0 no-break   U+202F narrow no-break      a thin space
Russian percent            "7,84\u00a0%"     kept: "7,84\u00a0%"         a no-break space
English percent            "7.84%"           kept: "7.84%"               English style
=========================  ================  ==========================  ===================

So 4/51 is "0.0784", "7.84%" in English and "0,0784", "7,84 %" (no-break space) in Russian;
a million is "1,000,000" and "1 000 000" (narrow spaces). A fraction is "4/51" or "−4/51" in
both languages, its digits never grouped, so a student can copy it into an answer box.
Rounding is the school's: half away from zero, on the exact value (1/8 to two decimals is
0.13). The engine never imports this module: it computes, the view writes.

`read` is the reverse, built on the same symbols: whatever this module writes in a language,
`read` in that language gives back the value it shows.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache

from . import notation
from .catalogs import LANGUAGES
from .errors import RuleError, TwentyOneError, check_language
from .messages import Message
from .notation import MAX_DIGITS, MINUS, NO_NUMBER, THIN_SPACE, Symbols, rounded, symbols
from .validate import quote

__all__ = [
    "LANGUAGES", "MAX_DIGITS", "MINUS", "NO_NUMBER", "THIN_SPACE", "NotANumber", "Reading",
    "Symbols", "check_language", "count", "decimal", "fraction", "latex", "money", "percent",
    "read", "rounded", "said_exactly", "shows_exactly", "signed", "symbols",
    "thousands_or_decimal",
]

SPACES = "\u00a0\u2007\u2009\u202f"  # no-break, figure, thin, narrow no-break: read as spaces
_PLAIN_SPACES = str.maketrans(SPACES, " " * len(SPACES))

Real = Fraction | float | int | Decimal
# A Decimal farther from 1 than 10^±_FARTHEST_POWER stands in as 10^±(_FARTHEST_POWER + 1): no
# writer here tells the two apart (each refuses a number or a fraction of so many digits, and
# rounds a tiny one to 0), and the true 10^-9999999 would take seconds to compute.
_FARTHEST_POWER = 2 * notation.LONGEST_POWER


def _check_digits(digits: int) -> int:
    if isinstance(digits, bool) or not isinstance(digits, int) or \
            not 0 <= digits <= MAX_DIGITS:
        raise RuleError("digits", digits=quote(digits), most=MAX_DIGITS)
    return digits


def _exact(value: Real) -> Fraction | None:
    """`value` as an exact Fraction (a float is the binary number it is); None for NaN or ∞."""
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, Decimal)):
        raise RuleError("not_real", value=quote(value))
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Decimal):
        if not value.is_finite():
            return None
        if abs(value.adjusted()) > _FARTHEST_POWER:  # 10**adjusted would take seconds to build
            far = Fraction(10) ** (_FARTHEST_POWER + 1)
            return (-1 if value.is_signed() else 1) * (far if value.adjusted() > 0 else 1 / far)
        return Fraction(value)
    value = float(value)
    return Fraction(value) if math.isfinite(value) else None


def _written(write: Callable[..., str], *args: object) -> str:
    """What a notation function writes, a number too large to write refused (RuleError)."""
    try:
        return write(*args)
    except notation.TooLarge as large:
        if large.fraction:
            raise RuleError("fraction_too_long", most=notation.LONGEST_POWER) from None
        raise RuleError("number_too_large", most=notation.LARGEST_POWER) from None


def decimal(value: Real, digits: int, language: str) -> str:
    """`value` with `digits` decimals: 0.0784 and −1,234.5 in English, 0,0784 and −1 234,5 in
    Russian; '—' for no value (NaN)."""
    _check_digits(digits)
    return _written(notation.decimal, _exact(value), digits, check_language(language))


def signed(value: Real, digits: int, language: str, tiny_digits: bool = True) -> str:
    """`value` with the sign of its exact value always written (+0.1230, −0.0450; only zero
    has none). A tiny one gets two significant digits (+0.000041), so a decision by a hair never
    reads as +0.0000; without `tiny_digits` it keeps `digits` and its sign (+0.00, −0)."""
    _check_digits(digits)
    return _written(notation.signed, _exact(value), digits, check_language(language),
                    bool(tiny_digits))


def shows_exactly(value: Real, written: str, language: str) -> bool:
    """Whether `written` (a decimal or percentage as this module writes it) is `value` itself,
    nothing rounded away: '= 50.00%' may be said of 1/2, only '≈ 7.84%' of 4/51."""
    return read(written, language).value == _exact(value)


def said_exactly(value: Real, written: str, language: str) -> str:
    """`written` with '=' before it when it is `value` itself, '≈' when something is rounded
    away: '= 0.00%' of an exact 0, '≈ 7.84%' of 4/51, never '≈' of a number shown exactly."""
    return ("= " if shows_exactly(value, written, language) else "≈ ") + written


def percent(value: Real, language: str, digits: int = 2) -> str:
    """A chance as a percentage with `digits` decimals: 7.84% in English, 7,84 % (a no-break
    space) in Russian."""
    _check_digits(digits)
    return _written(notation.percent, _exact(value), check_language(language), digits)


def count(n: int, language: str) -> str:
    """A whole number with its thousands grouped: 1,000,000 in English, 1 000 000 (narrow
    no-break spaces) in Russian."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise RuleError("not_int", value=quote(n))
    return decimal(n, 0, language)


def fraction(value: Real) -> str:
    """An exact value as a fraction, the same in both languages: 4/51, −4/51, 3."""
    return _written(notation.fraction, _exact(value))


def money(amount: Real, language: str, sign: bool = False) -> str:
    """Money exactly: 5, −7.5 (−7,5 in Russian), 1,000, or 10/3 when no decimal is exact; with
    `sign`, a gain is written +5."""
    return _written(notation.money, _exact(amount), check_language(language), bool(sign))


def latex(written: str) -> str:
    r"""A number as this module writes it, in LaTeX math: '−7,84 %' -> '-7{,}84\,\%'
    (no-break and narrow spaces become \, which never breaks in math)."""
    for plain, math_mode in ((MINUS, "-"), (",", "{,}"), ("%", r"\%"), ("\u00a0", r"\,"),
                             (THIN_SPACE, r"\,")):
        written = written.replace(plain, math_mode)
    return written


class NotANumber(TwentyOneError):
    """Text that is not a number as the language writes numbers; `reason` says why, and
    `fields` hold what a message about it needs."""

    def __init__(self, reason: str, written: str, **fields: object):
        super().__init__("not_a_number", written=quote(written),
                         why=Message(f"why.{reason}", dict(fields)))
        self.reason = reason
        self.fields = {"answer": written, **fields}


@dataclass(frozen=True)
class Reading:
    """A number read from text: its exact value, for a decimal or a percentage how many
    significant digits were written (None for a whole number or a fraction), and whether it was
    written as a percentage."""

    value: Fraction
    digits: int | None
    percent: bool = False


MAX_EXPONENT = 30  # the power of ten text may use, either way: "1e30", "1·10^-30"
LONGEST_NUMBER = 1000  # characters: longer text is refused before it is read
TIMES = "×·⋅∙*xXхХ"  # a multiplication sign before a power of ten ('х' is the Cyrillic letter)
E_LETTERS = "eEеЕ"  # e-notation, with a Latin or a Cyrillic e
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
_SUPERSCRIPT_POWER = re.compile(r"10([⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
_BARE_POWER = re.compile(rf"^([-+{MINUS}]?)\s*(?=10\s*\^)")
_GROUPED = r"[1-9]\d{{0,2}}(?:{sep}\d{{3}})+"
_EXPONENT = rf"[-+{MINUS}]?\s*\d+"


@cache
def _grammar(language: str) -> re.Pattern[str]:
    """A number as `language` writes it (after spaces are made plain and a superscript power
    written with '^'): whole numbers plain or grouped in threes (one separator throughout), a
    decimal sign (the language's, or a point, as calculators print it), a fraction, a power of
    ten (e-notation or standard form ×10^n), a sign and a percentage."""
    mark = symbols(language)
    separators = sorted({" ", _plain(mark.group)})
    whole = "|".join([*(_GROUPED.format(sep=re.escape(sep)) for sep in separators), r"\d+"])
    decimal_signs = re.escape("".join(sorted({".", mark.decimal})))
    return re.compile(
        rf"^(?P<sign>[-+{MINUS}]?)\s*(?:"
        rf"(?P<num>{whole})\s*/\s*(?P<den>{whole})"
        rf"|(?P<int>{whole})?(?:[{decimal_signs}](?P<frac>\d*))?"
        rf"(?:\s*[{E_LETTERS}]\s*(?P<exp>{_EXPONENT})"
        rf"|\s*[{re.escape(TIMES)}]\s*10\s*\^\s*(?:(?P<power>{_EXPONENT})"
        rf"|\(\s*(?P<paren>{_EXPONENT})\s*\)|\{{\s*(?P<brace>{_EXPONENT})\s*\}}))?"
        r")\s*(?P<percent>%?)$")


def _plain(text: str) -> str:
    """`text` with every kind of space (no-break, thin, …) made a plain space."""
    return text.translate(_PLAIN_SPACES)


def _powers_plain(text: str) -> str:
    """A power of ten written the ways a school writes it, all as '×10^n': '10⁻¹⁸' and '10**-18'
    are '10^-18', and a bare '10^-18' is '1×10^-18'."""
    text = _SUPERSCRIPT_POWER.sub(lambda power: "10^" + power.group(1).translate(_SUPERSCRIPT),
                                  text.replace("**", "^"))
    return _BARE_POWER.sub(r"\g<1>1×", text)


def _match(text: object, language: str) -> tuple[str, re.Match[str] | None]:
    """`text` with its spaces made plain and single, and its match by `language`'s grammar
    (None if it is no number there); NotANumber for what is not text, or is too long to read."""
    check_language(language)
    if not isinstance(text, str):
        raise NotANumber("not_number", quote(text))
    if len(text) > LONGEST_NUMBER:
        raise NotANumber("too_long", text[:20] + "…", limit=LONGEST_NUMBER)
    cleaned = " ".join(_plain(text).split())
    match = _grammar(language).match(_powers_plain(cleaned))
    if match and not (match["num"] or match["int"] or match["frac"]):
        match = None
    return cleaned, match


def read(text: str, language: str) -> Reading:
    """Read a number as `language` writes it, exactly: '4/51', '0.0784', '7.84%', '90,000',
    '−1e-3', '6.24·10^-18', '6.24×10⁻¹⁸', '6.24*10^(-18)' in English; '0,0784', '7,84 %',
    '160 000', '6,24·10⁻¹⁸' in Russian. NotANumber if it is not one (reason 'not_number',
    'decimal_comma', 'zero_denominator', 'exponent' or 'too_long'); a power of ten beyond
    ±MAX_EXPONENT is refused before it is computed."""
    cleaned, match = _match(text, language)
    if match is None:
        group = _plain(symbols(language).group)
        for other in LANGUAGES:
            if symbols(other).decimal == group and group in cleaned and \
                    _match(cleaned, other)[1]:
                raise NotANumber("decimal_comma", cleaned, suggestion=cleaned.replace(
                    group, symbols(language).decimal))
        raise NotANumber("not_number", cleaned)
    sign = -1 if match["sign"] in ("-", MINUS) else 1
    scale = Fraction(1, 100) if match["percent"] else Fraction(1)
    if match["num"] is not None:
        numerator, denominator = _whole(match["num"]), _whole(match["den"])
        if denominator == 0:
            raise NotANumber("zero_denominator", cleaned)
        return Reading(sign * scale * Fraction(numerator, denominator), None,
                       bool(match["percent"]))
    whole, decimals = re.sub(r"\D", "", match["int"] or ""), match["frac"] or ""
    power = match["exp"] or match["power"] or match["paren"] or match["brace"]
    exponent = 0 if power is None else _exponent(power, cleaned)
    mantissa = Fraction(int(whole + decimals or "0"), 10 ** len(decimals))
    value = sign * scale * mantissa * Fraction(10) ** exponent
    if match["frac"] is None and power is None and not match["percent"]:
        return Reading(value, None)  # a whole number is read exactly
    return Reading(value, len((whole + decimals).lstrip("0")), bool(match["percent"]))


def _exponent(written: str, cleaned: str) -> int:
    """A power of ten as written ('-18', '− 18'), refused beyond ±MAX_EXPONENT before any power
    is computed."""
    digits = re.sub(r"\D", "", written).lstrip("0") or "0"
    if len(digits) > len(str(MAX_EXPONENT)) or int(digits) > MAX_EXPONENT:
        raise NotANumber("exponent", cleaned, limit=MAX_EXPONENT)
    return -int(digits) if written.lstrip()[0] in ("-", MINUS) else int(digits)


def thousands_or_decimal(text: str, language: str) -> str | None:
    """When `language` reads a separator of thousands that another language reads as its decimal
    sign ('1,234' is 1234 in English, 1,234 a decimal in Russian): the decimal as `language`
    writes it ('1.234'); None when the text means one number only."""
    cleaned, match = _match(text, language)
    group = _plain(symbols(language).group)
    if match is None or group not in cleaned:
        return None
    for other in LANGUAGES:
        if symbols(other).decimal == group and _match(cleaned, other)[1]:
            return cleaned.replace(group, symbols(language).decimal)
    return None


def _whole(written: str) -> int:
    """A whole number as written, its thousands separators dropped: '90,000' -> 90000."""
    return int(re.sub(r"\D", "", written))
