"""BankerChooser: the draw for the first bank, card by card, beside the exact chances (R4).

The draw itself is twentyone_edu.table.Table.choose_banker(); the chances come from
exact.first_banker_probabilities and the frequencies from simulate.first_banker.
"""

from __future__ import annotations

import asyncio
import random
from functools import partial

import ipywidgets as widgets

from .. import exact, simulate
from ..game.table import MAX_PLAYERS, Table
from ..words.numerals import count, percent
from ..words.validate import flag, one_of, seed_of, whole
from .card_faces import OPEN, hand_html
from .common import COLOURS, HIGHLIGHT, INK, InputError, MessageLine, bar_html, escape, marked
from .explorer import Computation, exact_details, reraise, set_options, unless_relabelling
from .i18n import text
from .language import Bilingual
from .live_table import parse_seed

STEP_SECONDS = 0.6  # the pause between two cards when animated
TRIALS = (1_000, 10_000, 50_000)
CARD_HEIGHT = 70


class BankerChooser(Bilingual, widgets.VBox):
    """Cards handed round the seats one at a time until the first ace, who holds the bank (R4).

    `players`: 2–12 seats; `seed`: the same seed hands out the same cards (the default, 12,
    takes ten cards, twice round five seats, to its first ace); `trials`: simulated
    draws to set beside the exact chances; `language`: 'en' or 'ru', also settable later
    (`.language = 'ru'`) or with the switch `.language_toggle`; `exact_shown=False` keeps the
    exact chances behind a button, so that a class predicts and tallies before it sees them.
    """

    def __init__(self, players: int = 5, seed: int | None = 12, language: str = "en",
                 trials: int = 10_000, exact_shown: bool = True):
        players = whole(players, "players", 2, MAX_PLAYERS)
        exact_shown = flag(exact_shown, "exact_shown")
        seed = seed_of(seed)
        trials = one_of(trials, "trials", TRIALS)
        super().__init__()
        self.add_class("t21-banker-chooser")
        self.message = MessageLine(language)
        self._speak(language, lambda callback: self._callback(callback, clear=False))
        self.simulation = None
        self._animation: object = None  # the running animation's token
        self._simulating: tuple | None = None  # (players, seed, trials) being simulated
        self._simulation_lane = Computation("first_banker")  # one at a time, the newest wins
        self.tally: dict[int, int] = {}  # the class's own draws: first banks seat by seat
        self._build(players, seed, trials)
        self.exact_toggle.value = exact_shown
        self._new_draw()
        self._relabel()
        self._render()
        self._wire()
        heading = widgets.HBox([self.title, self.language_toggle],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        heading.add_class("t21-bc-heading")
        self.children = [
            heading,
            widgets.HBox([self.players_box, self.seed_box],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.next_button, self.all_button, self.new_button,
                          self.animate_toggle], layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.result, self.seats,
            widgets.HBox([self.exact_toggle, self.trials_box, self.simulate_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.chances,
        ]

    # ----- building -----

    def _build(self, players, seed, trials) -> None:
        wide = {"description_width": "initial"}
        self.title = widgets.HTML()
        self.players_box = widgets.BoundedIntText(value=players, min=2, max=12, style=wide,
                                                  layout=widgets.Layout(width="10em"))
        self.seed_box = widgets.Text(value="" if seed is None else str(seed), style=wide,
                                     continuous_update=False,
                                     layout=widgets.Layout(width="14em"))
        auto = widgets.Layout(width="auto")
        self.next_button = widgets.Button(button_style="primary", layout=auto)
        self.all_button = widgets.Button(layout=auto)
        self.new_button = widgets.Button(layout=auto)
        self.animate_toggle = widgets.ToggleButton(value=False, layout=auto)
        self.trials_box = widgets.Dropdown(
            options=TRIALS,  # labelled in the language by _relabel
            value=trials, style=wide)
        self.simulate_button = widgets.Button(layout=auto)
        self.exact_toggle = widgets.ToggleButton(value=True, layout=auto)
        self.result = widgets.HTML()
        self.seats = widgets.HTML()
        self.chances = widgets.HTML()
        for widget, css in ((self.players_box, "t21-bc-players"), (self.seed_box, "t21-bc-seed"),
                            (self.next_button, "t21-bc-next"), (self.all_button, "t21-bc-all"),
                            (self.new_button, "t21-bc-new"),
                            (self.animate_toggle, "t21-bc-animate"),
                            (self.trials_box, "t21-bc-trials"),
                            (self.simulate_button, "t21-bc-simulate"),
                            (self.exact_toggle, "t21-bc-show-exact"),
                            (self.result, "t21-bc-result"), (self.seats, "t21-bc-seats"),
                            (self.chances, "t21-bc-chances")):
            widget.add_class(css)

    def _wire(self) -> None:
        for button, action in ((self.next_button, self._next), (self.all_button, self._all),
                               (self.new_button, self._shuffle_again),
                               (self.simulate_button, self._simulate)):
            button.on_click(self._callback(action))
        for box, action in ((self.players_box, self._new_draw), (self.seed_box, self._new_draw),
                            (self.animate_toggle, self._animate),
                            (self.exact_toggle, None)):
            box.observe(self._callback(action), names="value")
        self.trials_box.observe(unless_relabelling(self.trials_box, self._callback(None)),
                                names="value")

    def _callback(self, action, clear: bool = True):
        def run(source=None):
            try:
                if action is not None:
                    action()
            finally:
                self._render()
                # a draw button that has done its work leaves the keyboard on «Shuffle again»
                if isinstance(source, widgets.Button) and source.disabled:
                    self.new_button.focus()

        return self.message.guard(run, clear)

    # ----- the draw (R4) -----

    def _new_draw(self) -> None:
        """A fresh shuffle for the chosen number of players and seed; no card shown yet."""
        seed = parse_seed(self.seed_box.value)
        n = self.players_box.value
        table = Table([str(i + 1) for i in range(n)], seed=seed)
        table.choose_banker()
        self.draw = [(int(seat), card) for seat, card in table.banker_draw]
        self.shown = 0
        if n != getattr(self, "n_players", n):  # another table: its own tally
            self.tally = {}
        self._tallied = False
        self.n_players, self.seed = n, seed
        self.exact_chances = exact.first_banker_probabilities(n)
        self.simulation = None

    @property
    def banker(self) -> int | None:
        """The seat (1, 2, ...) that received the first ace, once that card is shown."""
        return self.draw[-1][0] if self.done else None

    @property
    def done(self) -> bool:
        """Whether every card up to the first ace has been shown."""
        return self.shown >= len(self.draw)

    def _next(self) -> None:
        """Show the next card (R4)."""
        if self.done:
            raise InputError("bc_done", seat=self.banker)
        self._reveal(self.shown + 1)

    def _all(self) -> None:
        """Show every card up to the first ace (R4)."""
        self._reveal(len(self.draw))

    def _reveal(self, shown: int) -> None:
        """Show the first `shown` cards; a draw that reaches its first ace counts once in the
        class's tally, for that seat (R4)."""
        self.shown = shown
        if self.done and not self._tallied:
            self.tally[self.banker] = self.tally.get(self.banker, 0) + 1
            self._tallied = True

    def _shuffle_again(self) -> None:
        """A new random seed, written into the seed box so the class can repeat it."""
        self.animate_toggle.value = False
        self.seed_box.value = str(random.randrange(1, 1_000_000))

    def _animate(self) -> None:
        """Show the cards one by one with a pause, without blocking the kernel."""
        if not self.animate_toggle.value:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (e.g. a plain script): show the draw at once
            self._all()
            self.animate_toggle.value = False
            return
        if self.done:
            self.shown = 0
        self._animation = token = object()  # a newer animation stops this one
        loop.call_later(STEP_SECONDS, self._tick, loop, token)

    def _tick(self, loop, token) -> None:
        if not self.animate_toggle.value or token is not self._animation:
            return
        self._callback(self._next)()
        if self.done:
            self.animate_toggle.value = False
        else:
            loop.call_later(STEP_SECONDS, self._tick, loop, token)

    def _simulate(self) -> None:
        """Simulated draws beside the exact chances (simulate.first_banker), worked out off
        the kernel's loop; a result for an older choice of players or seed is dropped."""
        seed = self._seed_or_zero()
        key = self._simulating = (self.n_players, seed, self.trials_box.value)
        self._simulation_lane.ask(
            key, partial(simulate.first_banker, self.n_players, key[2], seed=seed),
            partial(self._simulated, key), partial(self._simulated, key))

    def _simulated(self, key, result) -> None:
        if key != self._simulating or key[:2] != (self.n_players, self._seed_or_zero()):
            return
        if isinstance(result, BaseException):
            self.message.guard(reraise, clear=False)(result)
            return
        self.simulation, self.simulation_seed = result, key[1]
        self.chances.value = self._chances_html()

    def _seed_or_zero(self) -> int:
        """The simulation's seed: the draw's, or 0 for a random draw."""
        return 0 if self.seed is None else self.seed

    # ----- language and display -----

    def _relabel(self) -> None:
        language = self.language
        for widget, key in ((self.players_box, "bc_players"), (self.seed_box, "tw_seed"),
                            (self.next_button, "bc_next"), (self.all_button, "bc_all"),
                            (self.new_button, "bc_new"), (self.trials_box, "bc_trials"),
                            (self.simulate_button, "bc_simulate"),
                            (self.exact_toggle, "bc_show_exact")):
            widget.description = text(key, language)
        self.players_box.tooltip = self.players_box.description  # (not "null" on hover)
        self._label_toggles()
        self.seed_box.placeholder = text("tw_seed_help", language)
        set_options(self.trials_box, [(count(n, language), n) for n in TRIALS])
        self.title.value = (f"<h3 style='margin:4px 8px 4px 0'>"
                            f"{marked(text('bc_title', language))}</h3>")

    def _label_toggles(self) -> None:
        """Each switch says what pressing it does: show the exact chances or hide them; animate
        the draw or stop it (UX review 12: pressed, «Animate» did not say how to stop)."""
        for toggle, keys in ((self.exact_toggle, ("bc_show_exact", "bc_hide_exact")),
                             (self.animate_toggle, ("bc_animate", "bc_animate_stop"))):
            toggle.description = toggle.tooltip = text(keys[toggle.value], self.language)

    def _render(self) -> None:
        language = self.language
        self._label_toggles()
        self.next_button.disabled = self.all_button.disabled = self.done
        # the next step in blue: the next card, or once the ace is out a new shuffle (UX
        # review 20: the blue button greyed and the one to press stayed grey)
        self.next_button.button_style = "" if self.done else "primary"
        self.new_button.button_style = "primary" if self.done else ""
        if self.shown == 0:
            result = text("bc_start", language)
        elif self.done:
            result = text("bc_result", language, n=self.banker, cards_handed=self.shown)
        else:
            result = text("bc_waiting", language, cards_handed=self.shown)
        self.result.value = f"<b style='font-size:1.15em'>{escape(result)}</b>{self._tally_html()}"
        self.seats.value = self._seats_html()
        self.chances.value = self._chances_html()

    def _tally_html(self) -> str:
        """The draws the class has finished here, first banks counted seat by seat: the tally
        to set beside its prediction and, later, the exact chances (R4; UX review 7)."""
        if not self.tally:
            return ""
        counts = " · ".join(f"{seat}: {self.tally.get(seat, 0)}"
                            for seat in range(1, self.n_players + 1))
        said = text("bc_tally", self.language, counts=counts,
                    draws_made=sum(self.tally.values()))
        return f"<div class='t21-bc-tally'>{escape(said)}</div>"

    def _seats_html(self) -> str:
        cells = []
        for seat in range(1, self.n_players + 1):
            cards = [card for who, card in self.draw[:self.shown] if who == seat]
            ace = self.banker == seat
            frame = (f"1px solid {COLOURS['banker']};box-shadow:inset 0 0 0 2px "
                     f"{COLOURS['banker']}") if ace else "1px solid #ccc"
            label = f"<b>{escape(text('bc_seat', self.language, n=seat))}</b>"
            if ace:  # (a smaller mark, so that the label keeps to its line)
                label += (f" <span style='font-size:0.85em;white-space:nowrap'>— "
                          f"{escape(text('tw_banker_badge', self.language))}</span>")
            cards_html = hand_html(cards, [OPEN] * len(cards), self.language,
                                   CARD_HEIGHT) if cards else ""
            # (the seats share the row and keep a card's height and margins from the start:
            # the first card and the banker's mark move nothing; the app's style sets the
            # card's height, --t21-bc-card)
            cells.append(f"<div class='t21-bc-seat' style='border:{frame};border-radius:6px;"
                         f"padding:4px;margin:3px;min-width:7em;flex:1 1 0'>"
                         f"{label}<div class='t21-bc-cards' "
                         f"style='min-height:calc(var(--t21-bc-card, {CARD_HEIGHT}px) + 4px)'>"
                         f"{cards_html}</div></div>")
        return f"<div style='display:flex;flex-wrap:wrap'>{''.join(cells)}</div>"

    def _chances_html(self) -> str:
        """Each seat's exact chance in one row: the percentage with the exact fraction one click
        away, and a bar (its digits are many: 1111648757/3962700357 for seat 1 of 4); once
        simulated, the simulated share as a second bar with its figures beside; the banker's
        seat marked."""
        language = self.language
        sim = self.simulation
        if not self.exact_toggle.value:
            hidden = f"<small>{escape(text('bc_exact_hidden', language))}</small>"
            return hidden if sim is None else self._simulated_html(sim) + hidden
        cell = "style='padding:2px 4px;text-align:right'"
        keys = ("bc_seat_col", "bc_percent") + (() if sim is None else ("bc_simulated",))
        head = "".join(f"<th style='padding:2px 4px;text-align:left'"
                       f"{' colspan=2' if key == 'bc_percent' else ''}>"
                       f"{escape(text(key, language))}</th>" for key in keys)
        widest = max(self.exact_chances)
        rows = []
        for i, p in enumerate(self.exact_chances):
            bars = bar_html(p / widest, COLOURS["banker"])
            simulated = ""
            if sim is not None:
                bars += bar_html(sim.frequencies[i] / widest, "#8c8c8c")
                # the share and its standard error in one narrow cell: no column hidden on a phone
                simulated = f"<td {cell}>{_simulated_share(sim, i, language, bold=False)}</td>"
            mark = f"background:{HIGHLIGHT};color:{INK};font-weight:bold;" if \
                self.banker == i + 1 else ""
            rows.append(f"<tr><td style='padding:2px 4px;{mark}'>{i + 1}</td>"
                        f"<td style='padding:2px 4px'><b>{escape(percent(p, language))}</b>"
                        f"{exact_details(p, language)}</td>"
                        f"<td class='t21-bc-bars' style='padding:2px 4px;width:100%'>{bars}</td>"
                        f"{simulated}</tr>")
        note = (text("bc_no_sim", language) if sim is None else
                text("bc_sim_note", language, simulated_draws=sim.n, seed=self.simulation_seed)
                + " " + text("bc_se_note", language) + " " + text("bc_bars_key", language))
        return (f"<table class='t21-bc-table' style='border-collapse:collapse;width:100%;"
                f"max-width:42em'>"
                f"<tr>{head}</tr>{''.join(rows)}</table><small>{escape(note)}</small>")

    def _simulated_html(self, sim: simulate.FirstBankerResult) -> str:
        """With the exact chances hidden, the simulated shares alone, a grey bar each: the
        tally to set against the class's prediction (UX review 7: «Simulate» showed nothing)."""
        language = self.language
        cell = "style='padding:2px 4px'"
        head = "".join(f"<th style='padding:2px 4px;text-align:left'>{escape(text(key, language))}"
                       f"</th>" for key in ("bc_seat_col", "bc_simulated"))
        widest = max(sim.frequencies)
        rows = [f"<tr><td {cell}>{i + 1}</td>"
                f"<td {cell}>{_simulated_share(sim, i, language, bold=True)}</td>"
                f"<td class='t21-bc-bars' style='padding:2px 4px;width:100%'>"
                f"{bar_html(share / widest, '#8c8c8c')}</td></tr>"
                for i, share in enumerate(sim.frequencies)]
        note = text("bc_sim_note", language, simulated_draws=sim.n, seed=self.simulation_seed) \
            + " " + text("bc_se_note", language)
        return (f"<table class='t21-bc-table' style='border-collapse:collapse;width:100%;"
                f"max-width:42em'><tr>{head}<th></th></tr>{''.join(rows)}</table>"
                f"<small>{escape(note)}</small><br>")


def _simulated_share(sim: simulate.FirstBankerResult, seat: int, language: str, *,
                     bold: bool) -> str:
    """One seat's simulated share and its standard error: under it beside the exact chances,
    or in bold with the error beside it where the simulated shares stand alone."""
    share = escape(percent(sim.frequencies[seat], language))
    share, between = (f"<b>{share}</b>", " ") if bold else (share, "<br>")
    return (f"{share}{between}"
            f"<small title='{escape(text('bc_se', language))}'>"
            f"± {escape(percent(sim.std_errors[seat], language))}</small>")
