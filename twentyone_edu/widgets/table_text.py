"""The live table's structured events in words, English or Russian, for the log and settlement:
table_messages.py gives each event its code and parameters, the catalogs word them.

Only what the players may see is written: closed cards and hidden totals stay out (R8, R12).
"""

from __future__ import annotations

from ..game.events import Event, event_message, payment_message
from ..words.wording import say


def payment_line(event: Event, language: str = "en") -> str:
    """One payment in words with its rule, e.g. 'Vera: a drawn 21 … — paid 10 (2× …) (R12)'."""
    return say(*payment_message(event), language)


def event_line(event: Event, language: str = "en") -> str:
    """One event in words for the log."""
    return say(*event_message(event), language)
