"""AdviceExplorer: the 19–20 question. Choose a hand and the cards already seen; see the exact
chance of each total after one more card, the exact values of standing and buying, and the
verdict (the advice, R11; bust R13; drawn 21 R12)."""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING

import ipywidgets as widgets

from .. import exact
from ..exact.results import DecisionValues, Distribution
from ..game.cards import PACKS, RANKS, Shoe, card_text, parse_cards
from ..game.hands import hand_value
from ..game.rules import Outcome, variant
from ..words.numerals import percent, shows_exactly
from ..words.validate import short_text
from .common import (
    CHART_FONT,
    COLOURS,
    HIGHLIGHT,
    PHONE_CHART_FONT,
    ChartImage,
    InputError,
    columns,
    escape,
)
from .explorer import (
    Computation,
    Explorer,
    exact_html,
    keep_message,
    offered_rules,
    reraise,
    unless_relabelling,
    verdict_html,
)
from .guess import GuessFirst
from .i18n import text
from .lru import LRU
from .table_odds import favourable, over_unseen

if TYPE_CHECKING:
    from .. import plots

CLASSIC_HANDS = ("10 10", "10 9", "A 9", "A 8", "9 9 A", "10 7", "10 6", "10 5")
# The hands to tap look like cards: white, rounded, a second card's edge behind the first.
CHIP_STYLE = ("<style>.t21-advice-hand-button { border-radius: 6px !important; "
              "box-shadow: 3px 3px 0 -1px #fff, 3px 3px 0 0 #444 !important; "
              "margin: 2px 8px 6px 2px !important; } "
              ".t21-advice-card { border-radius: 6px !important; min-width: 44px !important; "
              "min-height: 44px !important; background: white !important; "
              "border: 1px solid #444 !important; font-weight: bold; "
              "margin: 2px !important; padding: 0 6px !important; }</style>")


