"""The exact method in plain sight: favourable over possible, and a recursion over the unseen cards.

It gives the same fractions as `twentyone_edu.exact` (RULES.md, "The exact model") by the slow,
obvious road. Every shuffle of the cards the player has not seen is equally likely, so a chance
is favourable shuffles over possible ones, and "what happens next" is a sum over the unseen
cards, one card at a time. `functools.cache` remembers each answer. A card is known by its
points (a jack is a ten for every sum here), and a hand by its points, aces and cards.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import factorial
from typing import NamedTuple

from ..game.cards import Shoe, parse_cards
from ..game.hands import card_points
from ..game.rules import HISTORICAL, settle, variant
from ..words.errors import CardError, IllegalAction, RuleError
from ..words.messages import Cards, message

__all__ = ["P", "Hand", "banker_ends", "clear_caches", "decision_values", "draw_distribution",
           "natural_chance"]


def P(favourable, possible) -> Fraction:
    """Laplace's probability: favourable cases over possible cases, all equally likely."""
    return Fraction(favourable, possible)


class Hand(NamedTuple):
    """A hand summed up: its points with every ace as 1, its aces, its cards (counted up to 3)."""

    points: int = 0
    aces: int = 0
    cards: int = 0

    def plus(self, card: int) -> Hand:
        """One more card of these points; only two cards can be a natural, so count to 3 (R3)."""
        return Hand(self.points + card, self.aces + (card == 1), min(self.cards + 1, 3))

    def soft(self, rules) -> bool:
        """Whether an ace counts 11: where that does not take the hand over 21 (R2)."""
        return rules.ace_soft and self.aces > 0 and self.points + 10 <= 21

    def total(self, rules) -> int:
        """The best total: an ace counts 11 where it can (always, in ochko) (R2)."""
        return self.points + 10 * (self.aces if not rules.ace_soft else self.soft(rules))

    def ending(self, rules):
        """What the settlement reads: 'natural', 'bust' or the total (R3, R12, R13)."""
        total = self.total(rules)
        if self.cards == 2 and (total == 21 or rules.two_aces_natural and self.aces == 2):
            return "natural"
        return "bust" if total > 21 else total


def points(rank, rules) -> int:
    """What a card scores, an ace as 1: a card is known by its points, so J, Q, K are tens (R2)."""
    worth = card_points(rank, rules.face_values)
    if worth == 1 and rank != "A":
        raise RuleError("face_like_ace", face_values=str(rules.face_values))
    return worth


def unseen_cards(shoe, rules, *cards) -> tuple:
    """The cards the player has not seen, as (points, how many) pairs (R1, R8)."""
    shoe = Shoe.fresh(rules.decks, rules.pack) if shoe is None else shoe
    counts: dict[int, int] = {}
    for rank, n in shoe.remove([card for group in cards for card in parse_cards(group)]).counts:
        if n:
            counts[points(rank, rules)] = counts.get(points(rank, rules), 0) + n
    return tuple(sorted(counts.items()))


def how_many(unseen) -> int:
    """The number of unseen cards: the possible cases for the next card (R8)."""
    return sum(n for _, n in unseen)


def without(unseen, card) -> tuple:
    """The unseen cards after one card of these points is dealt (R7, R11)."""
    return tuple((c, n - (c == card)) for c, n in unseen if n - (c == card) > 0)


def banker_stops(hand, rules) -> bool:
    """Whether the banker stops: a natural, bust, or a total he stands on (R9, R14)."""
    if hand.cards < 2:
        return False
    end = hand.ending(rules)
    return end in ("natural", "bust") or not rules.banker_buys(end, hand.soft(rules))


@cache
def banker_shuffles(banker, unseen, rules) -> dict:
    """{how his hand ends: in how many shuffles of the unseen cards it ends so} (R9, R14).

    The next card is one of the n cards of some kind. The banker takes it; then either he
    stops, and the other cards may lie in any order, or he goes on with one card fewer unseen.
    """
    counts: dict = {}
    any_order = factorial(how_many(unseen) - 1)
    for card, n in unseen:
        bigger = banker.plus(card)
        if banker_stops(bigger, rules):
            ways = {bigger.ending(rules): any_order}
        else:
            ways = banker_shuffles(bigger, without(unseen, card), rules)
        for end, k in ways.items():
            counts[end] = counts.get(end, 0) + n * k
    return counts


