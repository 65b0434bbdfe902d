"""A whole round from the deal, one player against the banker (R7–R17).

The player's two closed cards are dealt, then the banker's (R7). A banker's natural ends the
round (R9); otherwise a player's natural is paid (R10); otherwise the player buys and the
banker plays (R11–R17). Since the player's play depends only on his own cards, the banker's
closed cards may be dealt after the player's buying (see strategy.py). Summing over the
player's two-card hands h,

    round value = Σ_h P(h) · ( W(h) + P(banker natural | h) · settle(h, natural) ),

with W(h) = E[result · 1{no banker natural} | h] from strategy.solve.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import perm

from ..game.rules import RuleSet, settle
from . import naturals, strategy
from .composition import ValueClasses, value_classes
from .results import Choice, DecisionRow


def two_card_hands(classes: ValueClasses, base: Sequence[int]) -> list[tuple[int, ...]]:
    """Every two-card hand (as class counts) the shoe can deal."""
    hands = []
    for i in range(classes.size):
        for j in range(i, classes.size):
            hand = tuple((k == i) + (k == j) for k in range(classes.size))
            if all(h <= b for h, b in zip(hand, base, strict=True)):
                hands.append(hand)
    return hands


def deal_chance(base: Sequence[int], hand: Sequence[int]) -> Fraction:
    """The chance that the player's two closed cards are this hand, in either order."""
    orders = 1 if max(hand) == 2 else 2
    ways = 1
    for b, h in zip(base, hand, strict=True):
        ways *= perm(b, h)
    return Fraction(orders * ways, perm(sum(base), 2))


def deal_tree(rules: RuleSet, base: tuple[int, ...], policy: int | None) -> strategy.PlayerTree:
    """The player's values from every two-card hand of the shoe (shared by several answers)."""
    classes = value_classes(rules)
    roots = tuple(two_card_hands(classes, base))
    return strategy.solve(rules, base, (0,) * classes.size, roots, policy)


def round_value_of(rules: RuleSet, base: tuple[int, ...], policy: int | None,
                   tree: strategy.PlayerTree | None = None) -> Fraction:
    """The player's expected result per round from the shoe `base` (class counts); `tree` is
    deal_tree(rules, base, policy), if the caller has it already."""
    classes = value_classes(rules)
    tree = deal_tree(rules, base, policy) if tree is None else tree
    zero = (0,) * classes.size
    total = Fraction(0)
    for hand in two_card_hands(classes, base):
        rest = tuple(b - h for b, h in zip(base, hand, strict=True))
        banker_natural = naturals.banker_natural_chance(classes, zero, rest)
        mine = strategy.player_outcome(classes.state(hand))
        total += deal_chance(base, hand) * (tree.known(hand) +
                                            banker_natural * settle(mine, "natural", rules))
    return total


def hand_values(classes: ValueClasses, tree: strategy.PlayerTree, base: tuple[int, ...],
                hand: tuple[int, ...]) -> DecisionRow:
    """One hand's values of standing and buying, given no banker natural (R9–R17)."""
    value = classes.state(hand)
    rest = tuple(b - h for b, h in zip(base, hand, strict=True))
    no_natural = naturals.no_banker_natural(classes, (0,) * classes.size, rest)
    stand = tree.known(hand, "stand") / no_natural
    draw = tree.known(hand, "draw") / no_natural
    best: Choice = "stand" if stand > draw else "draw" if draw > stand else "either"
    return {"hand": classes.text(hand), "cards": sum(hand), "total": value.total,
            "soft": value.soft, "stand": stand, "draw": draw, "gain": draw - stand, "best": best}
