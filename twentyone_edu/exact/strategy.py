"""The player's play against the banker: exact values of standing and of buying (R9–R17).

One player, stake 1, against the banker. The player knows his own cards and the cards he has
seen; the banker's closed cards are unknown, and the player knows the banker holds no natural
(otherwise the round would be over, R9).

**Why the banker's closed cards can be dealt last.** The shoe is shuffled fairly, and the
player's choices depend only on his own cards. So it makes no difference to any chance in the
round whether the banker's two closed cards are taken from the shoe before the player buys or
after: either way they are two cards picked at random from the cards the player never sees.
We deal them after the player has finished.

**Knowing there is no banker natural, without dividing at every step.** Let p be the player's
cards and S the shoe they were dealt from. Define

    W(p) = E[ result · 1{banker has no natural} | player holds p ].

If the player stands, W_stand(p) = Σ_o P(o) · settle(p, o) over every banker outcome o other
than 'natural', where P is the banker's outcome distribution from the shoe S − p. If he buys,
the next card is r with chance P(r | S − p) = n_r / U, and then he goes on as well as he can:

    W_draw(p) = Σ_r P(r | S − p) · max(W_stand(p + r), W_draw(p + r)),

where a bust hand p + r is worth settle('bust', ·) · P(no banker natural | S − p − r), and a
hand of 21 can only stand (R11). (With a threshold policy N, the player buys below N instead
of taking the larger.) The value the player cares about is the *conditional* one,
W(p) / P(no banker natural | S − p). Standing and buying at p share that divisor, so comparing
W_stand with W_draw picks the same choice as comparing the conditional values: the maximum can
be taken on W itself. At the end, decision value = W / P(no banker natural | S − p).

**Whole numbers instead of fractions.** With m = the number of cards in p and U the size of S,
multiply W(p) by D(m) = (U − m)_{L − m} (a falling factorial, see banker_hands.py), where L is at
least the most cards the player's and the banker's hands can hold together. Multiply the
settlement table by its common denominator too. Then D(m) · P(r | S − p) = n_r(S − p) · D(m + 1),
so buying becomes

    Ŵ_draw(p) = Σ_r n_r(S − p) · max(Ŵ_stand(p + r), Ŵ_draw(p + r)),

and D(m) / (U − m)_k = (U − m − k)_{L − m − k} is a whole number for every banker hand of k
cards, so Ŵ_stand is a sum of whole numbers too. Every comparison is exact; one division at the
end gives the Fraction. The hands are worked out deepest first, so every hand's children are
ready when it needs them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm, perm

import numpy as np

from ..game.hands import HandValue
from ..game.rules import Outcome, RuleSet, settle
from . import banker_hands, limits, naturals
from .composition import RADIX, ValueClasses, encode, fresh_counts, value_classes


@dataclass(frozen=True, eq=False)
class PlayerTree:
    """Scaled values Ŵ of every hand the player can reach: W = Ŵ / (scale · D(m))."""

    size: int  # U, the cards in the shoe the hands are dealt from
    depth: int  # L in D(m) = (U − m)_{L − m}
    scale: int  # the common denominator of the settlement table
    cards: dict[int, int]  # code -> number of cards in the hand
    stand: dict[int, int]  # code -> Ŵ_stand, where standing is possible
    draw: dict[int, int]  # code -> Ŵ_draw, where buying is possible
    best: dict[int, int]  # code -> Ŵ of the play chosen (the better one, or the policy's)

    def value(self, counts: Sequence[int], table: str = "best") -> Fraction | None:
        """W(p) for standing, buying or the chosen play (None where that play is not allowed)."""
        code = encode(counts)
        scaled = getattr(self, table).get(code)
        if scaled is None:
            return None
        m = self.cards[code]
        return Fraction(scaled, self.scale * perm(self.size - m, self.depth - m))

    def known(self, counts: Sequence[int], table: str = "best") -> Fraction:
        """value() of a hand and play the tree is sure to hold (a root, standing or buying)."""
        value = self.value(counts, table)
        if value is None:
            raise AssertionError(f"the tree holds no {table!r} value for this hand")
        return value


def player_buys(value: HandValue, policy: int | None) -> bool:
    """Whether the player may and will buy: below 21 (R11), and below the policy's threshold."""
    if value.natural or value.bust or value.total >= 21:
        return False
    return policy is None or value.total < policy


