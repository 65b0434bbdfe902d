"""What happens at the live table, as data: an Event per step (EVENT_KINDS says what each kind
means), and an event as a message code and its parameters (words/messages.py), for the log and
the settlement (R4–R20): which words fit an event is decided here, from its data, once.

Only what the players may see is put in a message: closed cards and hidden totals stay out
(R8, R12).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..words.messages import Cards, Message, Money, message
from .cards import Card
from .rules import Outcome

Amount = int | Fraction  # exact money at the table (R5, R6)

EVENT_KINDS = {
    "shuffle": "a fresh shoe is shuffled (R1, R18), or shuffled again after the first ace (R4)",
    "banker_draw": "`seat` is handed `cards` while the first banker is chosen (R4)",
    "banker_chosen": "`seat` holds the bank (R4)",
    "stack": "`cards` are put on top of the shoe, for a demonstration",
    "stake": "`seat` stakes `amount` more before the deal, `stake` in all (R5)",
    "late_addition": "`seat` adds `amount` after the deal, `late` in all, paid on a win if "
                     "`late_paid` (R6)",
    "round_start": "round `round_number` begins; `seat` is the banker (R7)",
    "sit_out": "`seat` has no stake and sits out the round (R5)",
    "deal": "`seat` is dealt one closed card, `cards` (hidden) (R7, R8)",
    "banker_natural": "the banker `seat` shows a natural, `cards` (R9)",
    "natural": "`seat` shows a natural, `cards` (R10)",
    "buy": "`seat` buys the open card `cards`; `total` is his new total (hidden) (R8, R11)",
    "stand": "`seat` stands; `total` (hidden) (R11)",
    "drawn_21_shown": "`seat` shows a drawn 21 at once, `cards` (R12, variant)",
    "bust": "`seat` is over 21 with `total` and shows `cards` (R13)",
    "banker_buy": "the banker `seat` buys the open card `cards`; `total` (hidden) (R8, R14)",
    "banker_stand": "the banker `seat` stands; `total` (hidden) (R14)",
    "banker_bust": "the banker `seat` is over 21 with `total` (R16)",
    "payment": "the banker `other` pays `seat` `amount` (negative: `seat` pays him) on his "
               "`stake` and `late` addition; `outcome` is the player's, `against` the banker's "
               "(None if not compared); `late_paid` says whether a late addition is paid on a "
               "win (R6), `ties_to_banker` whether a tie goes to the banker (R17)",
    "reshuffle": "the shoe ran out: the discards are shuffled to finish the round (R18)",
    "round_settled": "round `round_number` is settled; `seat` is the banker, `amount` his result",
    "bank_passes": "the bank passes from `other` to `seat`, with a fresh shoe (R18, R19)",
    "sell_bank": "`seat` buys the bank from `other` for `amount` and takes his seat (R20)",
    "stake_withdrawn": "`seat` now holds the bank, so his stake `amount` is withdrawn (R5, R20)",
}


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table: for the log and for the widgets to translate."""

    kind: str  # a key of EVENT_KINDS
    rule: str  # the rule ids it follows, e.g. 'R12' ('' for a demonstration)
    round_number: int  # 0 before the first deal
    text: str  # the event in English, citing the rule; hidden cards and totals left out
    seat: str | None = None
    other: str | None = None
    cards: tuple[Card, ...] = ()
    total: int | None = None
    amount: Amount | None = None
    outcome: Outcome | None = None
    against: Outcome | None = None
    stake: int = 0  # the seat's stake (R5), for a stake and a payment
    late: int = 0  # the seat's late additions (R6), for a late addition and a payment
    late_paid: bool | None = None  # whether a late addition is paid on a win (R6)
    ties_to_banker: bool | None = None  # whether a tie goes to the banker (R17), for a payment


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
                   cards=Cards.of(event.cards), total=event.total,
                   amount=amount)


def stakes_paid(event: Event) -> tuple[Fraction, int]:
    """How a payment is made: how many times the stake, and the late addition lost with it (0
    unless lost: a win never pays it, R6); (0, 0) without a stake or an amount (R9–R17)."""
    amount = Fraction(event.amount or 0)
    if not amount or not event.stake:
        return Fraction(0), 0
    late = event.late if amount < 0 else 0
    return (abs(amount) - late) / event.stake, late


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
    times, _ = stakes_paid(event)
    if event.late:  # lost with the stake, once however many stakes go, or handed back (R6)
        terms: Message | str = message("pay.late" if amount < 0 else "pay.late_back",
                                       stake=Money(event.stake), late=Money(event.late),
                                       times=Money(times))
    elif times:
        terms = message("pay.times", times=Money(times))
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
