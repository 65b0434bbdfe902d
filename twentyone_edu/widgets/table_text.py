"""The live table's structured events in words, English or Russian, for the log and settlement:
table_messages.py gives each event its code and parameters, the catalogs word them.

Only what the players may see is written: closed cards and hidden totals stay out (R8, R12).
"""

from __future__ import annotations

from ..game.events import Event, event_message, payment_message, stakes_paid
from ..words.wording import say
from .i18n import text


def payment_line(event: Event, language: str = "en") -> str:
    """One payment in words with its rule, e.g. 'Vera: a drawn 21 … — paid 10 (2× …) (R12)'."""
    return say(*payment_message(event), language)


def event_line(event: Event, language: str = "en") -> str:
    """One event in words for the log."""
    return say(*event_message(event), language)


def payment_why(event: Event, language: str = "en") -> str:
    """Why a payment was made, in plain words, for a reader who does not know the rule's code
    (UX review 21: «20 against the banker's 20, lost 1» left the tie unexplained; R9–R17)."""
    rule, amount = event.rule, event.amount or 0
    if rule == "R12":
        return text("tw_why_R12_more" if stakes_paid(event)[0] > 1 else "tw_why_R12", language)
    if rule == "R17":
        tie = event.outcome == event.against
        return text("tw_why_R17_won" if amount > 0 else "tw_why_R17_push" if amount == 0 else
                    "tw_why_R17_tie" if tie else "tw_why_R17_lower", language)
    return text(f"tw_why_{rule}", language)