def player_outcome(value: HandValue) -> Outcome:
    """The player's hand as settle() reads it: 'natural', 'bust' or its total (R3, R12, R13)."""
    return "natural" if value.natural else "bust" if value.bust else value.total


def caps_for(rules: RuleSet, base: tuple[int, ...]) -> tuple[int, ...]:
    """How many cards of each class a banker's table must allow for (shared by smaller shoes)."""
    return tuple(max(a, b) for a, b in zip(fresh_counts(rules), base, strict=True))


@dataclass(slots=True)
class Node:
    """One hand the player can hold: its value, size, the shoe left, and the hands one card on."""

    value: HandValue
    cards: int  # m, the number of cards in it
    left: tuple[int, ...]  # the class counts of S − p, the cards the player has not seen
    children: list[tuple[int, int]]  # (class r, code of p + r) for every card r not busting it
    busts: list[int]  # the classes r whose card busts it


@lru_cache(maxsize=64)
def solve(rules: RuleSet, base: tuple[int, ...], start: tuple[int, ...],
          roots: tuple[tuple[int, ...], ...], policy: int | None) -> PlayerTree:
    """Ŵ for every hand reachable from `roots` (player's cards, dealt from the shoe `base`).

    `start` is what the banker holds already (nothing, or an upcard removed from `base`);
    `policy` is None for the best play, or N to buy while the best total is below N.
    """
    classes = value_classes(rules)
    table = banker_hands.final_hands(classes, start, caps_for(rules, base))
    limits.check_round(classes.points, base, len(table.orderings), banker_hands.passes(table))
    shoe_size = sum(base)
    hands = _reachable(classes, base, roots, policy)
    stands = [code for code, node in hands.items()
              if policy is None or not player_buys(node.value, policy)]
    most_held = max(node.cards for node in hands.values())
    need = 2 - sum(start)  # the banker's closed cards still to come
    depth = min(shoe_size, most_held + 1 + max(table.most_drawn, need))  # L

    # The settlement table as whole numbers: a row per player outcome, a column per banker
    # outcome; the banker's natural is left out (we count only rounds without one).
    outcomes = [player_outcome(hands[code].value) for code in stands]
    rows = sorted(set(outcomes), key=str)
    matrix = [[settle(mine, his, rules) for his in table.outcomes] for mine in [*rows, "bust"]]
    scale = lcm(*(payment.denominator for row in matrix for payment in row))
    weights = np.array([[int(payment * scale) if his != "natural" else 0
                         for payment, his in zip(row, table.outcomes, strict=True)]
                        for row in matrix], dtype=np.int64)
    bust = {int(weight) for weight, his in zip(weights[-1], table.outcomes, strict=True)
            if his != "natural"}
    if len(bust) != 1:
        raise AssertionError("a bust player must lose the same whatever the banker does (R13)")
    stand = _stand_values(table, [hands[c] for c in stands], stands,
                          [rows.index(x) for x in outcomes], weights, shoe_size, depth)
    draw, best = _buying_values(hands, stand, policy, shoe_size, need, depth, bust.pop(),
                                naturals.natural_pairs(classes, start))
    return PlayerTree(shoe_size, depth, scale, {c: node.cards for c, node in hands.items()},
                      stand, draw, best)


