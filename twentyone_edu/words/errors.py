"""The errors every public function raises, and the one test of what a language is.

An error carries its message (messages.Message: a stable code and its parameters); its English
is str(error), and `in_language(language)` words it in another language. `check_language` is
the one function that decides what a language is, here because an error's own method needs it;
every entry point that takes a language calls it before a catalog is opened.
"""

from __future__ import annotations

from .catalogs import LANGUAGES
from .messages import Message, phrase, quote


class TwentyOneError(ValueError):
    """Base class of every error the package raises on bad input or an illegal action.

    `message` is what went wrong as data (`code`, a key of messages.ENGLISH, and `params`
    that fill its template): str(error) is the English message, `in_language(language)` the
    message in another language.
    """

    def __init__(self, code: str, /, **params: object) -> None:
        self.message = Message(code, params)
        self.code, self.params = code, params
        super().__init__(phrase(code, params, "en"))

    def in_language(self, language: str) -> str:
        """The message in `language` ('en' or 'ru')."""
        return phrase(self.code, self.params, check_language(language))


class CardError(TwentyOneError):
    """A card, hand or shoe that cannot exist (R1–R3)."""


class RuleError(TwentyOneError):
    """A rule set, variant, policy or parameter that is not valid (R4–R20)."""


class StakeError(TwentyOneError):
    """A stake that is not a positive whole number within the purse (R5–R6)."""


class IllegalAction(TwentyOneError):
    """An action at the table out of turn or out of order (R7–R20)."""


def check_language(language: object) -> str:
    """`language` if the package speaks it (catalogs.LANGUAGES: 'en' or 'ru'); else a
    RuleError that quotes it briefly."""
    if isinstance(language, str) and language in LANGUAGES:
        return language
    raise RuleError("language", language=quote(language))
