"""Cards and the shoe: ranks, suits and packs, parsing, and the unseen cards counted by rank
(R1, R18). A shoe is made of packs, eight at most (R1), so it holds at most 416 cards."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import accumulate
from typing import TypeAlias

from ..words import card_letters
from ..words.errors import CardError, check_language
from ..words.messages import message
from ..words.validate import bounded, is_array, is_whole, one_of, quote, short_text, whole

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_PACK = RANKS  # 52 cards: 4 of each of 13 ranks (R1)
RUSSIAN_PACK = ("A", "6", "7", "8", "9", "10", "J", "Q", "K")  # 36 cards, for ochko
PACKS = {"french52": FRENCH_PACK, "russian36": RUSSIAN_PACK}
SUITS = ("♠", "♥", "♦", "♣")

# The Russian letters: Т туз (ace), К король (king), Д дама (queen), В валет (jack). A ten is
# written 10 and never T: a Latin T looks like the Cyrillic Т, the ace, so it is refused (R1).
RUSSIAN_LETTERS = {russian: rank for rank, russian in card_letters.LETTERS["ru"].items()}
_LATIN_LETTERS = set("AJQK")
_LATIN_T = re.compile(r"[Tt][SHDCshdc♠♥♦♣]?")
_SUIT_ALIASES = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"} | {s: s for s in SUITS}
_RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king",
}
_SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
MOST_PACKS = 8  # the largest shoe of R1
MOST_CARDS = 52 * MOST_PACKS  # eight French packs: no hand, seen list or shoe holds more
# ASCII letters only, in either case: .upper() would make the long s 'ſ' an 'S' (a spade)
_CARD_TOKEN = re.compile(r"(10|[2-9]|[AJQKajqkТКДВткдв])([SHDCshdc♠♥♦♣]?)")


@dataclass(frozen=True, order=True)
class Card:
    """One playing card: a rank from A, 2–10, J, Q, K and an optional suit (R1)."""

    rank: str
    suit: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.rank, str) or self.rank not in RANKS:
            _refuse_latin_t(self.rank)
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

    def in_language(self, language: str = "en") -> str:
        """The card as `language` writes it: 'A♠' in English, 'Т♠' in Russian (R1)."""
        return card_letters.written(str(self), check_language(language))


HandLike: TypeAlias = str | Card | Iterable[Card | str]  # "K Q", a card, or cards or tokens


def _refuse_latin_t(token: object) -> None:
    """Refuse a Latin T (or t), with a suit or not: a ten is written 10, and the Cyrillic Т
    that looks the same is the ace (R1)."""
    if isinstance(token, str) and _LATIN_T.fullmatch(token.strip()):
        raise CardError("card_latin_t", token=quote(token.strip()))


def parse_card(token: str) -> Card:
    """One card from text like 'K', 'q♠', '10h', or with the Russian letters 'Т' (туз, the
    ace), 'К', 'Д', 'В'; a Latin T is refused, a ten is 10 (R1)."""
    _refuse_latin_t(token)
    match = _CARD_TOKEN.fullmatch(token.strip()) if isinstance(token, str) else None
    if not match:
        raise CardError("card_token", token=quote(token))
    rank, suit = match.groups()
    rank = RUSSIAN_LETTERS.get(rank.upper()) or rank.upper()
    return Card(rank, _SUIT_ALIASES[suit.lower()] if suit else None)


def read_rank(rank: object) -> str:
    """A rank of RANKS, given as one ('A', '10') or in Russian letters ('Т', 'К', 'Д', 'В');
    a Latin T is refused (R1)."""
    if isinstance(rank, str) and (rank in RANKS or rank in RUSSIAN_LETTERS):
        return RUSSIAN_LETTERS.get(rank, rank)
    _refuse_latin_t(rank)
    raise CardError("card_rank", rank=quote(rank))


def _alphabet(token: object) -> str | None:
    """'latin' or 'cyrillic' for a token whose rank is a letter, None otherwise."""
    if not isinstance(token, str) or not token.strip():
        return None
    letter = token.strip()[0].upper()
    if letter in RUSSIAN_LETTERS:
        return "cyrillic"
    return "latin" if letter in _LATIN_LETTERS else None


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
    for token in tokens:
        _refuse_latin_t(token)  # before the alphabets: "T K" is a Latin T, not a mixed hand
    alphabets = {_alphabet(token): token for token in tokens if _alphabet(token)}
    if len(alphabets) > 1:
        letter = alphabets["cyrillic"].strip()[0]
        raise CardError("cards_two_alphabets", letter=letter, latin=alphabets["latin"].strip()[0])
    return tuple(t if isinstance(t, Card) else parse_card(t) for t in tokens)


def card_text(cards: HandLike, language: str = "en") -> str:
    """Cards as `language` writes them, one space apart: 'A♠ 10 K' in English, 'Т♠ 10 К' in
    Russian (R1); they are read back by parse_cards in either language. A token of ranks joined
    by '/' names any one of them, as the figures' value classes do: '10/J/Q/K', '10/В/Д/К'."""
    language = check_language(language)
    if isinstance(cards, str) and "/" in cards:
        return " ".join("/".join(card_letters.written(str(parse_card(rank)), language)
                                 for rank in token.split("/"))
                        for token in short_text(cards, "cards", error=CardError).split())
    return " ".join(card_letters.written(str(card), language) for card in parse_cards(cards))


