"""Cards, hands and the shoe: parsing, the value of a hand, rank counts (R1–R3)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .errors import CardError
from .limits import check_shoe_size
from .messages import message
from .validate import bounded, is_array, is_whole, one_of, quote, refuse, short_text, whole

if TYPE_CHECKING:
    from .results import HandLike
    from .rules import RuleSet

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_PACK = RANKS  # 52 cards: 4 of each of 13 ranks (R1)
RUSSIAN_PACK = ("A", "6", "7", "8", "9", "10", "J", "Q", "K")  # 36 cards, for ochko
PACKS = {"french52": FRENCH_PACK, "russian36": RUSSIAN_PACK}
SUITS = ("♠", "♥", "♦", "♣")

_RANK_ALIASES = {"T": "10"} | {r: r for r in RANKS}
_SUIT_ALIASES = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"} | {s: s for s in SUITS}
_RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king",
}
_SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
MOST_CARDS = 8 * 52  # the largest shoe of R1: no hand, seen list or shoe holds more
# ASCII letters only, in either case: .upper() would make the long s 'ſ' an 'S' (a spade)
_CARD_TOKEN = re.compile(r"(10|[2-9]|[AJQKTajqkt])([SHDCshdc♠♥♦♣]?)")


@dataclass(frozen=True, order=True)
class Card:
    """One playing card: a rank from A, 2–10, J, Q, K and an optional suit (R1)."""

    rank: str
    suit: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.rank, str) or self.rank not in RANKS:
            raise CardError("card_rank", rank=quote(self.rank))
        if self.suit is not None and (not isinstance(self.suit, str) or self.suit not in SUITS):
            raise CardError("card_suit", suit=quote(self.suit))

    @property
    def name(self) -> str:
        """The card in words, e.g. 'king of spades', the text alternative for screen readers."""
        rank = _RANK_NAMES[self.rank]
        return f"{rank} of {_SUIT_NAMES[self.suit]}" if self.suit else rank

    def __str__(self) -> str:
        return self.rank + (self.suit or "")


def parse_card(token: str) -> Card:
    """One card from text like 'K', 'q♠', '10h', 'T' (R1)."""
    match = _CARD_TOKEN.fullmatch(token.strip()) if isinstance(token, str) else None
    if not match:
        raise CardError("card_token", token=quote(token))
    rank, suit = match.groups()
    return Card(_RANK_ALIASES[rank.upper()], _SUIT_ALIASES[suit.lower()] if suit else None)


def parse_cards(text: HandLike) -> tuple[Card, ...]:
    """Cards from text like 'A K 10 9 q♠' or from an iterable of cards or tokens (R1)."""
    if isinstance(text, Card):
        return (text,)
    if isinstance(text, str):
        tokens = [t for t in re.split(r"[\s,;]+", short_text(text, "cards", error=CardError)) if t]
    elif is_array(text) or not isinstance(text, Iterable):
        raise CardError("card_list", text=quote(text))
    else:
        tokens = bounded(text, "cards", MOST_CARDS, CardError,
                         message("use.most_cards", most=MOST_CARDS))
    if len(tokens) > MOST_CARDS:
        raise CardError("cards_too_many", text=quote(text), n=len(tokens), most=MOST_CARDS)
    return tuple(t if isinstance(t, Card) else parse_card(t) for t in tokens)


class HandValue(NamedTuple):
    """A hand's best total, whether an ace counts 11 in it, and whether it is a natural or bust."""

    total: int
    soft: bool
    natural: bool
    bust: bool


def card_points(rank: str, face_values: tuple[int, int, int] = (10, 10, 10)) -> int:
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


