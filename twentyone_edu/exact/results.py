"""The shapes of the exact engine's arguments and results, named for readers and type checkers.

Every chance is a `fractions.Fraction`. An outcome is how a hand ends: 'natural' (R3), 'bust'
(R13) or a final total, an int (a drawn 21 is the int 21, R12): game.rules.Outcome.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, TypeAlias, TypedDict

from ..game.rules import Outcome

Distribution: TypeAlias = dict[Outcome, Fraction]  # outcome -> its chance; the chances add to 1
Policy: TypeAlias = int | Literal["optimal"]  # buy while the best total is below N, or the best
Choice: TypeAlias = Literal["stand", "draw", "either"]


class DecisionValues(TypedDict):
    """The player's expected result, stake 1, of standing now and of buying one card (R9–R17)."""

    stand: Fraction
    draw: Fraction


class DecisionRow(TypedDict):
    """One hand's values of standing and buying, given no banker natural (R9–R17)."""

    hand: str  # one rank per value class, e.g. 'A 9' or '10 10'
    cards: int
    total: int
    soft: bool
    stand: Fraction
    draw: Fraction
    gain: Fraction  # draw − stand
    best: Choice  # 'either' on an exact tie


class StrategyRow(DecisionRow):
    """A row of exact.strategy_table: a two-card hand and the chance of being dealt it (R7)."""

    probability: Fraction


class AdviceRow(DecisionRow):
    """A row of exact.advice_check: a 19 or 20, and whether standing is at least as good."""

    advice_holds: bool


class BankPrice(TypedDict):
    """exact.bank_price: the banker's gain per round, cards, rounds, worth and price (R20)."""

    gain_per_round: Fraction
    cards_per_round: Fraction
    rounds: Fraction
    value: Fraction
    price: Fraction
