"""Shared widget helpers: escaping user text and the inline message line (never a traceback)."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ..errors import RuleError, TwentyOneError
from .i18n import check_language, text


def escape(value) -> str:
    """Any value as text that is safe inside HTML: user input never becomes markup."""
    return html.escape(str(value), quote=True)


class InputError(RuleError):
    """Bad input found by a widget itself (e.g. a seed 'xyz'); its message is in every language.

    `key` names a TEXT entry of i18n.py; `fields` fill it in.
    """

    def __init__(self, key: str, **fields):
        self.key, self.fields = key, fields
        super().__init__(text(key, "en", **fields))

    def in_language(self, language: str) -> str:
        """The message in `language`."""
        return text(self.key, language, **self.fields)


class MessageLine(widgets.HTML):
    """An inline line that shows why input was not accepted, escaped, in the widget's language.

    `guard(callback)` wraps a widget callback: a TwentyOneError is shown as "Not accepted: …";
    any other exception is a bug, shown politely and kept in `.unexpected` for the tests.
    """

    def __init__(self, language: str = "en", **kwargs):
        super().__init__(value="", **kwargs)
        self.add_class("t21-message")
        self.language = check_language(language)
        self.unexpected: list[BaseException] = []
        self._error: BaseException | None = None

    def clear(self) -> None:
        """Remove the message."""
        self._error = None
        self.value = ""

    def show(self, error: BaseException) -> None:
        """Show `error`: a TwentyOneError as "Not accepted: …", anything else as a bug."""
        self._error = error
        if isinstance(error, InputError):
            message = text("not_accepted", self.language, reason=error.in_language(self.language))
        elif isinstance(error, TwentyOneError):
            message = text("not_accepted", self.language, reason=str(error))
        else:
            message = text("unexpected", self.language, reason=type(error).__name__)
        self.value = (f'<div role="alert" style="color:#9b0000;font-weight:bold">'
                      f"⚠ {escape(message)}</div>")

    def set_language(self, language: str) -> None:
        """Switch language, showing the current message again in it."""
        self.language = check_language(language)
        if self._error is not None:
            self.show(self._error)

    def guard(self, callback: Callable, clear: bool = True) -> Callable:
        """`callback` made safe for a widget: errors become a message, never a traceback.

        The message is cleared first, unless `clear` is False (e.g. a language switch).
        """

        def guarded(*args, **kwargs):
            if clear:
                self.clear()
            try:
                return callback(*args, **kwargs)
            except TwentyOneError as error:
                self.show(error)
            except Exception as error:  # a bug: the student must still never see a traceback
                self.unexpected.append(error)
                self.show(error)
            return None

        return guarded
