"""The value of holding the bank, and a fair price for it (R18–R20).

**Why the banker's gain against n players is n times one player's loss.** Every payment is
between one player and the banker, so the banker's gain in a round is minus the sum of the
players' results, and by linearity of expectation its expected value is minus the sum of the
players' expected results. Look at one player. The other players take cards between his, but
each of them decides when to stop from his *own* cards only (a threshold, or the one-player
best play, which ignores the others' open cards), and so does the banker (R14). Dealing from a
fairly shuffled shoe, when every hand stops by its own cards alone, the next card any hand
receives is a random card among those not yet dealt, whoever took the cards before it; so
the cards of our player and of the banker have the same joint chances as if the other players
were not there (deal them from the bottom of the shoe instead: nothing changes). Hence each
player's expected result is round_value(policy) from the same shoe, and

    bank_value(n) = − n · round_value(policy).

This needs the round never to run out of cards (R18); the functions check that it cannot.
It would fail for an *informed* banker who looks at the open cards, or with
reveal_drawn_21_early=True (R12), where the banker's play depends on the players' cards.
"""

from __future__ import annotations

from fractions import Fraction

from ..game.cards import Shoe
from ..game.rules import HISTORICAL, RulesLike, rule_set
from . import bank_length, checks, rounds
from .composition import value_classes
from .results import BankPrice, Policy


def bank_value(n_players: int, policy: Policy, shoe: Shoe | None = None,
               rules: RulesLike = HISTORICAL) -> Fraction:
    """The banker's exact expected gain per round against n_players (1–11), stakes 1 (R9–R17).

    Every player plays `policy` ('optimal' or a threshold N). Equal to −n · round_value(policy):
    see the module's docstring. To see how it moves with the banker's stand threshold, pass
    rules.with_(banker_stands_on=...); with cards already dealt, pass the shoe that is left.
    """
    rules = rule_set(rules)
    n = checks.players_of(n_players, 1, 11)
    chosen = checks.policy_of(policy)
    base = checks.deal_shoe(value_classes(rules), shoe, players=n)
    return -n * rounds.round_value_of(rules, base, chosen)


def bank_price(n_players: int, policy: Policy, shoe: Shoe | None = None,
               rules: RulesLike = HISTORICAL) -> BankPrice:
    """The bank's worth to its holder over the rest of the shoe, and its fair price (R18–R20).

    The banker holds the bank until the shoe is dealt through (R18), so the bank is worth
    'value' = gain_per_round · rounds. Under R20 the buyer takes the seller's seat and the
    seller the buyer's: the seller becomes one of the n players of this bank and loses value/n
    on it on average, and the buyer no longer does. Both are indifferent, over this bank, at
    'price' = value · (n + 1) / n: the seller then ends with price − value/n = value, as if he
    had kept the bank, and the buyer with value − price = −value/n, as if he had not bought.
    (If the evening goes on round the table, the seller, now in the buyer's old seat, also
    holds that seat's bank when its turn comes; the price leaves later banks out.)
    Exact parts: 'gain_per_round' (bank_value) and 'cards_per_round', the expected cards a
    round uses. Approximate: 'rounds', the expected rounds of the bank (bank_length.py says
    which two simplifications it makes), and so 'value' and 'price'.
    """
    rules = rule_set(rules)
    n = checks.players_of(n_players, 1, 11)
    chosen = checks.policy_of(policy)
    base = checks.deal_shoe(value_classes(rules), shoe, players=n)
    tree = rounds.deal_tree(rules, base, chosen)
    gain = -n * rounds.round_value_of(rules, base, chosen, tree)
    law = bank_length.cards_per_round(rules, base, chosen, n, tree)
    cards = sum((c * chance for c, chance in law.items()), Fraction(0))
    left = bank_length.expected_rounds(law, sum(base))
    return {"gain_per_round": gain, "cards_per_round": cards, "rounds": left,
            "value": gain * left, "price": gain * left * Fraction(n + 1, n)}
