"""Figures for the widgets and notebooks: one more card, buy minus stand, simulation vs exact.

Every function returns a `matplotlib.figure.Figure` built with the object API (no pyplot state,
so it works headless with Agg). Labels are arguments; a label left out is worded in `language`
(`words`), and `language` writes the numbers on a figure as that language does (numerals.py:
7,8 % and −0,1 in Russian). Colour never carries meaning alone: bars and cells are labelled.
"""

from __future__ import annotations

import base64
import html
import io
import math
import textwrap
from collections.abc import Callable, Mapping, Sequence, Sized
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.image import imsave
from matplotlib.patches import Rectangle
from matplotlib.text import Text
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullLocator, ScalarFormatter

from .game.rules import Outcome
from .words import card_letters, numerals
from .words.errors import RuleError
from .words.messages import ENGLISH, message
from .words.validate import bounded, chance, quote, real, refuse, short_text, whole
from .words.wording import template

BUY_COLOUR, STAND_COLOUR, BUST_COLOUR, EXACT_COLOUR = "#1b7837", "#762a83", "#b2182b", "#d95f02"
# 100 dots an inch: matplotlib's 10-point labels come out 14 px, readable on a projector
DPI = 100
SMALL = 10  # points: the numbers written on bars and in legends
CELL = 9  # points: the numbers in the cells of the strategy map
LONGEST_LABEL = 200  # characters of a title or an axis label
MAX_POINTS = 20_000_000  # rounds in a running mean: simulate.MAX_ROUNDS
LARGEST = 10**6  # stakes: far beyond any result of a round, small enough to draw

def words(language: str) -> dict[str, str]:
    """The default labels of the figures in `language` ('en' or 'ru'): the engine's messages
    "plot.<key>" (a `{}` in one is a number, written by numerals.py)."""
    numerals.check_language(language)
    return {code.removeprefix("plot."): template(code, language)
            for code in ENGLISH if code.startswith("plot.")}


