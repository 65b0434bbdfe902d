"""What the explorers share: a title, message line and rules menu, numbers written for each
language, and slow work done without blocking the kernel."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from fractions import Fraction

import ipywidgets as widgets

from ..rules import VARIANTS, RuleSet
from ..validate import one_of, refuse, rule_set
from .common import MessageLine, escape
from .i18n import text
from .language import Bilingual

THRESHOLDS = tuple(range(12, 22))  # the explorers' thresholds: buy while the total is below


def threshold_menu(value: int, name: str, css: str) -> widgets.Dropdown:
    """A menu of thresholds 12–21 (R11, R14): a menu, not a slider, whose handle has no name
    for a screen reader; a value not offered is a RuleError naming it."""
    value = one_of(value, name, THRESHOLDS, use="a whole number 12-21")
    menu = widgets.Dropdown(options=THRESHOLDS, value=value,
                            layout=widgets.Layout(width="auto"))
    menu.add_class(css)
    return menu


def offered_rules(rules) -> RuleSet:
    """A rule set of the explorers' menu: one of VARIANTS, by name or as a RuleSet."""
    chosen = rule_set(rules)
    if VARIANTS.get(chosen.name) != chosen:
        refuse("rules", rules, f"one of {', '.join(VARIANTS)}")
    return chosen


def rules_options(language: str) -> list[tuple[str, str]]:
    """(label, name) for every rule set in VARIANTS, in `language`."""
    return [(text(f"variant_{name}", language), name) for name in VARIANTS]


def set_options(menu: widgets.Dropdown, options: list, value=None, notify: bool = True) -> None:
    """New options (or new labels) for a menu, then `value` (by default the value it had).

    ipywidgets resets a menu to its first option when the options change; observers made with
    `unless_relabelling` see none of the steps in between, only the final value (if `notify`).
    """
    value = menu.value if value is None else value
    old = menu.value
    menu.relabelling = True
    try:
        menu.options = options
        menu.value = value
    finally:
        menu.relabelling = False
    if notify and menu.value != old:
        for observer in getattr(menu, "after_relabelling", ()):
            observer({"name": "value", "old": old, "new": menu.value, "owner": menu})


def unless_relabelling(menu: widgets.Dropdown, callback: Callable) -> Callable:
    """Observe `menu`'s value, ignoring the steps inside `set_options` (called once after)."""

    def observer(change):
        if not getattr(menu, "relabelling", False):
            return callback(change)
        return None

    menu.after_relabelling = (*getattr(menu, "after_relabelling", ()), callback)
    return observer


def number(value, digits: int, language: str) -> str:
    """A float written with `digits` decimals and the language's decimal sign (0,0784 in ru)."""
    value = float(value)
    if math.isnan(value):
        return "—"
    written = f"{value:.{digits}f}".replace("-", "−")
    return written.replace(".", ",") if language == "ru" else written


def count(n: int, language: str) -> str:
    """A whole number with thousands separated: 1,000,000 in en, 1 000 000 in ru."""
    return f"{n:,}".replace(",", "\u202f") if language == "ru" else f"{n:,}"


def percent(value, language: str, digits: int = 2) -> str:
    """A probability as a percentage: 7.84 % (a narrow space before the sign)."""
    return f"{number(100 * float(value), digits, language)} %"


def fraction(value: Fraction) -> str:
    """An exact value as plain text: −4/51, 3 (with a true minus sign)."""
    value = Fraction(value)
    written = str(value.numerator) if value.denominator == 1 else \
        f"{value.numerator}/{value.denominator}"
    return written.replace("-", "−")


def exact_html(value: Fraction, language: str, digits: int = 4, longest: int = 24) -> str:
    """An exact value as HTML: '−7/51 ≈ −0.1373', or, when the fraction is long, the decimal
    with the whole fraction folded away under "exact fraction" (nothing is rounded away)."""
    exact, approx = escape(fraction(value)), escape(signed(value, digits, language))
    if len(exact) <= longest:
        return f"{exact} ≈ {approx}"
    return (f"≈ {approx} <details class='t21-exact' style='display:inline'><summary>"
            f"{escape(text('exact_fraction', language))}</summary><code "
            f"style='word-break:break-all'>{exact}</code></details>")


def signed(value: Fraction, digits: int, language: str) -> str:
    """A value with its sign always written: +0.123, −0.045; a tiny one with two significant
    digits (+0.000041), so a decision by a hair never reads as +0.0000."""
    size = abs(float(value))
    if 0 < size < 10 ** -digits:
        digits = min(12, 1 - math.floor(math.log10(size)))
    written = number(value, digits, language)
    return written if written.startswith("−") else "+" + written


def reraise(error: BaseException) -> None:
    """Raise `error` again, inside a MessageLine.guard, so it is shown (and kept if a bug)."""
    raise error


def keep_message(message: MessageLine, callback: Callable) -> Callable:
    """Like message.guard(callback), but the message on show stays (for a language switch)."""
    return message.guard(callback, clear=False)


def remember(cache: dict, key, value, most: int) -> None:
    """Keep `value` under `key`, forgetting the oldest entries so at most `most` are kept."""
    cache.pop(key, None)
    while len(cache) >= most:
        del cache[next(iter(cache))]
    cache[key] = value


class Explorer(Bilingual, widgets.VBox):
    """An explorer's frame: a title beside the language switch, a message line and a menu of
    the rule sets (R1–R20), labelled again in each language by `_label_frame`."""

    def __init__(self, css: str, rules: RuleSet, rules_css: str, language: str):
        super().__init__()
        self.add_class(css)
        self.message = MessageLine(language)
        self._speak(language, lambda callback: keep_message(self.message, callback))
        self.title = widgets.HTML()
        self.rules_menu = widgets.Dropdown(options=rules_options(self._language),
                                           value=rules.name)
        self.rules_menu.add_class(rules_css)

    def _label_frame(self, title: str, *controls: widgets.Widget) -> None:
        """The title, the rules menu in the current language, room for every control's name."""
        lang = self._language
        self.title.value = f"<b>{escape(text(title, lang))}</b>"
        self.rules_menu.description = text("rules", lang)
        set_options(self.rules_menu, rules_options(lang))
        for control in (self.rules_menu, *controls):
            control.style.description_width = "initial"


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from inside one (a notebook), else None (tests)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def in_background(work: Callable[[], object], done: Callable[[object], None],
                  failed: Callable[[BaseException], None]) -> bool:
    """Run `work()` off the kernel's loop in a thread, then `done(result)` on the loop.

    Outside a kernel (a test, a script) it runs at once and returns False; in a kernel it
    returns True at once, so a click keeps the notebook responsive while the work goes on.
    """
    loop = running_loop()
    if loop is None:
        try:
            result = work()
        except Exception as error:
            failed(error)
        else:
            done(result)
        return False

    def finished(future: asyncio.Future) -> None:
        error = future.exception()
        if error is not None:
            failed(error)
        else:
            done(future.result())

    loop.run_in_executor(None, work).add_done_callback(finished)
    return True
