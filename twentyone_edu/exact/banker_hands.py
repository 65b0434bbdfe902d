"""The banker's hand (R9, R14): every way it can end, and the chance of each from any shoe.

The chance of one particular sequence of cards depends only on how many cards of each value
class it holds: drawing, in a given order, k_r cards of class r out of the n_r in the shoe,
k cards in all out of U, has the chance

    (n_1)_{k_1} · (n_2)_{k_2} · ... / (U)_k,

where (n)_k = n·(n-1)·...·(n-k+1) is a falling factorial. So the chance that the banker ends
holding the cards C, in whatever order they came, is

    orderings(C) · Π_r (n_r)_{k_r} / (U)_k,

where orderings(C) counts the orders in which the banker's rule (R14) really deals him C: he
stops as soon as the rule says so, so not every order of C is possible. orderings(C) is a whole
number that does not depend on the shoe. We list every final hand C once per rule set, with its
orderings, and then the banker's chances from *any* shoe are sums of products of whole numbers:
no fractions until the very end, and many shoes can be done at once with numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import perm
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

from ..game.rules import Outcome, RuleSet
from . import residues
from .composition import RADIX, ValueClasses, decode
from .results import Distribution

INT64_SAFE = 2**61  # sums below this fit in numpy's int64 with room to spare
LARGEST_WEIGHT = 2**6  # about the largest settlement weight strategy.solve passes to numerators()
MARGIN = 2**8  # the primes' product exceeds the float bound `largest` by this much at least
CHUNK = 256  # shoes done together: enough to keep numpy busy, few enough to stay in the cache
BLOCK_CELLS = 2**21  # numbers in the largest array of one block of numerators() (16 MB)


def banker_outcomes_of(rules: RuleSet) -> tuple[Outcome, ...]:
    """The ways the banker's hand can end: 'natural', a total he stands on, or 'bust' (R9, R14)."""
    return ("natural", *range(rules.banker_stands_on, 22), "bust")


def banker_stops(classes: ValueClasses, points: int, aces: int, cards: int) -> Outcome | None:
    """How the banker's hand ends, or None while he must still take a card (R7, R9, R14)."""
    if cards < 2:
        return None
    value = classes.state_of(points, aces, cards)
    if cards == 2 and value.natural:
        return "natural"
    if value.bust:
        return "bust"
    if classes.rules.banker_buys(value.total, value.soft):
        return None
    return value.total


@dataclass(frozen=True, eq=False)
class BankerHands:
    """Every final hand of the banker from a start, grouped by (cards drawn, outcome)."""

    outcomes: tuple[Outcome, ...]
    groups: tuple[tuple[int, int], ...]  # (cards drawn k, outcome index), sorted
    orderings: np.ndarray  # how many orders deal him each final hand
    low: Parts  # the distinct halves of the final hands over the low classes
    high: Parts  # ... and over the high classes
    term_part: tuple[np.ndarray, np.ndarray]  # which low and high half each final hand has
    sums: csr_matrix  # sparse matrix: row (group, high half) adds orderings · low-half products
    row_starts: np.ndarray  # hands sorted by (group, high half): where each row starts
    row_high: np.ndarray  # the high half of each row
    group_starts: np.ndarray  # the first row of each group
    largest: float  # about the largest sum numerators() can meet (shoes within the caps)
    prime_bits: int  # residues below 2^prime_bits keep a row of `sums` within int64

    @property
    def most_drawn(self) -> int:
        """The most cards the banker can draw."""
        return max(k for k, _ in self.groups)


