"""StrategyExplorer: a heat map of buy − stand for every two-card hand, under any rule set and
banker threshold (R11, R14); choose a cell to see its exact numbers."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import TYPE_CHECKING

import ipywidgets as widgets

from .. import exact
from ..game.cards import RANKS
from ..game.rules import variant
from ..words import card_letters
from ..words.messages import message
from ..words.numerals import decimal, signed
from ..words.validate import one_of
from .app_style import MAP_COLUMNS_IN_VIEW
from .common import BUTTON_STYLES, CHART_FONT, ChartImage, columns, escape, marked, page_listener
from .explorer import (
    Computation,
    Explorer,
    exact_html,
    keep_message,
    offered_rules,
    reraise,
    set_options,
    threshold_menu,
    unless_relabelling,
    verdict_html,
)
from .guess import GuessFirst
from .i18n import LANGUAGES, text
from .lru import LRU

if TYPE_CHECKING:
    from .. import plots


# The map's buttons lie over its cells, invisible but for a frame under a mouse's pointer (a
# finger's tap leaves no frame behind: the picture frames the chosen cell).
MAP_STYLE = ("<style>.t21-strategy-map { position: relative; display: block; padding: 0; } "
             ".t21-strategy-hits { position: absolute; gap: 0; margin: 0; } "
             ".t21-strategy-hits .jupyter-button, .t21-strategy-hits .widget-button { "
             "margin: 0 !important; padding: 0 !important; min-height: 0 !important; "
             "height: auto !important; width: auto !important; min-width: 0 !important; "
             "background: transparent !important; border: none !important; "
             "box-shadow: none !important; cursor: pointer; color: transparent !important; "
             "font-size: 0 !important; } "
             "@media (hover: hover) { .t21-strategy-hits .jupyter-button:hover { "
             "outline: 3px solid #0b3d91; } } .t21-strategy-menus-hint { display: none; } "
             ".t21-strategy-zoom, .t21-strategy-rowlabels, .t21-strategy-echo { "
             "display: none !important; } "
             ".t21-strategy-stale .t21-strategy-mapbox, .t21-strategy-stale .t21-strategy-cell, "
             ".t21-strategy-stale .t21-strategy-echo { opacity: 0.35; }"
             "</style>")
# The arrow keys on a focused cell of the map choose the next cell that way (a click on it),
# for the keyboard as a tap does; widgets have no key events, so a listener on the page.
MAP_KEY_LISTENER = (
    "document.addEventListener('keydown', function (event) { "
    "var cell = event.target, grid = cell.parentElement; "
    "if (!grid || !grid.classList.contains('t21-strategy-hits')) { return; } "
    "var cells = Array.prototype.slice.call(grid.children), k = cells.indexOf(cell), "
    "n = Math.round(Math.sqrt(cells.length)), "
    "step = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n}[event.key]; "
    "if (step === undefined) { return; } event.preventDefault(); var next = k + step; "
    "if (next < 0 || next >= cells.length || (Math.abs(step) === 1 && "
    "Math.floor(next / n) !== Math.floor(k / n))) { return; } "
    "cells[next].focus(); cells[next].click(); });")
MAP_KEYS = page_listener("t21MapKeys", MAP_KEY_LISTENER)


class StrategyExplorer(Explorer):
    """Buy minus stand for every two-card hand from a fresh shoe, with the rules as controls."""

    def __init__(self, rules: str = "historical", banker_stands_on: int | None = None,
                 first: str | None = None, second: str | None = None, language: str = "en",
                 guess_first: bool = False):
        rule_set = offered_rules(rules)
        first, second = (None if rank is None else
                         one_of(rank, name, RANKS, use=message("use.rank_or_none"))
                         for name, rank in (("first", first), ("second", second)))
        super().__init__("t21-strategy", rule_set, "t21-strategy-rules", language)
        self.state = "idle"  # computing, ready
        self.table: dict | None = None  # {(first, second): {'stand': v, 'draw': v} or None}
        self.ranks: tuple[str, ...] = ()
        self._rasters: dict[str, plots.Raster] = {}
        self._shown: tuple | None = None  # (rules name, banker threshold, heat_map(...)) shown
        self._reverting = False  # the menus are being set back by stop()
        self.computation = Computation("strategy")
        self.banker_menu = threshold_menu(
            rule_set.banker_stands_on if banker_stands_on is None else banker_stands_on,
            "banker_stands_on", "t21-strategy-banker")
        self.first_menu = widgets.Dropdown(layout=widgets.Layout(width="12em"))
        self.first_menu.add_class("t21-strategy-first")
        self.second_menu = widgets.Dropdown(layout=widgets.Layout(width="12em"))
        self.second_menu.add_class("t21-strategy-second")
        self.status = widgets.HTML()
        self.status.add_class("t21-strategy-status")
        self.stop_button = widgets.Button(button_style="warning", icon="stop",
                                          style=BUTTON_STYLES["warning"],
                                          layout=widgets.Layout(width="auto", display="none"))
        self.stop_button.add_class("t21-strategy-stop")
        self.cell = widgets.HTMLMath()
        self.cell.add_class("t21-strategy-cell")
        self.chart = ChartImage()
        self.chart.add_class("t21-strategy-chart")
        self.legend = widgets.HTML()
        self.legend.add_class("t21-strategy-legend")
        # (shown only where the cells are smaller than a fingertip, right above the map: a
        # phone, app_style)
        self.hint = widgets.HTML()
        self.hint.add_class("t21-strategy-hint")
        # (and beside it, on a phone, cells as big as a fingertip in a map that scrolls
        # sideways: app_style)
        # (UX review 10: 26 px cells unless a student found the button: a phone opens on them)
        self.zoom = widgets.ToggleButton(value=True, icon="search-minus",
                                         layout=widgets.Layout(width="auto"))
        self.zoom.add_class("t21-strategy-zoom")
        hint_row = widgets.HBox([self.hint, self.zoom])
        hint_row.add_class("t21-strategy-hintrow")
        # (over the bigger cells on a phone, the chosen hand's answer in one line: the map is
        # taller than the screen, and the full answer under it out of sight; app_style)
        self.echo = widgets.HTML()
        self.echo.add_class("t21-strategy-echo")
        # the map is a control too: a transparent button over each cell chooses that hand; the
        # chosen cell's is the Tab key's one stop in the map, the arrows move from it (UX
        # review 12: the picture was out of the keyboard's reach); laid over it by MAP_STYLE
        self.chart.layout.margin = "0"
        self.hits = widgets.GridBox()
        self.hits.add_class("t21-strategy-hits")
        self.map = widgets.Box([self.chart, self.hits])
        self.map.add_class("t21-strategy-map")
        # (the first cards, which stay at the left edge while the «Bigger cells» map scrolls
        # sideways under them: app_style)
        self.row_labels = widgets.HTML()
        self.row_labels.add_class("t21-strategy-rowlabels")
        # (the arrow keys move the choice from cell to cell: MAP_KEYS)
        self.arrow_keys = widgets.HTML(MAP_KEYS, layout=widgets.Layout(display="none"))
        self.map_box = widgets.Box([self.row_labels, self.map, self.arrow_keys])
        self.map_box.add_class("t21-strategy-mapbox")
        self.map_box.add_class("t21-strategy-zoomed")
        self.add_class("t21-strategy-big")  # (its answer in one line over it: app_style)
        # (in the app the class guesses a hand's answer before the map shows every hand's, once
        # for each rule set and banker: UX review 21)
        # (once the map shows, the chosen cell is brought into a phone's scrolled map: UX
        # review 22 saw it open on the first columns, 10 + 9 out of sight)
        self.guess = GuessFirst(language, guess_first, "guess_show_map",
                                after=self._bring_chosen_into_view, cover_key="guess_cover")
        self.picture = (hint_row, self.echo, self.map_box, self.legend)
        self.guess.hold((self.cell, *self.picture))
        # the hand's two menus, then its question and guesses, the answer under them, the
        # rules' menus after (UX review 24: under four menus the question stood at a
        # projector's bottom edge); a phone asks the question first (app_style)
        status_row = widgets.HBox([self.status, self.stop_button])
        status_row.add_class("t21-strategy-statusrow")
        hand_menus = widgets.HBox([self.first_menu, self.second_menu])
        hand_menus.add_class("t21-strategy-hand")
        settings = widgets.HBox([self.rules_menu, self.banker_menu])
        settings.add_class("t21-strategy-settings")
        self.children = [
            widgets.HBox([self.title, self.language_toggle]),
            columns([
                status_row, hand_menus, self.guess, self.cell, settings, self.message,
                # (the switch of guessing first under the answer, not by the title, whose row it
                # made taller: the map beside it fell below a projector's screen)
                self.guess.switch,
            ], widgets.VBox([self.guess.cover, *self.picture])),
        ]
        self._wanted = (first, second)
        self._reveal = False  # the chosen cell to be brought into the map's view once drawn
        self.rules_menu.observe(unless_relabelling(
            self.rules_menu, self.message.guard(lambda _: self.update())), names="value")
        self.banker_menu.observe(self.message.guard(lambda _: self.update()), names="value")
        self.stop_button.on_click(self.message.guard(lambda _: self.stop()))
        self.zoom.observe(self._zoom, names="value")
        for menu in (self.first_menu, self.second_menu):
            menu.observe(unless_relabelling(menu, self.message.guard(lambda _: self._show())),
                         names="value")
        self._relabel()
        self.message.guard(self.update)()

    def came_into_view(self) -> None:
        """The app has shown this tab: bring the chosen cell into the scrolled map's view (UX
        reviews 11 and 12: a phone's map of bigger cells opened on its first columns, the 10 9
        and 10 10 of the lesson out of sight), now or once the map is drawn."""
        self._reveal = True
        if self.state == "ready" and self.hits.children:
            self._bring_chosen_into_view()

    def _bring_chosen_into_view(self) -> None:
        """The browser scrolls a focused element into view: the chosen cell's button takes the
        focus for a moment, then the first menu, the keyboard's place (the map keeps its scroll
        sideways)."""
        self._reveal = False
        n = len(self.ranks)
        i, j = self.ranks.index(self.first_menu.value), self.ranks.index(self.second_menu.value)
        self.hits.children[i * n + j].focus()
        self.first_menu.focus()

    def _zoom(self, change) -> None:
        """Cells as big as a fingertip, the map scrolling sideways in its box, or the whole map
        in sight again (a phone: app_style)."""
        for box, css in ((self.map_box, "t21-strategy-zoomed"), (self, "t21-strategy-big")):
            (box.add_class if change["new"] else box.remove_class)(css)
        self._label_zoom()

    def _label_zoom(self) -> None:
        """The hint and the button say what a press does now: the whole map, or bigger cells."""
        lang, zoomed = self._language, self.zoom.value
        hint = text("strategy_menus_hint_zoomed" if zoomed else "strategy_menus_hint", lang)
        self.hint.value = f"<div class='t21-strategy-menus-hint'>{escape(hint)}</div>"
        self.zoom.description = text("strategy_whole" if zoomed else "strategy_zoom", lang)
        self.zoom.tooltip = text("strategy_whole_tip" if zoomed else "strategy_zoom_tip", lang)
        self.zoom.icon = "search-minus" if zoomed else "search-plus"

    def _apply_language(self, language: str) -> None:
        super()._apply_language(language)
        self.update()

    def _relabel(self) -> None:
        lang = self._language
        self._label_frame("strategy_title", self.banker_menu, self.first_menu, self.second_menu)
        self.legend.value = f"{MAP_STYLE}<small>{escape(text('strategy_legend', lang))}</small>"
        self.banker_menu.description = text("banker_threshold", lang)
        self.first_menu.description = text("strategy_first", lang)
        self.second_menu.description = text("strategy_second", lang)
        self.chart.wait(text("strategy_map_waiting", lang))
        self._label_zoom()
        self.stop_button.description = text("strategy_stop", lang)
        self.stop_button.tooltip = text("strategy_stop_tooltip", lang)
        self.guess.relabel(lang)

    def _key(self):
        return variant(self.rules_menu.value).with_(banker_stands_on=self.banker_menu.value)

    def update(self) -> None:
        """Show the table for the chosen rules: at once if computed before, else compute it off
        the kernel's loop, one table at a time; the newest choice wins, Stop gives up on it."""
        if self._reverting:
            return
        key, choice = self._key(), (self.rules_menu.value, self.banker_menu.value)
        found = self._shown[2] if self._shown and self._shown[:2] == choice else \
            _HEAT_MAPS.get(key)
        if found is not None:
            self.computation.stop()
            self._use(choice, found)
            return
        self.state = "computing"
        if self._shown is not None:  # (the map shown is not the rules' chosen; before any
            self.add_class("t21-strategy-stale")  # map, its «being computed» box stays clear)
        self._show_status("strategy_computing")
        self.computation.ask(key, partial(heat_map, key),
                             keep_message(self.message, partial(self._use, choice)),
                             keep_message(self.message, self._failed))

    def stop(self) -> None:
        """Stop waiting for the table being computed: the table shown before stays, and the
        menus go back to its rules (the work, which cannot be interrupted, ends unseen)."""
        if not self.computation.stop():
            return
        if self._shown is not None:
            self._reverting = True
            try:
                self.rules_menu.value, self.banker_menu.value = self._shown[:2]
            finally:
                self._reverting = False
        self.state = "ready" if self._shown is not None else "idle"
        self._show_status("strategy_stopped" if self._shown else "strategy_stopped_empty")

    def _failed(self, error: BaseException) -> None:
        self.state = "ready" if self._shown is not None else "idle"
        self._show_status(None)
        reraise(error)

    def _show_status(self, key: str | None) -> None:
        """The status line (`key` of TEXT, or nothing), with Stop beside it while computing;
        the map and its answer greyed while they are not the chosen rules' (UX review 15)."""
        self.stop_button.layout.display = None if self.state == "computing" else "none"
        if self.state != "computing":
            self.remove_class("t21-strategy-stale")
        self.status.value = f"<i>{escape(text(key, self._language))}</i>" if key else ""

    def _use(self, choice: tuple, found: tuple) -> None:
        self.ranks, self.table, self._rasters = found
        self._shown = (*choice, found)
        self.state = "ready"
        self._show_status(None)
        first, second = self._wanted
        options = [(card_letters.written(rank, self._language), rank) for rank in self.ranks]
        for menu, wanted, fallback in ((self.first_menu, first, self.ranks[-1]),
                                       (self.second_menu, second, self.ranks[-2])):
            set_options(menu, options, wanted if wanted in self.ranks else fallback,
                        notify=False)
        self._wanted = (self.first_menu.value, self.second_menu.value)
        self._place_hits()
        self._show()

    def _place_hits(self) -> None:
        """One button over each cell of the map shown, named by its hand (said by a screen
        reader and a tooltip, not written over the picture)."""
        n, lang = len(self.ranks), self._language
        if len(self.hits.children) != n * n:
            buttons = []
            for i in range(n):
                for j in range(n):
                    button = widgets.Button(tabbable=False, layout=widgets.Layout(
                        width="auto", height="auto"))
                    button.on_click(self.message.guard(partial(self._choose_cell, i, j)))
                    buttons.append(button)
            self.hits.children = buttons
            self.hits.layout.grid_template_columns = f"repeat({n}, 1fr)"
            self.hits.layout.grid_template_rows = f"repeat({n}, 1fr)"
        raster = self._rasters[lang]
        height, width = raster.pixels.shape[:2]
        (x0, y0, _, _), (_, _, x1, y1) = raster.cells[0, 0], raster.cells[n - 1, n - 1]
        self.map.layout.max_width = f"{width}px"
        self.hits.layout.left, self.hits.layout.top = f"{100 * x0 / width:.2f}%", \
            f"{100 * y0 / height:.2f}%"
        self.hits.layout.width = f"{100 * (x1 - x0) / width:.2f}%"
        self.hits.layout.height = f"{100 * (y1 - y0) / height:.2f}%"
        rows = "".join(f"<div>{escape(card_letters.written(rank, lang))}</div>"
                       for rank in self.ranks)
        # (a phone's bigger cells: the map as wide as makes MAP_COLUMNS_IN_VIEW columns and its
        # margins fill the box, its first cards' labels as wide as its left margin; app_style)
        in_view = min(MAP_COLUMNS_IN_VIEW, n) * (x1 - x0) / n + x0 + (width - x1)
        self.row_labels.value = (
            f"<style>.t21-app .t21-map-n{n} {{ --t21-map-f: {width / in_view:.4f}; "
            f"--t21-map-l: {x0 / width:.4f}; }}</style>"
            f"<div class='t21-rowlabels' aria-hidden='true' style='display:grid;height:100%;"
            f"background:#fff;"
            f"grid-template-rows:{100 * y0 / height:.2f}% repeat({n}, 1fr) "
            f"{100 * (height - y1) / height:.2f}%'><div></div>{rows}</div>")
        for size in range(1, 14):
            (self.map_box.add_class if size == n else self.map_box.remove_class)(f"t21-map-n{size}")
        for k, button in enumerate(self.hits.children):
            first, second = (card_letters.written(self.ranks[index], lang)
                             for index in divmod(k, n))
            button.description = button.tooltip = f"{first} + {second}"

    def _choose_cell(self, i: int, j: int, *_) -> None:
        """A tap on the map's cell (i, j): that hand in the menus, its numbers and its frame."""
        self._wanted = (self.ranks[i], self.ranks[j])
        # both menus set before the answer is shown once (UX review 19: the first menu's change
        # showed the new first card with the old second, «5 + 9», before «5 + 5»)
        for menu, rank in zip((self.first_menu, self.second_menu), self._wanted, strict=True):
            menu.relabelling = True
            try:
                menu.value = rank
            finally:
                menu.relabelling = False
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
        first, second = (card_letters.written(rank, lang) for rank in (first, second))
        verdict = _verdict(row)
        cell = text("strategy_natural_cell", lang) if verdict == "natural" else \
            f"{signed(row['gain'], 4, lang)}, {text(f'strategy_{verdict}', lang)}"
        echo = cell if verdict == "natural" else _echo(verdict, row["gain"], lang)
        counts = Counter(map(_verdict, self.table.values()))
        self.chart.show(self._rasters[lang].png((i, j)), text(
            "strategy_chart_alt", lang, first=first, second=second, cell=cell,
            buy_cells=counts["buy"], stand=counts["stand"], equal=counts["equal"],
            natural=counts["natural"]), self._rasters[lang].text_px)
        self.echo.value = f"<b>{escape(f'{first} + {second}: {echo}')}</b>"
        for k, button in enumerate(self.hits.children):  # the map's one stop for the Tab key
            button.tabbable = k == i * len(self.ranks) + j
        hand = f"{first} + {second}"
        self.guess.ask(self._shown[:2], escape(
            text("guess_natural", lang, hand=hand) if verdict == "natural" else
            text("guess_prompt_map", lang, hand=hand, threshold=self.banker_menu.value)),
            None if verdict == "natural" else verdict, self.guess.hidden, hand=self._wanted)
        if self._reveal and self.hits.children:
            self._bring_chosen_into_view()
        if verdict == "natural":
            self.decision = None
            self.cell.value = marked(text("strategy_natural", lang, first=first, second=second))
            return
        stand, buy, gain = row["stand"], row["draw"], row["gain"]
        self.decision, said = verdict_html(stand, buy, lang)  # the answer first, in words
        self.cell.value = "<br>".join([
            said,
            escape(text("strategy_cell", lang, first=first, second=second)),
            escape(text("advice_stand_value", lang)) + ": " + exact_html(stand, lang),
            escape(text("advice_buy_value", lang)) + ": " + exact_html(buy, lang),
            escape(text("strategy_gain", lang, gain=signed(gain, 2, lang),
                        verdict=text(f"strategy_{verdict}", lang))),
        ])


