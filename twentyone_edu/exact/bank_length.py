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

from ..game.rules import RuleSet
from . import naturals, rounds
from .composition import encode, value_classes

CardLaw = dict[int, Fraction]  # number of cards -> chance


def cards_per_round(rules: RuleSet, base: tuple[int, ...], policy: int | None,
                    players: int) -> CardLaw:
    """The law of the number of cards one round uses, n players and the banker (R7–R14)."""
    classes = value_classes(rules)
    natural = naturals.banker_natural_chance(classes, (0,) * classes.size, base)
    law: defaultdict[int, Fraction] = defaultdict(Fraction)
    law[2 * (players + 1)] += natural
    if natural == 1:
        return dict(law)
    player = _player_law(rules, base, policy, 1 - natural)
    banker = _banker_law(rules, base, 1 - natural)
    table: dict[tuple[int, bool], Fraction] = {(0, True): Fraction(1)}
    for _ in range(players):
        table = _add_player(table, player)
    for (cards, all_out), chance in table.items():
        if all_out:
            law[cards + 2] += (1 - natural) * chance
        else:
            for banker_cards, banker_chance in banker.items():
                law[cards + banker_cards] += (1 - natural) * chance * banker_chance
    return dict(sorted(law.items()))


def expected_rounds(law: CardLaw, cards: int) -> Fraction:
    """E[R(cards)], the rounds a bank plays with `cards` cards in its shoe (R18)."""
    rounds_from = [Fraction(0)] * (cards + 1)
    for m in range(1, cards + 1):
        rounds_from[m] = 1 + sum((chance * rounds_from[m - c] for c, chance in law.items()
                                  if c < m), Fraction(0))
    return rounds_from[cards]


def _add_player(table: dict[tuple[int, bool], Fraction],
                player: dict[tuple[int, bool], Fraction]) -> dict[tuple[int, bool], Fraction]:
    """The cards of the players so far and whether all are out, with one more player."""
    joined: defaultdict[tuple[int, bool], Fraction] = defaultdict(Fraction)
    for (cards, all_out), chance in table.items():
        for (more, out), more_chance in player.items():
            joined[cards + more, all_out and out] += chance * more_chance
    return dict(joined)


def _player_law(rules: RuleSet, base: tuple[int, ...], policy: int | None,
                no_natural: Fraction) -> dict[tuple[int, bool], Fraction]:
    """(cards, out) of one player's final hand, given no banker natural (R10–R13)."""
    classes = value_classes(rules)
    tree = rounds.deal_tree(rules, base, policy)
    zero = (0,) * classes.size
    memo: dict[int, dict[tuple[int, bool], Fraction]] = {}

    def ends(hand: tuple[int, ...]) -> dict[tuple[int, bool], Fraction]:
        code = encode(hand)
        if code in memo:
            return memo[code]
        left = [b - h for b, h in zip(base, hand, strict=True)]
        buys = code in tree.draw and (policy is not None or tree.draw[code] > tree.stand[code])
        law: defaultdict[tuple[int, bool], Fraction] = defaultdict(Fraction)
        if not buys:
            value = classes.state(hand)
            out = value.natural or value.bust
            law[sum(hand), out] = 1 - naturals.banker_natural_chance(classes, zero, left)
        else:
            for r, count in enumerate(left):
                if count:
                    more = tuple(h + (i == r) for i, h in enumerate(hand))
                    for key, chance in ends(more).items():
                        law[key] += Fraction(count, sum(left)) * chance
        memo[code] = dict(law)
        return memo[code]

    total: defaultdict[tuple[int, bool], Fraction] = defaultdict(Fraction)
    for hand in rounds.two_card_hands(classes, base):
        for key, chance in ends(hand).items():
            total[key] += rounds.deal_chance(base, hand) * chance
    return {key: chance / no_natural for key, chance in total.items()}


def _banker_law(rules: RuleSet, base: tuple[int, ...], no_natural: Fraction) -> CardLaw:
    """The banker's number of cards when he plays his hand out, given no natural (R14)."""
    classes = value_classes(rules)
    memo: dict[int, CardLaw] = {}

    def ends(hand: tuple[int, ...]) -> CardLaw:
        code = encode(hand)
        if code in memo:
            return memo[code]
        value = classes.state(hand)
        left = [b - h for b, h in zip(base, hand, strict=True)]
        law: defaultdict[int, Fraction] = defaultdict(Fraction)
        if value.bust or value.total >= 21 or not rules.banker_buys(value.total, value.soft):
            law[sum(hand)] = Fraction(1)
        else:
            for r, count in enumerate(left):
                if count:
                    more = tuple(h + (i == r) for i, h in enumerate(hand))
                    for cards, chance in ends(more).items():
                        law[cards] += Fraction(count, sum(left)) * chance
        memo[code] = dict(law)
        return memo[code]

    total: defaultdict[int, Fraction] = defaultdict(Fraction)
    for hand in rounds.two_card_hands(classes, base):
        if not classes.state(hand).natural:
            for cards, chance in ends(hand).items():
                total[cards] += rounds.deal_chance(base, hand) * chance
    return {cards: chance / no_natural for cards, chance in total.items()}
