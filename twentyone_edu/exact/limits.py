"""How large a problem the exact engine takes: the largest shoe, and the size of a round (R1).

The shoe is made of packs (R1), eight at most, so it holds at most 416 cards; a larger shoe
cannot be made (game.cards.Shoe refuses it). Within that any mix of ranks is allowed (a
teacher's shoe of one ace and 103 tens, say): the costs below depend on points, not counts.
A hand in play holds at most 21 cards, since every card scores at least 1 (R2, R13).

What a round costs is set by two lists the engine works through: every hand the player can
hold, and every final hand of the banker. The banker's list is built first (at most ~60,000
hands, about a second); the player's hands are counted here from the points of the value
classes and the shoe. A round whose player hands times banker hands, times the int64 passes its
exact sums need (see residues.py), passes MOST_STEPS is refused with a RuleError that gives
both sizes, before the player's values are worked out. The limit keeps a round within about
5 s and 200 MB; every rule set with faces worth 2 or more passes it, at any number of packs
and any banker_stands_on. Faces worth 1 make many more hands (the same count as the ace):
they pass with the banker standing on 17 at up to 8 packs, but with him standing on 21
only from one pack.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..words.errors import CardError, RuleError

MOST_STEPS = 1_000_000_000  # player hands × banker hands × passes: at most ~4 s, ~200 MB
MOST_RESULT_BITS = 250_000  # bits in an exact multi-card chance: under a second


def hands_within(points: Sequence[int], counts: Sequence[int], budget: int) -> int:
    """How many hands (multisets of cards from `counts`) score at most `budget`, aces as 1."""
    ways = [1] + [0] * budget
    for p, n in zip(points, counts, strict=True):
        more = [0] * (budget + 1)
        for total, w in enumerate(ways):
            for taken in range(min(n, (budget - total) // p) + 1):
                more[total + taken * p] += w
        ways = more
    return sum(ways)


def check_round(points: Sequence[int], counts: Sequence[int], banker_hands: int,
                passes: int) -> None:
    """Refuse a round too large to compute within the limit (MOST_STEPS).

    `banker_hands` is the number of the banker's final hands, `passes` the int64 passes his
    exact sums need (see banker_hands.passes); the player's hands are counted here.
    """
    player_hands = hands_within(points, counts, 21)  # more is bust (R13)
    steps = player_hands * banker_hands * passes
    if steps > MOST_STEPS:
        raise RuleError("round_too_large", hands=player_hands, banker_hands=banker_hands,
                        steps=steps, most=MOST_STEPS)


def check_exact_size(few: int, unseen: int) -> None:
    """Refuse a multi-card chance whose exact fraction would be too long to compute quickly.

    Its denominator divides (u)_f, f the smaller of the rank's cards and the cards drawn, so it
    has at most f · log2(u) bits.
    """
    bits = few * unseen.bit_length()
    if bits > MOST_RESULT_BITS:
        raise CardError("exact_too_long", bits=bits, few=min(few, unseen), unseen=unseen,
                        most=MOST_RESULT_BITS)