def banker_ends(unseen, rules=HISTORICAL) -> dict:
    """{'natural' | total | 'bust': chance} of how the banker's hand ends (R9, R14)."""
    shuffles = banker_shuffles(Hand(), tuple(unseen), variant(rules))
    return {end: P(k, factorial(how_many(unseen))) for end, k in shuffles.items()}


@cache
def natural_chance(unseen, rules=HISTORICAL) -> Fraction:
    """The chance that the banker's two closed cards are a natural: ordered pairs (R3, R9)."""
    favourable = sum(n * (m - (first == second)) for first, n in unseen for second, m in unseen
                     if Hand().plus(first).plus(second).ending(rules) == "natural")
    return P(favourable, how_many(unseen) * (how_many(unseen) - 1))


@cache
def stand_worth(hand, unseen, rules) -> Fraction:
    """His average result if he stands; a round a banker's natural ends counts 0 (R14–R17)."""
    return sum((p * settle(hand.ending(rules), end, rules)
                for end, p in banker_ends(unseen, rules).items() if end != "natural"),
               Fraction(0))


@cache
def buy_worth(hand, unseen, rules) -> Fraction:
    """Buy one card, then play on as well as possible; counted as in stand_worth (R11, R13)."""
    worth = Fraction(0)
    for card, n in unseen:
        bigger, left = hand.plus(card), without(unseen, card)
        if bigger.ending(rules) == "bust":
            # he pays 1 at once, in the rounds that no banker's natural ended before (R9, R13)
            then = -(1 - natural_chance(left, rules))
        else:
            then = best_worth(bigger, left, rules)
        worth += P(n, how_many(unseen)) * then
    return worth


def best_worth(hand, unseen, rules) -> Fraction:
    """The better of standing and buying; on 21 he must stand (R11)."""
    if hand.total(rules) >= 21:
        return stand_worth(hand, unseen, rules)
    return max(stand_worth(hand, unseen, rules), buy_worth(hand, unseen, rules))


def player_hand(cards, rules, fewest: int) -> Hand:
    """The player's cards as a Hand, refused if he may not buy on it (R7, R10, R11, R13)."""
    hand = Hand()
    held = parse_cards(cards)
    for card in held:
        hand = hand.plus(points(card.rank, rules))
    if len(held) < fewest:
        raise CardError("hand_few", hand=Cards.of(held), least=fewest)
    if hand.ending(rules) in ("natural", "bust") or hand.total(rules) >= 21:
        ending = hand.ending(rules)
        raise IllegalAction("hand_ended", hand=Cards.of(held), ending=message(f"status.{ending}")
                            if isinstance(ending, str) else ending)
    return hand


def draw_distribution(hand, seen=(), shoe=None, rules=HISTORICAL) -> dict:
    """{new total | 'bust': chance} for the next card bought: favourable over possible (R2, R11)."""
    rules = variant(rules)
    unseen = unseen_cards(shoe, rules, hand, seen)
    hand = player_hand(hand, rules, 1)
    chances: dict = {}
    for card, n in unseen:
        after = hand.plus(card).ending(rules)
        chances[after] = chances.get(after, 0) + P(n, how_many(unseen))
    totals = sorted(total for total in chances if total != "bust")
    return {key: chances[key] for key in [*totals, "bust"] if key in chances}


def decision_values(hand, seen=(), shoe=None, rules=HISTORICAL) -> dict:
    """{'stand': value, 'draw': value}, stake 1, knowing the banker holds no natural (R9–R17)."""
    rules = variant(rules)
    unseen = unseen_cards(shoe, rules, hand, seen)
    hand = player_hand(hand, rules, 2)
    no_natural = 1 - natural_chance(unseen, rules)  # worth / P(no natural): given none
    return {"stand": stand_worth(hand, unseen, rules) / no_natural,
            "draw": buy_worth(hand, unseen, rules) / no_natural}


def clear_caches() -> None:
    """Forget every remembered answer (for a cold timing, or to give the memory back)."""
    for remembered in (banker_shuffles, natural_chance, stand_worth, buy_worth):
        remembered.cache_clear()
