"""How each language writes a card's rank (R1): A K Q J in English, Т К Д В in Russian (туз,
король, дама, валет); numbers and suits are the same in both.

A text of cards here is already known to be one: a card ('K♠'), a hand ('A K 10'), or a value
class of the engine ('10/J/Q/K'). Reading the Russian letters back is game/cards.py's.
"""

from __future__ import annotations

import re

LETTERS: dict[str, dict[str, str]] = {
    "en": {},
    "ru": {"A": "Т", "K": "К", "Q": "Д", "J": "В"},
}
_LETTER = re.compile(r"(?<![A-Za-z])[AKQJ](?![A-Za-z])")


def written(cards: str, language: str) -> str:
    """`cards`, a text of ranks and suits, with the ranks in `language`'s letters."""
    letters = LETTERS[language]
    if not letters:
        return cards
    return _LETTER.sub(lambda found: letters[found.group()], cards)
