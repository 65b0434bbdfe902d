"""What the explorers share: a title, message line and rules menu, exact values as HTML,
and slow work done without blocking the kernel."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from fractions import Fraction
from functools import cache, partial

import ipywidgets as widgets

from ..game.rules import VARIANTS, RuleSet, rule_set, variant_title
from ..words.messages import message
from ..words.numerals import count, decimal, fraction, percent, shows_exactly, signed
from ..words.validate import one_of, refuse
from .common import MessageLine, escape
from .i18n import counted, text
from .language import Bilingual

THRESHOLDS = tuple(range(12, 22))  # the explorers' thresholds: buy while the total is below


def threshold_menu(value: int, name: str, css: str) -> widgets.Dropdown:
    """A menu of thresholds 12–21 (R11, R14): a menu, not a slider, whose handle has no name
    for a screen reader; a value not offered is a RuleError naming it."""
    value = one_of(value, name, THRESHOLDS, use=message("use.whole_in",
                                                         span=message("span.between", low=12,
                                                                      high=21)))
    menu = widgets.Dropdown(options=THRESHOLDS, value=value,
                            layout=widgets.Layout(width="auto"))
    menu.add_class(css)
    return menu


def offered_rules(rules) -> RuleSet:
    """A rule set of the explorers' menu: one of VARIANTS, by name or as a RuleSet."""
    chosen = rule_set(rules)
    if VARIANTS.get(chosen.name) != chosen:
        refuse("rules", rules, message("use.one_of", options=", ".join(VARIANTS)))
    return chosen


def rules_options(language: str) -> list[tuple[str, str]]:
    """(label, name) for every rule set in VARIANTS, in `language`."""
    return [(variant_title(name, language), name) for name in VARIANTS]


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


def exact_html(value: Fraction, language: str, digits: int = 4, chance: bool = False) -> str:
    """An exact value as HTML, the decimal first ('≈ −0.1373'; a chance as '≈ 7.84%'), then
    the exact fraction one click away under "exact fraction" (a <details>, which works in
    JupyterLab and Voilà alike): nothing is rounded away, and no long fraction is in view."""
    value = Fraction(value)
    shown = percent(value, language, max(digits - 2, 0)) if chance else \
        signed(value, digits, language)
    approx = "" if shows_exactly(value, shown, language) else "≈ "
    return f"{approx}{escape(shown)} {exact_details(value, language)}"


def exact_details(value: Fraction, language: str) -> str:
    """The exact fraction folded away under "exact fraction", opened by a click."""
    return (f"<details class='t21-exact' style='display:inline-block;vertical-align:top;"
            f"margin-left:0.5em'><summary>{escape(text('exact_fraction', language))}</summary>"
            f"<code style='word-break:break-all'>{escape(fraction(value))}</code></details>")


ROUNDS = 100  # every answer of the app in stakes over this many rounds (UX review 9)


def stakes_over_100_rounds(margin: Fraction, language: str) -> str:
    """A margin in stakes a round as stakes over 100 rounds, the one unit of the app's answers
    and of the strategy map's cells (UX review 9: 100 rounds here and 10,000 there): whole
    stakes from 1 up (0.0257 -> "3 stakes"), below that a decimal to its first digit (0.002 ->
    "0.2 stakes", 0.0004 -> "0.04 stakes"); the exact values stay one click away."""
    value = abs(Fraction(margin)) * ROUNDS
    if round(value) >= 1:
        return counted("stakes_more", round(value), language)
    digits = 1
    while round(value, digits) == 0 and digits < 12:
        digits += 1
    return text("stakes_fraction", language, stakes=decimal(value, digits, language))


def verdict_html(stand: Fraction, buy: Fraction, language: str) -> tuple[str, str]:
    """The advice in plain words (R11): ('buy', 'stand' or 'equal', the bold line saying it,
    "Buy: over 100 rounds at a stake of 1, buying comes out about 3 stakes ahead of standing");
    one wording for the "19 or 20?" tab and the strategy map."""
    stand, buy = Fraction(stand), Fraction(buy)
    verdict = "equal" if buy == stand else "buy" if buy > stand else "stand"
    said = text(f"advice_verdict_{verdict}", language, rounds=count(ROUNDS, language),
                stakes=stakes_over_100_rounds(buy - stand, language))
    return verdict, f'<b class="t21-verdict-{verdict}">{escape(said)}</b>'


def reraise(error: BaseException) -> None:
    """Raise `error` again, inside a MessageLine.guard, so it is shown (and kept if a bug)."""
    raise error


def keep_message(message: MessageLine, callback: Callable) -> Callable:
    """Like message.guard(callback), but the message on show stays (for a language switch)."""
    return message.guard(callback, clear=False)


# While a refusal shows, the answers dim: they belong to the input before it (UX review 7).
STALE_STYLE = "<style>.t21-stale .t21-answer { opacity: 0.4; }</style>"