@dataclass(frozen=True)
class Shoe:
    """The cards not yet dealt, as a count per rank; immutable (R1, R18)."""

    counts: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", _checked_counts(self.counts))

    @classmethod
    def fresh(cls, decks: int = 2, pack: str = "french52") -> Shoe:
        """A full shoe of `decks` packs; pack 'french52' (R1) or 'russian36' (ochko)."""
        decks = whole(decks, "decks", 1, 8, CardError)
        pack = one_of(pack, "pack", PACKS, CardError)
        return cls.from_counts({r: 4 * decks for r in PACKS[pack]})

    @classmethod
    def from_counts(cls, counts: Mapping[str, int]) -> Shoe:
        """A shoe holding the given number of cards of each rank, e.g. {'A': 4, 'K': 4}."""
        if not isinstance(counts, Mapping):
            raise CardError("counts_not_mapping", counts=quote(counts))
        return cls(tuple(counts.items()))

    def count(self, rank: str) -> int:
        """How many cards of this rank the shoe holds ('A' or, in Russian letters, 'Т')."""
        return dict(self.counts).get(read_rank(rank), 0)

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
        k = _place(rng, len(self))
        ends = accumulate(n for _, n in self.counts)  # the k-th card lies in the first rank
        rank = next(rank for (rank, _), end in zip(self.counts, ends, strict=True) if k < end)
        return Card(rank), self.remove([Card(rank)])

    def __str__(self) -> str:
        return ", ".join(f"{n}×{r}" for r, n in self.counts if n)

    def in_language(self, language: str = "en") -> str:
        """The shoe as `language` writes it: '8×A, 8×2, …' in English, '8×Т, 8×2, …' in
        Russian (R1)."""
        return card_letters.written(str(self), check_language(language))


def _place(rng: random.Random, cards: int) -> int:
    """Where the drawn card lies, 0 to cards − 1, as the caller's generator says. One whose own
    random() drives randrange is asked random() itself: randrange would wait for ever for a
    random() below 1. A generator that fails or answers outside the range is refused."""
    own_random = isinstance(rng, random.Random) and \
        type(rng).random is not random.Random.random and \
        type(rng).getrandbits is random.Random.getrandbits
    try:
        place = rng.random() if own_random else rng.randrange(cards)
    except Exception as failure:
        raise CardError("rng_failed", rng=quote(rng),
                        failure=quote(f"{type(failure).__name__}: {failure}")) from failure
    if own_random:
        if isinstance(place, bool) or not isinstance(place, int | float) or \
                not 0 <= place < 1:
            raise CardError("rng_random", value=quote(place))
        return int(place * cards)
    if not is_whole(place) or not 0 <= place < cards:
        raise CardError("rng_randrange", value=quote(place), cards=cards, last=cards - 1)
    return int(place)


def _checked_counts(counts: object) -> tuple[tuple[str, int], ...]:
    """A shoe's counts, one (rank, count) per rank in the order of RANKS: each rank at most
    once, each count a whole number 0 or more, at most MOST_CARDS cards in all (R1)."""
    if isinstance(counts, str | bytes | Mapping) or is_array(counts) or \
            not isinstance(counts, Iterable):
        raise CardError("counts_not_pairs", counts=quote(counts))
    found: dict[str, int] = {}
    for pair in bounded(counts, "counts", len(RANKS), CardError,
                        message("use.rank_counts")):
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise CardError("counts_not_pairs", counts=quote(counts))
        rank, n = read_rank(pair[0]), pair[1]
        if rank in found:
            raise CardError("rank_twice", rank=rank)
        if not is_whole(n) or n < 0:
            raise CardError("count_not_count", n=quote(n), rank=rank)
        found[rank] = int(n)
    check_shoe_size(sum(found.values()))
    return tuple((rank, found.get(rank, 0)) for rank in RANKS)


def check_shoe_size(cards: int) -> None:
    """Refuse a shoe of more cards than eight packs hold (R1)."""
    if cards > MOST_CARDS:
        if cards < 10**12:
            raise CardError("shoe_too_large", n=cards, packs=MOST_PACKS, most=MOST_CARDS)
        power = int((cards.bit_length() - 1) * math.log10(2))  # no str() of a huge int
        raise CardError("shoe_far_too_large", power=power, packs=MOST_PACKS, most=MOST_CARDS)