def _buying_values(hands: dict[int, Node], stand: dict[int, int], policy: int | None,
                   shoe_size: int, need: int, depth: int, bust: int,
                   pairs: tuple[tuple[int, ...], ...]) -> tuple[dict[int, int], dict[int, int]]:
    """Ŵ_draw where the player buys, and Ŵ of the chosen play everywhere (deepest hands first).

    A bust hand of m cards is worth bust · P(no banker natural) · D(m), which in whole numbers
    is bust · ((U − m)_need − natural ways) · (U − m − need)_{L − m − need}.
    """
    dealt_to_banker = [perm(shoe_size - m, need) for m in range(depth + 1)]
    rest = [bust * perm(shoe_size - m - need, depth - m - need) if depth - m >= need
            else 0 for m in range(depth + 1)]
    natural_classes = {i for pair in pairs for i in pair}
    draw, best = {}, {}
    for code in sorted(hands, key=lambda c: -hands[c].cards):
        node = hands[code]
        if not player_buys(node.value, policy):
            best[code] = stand[code]
            continue
        left, after = node.left, node.cards + 1
        total = sum(left[r] * best[child] for r, child in node.children)
        if node.busts:
            natural_count = naturals.natural_ways(pairs, left)
            busting = 0
            for r in node.busts:
                if r in natural_classes:
                    fewer = left[:r] + (left[r] - 1,) + left[r + 1:]
                    busting += left[r] * (dealt_to_banker[after]
                                          - naturals.natural_ways(pairs, fewer))
                else:
                    busting += left[r] * (dealt_to_banker[after] - natural_count)
            total += busting * rest[after]
        draw[code] = total
        best[code] = total if policy is not None else max(total, stand[code])
    return draw, best


def _reachable(classes: ValueClasses, base: tuple[int, ...], roots: tuple[tuple[int, ...], ...],
               policy: int | None) -> dict[int, Node]:
    """Every hand the player can hold, from the roots, buying as the policy allows (R11).

    Bust hands are left out; each hand is kept under its code (composition.encode).
    """
    steps = [RADIX**r for r in range(classes.size)]
    hands: dict[int, Node] = {}
    frontier = []
    for root in roots:
        code = encode(root)
        left = tuple(b - h for b, h in zip(base, root, strict=True))
        hands[code] = Node(classes.state(root), sum(root), left, [], [])
        frontier.append((code, classes.points_of(root), root[classes.ace]))
    values: dict[tuple[int, int, int], HandValue] = {}  # (points, aces, cards), as in state_of
    while frontier:
        following = []
        for code, points, aces in frontier:
            node = hands[code]
            if not player_buys(node.value, policy):
                continue
            for r, step in enumerate(steps):
                if not node.left[r]:
                    continue
                child = code + step
                if child in hands:
                    node.children.append((r, child))
                    continue
                more_points, more_aces = points + classes.points[r], aces + (r == classes.ace)
                key = (more_points, more_aces, node.cards + 1)
                value = values.get(key)
                if value is None:
                    value = values[key] = classes.state_of(*key)
                if value.bust:
                    node.busts.append(r)
                    continue
                node.children.append((r, child))
                left = node.left[:r] + (node.left[r] - 1,) + node.left[r + 1:]
                hands[child] = Node(value, node.cards + 1, left, [], [])
                following.append((child, more_points, more_aces))
        frontier = following
    return hands


def _stand_values(table: banker_hands.BankerHands, nodes: list[Node], codes: list[int],
                  outcome_rows: list[int], weights: np.ndarray, shoe_size: int,
                  depth: int) -> dict[int, int]:
    """Ŵ_stand for every hand in `nodes`, all banker distributions computed in one batch."""
    if not nodes:
        return {}
    shoes = np.array([node.left for node in nodes], dtype=np.int64)
    sums = banker_hands.numerators(table, shoes, weight=int(np.abs(weights).max()))
    group_weights = weights[np.array(outcome_rows)][:, [outcome for _, outcome in table.groups]]
    drawn = sorted({k for k, _ in table.groups})  # the banker's cards drawn, k
    drawn_starts = [i for i, (k, _) in enumerate(table.groups)
                    if i == 0 or k != table.groups[i - 1][0]]
    by_drawn = np.add.reduceat(sums * group_weights, drawn_starts, axis=1).astype(object)
    values = {}
    held = np.array([node.cards for node in nodes])
    for m in sorted(set(held.tolist())):
        factors = np.array([perm(shoe_size - m - k, depth - m - k)
                            if depth - m >= k else 0 for k in drawn], dtype=object)
        chosen = np.flatnonzero(held == m)
        for index, value in zip(chosen.tolist(), by_drawn[chosen].dot(factors).tolist(),
                                strict=True):
            values[codes[index]] = value
    return values
