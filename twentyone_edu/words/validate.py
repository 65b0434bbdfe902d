"""One place that checks what callers give: each bad value is named, quoted briefly, with what
is valid (DESIGN.md, "Errors").

Every public function, constructor and widget of the package checks its arguments here. The
rules, the same everywhere:

- A whole number (a count, a size, a seed, a threshold) is an `int` or a numpy integer such as
  `np.int64(3)`. A float is refused, even 3.0 or `np.float64(3.0)`: a count is exact, and a float
  that happens to be whole is usually a mistake upstream. `True` and `False` are not numbers.
- Money (a stake, a late addition) is exact: an int or a `fractions.Fraction`, never a float.
- A payment of the rules (in stakes) may also be text such as '3/2' or a finite float, read as
  the decimal it prints as (1.5 is 3/2).
- A real number (a float for a chart) must be finite: NaN and infinities are refused.
- A numpy array, or any sequence where one value is wanted, is refused as such, by name.
- Text is bounded in length, and a collection (cards, names) in size, so a megabyte of input or
  an endless iterator is refused at once instead of filling memory.
- A message quotes at most QUOTE characters of the bad value, then an ellipsis.
"""

from __future__ import annotations

import inspect
import math
import sys
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from itertools import islice
from numbers import Integral, Rational, Real
from typing import Any, Literal, NoReturn, TypeGuard, TypeVar, overload

from .errors import RuleError, TwentyOneError
from .messages import QUOTE as QUOTE
from .messages import Message, message
from .messages import quote as quote  # the checks quote a bad value as the messages do

T = TypeVar("T")

LONGEST_TEXT = 10_000  # characters of any text argument (a hand, a list of names, ...)


def refuse(name: str, value: object, use: Message,
           error: type[TwentyOneError] = RuleError) -> NoReturn:
    """Raise `error` saying that `name`=value is not valid and what to use instead."""
    raise error("not_valid", name=name, value=quote(value), use=use)


def is_array(value: object) -> bool:
    """Whether `value` is an array (numpy, pandas, ...), even of no dimension, rather than one
    value: numpy's scalars such as np.int64(3) are single values."""
    return type(value).__name__ == "ndarray" or (
        hasattr(value, "shape") and getattr(value, "ndim", 0) != 0)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether `value` is a whole number: an int or numpy integer, not a bool, not a float."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def span(low: float | None, high: float | None) -> Message | None:
    """The range 'low-high', 'low or more', 'at most high' as a message (None if open)."""
    if low is not None and high is not None:
        return message("span.between", low=low, high=high)
    if low is not None:
        return message("span.from", low=low)
    return message("span.to", high=high) if high is not None else None


def whole(value: object, name: str, low: int | None = None, high: int | None = None,
          error: type[TwentyOneError] = RuleError, code: str | None = None) -> int:
    """`value` as an int, if it is a whole number within low..high (either may be None).

    `code`, if given, is the error's message code, with `value` (the quoted value), `low` and
    `high` for its template.
    """
    if is_whole(value) and (low is None or value >= low) and (high is None or value <= high):
        return int(value)
    if code is not None:
        raise error(code, value=quote(value), low=low, high=high)
    within = span(low, high)
    if is_whole(value) or not _looks_whole(value):
        use = message("use.whole_in", span=within) if within else message("use.whole")
    elif within:
        use = message("use.not_float_in", example=int(value), span=within)
    else:
        use = message("use.not_float", example=int(value))
    refuse(name, value, use, error)


def _looks_whole(value: object) -> TypeGuard[float]:
    """A float that is a whole number (3.0): refused, but with a hint."""
    return isinstance(value, float) and math.isfinite(value) and value == int(value) \
        and abs(value) < 1e15


MOST_DIGITS = 4000  # of an exact number's numerator or denominator: Python writes at most 4300


