"""Exact answers to the course's questions, as fractions (R1–R20; RULES.md, "The exact model").

Every function here returns `fractions.Fraction` values, never floats. `hand`, `seen` and
`upcard` take text like "K Q" or cards; `shoe=None` means a fresh shoe of `rules.decks` packs;
`rules` is a RuleSet or the name of one in VARIANTS. How the numbers are computed is explained
in banker_hands.py (the banker's hand), strategy.py (the player's best play), rounds.py (a round
from the deal) and bank_price.py (the banker's gain against several players).

The exact engine is a layer: it imports `game` and `words` below it, never the simulation, the
plots, the widgets or the course above. Besides this API it holds `symbolic` (sympy forms of
the same answers), `reference` (a small engine written to be read aloud, for checking), and
`limits` (how large a problem it takes).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..game.cards import HandLike, Shoe
from ..game.rules import HISTORICAL, Outcome, RulesLike, rule_set
from ..words.errors import CardError
from ..words.validate import whole
from . import banker_hands, naturals, rounds, strategy
from .bank_price import bank_price, bank_value
from .checks import (
    deal_shoe,
    hand_of,
    may_buy,
    players_of,
    policy_of,
    round_fits,
    shoe_of,
    start_of,
    unseen,
)
from .composition import ValueClasses, decode, value_classes
from .results import AdviceRow, DecisionValues, Distribution, Policy, StrategyRow

__all__ = [
    "advice_check", "advice_failures", "bank_price", "bank_value", "banker_outcomes",
    "clear_caches", "decision_values", "draw_distribution", "first_banker_probabilities",
    "natural_probability", "round_value", "strategy_table",
]


def natural_probability(shoe: Shoe | None = None, rules: RulesLike = HISTORICAL) -> Fraction:
    """The chance that two cards from the shoe are a natural (R3).

    Fresh two packs: 2 · (8/104) · (32/103) = 64/1339 (an ace then a ten, or a ten then an ace).
    """
    rules = rule_set(rules)
    classes = value_classes(rules)
    counts = classes.of_shoe(shoe_of(shoe, rules))
    if sum(counts) < 2:
        raise CardError("natural_shoe", n=sum(counts))
    return naturals.banker_natural_chance(classes, (0,) * classes.size, counts)


def draw_distribution(hand: HandLike, seen: HandLike = (), shoe: Shoe | None = None,
                      rules: RulesLike = HISTORICAL) -> Distribution:
    """{new best total | 'bust': chance} for the next card bought (R2, R11, R13).

    The next card is equally likely to be any card the player has not seen: not in his hand,
    not among `seen`. The banker's closed cards are among the unseen ones.
    """
    rules = rule_set(rules)
    classes = value_classes(rules)
    held = hand_of(classes, hand, minimum=1)
    left = unseen(classes, shoe_of(shoe, rules), seen, hand)
    may_buy(classes, held)
    if sum(left) == 0:
        raise CardError("all_seen")
    chances: Distribution = {}
    for bought, n in enumerate(left):
        if n:
            value = classes.state(tuple(count + (c == bought) for c, count in enumerate(held)))
            key: Outcome = "bust" if value.bust else value.total
            chances[key] = chances.get(key, Fraction(0)) + Fraction(n, sum(left))
    totals = sorted(key for key in chances if key != "bust")
    return {key: chances[key] for key in [*totals, "bust"] if key in chances}


def first_banker_probabilities(n_players: int, shoe: Shoe | None = None,
                               rules: RulesLike = HISTORICAL) -> list[Fraction]:
    """[chance for seat 1, seat 2, ...] of holding the bank first (R4).

    Cards are handed out one at a time in seat order, round and round; the first ace decides.
    With U cards and a aces, the first ace is the j-th card with chance C(U − j, a − 1) / C(U, a)
    (the other a − 1 aces lie among the U − j cards after it); seat i gets the cards
    j = i, i + n, i + 2n, ...
    """
    rules = rule_set(rules)
    n = players_of(n_players, 1, 12)
    shoe = shoe_of(shoe, rules)
    aces, size = shoe.count("A"), len(shoe)
    if aces == 0:
        raise CardError("no_ace")
    seats = [Fraction(0)] * n
    for j in range(1, size - aces + 2):
        seats[(j - 1) % n] += Fraction(comb(size - j, aces - 1), comb(size, aces))
    return seats


def banker_outcomes(shoe: Shoe | None = None, rules: RulesLike = HISTORICAL,
                    upcard: HandLike | None = None) -> Distribution:
    """{'natural' | total | 'bust': chance} of how the banker's hand ends (R9, R14).

    With `upcard`, the banker's first card is known and removed from the shoe: this is the
    classic "dealer outcome by upcard" table, *not* conditioned on the banker lacking a natural.
    """
    rules = rule_set(rules)
    classes = value_classes(rules)
    start = start_of(classes, upcard)
    counts = unseen(classes, shoe_of(shoe, rules), upcard or ())
    round_fits(classes, counts, 21 - classes.points_of(start), 1)
    table = banker_hands.final_hands(classes, start, strategy.caps_for(rules, counts))
    return banker_hands.distribution(table, counts)


def decision_values(hand: HandLike, seen: HandLike = (), shoe: Shoe | None = None,
                    rules: RulesLike = HISTORICAL,
                    upcard: HandLike | None = None) -> DecisionValues:
    """{'stand': value, 'draw': value}: the player's expected result, stake 1 (R9–R17).

    'stand' is the expected result of stopping now; 'draw' of buying one card and then going
    on as well as possible. The player knows his cards and the seen cards, and that neither he
    nor the banker holds a natural. The banker's closed cards are unknown (with `upcard`, his
    first card is known). See strategy.py for how this is computed exactly.
    """
    rules = rule_set(rules)
    classes = value_classes(rules)
    held = hand_of(classes, hand, minimum=2)
    start = start_of(classes, upcard)
    may_buy(classes, held)
    shoe = shoe_of(shoe, rules)
    base = unseen(classes, shoe, seen, upcard or ())
    rest = unseen(classes, shoe, seen, upcard or (), hand)
    budget = (20 - classes.points_of(held)) + (21 - classes.points_of(start))
    round_fits(classes, rest, budget, 2)
    tree = strategy.solve(rules, base, start, (held,), None)
    no_natural = naturals.no_banker_natural(classes, start, rest)
    return {"stand": tree.known(held, "stand") / no_natural,
            "draw": tree.known(held, "draw") / no_natural}


def round_value(policy: Policy, shoe: Shoe | None = None,
                rules: RulesLike = HISTORICAL) -> Fraction:
    """The player's expected result per round, stake 1, from the deal (R7–R17).

    One player against the banker. `policy` is a whole number N (buy while the best total is
    below N) or 'optimal' (the best play, as in decision_values). Everything is included:
    the banker's natural (R9), the player's natural (R10), buying and the settlement.
    """
    rules = rule_set(rules)
    chosen = policy_of(policy)
    base = deal_shoe(value_classes(rules), shoe)
    return rounds.round_value_of(rules, base, chosen)


def strategy_table(shoe: Shoe | None = None, rules: RulesLike = HISTORICAL,
                   seen: HandLike = ()) -> list[StrategyRow]:
    """For every two-card hand (no naturals): the values of standing and buying (R9–R17).

    One dict per hand: 'hand' (text, one rank per value class, e.g. 'A 9' or '10 10'),
    'cards', 'total', 'soft', 'probability' (of being dealt it), 'stand', 'draw',
    'gain' (draw − stand) and 'best' ('stand', 'draw', or 'either' on an exact tie).
    `seen` cards are out of the shoe.
    """
    rules = rule_set(rules)
    classes = value_classes(rules)
    base = deal_shoe(classes, shoe, seen)
    tree = rounds.deal_tree(rules, base, None)
    rows: list[StrategyRow] = []
    for hand in rounds.two_card_hands(classes, base):
        if _something_to_decide(classes, base, hand):
            rows.append({**rounds.hand_values(classes, tree, base, hand),
                         "probability": rounds.deal_chance(base, hand)})
    return rows


def advice_check(shoe: Shoe | None = None, rules: RulesLike = HISTORICAL, seen: HandLike = (),
                 max_cards: int = 2) -> list[AdviceRow]:
    """The old advice «don't buy on 19 or 20», checked hand by hand (the advice after R11).

    Every hard and soft 19 and 20 of at most `max_cards` cards (two by default: the hands the
    text speaks of), with the values of standing and buying as in strategy_table;
    'advice_holds' is True where standing is at least as good as buying.
    """
    rules = rule_set(rules)
    classes = value_classes(rules)
    max_cards = whole(max_cards, "max_cards", 2, 21)
    base = deal_shoe(classes, shoe, seen)
    tree = rounds.deal_tree(rules, base, None)
    rows: list[AdviceRow] = []
    short = sorted((code for code, n_cards in tree.cards.items() if n_cards <= max_cards),
                   key=lambda code: (tree.cards[code], -code))
    for code in short:
        hand = tuple(decode([code], classes.size)[0].tolist())
        value = classes.state(hand)
        if value.total in (19, 20) and _something_to_decide(classes, base, hand):
            row = rounds.hand_values(classes, tree, base, hand)
            rows.append({**row, "advice_holds": row["stand"] >= row["draw"]})
    return rows


def advice_failures(shoe: Shoe | None = None, rules: RulesLike = HISTORICAL, seen: HandLike = (),
                    max_cards: int = 2) -> list[AdviceRow]:
    """The rows of advice_check where buying on 19 or 20 is strictly better than standing."""
    return [row for row in advice_check(shoe, rules, seen, max_cards) if not row["advice_holds"]]


def _something_to_decide(classes: ValueClasses, base: tuple[int, ...],
                         hand: tuple[int, ...]) -> bool:
    """Not a natural, not bust, and the banker does not surely hold a natural (R9, R10, R13)."""
    value = classes.state(hand)
    rest = tuple(b - h for b, h in zip(base, hand, strict=True))
    surely_natural = naturals.banker_natural_chance(classes, (0,) * classes.size, rest) == 1
    return not (value.natural or value.bust or surely_natural)


def clear_caches(rule_tables: bool = True) -> None:
    """Forget remembered results (for cold timings in the benchmarks).

    With rule_tables=False, keep what depends only on the rules (the banker's final hands and
    the hand values) and forget only what depends on a shoe.
    """
    strategy.solve.cache_clear()
    if rule_tables:
        banker_hands.final_hands.cache_clear()
        naturals.natural_pairs.cache_clear()
        value_classes.cache_clear()