def _echo(verdict: str, gain, language: str) -> str:
    """The chosen hand's answer in one line: what the better choice gains over the other in 100
    rounds, a positive number (UX review 24 read «stand, −80 stakes» as standing losing 80)."""
    per_100 = abs(100 * gain)
    return text(f"strategy_echo_{verdict}", language,
                gain=decimal(per_100, 0 if per_100 >= 1 else 2, language))


def _verdict(row) -> str:
    """What a cell of the table says: 'buy', 'stand', 'equal' or 'natural' (nothing to decide)."""
    if row is None or row["draw"] is None:
        return "natural"
    return "buy" if row["gain"] > 0 else "stand" if row["gain"] < 0 else "equal"


_HEAT_MAPS = LRU(24)  # RuleSet -> (ranks, table, {language: plots.Raster}), about 2 MB each


def strategy_values(rules) -> tuple[tuple[str, ...], dict]:
    """The ranks of the heat map (one per value class, in the engine's order) and
    {(first, second): the row of exact.strategy_table, or None for a natural}."""
    rows = {tuple(row["hand"].split()): row for row in exact.strategy_table(rules=rules)}
    ranks = tuple(dict.fromkeys(rank for hand in rows for rank in hand))
    return ranks, {(a, b): rows.get((a, b), rows.get((b, a))) for a in ranks for b in ranks}