def writable(x: Fraction, value: object) -> Fraction:
    """`x` (read from `value`) if its numerator and denominator have at most MOST_DIGITS
    digits each: past 4300, str() of an int raises a bare ValueError."""
    if max(abs(x.numerator), x.denominator).bit_length() > MOST_DIGITS * math.log2(10):
        raise RuleError("too_many_digits", value=quote(value), most=MOST_DIGITS)
    return x


LARGEST_SEED = 10**100  # a seed has at most 100 digits, as a text seed 100 characters


@overload
def seed_of(value: object, name: str = ..., texts: Literal[False] = ...,
            error: type[TwentyOneError] = ...) -> int | None: ...


@overload
def seed_of(value: object, name: str = ..., texts: bool = ...,
            error: type[TwentyOneError] = ...) -> int | str | None: ...


def seed_of(value: object, name: str = "seed", texts: bool = False,
            error: type[TwentyOneError] = RuleError) -> int | str | None:
    """None (a random shuffle), a whole number 0 or more, or (if `texts`) a short text.

    A negative seed is refused rather than read as its absolute value, which is what Python's
    random.Random does with it: seed=-5 would deal the same cards as seed=5.
    """
    if value is None or (is_whole(value) and 0 <= value < LARGEST_SEED):
        return value if value is None else int(value)
    if texts and isinstance(value, str) and len(value) <= 100:
        return value
    refuse(name, value, message("use.seed_or_text" if texts else "use.seed"), error)


def flag(value: object, name: str, error: type[TwentyOneError] = RuleError) -> bool:
    """`value` if it is True or False."""
    if isinstance(value, bool):
        return value
    refuse(name, value, message("use.flag"), error)


def is_truth(value: object) -> bool:
    """Whether a value is True or False: Python's bool, or numpy's (numpy 1's bool_, numpy 2's
    bool, the same type under two names)."""
    numpy = sys.modules.get("numpy")  # a numpy bool exists only once numpy is imported
    return isinstance(value, bool) or (numpy is not None and isinstance(value, numpy.bool_))


def answer(value: object, asked: str, error: type[TwentyOneError] = RuleError) -> bool:
    """A policy's answer, True (buy) or False (stand); numpy's bool counts as one."""
    if is_truth(value):
        return bool(value)
    raise error("policy_answer", value=quote(value), asked=asked)


def exact_money(value: object, name: str, zero_allowed: bool,
                error: type[TwentyOneError] = RuleError) -> int | Fraction:
    """An exact amount of money, more than 0 (or 0 or more): an int or a Fraction (R5, R6)."""
    amount = int(value) if is_whole(value) else value
    if isinstance(amount, (int, Fraction)) and (amount > 0 or (amount == 0 and zero_allowed)):
        return amount
    refuse(name, value, message("use.money_or_zero" if zero_allowed else "use.money"), error)


MOST_STAKES = 100  # the largest payment of a rule, in stakes
FINEST = 1000  # the largest denominator of a payment, in stakes


def payment(value: object, name: str, error: type[TwentyOneError] = RuleError) -> Fraction:
    """A payment in stakes as a Fraction, 0 to MOST_STAKES, its denominator at most FINEST: a
    number or text such as '3/2' (R9–R17). So no sum of payments overflows a float, and a
    simulation's mean and standard error stay exact enough to compare with the engine."""
    number = None
    if isinstance(value, Rational) and not isinstance(value, bool):
        number = Fraction(value)
    elif isinstance(value, float) and math.isfinite(value):
        number = Fraction(repr(float(value)))
    elif isinstance(value, str) and len(value) <= QUOTE:
        try:
            number = Fraction(value)
        except (ValueError, ZeroDivisionError):
            number = None
    if number is None or not 0 <= number <= MOST_STAKES or number.denominator > FINEST:
        refuse(name, value, message("use.payment", most=MOST_STAKES, finest=FINEST), error)
    return number


