"""A plain, slow, obviously correct enumerator of the game, to test exact.py against.

Nothing clever: a shoe is a tuple of (rank, count) pairs, a card is drawn with chance
count / cards left, and every sequence of cards is followed in the real order of the round
(R7: the player's and the banker's closed cards dealt one at a time, then the player buys,
then the banker). No value classes, no reordering of the deal, no integer scaling: only
hand_value, banker_buys and settle from the package, and Fractions.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from twentyone_edu import Card, Shoe, hand_value, settle


def shoe_of(shoe: Shoe) -> tuple:
    """A shoe as a hashable tuple of (rank, count), ranks with no cards left out."""
    return tuple((rank, n) for rank, n in shoe.counts if n)


def draws(shoe: tuple):
    """(rank, chance, shoe without that card) for every rank the next card can be."""
    total = sum(n for _, n in shoe)
    for i, (rank, n) in enumerate(shoe):
        rest = shoe[:i] + (((rank, n - 1),) if n > 1 else ()) + shoe[i + 1:]
        yield rank, Fraction(n, total), rest


def value(ranks, rules):
    return hand_value(tuple(Card(r) for r in ranks), rules)


def natural_probability(shoe: tuple, rules) -> Fraction:
    return sum((p1 * p2 for r1, p1, rest in draws(shoe) for r2, p2, _ in draws(rest)
                if value((r1, r2), rules).natural), Fraction(0))


def draw_distribution(hand: tuple, unseen: tuple, rules) -> dict:
    chances: dict = {}
    for rank, p, _ in draws(unseen):
        v = value((*hand, rank), rules)
        key = "bust" if v.bust else v.total
        chances[key] = chances.get(key, Fraction(0)) + p
    return chances


def first_ace_by_seat(n_players: int, cards: int = 104, aces: int = 8) -> list[Fraction]:
    """P(each seat gets the first ace), card by card: no ace so far, then an ace, summed by the
    seat that gets that card (R4)."""
    chances = [Fraction(0)] * n_players
    no_ace_yet = Fraction(1)
    for k in range(cards - aces + 1):  # card k + 1 goes to seat k mod n_players
        chances[k % n_players] += no_ace_yet * Fraction(aces, cards - k)
        no_ace_yet *= Fraction(cards - k - aces, cards - k)
    return chances


def first_banker(n_players: int, shoe: tuple) -> list[Fraction]:
    @cache
    def seats_from(shoe, seat):
        result = [Fraction(0)] * n_players
        for rank, p, rest in draws(shoe):
            if rank == "A":
                result[seat] += p
            else:
                for i, q in enumerate(seats_from(rest, (seat + 1) % n_players)):
                    result[i] += p * q
        return tuple(result)

    return list(seats_from(shoe, 0))


def banker_outcome(hand: tuple, rules):
    """How the banker's hand ends, or None while he must take another card."""
    if len(hand) < 2:
        return None
    v = value(hand, rules)
    if len(hand) == 2 and v.natural:
        return "natural"
    if v.bust:
        return "bust"
    return None if rules.banker_buys(v.total, v.soft) else v.total


@cache
def banker_plays(hand: tuple, shoe: tuple, rules) -> tuple:
    """((outcome, chance), ...) of the banker's final hand, from `hand`, drawing from `shoe`."""
    outcome = banker_outcome(hand, rules)
    if outcome is not None:
        return ((outcome, Fraction(1)),)
    if not shoe:
        raise AssertionError("the shoe ran out: pick a larger test shoe")
    result: dict = {}
    for rank, p, rest in draws(shoe):
        for o, q in banker_plays((*hand, rank), rest, rules):
            result[o] = result.get(o, Fraction(0)) + p * q
    return tuple(result.items())


def banker_outcomes(shoe: tuple, rules, upcard: tuple = ()) -> dict:
    return dict(banker_plays(upcard, shoe, rules))


def player_outcome(ranks, rules):
    v = value(ranks, rules)
    return "natural" if len(ranks) == 2 and v.natural else "bust" if v.bust else v.total


def settle_against_banker(player, banker_hand, shoe, rules) -> Fraction:
    """E[settle(player, banker's final outcome)] with the banker playing out from banker_hand."""
    return sum((q * settle(player, o, rules) for o, q in banker_plays(banker_hand, shoe, rules)),
               Fraction(0))


def decision_tree(hand: tuple, unseen: tuple, rules, upcard: tuple = ()):
    """The player's best play by Bayes' rule, in the real order of the round.

    The banker's two closed cards (or his hole card, after an upcard) are dealt first from the
    unseen cards; the player never sees them, and knows only that they are not a natural. An
    information state is the sequence x of cards the player has bought. For each possible
    banker holding b, weight(b, x) = P(b | no natural) · P(the player buys x | b). Standing at x
    is worth Σ_b weight(b, x) · E[settle], buying Σ_r value(x + r); choosing the larger at every
    x is the best policy among those that look only at the player's own cards. Returns the
    functions (stand, draw, best) of x; the weights at x = () add up to 1, so there they are
    the expected results given no banker natural.
    """
    holdings = []
    for c1, p1, rest1 in draws(unseen):
        if upcard:
            if banker_outcome((*upcard, c1), rules) != "natural":
                holdings.append(((*upcard, c1), p1, rest1))
            continue
        for c2, p2, rest2 in draws(rest1):
            if banker_outcome((c1, c2), rules) != "natural":
                holdings.append(((c1, c2), p1 * p2, rest2))
    no_natural = sum(p for _, p, _ in holdings)
    holdings = [(b, p / no_natural, rest) for b, p, rest in holdings]

    @cache
    def weighted(x: tuple) -> tuple:
        """((banker holding, weight, shoe left), ...) after the player has bought x."""
        if not x:
            return tuple(holdings)
        result = []
        for b, w, shoe in weighted(x[:-1]):
            for rank, p, rest in draws(shoe):
                if rank == x[-1]:
                    result.append((b, w * p, rest))
        return tuple(result)

    @cache
    def stand(x: tuple) -> Fraction:
        mine = player_outcome((*hand, *x), rules)
        return sum((w * settle_against_banker(mine, b, shoe, rules)
                    for b, w, shoe in weighted(x)), Fraction(0))

    def may_buy(x: tuple) -> bool:
        v = value((*hand, *x), rules)
        return not v.bust and v.total < 21

    @cache
    def draw(x: tuple) -> Fraction:
        ranks = sorted({rank for _, _, shoe in weighted(x) for rank, _ in shoe})
        return sum((best((*x, rank)) for rank in ranks), Fraction(0))

    @cache
    def best(x: tuple) -> Fraction:
        if not weighted(x):
            return Fraction(0)
        if not may_buy(x):
            return stand(x)
        return max(stand(x), draw(x))

    return stand, draw, best


