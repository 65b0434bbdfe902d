"""SimulationExplorer: play many rounds with a buying threshold and watch the running mean
close in on the exact value of a round (R7–R17), inside its standard-error band."""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections.abc import Iterator
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING

import ipywidgets as widgets
import numpy as np

from .. import exact, simulate
from ..game.rules import RuleSet, variant, variant_title
from ..words.numerals import count, decimal, signed
from ..words.validate import one_of, seed_of, whole
from .common import BUTTON_STYLES, CHART_FONT, PHONE_CHART_FONT, ChartImage, columns, escape
from .explorer import (
    Computation,
    Explorer,
    exact_html,
    keep_message,
    offered_rules,
    once,
    reraise,
    running_loop,
    set_options,
    threshold_menu,
)
from .guess import GuessFirst
from .i18n import text
from .live_table import parse_seed
from .lru import LRU

if TYPE_CHECKING:
    from .. import plots

ROUND_CHOICES = (1_000, 10_000, 100_000, 1_000_000, 5_000_000)
PAUSE = 0.005  # seconds between steps, for the kernel to answer clicks (Stop)
FRAME_EVERY = 0.2  # seconds between new frames of the chart while running
SHOWN_FOR = 5.0  # seconds a run lasts at least: the class sees the mean settle (UX review 7)
MAX_SEED = 2**31 - 1  # the seed box's largest value
CHART_REACH = 0.5  # the chart's y axis spans the exact value ± this many stakes


