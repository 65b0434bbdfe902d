"""The value of a hand: its best total, soft or hard, natural or bust (R2, R3; other games'
points and naturals through their RuleSet)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..words.errors import CardError
from ..words.messages import message
from ..words.validate import is_whole, quote, refuse
from .cards import RANKS, HandLike, parse_cards
from .rules import RuleSet, RulesLike, rule_set

STANDARD_FACES = (10, 10, 10)  # the points of J, Q, K in the historical game (R2)


class HandValue(NamedTuple):
    """A hand's best total, whether an ace counts 11 in it, and whether it is a natural or bust."""

    total: int
    soft: bool
    natural: bool
    bust: bool


def card_points(rank: str, face_values: tuple[int, int, int] = STANDARD_FACES) -> int:
    """The points of one rank, an ace counted 1 (R2); face_values are those of J, Q, K."""
    if not isinstance(rank, str) or rank not in RANKS:
        raise CardError("card_rank", rank=quote(rank))
    _check_face_values(face_values)
    return _points(rank, face_values)


def _check_face_values(face_values: object) -> None:
    """Refuse face_values that are not three whole numbers, the points of J, Q, K (R2)."""
    if not isinstance(face_values, (tuple, list)) or len(face_values) != 3 or not all(
            map(is_whole, face_values)):
        refuse("face_values", face_values, message("use.face_values"), CardError)


def _points(rank: str, face_values: Sequence[int]) -> int:
    """card_points of a rank and face_values already checked (R2)."""
    if rank == "A":
        return 1
    if rank in ("J", "Q", "K"):
        return int(face_values["JQK".index(rank)])
    return int(rank)


def hand_value(cards: HandLike, rules: RulesLike | None = None) -> HandValue:
    """The best total of a hand, soft or hard, natural or bust (R2, R3; ochko via rules, a
    RuleSet or the name of one in VARIANTS)."""
    cards = parse_cards(cards)
    if not cards:
        raise CardError("hand_empty")
    checked = None if rules is None else rule_set(rules, error=CardError)
    face_values = STANDARD_FACES if checked is None else checked.face_values
    points = sum(_points(c.rank, face_values) for c in cards)
    return value_of(points, sum(c.rank == "A" for c in cards), len(cards), checked)


def value_of(points: int, aces: int, cards: int, rules: RuleSet | None) -> HandValue:
    """The value of `cards` cards with these points (aces counted 1) and aces (R2, R3)."""
    if rules is not None and rules.two_aces_natural and cards == 2 and aces == 2:
        return HandValue(21, False, True, False)
    if rules is not None and not rules.ace_soft:
        total = points + 10 * aces
        return HandValue(total, False, cards == 2 and total == 21, total > 21)
    soft = aces > 0 and points + 10 <= 21
    total = points + 10 if soft else points
    return HandValue(total, soft, cards == 2 and total == 21, total > 21)