def text_px(fig: Figure) -> float:
    """The height in pixels of the smallest written text of `fig` at its own size (points ×
    dots per inch / 72): what a picture shown at another width scales."""
    sizes = [float(t.get_fontsize()) for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    return min(sizes, default=math.inf) * fig.dpi / 72


def _sized(ax: Any, font: float) -> None:
    """Every text of `ax` at least `font` points: ticks and axis labels at `font`, the title
    a little larger (matplotlib's own proportions when `font` is its 10 points)."""
    ax.tick_params(labelsize=font)
    ax.xaxis.label.set_size(font)
    ax.yaxis.label.set_size(font)
    ax.title.set_size(1.2 * font)


def _margins(fig: Figure, font: float, **fractions: float) -> None:
    """The margins round the axes: `fractions` of the figure for the default text, as much
    as the text needs (matplotlib's constrained layout) for larger text."""
    if font == SMALL:
        fig.subplots_adjust(**fractions)
    else:
        fig.set_layout_engine("constrained")


def _number(value: float, language: str, sign: bool = False) -> str:
    """A bar's number in `language`: whole numbers without decimals, others with two."""
    digits = 0 if float(value).is_integer() else 2
    if sign:
        return numerals.signed(value, digits, language)
    return numerals.decimal(value, digits, language)


def _as_float(value: Fraction | float | None) -> float:
    return math.nan if value is None else float(value)


def luminance(colour: Sequence[float]) -> float:
    """The relative luminance of an RGB(A) colour with channels 0-1 (WCAG 2)."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable_on(background: Sequence[float]) -> str:
    """'black' or 'white', whichever contrasts more with `background` (at least 4.5:1 on any
    colour of the heat map's colour scale)."""
    light = luminance(background)
    return "black" if (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) else "white"


class TickNumbers(ScalarFormatter):
    """Matplotlib's tick numbers, with as many decimals as it chooses, in `language`'s
    writing: −0,1 and 0,25 in Russian."""

    def __init__(self, language: str):
        super().__init__(useOffset=False)
        self.language = numerals.check_language(language)

    def __call__(self, x: float, pos: int | None = None) -> str:
        plain = super().__call__(x, pos).replace(numerals.MINUS, "-")
        if not plain:
            return plain
        return numerals.decimal(float(plain), len(plain.partition(".")[2]), self.language)


class TickPercent(TickNumbers):
    """Tick numbers of a chance as percentages, as the bars' labels write it: 25 %, 2,5 %."""

    def __call__(self, x: float, pos: int | None = None) -> str:
        digits = 0 if round(x * 100, 6).is_integer() else 1
        return numerals.percent(x, self.language, digits)


def outcome_keys(distribution: Mapping[Outcome, object]) -> tuple[Outcome, ...]:
    """The outcomes of a draw distribution in the order of a chart: totals, then bust."""
    totals = sorted(k for k in distribution if k != "bust")
    return tuple(totals) + (("bust",) if "bust" in distribution else ())


def outcome_bars(distribution: Mapping[Outcome, Fraction | float], **labels: Any) -> Figure:
    """Bars of the chance of each total after one more card, bust last (R2, R11, R13); the
    labels left out are worded in `language` (a keyword, 'en' by default)."""
    distribution = _distribution(distribution)
    _check_labels(labels)
    heights = [_as_float(p) for p in distribution.values()]
    chart = OutcomeChart(outcome_keys(distribution), top=max(heights, default=1) * 1.18 or 1,
                         live=False, **labels)
    chart.show(distribution)
    return chart.figure


def _distribution(distribution: object) -> dict[Outcome, float]:
    """{total 2-31 | 'bust': chance}, at most 31 outcomes (R2, R13)."""
    if not isinstance(distribution, Mapping):
        refuse("distribution", distribution, message("use.distribution"))
    checked: dict[Outcome, float] = {}
    for key, p in bounded(distribution.items(), "distribution", 31,
                          use=message("use.outcomes", most=31)):
        if not (isinstance(key, str) and key == "bust"):
            key = whole(key, "a total", 2, 31)
        checked[key] = chance(p, f"the chance of {quote(key)}")
    return checked


def _cell(value: object) -> float:
    """A cell of the heat map: a finite number, or None for no decision."""
    return math.nan if value is None else real(value, "a cell of values")


def _size(values: object) -> int:
    """How many items a sequence says it holds (0 for what has no length, e.g. a 0-d array)."""
    try:
        return len(values) if isinstance(values, Sized) else 0
    except TypeError:
        return 0


def _running_mean(values: object) -> np.ndarray:
    """A running mean: a one-dimensional sequence of finite numbers."""
    if isinstance(values, str | bytes | Mapping):
        refuse("running_mean", values, message("use.numbers"))
    if _size(values) > MAX_POINTS:  # before a copy is made
        refuse("running_mean", values, message("use.finite_numbers", most=MAX_POINTS))
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError, MemoryError):
        refuse("running_mean", values, message("use.numbers"))
    if array.ndim != 1 or array.size > MAX_POINTS or not np.isfinite(array).all():
        refuse("running_mean", values, message("use.finite_numbers", most=MAX_POINTS))
    return array


def _check_labels(labels: Mapping[str, object]) -> None:
    """Titles and axis labels are short texts; a format is a function."""
    for name, value in labels.items():
        if name in ("percent", "cell_format"):
            if not callable(value):
                refuse(name, value, message("use.formatter"), RuleError)
        elif name == "points":
            whole(value, name, 2, 10_000)
        else:
            short_text(value, name, LONGEST_LABEL)


class OutcomeChart:
    """Bars over fixed outcomes (totals and bust): the axes are drawn once, then each frame
    redraws only the bars and their percentages (blitting), for any distribution over them.
    `across` lays the bars across, one row an outcome: a chart for a phone's narrow screen."""

    def __init__(self, keys: Sequence[Outcome], *, top: float = 1.08, live: bool = True,
                 title: str | None = None, xlabel: str | None = None,
                 ylabel: str | None = None, bust_label: str | None = None,
                 language: str = "en", font: float = SMALL, digits: int = 1,
                 across: bool = False):
        self.keys, self.language = tuple(keys), numerals.check_language(language)
        self.digits, self.across = digits, across  # digits of the percentages on the bars
        said = words(language)
        title = said["outcome_title"] if title is None else title
        xlabel = said["outcome_x"] if xlabel is None else xlabel
        ylabel = said["probability"] if ylabel is None else ylabel
        bust_label = said["bust"] if bust_label is None else bust_label
        names = [bust_label if k == "bust" else str(k) for k in self.keys]
        positions = range(len(self.keys))
        colours = [BUST_COLOUR if k == "bust" else BUY_COLOUR for k in self.keys]
        if across:  # 3.6 inches: a phone's column at about its own size; 3 at least, for
            rows = 1.2 + 1.8 * font / 72 * len(self.keys)  # the words along the side
            self.figure = Figure(figsize=(3.6, max(3.0, rows)), dpi=DPI)
            self.figure.set_layout_engine("constrained")
            ax = self.axes = self.figure.add_subplot()
            self.bars = ax.barh(positions, [0] * len(self.keys), animated=live, color=colours)
            self.labels = [ax.text(0, i, "", ha="left", va="center", fontsize=font,
                                   animated=live) for i in positions]
            ax.set_yticks(positions, names)
            ax.set(ylim=(len(self.keys) - 0.4, -0.6), xlim=(0, top + 0.32), title=title,
                   xlabel=ylabel, ylabel=textwrap.fill(xlabel, 18))  # the top row first
            ax.xaxis.set_major_formatter(TickPercent(language))
            ax.xaxis.set_major_locator(FixedLocator([0, 0.5, 1] if top > 0.5 else [0, top]))
        else:
            self.figure = Figure(figsize=(5.6, 3.0 * (font / SMALL) ** 0.5), dpi=DPI)
            _margins(self.figure, font, left=0.12, right=0.97, top=0.88, bottom=0.17)
            ax = self.axes = self.figure.add_subplot()
            self.bars = ax.bar(positions, [0] * len(self.keys), animated=live, color=colours)
            upright = len(self.keys) * font <= 120  # else the percentages stand on end
            self.labels = [ax.text(i, 0, "", ha="center", va="bottom", fontsize=font,
                                   animated=live, rotation=0 if upright else 90)
                           for i in positions]
            ax.set_xticks(positions, names)
            ax.set(xlim=(-0.6, len(self.keys) - 0.4), ylim=(0, top), title=title,
                   xlabel=xlabel, ylabel=ylabel)
            ax.yaxis.set_major_formatter(TickPercent(language))
        for bar, key in zip(self.bars, self.keys, strict=True):
            if key == "bust":
                bar.set_hatch("//")  # bust is marked by more than its colour
        _sized(ax, font)
        self.canvas = FigureCanvasAgg(self.figure)
        if live:
            self.canvas.draw()
            self._background = self.canvas.copy_from_bbox(self.figure.bbox)

    def show(self, distribution: Mapping[Outcome, Fraction | float]) -> None:
        """Set each bar to its outcome's chance in `distribution` (0 where it has none)."""
        for bar, label, key in zip(self.bars, self.labels, self.keys, strict=True):
            chance = _as_float(distribution.get(key, 0))
            percent = numerals.percent(chance, self.language, self.digits)
            if self.across:
                bar.set_width(chance)
                label.set_position((chance, bar.get_y() + bar.get_height() / 2))
                label.set_text(f" {percent}")
            else:
                bar.set_height(chance)
                label.set_position((bar.get_x() + bar.get_width() / 2, chance))
                label.set_text(percent)

    @property
    def text_px(self) -> float:
        """The smallest text's height in pixels (`text_px`)."""
        return text_px(self.figure)

    def png(self, distribution: Mapping[Outcome, Fraction | float]) -> bytes:
        """One frame as PNG bytes: the saved axes with the bars of `distribution`."""
        self.show(distribution)
        self.canvas.restore_region(self._background)
        for artist in (*self.bars, *self.labels):
            self.axes.draw_artist(artist)
        return _encode(np.asarray(self.canvas.buffer_rgba()))


def strategy_heatmap(values: Mapping[tuple[str, str], Fraction | float | None],
                     ranks: Sequence[str], *,
                     title: str | None = None, xlabel: str | None = None,
                     ylabel: str | None = None, colorbar_label: str | None = None,
                     missing_label: str = "21", language: str = "en",
                     cell_format: Callable[[float], str] | None = None,
                     font: float = SMALL, scale_ends: tuple[str, str] = ("", "")) -> Figure:
    """A grid over two-card hands of buy − stand: green above 0 (buy), purple below (stand).

    `values[(first, second)]` is a number or None (no decision, e.g. a natural); every cell is
    written out with its sign (`cell_format`, by default two decimals in `language`), so the
    colour is never the only signal, in black or white, whichever is easier to read on the cell.
    `scale_ends` are the words for the colour scale's top and foot (e.g. "+ buy", "− stand"),
    written along it in place of `colorbar_label`.
    """
    ranks = [short_text(rank, "rank", 10) for rank in bounded(ranks, "ranks", 13,
                                                                 use=message("use.ranks"))]
    if not ranks:
        refuse("ranks", ranks, message("use.ranks"))
    if not isinstance(values, Mapping):
        refuse("values", values, message("use.pair_values"))
    if cell_format is None:
        cell_format = partial(numerals.signed, digits=2, language=language, tiny_digits=False)
    said = words(language)
    title = said["heatmap_title"] if title is None else title
    xlabel = said["second_card"] if xlabel is None else xlabel
    ylabel = said["first_card"] if ylabel is None else ylabel
    colorbar_label = said["buy_minus_stand"] if colorbar_label is None else colorbar_label
    if not (isinstance(scale_ends, tuple) and len(scale_ends) == 2):
        refuse("scale_ends", scale_ends, message("use.scale_ends"))
    over, under = scale_ends
    _check_labels({"title": title, "xlabel": xlabel, "ylabel": ylabel,
                   "colorbar_label": colorbar_label, "missing_label": missing_label,
                   "cell_format": cell_format, "scale_ends[0]": over, "scale_ends[1]": under})
    grid = np.array([[_cell(values.get((a, b))) for b in ranks] for a in ranks])
    finite = grid[np.isfinite(grid)]
    reach = max(float(np.abs(finite).max()) if finite.size else 1.0, 1e-9)
    # cells wider than tall, the colour scale under the grid: four characters («−119», «+0.7»)
    # fit a cell at the size asked, and on a phone the scale is not beyond the right edge
    # (UX review 15)
    fig = Figure(figsize=(7.0, 6.6 if title or xlabel else 6.1), dpi=DPI)
    fig.subplots_adjust(left=0.07 if title or ylabel else 0.06, right=0.985 if title else 0.997,
                        top=0.92 if title else 0.93, bottom=0.09 if title or xlabel else 0.08)
    ax = fig.add_subplot()
    image = ax.imshow(grid, cmap="PRGn", norm=TwoSlopeNorm(0, -reach, reach), aspect="auto")
    cells = image.to_rgba(grid)
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            label = missing_label if math.isnan(value) else cell_format(value)
            ax.text(j, i, label, ha="center", va="center", fontsize=font - SMALL + CELL,
                    color="black" if math.isnan(value) else readable_on(cells[i, j]))
    shown = [card_letters.written(rank, language) for rank in ranks]
    ax.set_xticks(range(len(ranks)), shown)
    ax.set_yticks(range(len(ranks)), shown)
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
    ax.tick_params(labeltop=not title, top=not title, labelbottom=bool(title),
                   bottom=bool(title))
    _sized(ax, font)
    bar = fig.colorbar(image, ax=ax, label=colorbar_label, orientation="horizontal",
                       location="bottom", shrink=0.6, fraction=0.05,
                       pad=0.09 if title or xlabel else 0.03, aspect=30,
                       format=TickNumbers(language))
    if over or under:  # under the scale, from its left end: "− stand · + buy"
        bar.set_label(f"{under}   ·   {over}", size=font)
    _sized(bar.ax, font)
    return fig


def strategy_by_total(rows: Sequence[Mapping[str, Any]], *, title: str | None = None,
                      language: str = "en") -> Figure:
    """Buy − stand by total (R9–R17): a dot per two-card hand, hard hands in the upper row and
    soft in the lower; ▲ green where buying is better, ▼ purple where standing is, so a total
    whose hands disagree shows dots on both sides of the zero line. `rows` are
    exact.strategy_table's (each with 'total', 'soft' and 'gain')."""
    said = words(language)
    title = said["by_total_title"] if title is None else title
    _check_labels({"title": title})
    rows = bounded(rows, "rows", 1000, use=message("use.strategy_rows"))
    for row in rows:
        if not isinstance(row, Mapping) or not {"total", "soft", "gain"} <= set(row) or \
                not isinstance(row["soft"], bool):
            refuse("rows", row, message("use.strategy_rows"))
    fig = Figure(figsize=(6.4, 4.8), dpi=DPI)
    fig.subplots_adjust(left=0.13, right=0.98, top=0.86 if len(title) > 60 else 0.9,
                        bottom=0.11, hspace=0.25)
    upper, lower = fig.subplots(2, 1, sharex=True)
    totals = sorted({whole(row["total"], "total", 2, 21) for row in rows})
    for ax, soft, name in ((upper, False, "hard_hands"), (lower, True, "soft_hands")):
        group = [row for row in rows if row["soft"] is soft]
        for total in totals:
            gains = sorted(real(row["gain"], "gain", -LARGEST, LARGEST) for row in group
                           if row["total"] == total)
            spread = [total + 0.5 * (i - (len(gains) - 1) / 2) / max(len(gains), 1)
                      for i in range(len(gains))]
            for x, gain in zip(spread, gains, strict=True):
                ax.plot(x, gain, marker="^" if gain > 0 else "v" if gain < 0 else "o",
                        color=BUY_COLOUR if gain > 0 else STAND_COLOUR if gain < 0 else "grey",
                        markersize=7, linestyle="none")
        ax.axhline(0, color="black", linewidth=1)
        ax.text(0.01, 0.96, said[name], transform=ax.transAxes, va="top", fontsize=SMALL,
                fontweight="bold")
        ax.text(0.99, 0.96, said["buy_better"], transform=ax.transAxes, va="top", ha="right",
                fontsize=SMALL, color=BUY_COLOUR)
        ax.text(0.01, 0.04, said["stand_better"], transform=ax.transAxes, va="bottom",
                fontsize=SMALL, color=STAND_COLOUR)
        ax.yaxis.set_major_formatter(TickNumbers(language))
        ax.grid(axis="x", color="#dddddd", linewidth=0.5)
        reach = max((abs(float(row["gain"])) for row in group), default=1.0) or 1.0
        ax.set_ylim(-1.3 * reach, 1.7 * reach)  # room above the dots for the row's name
    lower.set_xticks(totals, [str(total) for total in totals])
    lower.set_xlabel(said["two_card_total"])
    fig.supylabel(said["stakes"], fontsize=SMALL + 1)
    fig.suptitle(textwrap.fill(title, 60))
    return fig


def convergence(running_mean: np.ndarray, exact: float, std: float, **labels: Any) -> Figure:
    """The running mean against the exact value, inside the band exact ± 2·s/√n (log n axis);
    the labels left out are worded in `language` (a keyword, 'en' by default).

    `std` is the standard deviation of one round, or NaN when it is not known (one round).
    """
    running_mean = _running_mean(running_mean)
    exact = real(exact, "exact", -LARGEST, LARGEST)
    std = std if isinstance(std, float) and math.isnan(std) else real(std, "std", 0, LARGEST)
    _check_labels(labels)
    reach = 2 * std / math.sqrt(30) if math.isfinite(std) and std > 0 else 1.0
    chart = ConvergenceChart(len(running_mean), exact, reach=reach, live=False, **labels)
    chart.show(running_mean, std, exact)
    return chart.figure


class ConvergenceChart:
    """A convergence figure for a growing simulation: the axes are drawn once, then each frame
    redraws only the running mean, the exact value and its band (blitting), milliseconds
    instead of a full redraw.

    The y axis spans `centre` ± `reach`; each frame gives the exact value and the standard
    deviation s per round, and the band is exact ± 2·s/√n.
    """

    def __init__(self, n_total: int, centre: float, *, reach: float = 0.5, live: bool = True,
                 title: str | None = None, xlabel: str | None = None,
                 ylabel: str | None = None, exact_label: str | None = None,
                 band_label: str | None = None, mean_label: str | None = None,
                 language: str = "en", points: int = 300, font: float = SMALL,
                 width: float = 6.4):
        said = words(language)
        title = said["sim_title"] if title is None else title
        xlabel = said["rounds_played"] if xlabel is None else xlabel
        ylabel = said["mean_result"] if ylabel is None else ylabel
        exact_label = said["exact_value"] if exact_label is None else exact_label
        band_label = said["band"] if band_label is None else band_label
        mean_label = said["running_mean"] if mean_label is None else mean_label
        self.points = points
        self.band_n = np.geomspace(1, max(n_total, 10), points)
        # inches, without the key; less without a title (the app's tab names the chart), so
        # that the answer under it stays on a projector's screen
        self._height = 3.2 * (font / SMALL) ** 0.5 * (1 if title else 0.8)
        self.figure = Figure(figsize=(width, self._height), dpi=DPI)  # `width` inches
        self.figure.set_layout_engine("constrained")  # room for the key under the axes
        ax = self.axes = self.figure.add_subplot()
        ax.set_xscale("log")
        ax.xaxis.set_minor_locator(NullLocator())  # minor log ticks cost most of a redraw
        # a tick every power of ten, or every second or third one where the widest number (a
        # digit is about 0.6 of the type's size) would not fit a decade's share of the axes
        # (about 3/4 of the width): 100,000 beside 1,000,000, or 10 000 beside 100 000 in a
        # projector's type
        decades = math.log10(max(n_total, 10))
        widest = 0.6 * len(numerals.count(max(n_total, 10), language)) * font * DPI / 72
        step = next((step for step in (1, 2) if widest < 0.75 * self.figure.get_figwidth() * DPI
                     * step / decades), 3)  # decades between two ticks: 1 000 000 at 360 px
        ax.xaxis.set_major_locator(LogLocator(base=10 ** step))
        ax.xaxis.set_major_formatter(FuncFormatter(  # plain 1,000 rather than slow mathtext 10³
            lambda x, _: numerals.count(round(x), language)))
        ax.yaxis.set_major_formatter(TickNumbers(language))
        self.band = ax.fill_between(self.band_n, centre, centre, color="#bbbbbb", alpha=0.5,
                                    label=band_label, animated=live)
        self.exact_line = ax.axhline(centre, color=EXACT_COLOUR, linestyle="--",
                                     label=exact_label, animated=live)
        (self.line,) = ax.plot([], [], color="#2166ac", linewidth=1.4, label=mean_label,
                               animated=live)
        # the unit under the words ("mean per round" / "(stakes)"), so that the label fits
        # beside axes no taller than the answer under the chart allows
        ax.set(xlim=(1, max(n_total, 10)), ylim=(centre - reach, centre + reach),
               title=title, xlabel=xlabel, ylabel=ylabel.replace(" (", "\n(", 1))
        _sized(ax, font)
        self.canvas = FigureCanvasAgg(self.figure)
        self.legend = self._key_under_the_axes(font)
        if live:
            self.canvas.draw()
            self._background = self.canvas.copy_from_bbox(self.figure.bbox)

    def _key_under_the_axes(self, font: float) -> Any:
        """The key under the axes, in as few rows as the figure's width allows: inside the axes
        it hid the running mean just where a short run wanders (UX review 7)."""
        renderer = self.canvas.get_renderer()
        for columns in (3, 2):
            key = self._key(font, columns)
            if key.get_window_extent(renderer).width <= self.figure.bbox.width:
                return key
            key.remove()
        return self._key(font, 1)

    def _key(self, font: float, columns: int) -> Any:
        """The key in `columns`; the figure grows by its rows, so the axes keep their height."""
        rows = math.ceil(3 / columns)
        self.figure.set_figheight(self._height + rows * 1.5 * font / 72)
        return self.figure.legend(loc="outside lower center", ncol=columns, fontsize=font,
                                  frameon=False, handlelength=1.5, columnspacing=1.2)

    def show(self, running_mean: np.ndarray, std: float, exact: float) -> None:
        """Put the running mean (of rounds 1..k, at most `points` of them), the exact value and
        the band for a standard deviation `std` per round on the chart."""
        k = len(running_mean)
        n = np.unique(np.geomspace(1, k, self.points).astype(np.int64)) if k else np.array([])
        self.line.set_data(n, np.asarray(running_mean)[n - 1] if k else [])
        self.exact_line.set_ydata([exact, exact])
        half = 2 * std / np.sqrt(self.band_n) if math.isfinite(std) else 0 * self.band_n
        self.band.set_data(self.band_n, exact - half, exact + half)

    @property
    def text_px(self) -> float:
        """The smallest text's height in pixels (`text_px`)."""
        return text_px(self.figure)

    def png(self, running_mean: np.ndarray, std: float, exact: float) -> bytes:
        """One frame as PNG bytes: the saved axes with this running mean, exact value and band."""
        self.show(running_mean, std, exact)
        self.canvas.restore_region(self._background)
        for artist in (self.band, self.exact_line, self.line):
            self.axes.draw_artist(artist)
        return _encode(np.asarray(self.canvas.buffer_rgba()))


def _encode(pixels: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    imsave(buffer, pixels, format="png", pil_kwargs={"compress_level": 1})
    return buffer.getvalue()


def to_png(fig: Figure) -> bytes:
    """The figure as PNG bytes (for an ipywidgets.Image)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def figure_html(fig: Figure, alt: str, caption: str = "") -> str:
    """The figure as an HTML <img> with a text alternative, and a caption below it if given."""
    if not isinstance(alt, str) or not alt.strip():
        raise RuleError("alt_empty")
    source = base64.b64encode(to_png(fig)).decode("ascii")
    below = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return (f'<figure class="t21-figure" style="margin:0"><img src="data:image/png;base64,'
            f'{source}" alt="{html.escape(alt)}" style="max-width:100%;height:auto">{below}'
            "</figure>")


def show(fig: Figure, alt: str, caption: str = "") -> None:
    """Display the figure in a notebook with its text alternative (what it shows, in words)."""
    from IPython.display import HTML, display

    display(HTML(figure_html(fig, alt, caption)))
    if fig.canvas.manager is not None:  # made with pyplot: close it, or it is shown twice
        import matplotlib.pyplot as plt

        plt.close(fig)


def to_svg(fig: Figure) -> str:
    """The figure as SVG text (for HTML output)."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg")
    return buffer.getvalue()


@dataclass(frozen=True)
class Raster:
    """A figure drawn once into pixels, so a highlighted cell costs a copy, not a redraw."""

    pixels: np.ndarray  # height × width × 4, uint8
    cells: Mapping[tuple[int, int], tuple[int, int, int, int]]  # (row, col) -> x0, y0, x1, y1
    text_px: float = math.inf  # the smallest text's height in pixels

    @classmethod
    def of_grid(cls, fig: Figure, rows: int, cols: int) -> Raster:
        """Draw `fig` and remember where each cell of its first axes' grid lies in pixels."""
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        pixels = np.asarray(canvas.buffer_rgba()).copy()
        ax, height = fig.axes[0], pixels.shape[0]
        cells = {}
        for i in range(rows):
            for j in range(cols):
                (x0, y0), (x1, y1) = ax.transData.transform([(j - 0.5, i + 0.5),
                                                            (j + 0.5, i - 0.5)])
                top, bottom = sorted((round(height - y0), round(height - y1)))
                cells[i, j] = (round(min(x0, x1)), top, round(max(x0, x1)), bottom)
        return cls(pixels, cells, text_px(fig))

    def png(self, highlight: tuple[int, int] | None = None) -> bytes:
        """PNG bytes, with a yellow-and-black frame round one cell if asked: 4 px of yellow,
        3 of black inside them, seen from a classroom's back row (UX review 19: 2 px each)."""
        pixels = self.pixels
        if highlight is not None and highlight in self.cells:
            pixels = pixels.copy()
            x0, y0, x1, y1 = self.cells[highlight]
            for width, colour in ((7, (0, 0, 0, 255)), (4, (255, 215, 0, 255))):
                pixels[y0:y0 + width, x0:x1] = colour
                pixels[y1 - width:y1, x0:x1] = colour
                pixels[y0:y1, x0:x0 + width] = colour
                pixels[y0:y1, x1 - width:x1] = colour
        return _encode(pixels)


# --- lessons 00-06 (issue 10): the shoe, side-by-side bars, an average as weights -----------

def shoe_bars(counts: Mapping[str, int], favourable: Sequence[str] = (), *,
              title: str | None = None, xlabel: str | None = None,
              ylabel: str | None = None, favourable_label: str | None = None,
              other_label: str | None = None, language: str = "en") -> Figure:
    """Bars of how many cards of each kind the shoe holds; the favourable kinds stand out in
    colour, hatching and a legend, and every bar is labelled with its count."""
    said = words(language)
    title = said["shoe_title"] if title is None else title
    xlabel = said["card"] if xlabel is None else xlabel
    ylabel = said["how_many"] if ylabel is None else ylabel
    favourable_label = said["favourable"] if favourable_label is None else favourable_label
    other_label = said["other"] if other_label is None else other_label
    fig = Figure(figsize=(6.4, 2.8), dpi=DPI)
    fig.subplots_adjust(left=0.1, right=0.98, top=0.86, bottom=0.2)
    ax = fig.add_subplot()
    kinds = list(counts)
    good = [kind in favourable for kind in kinds]
    bars = ax.bar(range(len(kinds)), [counts[k] for k in kinds],
                  color=[BUY_COLOUR if g else "#bbbbbb" for g in good],
                  hatch=None, edgecolor="black", linewidth=0.5)
    for bar, g, kind in zip(bars, good, kinds, strict=True):
        if g:
            bar.set_hatch("//")
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(),
                numerals.count(counts[kind], language),
                ha="center", va="bottom", fontsize=SMALL)
    ax.set_xticks(range(len(kinds)), [card_letters.written(str(kind), language) for kind in kinds])
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel,
           ylim=(0, max(counts.values(), default=1) * 1.18 or 1))
    if any(good):
        ax.bar([0], [0], color=BUY_COLOUR, hatch="//", label=favourable_label)
        ax.bar([0], [0], color="#bbbbbb", label=other_label)
        ax.legend(fontsize=SMALL, loc="upper left")
    return fig


