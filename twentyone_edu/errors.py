"""The errors every public function raises: each carries a stable code and its parameters
(messages.py), and its English message names the bad value and what is valid."""

from __future__ import annotations

from .messages import say


class TwentyOneError(ValueError):
    """Base class of every error the package raises on bad input or an illegal action.

    `code` is a key of messages.ENGLISH and `params` fill its template: str(error) is the
    English message, `in_language(language)` the message in another language.
    """

    def __init__(self, code: str, /, **params: object) -> None:
        self.code, self.params = code, params
        super().__init__(self.in_language("en"))

    def in_language(self, language: str) -> str:
        """The message in `language` ('en' or 'ru')."""
        return say(self.code, self.params, language)


class CardError(TwentyOneError):
    """A card, hand or shoe that cannot exist (R1–R3)."""


class RuleError(TwentyOneError):
    """A rule set, variant, policy or parameter that is not valid (R4–R20)."""


class StakeError(TwentyOneError):
    """A stake that is not a positive whole number within the purse (R5–R6)."""


class IllegalAction(TwentyOneError):
    """An action at the table out of turn or out of order (R7–R20)."""
