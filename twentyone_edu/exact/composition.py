"""Hands and shoes as counts of value classes: cards that score alike are interchangeable (R1–R3).

A 10, a jack, a queen and a king all count 10 in the French pack, so for every chance in the
game only *how many* ten-valued cards there are matters, not which. Such a group of ranks is a
value class. A shoe or a hand is then a tuple of counts, one per class: the fresh two-pack shoe
is (8, 8, 8, 8, 8, 8, 8, 8, 8, 32) for A, 2, ..., 9 and the ten-valued cards. In ochko the
jack, queen and king score 2, 3 and 4, so each is a class of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..game.cards import PACKS, RANKS, Card, HandLike, Shoe, parse_cards
from ..game.hands import HandValue, card_points, value_of
from ..game.rules import RuleSet
from ..words.errors import CardError
from ..words.messages import Cards, message

RADIX = 32  # a hand in play holds at most 21 cards (each scores 1 or more, R2, R13), so its
# counts are digits below 32: even 12 classes (the most face_values can make) fit in int64
_CARDS = {rank: Card(rank) for rank in RANKS}


@dataclass(frozen=True)
class ValueClasses:
    """The value classes of one rule set's pack, ace first, then by points (R1–R3)."""

    rules: RuleSet
    ranks: tuple[tuple[str, ...], ...]
    points: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many classes there are (10 for the French pack)."""
        return len(self.ranks)

    @property
    def ace(self) -> int:
        """The index of the aces' class."""
        return 0

    def name(self, index: int) -> str:
        """A card of the class as text, e.g. '10' for the ten-valued cards."""
        return self.ranks[index][0]

    def label(self, index: int) -> str:
        """All ranks of the class, e.g. '10/J/Q/K'."""
        return "/".join(self.ranks[index])

    def of_cards(self, cards: HandLike) -> tuple[int, ...]:
        """The class counts of some cards; a rank outside the pack is a CardError."""
        counts = [0] * self.size
        for card in parse_cards(cards):
            counts[self._index(card.rank)] += 1
        return tuple(counts)

    def of_shoe(self, shoe: Shoe) -> tuple[int, ...]:
        """The class counts of a shoe; a rank outside the pack is a CardError."""
        counts = [0] * self.size
        for rank, n in shoe.counts:
            if n:
                counts[self._index(rank)] += n
        return tuple(counts)

    def cards(self, counts: Sequence[int]) -> tuple[Card, ...]:
        """Cards with these class counts, one rank standing for each class."""
        return tuple(_CARDS[self.name(i)] for i, n in enumerate(counts) for _ in range(n))

    def text(self, counts: Sequence[int]) -> str:
        """A hand as text, e.g. 'A 9' or '10 10'."""
        return " ".join(card.rank for card in self.cards(counts))

    def points_of(self, counts: Sequence[int]) -> int:
        """The points of some cards with every ace counted 1."""
        return sum(p * n for p, n in zip(self.points, counts, strict=True))

    def state(self, counts: Sequence[int]) -> HandValue:
        """hand_value of a hand with these class counts (R2, R3)."""
        return self.state_of(self.points_of(counts), counts[self.ace], sum(counts))

    def state_of(self, points: int, aces: int, cards: int) -> HandValue:
        """hand_value of a hand of `cards` cards with these points (aces counted 1) and aces.

        hand_value depends on nothing else (R2, R3), so no cards are made or parsed here.
        """
        return value_of(points, aces, cards, self.rules)

    def _index(self, rank: str) -> int:
        for i, ranks in enumerate(self.ranks):
            if rank in ranks:
                return i
        raise CardError("not_in_pack", rank=Cards(rank),  # in the reader's words and letters
                        pack=message(f"in_pack.{self.rules.pack}"),
                        ranks=Cards.of(PACKS[self.rules.pack]))


@lru_cache(maxsize=64)
def value_classes(rules: RuleSet) -> ValueClasses:
    """Group the ranks of the rules' pack by what they score, the ace in a class of its own."""
    groups: dict[tuple[bool, int], list[str]] = {}
    for rank in PACKS[rules.pack]:
        key = (rank != "A", card_points(rank, rules.face_values))
        groups.setdefault(key, []).append(rank)
    keys = sorted(groups)
    return ValueClasses(rules, tuple(tuple(groups[k]) for k in keys), tuple(k[1] for k in keys))


def fresh_counts(rules: RuleSet) -> tuple[int, ...]:
    """The class counts of a fresh shoe of rules.decks packs (R1)."""
    return value_classes(rules).of_shoe(Shoe.fresh(rules.decks, rules.pack))


def most_cards(counts: Sequence[int], points: tuple[int, ...], budget: int) -> int:
    """The largest number of cards from `counts` whose points add up to at most `budget`.

    Taking the lowest cards first gives the most cards for a given sum.
    """
    taken = 0
    for p, n in sorted(zip(points, counts, strict=True)):
        fit = min(n, max(budget, 0) // p)
        taken += fit
        budget -= fit * p
        if fit < n:
            break
    return taken


def encode(counts: Sequence[int]) -> int:
    """A hand's class counts as one integer: the digits, in base RADIX, are the counts."""
    code = 0
    for n in reversed(counts):
        code = code * RADIX + n
    return code


def decode(codes: npt.ArrayLike, size: int) -> np.ndarray:
    """Class counts (one row per hand) from encoded hands."""
    digits = np.array(codes, dtype=np.int64).reshape(-1, 1) // (RADIX ** np.arange(size))
    return digits % RADIX
