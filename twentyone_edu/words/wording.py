"""The engine's messages in words, for whatever shows them: the language checked, then worded
from the catalogs (messages.phrase)."""

from __future__ import annotations

from . import catalogs
from .errors import check_language
from .messages import DOMAIN, ENGLISH, phrase


def say(code: str, params: dict[str, object], language: str = "en") -> str:
    """The message `code` in `language` ('en' or 'ru') with its parameters filled in."""
    return phrase(code, params, check_language(language))


def english(code: str, params: dict[str, object]) -> str:
    """The message `code` in English with its parameters filled in."""
    return phrase(code, params, "en")


def template(code: str, language: str = "en") -> str:
    """The text of the message `code` in `language`, its fields not filled in."""
    text = ENGLISH[code]
    if not isinstance(text, str):
        raise TypeError(f"{code!r} is worded by its count: use say()")
    return catalogs.translations(DOMAIN, check_language(language)).pgettext(code, text)
