"""StrategyExplorer: a heat map of buy − stand for every two-card hand, under any rule set and
banker threshold (R11, R14); choose a cell to see its exact numbers."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import ipywidgets as widgets

from .. import exact
from ..cards import RANKS
from ..rules import variant
from ..validate import one_of
from .common import ChartImage, escape
from .explorer import (
    Explorer,
    exact_html,
    in_background,
    keep_message,
    offered_rules,
    remember,
    reraise,
    set_options,
    signed,
    threshold_menu,
    unless_relabelling,
)
from .i18n import text

if TYPE_CHECKING:
    from .. import plots


class StrategyExplorer(Explorer):
    """Buy minus stand for every two-card hand from a fresh shoe, with the rules as controls."""

    def __init__(self, rules: str = "historical", banker_stands_on: int | None = None,
                 first: str | None = None, second: str | None = None, language: str = "en"):
        rule_set = offered_rules(rules)
        first, second = (None if rank is None else one_of(rank, name, RANKS, use="a rank A, "
                                                          "2-10, J, Q or K, or None")
                         for name, rank in (("first", first), ("second", second)))
        super().__init__("t21-strategy", rule_set, "t21-strategy-rules", language)
        self.state = "idle"  # computing, ready
        self.table: dict | None = None  # {(first, second): {'stand': v, 'draw': v} or None}
        self.ranks: tuple[str, ...] = ()
        self._raster: plots.Raster | None = None
        self._waiting: set = set()  # rule sets being computed in the background
        self.banker_menu = threshold_menu(
            rule_set.banker_stands_on if banker_stands_on is None else banker_stands_on,
            "banker_stands_on", "t21-strategy-banker")
        self.first_menu = widgets.Dropdown(layout=widgets.Layout(width="12em"))
        self.first_menu.add_class("t21-strategy-first")
        self.second_menu = widgets.Dropdown(layout=widgets.Layout(width="12em"))
        self.second_menu.add_class("t21-strategy-second")
        self.status = widgets.HTML()
        self.status.add_class("t21-strategy-status")
        self.cell = widgets.HTMLMath()
        self.cell.add_class("t21-strategy-cell")
        self.chart = ChartImage()
        self.chart.add_class("t21-strategy-chart")
        self.legend = widgets.HTML()
        self.legend.add_class("t21-strategy-legend")
        self.children = [
            widgets.HBox([self.title, self.language_toggle]),
            widgets.HBox([self.rules_menu, self.banker_menu]),
            widgets.HBox([self.first_menu, self.second_menu]),
            self.message, self.status, self.cell, self.chart, self.legend,
        ]
        self._wanted = (first, second)
        self.rules_menu.observe(unless_relabelling(
            self.rules_menu, self.message.guard(lambda _: self.update())), names="value")
        self.banker_menu.observe(self.message.guard(lambda _: self.update()), names="value")
        for menu in (self.first_menu, self.second_menu):
            menu.observe(unless_relabelling(menu, self.message.guard(lambda _: self._show())),
                         names="value")
        self._relabel()
        self.message.guard(self.update)()

    def _apply_language(self, language: str) -> None:
        super()._apply_language(language)
        self.update()

    def _relabel(self) -> None:
        lang = self._language
        self._label_frame("strategy_title", self.banker_menu, self.first_menu, self.second_menu)
        self.legend.value = f"<small>{escape(text('strategy_legend', lang))}</small>"
        self.banker_menu.description = text("banker_threshold", lang)
        self.first_menu.description = text("strategy_first", lang)
        self.second_menu.description = text("strategy_second", lang)

    def _key(self):
        return variant(self.rules_menu.value).with_(banker_stands_on=self.banker_menu.value)

    def update(self) -> None:
        """Show the table for the chosen rules: at once if computed before, else compute it."""
        key = self._key()
        if key in _HEAT_MAPS:
            self._use(key)
            return
        self.state = "computing"
        self.status.value = f"<i>{escape(text('strategy_computing', self._language))}</i>"
        if key in self._waiting:
            return
        self._waiting.add(key)

        def ready(_) -> None:
            self._waiting.discard(key)
            if self._key() == key:
                self._use(key)

        def failed(error: BaseException) -> None:
            self._waiting.discard(key)
            reraise(error)

        in_background(lambda: heat_map(key), keep_message(self.message, ready),
                      keep_message(self.message, failed))

    def _use(self, key) -> None:
        self.ranks, self.table = _TABLES[key]
        self._raster = _HEAT_MAPS[key]
        self.state = "ready"
        self.status.value = ""
        first, second = self._wanted
        options = list(self.ranks)
        for menu, wanted, fallback in ((self.first_menu, first, options[-1]),
                                       (self.second_menu, second, options[-2])):
            set_options(menu, options, wanted if wanted in options else fallback, notify=False)
        self._wanted = (self.first_menu.value, self.second_menu.value)
        self._show()

    def _show(self) -> None:
        """The chosen cell's exact numbers, and the heat map with that cell framed."""
        if self.state != "ready" or self.first_menu.value is None:
            return
        lang = self._language
        first, second = self.first_menu.value, self.second_menu.value
        self._wanted = (first, second)
        i, j = self.ranks.index(first), self.ranks.index(second)
        row = self.table[first, second]
        verdict = _verdict(row)
        cell = text("strategy_natural_cell", lang) if verdict == "natural" else \
            f"{signed(row['gain'], 4, lang)}, {text(f'strategy_{verdict}', lang)}"
        counts = Counter(map(_verdict, self.table.values()))
        self.chart.show(self._raster.png((i, j)), text(
            "strategy_chart_alt", lang, first=first, second=second, cell=cell,
            **{kind: counts[kind] for kind in ("buy", "stand", "equal", "natural")}))
        if verdict == "natural":
            self.decision = None
            self.cell.value = escape(text("strategy_natural", lang, first=first, second=second))
            return
        stand, buy, gain = row["stand"], row["draw"], row["gain"]
        self.decision = verdict
        self.cell.value = "<br>".join([
            escape(text("strategy_cell", lang, first=first, second=second)),
            escape(text("advice_stand_value", lang)) + ": " + exact_html(stand, lang),
            escape(text("advice_buy_value", lang)) + ": " + exact_html(buy, lang),
            f"<b class='t21-verdict-{verdict}'>"
            + escape(text("strategy_gain", lang, gain=signed(gain, 4, lang),
                          verdict=text(f"strategy_{verdict}", lang))) + "</b>",
        ])


