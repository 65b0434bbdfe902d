"""GuessFirst: the class guesses buy or stand before the exact answer shows (R11); the answer's
widgets stay hidden until a guess or «Show the answer», then the guess is said right or not."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import ipywidgets as widgets

from .common import COLOURS, WAIT_STYLE, escape
from .i18n import text

VERDICTS = ("buy", "stand")  # the two guesses; an answer may also be "equal" (both right)
# An answer waiting for the guess is hidden by a class named five times, more specific than any
# rule of the app's style that shows a part of an answer (a phone's one-line answer over the
# map); the question is said in the type of the verdict it waits for, the two guesses as bold
# as the verdict's first word.
GUESS_STYLE = ("<style>.t21-guess-hidden.t21-guess-hidden.t21-guess-hidden.t21-guess-hidden"
               ".t21-guess-hidden { display: none !important; } "
               ".t21-guess-prompt { font-weight: bold; font-size: 1.15em; } "
               ":is(.t21-guess-buy, .t21-guess-stand, .t21-guess-win, .t21-guess-lose) { "
               "font-weight: bold !important; border: 2px solid #1f4e9c !important; "
               "background: white !important; margin: 2px 8px 2px 0 !important; "
               "min-width: 6em; } .t21-guess-chosen.t21-guess-chosen { "
               "background: #1f4e9c !important; color: white !important; }</style>")


class GuessFirst(widgets.VBox):
    """A guess row put before an answer: «Buy», «Stand» and «Show the answer»; a switch turns it
    off, so that every answer shows at once (the lessons' default).

    `verdicts`: the two guesses, each labelled guess_<verdict> and said as <words><verdict>.
    `kept`: a guess is kept until the owner's answer comes (a run ends: `reveal` from the
    owner), not shown at once (UX review 24: «Simulation» asked for no prediction)."""

    def __init__(self, language: str, on: bool, show_key: str, after: Callable[[], None],
                 cover_key: str | None = None, verdicts: tuple[str, str] = VERDICTS,
                 words: str = "strategy_", kept: bool = False):
        super().__init__()
        self.verdicts, self.words, self.kept = verdicts, words, kept
        self.add_class("t21-guess")
        self.language = language
        self.show_key = show_key  # "guess_show" or "guess_show_map"
        self.after = after  # where the keyboard's focus goes once the answer shows
        self.question: Hashable = None  # what the answer shown or hidden belongs to
        self.hand: Hashable = None  # the hand the question is about
        self.answer: str | None = None  # 'buy', 'stand', 'equal'; None: nothing to decide
        self.revealed = not on
        self.hidden: tuple[widgets.Widget, ...] = ()
        self.cover_key = cover_key  # the words of `cover`, or None for no cover
        # (where a hidden picture goes, a box that says it comes after the guess)
        self.cover = widgets.HTML()
        self.cover.add_class("t21-guess-cover")
        self.right = self.guesses = 0
        self._prompt = ""  # the question as HTML
        self._guess: str | None = None  # the guess made, if any
        self.switch = widgets.ToggleButton(value=on, layout=widgets.Layout(width="auto"))
        self.switch.add_class("t21-guess-switch")
        self.switch.observe(lambda _: self._switched(), names="value")
        self.prompt = widgets.HTML()
        self.prompt.add_class("t21-guess-prompt")
        self.buttons = {}
        for verdict in (*verdicts, "show"):
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class(f"t21-guess-{verdict}")
            button.on_click(lambda _, verdict=verdict: self.reveal(verdict))
            self.buttons[verdict] = button
        self.said = widgets.HTML()
        self.said.add_class("t21-guess-said")
        self.row = widgets.HBox(list(self.buttons.values()),
                                layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [self.prompt, self.row, self.said]
        for widget in (self.prompt, self.row, self.cover):  # (nothing to guess until asked)
            widget.add_class("t21-guess-hidden")
        self.relabel(language)

    def relabel(self, language: str) -> None:
        """Every label in `language`."""
        self.language = language
        # (its state in its words: UX review 25 read a switch as a button to press)
        self.switch.description = text("guess_switch" if self.switch.value else "guess_switch_off",
                                       language)
        self.switch.tooltip = text("guess_switch_tip", language)
        self.switch.icon = "check" if self.switch.value else ""
        for verdict in self.verdicts:
            self.buttons[verdict].description = text(f"guess_{verdict}", language)
        self.buttons["show"].description = text(self.show_key, language)
        if self.cover_key:
            self.cover.value = (f'<div role="status" style="{WAIT_STYLE}">'
                                f'{escape(text(self.cover_key, language))}</div>')
        self._say()

    @property
    def asking(self) -> bool:
        """Whether a question is on show, waiting for the class's guess."""
        return self.question is not None and not self.revealed

    def hold(self, hidden: tuple[widgets.Widget, ...]) -> None:
        """Hide the answer's widgets from the start, while the first question is worked out
        (UX review 24: a phone's first seconds showed «The chart is being drawn…» where the
        question was to come)."""
        self.hidden = hidden
        if not self.revealed:
            for widget in hidden:
                widget.add_class("t21-guess-hidden")

    def ask(self, question: Hashable, prompt: str, answer: str | None,
            hidden: tuple[widgets.Widget, ...], hand: Hashable = None) -> None:
        """The answer to `question` about `hand` is `answer`, shown by `hidden`: hide them until
        a guess, unless this question's answer is already out or the switch is off. `prompt` is
        HTML. Another hand under the same question (a map shown) drops the guess said: it was
        about the hand before (UX review 22 saw «stand: not this time» under 5 + 5)."""
        if question != self.question:
            self.question = question
            self.revealed = not self.switch.value
            self._guess = None
        if hand != self.hand:
            self.hand, self._guess = hand, None
        self.answer, self.hidden, self._prompt = answer, hidden, prompt
        self._show()

    def reveal(self, guess: str) -> None:
        """A guess (one of the verdicts) or 'show': the answer shows, the guess said right or
        not. With `kept`, a guess is only kept and said until the owner's answer comes:
        reveal('kept') then shows it and judges the guess kept."""
        if self.revealed:
            return
        if self.kept and guess in self.verdicts:
            self._guess = guess
            self._show()
            return
        if guess == "kept":
            guess = self._guess or "show"
        self.revealed, self._guess = True, None if guess == "show" else guess
        if self._guess is not None and self.answer is not None:
            self.guesses += 1
            self.right += self.answer in ("equal", guess)
        self._show()
        self.after()

    def _switched(self) -> None:
        self.revealed = self.revealed or not self.switch.value
        self.relabel(self.language)
        self._show()

    def _show(self) -> None:
        waiting = not self.revealed
        for widget in self.hidden:
            (widget.add_class if waiting else widget.remove_class)("t21-guess-hidden")
        for widget in (self.prompt, self.row, self.cover):
            (widget.remove_class if waiting else widget.add_class)("t21-guess-hidden")
        for verdict in self.verdicts:  # a natural has nothing to guess (R3, R10)
            self.buttons[verdict].layout.display = None if self.answer else "none"
            chosen = waiting and verdict == self._guess  # (a kept guess: the class's choice)
            (self.buttons[verdict].add_class if chosen else
             self.buttons[verdict].remove_class)("t21-guess-chosen")
        self.layout.display = None if self.switch.value else "none"
        self._say()

    def _say(self) -> None:
        """The prompt, and once the answer shows, whether the guess was right, with the tally."""
        lang, guess = self.language, self._guess
        self.prompt.value = GUESS_STYLE + self._prompt
        if not self.revealed and guess is not None:  # (kept until the answer comes)
            kept = text("guess_kept", lang, guess=text(self.words + guess, lang))
            self.said.value = f"<b>{escape(kept)}</b>"
            return
        if not self.revealed or guess is None or self.answer is None:
            self.said.value = ""
            return
        key = "guess_either" if self.answer == "equal" else \
            "guess_right" if guess == self.answer else "guess_wrong"
        colour = COLOURS["error" if key == "guess_wrong" else "right"]
        tally = text("guess_tally", lang, right=self.right, guesses=self.guesses)
        said = text(key, lang, guess=text(self.words + guess, lang))
        self.said.value = (f"<span style='color:{colour}'><b>{escape(said)}</b></span> "
                           f"{escape(tally)}")