class Explorer(Bilingual, widgets.VBox):
    """An explorer's frame: a title beside the language switch, a message line and a menu of
    the rule sets (R1–R20), labelled again in each language by `_label_frame`."""

    def __init__(self, css: str, rules: RuleSet, rules_css: str, language: str):
        super().__init__()
        self.add_class(css)
        self.message = MessageLine(language)
        self.message.observe(self._dim_when_refused, names="value")
        self._speak(language, lambda callback: keep_message(self.message, callback))
        self.title = widgets.HTML()
        self.rules_menu = widgets.Dropdown(options=rules_options(self._language),
                                           value=rules.name)
        self.rules_menu.add_class(rules_css)

    def _dim_when_refused(self, change: dict) -> None:
        """The answers (class t21-answer) dim while the message line says why input was not
        accepted, and light again when it clears."""
        (self.add_class if change["new"] else self.remove_class)("t21-stale")

    def _label_frame(self, title: str, *controls: widgets.Widget) -> None:
        """The title, the rules menu in the current language, room for every control's name."""
        lang = self._language
        self.title.value = f"<b>{escape(text(title, lang))}</b>{STALE_STYLE}"
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


@cache
def threads_start() -> bool:
    """Whether this Python can start a thread: not in a browser (JupyterLite's Pyodide)."""
    try:
        thread = threading.Thread(target=lambda: None)
        thread.start()
    except RuntimeError:  # "can't start new thread"
        return False
    thread.join()
    return True


def _run(work: Callable[[], object], done: Callable[[object], None],
         failed: Callable[[BaseException], None]) -> None:
    try:
        result = work()
    except Exception as error:
        failed(error)
    else:
        done(result)


def in_background(work: Callable[[], object], done: Callable[[object], None],
                  failed: Callable[[BaseException], None]) -> bool:
    """Run `work()` off the kernel's loop in a thread, then `done(result)` on the loop.

    Outside a kernel (a test, a script) it runs at once and returns False; in a kernel it
    returns True at once, so a click keeps the notebook responsive while the work goes on.
    Where no thread can start (JupyterLite), the work runs on the loop itself just after the
    click has returned, so the widget has shown that it is computing before it begins.
    """
    loop = running_loop()
    if loop is None:
        _run(work, done, failed)
        return False
    if not threads_start():
        loop.call_soon(_run, work, done, failed)
        return True

    def finished(future: asyncio.Future) -> None:
        error = future.exception()
        if error is not None:
            failed(error)
        else:
            done(future.result())

    loop.run_in_executor(None, work).add_done_callback(finished)
    return True


class Computation:
    """One widget's slow work of one kind, one piece at a time; the newest request wins.

    `ask(key, work, done, failed)` runs `work()` off the kernel's loop, unless a piece is
    already running: then the request waits, replacing any request that was waiting. When the
    running piece ends, its result goes to `done` (its error to `failed`) only if it is still
    what the newest request asked for (the same key); a superseded or stopped request's result
    is never shown. `stop()` forgets the request: pure-Python work cannot be interrupted, so it
    ends unseen, and asking for the same key again waits for it rather than starting it twice.
    Used only on the kernel's loop (or, outside a kernel, the one thread): it needs no lock.
    """

    def __init__(self, kind: str):
        self.kind = kind  # tells apart the keys of different work in `once`
        self.running: Hashable | None = None  # the key being computed
        self._wanted: tuple | None = None  # the newest request: (key, work, done, failed)

    @property
    def busy(self) -> bool:
        """Whether a result is awaited: a request neither answered nor stopped."""
        return self._wanted is not None

    def ask(self, key: Hashable, work: Callable[[], object], done: Callable[[object], None],
            failed: Callable[[BaseException], None]) -> None:
        """Compute `work()` for `key`, then `done(result)`, unless a newer request comes first."""
        self._wanted = (key, work, done, failed)
        if self.running is None:
            self._start()

    def stop(self) -> bool:
        """Forget the awaited result, if any (True then): it will not be shown."""
        awaited, self._wanted = self._wanted is not None, None
        return awaited

    def _start(self) -> None:
        key, work = self._wanted[:2]
        self.running = key
        in_background(partial(once, (self.kind, key), work), partial(self._ended, key, True),
                      partial(self._ended, key, False))

    def _ended(self, key: Hashable, succeeded: bool, outcome) -> None:
        self.running = None
        wanted = self._wanted
        if wanted is None:
            return
        if wanted[0] != key:
            self._start()
            return
        self._wanted = None
        (wanted[2] if succeeded else wanted[3])(outcome)


_IN_FLIGHT: dict[Hashable, Future] = {}  # key -> the result of the work running for it
_IN_FLIGHT_LOCK = threading.Lock()


def working() -> bool:
    """Whether some widget's slow work is still running in a thread (the book waits for it, so
    that a widget's first view shows its result, not "Computing…")."""
    with _IN_FLIGHT_LOCK:
        return bool(_IN_FLIGHT)


def once(key: Hashable, work: Callable[[], object]):
    """`work()`; but if work for the same key is running in another thread (another widget),
    wait for its result instead: the same exact computation never runs twice at once."""
    with _IN_FLIGHT_LOCK:
        future = _IN_FLIGHT.get(key)
        mine = future is None
        if mine:
            future = _IN_FLIGHT[key] = Future()
    if not mine:
        return future.result()
    try:
        result = work()
    except BaseException as error:
        future.set_exception(error)
        raise
    else:
        future.set_result(result)
        return result
    finally:
        with _IN_FLIGHT_LOCK:
            del _IN_FLIGHT[key]
