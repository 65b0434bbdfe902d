"""The banker's natural (R3, R9): the ways to deal one, and its chance from any shoe.

A natural is decided by the banker's first two cards. Counted in ordered ways: a pair of value
classes i, j gives n_i · n_j orders, or n_i · (n_i − 1) when both cards are of class i; the
chance is that count over the ordered ways to deal the cards still to come.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import perm

from ..words.errors import CardError
from .composition import ValueClasses


@lru_cache(maxsize=64)
def natural_pairs(classes: ValueClasses, start: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The class sequences that complete a banker natural from his start (R3, R9)."""
    size = classes.size
    if sum(start) == 1:
        return tuple((j,) for j in range(size)
                     if classes.state(tuple(s + (i == j) for i, s in enumerate(start))).natural)
    if sum(start) == 0:
        return tuple((i, j) for i in range(size) for j in range(size)
                     if classes.state(tuple((k == i) + (k == j) for k in range(size))).natural)
    return ()


def natural_ways(pairs: tuple[tuple[int, ...], ...], counts: Sequence[int]) -> int:
    """Ordered ways to deal the banker a natural from these counts: n_j for a single card j;
    n_i · n_j for a pair of classes i, j, or n_i · (n_i − 1) when both are of class i."""
    total = 0
    for pair in pairs:
        if len(pair) == 1:
            total += counts[pair[0]]
        else:
            i, j = pair
            total += counts[i] * (counts[j] - (i == j))
    return total


def banker_natural_chance(classes: ValueClasses, start: tuple[int, ...],
                          counts: Sequence[int]) -> Fraction:
    """P(the banker's closed cards, dealt from these counts after his start, are a natural) (R9)."""
    need = 2 - sum(start)
    pairs = natural_pairs(classes, start)
    return Fraction(natural_ways(pairs, counts), perm(sum(counts), need))


def no_banker_natural(classes: ValueClasses, start: tuple[int, ...],
                      counts: Sequence[int]) -> Fraction:
    """P(no banker natural), refusing a shoe that surely gives him one (nothing to decide)."""
    chance = 1 - banker_natural_chance(classes, start, counts)
    if chance == 0:
        raise CardError("sure_natural")
    return chance