def side_by_side(series: Mapping[str, Mapping[object, Fraction | float]],
                 keys: Sequence[object] | None = None, *,
                 title: str = "", xlabel: str = "", ylabel: str | None = None,
                 percent: bool = True, language: str = "en") -> Figure:
    """Bars of several series over the same keys, side by side, each bar labelled with its
    value (as a percentage if `percent`; a key a series lacks, none) in `language`, so that the
    colours are never the only signal; the keys 'bust' and 'natural' are worded in
    `language` too, a word to a line."""
    ylabel = words(language)["probability"] if ylabel is None else ylabel
    keys = list(keys if keys is not None else next(iter(series.values()), {}))
    # about an inch a key, so that a label of a long word ("натуральное") meets no neighbour
    fig = Figure(figsize=(max(6.4, 1.2 * len(keys) + 0.4), 3.0), dpi=DPI)
    fig.subplots_adjust(left=0.1, right=0.98, top=0.86, bottom=0.25)
    ax = fig.add_subplot()
    width = 0.8 / max(len(series), 1)
    colours = [BUY_COLOUR, STAND_COLOUR, EXACT_COLOUR, "#2166ac"]
    hatches = ["", "//", "..", "xx"]
    top = 0.0
    for i, (name, values) in enumerate(series.items()):
        heights = [_as_float(values.get(k, 0)) for k in keys]
        top = max(top, *heights, 0)
        positions = [j + (i - (len(series) - 1) / 2) * width for j in range(len(keys))]
        ax.bar(positions, heights, width, label=name, color=colours[i % 4],
               hatch=hatches[i % 4], edgecolor="black", linewidth=0.5)
        for x, h, k in zip(positions, heights, keys, strict=True):
            if k in values:  # an outcome this series cannot have gets no bar and no label
                ax.text(x, h, numerals.percent(h, language, 0) if percent
                        else _number(h, language), ha="center", va="bottom", fontsize=CELL)
    said = words(language)
    ticks = ["\n".join(textwrap.fill(line, 11) for line in card_letters.written(
                 said[k] if k in ("bust", "natural") else str(k), language).split("\n"))
             for k in keys]  # a long label, such as "R13 player's bust", a few words a line
    lines = max((tick.count("\n") + 1 for tick in ticks), default=1)
    fig.subplots_adjust(bottom=min(0.5, 0.13 + 0.07 * lines))
    ax.set_xticks(range(len(keys)), ticks, fontsize=SMALL if lines > 2 else None)
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel, ylim=(0, top * 1.2 or 1))
    ax.legend(fontsize=SMALL)
    ax.yaxis.set_major_formatter(TickPercent(language) if percent else TickNumbers(language))
    return fig


