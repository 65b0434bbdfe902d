"""plots: the figures show the numbers they are given, headless, in both languages."""

import io
import itertools
import math
import re
import warnings
from fractions import Fraction

import matplotlib.text
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgb
from matplotlib.image import imread

from twentyone_edu import plots
from twentyone_edu.words import catalogs, numerals

# Holding 20 (two tens) from a fresh 2-pack shoe: 102 unseen cards; 8 aces make 21, the other
# 94 cards bust the hand. Counted by hand, not by the engine.
TWENTY = {21: Fraction(8, 102), "bust": Fraction(94, 102)}


def decode(png: bytes) -> np.ndarray:
    return imread(io.BytesIO(png), format="png")


def test_outcome_bars_show_each_probability_with_bust_last():
    fig = plots.outcome_bars({"bust": TWENTY["bust"], 21: TWENTY[21]}, bust_label="перебор")
    ax = fig.axes[0]
    heights = [bar.get_height() for bar in ax.patches]
    assert heights == [8 / 102, 94 / 102]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["21", "перебор"]
    labels = [t.get_text() for t in ax.texts]
    assert labels == ["7.8%", "92.2%"]
    assert ax.patches[1].get_hatch() == "//"  # bust is marked by more than its colour


def test_live_outcome_chart_redraws_bars_over_fixed_outcomes():
    nineteen = {20: Fraction(8, 102), 21: Fraction(8, 102), "bust": Fraction(86, 102)}
    chart = plots.OutcomeChart(plots.outcome_keys(nineteen), language="ru")
    assert chart.keys == (20, 21, "bust")
    first = decode(chart.png(nineteen))
    assert [bar.get_height() for bar in chart.bars] == [8 / 102, 8 / 102, 86 / 102]
    # 8/102 = 7.84 %, 86/102 = 84.31 %: one decimal, a decimal comma and a no-break space
    assert [label.get_text() for label in chart.labels] == ["7,8\u00a0%", "7,8\u00a0%",
                                                            "84,3\u00a0%"]
    second = decode(chart.png({20: Fraction(1, 2), "bust": Fraction(1, 2)}))
    assert [bar.get_height() for bar in chart.bars] == [0.5, 0.0, 0.5]  # 21 missing: no bar
    assert first.shape == second.shape and not np.array_equal(first, second)


def test_strategy_heatmap_cells_hold_the_values_and_say_them():
    ranks = ["A", "10"]
    values = {("A", "A"): Fraction(1, 4), ("A", "10"): None, ("10", "A"): None,
              ("10", "10"): Fraction(-1, 2)}
    fig = plots.strategy_heatmap(values, ranks, missing_label="21")
    grid = fig.axes[0].images[0].get_array()
    assert grid[0, 0] == 0.25 and grid[1, 1] == -0.5
    assert np.ma.is_masked(grid[0, 1]) or math.isnan(grid[0, 1])
    assert [t.get_text() for t in fig.axes[0].texts] == ["+0.25", "21", "21", "−0.50"]
    russian = plots.strategy_heatmap(values, ranks, language="ru")
    assert [t.get_text() for t in russian.axes[0].texts] == ["+0,25", "21", "21", "−0,50"]