@lru_cache(maxsize=32)
def final_hands(classes: ValueClasses, start: tuple[int, ...],
                caps: tuple[int, ...]) -> BankerHands:
    """Every final hand of a banker who starts with `start` and draws at most caps[r] of class r.

    The list is built level by level: all hands of k drawn cards with the number of orders that
    lead to each, then one more card for every hand on which the banker still buys. A hand is
    kept as one integer (composition.encode) with its points, aces and number of cards.
    """
    size = classes.size
    outcomes = banker_outcomes_of(classes.rules)
    steps = [RADIX**r for r in range(size)]
    stops: dict[tuple[int, int, int], Outcome | None] = {}
    level = {0: [1, classes.points_of(start), start[classes.ace], sum(start)]}
    finals = []
    while level:
        following: dict[int, list[int]] = {}
        for code, (ways, points, aces, cards) in level.items():
            key = (points, aces, cards)
            if key not in stops:
                stops[key] = banker_stops(classes, *key)
            if stops[key] is not None:
                finals.append((code, outcomes.index(stops[key]), ways, cards - sum(start)))
                continue
            for r in range(size):
                if (code // steps[r]) % RADIX < caps[r]:
                    more = code + steps[r]
                    if more in following:
                        following[more][0] += ways
                    else:
                        following[more] = [ways, points + classes.points[r],
                                           aces + (r == classes.ace), cards + 1]
        level = following
    return _plan(outcomes, finals, size, caps)


def _plan(outcomes: tuple[Outcome, ...], finals: list[tuple[int, int, int, int]], size: int,
          caps: tuple[int, ...]) -> BankerHands:
    """Arrange the final hands for fast sums: sorted by group, then by their high half."""
    from scipy.sparse import csr_matrix  # here, so that a table's first view waits for no scipy

    codes, outcome, orderings, drawn_cards = (np.array(column, dtype=np.int64)
                                              for column in zip(*finals, strict=True))
    split = size // 2
    low, low_of = parts_of(decode(codes, size)[:, :split], 0)
    high, high_of = parts_of(decode(codes, size)[:, split:], split)
    order = np.lexsort((low_of, high_of, outcome, drawn_cards))
    keys = np.stack([drawn_cards[order], outcome[order], high_of[order]], axis=1)
    new_row = np.ones(len(order), dtype=bool)
    new_row[1:] = np.any(keys[1:] != keys[:-1], axis=1)
    row_starts = np.flatnonzero(new_row)
    row_keys = keys[row_starts]
    new_group = np.ones(len(row_starts), dtype=bool)
    new_group[1:] = np.any(row_keys[1:, :2] != row_keys[:-1, :2], axis=1)
    group_starts = np.flatnonzero(new_group)
    row_starts = np.append(row_starts, len(order))
    sums = csr_matrix((orderings[order], low_of[order], row_starts),
                      shape=(len(row_starts) - 1, len(low.counts)))
    hands = BankerHands(
        outcomes=outcomes,
        groups=tuple((int(k), int(o)) for k, o in row_keys[group_starts, :2]),
        orderings=orderings[order],
        low=low,
        high=high,
        term_part=(low_of[order], high_of[order]),
        sums=sums,
        row_starts=row_starts[:-1],
        row_high=high_of[order][row_starts[:-1]],
        group_starts=group_starts,
        largest=0.0,
        prime_bits=min(31, (63 - int(np.diff(row_starts).max()).bit_length()) // 2),
    )
    object.__setattr__(hands, "largest", _largest_sum(hands, np.array(caps, dtype=np.int64)))
    return hands


@dataclass(frozen=True, eq=False)
class Parts:
    """Distinct part-hands over a run of classes, and how to multiply their falling factorials.

    Over one class the product Π_r (n_r)_{k_r} is read from a table of (n)_j. Over several,
    the run is cut in two and a part-hand's product is the product of its two halves' products,
    each computed once for all the part-hands that share it.
    """

    first: int  # the classes are first, first + 1, ..., first + width - 1
    counts: np.ndarray  # one row per distinct part-hand
    halves: tuple[Parts, Parts, np.ndarray, np.ndarray] | None  # (left, right, left_of, right_of)


def parts_of(counts: np.ndarray, first: int) -> tuple[Parts, np.ndarray]:
    """The distinct rows of `counts` (classes first, first + 1, ...) and which one each row is."""
    codes = counts @ (RADIX ** np.arange(counts.shape[1], dtype=np.int64))
    _, where, index_of = np.unique(codes, return_index=True, return_inverse=True)
    rows = counts[where]
    if rows.shape[1] == 1:
        return Parts(first, rows, None), index_of.reshape(-1)
    half = rows.shape[1] // 2
    left, left_of = parts_of(rows[:, :half], first)
    right, right_of = parts_of(rows[:, half:], first + half)
    return Parts(first, rows, (left, right, left_of, right_of)), index_of.reshape(-1)


def products(parts: Parts, shoes: np.ndarray, dtype: npt.DTypeLike, prime: int = 0) -> np.ndarray:
    """Π_r (n_r)_{k_r} for every part-hand k (rows) and every shoe n (columns); modulo
    `prime` if one is given (then int64 holds every product on the way)."""
    if parts.halves is None:
        counts = shoes[:, parts.first]
        table = np.ones((int(parts.counts.max(initial=0)) + 1, len(shoes)), dtype=dtype)
        for j in range(1, len(table)):
            table[j] = table[j - 1] * (counts - (j - 1))
            if prime:
                table[j] %= prime
        return table[parts.counts[:, 0]]
    left, right, left_of, right_of = parts.halves
    both = products(left, shoes, dtype, prime)[left_of] * products(right, shoes, dtype,
                                                                    prime)[right_of]
    return both % prime if prime else both


def _largest_sum(hands: BankerHands, shoe: np.ndarray) -> float:
    """Σ over all final hands of orderings · Π_r (n_r)_{k_r} for the shoe `shoe`, in floats.

    Removing cards only makes falling factorials smaller, so no smaller shoe can give a larger
    sum: this bounds every numerator (to float precision, far finer than the margin we keep).
    """
    low = products(hands.low, shoe[None, :], np.float64)[:, 0]
    high = products(hands.high, shoe[None, :], np.float64)[:, 0]
    return float(np.sum(hands.orderings * low[hands.term_part[0]] * high[hands.term_part[1]]))


def numerators(hands: BankerHands, shoes: Sequence[Sequence[int]] | np.ndarray,
               weight: int = 1) -> np.ndarray:
    """For each shoe (row) and group (column): Σ orderings(C) · Π_r (n_r)_{k_r} over the group.

    Dividing by (U)_k, U the shoe's size and k the group's cards drawn, gives the chance that the
    banker ends in that group. The sums are exact: numpy int64 when they (times `weight`, which
    the caller will multiply them by) are safely below 2^63; otherwise worked out in int64
    modulo a few primes and put together as Python integers (see residues.py). Shoes that share
    their low classes go together, in blocks that keep every array below BLOCK_CELLS numbers.
    """
    shoes = np.asarray(shoes, dtype=np.int64).reshape(len(shoes), -1)
    modular = hands.largest * max(weight, 1) >= INT64_SAFE
    primes = residues.primes_for(hands.largest * MARGIN, hands.prime_bits) if modular else ()
    split = hands.high.first
    base = int(shoes[:, :split].max(initial=0)) + 1
    _, low_of = np.unique(shoes[:, :split] @ (base ** np.arange(split, dtype=np.int64)),
                          return_inverse=True)
    per_block = max(1, BLOCK_CELLS // max(len(hands.low.counts), len(hands.row_high)))
    block_of = low_of.reshape(-1) // per_block
    sums = np.empty((len(shoes), len(hands.groups)), dtype=object if modular else np.int64)
    for block in range(int(block_of.max(initial=-1)) + 1):
        chosen = np.flatnonzero(block_of == block)
        if modular:
            sums[chosen] = residues.combine(
                [_numerators_int64(hands, shoes[chosen], p) for p in primes], primes)
        else:
            sums[chosen] = _numerators_int64(hands, shoes[chosen])
    return sums


def passes(hands: BankerHands) -> int:
    """How many int64 passes numerators() makes for these hands (1, or one per prime)."""
    if hands.largest * LARGEST_WEIGHT < INT64_SAFE:
        return 1
    return len(residues.primes_for(hands.largest * MARGIN, hands.prime_bits))


def _numerators_int64(hands: BankerHands, shoes: np.ndarray, prime: int = 0) -> np.ndarray:
    """numerators() with int64 and a sparse matrix product (fast); modulo `prime` if given.

    The sparse product depends only on a shoe's low classes, so it is done once for each
    distinct low half; the rest goes in chunks of shoes small enough to stay in the cache.
    """
    split = hands.high.first
    base = int(shoes[:, :split].max(initial=0)) + 1
    codes = shoes[:, :split] @ (base ** np.arange(split, dtype=np.int64))
    _, first, which = np.unique(codes, return_index=True, return_inverse=True)
    sums = hands.sums
    if prime:
        sums = sums.copy()
        sums.data %= prime
    shared = sums @ products(hands.low, shoes[first], np.int64, prime)
    if prime:
        shared %= prime
    chunks = []
    for i in range(0, len(shoes), CHUNK):
        rows = shared[:, which[i:i + CHUNK]]
        rows *= products(hands.high, shoes[i:i + CHUNK], np.int64, prime)[hands.row_high]
        if prime:
            rows %= prime
        groups = np.add.reduceat(rows, hands.group_starts, axis=0).T
        chunks.append(groups % prime if prime else groups)
    return np.concatenate(chunks)


def _numerators_exact(hands: BankerHands, shoes: np.ndarray) -> np.ndarray:
    """numerators() with Python integers (slow and large: the tests' independent check)."""
    low = products(hands.low, shoes, object)
    high = products(hands.high, shoes, object)
    terms = low[hands.term_part[0]] * hands.orderings.astype(object)[:, None]
    rows = np.add.reduceat(terms, hands.row_starts, axis=0)
    rows *= high[hands.row_high]
    return np.add.reduceat(rows, hands.group_starts, axis=0).T


def distribution(hands: BankerHands, shoe: tuple[int, ...]) -> Distribution:
    """The banker's final outcome from one shoe: {'natural' | total | 'bust': Fraction}."""
    size = sum(shoe)
    chances = dict.fromkeys(hands.outcomes, Fraction(0))
    sums = numerators(hands, [shoe])[0].tolist()
    for (drawn, outcome), numerator in zip(hands.groups, sums, strict=True):
        if numerator:
            chances[hands.outcomes[outcome]] += Fraction(numerator, perm(size, drawn))
    return chances
