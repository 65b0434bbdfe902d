"""A table event as a message code and its parameters (messages.py), for the log and the
settlement (R4–R20): which words fit an event is decided here, from its data, once.

Only what the players may see is put in: closed cards and hidden totals stay out (R8, R12).
"""

from __future__ import annotations

from fractions import Fraction

from .messages import Message, Money, message
from .results import Outcome
from .table import Event


def event_message(event: Event) -> Message:
    """The message of one event: its kind, with the parameters its words need."""
    if event.kind == "payment":
        return payment_message(event)
    code = f"event.{event.kind}"
    if event.kind == "shuffle" and event.rule == "R4":
        code = "event.shuffle_r4"
    elif event.kind == "banker_draw" and event.cards and event.cards[-1].rank == "A":
        code = "event.banker_draw_ace"
    amount = None if event.amount is None else \
        Money(event.amount, sign=event.kind == "round_settled")
    return message(code, seat=event.seat, other=event.other, round=event.round_number,
                   cards=" ".join(str(card) for card in event.cards), total=event.total,
                   amount=amount)


def payment_message(event: Event) -> Message:
    """One payment: the player's hand against the banker's, who pays whom, how many stakes or
    the stake and late addition it was paid on, and the rule (R6, R9–R17)."""
    amount = Fraction(event.amount or 0)
    if amount > 0:
        money = message("pay.won", amount=Money(amount))
    elif amount < 0:
        money = message("pay.lost", amount=Money(-amount))
    else:
        money = message("pay.zero")
    if event.late:
        terms: Message | str = message("pay.late", stake=Money(event.stake),
                                       late=Money(event.late))
    elif amount and event.stake:
        terms = message("pay.times", times=Money(abs(amount) / event.stake))
    else:
        terms = ""
    return message("event.payment", seat=event.seat, mine=_mine(event.outcome),
                   vs=_against(event.against), money=money, terms=terms, rule=event.rule)


def _mine(outcome: Outcome | None) -> Message | int | None:
    if isinstance(outcome, str):  # 'natural' or 'bust'
        return message(f"pay.{outcome}")
    return message("pay.drawn_21") if outcome == 21 else outcome


def _against(against: Outcome | None) -> Message | str:
    if against is None:
        return ""
    if isinstance(against, str):  # 'natural' or 'bust'
        return message(f"vs.{against}")
    return message("vs.drawn_21") if against == 21 else message("vs.total", total=against)
