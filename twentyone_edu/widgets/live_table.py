"""TableWidget: the live game at a table of 2–12 players, in English or Russian (R4–R20).

The widget holds no game logic: every move is a call to twentyone_edu.table.Table, and the odds
come from twentyone_edu.exact. The student plays one seat (or watches); the other seats are
computer players who buy while their total is below a threshold; the banker plays by the
RuleSet's rule (R14), or by hand when the student holds the bank or ticks «Banker by hand».
The set-up waits behind one «Table settings» switch, so that the table opens as a game.
"""

from __future__ import annotations

import asyncio
import re
import time
from contextlib import contextmanager
from dataclasses import replace
from functools import partial

import ipywidgets as widgets

from ..game.cards import card_text
from ..game.events import Event, stakes_paid
from ..game.hands import hand_value
from ..game.rules import HISTORICAL, VARIANTS, rule_set, variant_title
from ..game.table import LONGEST_NAME, MAX_PLAYERS, MAX_PURSE, Table
from ..words.errors import StakeError, TwentyOneError
from ..words.messages import message
from ..words.numerals import money
from ..words.validate import (
    bounded,
    flag,
    is_whole,
    one_of,
    quote,
    real,
    refuse,
    seed_of,
    short_text,
    whole,
)
from .app_style import ODDS_BASIS_EM
from .card_faces import CLOSED, OPEN, PEEK, hand_html, shoe_html, slot_svg
from .common import (
    BUTTON_STYLES,
    COLOURS,
    HIGHLIGHT,
    INK,
    InputError,
    MessageLine,
    escape,
    marked,
    page_listener,
)
from .explorer import Computation, reraise, running_loop
from .i18n import LANGUAGES, check_language, ordinal, text
from .language import Bilingual
from .table_odds import Odds, exact_odds, odds_html
from .table_text import event_line, payment_line, payment_why

LOG_LINES = 150  # the log shows the latest lines only, so a long game stays quick
CARD_HEIGHT = 84
THRESHOLDS = tuple(range(2, 22))  # computer players buy while below (R11)
MOST_DIGITS = 12  # of a whole number typed into a box (a seed, a stake, a threshold)
_WHOLE = re.compile(rf"[+-]?\d{{1,{MOST_DIGITS}}}")
_TOO_LONG = re.compile(rf"[+-]?\d{{{MOST_DIGITS + 1},}}")
_WIDE = {"description_width": "initial"}
_STAKE_COL = " class='t21-stake-col'"  # the Stake column, folded away on a phone (app_style)
LONGEST_NAMES = MAX_PLAYERS * (LONGEST_NAME + 6)  # characters of the names box: 'Name:15, '
# A play button that has just appeared takes no click for ARMING seconds: the second tap of a
# double tap on «Deal» would land on «Buy a card», which comes in the same place (UX review 6),
# or on «Show the rest now» while the others play (UX review 13)
ARMING = 0.4
REPEAT = 0.35  # seconds: a second click on «Buy a card», or on «Stand», this soon is the same
# tap's
HURRY_ARMING = 0.8  # seconds: «Show the rest now» this soon after Deal, Buy or Stand, in the
# same place, is that tap's second (UX review 17: a double tap on Buy skipped the others' play)
ARM_STYLE = ("<style>.t21-actions .t21-deal, .t21-actions .t21-buy, .t21-actions .t21-stand, "
             ".t21-actions .t21-banker-play, .t21-actions .t21-hurry { "
             f"animation: t21-arming {ARMING}s linear; }} "
             "@keyframes t21-arming { 0%, 99% { pointer-events: none; } "
             "100% { pointer-events: auto; } }</style>")
# A phone opens its number pad, not its letters, for the stake and the seed: ipywidgets gives a
# text box no inputmode, so a listener on the page names it as the box is touched (UX review 16).
NUMBER_PAD = page_listener("t21NumberPad", (
    "var pad = function (event) { var box = event.target; "
    "if (box && box.matches && box.matches('.t21-stake input, .t21-seed input')) { "
    "box.setAttribute('inputmode', 'numeric'); } }; "
    "document.addEventListener('pointerdown', pad, true); "
    "document.addEventListener('focusin', pad, true);"))
# A play button the kernel hides (Deal, Buy, «Show the rest now») drops the keyboard's focus on
# the page until the kernel's next focus arrives, up to half a second later (UX review 19): the
# page moves it at once to the row's button shown, so that Tab does not start again at the top.
KEEP_FOCUS = page_listener("t21KeepFocus", (
    "var last = null; "
    "document.addEventListener('focusin', function (event) { last = event.target; }, true); "
    "setInterval(function () { "
    "if (document.activeElement !== document.body || !last || !last.closest) { return; } "
    "var row = last.closest('.t21-actions'); "
    "if (!row || last.offsetParent !== null) { return; } "
    "var next = ['.t21-buy', '.t21-hurry', '.t21-deal', '.t21-banker-play'].map("
    "function (css) { return row.querySelector(css); }).find(function (button) { "
    "return button && button.offsetParent !== null && !button.disabled; }); "
    "if (next) { next.focus(); } }, 100);"))
# The odds' copy in the student's own row, for a phone (app_style shows it there instead of the
# odds' panel beside the seats, which a phone can only put above or below them: UX review 8).
ODDS_ROW_STYLE = "<style>.t21-odds-row { display: none; }</style>"
# A badge's background, by its colour: each colour on its tint at least 5:1 (WCAG AA 4.5:1)
BADGE_TINTS = {COLOURS["banker"]: "#e3ebf7", COLOURS["you"]: "#e2efe2",
               COLOURS["to_act"]: "#f6e8d6"}
MOST_PAUSES = 4.0  # seconds: the longest the others' paced turns take in all, the kernel free
MOST_DRAW = 3.0  # seconds: the longest the draw for the first bank takes to go round, paced


def parse_whole(value: str, key: str = "bad_amount") -> int:
    """A whole number typed into a box; anything else is an InputError naming the text."""
    typed = value.strip()
    if not _WHOLE.fullmatch(typed):
        raise InputError(key, value=quote(value))
    return int(typed)


def parse_seed(value: str) -> int | None:
    """The seed box: empty for a random shuffle, otherwise a whole number 0 or more."""
    if not value.strip():
        return None
    if _TOO_LONG.fullmatch(value.strip()):  # (a number, but longer than MOST_DIGITS)
        raise InputError("bad_seed_long", value=quote(value.strip()))
    seed = parse_whole(value, "bad_seed")
    if seed < 0:
        raise InputError("bad_seed_negative", value=quote(value.strip()))
    return seed


def parse_names(value: str) -> tuple[list[str], dict[str, int]]:
    """'You, Vera:15, Pavel' -> the names and each computer player's own threshold.

    The box holds at most LONGEST_NAMES characters, so a pasted megabyte is refused at once.
    """
    if len(value) > LONGEST_NAMES:
        raise InputError("tw_names_too_long", characters=len(value), limit=LONGEST_NAMES)
    names, thresholds = [], {}
    for item in value.split(","):
        name, colon, threshold = item.partition(":")
        name = name.strip()
        if len(name) > LONGEST_NAME:  # said in words here, not as the engine's name='…'
            raise InputError("tw_name_too_long", start=name[:12], characters=len(name),
                             limit=LONGEST_NAME)
        names.append(name)
        if colon:
            if not _WHOLE.fullmatch(threshold.strip()):
                raise InputError("bad_threshold", value=quote(threshold.strip()), name=name)
            thresholds[name] = int(threshold)
    return names, thresholds