def test_strategy_by_total_puts_each_hand_in_its_row_on_its_side_of_zero():
    """A dot per hand: hard hands in the upper row, soft in the lower; ▲ green above zero,
    ▼ purple below, so a total whose hands disagree shows dots on both sides."""
    rows = [{"total": 12, "soft": False, "gain": Fraction(1, 3)},
            {"total": 12, "soft": False, "gain": Fraction(-1, 5)},
            {"total": 18, "soft": True, "gain": Fraction(1, 10)}]
    upper, lower = plots.strategy_by_total(rows).axes
    dots = [(line.get_xdata()[0], line.get_ydata()[0], line.get_marker(), line.get_color())
            for line in upper.lines if line.get_marker() != "None"]
    assert sorted((round(x), y, m) for x, y, m, _ in dots) == [
        (12, -0.2, "v"), (12, 1 / 3, "^")]
    assert {c for *_, m, c in dots} == {plots.BUY_COLOUR, plots.STAND_COLOUR}
    assert len({x for x, *_ in dots}) == 2  # side by side, not on top of each other
    soft = [(line.get_xdata()[0], line.get_ydata()[0]) for line in lower.lines
            if line.get_marker() == "^"]
    assert soft == [(18, 0.1)]
    assert [t.get_text() for t in lower.get_xticklabels()] == ["12", "18"]
    russian = " ".join(_texts(plots.strategy_by_total(rows, language="ru")))
    assert "жёсткие руки" in russian and "мягкие руки" in russian
    assert not re.search("[A-Za-z]{3}", russian)