class SimulationExplorer(Explorer):
    """Simulate N rounds of one player against the banker; compare with exact.round_value."""

    def __init__(self, rules: str = "historical", policy: int = 17, rounds: int = 100_000,
                 seed: int | None = None, language: str = "en", guess_first: bool = False):
        rule_set = offered_rules(rules)
        rounds = one_of(rounds, "rounds", ROUND_CHOICES)
        seed = seed_of(seed)  # None: a new shuffle at every Run, so each run wobbles its own way
        super().__init__("t21-simulation", rule_set, "t21-sim-rules", language)
        self.state = "idle"  # idle, computing, running, stopped, done
        self.exact_value: Fraction | None = None
        self.result: simulate.SimulationResult | None = None
        self.settings: tuple | None = None  # (rules name, policy, banker, rounds, seed) of the run
        self._steps: Iterator[simulate.SimulationResult] | None = None
        self.computation = Computation("simulation")  # the exact value, or a chart's axes
        self._running_mean = np.empty(0)
        self._sum = 0.0
        self._last_frame = 0.0
        self._chart: RunChart | None = None
        self._task: asyncio.Task[None] | None = None
        self.policy_menu = threshold_menu(policy, "policy", "t21-sim-policy")
        self.banker_menu = threshold_menu(rule_set.banker_stands_on, "banker_stands_on",
                                          "t21-sim-banker")
        self.rounds_menu = widgets.Dropdown(options=ROUND_CHOICES, value=rounds)
        self.rounds_menu.add_class("t21-sim-rounds")
        self.seed_box = widgets.Text(value="" if seed is None else str(seed),
                                     layout=widgets.Layout(width="20em"))
        self.seed_box.add_class("t21-sim-seed")
        self.run_button = widgets.Button(button_style="primary", icon="play")
        self.run_button.add_class("t21-sim-run")
        self.stop_button = widgets.Button(button_style="warning", icon="stop", disabled=True,
                                          style=BUTTON_STYLES["warning"])
        self.stop_button.add_class("t21-sim-stop")
        self.progress = widgets.IntProgress(value=0, min=0, max=rounds)
        self.progress.add_class("t21-sim-progress")
        self.progress_label = widgets.Label()
        self.progress_label.add_class("t21-sim-count")
        self.status = widgets.HTML()
        self.status.add_class("t21-sim-status")
        self.result_html = widgets.HTML()
        self.result_html.add_class("t21-sim-result")
        self.result_html.add_class("t21-answer")
        self.chart = ChartImage()
        self.chart.add_class("t21-sim-chart")
        self.chart.add_class("t21-answer")
        # every setting of the run (the two thresholds, the rules, the rounds, the seed) above
        # Run, so none falls out of sight under the result; the chart beside them where there
        # is room, the answer under the chart (in the first screen of a projector); on a phone
        # the answer right under Run, the chart after it (app_style)
        picture = widgets.VBox([self.chart, self.result_html])
        picture.add_class("t21-sim-picture")
        # (in the app the class guesses win or lose before a run, and the exact value shows
        # when the run ends: UX reviews 23 and 24 saw it drawn before anyone had guessed)
        self.guess = GuessFirst(language, guess_first, "sim_guess_show", after=self._revealed,
                                verdicts=("win", "lose"), words="sim_guess_", kept=True)
        self.guess.switch.observe(lambda _: self._revealed(), names="value")  # (switched off)
        self.children = [
            widgets.HBox([self.title, self.language_toggle]),
            columns([
                widgets.HBox([self.policy_menu, self.banker_menu]),
                widgets.HBox([self.rules_menu, self.rounds_menu, self.seed_box]),
                self.guess,
                widgets.HBox([self.run_button, self.stop_button, self.progress,
                              self.progress_label]),
                self.message, self.status, self.guess.switch,
            ], picture),
        ]
        self.run_button.on_click(self.message.guard(lambda _: self.start()))
        self.stop_button.on_click(self.message.guard(lambda _: self.stop()))
        for menu in (self.policy_menu, self.banker_menu, self.rules_menu, self.rounds_menu):
            menu.observe(self.message.guard(lambda _: self._changed()), names="value")
        self._relabel()
        self.message.guard(self._preview)()

    def _apply_language(self, language: str) -> None:
        super()._apply_language(language)
        if self.state == "idle":
            self._preview()
        if self._chart is not None:
            key = _chart_key(self.settings[3], self.exact_value, language)
            chart = _CHARTS.get(key)
            if chart is not None:
                self._chart_ready(key, chart)
            else:
                self.computation.ask(
                    key, partial(_new_chart, *key),
                    keep_message(self.message, partial(self._chart_ready, key)),
                    keep_message(self.message, self._failed))

    def _key(self) -> tuple[int, RuleSet, int, str]:
        """The chosen settings as _exact_and_chart's arguments: policy, rules, rounds, language."""
        rules = variant(self.rules_menu.value).with_(banker_stands_on=self.banker_menu.value)
        return self.policy_menu.value, rules, self.rounds_menu.value, self._language

    def _changed(self) -> None:
        """A menu changed: a run under way stops, saying why (UX review 14: the menu showed 15
        while the curve went on for 17); before any run, the new preview."""
        if self.state in ("computing", "running"):
            self.stop()
            self.status.value = f"<i>{escape(text('sim_changed', self._language))}</i>"
        self._preview()

    def _preview(self) -> None:
        """Before the first run, the chart's empty axes with the exact value's line, so that the
        tab opens as a picture to fill, not a form (UX review 12)."""
        if self.state != "idle":
            return
        key = self._key()
        self._ask(key, None)  # (asked at once: the exact value may take a moment)
        found = _exact_and_chart(*key, cached_only=True)
        if found is not None:
            self._show_preview(key, found)
            return
        self.computation.ask(key, partial(_exact_and_chart, *key),
                             keep_message(self.message, partial(self._show_preview, key)),
                             keep_message(self.message, reraise))

    def _show_preview(self, key: tuple, found: tuple[Fraction, RunChart]) -> None:
        if self.state != "idle" or key != self._key():
            return
        value, chart = found
        lang = self._language
        self._ask(key, value)
        if self.guess.revealed:
            chart.show(self.chart, text("sim_chart_alt_empty", lang,
                                        exact=signed(value, 4, lang)),
                       np.empty(0), math.nan, float(value))
        else:
            chart.show(self.chart, text("sim_chart_alt_guess", lang), np.empty(0), math.nan,
                       math.nan)

    def _ask(self, key: tuple, value: Fraction | None) -> None:
        """Before a run with new settings: does the player win or lose on average (R7-R17)?
        The question needs no computing; the answer, the exact value, may still be coming."""
        policy, rules, _, lang = key
        answer = "pending" if value is None else \
            "win" if value > 0 else "lose" if value < 0 else "equal"
        self.guess.ask((policy, rules), escape(text("sim_guess_prompt", lang)), answer, ())

    def _revealed(self) -> None:
        """The exact value is out (a guess judged, or «Show the exact value»): on the chart and
        in the words."""
        if self.state == "idle":
            self._preview()
        else:
            self._show_frame()
            self._show_state()

    def _relabel(self) -> None:
        lang = self._language
        self._label_frame("sim_title", self.policy_menu, self.banker_menu, self.seed_box,
                          self.rounds_menu)
        self.policy_menu.description = text("policy_threshold", lang)
        self.banker_menu.description = text("banker_threshold", lang)
        set_options(self.rounds_menu, [(count(n, lang), n) for n in ROUND_CHOICES])
        self.rounds_menu.description = text("rounds", lang)
        self.seed_box.description = text("seed", lang)
        self.seed_box.placeholder = text("sim_seed_help", lang)
        self.chart.wait(text("chart_waiting", lang))
        self.run_button.description = text("sim_run", lang)
        self.guess.relabel(lang)
        self.stop_button.description = text("sim_stop", lang)
        self._show_state()

    def _show_state(self) -> None:
        lang = self._language
        self.run_button.disabled = self.state in ("computing", "running")
        self.stop_button.disabled = not self.run_button.disabled
        self.progress.bar_style = {"done": "success", "stopped": "warning"}.get(self.state, "")
        done = self.result.n if self.result is not None else 0
        self.progress_label.value = f"{count(done, lang)} / {count(self.progress.max, lang)}"
        self.status.value = f"<i>{escape(text('sim_state_' + self.state, lang))}</i>"
        self.result_html.value = self._result_text()

    def _result_text(self) -> str:
        lang = self._language
        if self.settings is None:
            return ""
        name, policy, banker, _, seed = self.settings
        lines = [text("sim_settings", lang, rules=variant_title(name, lang), policy=policy,
                      banker=banker, seed=seed)]
        lines = [escape(line) for line in lines]
        known = self.exact_value is not None and self.guess.revealed
        if known:
            lines.append(escape(text("sim_exact", lang)) + " "
                         + exact_html(self.exact_value, lang))
        verdict = []  # the run's answer first, right under Run (R7-R17)
        if self.result is not None:
            if known and self.result.std_error > 0:
                z = (self.result.mean - float(self.exact_value)) / self.result.std_error
                # in words a class reads: inside or outside the chart's band of ± 2 errors
                key = "sim_inside" if abs(z) < 2 else "sim_outside"
                verdict.append(escape(text(key, lang, z=decimal(abs(z), 1, lang))))
            verdict.append(escape(text("sim_mean", lang, after_rounds=self.result.n,
                                       mean=signed(self.result.mean, 4, lang),
                                       se=decimal(self.result.std_error, 4, lang))))
        said = f"<div class='t21-sim-verdict'>{'<br>'.join(verdict)}</div>" if verdict else ""
        return said + "<br>".join(lines)

    def start(self) -> None:
        """Begin a run with the chosen rules, threshold, rounds and seed (R7–R17)."""
        if self.state in ("computing", "running"):
            return
        policy, rules, total, _ = self._key()
        seed = parse_seed(self.seed_box.value)
        if seed is None:  # shown with the result, so the class can type it to repeat the run
            seed = random.randrange(MAX_SEED)
        steps = simulate.rounds_in_steps(total, simulate.STEP, policy, rules, seed=seed)
        # (the chart on show stays until the run's first frame: the preview's axes, or the
        # last run's)
        self._steps, self.result, self._chart = steps, None, None
        self._running_mean, self._sum = np.empty(total), 0.0
        self.settings = (rules.name, policy, rules.banker_stands_on, total, seed)
        self.progress.max, self.progress.value = total, 0
        key = (policy, rules, total, self._language)
        self.exact_value = None
        self.state = "computing"
        self._show_state()
        self.stop_button.focus()  # the keyboard's next action, not <body> as Run greys out
        found = _exact_and_chart(*key, cached_only=True)
        if found is not None:
            self.computation.stop()
            self._exact_ready(found)
            return
        self.computation.ask(key, partial(_exact_and_chart, *key),
                             keep_message(self.message, self._exact_ready),
                             keep_message(self.message, self._failed))

    def _exact_ready(self, found: tuple[Fraction, RunChart]) -> None:
        self.exact_value, self._chart = found
        self._ask(self._key(), self.exact_value)
        self._begin_running()

    def _chart_ready(self, key: tuple, chart: RunChart) -> None:
        if self._chart is not None and key == _chart_key(self.settings[3], self.exact_value,
                                                         self._language):
            self._chart = chart
            self._show_frame()

    def _failed(self, error: BaseException) -> None:
        self.state = "stopped"
        self._show_state()
        self.run_button.focus()
        reraise(error)

    def _begin_running(self) -> None:
        self.state = "running"
        self._show_state()
        if running_loop() is not None:
            self._task = asyncio.ensure_future(self._drive())

    async def _drive(self) -> None:
        steps, pause = self._steps, pause_between_steps(self.progress.max)
        while self.state == "running" and self._steps is steps:  # a new run ends this one's
            keep_message(self.message, self.step)()
            if self.state == "running":
                await asyncio.sleep(pause)

    def step(self) -> bool:
        """One step of a run (simulate.STEP rounds, and a new frame at most every FRAME_EVERY
        seconds); True while running."""
        if self.state != "running":
            return False
        result = next(self._steps, None)
        if result is None:
            self.state = "done"
        else:
            before = self.result.n if self.result is not None else 0
            sums = self._sum + np.cumsum(result.results[before:])
            self._running_mean[before:result.n] = sums / np.arange(before + 1, result.n + 1)
            self._sum = float(sums[-1])
            self.result = result
            self.progress.value = result.n
            if time.perf_counter() - self._last_frame >= FRAME_EVERY:
                self._show_frame()
        if self.state == "done":
            self.guess.reveal("kept")  # the run is the answer: the guess judged, the value out
            self._show_frame()
        self._show_state()
        if self.state == "done":
            self.run_button.focus()  # Stop greys out: the focus goes back to Run
        return self.state == "running"

    def run_steps(self, k: int) -> int:
        """Take up to `k` steps now (for tests and scripts); the number of steps taken."""
        k, taken = whole(k, "k", 0), 0
        while taken < k and self.step():
            taken += 1
        return taken

    def stop(self) -> None:
        """Stop the run, or the wait for its exact value; what has been simulated so far stays
        on show."""
        self.computation.stop()
        if self.state in ("computing", "running"):
            self.state = "stopped"
            self.guess.reveal("kept")
            self._show_frame()
            self._show_state()
            self.run_button.focus()

    def _show_frame(self) -> None:
        if self._chart is not None and self.result is not None:
            n = self.result.n
            std = self.result.std_error * math.sqrt(n) if n > 1 else math.nan
            lang, known = self._language, self.guess.revealed
            alt = text("sim_chart_alt" if known else "sim_chart_alt_running", lang,
                       after_rounds=n, mean=signed(self.result.mean, 4, lang),
                       exact=signed(self.exact_value, 4, lang))
            self._chart.show(self.chart, alt, self._running_mean[:n], std,
                             float(self.exact_value) if known else math.nan)
            self._last_frame = time.perf_counter()


