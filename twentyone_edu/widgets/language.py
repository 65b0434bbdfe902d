"""The one language mechanism of every course widget: a `language` property and a visible switch.

Each widget (the table, the explorers, the banker chooser, the quiz) mixes in `Bilingual`: its
`language` is 'en' or 'ru'; setting it, or pressing the switch `language_toggle` (buttons
"English" / "Русский", CSS class t21-language), relabels the whole widget at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from .i18n import LANGUAGE_NAMES, check_language

if TYPE_CHECKING:
    from .common import MessageLine


def language_toggle(language: str) -> widgets.ToggleButtons:
    """Buttons that switch a widget between English and Russian while it is in use."""
    toggle = widgets.ToggleButtons(
        options=[(name, code) for code, name in LANGUAGE_NAMES.items()],
        value=check_language(language), style={"button_width": "7em"})
    toggle.add_class("t21-language")
    return toggle


class Bilingual:
    """A widget that speaks English and Russian: `language`, and the switch `language_toggle`.

    The widget calls `_speak(language, guard)` once while it is built; `guard(callback)` makes
    the switch's observer from a callback taking any arguments, so that an error is shown in the
    widget, never as a traceback. `_apply_language(language)` shows everything again in
    `language`: by default the widget's `message` line and whatever its `_relabel()` writes.
    """

    _language: str
    language_toggle: widgets.ToggleButtons
    message: MessageLine  # each widget's own
    _relabel: Callable[[], None]  # each widget's own

    def _speak(self, language: str, guard: Callable[[Callable], Callable]) -> None:
        """Start in `language`, with the switch that changes it."""
        self._language = check_language(language)
        self.language_toggle = language_toggle(self._language)
        self.language_toggle.observe(guard(lambda *_: self._toggled()), names="value")

    def _toggled(self) -> None:
        """Show the widget in the language chosen; a switch left with no choice (None, which
        ipywidgets allows) goes back to the language on show."""
        if self.language_toggle.value is None:
            self.language_toggle.value = self._language
        else:
            self._apply_language(self.language_toggle.value)

    def _apply_language(self, language: str) -> None:
        """Show the message line and every label again in `language`."""
        self._language = language
        self.message.set_language(language)
        self._relabel()

    @property
    def language(self) -> str:
        """'en' or 'ru'; setting it shows the whole widget again in that language."""
        return self._language

    @language.setter
    def language(self, language: str) -> None:
        self.language_toggle.value = check_language(language)