def real(value: object, name: str, low: float | None = None, high: float | None = None,
         error: type[TwentyOneError] = RuleError) -> float:
    """`value` as a finite float within low..high (for charts and simulation figures)."""
    if isinstance(value, Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # an int of hundreds of digits
            number = math.inf
        if math.isfinite(number) and (low is None or number >= low) and (
                high is None or number <= high):
            return number
    within = span(low, high)
    refuse(name, value, message("use.real_in", span=within) if within else message("use.real"),
           error)


def chance(value: object, name: str, error: type[TwentyOneError] = RuleError) -> float:
    """A probability 0-1 as a float: an int, Fraction or finite float."""
    return real(value, name, 0, 1, error)


def short_text(value: object, name: str, longest: int = LONGEST_TEXT,
               error: type[TwentyOneError] = RuleError, empty: bool = True) -> str:
    """`value` if it is a str of at most `longest` characters (and not blank, unless `empty`)."""
    if isinstance(value, str) and len(value) <= longest and (empty or value.strip()):
        return value
    refuse(name, value, message("use.text" if empty else "use.nonempty_text", longest=longest),
           error)


def bounded(values: object, name: str, most: int, error: type[TwentyOneError] = RuleError,
            use: Message | None = None) -> list[Any]:
    """The items of an iterable (not a text, a mapping or an array), refusing one of more than
    `most` items without reading it all: an endless iterator is refused too. `use` says what
    is valid (by default, 'a list')."""
    use = use or message("use.list")
    if isinstance(values, str | bytes | Mapping) or is_array(values) or \
            not isinstance(values, Iterable):
        refuse(name, values, use, error)
    items = list(islice(values, most + 1))
    if len(items) > most:
        raise error("too_many", name=name, value=quote(values), most=most, use=use)
    return items


def one_of(value: object, name: str, options: Iterable[T],
           error: type[TwentyOneError] = RuleError, use: Message | None = None) -> T:
    """`value` if it is one of `options` (compared safely: an array or a list is never one)."""
    options = tuple(options)
    if is_whole(value):
        value = int(value)
    if not is_array(value) and _hashable(value):
        for option in options:
            if type(value) is type(option) and value == option:
                return option
    refuse(name, value, use or message("use.one_of", options=", ".join(map(str, options))),
           error)


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


POLICY_FORMS = {"table": ("hand", "seen"), "simulation": ("total", "soft")}


PolicyFunction = TypeVar("PolicyFunction", bound=Callable[..., Any])


def policy_function(value: PolicyFunction, where: str,
                    error: type[TwentyOneError] = RuleError) -> PolicyFunction:
    """A policy function in the form `where` calls it: at the table `(hand, seen)`, in the
    simulation `(total, soft)`. One that cannot take two arguments, or that names its two the
    other way's, is refused before it is called, with the form expected."""
    form = POLICY_FORMS[where]
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):  # a builtin without a signature: it is tried as it is
        return value
    try:
        signature.bind(None, None)
    except TypeError:
        raise error("policy_form", value=quote(value), where=message(f"where.{where}"),
                    form=", ".join(form)) from None
    names = tuple(signature.parameters)[:2]
    for other, other_form in POLICY_FORMS.items():
        if other != where and names == other_form:
            raise error("policy_other_form", value=quote(value), where=message(f"where.{where}"),
                        form=", ".join(form), other=message(f"where.{other}"),
                        other_form=", ".join(other_form))
    return value


def policy_answer(policy: Callable[..., object], where: str, *arguments: object,
                  error: type[TwentyOneError] = RuleError) -> object:
    """What a caller's policy answers; an exception inside it becomes `error`, saying the form
    it was called in. The package's own errors (a refused action, say) pass as they are."""
    try:
        return policy(*arguments)
    except TwentyOneError:
        raise
    except Exception as failure:
        raise error("policy_failed", where=message(f"where.{where}"),
                    form=", ".join(POLICY_FORMS[where]),
                    failure=quote(f"{type(failure).__name__}: {failure}")) from failure