def _verdict(row) -> str:
    """What a cell of the table says: 'buy', 'stand', 'equal' or 'natural' (nothing to decide)."""
    if row is None or row["draw"] is None:
        return "natural"
    return "buy" if row["gain"] > 0 else "stand" if row["gain"] < 0 else "equal"


_TABLES: dict = {}  # RuleSet -> (ranks, table), shared by every StrategyExplorer
_HEAT_MAPS: dict = {}  # RuleSet -> plots.Raster, the newest MAX_HEAT_MAPS kept
MAX_HEAT_MAPS = 24  # about 1 MB each


def strategy_values(rules) -> tuple[tuple[str, ...], dict]:
    """The ranks of the heat map (one per value class, in the engine's order) and
    {(first, second): the row of exact.strategy_table, or None for a natural}."""
    if rules not in _TABLES:
        rows = {tuple(row["hand"].split()): row for row in exact.strategy_table(rules=rules)}
        ranks = tuple(dict.fromkeys(rank for hand in rows for rank in hand))
        table = {(a, b): rows.get((a, b), rows.get((b, a))) for a in ranks for b in ranks}
        _TABLES[rules] = ranks, table
    return _TABLES[rules]


def heat_map(rules) -> plots.Raster:
    """The heat map of `rules`, drawn once (the slow part: off the kernel's loop). It holds no
    words, only ranks and numbers (buy − stand in hundredths of a stake), so it serves every
    language; the widget writes the title and the legend beside it."""
    from .. import plots  # matplotlib loads here, off the kernel's loop

    if rules in _HEAT_MAPS:
        return _HEAT_MAPS[rules]
    ranks, table = strategy_values(rules)
    gains = {cell: None if row is None else row["gain"] for cell, row in table.items()}
    figure = plots.strategy_heatmap(
        gains, ranks, title="", xlabel="", ylabel="", colorbar_label="", missing_label="21",
        cell_format=lambda gain: f"{100 * gain:+.0f}".replace("-", "−"))
    raster = plots.Raster.of_grid(figure, len(ranks), len(ranks))
    remember(_HEAT_MAPS, rules, raster, MAX_HEAT_MAPS)
    return raster