def per_100_rounds(value: float, language: str) -> str:
    """A map cell's stakes per 100 rounds: whole numbers, with a tenth below 1 so that a near
    tie reads −0.3, not −0; under a twentieth, ≈0 (its exact value is a tap away: five
    characters do not fit a cell)."""
    if abs(value) < 0.05:
        return "≈0"
    return signed(value, 0 if abs(value) >= 1 else 1, language, tiny_digits=False)


def cell_text(value: float, language: str) -> str:
    """A map cell's number (per_100_rounds) with its minus drawn as the narrower dash, so that
    «–119» fits a cell at the projector's 20 px (a minus is 0.84 of a letter's height wide)."""
    return per_100_rounds(value, language).replace("−", "–")


def map_figure(ranks: tuple[str, ...], table: dict, language: str):
    """The app's heat map of `table` (strategy_values) in `language`: buy − stand in stakes
    over 100 rounds in each cell, and the colour scale's two ends in words."""
    from .. import plots

    hundredths = {cell: None if row is None else 100 * row["gain"] for cell, row in table.items()}
    return plots.strategy_heatmap(
        hundredths, ranks, title="", xlabel="", ylabel="", colorbar_label="",
        missing_label="21", language=language,
        cell_format=partial(cell_text, language=language), font=CHART_FONT["strategy"],
        # (the colour scale's ends say what the colours mean: UX review 12 found the legend
        # under the map below a projector's screen)
        scale_ends=(f"+ {text('se_scale_buy', language)}",
                    f"− {text('se_scale_stand', language)}"))


def heat_map(rules) -> tuple[tuple[str, ...], dict, dict[str, plots.Raster]]:
    """The ranks, the table and the heat map of `rules` in each language, computed and drawn
    once (the slow part: off the kernel's loop). A picture holds no words, only ranks in its
    language's letters and numbers (buy − stand in hundredths of a stake) and its scale's two
    ends' words, so a language switch shows the other at once; the widget writes the title and
    the legend beside it."""
    from .. import plots  # matplotlib loads here, off the kernel's loop

    found = _HEAT_MAPS.get(rules)
    if found is not None:
        return found
    ranks, table = strategy_values(rules)
    rasters = {language: plots.Raster.of_grid(map_figure(ranks, table, language), len(ranks),
                                              len(ranks)) for language in LANGUAGES}
    found = ranks, table, rasters
    _HEAT_MAPS.put(rules, found)
    return found