def decision_values(hand: tuple, unseen: tuple, rules, upcard: tuple = ()) -> dict:
    stand, draw, _ = decision_tree(hand, unseen, rules, upcard)
    return {"stand": stand(()), "draw": draw(())}


def optimal_policy(hand: tuple, unseen: tuple, rules):
    """buys(x): whether the best player buys after buying x, holding `hand` closed."""
    stand, draw, _ = decision_tree(hand, unseen, rules)

    def buys(x: tuple) -> bool:
        v = value((*hand, *x), rules)
        return not v.bust and v.total < 21 and draw(x) > stand(x)

    return buys


def threshold_policy(n: int, rules):
    def policy_for(hand, unseen):
        def buys(x):
            v = value((*hand, *x), rules)
            return not v.bust and not v.natural and v.total < 21 and v.total < n
        return buys
    return policy_for


def policy_maker(policy, rules):
    """policy_for(hand, unseen) -> buys(x) for a threshold N or 'optimal'."""
    if policy == "optimal":
        return lambda hand, unseen: optimal_policy(hand, unseen, rules)
    return threshold_policy(policy, rules)


def player_buys(hand: tuple, bought: tuple, shoe: tuple, buys) -> tuple:
    """((bought cards, chance, shoe left), ...) for a player who buys while buys(bought)."""
    if not buys(bought):
        return ((bought, Fraction(1), shoe),)
    result = []
    for rank, p, rest in draws(shoe):
        for more, q, left in player_buys(hand, (*bought, rank), rest, buys):
            result.append((more, p * q, left))
    return tuple(result)


def round_value(policy, shoe: tuple, rules) -> Fraction:
    """One player against the banker, dealt in the real order: player, banker, player, banker."""
    make = policy_maker(policy, rules)
    policies = {}
    total = Fraction(0)
    for p1, q1, s1 in draws(shoe):
        for b1, q2, s2 in draws(s1):
            for p2, q3, s3 in draws(s2):
                for b2, q4, s4 in draws(s3):
                    chance = q1 * q2 * q3 * q4
                    hand, banker_hand = (p1, p2), (b1, b2)
                    if banker_outcome(banker_hand, rules) == "natural":
                        total += chance * settle(player_outcome(hand, rules), "natural", rules)
                        continue
                    if value(hand, rules).natural:
                        total += chance * settle_against_banker("natural", banker_hand, s4, rules)
                        continue
                    key = tuple(sorted(hand))
                    if key not in policies:
                        policies[key] = make(hand, _without(shoe, hand))
                    for bought, q, left in player_buys(hand, (), s4, policies[key]):
                        mine = player_outcome((*hand, *bought), rules)
                        total += chance * q * settle_against_banker(mine, banker_hand, left, rules)
    return total


def two_player_bank(policy, shoe: tuple, rules) -> Fraction:
    """The banker's expected gain against two players, dealt in the real order (R7–R17).

    One card each to player 1, player 2 and the banker, twice; a banker's natural collects from
    both (R9); a player's natural is paid (R10); then player 1 buys, player 2 buys (each by his
    own cards only), the banker plays, and both are settled.
    """
    make = policy_maker(policy, rules)
    policies = {}

    def policy_for(hand):
        key = tuple(sorted(hand))
        if key not in policies:
            policies[key] = make(hand, _without(shoe, hand))
        return policies[key]

    @cache
    def deal(dealt: tuple, left: tuple) -> Fraction:
        if len(dealt) < 6:
            return sum((p * deal((*dealt, rank), rest) for rank, p, rest in draws(left)),
                       Fraction(0))
        first, second, banker_hand = dealt[0::3], dealt[1::3], dealt[2::3]
        if banker_outcome(banker_hand, rules) == "natural":
            return -sum(settle(player_outcome(h, rules), "natural", rules)
                        for h in (first, second))
        return after_naturals(first, second, banker_hand, left)

    def after_naturals(first, second, banker_hand, left) -> Fraction:
        gain = Fraction(0)
        for bought1, q1, left1 in player_buys(first, (), left, policy_for(first)):
            for bought2, q2, left2 in player_buys(second, (), left1, policy_for(second)):
                mine = [player_outcome((*first, *bought1), rules),
                        player_outcome((*second, *bought2), rules)]
                gain -= q1 * q2 * sum(settle_against_banker(x, banker_hand, left2, rules)
                                      for x in mine)
        return gain

    return deal((), shoe)


def _without(shoe: tuple, cards) -> tuple:
    counts = dict(shoe)
    for rank in cards:
        counts[rank] -= 1
    return tuple((rank, counts[rank]) for rank, _ in shoe if counts[rank])
