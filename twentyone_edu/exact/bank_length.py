"""How many rounds a bank lasts: the banker deals the shoe through (R18).

A bank plays rounds while its shoe has cards: after a round that empties the shoe, or that ran
out of cards and was finished with the reshuffled discards (R18), the bank passes (R19). A round
uses C cards: two for every hand (R7); none more if the banker has a natural (R9); otherwise
each player's buys (R11, R13) and the banker's buys, unless every player is already out, bust or
paid a natural, when the banker has no one to play against (R10, R13, R14). With m cards in the
shoe the number of rounds R(m) is 1 + R(m − C), and R(m) = 0 once m ≤ 0, so

    E[R(m)] = 1 + Σ_c P(C = c) · E[R(m − c)].

What is exact and what is not. The law of each hand is exact, from the shoe: a player's number
of cards and whether he ends out, given that the banker has no natural (his sequence of cards
and the banker's two closed cards are exchangeable, so P(sequence and no natural) =
P(sequence) · P(no natural among the cards left)); and the banker's number of cards, given no
natural. Two simplifications are made, and must be said wherever the numbers are shown: the
hands of one round are taken as independent (they share one shoe), and every round is taken to
use cards as a round dealt from this shoe does (a later round is dealt from what the earlier
ones left). `simulate.banks` plays whole banks to measure what these leave out.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import lcm, perm, prod

from ..game.rules import RuleSet
from . import banker_hands, naturals, rounds, strategy
from .composition import encode, value_classes

CardLaw = dict[int, Fraction]  # number of cards -> chance


def cards_per_round(rules: RuleSet, base: tuple[int, ...], policy: int | None,
                    players: int, tree: strategy.PlayerTree | None = None) -> CardLaw:
    """The law of the number of cards one round uses, n players and the banker (R7–R14).

    `tree` is rounds.deal_tree(rules, base, policy), if the caller has it already.
    """
    classes = value_classes(rules)
    natural = naturals.banker_natural_chance(classes, (0,) * classes.size, base)
    law: defaultdict[int, Fraction] = defaultdict(Fraction)
    law[2 * (players + 1)] += natural
    if natural == 1:
        return dict(law)
    player = _player_law(rules, base, policy, 1 - natural, tree)
    banker = _banker_law(rules, base, 1 - natural)
    # Whole numbers over one denominator: the convolution of n players is then integer sums.
    scale = lcm(*(chance.denominator for chance in player.values()))
    counts = {key: int(chance * scale) for key, chance in player.items()}
    table: dict[tuple[int, bool], int] = {(0, True): 1}
    for _ in range(players):
        table = _add_player(table, counts)
    for (cards, all_out), ways in table.items():
        chance = (1 - natural) * Fraction(ways, scale**players)
        if all_out:
            law[cards + 2] += chance
        else:
            for banker_cards, banker_chance in banker.items():
                law[cards + banker_cards] += chance * banker_chance
    return dict(sorted(law.items()))


def expected_rounds(law: CardLaw, cards: int) -> Fraction:
    """E[R(cards)], the rounds a bank plays with `cards` cards in its shoe (R18)."""
    rounds_from = [Fraction(0)] * (cards + 1)
    for m in range(1, cards + 1):
        rounds_from[m] = 1 + sum((chance * rounds_from[m - c] for c, chance in law.items()
                                  if c < m), Fraction(0))
    return rounds_from[cards]


def _add_player(table: dict[tuple[int, bool], int],
                player: dict[tuple[int, bool], int]) -> dict[tuple[int, bool], int]:
    """The cards of the players so far and whether all are out, with one more player (counts
    of ways over a common denominator)."""
    joined: defaultdict[tuple[int, bool], int] = defaultdict(int)
    for (cards, all_out), ways in table.items():
        for (more, out), more_ways in player.items():
            joined[cards + more, all_out and out] += ways * more_ways
    return dict(joined)


def _player_law(rules: RuleSet, base: tuple[int, ...], policy: int | None,
                no_natural: Fraction, tree: strategy.PlayerTree | None = None,
                ) -> dict[tuple[int, bool], Fraction]:
    """(cards, out) of one player's final hand, given no banker natural (R10–R13).

    Counted in whole numbers: a final hand of k cards, then two banker cards that are not a
    natural, is a number of ordered ways out of perm(N, k + 2), N the cards of the shoe.
    """
    classes = value_classes(rules)
    tree = rounds.deal_tree(rules, base, policy) if tree is None else tree
    pairs = naturals.natural_pairs(classes, (0,) * classes.size)
    memo: dict[int, dict[tuple[int, bool], int]] = {}

    def ways(hand: tuple[int, ...]) -> dict[tuple[int, bool], int]:
        code = encode(hand)
        if code in memo:
            return memo[code]
        left = [b - h for b, h in zip(base, hand, strict=True)]
        buys = code in tree.draw and (policy is not None or tree.draw[code] > tree.stand[code])
        found: defaultdict[tuple[int, bool], int] = defaultdict(int)
        if not buys:
            value = classes.state(hand)
            banker = perm(sum(left), 2) - naturals.natural_ways(pairs, left)
            found[sum(hand), value.natural or value.bust] = banker
        else:
            for r, count in enumerate(left):
                if count:
                    more = tuple(h + (i == r) for i, h in enumerate(hand))
                    for key, n in ways(more).items():
                        found[key] += count * n
        memo[code] = dict(found)
        return memo[code]

    total: defaultdict[tuple[int, bool], int] = defaultdict(int)
    for hand in rounds.two_card_hands(classes, base):
        dealt = (1 if max(hand) == 2 else 2) * prod(perm(b, h) for b, h in zip(base, hand,
                                                                              strict=True))
        for key, n in ways(hand).items():
            total[key] += dealt * n
    size = sum(base)
    return {key: Fraction(n, perm(size, key[0] + 2)) / no_natural for key, n in total.items()}


def _banker_law(rules: RuleSet, base: tuple[int, ...], no_natural: Fraction) -> CardLaw:
    """The banker's number of cards when he plays his hand out, given no natural (R14): from
    the engine's table of every final banker hand (banker_hands.py)."""
    classes = value_classes(rules)
    hands = banker_hands.final_hands(classes, (0,) * classes.size,
                                     strategy.caps_for(rules, base))
    natural = hands.outcomes.index("natural")
    law: defaultdict[int, Fraction] = defaultdict(Fraction)
    sums = banker_hands.numerators(hands, [base])[0].tolist()
    for (drawn, outcome), ways in zip(hands.groups, sums, strict=True):
        if ways and outcome != natural:
            law[drawn] += Fraction(ways, perm(sum(base), drawn))
    return {cards: chance / no_natural for cards, chance in sorted(law.items())}
