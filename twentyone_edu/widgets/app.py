"""The course app: the live table and the explorers under one language switch (for Voilà)."""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import random
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

import ipywidgets as widgets

from .app_style import APP_STYLE
from .common import escape, page_listener
from .explorer import running_loop
from .i18n import LANGUAGE_NAMES, check_language, text
from .language import Bilingual
from .rule_list import rules_list

if TYPE_CHECKING:
    from ..game.table import Table

# Lumino greys the titles of the tabs not shown (#6d6d6d on #eeeeee, 4.45:1): darken them to
# pass the 4.5:1 contrast a projector and a screen reader's user both need.
TAB_STYLE = ("<style>.t21-app-tabs .lm-TabBar-tab, .t21-app-tabs .lm-TabBar-tabLabel "
             "{ color: #333333 !important; }</style>")
# The focus ring for the keyboard only: after a tap or a click, until a key is pressed, the focus
# the app sends into a chosen tab (for a keyboard's user) shows none; Chrome rings it, and a ring
# on «10 + 10» beside the chosen «10 + 9» read as a second choice (UX review 17)
POINTER_MODE = page_listener("t21PointerMode", (
    "var mode = function (pointer) { return function () { "
    "document.body.classList.toggle('t21-by-pointer', pointer); }; }; "
    "document.addEventListener('pointerdown', mode(true), true); "
    "document.addEventListener('keydown', mode(false), true);"))


def a_seed_whose_draw(wanted: Callable[[Table], bool], seats: int = 5) -> int:
    """A fresh seed whose draw for the first bank (R4) at `seats` seats is `wanted`: every
    visit deals new cards (UX review 8)."""
    from ..game.table import Table  # (the engine loads with the table's tab, not before)

    while True:
        seed = random.randrange(1_000_000)
        table = Table([f"seat {k}" for k in range(seats)], seed=seed)
        table.choose_banker()
        if wanted(table):
            return seed


def a_first_round_as_a_player(seats: int = 5) -> int:
    """A fresh seed whose draw falls to a computer's seat: the student's first round at the
    app's table is a player's, with a buy or a stand to decide (UX review 7)."""
    return a_seed_whose_draw(lambda table: table.banker != table.players[0], seats)


def a_draw_round_the_table(seats: int = 5) -> int:
    """A fresh seed whose first ace comes after every seat has had a card: a draw that goes
    round the table before it ends (UX review 9: seed 12 dealt every student the same)."""
    return a_seed_whose_draw(lambda table: len(table.banker_draw) > seats, seats)


# (title key, the tab's widget: its module, its class, its options besides language; an option
# that is a function is asked for its value when the tab is built)
# The table plays the other seats and the banker's cards at a pace the class can follow (at
# most live_table.MOST_PAUSES a round, the kernel free meanwhile).
TABS: tuple[tuple[str, str, str, dict[str, float | Callable[[], int]]], ...] = (
    ("app_tab_table", "live_table", "TableWidget",
     {"players": 5, "pace": 0.6, "seed": a_first_round_as_a_player}),
    # (the class guesses buy or stand before the exact answer shows: UX review 21)
    ("app_tab_advice", "advice", "AdviceExplorer", {"guess_first": True}),
    ("app_tab_strategy", "strategy", "StrategyExplorer", {"guess_first": True}),
    ("app_tab_simulation", "simulation", "SimulationExplorer", {"guess_first": True}),
    # (the first banker's exact chances behind a button: the class predicts and draws first)
    ("app_tab_banker", "banker_chooser", "BankerChooser",
     {"exact_shown": False, "seed": a_draw_round_the_table}),
)


# Where the keyboard's focus goes when a tab is chosen: the tab's first action, not <body>.
FIRST_CONTROL: tuple[Callable[[widgets.Widget], widgets.Widget], ...] = (
    lambda table: table.deal_button if table.deal_button.layout.display != "none"
    else table.buy_button,
    lambda advice: advice.hand_buttons[0],
    lambda strategy: strategy.guess.buttons["buy"] if strategy.guess.asking
    else strategy.first_menu,
    lambda simulation: simulation.guess.buttons["win"] if simulation.guess.asking
    else simulation.run_button,
    lambda chooser: chooser.next_button,
)
BUILT_PAUSE = 0.5  # seconds for a new tab's views to be drawn before the focus is sent


def build_tab(index: int, language: str) -> widgets.Widget:
    """The widget of tab `index` in `language`; its module (maybe numpy, scipy) loads only now."""
    _, module, name, options = TABS[index]
    kind = getattr(importlib.import_module(f".{module}", __package__), name)
    return kind(language=language, **{key: value() if callable(value) else value
                                       for key, value in options.items()})


