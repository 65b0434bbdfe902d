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
    """Why a payment was made, in plain words, where its line does not say it (UX review 21:
    «20 against the banker's 20, lost 1» left the tie unexplained): a tie (R17), a banker's
    natural or 21 taking more than a stake (R9, R15), a drawn 21 paid more (R12); "" where the
    line says it (a higher or lower total, a natural, a bust)."""
    rule, amount = event.rule, event.amount or 0
    if rule == "R17" and event.outcome == event.against:
        return text("tw_why_R17_tie" if amount < 0 else "tw_why_R17_push", language)
    if rule == "R12" and stakes_paid(event)[0] > 1:
        return text("tw_why_R12_more", language)
    if rule in ("R9", "R15"):
        return text(f"tw_why_{rule}", language)
    return ""
