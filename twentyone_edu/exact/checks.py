"""Checking what the exact functions are given, on validate's primitives: each bad value is
named with what is valid."""

from __future__ import annotations

from collections.abc import Sequence

from ..game.cards import HandLike, Shoe, parse_cards
from ..game.rules import RuleSet
from ..words.errors import CardError, IllegalAction, RuleError
from ..words.messages import Cards
from ..words.validate import is_whole, quote, whole
from .composition import ValueClasses, most_cards
from .results import Policy


def shoe_of(shoe: Shoe | None, rules: RuleSet) -> Shoe:
    """The shoe given, or a fresh one of rules.decks packs when None (R1)."""
    if shoe is None:
        return Shoe.fresh(rules.decks, rules.pack)
    if not isinstance(shoe, Shoe):
        raise CardError("not_shoe", shoe=quote(shoe))
    return shoe


def unseen(classes: ValueClasses, shoe: Shoe, *card_groups: HandLike) -> tuple[int, ...]:
    """The class counts of the shoe without the given cards (CardError if impossible)."""
    cards = [card for group in card_groups for card in parse_cards(group)]
    classes.of_cards(cards)
    return classes.of_shoe(shoe.remove(cards))


def hand_of(classes: ValueClasses, hand: HandLike, minimum: int) -> tuple[int, ...]:
    """The class counts of a hand of at least `minimum` cards."""
    counts = classes.of_cards(hand)
    if sum(counts) < minimum:
        raise CardError("hand_too_few", hand=Cards.of(parse_cards(hand)),
                        n=sum(counts), least=minimum)
    return counts


def start_of(classes: ValueClasses, upcard: HandLike | None) -> tuple[int, ...]:
    """The class counts of the banker's known card: none, or one upcard."""
    if upcard is None:
        return (0,) * classes.size
    start = classes.of_cards(upcard)
    if sum(start) != 1:
        raise CardError("upcard", upcard=quote(upcard))
    return start


def may_buy(classes: ValueClasses, held: tuple[int, ...]) -> None:
    """Refuse a hand that cannot buy: bust (R13), a natural (R10) or 21 (R11)."""
    value = classes.state(held)
    text = Cards(classes.text(held))
    if value.bust:
        raise IllegalAction("hand_bust", hand=text, total=value.total)
    if value.natural:
        raise IllegalAction("hand_natural", hand=text)
    if value.total >= 21:
        raise IllegalAction("hand_21", hand=text)


def policy_of(policy: Policy) -> int | None:
    """None for 'optimal', or the threshold N of 'buy while the best total is below N'."""
    if isinstance(policy, str) and policy == "optimal":
        return None
    if is_whole(policy) and 2 <= policy <= 21:
        return int(policy)
    raise RuleError("exact_policy", policy=quote(policy))


def players_of(n_players: int, low: int, high: int) -> int:
    """A number of players between low and high."""
    return whole(n_players, "n_players", low, high)


def round_fits(classes: ValueClasses, counts: Sequence[int], budget: int,
               last_cards: int) -> None:
    """Refuse a shoe that could run out before the round is over.

    Before his last card a hand has at most 20 points (a player) or 21 (the banker), aces
    counted 1, so the round can use at most most_cards(budget) + last_cards cards, where
    `budget` adds up those points over the hands still to play. If the shoe ran out the
    discards would be reshuffled (R18); the exact model does not cover that.
    """
    most_needed = most_cards(counts, classes.points, budget) + last_cards
    if most_needed > sum(counts):
        raise CardError("shoe_round", n=sum(counts), most=most_needed)


def deal_shoe(classes: ValueClasses, shoe: Shoe | None, seen: HandLike = (),
              players: int = 1) -> tuple[int, ...]:
    """The class counts of the shoe a round is dealt from, checked to last the whole round."""
    base = unseen(classes, shoe_of(shoe, classes.rules), seen)
    round_fits(classes, base, 20 * players + 21, players + 1)
    return base