def weights(results: Sequence[Fraction | float], chances: Sequence[Fraction | float], *,
            title: str | None = None, xlabel: str | None = None,
            result_label: str | None = None, average_label: str | None = "",
            language: str = "en") -> Figure:
    """The expected value as a picture: one bar per result, as long as its chance, labelled
    with the result; the average, Σ result · chance, is written under the bars unless
    `average_label` is None (when the student is to work it out). Labels left out (and
    average_label="") are worded in `language`; in them `{}` is a number as `language` writes
    it."""
    said = words(language)
    title = said["weights_title"] if title is None else title
    xlabel = said["chance"] if xlabel is None else xlabel
    result_label = said["result"] if result_label is None else result_label
    average_label = said["average"] if average_label == "" else average_label
    fig = Figure(figsize=(6.4, 0.6 + 0.45 * len(results)), dpi=DPI)
    fig.subplots_adjust(left=0.2, right=0.97, top=0.82, bottom=0.25)
    ax = fig.add_subplot()
    values = [_as_float(p) for p in chances]
    rows = range(len(results))
    ax.barh(rows, values, color=[BUY_COLOUR if r > 0 else BUST_COLOUR for r in results],
            edgecolor="black", linewidth=0.5)
    for row, result, p in zip(rows, results, values, strict=True):
        ax.text(p, row, f" {numerals.percent(p, language, 1)} × "
                        f"({_number(float(result), language, sign=True)})",
                va="center", fontsize=SMALL)
    ax.set_yticks(list(rows), [result_label.format(_number(float(r), language, sign=True))
                               for r in results])
    average = sum(float(r) * p for r, p in zip(results, values, strict=True))
    below = f"   —   {average_label.format(numerals.signed(average, 3, language))}" \
        if average_label else ""
    ax.set(title=title, xlabel=xlabel + below,
           xlim=(0, max(values, default=1) * 1.35 or 1))
    ax.xaxis.set_major_formatter(TickPercent(language))
    ax.invert_yaxis()
    return fig


