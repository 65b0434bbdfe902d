"""Every label, message and explanation the widgets show, in English and Russian, in one place."""

from __future__ import annotations

from ..errors import RuleError

LANGUAGES = ("en", "ru")

# key -> (English, Russian); format fields in braces are filled by text(key, language, **fields)
TEXT: dict[str, tuple[str, str]] = {
    "language": ("Language", "Язык"),
}


def check_language(language: str) -> str:
    """The language code if it is one the widgets speak ('en' or 'ru')."""
    if language not in LANGUAGES:
        raise RuleError(f"language={language!r} is not available (use 'en' or 'ru')")
    return language


def text(key: str, language: str = "en", **fields) -> str:
    """The widget text for `key` in `language`, with the format fields filled in."""
    english, russian = TEXT[key]
    template = russian if check_language(language) == "ru" else english
    return template.format(**fields) if fields else template