def pause_between_steps(rounds: int) -> float:
    """Seconds between two steps of a run of `rounds`: PAUSE, or more, so that even a short
    run takes SHOWN_FOR seconds, its chart growing frame by frame instead of at once."""
    return max(PAUSE, SHOWN_FOR / math.ceil(rounds / simulate.STEP))


_EXACT = LRU(256)  # (policy, RuleSet) -> exact.round_value, shared by every explorer
_CHARTS = LRU(16)  # (rounds, centre of the y axis, language) -> RunChart, ~1.5 MB each


def _exact_and_chart(policy: int, rules, total: int, lang: str, cached_only: bool = False):
    """The exact value of a round (R7–R17) and the chart's axes for a run, each computed once
    (slow: off the kernel's loop); with `cached_only`, None unless both are at hand."""
    value = _EXACT.get((policy, rules))
    if value is None:
        if cached_only:
            return None
        value = once(("round_value", policy, rules),
                     partial(exact.round_value, policy, rules=rules))
        _EXACT.put((policy, rules), value)
    key = _chart_key(total, value, lang)
    chart = _CHARTS.get(key)
    if chart is None:
        if cached_only:
            return None
        chart = _new_chart(*key)
    return value, chart


def _chart_key(total: int, value: Fraction, lang: str) -> tuple[int, float, str]:
    """Runs whose exact values round to the same tenth share a chart (and its y axis)."""
    return total, round(float(value), 1), lang


