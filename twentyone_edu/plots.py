"""Figures for the widgets and notebooks: one more card, buy minus stand, simulation vs exact.

Every function returns a `matplotlib.figure.Figure` built with the object API (no pyplot state,
so it works headless with Agg). Labels are arguments with English defaults: the widgets pass
their own language's words. Colour never carries meaning alone: bars and cells are labelled.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.image import imsave
from matplotlib.ticker import NullLocator

BUY_COLOUR, STAND_COLOUR, BUST_COLOUR, EXACT_COLOUR = "#1b7837", "#762a83", "#b2182b", "#d95f02"
DPI = 80


def _as_float(value) -> float:
    return math.nan if value is None else float(value)


def outcome_bars(distribution: Mapping, *, title: str = "One more card",
                 xlabel: str = "total after one more card", ylabel: str = "probability",
                 bust_label: str = "bust") -> Figure:
    """Bars of the chance of each total after one more card, bust last (R2, R11, R13)."""
    totals = sorted(k for k in distribution if k != "bust")
    keys = totals + (["bust"] if "bust" in distribution else [])
    heights = [_as_float(distribution[k]) for k in keys]
    labels = [bust_label if k == "bust" else str(k) for k in keys]
    fig = Figure(figsize=(5.6, 3.0), dpi=DPI, layout=None)
    ax = fig.add_subplot()
    bars = ax.bar(range(len(keys)), heights,
                  color=[BUST_COLOUR if k == "bust" else BUY_COLOUR for k in keys])
    for bar, key in zip(bars, keys, strict=True):
        if key == "bust":
            bar.set_hatch("//")
    ax.bar_label(bars, labels=[f"{100 * h:.1f}%" for h in heights], fontsize=8)
    ax.set_xticks(range(len(keys)), labels)
    ax.set_ylim(0, max(heights, default=1) * 1.18 or 1)
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
    return fig


def strategy_heatmap(values: Mapping[tuple[str, str], object], ranks: Sequence[str], *,
                     title: str = "Buy minus stand", xlabel: str = "second card",
                     ylabel: str = "first card", colorbar_label: str = "value of buying − standing",
                     missing_label: str = "21") -> Figure:
    """A grid over two-card hands of buy − stand: green above 0 (buy), purple below (stand).

    `values[(first, second)]` is a number or None (no decision, e.g. a natural); every cell is
    written out with its sign, so the colour is never the only signal.
    """
    grid = np.array([[_as_float(values.get((a, b))) for b in ranks] for a in ranks])
    finite = grid[np.isfinite(grid)]
    reach = max(float(np.abs(finite).max()) if finite.size else 1.0, 1e-9)
    fig = Figure(figsize=(6.4, 5.4), dpi=DPI, layout=None)
    ax = fig.add_subplot()
    image = ax.imshow(grid, cmap="PRGn", norm=TwoSlopeNorm(0, -reach, reach))
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            label = missing_label if math.isnan(value) else f"{value:+.2f}"
            dark = not math.isnan(value) and abs(value) > 0.6 * reach
            ax.text(j, i, label, ha="center", va="center", fontsize=7,
                    color="white" if dark else "black")
    ax.set_xticks(range(len(ranks)), ranks)
    ax.set_yticks(range(len(ranks)), ranks)
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
    fig.colorbar(image, ax=ax, label=colorbar_label, shrink=0.85)
    return fig


def convergence(running_mean: np.ndarray, exact: float, std: float, **labels) -> Figure:
    """The running mean against the exact value, inside the band exact ± 2·s/√n (log n axis)."""
    chart = ConvergenceChart(len(running_mean), exact, std, live=False, **labels)
    chart.show(running_mean)
    return chart.figure


class ConvergenceChart:
    """A convergence figure for a growing simulation: the axes are drawn once, then each frame
    redraws only the running-mean line (blitting), a few milliseconds instead of a full redraw.
    """

    def __init__(self, n_total: int, exact: float, std: float, *, live: bool = True,
                 title: str = "Simulation and exact value", xlabel: str = "rounds played",
                 ylabel: str = "mean result per round", exact_label: str = "exact value",
                 band_label: str = "exact ± 2 standard errors",
                 mean_label: str = "simulated running mean", points: int = 300):
        self.points = points
        self.figure = Figure(figsize=(6.4, 3.2), dpi=DPI)
        self.figure.subplots_adjust(left=0.12, right=0.97, top=0.9, bottom=0.16)
        ax = self.axes = self.figure.add_subplot()
        ax.set_xscale("log")
        ax.xaxis.set_minor_locator(NullLocator())  # minor log ticks cost most of a redraw
        n = np.geomspace(1, max(n_total, 10), points)
        spread = std if math.isfinite(std) and std > 0 else 0.0
        ax.fill_between(n, exact - 2 * spread / np.sqrt(n), exact + 2 * spread / np.sqrt(n),
                        color="#bbbbbb", alpha=0.5, label=band_label)
        ax.axhline(exact, color=EXACT_COLOUR, linestyle="--", label=exact_label)
        (self.line,) = ax.plot([], [], color="#2166ac", linewidth=1.4, label=mean_label,
                               animated=live)
        reach = 2 * spread / math.sqrt(30) if spread else 1.0
        ax.set(xlim=(1, max(n_total, 10)), ylim=(exact - reach, exact + reach),
               title=title, xlabel=xlabel, ylabel=ylabel)
        ax.legend(loc="upper right", fontsize=8)
        self.canvas = FigureCanvasAgg(self.figure)
        if live:
            self.canvas.draw()
            self._background = self.canvas.copy_from_bbox(self.figure.bbox)

    def show(self, running_mean: np.ndarray) -> None:
        """Put the running mean (of rounds 1..k) on the line, at most `points` points of it."""
        k = len(running_mean)
        n = np.unique(np.geomspace(1, k, self.points).astype(np.int64)) if k else np.array([])
        self.line.set_data(n, np.asarray(running_mean)[n - 1] if k else [])

    def png(self, running_mean: np.ndarray) -> bytes:
        """One frame as PNG bytes: the saved axes with the line of this running mean."""
        self.show(running_mean)
        self.canvas.restore_region(self._background)
        self.axes.draw_artist(self.line)
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
        return cls(pixels, cells)

    def png(self, highlight: tuple[int, int] | None = None) -> bytes:
        """PNG bytes, with a yellow-and-black frame round one cell if asked."""
        pixels = self.pixels
        if highlight in self.cells:
            pixels = pixels.copy()
            x0, y0, x1, y1 = self.cells[highlight]
            for width, colour in ((4, (0, 0, 0, 255)), (2, (255, 215, 0, 255))):
                pixels[y0:y0 + width, x0:x1] = colour
                pixels[y1 - width:y1, x0:x1] = colour
                pixels[y0:y1, x0:x0 + width] = colour
                pixels[y0:y1, x1 - width:x1] = colour
        return _encode(pixels)
