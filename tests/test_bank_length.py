"""How long a bank lasts and what it is worth (R18–R20): exact_length's laws by brute force, the
expected rounds by hand, and bank_price against whole banks simulated card by card."""

from __future__ import annotations

from fractions import Fraction

import bruteforce as bf
import pytest

from twentyone_edu import Shoe, exact, simulate
from twentyone_edu.exact import bank_length
from twentyone_edu.exact.composition import value_classes
from twentyone_edu.game.rules import HISTORICAL

SMALL = Shoe.from_counts({"A": 2, "4": 1, "7": 2, "9": 2, "10": 5})


def _banker_cards(hand: tuple, shoe: tuple) -> dict:
    """{cards: chance} of the banker's final hand from `hand`, drawing from `shoe` (R14)."""
    if bf.banker_outcome(hand, HISTORICAL) is not None:
        return {len(hand): Fraction(1)}
    law: dict = {}
    for rank, p, rest in bf.draws(shoe):
        for cards, q in _banker_cards((*hand, rank), rest).items():
            law[cards] = law.get(cards, Fraction(0)) + p * q
    return law


def _brute_laws(policy) -> tuple[dict, dict]:
    """One player and the banker dealt in the real order (player, banker, player, banker):
    the player's (cards, out) and the banker's cards, each given that the banker has no
    natural (the banker playing his hand out)."""
    shoe = bf.shoe_of(SMALL)
    make = bf.policy_maker(policy, HISTORICAL)
    player: dict = {}
    banker: dict = {}
    no_natural = Fraction(0)
    for p1, q1, s1 in bf.draws(shoe):
        for b1, q2, s2 in bf.draws(s1):
            for p2, q3, s3 in bf.draws(s2):
                for b2, q4, s4 in bf.draws(s3):
                    chance = q1 * q2 * q3 * q4
                    if bf.banker_outcome((b1, b2), HISTORICAL) == "natural":
                        continue
                    no_natural += chance
                    hand = (p1, p2)
                    for cards, q in _banker_cards((b1, b2), bf._without(shoe, (b1, b2))).items():
                        banker[cards] = banker.get(cards, Fraction(0)) + chance * q
                    if bf.value(hand, HISTORICAL).natural:
                        player[2, True] = player.get((2, True), Fraction(0)) + chance
                        continue
                    buys = make(hand, bf._without(shoe, hand))
                    for bought, q, _ in bf.player_buys(hand, (), s4, buys):
                        key = (2 + len(bought), bf.value((*hand, *bought), HISTORICAL).bust)
                        player[key] = player.get(key, Fraction(0)) + chance * q
    return ({k: v / no_natural for k, v in player.items()},
            {k: v / no_natural for k, v in banker.items()})


@pytest.mark.parametrize("policy", [14, 17, "optimal"])
def test_each_hands_law_is_exact(policy):
    base = value_classes(HISTORICAL).of_shoe(SMALL)
    chosen = None if policy == "optimal" else policy
    natural = 1 - exact.natural_probability(SMALL)
    player, banker = _brute_laws(policy)
    assert bank_length._player_law(HISTORICAL, base, chosen, natural) == player
    assert bank_length._banker_law(HISTORICAL, base, natural) == banker


def test_a_round_uses_two_cards_a_hand_at_least_and_the_law_sums_to_one():
    base = value_classes(HISTORICAL).of_shoe(Shoe.fresh())
    law = bank_length.cards_per_round(HISTORICAL, base, 17, 4)
    assert sum(law.values()) == 1
    assert min(law) == 10
    # A banker's natural stops the round at the deal: at least that much chance on 10 cards.
    assert law[10] >= exact.natural_probability()


def test_expected_rounds_by_hand():
    # Two cards a round from ten: five rounds, surely.
    assert bank_length.expected_rounds({2: Fraction(1)}, 10) == 5
    # One or two cards, evenly: E1 = 1, E2 = 1 + E1/2 = 3/2, E3 = 1 + E2/2 + E1/2 = 9/4.
    half = {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert bank_length.expected_rounds(half, 2) == Fraction(3, 2)
    assert bank_length.expected_rounds(half, 3) == Fraction(9, 4)


def test_the_fair_price_leaves_seller_and_buyer_as_they_were():
    # R20: the seller becomes one of the n players (losing value/n), the buyer stops being one.
    n = 4
    bank = exact.bank_price(n, 17)
    assert bank["value"] == bank["gain_per_round"] * bank["rounds"]
    assert bank["price"] - bank["value"] / n == bank["value"]  # the seller, as if he kept it
    assert bank["value"] - bank["price"] == -bank["value"] / n  # the buyer, as if he had not


@pytest.mark.parametrize(("players", "policy", "seed"), [(4, 17, 1), (2, 15, 2)])
def test_bank_price_agrees_with_twenty_thousand_simulated_banks(players, policy, seed):
    # Whole banks, each a fresh shoe dealt through round after round (R18), at least 20,000:
    # the bank's worth and fair price within 2 standard errors, the rounds within 1 %.
    bank = exact.bank_price(players, policy)
    banks = simulate.banks(20_000, players, policy, seed=seed)
    value, error = banks.gains.mean, banks.gains.std_error
    assert abs(float(bank["value"]) - value) <= 2 * error
    factor = (players + 1) / players
    assert abs(float(bank["price"]) - factor * value) <= 2 * factor * error
    assert abs(float(bank["rounds"]) - banks.rounds.mean) <= 0.01 * banks.rounds.mean


def test_a_simulated_bank_ends_when_its_shoe_is_dealt_through():
    banks = simulate.banks(500, 4, 17, seed=3)
    rounds = banks.rounds.results
    # 104 cards, at least 10 a round: never more than 11 rounds; at most ~20 a round: at least 5.
    assert rounds.min() >= 5 and rounds.max() <= 11
    assert banks.gains.n == 500
