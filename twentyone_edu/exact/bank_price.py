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
from . import checks, rounds
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
    """A fair price for the bank (R20): its expected gain over the rest of the shoe (R18).

    The banker holds the bank until the shoe is dealt through, so a fair price is the banker's
    expected total gain over the rounds still to come. Exact parts:
      'gain_per_round'  — bank_value(n_players, policy, shoe, rules);
      'cards_per_round' — expected cards used in a round (n players and the banker; the banker
                          is assumed to finish his hand every round).
    Approximate parts (say so when you show them):
      'rounds'  — len(shoe) / cards_per_round, the rounds the shoe's cards pay for on average.
                  The bank also plays the round in which the shoe runs out, finished with
                  reshuffled discards (R18), so this tends to count about half a round too few;
      'price'   — gain_per_round · rounds. Each later round, dealt from whatever the earlier
                  rounds left, has on average the same expected gain as a round dealt from this
                  shoe (the argument above, applied round after round); what is approximate is
                  only how many rounds there are.
    """
    rules = rule_set(rules)
    n = checks.players_of(n_players, 1, 11)
    chosen = checks.policy_of(policy)
    classes = value_classes(rules)
    base = checks.deal_shoe(classes, shoe, players=n)
    gain = -n * rounds.round_value_of(rules, base, chosen)
    player_cards, banker_cards = rounds.expected_cards(rules, base, chosen)
    cards = n * player_cards + banker_cards
    left = Fraction(sum(base), 1) / cards
    return {"gain_per_round": gain, "cards_per_round": cards, "rounds": left,
            "price": gain * left}