class AdviceExplorer(Explorer):
    """The exact chances of one more card and the values of standing and buying (R11–R13)."""

    def __init__(self, hand: str = "10 9", seen: str = "", rules: str = "historical",
                 language: str = "en", guess_first: bool = False):
        rule_set = offered_rules(rules)
        hand, seen = short_text(hand, "hand"), short_text(seen, "seen")
        super().__init__("t21-advice", rule_set, "t21-advice-rules", language)
        self.hand: tuple = ()
        self.seen: tuple = ()
        self.rules = rule_set
        self.distribution: Distribution | None = None
        self.values: DecisionValues | None = None
        self.computation = Computation("advice")  # the exact numbers: the newest hand wins
        self._charting = Computation("advice_chart")  # the bars' axes: the newest chart wins
        self.hand_buttons = []
        for cards in CLASSIC_HANDS:
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("t21-advice-hand-button")
            self._mark(button, False)
            button.on_click(self.message.guard(lambda _, cards=cards: self._choose(cards)))
            self.hand_buttons.append(button)
        self.hand_box = widgets.Text(value=hand, continuous_update=False)
        self.hand_box.add_class("t21-advice-hand")
        self.seen_box = widgets.Text(value=seen, continuous_update=False)
        self.seen_box.add_class("t21-advice-seen")
        # the cards as buttons: a tap adds that card to the hand (a student building a hand
        # sees it grow: UX review 9) or to the seen cards, so that a phone needs no keyboard
        # and "seen" is something done (UX review 8)
        self.target = widgets.ToggleButtons(options=["hand", "seen"], value="hand",
                                            style={"button_width": "auto"})
        self.target.add_class("t21-advice-target")
        self.card_buttons = {}
        for rank in RANKS:
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("t21-advice-card")
            button.on_click(self.message.guard(lambda _, rank=rank: self._add(rank)))
            self.card_buttons[rank] = button
        self.clear_button = widgets.Button(icon="times", layout=widgets.Layout(width="auto"))
        self.clear_button.add_class("t21-advice-clear")
        self.clear_button.on_click(self.message.guard(lambda _: self._clear()))
        # what the taps have made, and why it was refused, over the cards tapped (UX review 14:
        # the hand and the refusal were 650 px below the cards, out of sight)
        self.picked = widgets.HTML()
        self.picked.add_class("t21-advice-picked")
        picker = widgets.VBox([
            self.picked,
            widgets.HBox([self.target, self.clear_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox(list(self.card_buttons.values()),
                         layout=widgets.Layout(flex_flow="row wrap"))])
        picker.add_class("t21-advice-picker")
        self.status = widgets.HTML()
        self.status.add_class("t21-advice-status")
        self.summary = widgets.HTML()
        self.summary.add_class("t21-advice-summary")
        self.fraction = widgets.HTML()
        self.fraction.add_class("t21-advice-fraction")
        self.table = widgets.HTMLMath()
        self.table.add_class("t21-advice-table")
        self.values_html = widgets.HTMLMath()
        self.values_html.add_class("t21-advice-values")
        self.verdict = widgets.HTML()
        self.verdict.add_class("t21-verdict")
        self.chart = ChartImage()
        self.chart.add_class("t21-advice-chart")
        # (in the app the class guesses buy or stand before the verdict shows: UX review 21)
        # (the chances too: UX review 22 saw the guess asked under an 84 % bust)
        self.guess = GuessFirst(language, guess_first, "guess_show",
                                after=lambda: self.hand_buttons[0].focus(),
                                cover_key="guess_cover_chart")
        for answer in (self.verdict, self.summary, self.fraction, self.table, self.values_html,
                       self.chart):
            answer.add_class("t21-answer")
        # the answer right under the hands a student taps, its exact numbers next (UX review
        # 12: under the boxes they fell below a projector's screen), the boxes after them,
        # the picture beside them where there is room (columns), else below, and the cards to
        # tap right under the picture (UX review 11: at the foot of the boxes they fell below a
        # projector's screen); a refusal of what was typed shows under the boxes, so the box
        # being typed in does not move (UX D17)
        self.guess.hold((self.verdict, self.values_html, self.fraction, self.table, self.chart))
        side = widgets.VBox([self.guess.cover, self.chart, picker])
        side.add_class("t21-advice-side")
        self.children = [
            widgets.HBox([self.title, self.language_toggle]),
            columns([
                widgets.HBox(self.hand_buttons, layout=widgets.Layout(flex_flow="row wrap")),
                self.status, self.guess, self.verdict, self.summary, self.fraction,
                self.table, self.values_html,
                # (the switch of guessing first among the settings, not by the title, whose
                # row it made taller: the picture beside it fell below a projector's screen)
                widgets.HBox([self.hand_box, self.seen_box, self.rules_menu, self.guess.switch],
                             layout=widgets.Layout(flex_flow="row wrap")),
                self.message,
            ], side),
        ]
        for box in (self.hand_box, self.seen_box, self.rules_menu):
            box.observe(unless_relabelling(box, self.message.guard(lambda _: self.update())),
                        names="value")
        for shown in (self.hand_box, self.seen_box, self.message):
            shown.observe(lambda _: self._show_picked(), names="value")
        self._relabel()
        self.message.guard(self.update)()

    def _apply_language(self, language: str) -> None:
        super()._apply_language(language)
        self._show()

    def _relabel(self) -> None:
        lang = self._language
        self._label_frame("advice_title", self.hand_box, self.seen_box)
        self.title.value += CHIP_STYLE
        self.hand_box.description = text("advice_hand", lang)
        self.hand_box.placeholder = text("advice_hand_placeholder", lang)
        self.seen_box.description = text("advice_seen", lang)
        self.seen_box.placeholder = text("advice_seen_placeholder", lang)
        self.chart.wait(text("chart_waiting", lang))
        for button, cards in zip(self.hand_buttons, CLASSIC_HANDS, strict=True):
            button.description = " + ".join(card_text(cards, lang).split())
            button.tooltip = text("advice_hand_tooltip", lang, hand=button.description)
        target = self.target.value
        self.target.options = [(text("advice_pick_hand", lang), "hand"),
                               (text("advice_pick_seen", lang), "seen")]
        self.target.value = target
        self.target.description = self.target.tooltip = text("advice_pick_to", lang)
        for rank, button in self.card_buttons.items():
            button.description = card_text(rank, lang)
            button.tooltip = text("advice_pick_tip", lang, card=button.description)
        self.clear_button.description = text("advice_pick_clear", lang)
        self.guess.relabel(lang)
        self._show_picked()

    def _show_picked(self) -> None:
        """The hand and the seen cards as the boxes hold them, and a refusal under them."""
        lang = self._language
        boxes = " · ".join(f"<b>{escape(text(key, lang))}:</b> {escape(box.value.strip() or '—')}"
                           for key, box in (("advice_hand", self.hand_box),
                                            ("advice_seen", self.seen_box)))
        refusal = self.message.value.replace(' role="alert"', "")  # (said once, by the line)
        self.picked.value = f"<div>{boxes}</div>{refusal}"

    @staticmethod
    def _mark(button: widgets.Button, chosen: bool) -> None:
        """A hand's card-like button, framed and shaded while it is the hand shown; as wide
        either way (its frame's 2 px more taken from its padding), so no chip moves."""
        button.style.button_color = HIGHLIGHT if chosen else "white"
        button.style.text_color = "#111111"
        button.layout.border = f"3px solid {COLOURS['banker']}" if chosen else "1px solid #444"
        button.layout.padding = "2px 10px" if chosen else "4px 12px"
        (button.add_class if chosen else button.remove_class)("t21-chosen")

    def _choose(self, cards: str) -> None:
        self.hand_box.value = card_text(cards, self._language)

    def _box(self) -> widgets.Text:
        return self.hand_box if self.target.value == "hand" else self.seen_box

    def _add(self, rank: str) -> None:
        """A tapped card added to the hand or to the seen cards (R1)."""
        box = self._box()
        box.value = " ".join([*box.value.split(), card_text(rank, self._language)])

    def _clear(self) -> None:
        """The hand or the seen cards emptied, for cards tapped afresh."""
        self._box().value = ""

    def update(self) -> None:
        """Read the boxes; if they make sense, compute and show; if not, say why, change nothing.

        The exact values can take a few hundred milliseconds the first time for a hand: in a
        notebook they are computed off the kernel's loop, one hand at a time, and shown when
        ready; an answer for a hand no longer asked for is dropped.
        """
        rules = variant(self.rules_menu.value)
        for rank, button in self.card_buttons.items():  # the pack's cards only (R1)
            button.layout.display = None if rank in PACKS[rules.pack] else "none"
        hand = parse_cards(self.hand_box.value)
        if not hand:
            raise InputError("advice_empty_hand")
        seen = parse_cards(self.seen_box.value)
        self.status.value = f"<i>{escape(text('advice_computing', self._language))}</i>"

        def ready(result: tuple[Distribution, dict[Outcome, str], DecisionValues]) -> None:
            self.status.value = ""
            self.hand, self.seen, self.rules = hand, seen, rules
            self.distribution, self._latex, self.values = result
            self._show()

        def failed(error: BaseException) -> None:
            self.status.value = ""
            reraise(error)

        self.computation.ask((hand, seen, rules), partial(_exact_numbers, hand, seen, rules),
                             keep_message(self.message, ready), keep_message(self.message, failed))

    def _show(self) -> None:
        """Write out the accepted hand's numbers in the current language and redraw the chart."""
        if self.distribution is None:
            return
        lang = self._language
        value = hand_value(self.hand, self.rules)
        kind = text("total_soft" if value.soft else "total_hard", lang)
        unseen = _unseen(self.hand, self.seen, self.rules)
        self.summary.value = escape(text(
            "advice_summary", lang, hand=card_text(self.hand, lang), points=value.total,
            kind=kind, cards_seen=len(self.seen), cards_unseen=unseen))
        p21 = Fraction(self.distribution.get(21, 0))
        shown = percent(p21, lang)
        sign = "=" if shows_exactly(p21, shown, lang) else "≈"
        self.fraction.value = escape(text("advice_p21", lang, fraction=over_unseen(p21, unseen),
                                          percent=shown, sign=sign))
        for button, cards in zip(self.hand_buttons, CLASSIC_HANDS, strict=True):
            self._mark(button, tuple(parse_cards(cards)) == tuple(self.hand))
        self.table.value = self._table_html()
        self.values_html.value = self._values_html()
        self.verdict.value = self._verdict_html()
        self.guess.ask((self.hand, self.seen, self.rules.name), escape(text(
            "guess_prompt", lang, hand=" + ".join(card_text(self.hand, lang).split()))),
            self.decision, self.guess.hidden)
        self._draw_chart()

    def _outcome_name(self, outcome) -> str:
        if outcome == "bust":
            return text("outcome_bust", self._language)
        if outcome == 21:
            return text("outcome_drawn_21", self._language)
        return str(outcome)

    def _table_html(self) -> str:
        lang = self._language
        rows = "".join(
            f"<tr><td>{escape(self._outcome_name(k))}</td>"
            f"<td style='text-align:right'>{escape(percent(p, lang))}</td>"
            f"<td>$\\displaystyle {self._latex[k]}$</td></tr>"  # full-size digits (UX 7)
            for k, p in _ordered(self.distribution))
        head = "".join(f"<th>{escape(text(key, lang))}</th>" for key in
                       ("advice_outcome", "advice_percent", "advice_fraction"))
        return (f"<table class='t21-table'><caption>{escape(text('advice_table', lang))}"
                f"</caption><tr>{head}</tr>{rows}</table>")

    def _values_html(self) -> str:
        lang = self._language
        lines = []
        for value, label in ((self.values["stand"], "advice_stand_value"),
                             (self.values["draw"], "advice_buy_value")):
            lines.append(f"{escape(text(label, lang))}: "
                         f"{exact_html(Fraction(value), lang)}")
        return "<br>".join(lines)

    def _verdict_html(self) -> str:
        self.decision, html = verdict_html(self.values["stand"], self.values["draw"],
                                           self._language)
        return html

    def _draw_chart(self) -> None:
        """Bars of the distribution: at once from a saved chart, else a new chart drawn off the
        kernel's loop (the slow part: axes, ticks and labels)."""
        lang, distribution = self._language, dict(self.distribution)
        key = (tuple(k for k, _ in _ordered(distribution)), lang)
        alt = text("advice_chart_alt", lang, bars=", ".join(
            f"{self._outcome_name(k)}: {percent(p, lang, digits=1)}"
            for k, p in _ordered(distribution)))
        charts = _CHARTS.get(key)
        if charts is not None:
            self._charting.stop()
            self._show_charts(charts, distribution, alt)
            return

        def render() -> tuple[plots.OutcomeChart, plots.OutcomeChart]:
            from .. import plots  # matplotlib loads here, off the kernel's loop

            wide, across = (plots.OutcomeChart(
                key[0], title=text("advice_chart_title", lang),
                xlabel=text("advice_chart_x", lang), ylabel=text("advice_probability", lang),
                bust_label=text("outcome_bust", lang), language=lang, font=font, digits=0,
                across=phone)  # whole percentages on the bars: the exact ones are in the table
                for font, phone in ((CHART_FONT["advice"], False), (PHONE_CHART_FONT, True)))
            wide.png(distribution), across.png(distribution)  # drawn here, not on the loop
            return wide, across

        def ready(charts: tuple[plots.OutcomeChart, plots.OutcomeChart]) -> None:
            _CHARTS.put(key, charts)  # on the loop: used by one thread at a time
            self._show_charts(charts, distribution, alt)

        self.chart.wait(text("chart_waiting", lang), again=True)
        self._charting.ask((key, tuple(distribution.items())), render,
                           keep_message(self.message, ready), keep_message(self.message, reraise))

    def _show_charts(self, charts, distribution, alt: str) -> None:
        """The bars of `distribution` on the saved `charts`: upright, and across for a phone."""
        wide, across = charts
        self.chart.show(wide.png(distribution), alt, wide.text_px,
                        narrow=(across.png(distribution), across.text_px))


_CHARTS = LRU(32)  # (outcomes, language) -> two plots.OutcomeChart, shared by every explorer


def _exact_numbers(hand, seen, rules) -> tuple[Distribution, dict[Outcome, str], DecisionValues]:
    """The chances after one more card, each as LaTeX too, and the values of standing and
    buying (R11–R13): the slow part, off the kernel's loop."""
    from ..exact import symbolic  # sympy loads here, off the kernel's loop

    distribution = exact.draw_distribution(hand, seen, rules=rules)
    unseen = _unseen(hand, seen, rules)  # each chance over the unseen cards, as the summary
    latex = {k: _over_unseen_latex(Fraction(p), unseen, symbolic.latex)  # counts them
             for k, p in distribution.items()}
    return distribution, latex, exact.decision_values(hand, seen, rules=rules)


def _over_unseen_latex(chance: Fraction, unseen: int, reduced) -> str:
    """A chance as favourable over unseen cards (\\frac{8}{102}), unreduced, so that each row
    and the summary's count of unseen cards share one denominator (UX review 8)."""
    count = favourable(chance, unseen)
    return reduced(chance) if count is None else f"\\frac{{{count}}}{{{unseen}}}"


def _ordered(distribution: dict):
    """Totals in order, then bust."""
    totals = sorted((k, p) for k, p in distribution.items() if k != "bust")
    return totals + [("bust", distribution["bust"])] if "bust" in distribution else totals


def _unseen(hand, seen, rules) -> int:
    """The number of cards the player has not seen: the shoe less his hand and the seen cards."""
    return len(Shoe.fresh(rules.decks, rules.pack).remove(tuple(hand) + tuple(seen)))
