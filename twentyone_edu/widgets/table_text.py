"""The live table's structured events in words, English or Russian, for the log and settlement.

Only what the players may see is written: closed cards and hidden totals stay out (R8, R12).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import numerals
from ..table import Event
from .i18n import TEXT, text


def cards_text(cards) -> str:
    """Cards as short text, e.g. 'K♠ 9♥'."""
    return " ".join(str(card) for card in cards)


def _mine(outcome, language: str) -> str:
    if outcome in ("natural", "bust"):
        return text(f"pay_{outcome}", language)
    return text("pay_drawn_21", language) if outcome == 21 else str(outcome)


def _against(against, language: str) -> str:
    if against is None:
        return ""
    if against in ("natural", "bust"):
        return text(f"vs_{against}", language)
    if against == 21:
        return text("vs_drawn_21", language)
    return text("vs_total", language, total=against)


def payment_line(event: Event, language: str = "en") -> str:
    """One payment in words with its rule, e.g. 'Vera: a drawn 21 … — paid 10 (2× …) (R12)';
    the event carries the stake and late addition it was paid on (R5, R6)."""
    amount = event.amount
    if amount > 0:
        money = text("pay_won", language, amount=numerals.money(amount, language))
    elif amount < 0:
        money = text("pay_lost", language, amount=numerals.money(-amount, language))
    else:
        money = text("pay_zero", language)
    if event.late:
        money += text("pay_late", language, stake=numerals.money(event.stake, language),
                      late=numerals.money(event.late, language))
    elif amount and event.stake:
        times = numerals.money(abs(Fraction(amount)) / event.stake, language)
        money += text("pay_times", language, times=times)
    return text("pay_line", language, seat=event.seat, mine=_mine(event.outcome, language),
                vs=_against(event.against, language), money=money, rule=event.rule)


def event_line(event: Event, language: str = "en") -> str:
    """One event in words for the log; a kind without a translation keeps the engine's text."""
    if event.kind == "payment":
        return payment_line(event, language)
    key = f"ev_{event.kind}"
    if event.kind == "shuffle" and event.rule == "R4":
        key = "ev_shuffle_r4"
    elif event.kind == "banker_draw" and event.cards and event.cards[-1].rank == "A":
        key = "ev_banker_draw_ace"
    if key not in TEXT:
        return event.text
    amount: Any = event.amount  # shown as text below
    if event.kind == "round_settled":
        amount = numerals.money(amount, language, sign=True)
    elif amount is not None:
        amount = numerals.money(amount, language)
    return text(key, language, seat=event.seat, other=event.other, round=event.round_number,
                cards=cards_text(event.cards), total=event.total, amount=amount)