class RunChart:
    """A run's chart twice, fed the same frames: as shown beside the controls, and drawn for
    a phone's column, whose screen shows it at about its own size (UX review 22)."""

    def __init__(self, wide: plots.ConvergenceChart, narrow: plots.ConvergenceChart):
        self.wide, self.narrow = wide, narrow

    def show(self, image: ChartImage, alt: str, running_mean: np.ndarray, std: float,
             exact: float) -> None:
        """Put this frame (ConvergenceChart.png's arguments) on `image`, described by `alt`."""
        image.show(self.wide.png(running_mean, std, exact), alt, self.wide.text_px,
                   narrow=(self.narrow.png(running_mean, std, exact), self.narrow.text_px))


def _new_chart(total: int, centre: float, lang: str) -> RunChart:
    """The chart's axes for a run, both sizes (about 0.3 s: off the kernel's loop)."""
    from .. import plots  # matplotlib loads here, off the kernel's loop

    wide, narrow = (plots.ConvergenceChart(
        total, centre, reach=CHART_REACH, title="",  # the tab says it; the key takes its room
        xlabel=text("chart_rounds", lang), ylabel=text("chart_mean", lang),
        exact_label=text("chart_exact", lang), band_label=text("chart_band", lang),
        mean_label=text("chart_running", lang), language=lang, font=font, width=width)
        for font, width in ((CHART_FONT["simulation"], 6.4), (PHONE_CHART_FONT, 3.6)))
    chart = RunChart(wide, narrow)
    _CHARTS.put((total, centre, lang), chart)
    return chart