def page_query() -> str:
    """The query string of the page this kernel serves, which Voilà gives as QUERY_STRING. A
    kernel from Voilà's pre-heated pool runs the notebook before anyone asks, so it first waits
    here for its visitor's request; elsewhere (JupyterLab, Voilà without a pool) at once."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        os.environ.update(visitor_request())
    return os.environ.get("QUERY_STRING", "")


def visitor_request() -> dict[str, str]:
    """What Voilà sends a pre-heated kernel of its visitor's request (QUERY_STRING...), read
    from Voilà's websocket voila/query/<kernel id> as voila.utils.wait_for_request reads it, but
    without importing Voilà into the kernel (42 MB); in a thread, as the kernel's loop runs here."""
    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID')}")
    received: list[str] = []

    async def receive() -> None:
        from tornado.websocket import websocket_connect

        while not received:  # Voilà keeps the request for a kernel that connects again
            try:
                connection = await websocket_connect(url, connect_timeout=30)
                message = await connection.read_message()
                connection.close()
            except Exception:  # noqa: BLE001 (closed, refused, timed out: try again)
                message = None
            if isinstance(message, str):
                received.append(message)
            else:
                await asyncio.sleep(1)

    worker = threading.Thread(target=lambda: asyncio.run(receive()))
    worker.start()
    worker.join()
    return dict(json.loads(received[0])) if received else {}


def language_from_query(query: str, default: str = "en") -> str:
    """The app's language from its link's query string ('lang=ru' -> 'ru'); else `default`,
    the language of the notebook that opens the app (the Russian app opens in Russian)."""
    default = check_language(default)
    asked = parse_qs(query.lstrip("?")).get("lang", [""])[0]
    language = asked.strip().lower().replace("_", "-").partition("-")[0]
    return language if language in LANGUAGE_NAMES else default


class CourseApp(Bilingual, widgets.VBox):
    """Tabs built when first opened (so the app opens fast), driven by one language switch."""

    def __init__(self, language: str = "en"):
        super().__init__()
        self.add_class("t21-app")
        self.header = widgets.HTML()
        self.header.add_class("t21-app-header")
        self.about = widgets.HTML()  # the rules and their source, folded at the app's foot
        self.about.add_class("t21-app-about")
        # each tab a box of its own from the start, the tab's widget put in it when built: the
        # Tab's children never change, so the page does not redraw its tab bar while a second
        # tab is tapped (UX review 14: a tab tapped while another was built was lost)
        self.loading = [widgets.HTML() for _ in TABS]
        self.tabs = widgets.Tab(children=[widgets.VBox([shown]) for shown in self.loading])
        self.tabs.add_class("t21-app-tabs")
        self.built: dict[int, widgets.Widget] = {}
        self._speak(language, lambda callback: callback)
        self.language_toggle.add_class("t21-app-language")
        self.tabs.observe(lambda change: self.chosen(change["new"]), names="selected_index")
        top = widgets.HBox([self.header, self.language_toggle],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        # (the citation at the foot: UX review 12 read «Source» at the top as source code)
        self.children = [top, self.tabs, self.about]
        self._apply_language(self._language)
        self.show_tab(0)

    def chosen(self, index: int | None) -> None:
        """A tab chosen by the student: built if new, then the focus on its first action (so a
        keyboard's user, and a screen reader, land in the panel just opened)."""
        fresh = index is not None and index not in self.built
        self.show_tab(index)
        if index is None:
            return
        shown = self.built[index]
        control = FIRST_CONTROL[index](shown)

        def into_view() -> None:
            if hasattr(shown, "came_into_view"):  # (a scrolled picture brings its choice in)
                shown.came_into_view()
            control.focus()

        loop = running_loop()
        if fresh and loop is not None:  # (once the page has drawn the new tab's views)
            loop.call_later(BUILT_PAUSE, into_view)
        else:
            into_view()

    def show_tab(self, index: int | None) -> None:
        """Build the widget of tab `index` the first time it is shown, in the app's language."""
        if index is None or index in self.built:
            return
        widget = build_tab(index, self._language)
        widget.language_toggle.layout.display = "none"
        self.built[index] = widget
        self.tabs.children[index].children = (widget,)
        if self.tabs.selected_index != index:
            self.tabs.selected_index = index

    def _apply_language(self, language: str) -> None:
        self._language = language
        title, intro = (escape(text(key, language)) for key in ("app_title", "app_intro"))
        name, dash, subtitle = title.partition(" — ")  # (a phone shows the name alone)
        self.header.value = (f"{TAB_STYLE}{APP_STYLE}{POINTER_MODE}"
                             f"<h2 style='margin:0.2em 0'>{name}"
                             f"<span class='t21-app-subtitle'>{dash}{subtitle}</span></h2>"
                             f"<p class='t21-app-intro' style='margin:0 0 0.5em 0'>{intro}</p>")
        self.about.value = (f"<details><summary>{escape(text('app_about', language))}</summary>"
                            f"<p style='margin:0 0 0.4em 0'>{intro}</p>{rules_list(language)}"
                            "</details>")
        self.tabs.titles = [text(tab[0], language) for tab in TABS]
        for index, loading in enumerate(self.loading):
            if index in self.built:
                self.built[index].language = language
            else:
                loading.value = f"<i>{escape(text('app_loading', language))}</i>"


def page_app(default: str = "en") -> CourseApp:
    """The app in the language of the page's link, else `default` (language_from_query). In a
    kernel of Voilà's pre-heated pool, a first app is built and closed before the visitor comes,
    so that their own, built in their language once they arrive, costs only the widgets."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        CourseApp(language=default)  # loads the table's modules, as its first tab does
        widgets.Widget.close_all()  # no front end has seen it: nothing else to close
    return CourseApp(language=language_from_query(page_query(), default=default))