def deal_order(seats: Sequence[str], rounds: int = 2, *, title: str | None = None,
               round_label: str | None = None, language: str = "en") -> Figure:
    """A grid of the deal: a column per seat in the order dealt, a row per round, each cell
    numbered with the place of its card in the deal (R7); labels left out are in `language`."""
    said = words(language)
    title = said["deal_title"] if title is None else title
    round_label = said["deal_card"] if round_label is None else round_label
    fig = Figure(figsize=(1.1 * len(seats) + 1.2, 0.7 * rounds + 1.0), dpi=DPI)
    fig.subplots_adjust(left=0.14, right=0.98, top=0.78, bottom=0.06)
    ax = fig.add_subplot()
    for r in range(rounds):
        for s in range(len(seats)):
            ax.add_patch(Rectangle((s + 0.06, r + 0.1), 0.88, 0.8, facecolor="#f2f2f2",
                                   edgecolor="black", linewidth=0.8))
            ax.text(s + 0.5, r + 0.5, str(r * len(seats) + s + 1), ha="center", va="center",
                    fontsize=11)
    ax.set_xticks([s + 0.5 for s in range(len(seats))], seats)
    ax.xaxis.tick_top()
    ax.set_yticks([r + 0.5 for r in range(rounds)], [round_label.format(r + 1)
                                                      for r in range(rounds)])
    ax.set(xlim=(0, len(seats)), ylim=(rounds, 0))
    ax.set_title(title, pad=24)
    for side in ax.spines.values():
        side.set_visible(False)
    ax.tick_params(length=0)
    return fig