def default_names(n: int, language: str) -> list[str]:
    """The first n of the twelve default names ('You, Vera, Pavel, ...'), in the language."""
    names = [name.strip() for name in text("tw_default_names", language).split(",")]
    return names[:n]


def default_seats(names) -> dict[str, int]:
    """Which names are the default name of their seat in some language ('Vera' second -> 1),
    so that the table shows them in the language it speaks."""
    defaults = [default_names(MAX_PLAYERS, language) for language in LANGUAGES]
    return {name: i for i, name in enumerate(names)
            if any(i < len(known) and known[i] == name for known in defaults)}


def rules_label(rules, language: str) -> str:
    """A RuleSet's name as shown in the rules menu."""
    name = variant_title(rules.name, language) if rules.name in VARIANTS else rules.name
    return name if VARIANTS.get(rules.name) == rules else f"{name} *"


def _button(css: str, style: str = "") -> widgets.Button:
    button = widgets.Button(button_style=style, style=BUTTON_STYLES.get(style, {}),
                            layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


class TableWidget(Bilingual, widgets.VBox):
    """The live table: seats, the draw for the bank, stakes, deal, buying, settlement (R4–R20).

    `players`: names (a computer player may carry a threshold, 'Vera:15') or a number 2–12;
    `you`: the student's seat (index or name; None to watch); `threshold`: computer players buy
    while below it; `seed`: the same seed deals the same cards; `language`: 'en' or 'ru', also
    settable later (`.language = 'ru'`) or with the switch `.language_toggle`; `pace`: seconds
    between the draw's cards for the first bank, the other seats' decisions and the banker's
    cards, so the class sees them play (at most MOST_DRAW and MOST_PAUSES in all, in a kernel;
    0, or outside a kernel, plays them at once).
    """

    def __init__(self, players=None, rules=HISTORICAL, seed: int | None = None,
                 language: str = "en", you: int | str | None = 0, threshold: int = 17,
                 purse: int = 100, banker_by_hand: bool = False, computer_stake: int = 1,
                 pace: float = 0.0):
        check_language(language)
        self.computer_stake = whole(computer_stake, "computer_stake", 1, MAX_PURSE)
        self.purse = whole(purse, "purse", 1, MAX_PURSE)
        self.pace = real(pace, "pace", 0, MOST_PAUSES)
        if players is None or is_whole(players):
            players = default_names(4 if players is None else whole(
                players, "players", 2, MAX_PLAYERS), language)
        players = [short_text(name, "a player's name", LONGEST_NAME) for name in bounded(
            players, "players", MAX_PLAYERS, use=message("use.table_players", most=MAX_PLAYERS))]
        rules = rule_set(rules)
        seed = seed_of(seed)
        banker_by_hand = flag(banker_by_hand, "banker_by_hand")
        threshold = one_of(threshold, "threshold", THRESHOLDS,
                           use=message("use.computer_threshold"))
        if not (you is None or is_whole(you) or isinstance(you, str)):
            refuse("you", you, message("use.you"))
        super().__init__()
        self.add_class("t21-table-widget")
        self.message = MessageLine(language)
        self._quiet = False
        self._pacing: asyncio.Future[None] | None = None  # the others playing in sight
        self._watching = False  # the others are playing in sight now
        self._hurry = False  # «Show the rest now» was pressed: no more pauses this time
        self._speak(language, lambda callback: self._callback(callback, clear=False))
        self._odds_key: tuple | None = None  # (seat, hand, seen, rules) of the odds asked for
        self._odds: Odds | None = None
        self._odds_shown = ""  # the odds' HTML as last drawn, in the panel and the student's row
        self._odds_lane = Computation("odds")  # one position's odds at a time, the newest wins
        self._labels: list[tuple[widgets.Widget, str, str]] = []
        self._build_controls(", ".join(players), rules, seed, threshold, banker_by_hand)
        self._build_displays()
        # (the banker's too, by hand; and Deal, after which the others may play at once)
        self._decisions = (self.buy_button, self.stand_button, self.deal_button)
        # the last of them handled, and when (time.monotonic)
        self._decided: tuple[widgets.Button | None, float] = (None, float("-inf"))
        self._new_table()
        if is_whole(you):
            you = self.table.players[you] if 0 <= you < len(self.table.players) else None
        self.you_box.value = you if you in self.table.players else ""
        self._wire()
        self._relabel()
        self.children = self._layout()
        self._render()

    # ----- building -----

    def _label(self, widget, key: str, attribute: str = "description") -> widgets.Widget:
        self._labels.append((widget, attribute, key))
        return widget

    def _build_controls(self, names, rules, seed, threshold, banker_by_hand) -> None:
        count = len(names.split(","))
        self.players_box = self._label(widgets.BoundedIntText(
            value=min(max(count, 2), 12), min=2, max=12, style=_WIDE,
            layout=widgets.Layout(width="9em")), "tw_players")
        self.names_box = self._label(widgets.Text(value=names, style=_WIDE,
                                                  layout=widgets.Layout(width="32em")),
                                     "tw_names")
        self._label(self.names_box, "tw_names_help", "placeholder")
        self.you_box = self._label(widgets.Dropdown(style=_WIDE), "tw_you")
        self.threshold_box = self._label(widgets.Dropdown(  # wide enough for 17 behind any label
            options=THRESHOLDS, value=threshold, style=_WIDE,
            layout=widgets.Layout(width="auto")), "tw_threshold")
        options = list(VARIANTS.values())
        self.rules_box = self._label(widgets.Dropdown(
            options=[(r.name, r) for r in options + ([rules] if rules not in options else [])],
            value=rules, style=_WIDE), "tw_rules")
        self.seed_box = self._label(widgets.Text(
            value="" if seed is None else str(seed), style=_WIDE,
            layout=widgets.Layout(width="14em")), "tw_seed")
        self._label(self.seed_box, "tw_seed_help", "placeholder")
        self.by_hand_box = self._label(widgets.Checkbox(value=banker_by_hand, indent=False),
                                       "tw_banker_by_hand")
        self.new_table_button = _button("t21-new-table")  # (named by _render: settings changed?)
        self.draw_button = self._label(_button("t21-draw-banker"), "tw_draw_banker")
        self.draw_all_button = self._label(_button("t21-draw-all"), "tw_draw_all")
        self.stake_box = self._label(widgets.Text(value="1", style=_WIDE,
                                                  layout=widgets.Layout(width="10em")),
                                     "tw_stake")
        self.stake_button = _button("t21-stake-button")
        self.deal_button = self._label(_button("t21-deal", "primary"), "tw_deal")
        self.buy_button = self._label(_button("t21-buy", "success"), "tw_buy")
        self.stand_button = self._label(_button("t21-stand", "warning"), "tw_stand")
        self.banker_button = self._label(_button("t21-banker-play"), "tw_banker_play")
        self.hurry_button = self._label(_button("t21-hurry"), "tw_hurry")
        self.odds_toggle = self._label(widgets.ToggleButton(
            value=False, layout=widgets.Layout(width="auto")), "tw_odds")
        self.price_box = self._label(widgets.Text(value="10", style=_WIDE,
                                                  layout=widgets.Layout(width="9em")),
                                     "tw_price")
        self.buy_bank_button = self._label(_button("t21-buy-bank"), "tw_buy_bank")
        self.settings_toggle = self._label(widgets.ToggleButton(
            value=False, icon="cog", layout=widgets.Layout(width="auto")),
                                           "tw_settings")
        self._label(self.settings_toggle, "tw_settings_tip", "tooltip")
        for widget, key in ((self.draw_button, "tw_draw_tip"), (self.draw_all_button,
                            "tw_draw_tip"), (self.banker_button, "tw_banker_play_tip"),
                            (self.buy_bank_button, "tw_buy_bank_tip")):
            self._label(widget, key, "tooltip")
        for widget, css in ((self.players_box, "t21-players"), (self.names_box, "t21-names"),
                            (self.you_box, "t21-you"), (self.threshold_box, "t21-threshold"),
                            (self.rules_box, "t21-rules"), (self.seed_box, "t21-seed"),
                            (self.by_hand_box, "t21-banker-by-hand"),
                            (self.stake_box, "t21-stake"), (self.odds_toggle, "t21-odds"),
                            (self.price_box, "t21-price"),
                            (self.settings_toggle, "t21-settings-toggle")):
            widget.add_class(css)

    def _build_displays(self) -> None:
        self.title = widgets.HTML()
        self.status = widgets.HTML()
        self.seats = widgets.HTML()
        self.shoe_label = widgets.HTML()
        self.settlement = widgets.HTML()  # its own height: no reserved blank under the seats
        self.odds_view = widgets.HTML()
        self.log_view = widgets.HTML()
        for widget, css in ((self.status, "t21-status"), (self.seats, "t21-seats"),
                            (self.shoe_label, "t21-shoe"), (self.settlement, "t21-settlement"),
                            (self.odds_view, "t21-odds-view"), (self.log_view, "t21-log")):
            widget.add_class(css)

    def _layout(self) -> list[widgets.Widget]:
        row = widgets.HBox
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.settings = widgets.VBox([
            row([self.players_box, self.names_box, self.rules_box, self.seed_box,
                 self.new_table_button], layout=wrap),
            row([self.you_box, self.threshold_box, self.by_hand_box], layout=wrap),
            row([self.draw_button, self.draw_all_button], layout=wrap),
            row([self.price_box, self.buy_bank_button], layout=wrap),
        ], layout=widgets.Layout(display="none", border="1px solid #bbb", padding="4px"))
        self.settings.add_class("t21-settings")
        # the stake box first (for Deal, or for more stake while deciding: one place in both,
        # UX review 6, D1), then Deal, or Buy and Stand, at the same place (never shown
        # together), on one row even on a phone, where the stake goes after them (app_style);
        # the row above the status, so that a longer status never moves the buttons
        actions = row([self.stake_box, self.deal_button, self.buy_button, self.stand_button,
                       self.banker_button, self.hurry_button, self.stake_button,
                       self.odds_toggle], layout=wrap)
        actions.add_class("t21-actions")
        # the buttons, the status and the message in one box of a steady height (app_style):
        # while the student decides the buttons take more rows and the status fewer
        controls = widgets.VBox([actions, self.status, self.message])
        controls.add_class("t21-controls")
        heading = row([self.title, self.language_toggle, self.settings_toggle], layout=wrap)
        heading.add_class("t21-table-heading")
        self.title.add_class("t21-table-title")
        # the settings open under the seats on a phone, never above «Deal» (UX review 12: they
        # pushed the game off the screen), and under their button on a wide screen (UX review
        # 18: app_style); the focus goes to them, which brings them in sight. Beside the seats
        # where they leave room, under them where not: the odds while a player decides, the
        # student's result and the settlement once the round is over (UX review 18: under
        # five seats on a projector they fell below 768 px)
        side = widgets.VBox([self.odds_view, self.settlement], layout=widgets.Layout(
            flex=f"1 1 {ODDS_BASIS_EM}em", max_width="34em", min_width="0"))
        side.add_class("t21-side")
        return [
            heading, controls,
            row([self.seats, side], layout=widgets.Layout(
                flex_flow="row wrap", align_items="flex-start")),
            self.settings, self.shoe_label, self.log_view,
        ]

    def _wire(self) -> None:
        for button, action in ((self.new_table_button, self._new_table),
                               (self.draw_button, self._draw_next),
                               (self.draw_all_button, self._draw_all),
                               (self.stake_button, self._stake),
                               (self.buy_bank_button, self._buy_bank),
                               (self.hurry_button, self._hurry_up)):
            button.on_click(self._callback(action))
        for button, action in ((self.deal_button, self._deal), (self.buy_button, self._buy),
                               (self.stand_button, self._stand),
                               (self.banker_button, self._play_banker)):
            button.on_click(self._callback(action, focus=True))
        for box, action in ((self.you_box, self._advance), (self.threshold_box, self._advance),
                            (self.by_hand_box, self._advance), (self.odds_toggle, None),
                            (self.settings_toggle, self._settings_opened),
                            (self.rules_box, None), (self.names_box, None),
                            (self.seed_box, None), (self.stake_box, self._check_stake),
                            (self.players_box, self._resize_names)):
            box.observe(self._callback(action), names="value")

    def _settings_opened(self) -> None:
        """Opened, the settings show (under the seats on a phone, under their button on a wide
        screen) with the focus on the rules' menu, which brings them into view (a text box
        would open a phone's keyboard: UX review 14)."""
        if self.settings_toggle.value and not self._playing():
            self.settings.layout.display = None
            self.rules_box.focus()

    def _callback(self, action, clear: bool = True, focus: bool = False):
        """A guarded handler: the action, then the table drawn again (errors shown inline);
        with `focus` (the play buttons), the keyboard's focus moves on to the button the
        student needs next, and a click on a play button already hidden is let fall."""

        def run(source):
            try:
                if action is not None:
                    action()
            finally:
                self._render()
                # a draw button that has done its work leaves the keyboard on Deal, not lost
                done = isinstance(source, widgets.Button) and source.disabled
                if focus or done:
                    self._next_button().focus()

        guarded = self.message.guard(run, clear)

        def handler(source=None):
            # a play button's click that crossed the kernel's hiding of it (a double click, or
            # Stand just after a bust) asks for nothing: its error would name a button not shown
            stale = focus and isinstance(source, widgets.Button) and (
                source.layout.display == "none")
            if self._quiet or stale or self._repeated(source):
                return
            guarded(source)
            if source in self._decisions:
                self._decided = (source, time.monotonic())

        return handler

    def _repeated(self, source) -> bool:
        """Whether a click on «Buy a card» or «Stand» comes within REPEAT seconds of the last
        one handled on the same button, or on «Show the rest now» within HURRY_ARMING of any,
        in a kernel: the second tap of a double tap, not a decision (UX review 14: three taps
        bought three cards). «Stand» just after «Buy a card» is a decision."""
        button, when = self._decided
        since = time.monotonic() - when
        return running_loop() is not None and (
            (source is button and since < REPEAT)
            or (source is self.hurry_button and since < HURRY_ARMING))

    @contextmanager
    def _quietly(self):
        """Change controls without their handlers running (e.g. new menu options)."""
        before, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = before

    # ----- the student's seat and the computer players -----

    @property
    def you(self) -> str | None:
        """The seat the student plays, or None when watching."""
        return self.you_box.value or None

    def _student(self) -> str:
        if self.you is None:
            raise InputError("tw_no_seat")
        return self.you

    def _banker_by_hand(self) -> bool:
        """Whether the student decides for the bank: he holds it, or ticked «Banker by hand»
        (R14)."""
        return self.by_hand_box.value or (self.you is not None and self.you == self.table.banker)

    def _policies(self) -> dict[str, int]:
        """Each computer player's threshold: buy while the total is below it (R11)."""
        return {seat: self.thresholds.get(seat, self.threshold_box.value)
                for seat in self.table.players if seat != self.you}

    # ----- actions -----

    def _new_table(self) -> None:
        names, thresholds = parse_names(self.names_box.value)
        seed = parse_seed(self.seed_box.value)
        table = Table(names, rules=self.rules_box.value, seed=seed, purse=self.purse)
        table.autoplay(thresholds)  # checks each threshold; nothing is played before a banker
        self.table, self.thresholds = table, thresholds
        self.entries: list[Event] = []
        self._lines: dict[str, list[str]] = {"en": [], "ru": []}
        self.draw_shown = 0
        self.last_hands: dict = {}
        self.last_stakes: dict[str, tuple[int, int]] = {}  # (stake, late) of the round settled
        self.last_results: dict = {}  # each seat's money from the round settled (R15-R17)
        self.last_banker: str | None = None  # who held the bank in that round
        self.defaults = default_seats(table.players)
        you = self.you_box.value
        with self._quietly():
            self.you_box.options = self._you_options()
            self.you_box.value = you if you in (*table.players, "") else table.players[0]
        self._set_count(len(table.players))

    def _drawing(self) -> bool:
        """Whether the draw for the first bank is still being shown card by card (R4)."""
        return self.draw_shown < len(self.table.banker_draw)

    def _draw_next(self) -> None:
        """Hand the next card of the draw for the first bank (R4)."""
        if self.table.phase == "choose_banker":
            self.table.choose_banker()
            self.draw_shown = 1
        elif self._drawing():
            self.draw_shown += 1
        else:
            raise InputError("tw_draw_done", banker=self.table.banker)

    def _draw_all(self) -> None:
        """Hand cards until the first ace (R4)."""
        if self.table.phase == "choose_banker":
            self.table.choose_banker()
        elif not self._drawing():
            raise InputError("tw_draw_done", banker=self.table.banker)
        self.draw_shown = len(self.table.banker_draw)

    def _banker_chosen(self) -> None:
        """Refuse money on the table before the draw for the bank is over (R4, R5)."""
        if self.table.phase == "choose_banker" or self._drawing():
            raise InputError("tw_draw_first")

    def _stake(self) -> None:
        """The student stakes (R5), or after the deal adds a late addition (R6): the stake box
        read as it is checked while typed, an empty box refused too."""
        amount = self._typed_stake()
        if amount is None:
            raise InputError("bad_stake", value=quote(self.stake_box.value))
        seat = self._student()
        self._banker_chosen()
        self._stake_for_you(seat, amount)

    def _stake_for_you(self, seat: str, amount: int) -> None:
        """The student's stake, refused in words to him ("your purse") if his purse is short,
        whatever his seat's name (R5, R6)."""
        self._within_your_purse(seat, amount)
        self.table.stake(seat, amount)

    def _within_your_purse(self, seat: str, amount: int) -> None:
        """Refuse a stake the student's purse cannot cover, before any card moves (R5, R6; UX
        review 19: a stake of 1000 was refused only after the 25-card draw for the bank)."""
        table = self.table
        committed = 0 if table.phase in ("settle", "settled") else (  # (the next round's)
            table.stakes.get(seat, 0) + table.late_additions.get(seat, 0))
        purse = table.purses[seat]
        if seat != table.banker and amount > 0 and committed + amount > purse:
            raise InputError("tw_stake_over_your_purse", amount=amount, total=committed + amount,
                             purse=money(purse, self.language), room=max(purse - committed, 0))

    def _typed_stake(self) -> int | None:
        """The stake box: empty (None: «Deal» then asks for a stake), or a whole number 1 or
        more (R5); said as soon as it is typed (UX review 15: «-5» and «1e9» sat in it with no
        word)."""
        typed = self.stake_box.value.strip()
        if not typed:
            return None
        amount = parse_whole(typed, "bad_stake")
        if amount < 1:
            raise InputError("bad_stake", value=quote(typed))
        return amount

    def _check_stake(self) -> None:
        """The stake box read as it is typed: a refusal, a purse too short too, is said at
        once."""
        amount = self._typed_stake()
        if amount is not None and self.you is not None:
            self._within_your_purse(self.you, amount)

    def _pending(self) -> bool:
        """Whether the settings name a table other than the one in play: its rules, players,
        their thresholds or its seed (a box that does not parse counts as changed)."""
        table = self.table
        try:
            names, thresholds = parse_names(self.names_box.value)
            seed = parse_seed(self.seed_box.value)
        except InputError:
            return True
        if self.rules_box.value != table.rules or seed != table.seed or len(names) != len(
                table.players):
            return True
        # (a default name counts in either language: 'Vera' or 'Вера')
        return any(name not in (seat, self._shown(seat))
                   or thresholds.get(name) != self.thresholds.get(seat)
                   for name, seat in zip(names, table.players, strict=True))

    def _deal(self) -> None:
        """The draw for the bank if not yet done (R4), stakes for whoever has none (R5), the
        deal (R7), then the computer players until the student's turn. Settings changed since
        the table was laid take effect first, at a new table (UX review 14: «Deal» played the
        old rules while the menu showed new ones)."""
        amount = self._typed_stake()
        if self.table.phase in ("choose_banker", "staking") and self._pending():
            self._new_table()
        table = self.table
        you = self.you
        if you is not None and you not in table.stakes and you != table.banker:
            if amount is None:  # (UX review 20: an empty box sat the student out, unsaid)
                raise InputError("tw_stake_empty")
            self._within_your_purse(you, amount)
        if table.phase not in ("choose_banker", "staking"):
            table.deal()  # the table says why not
        with self._quietly():  # the round in sight, not the set-up (UX review 20: opened once,
            self.settings_toggle.value = False  # it came back over every result)
        if table.phase == "choose_banker":
            table.choose_banker()
            if self._in_sight():  # the class watches the cards go round to the first ace
                self.draw_shown, self._watching = 0, True
                self._pacing = asyncio.ensure_future(self._draw_in_sight(table, amount))
                return
        self._deal_round(amount)

    def _deal_round(self, amount: int | None) -> None:
        """The student's stake (if he typed one), the computer players' stakes (R5), the deal
        (R7), then the others until the student's turn."""
        table = self.table
        self.draw_shown = len(table.banker_draw)
        you = self.you
        if amount is not None and you not in (None, table.banker) and you not in table.stakes:
            self._stake_for_you(you, amount)
        for seat in table.players:
            if seat not in (you, table.banker) and seat not in table.stakes:
                try:
                    table.stake(seat, self.computer_stake)
                except StakeError:  # a computer player in debt sits out (R5)
                    pass
        table.deal()
        self._advance()

    def _actor(self) -> str | None:
        if self.table.phase == "banker":
            return "banker"
        return self.you

    def _buy(self) -> None:
        """The student (or the banker played by hand) buys one open card (R8, R11, R14)."""
        self.table.buy(self._actor())
        self._advance()

    def _stand(self) -> None:
        """The student (or the banker played by hand) stands (R11, R14)."""
        self.table.stand(self._actor())
        self._advance()

    def _play_banker(self) -> None:
        """The banker plays by the RuleSet's rule (R14)."""
        self.table.play_banker()
        self._advance()

    def _buy_bank(self) -> None:
        """The student buys the bank from the player due to hold it (R20)."""
        price = parse_whole(self.price_box.value)
        seat = self._student()
        self._banker_chosen()
        self.table.sell_bank(seat, price)

    def _hurry_up(self) -> None:
        """The rest of the others' play at once, without the pauses (the class has seen
        enough)."""
        self._hurry = True

    def _in_sight(self) -> bool:
        """Whether the others play at the table's pace, in a kernel, the class watching."""
        return bool(self.pace) and running_loop() is not None

    async def _draw_in_sight(self, table: Table, amount: int | None) -> None:
        """The draw for the first bank one card at a time (at most MOST_DRAW seconds), a pause
        on the ace, then the deal (R4, R7; UX review 10: the draw happened out of sight)."""
        pause = min(self.pace / 2, MOST_DRAW / len(table.banker_draw))
        self._hurry = False
        try:
            while self.table is table and self._drawing():
                self.draw_shown += 1
                self._render()
                if not self._hurry:
                    await asyncio.sleep(pause if self._drawing() else self.pace)
        finally:
            self._watching = self._hurry = False
            if self._pacing is asyncio.current_task():
                self._pacing = None  # (so that the deal's own turns may start their pacing)
        if self.table is table:
            self.message.guard(lambda: self._deal_round(amount), clear=False)()
            self._focus_next()

    def _advance(self) -> None:
        """Computer players (and the banker, unless by hand) play; a finished round is settled
        (R11, R14-R17). With a pace, in a kernel, they play in sight: one decision of a seat
        (a card or a stand) or one of the banker's cards at a time, the kernel free between."""
        if self._in_sight():
            # «Show the rest now» at once, and the focus on it, if the others are to play
            self._watching = self._watching or self._due(self.table)
            if self._pacing is None or self._pacing.done():
                self._pacing = asyncio.ensure_future(self._play_in_sight(self.table))
            return
        while self._turn(self.table):
            pass
        self._settle_if_over()

    async def _play_in_sight(self, table: Table) -> None:
        """The others' turns one step at a time, `pace` seconds apart (at most MOST_PAUSES for
        the round), the table drawn after each; then the settlement, and the focus on the
        button the student needs next. A new table ends it."""
        steps = 2 * len(table.still_in) + 2  # about two decisions a seat, two banker's cards
        pause = min(self.pace, MOST_PAUSES / steps)
        played = self.message.guard(lambda: self._turn(table), clear=False)
        self._watching, self._hurry = True, False
        try:
            while self.table is table and played():
                self._render()
                if not self._hurry:
                    await asyncio.sleep(pause)
        finally:
            self._watching = self._hurry = False
        if self.table is table:
            self.message.guard(self._settle_if_over, clear=False)()
            self._focus_next()

    def _turn(self, table: Table) -> bool:
        """One step that is not the student's: one decision of a computer player (a card or
        his stand), or one card (or the stand) of the banker playing by his rule, so that the
        class sees each card come; False when none is due (R11, R14)."""
        if not self._due(table):
            return False
        if table.phase == "players":
            table.play_one_decision(self._policies()[table.to_act])
        elif table.banker_wants_card():
            table.buy()
        else:
            table.stand()
        return True

    def _due(self, table: Table) -> bool:
        """Whether a step that is not the student's is due: a computer player to act, or the
        banker played by his rule (R11, R14)."""
        if table.phase == "players":
            return table.to_act in self._policies()
        return table.phase == "banker" and not self._banker_by_hand()

    def _settle_if_over(self) -> None:
        """Settle a round whose buying is over, keeping what the settlement shows (R15-R17)."""
        table = self.table
        if table.phase == "settle":
            self.last_stakes = {seat: (stake, table.late_additions.get(seat, 0))
                                for seat, stake in table.stakes.items()}
            self.last_results, self.last_banker = table.settle(), table.banker
            self._sync()  # the payments keep their stakes before the table clears them
            self.last_hands = table.hands
            table.next_round()

    def _resize_names(self) -> None:
        """The names box follows the number of players: cut, or filled with default names."""
        names = [name.strip() for name in self.names_box.value.split(",")]
        n = self.players_box.value
        names = (names + default_names(12, self.language)[len(names):])[:n]
        self.names_box.value = ", ".join(names)

    def _set_count(self, n: int) -> None:
        with self._quietly():
            self.players_box.value = n

    def _relabel(self) -> None:
        language = self.language
        for widget, attribute, key in self._labels:
            setattr(widget, attribute, text(key, language))
        # (a control without a tooltip shows "null" on hover in ipywidgets 8: its own words)
        for widget in (self.odds_toggle, self.players_box, self.by_hand_box):
            widget.tooltip = widget.description
        title = escape(text("tw_title", language))
        self.title.value = (f"<h3 style='margin:4px 8px 4px 0'>{title}</h3>"
                            f"{ARM_STYLE}{ODDS_ROW_STYLE}{NUMBER_PAD}{KEEP_FOCUS}")
        typed = [name.strip() for name in self.names_box.value.split(",")]
        shown = default_names(MAX_PLAYERS, language)
        known = default_seats(typed)
        with self._quietly():  # default names in the box follow the language, as on the table
            self.names_box.value = ", ".join(shown[known[name]] if name in known else name
                                             for name in typed)
        for box, options in ((self.you_box, self._you_options()),
                             (self.rules_box, [(rules_label(r, language), r)
                                               for _, r in self.rules_box.options])):
            value = box.value
            with self._quietly():
                box.options = options
                box.value = value

    def _you_options(self) -> list[tuple[str, str]]:
        return [(self._shown(seat), seat) for seat in self.table.players] + [
            (text("tw_watch", self.language), "")]

    def _shown(self, seat):
        """A seat's name as shown: a default name ('Vera') in the table's language ('Вера')."""
        index = self.defaults.get(seat)
        return seat if index is None else default_names(MAX_PLAYERS, self.language)[index]

    def _shown_event(self, event: Event) -> Event:
        """An event with its seats' names as shown."""
        return replace(event, seat=self._shown(event.seat), other=self._shown(event.other))

    # ----- drawing the table -----

    def _sync(self) -> None:
        """Take the table's new events into the log (each carries its stakes, R5, R6)."""
        self.entries += self.table.events[len(self.entries):]

    def _playing(self) -> bool:
        """Whether the student is to buy or stand now, for his seat or for the bank."""
        table = self.table
        return (table.phase == "players" and table.to_act == self.you) or (
            table.phase == "banker" and self._banker_by_hand())

    def _focus_next(self) -> None:
        """The table drawn, and the keyboard's focus on the button the student needs next (the
        page keeps it in the buttons' row meanwhile: KEEP_FOCUS)."""
        self._render()
        self._next_button().focus()

    def _next_button(self) -> widgets.Button:
        """The button the student needs next: «Buy a card» on his turn, «Show the rest now»
        while the others play in sight, else «Deal»."""
        if self._playing():
            return self.buy_button
        return self.hurry_button if self._watching else self.deal_button

    def _render(self) -> None:
        self._sync()
        table, language = self.table, self.language
        phase, you = table.phase, self.you
        playing = self._playing()
        drawing = phase == "choose_banker" or self._drawing()
        self.draw_button.disabled = self.draw_all_button.disabled = not drawing
        # settings changed play from a new table, which «Deal» lays between rounds; its button
        # says so (UX review 13: the menu showed «ochko» while the round was dealt by the
        # historical rules)
        changed = self._pending()
        self.new_table_button.description = text(
            "tw_new_table_rules" if changed else "tw_new_table", language)
        self.new_table_button.button_style = "primary" if changed else ""
        self.stake_button.disabled = drawing or you in (None, table.banker) or phase not in (
            "staking", "players")
        adding = phase == "players" and table.to_act == you
        self.stake_button.description = text(
            "tw_add_button" if adding else "tw_stake_button", language)
        self.stake_button.tooltip = text("tw_add_tip" if adding else "tw_stake_tip", language)
        self.deal_button.disabled = phase not in ("choose_banker", "staking") or self._watching
        self.buy_button.disabled = self.stand_button.disabled = not playing
        banker = phase == "banker"
        self.buy_button.description = text("tw_banker_buy" if banker else "tw_buy", language)
        self.stand_button.description = text("tw_banker_stand" if banker else "tw_stand",
                                             language)
        self.banker_button.disabled = phase != "banker"
        self.buy_bank_button.disabled = drawing or phase != "staking" or you in (
            None, table.banker)
        staking = not self.deal_button.disabled
        shows = ((self.stake_box, (staking or adding) and you not in (None, table.banker)),
                 (self.deal_button, staking), (self.buy_button, playing),
                 (self.stand_button, playing), (self.stake_button, adding),
                 (self.banker_button, banker and playing), (self.odds_toggle, adding),
                 (self.hurry_button, self._watching and not playing))
        # what goes away first, then what comes: the page never shows Deal beside Buy
        for widget, shown in sorted(shows, key=lambda pair: pair[1]):
            widget.layout.display = None if shown else "none"
        # (on a phone the student's turn takes the whole buttons' row: app_style)
        (self.add_class if playing else self.remove_class)("t21-deciding")
        # (before the first card, «Deal» is the one thing to do: app_style makes it big)
        (self.add_class if phase == "choose_banker" else self.remove_class)("t21-fresh")
        # (while the student decides, no set-up: on a projector it opened 600 px under its
        # switch and scrolled the buttons away, with «New table» in it; UX review 17)
        self.settings_toggle.layout.visibility = "hidden" if playing else None
        self.settings.layout.display = None if self.settings_toggle.value and not playing \
            else "none"
        self.status.value = (f"<b class='t21-status-line' role='status'>"
                             f"{marked(self._status_text())}</b>")
        if self.odds_toggle.value:
            self._odds_shown = self._odds_html()
        else:
            if self._odds_lane.stop():
                self._odds_key = None  # asked again when the odds are shown again
            self._odds_shown = ""
        self.odds_view.value = self._odds_shown
        self.seats.value = self._seats_html()
        self.shoe_label.value = escape(text(
            "tw_shoe", language, shoe_cards=len(table.shoe), discards=len(table.discards),
            bank=table.bank_number, rules=rules_label(table.rules, language)))
        self.settlement.value = self._settlement_html()
        self.log_view.value = self._log_html()

    def _status_text(self) -> str:
        """What the table waits for, after the student's bust if he has just gone over 21: he
        has paid, and the round goes on without him (R13; UX review 17: said only at the
        settlement)."""
        said = self._phase_text()
        return text("tw_status_you_bust", self.language, next=said) if self._you_bust() else said

    def _you_bust(self) -> bool:
        """Whether the student, a player in a round under way, is over 21 (R13)."""
        table, you = self.table, self.you
        if you is None or you == table.banker or table.phase in ("choose_banker", "staking"):
            return False
        cards = table.visible_cards(you)[you]
        return bool(cards) and None not in cards and hand_value(cards, table.rules).bust

    def _phase_text(self) -> str:
        table, language = self.table, self.language
        phase, banker = table.phase, self._shown(table.banker)
        yours = self.you is not None and self.you == table.banker
        if phase == "choose_banker":
            return text("tw_status_choose", language)
        if self._drawing():
            return text("tw_status_drawing", language)
        if phase == "staking" and self._watching:  # the ace shown, the deal to come
            return text("tw_status_drawn_you" if yours else "tw_status_drawn", language,
                        banker=banker)
        if phase == "staking" and table.round_number:
            natural = any(e.kind == "banker_natural" and e.round_number == table.round_number
                          for e in self.entries)  # settled by the deal itself: say why (R9)
            key = {(False, False): "tw_status_settled",
                   (False, True): "tw_status_settled_you_bank",
                   (True, False): "tw_status_settled_natural",
                   (True, True): "tw_status_settled_natural_you_bank"}[natural, yours]
            return text(key, language, round=table.round_number, banker=banker)
        if phase == "staking":
            return text("tw_status_you_bank" if yours else "tw_status_staking", language,
                        banker=banker)
        if phase == "players":
            key = "tw_status_turn"
            if table.to_act == self.you:  # «You» is not named twice: "Your turn, You"
                key = "tw_status_your_turn_you" if self._is_you_by_name(self.you) \
                    else "tw_status_your_turn"
                said = text(key, language, seat=self._shown(table.to_act))
                late = table.late_additions.get(self.you)
                if late:  # (UX review 20: a touch screen shows no tooltip of what R6 says)
                    said += " " + text("tw_status_late", language, late=money(late, language))
                return self._bought_text() + said
            return text(key, language, seat=self._shown(table.to_act))
        if phase == "banker" and not self._banker_by_hand():  # the computer plays him (R14)
            return text("tw_status_banker_rule", language, seat=banker,
                        stands_on=table.rules.banker_stands_on)
        if phase == "banker":
            return text("tw_status_you_banker" if yours else "tw_status_banker", language,
                        seat=banker)
        return text("tw_status_settle", language)

    def _bought_text(self) -> str:
        """The card the student has just bought and his total, said in the status (UX review
        23: the class at a projector saw only a new card), or nothing before a buy (R11)."""
        cards = self.table.hands[self.you]
        if len(cards) <= 2:
            return ""
        language = self.language
        return text("tw_status_you_bought", language, card=card_text(cards[-1:], language),
                    total=hand_value(cards, self.table.rules).total) + " "

    def _is_you_by_name(self, seat: str) -> bool:
        """Whether the seat is the default one named «You», which needs no "you" beside it."""
        return self.defaults.get(seat) == 0

    def _sees_own(self, seat: str) -> bool:
        """Whether the student may look at this seat's closed cards (his own, or the banker's
        when he plays the banker by hand)."""
        return seat == self.you or (seat == self.table.banker and self._banker_by_hand())

    def _seat_cards(self, seat: str) -> tuple[list, list[str], str]:
        """This seat's cards as shown, their states, and its total as shown (R8)."""
        table, language = self.table, self.language
        if table.round_number == 0:
            cards = [card for who, card in table.banker_draw[:self.draw_shown] if who == seat]
            return cards, [OPEN] * len(cards), ""
        if table.phase == "staking":  # between rounds: the last round's cards, all shown
            cards = list(self.last_hands.get(seat, ()))
            public = tuple(cards)
        else:  # what the table lets the student see, and what lies open for all (R8)
            cards = list(table.visible_cards(seat if self._sees_own(seat) else None)[seat])
            public = table.visible_cards()[seat]
        if not cards:
            sits_out = seat != table.banker and table.phase != "staking"
            return cards, [], text("tw_sits_out", language) if sits_out else ""
        shown = None not in public
        states = [OPEN if seen is not None else PEEK if card is not None else CLOSED
                  for card, seen in zip(cards, public, strict=True)]
        if not (shown or self._sees_own(seat)):
            return cards, states, text("tw_hidden_total", language)
        value = hand_value(cards, table.rules)
        if value.natural:
            total = text("tw_natural", language)
        elif value.bust:
            total = text("tw_bust", language, total=value.total)
        else:
            total = str(value.total)
        return cards, states, total

    def _seats_html(self) -> str:
        table, language = self.table, self.language
        # (on a phone the Stake column folds away and each stake shows under its purse)
        head = "".join(f"<th{_STAKE_COL if k == 'tw_stake_col' else ''} style='text-align:left;"
                       f"padding:2px 8px'>{escape(text(k, language))}</th>"
                       for k in ("tw_player", "tw_purse", "tw_stake_col", "tw_cards", "tw_total"))
        rows = []
        turns = self._turns()
        for seat in table.players:
            badges = []
            if seat == table.banker and not self._drawing():  # (the ace not yet shown)
                badges.append(("tw_banker_badge", COLOURS["banker"]))
            if seat == self.you and not self._is_you_by_name(seat):
                badges.append(("tw_you_badge", COLOURS["you"]))
            acting = table.to_act == seat or (table.to_act == "banker" and seat == table.banker)
            if acting:
                badges.append(("tw_to_act_badge", COLOURS["to_act"]))
            # (a tinted pill, not a framed box: UX review 17 took the frames for focus rings)
            badge_html = "".join(
                f" <span style='background:{BADGE_TINTS[c]};color:{c};border-radius:10px;"
                f"padding:0 6px;font-size:0.85em;white-space:nowrap'>"
                f"{escape(text(k, language))}</span>"
                for k, c in badges)
            settled = table.phase == "staking" and bool(self.last_results)
            stake, late = (table.stakes.get(seat), table.late_additions.get(seat)) if \
                not settled else self.last_stakes.get(seat, (None, 0))
            stake_text = "" if stake is None else money(stake, language)
            stake_cell = escape(stake_text)
            if late:  # (under the stake, in lines as narrow as the column: UX review 16 saw
                # the cards jump 130 px sideways as one long line widened it)
                added = text("tw_late", language, late=money(late, language))
                stake_text += " " + added
                stake_cell += (f"<span class='t21-late' style='display:block;font-size:0.8em;"
                               f"white-space:normal;min-width:5em'>{escape(added)}</span>"
                               f"<span class='t21-late-short' title='{escape(added)}'>"
                               f"+{escape(money(late, language))}</span>")
            stake_under = "" if not stake_text else (
                "<span class='t21-stake-under'>"
                f"{escape(text('tw_stake_under', language, stake=stake_text))}</span>")
            cards, states, total = self._seat_cards(seat)
            # (before the first round, each seat's place for its cards: a table, not a ledger)
            # (a slot in a row as a hand's cards are, so that a seat is as tall before its
            # first cards as with them: UX review 21 saw the fifth seat cut at 768 px)
            cards_html = hand_html(cards, states, language, CARD_HEIGHT) if cards else (
                f"<div style='display:flex'>{slot_svg(CARD_HEIGHT)}</div>"
                if table.round_number == 0 else "")
            purse = table.purses[seat]
            colour = COLOURS["error"] if purse < 0 else "inherit"
            change = self.last_results.get(seat, 0) if settled else 0
            delta = "" if not change else (
                f" <span class='t21-purse-change' style='color:"
                f"{COLOURS['right'] if change > 0 else COLOURS['error']}'>"
                f"({escape(money(change, language, sign=True))})</span>")
            result = self._result_html(seat) if settled and seat == self.you else ""
            background = f"background:{HIGHLIGHT};color:{INK};" if acting or result else ""
            classes = [name for name, yes in (
                ("t21-your-row", seat == self.you),
                ("t21-banker-row", seat == table.banker and not self._drawing())) if yes]
            mine = f" class='{' '.join(classes)}'" if classes else ""
            rows.append(
                f"<tr{mine} style='{background}border-top:1px solid #ddd'>"
                f"<td style='padding:2px 8px;font-size:1.1em'>{self._turn_html(seat, turns)}"
                f"<b>{escape(self._shown(seat))}</b>{badge_html}</td>"
                f"<td style='padding:2px 8px;color:{colour}'><span class='t21-purse-word'>"
                f"{escape(text('tw_purse', language))} </span><span class='t21-purse'>"
                f"{escape(money(purse, language))}</span>{delta}{stake_under}</td>"
                f"<td{_STAKE_COL} style='padding:2px 8px'>{stake_cell}</td>"
                f"<td class='t21-seat-cards' style='padding:2px 8px'>{cards_html}</td>"
                f"<td style='padding:2px 8px;font-size:1.2em'><b>{escape(total)}</b></td></tr>")
            if seat == self.you and table.to_act == seat and self._odds_shown:
                rows.append(f"<tr class='t21-odds-row'><td colspan='5' style='padding:0 4px'>"
                            f"{self._odds_html(folded=True)}</td></tr>")
            if result:  # right under the student's hand, across the row (beside it on a
                # projector: app_style)
                rows.append(f"<tr class='t21-result-row' style='{background}'><td colspan='5' "
                            f"style='padding:0 8px 4px 8px'>{result}</td></tr>")
        # (before the first round, the shuffled shoe above the seats: a game about to start)
        shoe = "" if table.round_number else (
            f"<caption style='caption-side:top;text-align:left;padding:2px 8px'>"
            f"<span style='display:inline-flex;align-items:center;gap:8px'>{shoe_html(language)}"
            f"{escape(text('tw_shoe_fresh', language, shoe_cards=len(table.shoe)))}</span>"
            f"</caption>")
        return (f"<table style='border-collapse:collapse'>{shoe}<thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")

    def _turns(self) -> list[str]:
        """The players in the order they play, from the banker's right (R7); none before the
        draw for the bank is over."""
        table = self.table
        if table.banker is None or self._drawing():
            return []
        i = table.players.index(table.banker)
        return [*table.players[i + 1:], *table.players[:i]]

    def _turn_html(self, seat: str, turns: list[str]) -> str:
        """A player's place in the order of play, a number in a ring before his name (UX review
        19: the third row played while the first waited, and nothing said why)."""
        if seat not in turns:
            return ""
        said = text("tw_turn_tip", self.language, n=turns.index(seat) + 1, count=len(turns))
        return (f"<span class='t21-turn' title='{escape(said)}' aria-label='{escape(said)}' "
                f"style='display:inline-block;min-width:1.3em;margin-right:4px;"
                f"border:2px solid #767676;border-radius:50%;text-align:center;"
                f"font-size:0.8em;line-height:1.3em'>{turns.index(seat) + 1}</span>")

    def _result_html(self, seat: str) -> str:
        """The student's result of the round just settled, in his own row: what happened and
        the money, signed ("+2: your 19 against the banker's 17"; R9-R17)."""
        table, language = self.table, self.language
        amount = self.last_results.get(seat, 0)
        signed_money = money(amount, language, sign=True)
        if seat == self.last_banker or seat not in self.last_stakes:
            words = text("tw_result_bank", language, money=signed_money) if \
                seat == self.last_banker else ""
        else:
            payments = [e for e in self.entries if e.kind == "payment" and e.seat == seat
                        and e.round_number == table.round_number]
            outcome = payments[-1] if payments else None
            mine = self._outcome_words(outcome.outcome if outcome else None)
            against = self._outcome_words(outcome.against if outcome else None)
            tie = against and mine == against and amount < 0  # (equal totals: the bank's, R17)
            words = text("tw_result_tie" if tie else "tw_result_vs", language,
                         money=signed_money, mine=mine, against=against) if against else text(
                "tw_result_alone", language, money=signed_money, mine=mine)
            words += self._how_many_stakes(outcome)
        if not words:
            return ""
        colour = COLOURS["right"] if amount > 0 else COLOURS["error"] if amount < 0 else INK
        return (f"<div class='t21-result' role='status' style='color:{colour};"
                f"font-weight:bold;font-size:1.1em'>{escape(words)}</div>")

    def _how_many_stakes(self, payment: Event | None) -> str:
        """How a result other than one stake is made, for the student's row: " (2× the stake)",
        " (2× the stake 1 + 1 added after the deal)" (UX review 16: «−3» beside a stake of 1
        and an addition of 1 read as a miscount; R6, R9–R17)."""
        if payment is None:
            return ""
        times, late = stakes_paid(payment)
        if not times and not late:
            return ""
        if late:
            return " " + text("tw_result_late", self.language, times=money(times, self.language),
                              stake=money(payment.stake, self.language),
                              late=money(late, self.language))
        return "" if times == 1 else " " + text("tw_result_times", self.language,
                                                 times=money(times, self.language))

    def _outcome_words(self, outcome) -> str:
        """A hand's outcome in words: a total, «natural», «over 21»; '' for none."""
        if outcome is None:
            return ""
        if outcome == "natural":
            return text("tw_natural", self.language)
        if outcome == "bust":
            return text("odds_bust", self.language)
        return str(outcome)

    def _settlement_html(self) -> str:
        """This round's payments and settlement (R9–R17); until it has one, the last settled
        round's stay, so that a deal does not shrink the page under the student's finger."""
        language = self.language
        rounds: dict[int, list[Event]] = {}
        settled = None
        for e in self.entries:
            if e.kind in ("payment", "round_settled"):
                rounds.setdefault(e.round_number, []).append(e)
            if e.kind == "round_settled":
                settled = e.round_number
        number = self.table.round_number if self.table.round_number in rounds else settled
        if number is None:
            return ""
        events = sorted(rounds[number], key=lambda e: e.kind == "round_settled")
        # (each payment with why it was made, in words: the codes show in the lessons only)
        said: set[str] = set()  # (each why once: UX review 22 read a banker's natural four times)
        body = "".join(
            f"<li>{marked(payment_line(shown, language))}{self._why_html(shown, said)}</li>"
            if e.kind == "payment" else f"<li>{marked(event_line(shown, language))}</li>"
            for e in events for shown in (self._shown_event(e),))
        kept = number != self.table.round_number  # (the last round's, kept through the deal)
        title = escape(text("tw_settlement_kept" if kept else "tw_settlement", language,
                            round=number))
        # the student's result over it, shown there where the settlement is beside the seats
        # (a projector, app_style); marked when the round is settled, for a projector to
        # fold it while a round is played, and when it is the last round's, to be greyed
        settled = self.table.phase == "staking" and bool(self.last_results)
        result = self._result_html(self.you) if settled and self.you is not None else ""
        marks = "t21-settled" if settled else "t21-playing t21-kept" if kept else "t21-playing"
        return (f"<div class='{marks}'>{result}<b>{title}</b>"
                f"<ul style='margin:4px 0;padding-left:1.3em'>{body}</ul></div>")

    def _why_html(self, payment: Event, said: set[str]) -> str:
        """Why a payment was made, after its line, where the line does not say it and no line
        above said it (R9–R17)."""
        why = payment_why(payment, self.language)
        if not why or why in said:
            return ""
        said.add(why)
        return f"<span class='t21-why'>; {escape(why)}</span>"

    def _visible_entries(self) -> int:
        """How many entries the log may show: not the draw's cards still to come (R4)."""
        if not self._drawing():
            return len(self.entries)
        first = next(i for i, e in enumerate(self.entries) if e.kind == "banker_draw")
        return first + self.draw_shown

    def _log_html(self) -> str:
        lines = self._lines[self.language]
        for i in range(len(lines), len(self.entries)):
            lines.append(self._log_line(i))
        shown = lines[:self._visible_entries()]
        if not self._drawing():
            shown = self._fold_draw(shown)
        shown = [line for line in shown if line][-LOG_LINES:]
        body = "<br>".join(shown)
        title = escape(text("tw_log", self.language))
        return (f"<b>{title}</b><div role='log' tabindex='0' aria-label='{title}' "
                "style='max-height:14em;overflow-y:auto;"
                "display:flex;flex-direction:column-reverse;border:1px solid #ccc;"
                f"padding:4px 8px;font-size:0.95em'><div>{body}</div></div>")

    def _fold_draw(self, lines: list[str]) -> list[str]:
        """The finished draw for the first bank as one line, "The first ace came on the 38th
        card: Vera holds the bank (R4)", its cards one click away in a <details> (R4)."""
        kinds = [event.kind for event in self.entries[:len(lines)]]
        if "banker_chosen" not in kinds or "banker_draw" not in kinds:
            return lines
        first, chosen = kinds.index("banker_draw"), kinds.index("banker_chosen")
        banker = self.table.banker
        key = "ev_first_ace_you" if self._is_you_by_name(banker) else "ev_first_ace"
        summary = escape(text(key, self.language, seat=self._shown(banker),
                              ordinal=ordinal(chosen - first, self.language)))
        cards = "<br>".join(lines[first:chosen])
        folded = (f"<details class='t21-log-draw'><summary>{summary}</summary>"
                  f"<div style='padding-left:1.3em'>{cards}</div></details>")
        return [*lines[:first], folded, *lines[chosen + 1:]]

    def _log_line(self, i: int) -> str:
        """Event i of the log as escaped HTML; a deal's closed cards make one line (R7, R8)."""
        event = self.entries[i]
        if event.kind == "deal":
            first = self.entries[i - 1].kind != "deal"
            return escape(text("ev_deal_round", self.language)) if first else ""
        return escape(event_line(self._shown_event(self.entries[i]), self.language))

    def _odds_html(self, folded: bool = False) -> str:
        """The odds for the player to act, computed once per position, off the kernel's loop;
        `folded`, their totals behind a click (odds_html)."""
        table, language = self.table, self.language
        seat = table.to_act if table.phase == "players" else None
        if seat is None:
            return f"<i>{escape(text('odds_none', language))}</i>"
        hand, seen = table.hands[seat], table.seen_cards(seat)
        key = (seat, hand, seen, table.rules)
        if key != self._odds_key:
            self._odds_key, self._odds = key, None
            self._odds_lane.ask(key, partial(exact_odds, seat, hand, seen, table.rules),
                                partial(self._odds_ready, key), partial(self._odds_ready, key))
        if self._odds is None:
            return f"<i>{escape(text('odds_computing', language))}</i>"
        if isinstance(self._odds, TwentyOneError):
            return f"<i>{escape(self._odds.in_language(language))}</i>"
        if isinstance(self._odds, BaseException):
            reason = type(self._odds).__name__
            return f"<i>{escape(text('unexpected', language, reason=reason))}</i>"
        return odds_html(self._odds._replace(seat=self._shown(self._odds.seat)), language,
                         folded)

    def _odds_ready(self, key, odds) -> None:
        """Show the odds (or why there are none) if the table is still where they were asked."""
        if key != self._odds_key:
            return
        self._odds = odds
        if isinstance(odds, BaseException) and not isinstance(odds, TwentyOneError):
            self.message.guard(reraise, clear=False)(odds)
        if self.odds_toggle.value:
            self._odds_shown = self.odds_view.value = self._odds_html()
            self.seats.value = self._seats_html()