def hand_value(cards: HandLike, rules: RuleSet | None = None) -> HandValue:
    """The best total of a hand, soft or hard, natural or bust (R2, R3; ochko via rules)."""
    cards = parse_cards(cards)
    if not cards:
        raise CardError("hand_empty")
    if rules is not None and not all(hasattr(rules, name) for name in
                                     ("face_values", "ace_soft", "two_aces_natural")):
        raise CardError("not_rule_set", rules=quote(rules))
    face_values = rules.face_values if rules is not None else (10, 10, 10)
    _check_face_values(face_values)
    points = sum(_points(c.rank, face_values) for c in cards)
    return _value(points, sum(c.rank == "A" for c in cards), len(cards), rules)


def _value(points: int, aces: int, cards: int, rules: RuleSet | None) -> HandValue:
    """hand_value of `cards` cards with these points (aces counted 1) and aces (R2, R3)."""
    if rules is not None and rules.two_aces_natural and cards == 2 and aces == 2:
        return HandValue(21, False, True, False)
    if rules is not None and not rules.ace_soft:
        total = points + 10 * aces
        return HandValue(total, False, cards == 2 and total == 21, total > 21)
    soft = aces > 0 and points + 10 <= 21
    total = points + 10 if soft else points
    return HandValue(total, soft, cards == 2 and total == 21, total > 21)


@dataclass(frozen=True)
class Shoe:
    """The cards not yet dealt, as a count per rank; immutable (R1, R18)."""

    counts: tuple[tuple[str, int], ...]

    @classmethod
    def fresh(cls, decks: int = 2, pack: str = "french52") -> Shoe:
        """A full shoe of `decks` packs; pack 'french52' (R1) or 'russian36' (ochko)."""
        decks = whole(decks, "decks", 1, 8, CardError)
        pack = one_of(pack, "pack", PACKS, CardError)
        return cls.from_counts({r: 4 * decks for r in PACKS[pack]})

    @classmethod
    def from_counts(cls, counts: Mapping[str, int]) -> Shoe:
        """A shoe holding the given number of cards of each rank.

        A shoe is made of packs (R1), eight at most: a shoe of more than limits.MOST_CARDS
        (416) cards is refused, whatever its mix of ranks.
        """
        if not isinstance(counts, Mapping):
            raise CardError("counts_not_mapping", counts=quote(counts))
        for rank, n in counts.items():
            if not isinstance(rank, str) or rank not in RANKS:
                raise CardError("card_rank", rank=quote(rank))
            if not is_whole(n) or n < 0:
                raise CardError("count_not_count", n=quote(n), rank=rank)
        check_shoe_size(sum(counts.values()))
        return cls(tuple((r, int(counts.get(r, 0))) for r in RANKS))

    def count(self, rank: str) -> int:
        """How many cards of this rank the shoe holds."""
        if not isinstance(rank, str) or rank not in RANKS:
            raise CardError("card_rank", rank=quote(rank))
        return dict(self.counts).get(rank, 0)

    def as_dict(self) -> dict[str, int]:
        """Rank -> count, ranks with no cards left out."""
        return {r: n for r, n in self.counts if n}

    def __len__(self) -> int:
        return sum(n for _, n in self.counts)

    def remove(self, cards: HandLike) -> Shoe:
        """A new shoe without these cards; more of a rank than the shoe holds is an error."""
        left = dict(self.counts)
        for card in parse_cards(cards):
            if left[card.rank] == 0:
                held = self.count(card.rank)
                raise CardError("shoe_remove", rank=card.rank, held=held)
            left[card.rank] -= 1
        return Shoe(tuple(left.items()))

    def draw(self, rng: random.Random) -> tuple[Card, Shoe]:
        """A random card from the shoe (each card equally likely) and the shoe without it."""
        if not callable(getattr(rng, "randrange", None)):
            raise CardError("not_rng", rng=quote(rng))
        if len(self) == 0:
            raise CardError("shoe_empty")
        k = rng.randrange(len(self))
        for rank, n in self.counts:
            if k < n:
                return Card(rank), self.remove([Card(rank)])
            k -= n
        raise AssertionError("unreachable")

    def __str__(self) -> str:
        return ", ".join(f"{n}×{r}" for r, n in self.counts if n)