def contrast(one, other) -> float:
    """The WCAG 2 contrast ratio of two RGB colours with channels 0-1."""
    def light(colour):
        r, g, b = ((c / 12.92) if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
                   for c in colour[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((light(one), light(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_heatmap_numbers_are_readable_on_every_colour_of_the_scale():
    ranks = [str(i) for i in range(9)]  # 81 cells from -1 to +1 across the whole colour scale
    values = {(a, b): Fraction(9 * i + j - 40, 40) for i, a in enumerate(ranks)
              for j, b in enumerate(ranks)}
    values["0", "0"] = None  # a natural: "21" on the white of the axes
    fig = plots.strategy_heatmap(values, ranks)
    ax = fig.axes[0]
    image = ax.images[0]
    for text in ax.texts:
        j, i = (round(x) for x in text.get_position())
        value = image.get_array()[i, j]
        background = (1, 1, 1) if np.ma.is_masked(value) or math.isnan(value) else \
            image.cmap(image.norm(value))
        assert contrast(to_rgb(text.get_color()), background) >= 4.5, (text.get_text(), value)


def test_heatmap_raster_frames_the_chosen_cell():
    ranks = ["A", "2", "3"]
    values = {(a, b): Fraction(i - j, 3) for i, a in enumerate(ranks) for j, b in enumerate(ranks)}
    raster = plots.Raster.of_grid(plots.strategy_heatmap(values, ranks), 3, 3)
    plain, framed = decode(raster.png()), decode(raster.png((1, 2)))
    assert plain.shape == framed.shape == raster.pixels.shape
    x0, y0, x1, y1 = raster.cells[1, 2]
    assert x0 < x1 and y0 < y1
    middle = (x0 + x1) // 2
    for row in range(4):  # 4 px of yellow outside (UX review 19: 2 px were lost on a projector)
        assert tuple(framed[y0 + row, middle][:3]) == (1.0, 215 / 255, 0.0), row
    for row in range(4, 7):  # 3 of black inside: seen on any colour
        assert tuple(framed[y0 + row, middle][:3]) == (0, 0, 0), row
    changed = np.argwhere(np.any(plain != framed, axis=2))
    assert changed[:, 0].min() >= y0 and changed[:, 0].max() < y1
    assert changed[:, 1].min() >= x0 and changed[:, 1].max() < x1
    left, top, right, bottom = raster.cells[0, 0]
    assert right <= x0 and bottom <= y0  # cell (0, 0) is up and to the left of cell (1, 2)


def test_convergence_line_and_band():
    results = np.array([1.0, -1.0, -1.0, 2.0] * 250)
    running = np.cumsum(results) / np.arange(1, 1001)
    fig = plots.convergence(running, exact=0.25, std=1.5, points=50)
    ax = fig.axes[0]
    line = [ln for ln in ax.lines if ln.get_label() == "simulated running mean"][0]
    n, y = line.get_data()
    assert n[0] == 1 and n[-1] == 1000
    assert np.allclose(y, running[np.asarray(n) - 1])
    band = ax.collections[0].get_paths()[0].vertices
    left = band[np.isclose(band[:, 0], 1.0)][:, 1]
    assert np.allclose(sorted(set(left)), [0.25 - 3.0, 0.25 + 3.0])  # exact ± 2·1.5/√1


def test_live_convergence_frames_change_with_the_data():
    chart = plots.ConvergenceChart(10_000, centre=-0.1, reach=0.4)
    first = chart.png(np.full(100, -0.1), 1.2, -0.1)
    second = chart.png(np.linspace(0.3, -0.1, 5000), 1.2, -0.1)
    wider = chart.png(np.linspace(0.3, -0.1, 5000), 2.0, -0.1)
    assert first[:4] == second[:4] == b"\x89PNG"
    assert not np.array_equal(decode(first), decode(second))
    assert not np.array_equal(decode(second), decode(wider))
    vertices = chart.band.get_paths()[0].vertices
    n = chart.band_n[120]
    edge = sorted(set(vertices[np.isclose(vertices[:, 0], n)][:, 1]))
    assert np.allclose(edge, [-0.1 - 4 / math.sqrt(n), -0.1 + 4 / math.sqrt(n)])  # ± 2·2.0/√n
    assert decode(first).shape == decode(chart.png(np.array([]), math.nan, -0.1)).shape
    moved = chart.png(np.linspace(0.3, -0.1, 5000), 2.0, -0.05)
    assert not np.array_equal(decode(moved), decode(wider))  # the exact line and band move
    assert chart.exact_line.get_ydata() == [-0.05, -0.05]


def test_svg_and_png_output():
    fig = plots.outcome_bars(TWENTY)
    assert plots.to_png(fig)[:4] == b"\x89PNG"
    assert "<svg" in plots.to_svg(fig)


def test_cyrillic_labels_have_glyphs():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig = plots.outcome_bars(TWENTY, title="Ещё одна карта", xlabel="очки",
                                 ylabel="вероятность", bust_label="перебор")
        plots.to_png(fig)
        chart = plots.ConvergenceChart(100, 0.0, title="Моделирование и точное значение")
        chart.png(np.zeros(10), 1.0, 0.0)


def test_axis_numbers_are_written_in_the_figures_language():
    """Ticks with the minus sign, a decimal comma and narrow spaces in thousands in Russian."""
    english = plots.ConvergenceChart(100_000, -0.05, reach=0.2, language="en").axes
    russian = plots.ConvergenceChart(100_000, -0.05, reach=0.2, language="ru").axes
    assert "100,000" in [t.get_text() for t in english.get_xticklabels()]
    assert "100\u202f000" in [t.get_text() for t in russian.get_xticklabels()]
    assert "−0.10" in [t.get_text() for t in english.get_yticklabels()]
    assert "−0,10" in [t.get_text() for t in russian.get_yticklabels()]
    bars = plots.outcome_bars({20: Fraction(1, 4), "bust": Fraction(3, 4)}, language="ru")
    FigureCanvasAgg(bars).draw()
    assert "20\u00a0%" in [t.get_text() for t in bars.axes[0].get_yticklabels()]
    assert [t.get_text() for t in bars.axes[0].texts] == ["25,0\u00a0%", "75,0\u00a0%"]


@pytest.mark.parametrize("figure, axis", [
    (lambda: plots.outcome_bars({20: Fraction(1, 4), "bust": Fraction(3, 4)}), "y"),
    (lambda: plots.side_by_side({"a": {20: Fraction(1, 4), "bust": Fraction(3, 4)}}), "y"),
    (lambda: plots.weights([1, -1], [Fraction(1, 4), Fraction(3, 4)]), "x"),
])
def test_a_figure_writes_a_chance_one_way_on_its_axis_and_its_bars(figure, axis):
    """Issue 30.4: bars labelled in per cent stand on an axis in per cent, not in 0.2 steps."""
    fig = figure()
    FigureCanvasAgg(fig).draw()
    ax = fig.axes[0]
    ticks = [t.get_text() for t in (ax.get_yticklabels() if axis == "y" else ax.get_xticklabels())]
    assert ticks and all(tick.endswith("%") for tick in ticks if tick)
    assert any("%" in t.get_text() for t in ax.texts)


def _texts(fig):
    """Every text a figure shows: titles, axis labels, ticks, bar labels and legends."""
    FigureCanvasAgg(fig).draw()
    return [t.get_text() for t in fig.findobj(matplotlib.text.Text) if t.get_text()]


def test_the_default_labels_are_worded_in_the_figures_language():
    """Left out, every label is Russian in a Russian figure; numbers have a decimal comma."""
    figures = {
        "outcome_bars": lambda lang: plots.outcome_bars(TWENTY, language=lang),
        "side_by_side": lambda lang: plots.side_by_side(
            {"a": {20: Fraction(1, 4), "bust": Fraction(3, 4)}}, language=lang),
        "side_by_side counts": lambda lang: plots.side_by_side(
            {"a": {"R12": Fraction(5, 2)}}, percent=False, language=lang),
        "weights": lambda lang: plots.weights([1, -1], [Fraction(3, 4), Fraction(1, 4)],
                                              language=lang),
        "deal_order": lambda lang: plots.deal_order(["Anna", "Boris"], language=lang),
        "shoe_bars": lambda lang: plots.shoe_bars({"A": 8, "2": 8}, ["A"], language=lang),
        "convergence": lambda lang: plots.convergence(np.zeros(10), 0.0, 1.0, language=lang),
        "heatmap": lambda lang: plots.strategy_heatmap({("A", "2"): 0.5}, ["A", "2"],
                                                        language=lang),
    }
    for name, draw in figures.items():
        english = " ".join(_texts(draw("en")))
        russian = " ".join(_texts(draw("ru")))
        latin = set(re.findall(r"[A-Za-z]+", russian)) - {"A", "Anna", "Boris", "R", "a"}
        assert re.search(r"[A-Za-z]{4}", english) and latin == set(), (name, latin)
        assert re.search("[а-яё]{4}", russian), name
    assert "25\u00a0%" in _texts(figures["side_by_side"]("ru"))
    assert "2,50" in _texts(figures["side_by_side counts"]("ru"))
    weights = " ".join(_texts(figures["weights"]("ru")))
    assert "75,0\u00a0% × (+1)" in weights and "результат −1" in weights
    assert "среднее +0,500" in weights
    assert "карта 2" in _texts(figures["deal_order"]("ru"))


def test_the_default_words_of_the_figures_come_from_the_engine_catalog():
    english, russian = plots.words("en"), plots.words("ru")
    assert english.keys() == russian.keys() and len(english) > 20
    assert (english["bust"], russian["bust"]) == ("bust", "перебор")
    assert all(re.search("[а-яё]", word) for word in russian.values())
    for key in ("result", "average", "deal_card"):  # a number goes where the `{}` is
        assert english[key].count("{}") == russian[key].count("{}") == 1
    assert catalogs.fields("карта") != catalogs.fields("card {}")  # the check sees a lost {}


def test_an_outcome_a_series_cannot_have_is_not_labelled_zero():
    """Lesson 04 (round-6 reading): K Q cannot make 20 with one card; no "0 %" stands over 20."""
    fig = plots.side_by_side({"10 9": {20: Fraction(8, 102), "bust": Fraction(86, 102)},
                              "K Q": {21: Fraction(8, 102), "bust": Fraction(94, 102)}},
                             [20, 21, "bust"])
    labels = [t.get_text() for t in fig.axes[0].texts]
    assert len(labels) == 4 and not any(label.startswith("0") for label in labels)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_long_rule_labels_under_side_by_side_bars_do_not_touch(language):
    """Lesson 03's evening: seven rules with their titles under the bars. In Russian
    «натуральное 21 банкира» beside «натуральное 21 игрока» ran into each other."""
    from twentyone_edu import rule_title

    rules = ["R17", "R13", "R16", "R12", "R15", "R9", "R10"]
    named = [f"{rule}\n{rule_title(rule, language)}" for rule in rules]
    fig = plots.side_by_side({"won": dict.fromkeys(named, 10), "paid": dict.fromkeys(named, 5)},
                             named, percent=False, language=language)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    boxes = [label.get_window_extent(canvas.get_renderer())
             for label in fig.axes[0].get_xticklabels()]
    assert all(right.x0 - left.x1 > 2 for left, right in itertools.pairwise(boxes))


def _drawn_texts(fig):
    """Every written text of `fig` once drawn: (its words, its size in points, its box)."""
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    return [(t.get_text(), t.get_fontsize(), t.get_window_extent(renderer))
            for t in fig.findobj(matplotlib.text.Text) if t.get_visible() and t.get_text()]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_apps_charts_write_every_text_at_the_size_asked(language):
    """Issue 34: the explorers' charts are shown ~500 px wide on a projector, so their text is
    asked larger; every text is at least that size and text_px says so, and the nine
    percentages over nine bars do not run into each other."""
    keys = (6, 7, 8, 10, 11, 12, 13, 14, 15)
    bars = plots.OutcomeChart(keys, font=15, digits=0, language=language)
    bars.png(dict.fromkeys(keys, Fraction(1, 9)))
    running = plots.ConvergenceChart(1000, -0.1, font=15, language=language)
    running.png(np.linspace(-0.3, -0.1, 1000), 1.0, -0.1)
    heat = plots.strategy_heatmap({("6", "7"): 0.25, ("7", "6"): -0.5}, ["6", "7"], font=15,
                                  language=language)
    for fig, said in ((bars.figure, bars.text_px), (running.figure, running.text_px),
                      (heat, plots.Raster.of_grid(heat, 2, 2).text_px)):
        texts = _drawn_texts(fig)
        assert texts and min(size for _, size, _ in texts) >= 14, texts
        assert said == pytest.approx(min(size for _, size, _ in texts) * fig.dpi / 72)
    renderer = FigureCanvasAgg(bars.figure).get_renderer()
    percents = [label.get_window_extent(renderer) for label in bars.figure.axes[0].texts]
    assert len(percents) == 9
    assert all(right.x0 - left.x1 >= 0 for left, right in itertools.pairwise(percents))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_bars_across_for_a_phone_keep_each_percentage_on_its_own_row(language):
    """UX review 22: shrunk to a phone's column the upright bars' text was about 8 px; the
    chart for a phone lays the bars across, 360 px wide, one row an outcome from 12 down to
    bust, each percentage right of its bar's end and inside the picture, even at 100 %."""
    keys = tuple(range(12, 22)) + ("bust",)
    chances = dict.fromkeys(keys, Fraction(0)) | {21: Fraction(1, 8), "bust": Fraction(7, 8)}
    across = plots.OutcomeChart(keys, font=13, digits=0, language=language, across=True)
    across.png(chances)
    whole = plots.OutcomeChart((20, "bust"), font=13, language=language, across=True)
    whole.png({20: Fraction(0), "bust": Fraction(1)})
    for chart in (across, whole):
        fig = chart.figure
        assert fig.get_size_inches()[0] * fig.dpi == 360
        texts = _drawn_texts(fig)
        assert min(size for _, size, _ in texts) == 13
        width, height = fig.get_size_inches() * fig.dpi
        outside = [(t, box) for t, _, box in texts
                   if box.x0 < 0 or box.y0 < 0 or box.x1 > width or box.y1 > height]
        assert outside == [], outside
        renderer = FigureCanvasAgg(fig).get_renderer()
        ax = fig.axes[0]
        rows = [label.get_window_extent(renderer) for label in ax.texts]
        assert all(upper.y0 - lower.y1 >= 0 for upper, lower in itertools.pairwise(rows))
        for bar, label in zip(chart.bars, ax.texts, strict=True):
            end = ax.transData.transform((bar.get_width(), 0))[0]
            assert label.get_window_extent(renderer).x0 >= end - 0.5
    names = [label.get_text() for label in across.figure.axes[0].get_yticklabels()]
    assert names[:10] == [str(total) for total in range(12, 22)]
    assert [label.get_text().strip() for label in across.figure.axes[0].texts][-2:] == \
        [numerals.percent(0.125, language, 0), numerals.percent(0.875, language, 0)]


@pytest.mark.parametrize("rounds", [1_000, 10_000, 100_000, 1_000_000, 5_000_000])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_phones_running_mean_keeps_its_round_numbers_apart(language, rounds):
    """UX review 23: at 360 px the Russian «10 000» and «1 000 000» of a 5,000,000-round run
    ran into each other; drawn for a phone (3.6 inches, 13 points) the ticks skip decades as
    needed, and every two numbers on the axis stand apart."""
    chart = plots.ConvergenceChart(rounds, -0.1, font=13, width=3.6, language=language,
                                   title="")
    chart.png(np.linspace(-0.3, -0.1, 1000), 1.0, -0.1)
    renderer = chart.canvas.get_renderer()
    width = chart.figure.bbox.width
    boxes = sorted((label.get_window_extent(renderer) for label in
                    chart.axes.get_xticklabels() if label.get_text()), key=lambda box: box.x0)
    shown = [box for box in boxes if box.x1 > 0 and box.x0 < width]
    assert len(shown) >= 3, [label.get_text() for label in chart.axes.get_xticklabels()]
    assert all(right.x0 - left.x1 > 2 for left, right in itertools.pairwise(shown))


@pytest.mark.parametrize("font", [plots.SMALL, 15])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_simulations_key_lies_under_its_axes_not_over_the_line(language, font):
    """UX review 7: the key sat in the axes' upper right, over the running mean just where a
    short run wanders; it lies under the axes, whole, inside the figure."""
    chart = plots.ConvergenceChart(1000, -0.1, font=font, language=language)
    chart.png(np.linspace(-0.6, -0.1, 1000), 1.0, -0.1)
    renderer = chart.canvas.get_renderer()
    key = chart.legend.get_window_extent(renderer)
    axes = chart.axes.get_tightbbox(renderer)
    figure = chart.figure.bbox
    assert key.y1 <= axes.y0, (key, axes)
    assert figure.x0 <= key.x0 and key.x1 <= figure.x1 and figure.y0 <= key.y0, (key, figure)
    assert len(chart.legend.get_texts()) == 3


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("name", ["historical", "ochko", "german_vingt_un", "blackjack"])
def test_every_number_of_the_apps_map_fits_inside_its_cell(name, language):
    """UX review 15: «−119» ran past its cell and the chosen cell's 4 px frame cut «−80»; every
    cell's text of the app's map, at the size the app asks, lies inside its cell with room for
    the frame on both sides, under every rule set (the widest: «−158», «+0.7»)."""
    from twentyone_edu.game.rules import variant
    from twentyone_edu.widgets import strategy

    ranks, table = strategy.strategy_values(variant(name))
    figure = strategy.map_figure(ranks, table, language)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    ax = figure.axes[0]
    (left, _), (right, _) = ax.transData.transform([(-0.5, 0), (0.5, 0)])
    (_, top), (_, bottom) = ax.transData.transform([(0, -0.5), (0, 0.5)])
    cell_width, cell_height = abs(right - left), abs(top - bottom)
    labels = [(t.get_text(), t.get_window_extent(renderer)) for t in ax.texts]
    assert len(labels) == len(ranks) ** 2
    assert max(len(said) for said, _ in labels) >= 3  # (a 3- or 4-character number is drawn)
    for said, extent in labels:
        assert extent.width <= cell_width - 8, (said, extent.width, cell_width)
        assert extent.height <= cell_height - 8, (said, extent.height, cell_height)
        assert extent.height >= 14 * figure.dpi / 72 * 0.9, (said, extent.height)
