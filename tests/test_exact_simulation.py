"""The exact engine against a plain Monte Carlo of the game, within 4 standard errors (R4–R17).

The simulation here is deliberately simple and separate from the package: its own card
points, a shoe drawn from without replacement, the real order of the deal (R7), and only
settle() and banker_buys() from the rules. Seeds are fixed, so the tests are repeatable.
"""

import random
from math import sqrt

from twentyone_edu import HISTORICAL, Shoe, exact, settle

POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 11)}


def score(hand):
    """(best total, soft) of a French-pack hand."""
    hard = sum(POINTS[r] for r in hand)
    soft = "A" in hand and hard + 10 <= 21
    return (hard + 10 if soft else hard), soft


def outcome(hand):
    total, _ = score(hand)
    if len(hand) == 2 and total == 21:
        return "natural"
    return "bust" if total > 21 else total


class Deal:
    """One round's cards, drawn at random without replacement from a shoe."""

    def __init__(self, cards, rng):
        self.left = list(cards)
        self.rng = rng

    def card(self):
        i = self.rng.randrange(len(self.left))
        self.left[i], self.left[-1] = self.left[-1], self.left[i]
        return self.left.pop()


def banker_plays(banker, deal, rules=HISTORICAL):
    while outcome(banker) not in ("natural", "bust") and rules.banker_buys(*score(banker)):
        banker.append(deal.card())
    return outcome(banker)


def fresh_cards(decks=2):
    return [rank for rank, n in Shoe.fresh(decks).counts for _ in range(n)]


def mean_and_error(results):
    n = len(results)
    mean = sum(results) / n
    variance = sum((x - mean) ** 2 for x in results) / (n - 1)
    return mean, sqrt(variance / n)


def test_banker_outcomes_frequencies():
    rng, cards, n = random.Random(1), fresh_cards(), 100_000
    counts = {}
    for _ in range(n):
        deal = Deal(cards, rng)
        result = banker_plays([deal.card(), deal.card()], deal)
        counts[result] = counts.get(result, 0) + 1
    for key, p in exact.banker_outcomes().items():
        p = float(p)
        assert abs(counts.get(key, 0) / n - p) <= 4 * sqrt(p * (1 - p) / n), key


def test_first_banker_frequencies():
    rng, cards, n, seats = random.Random(2), fresh_cards(), 50_000, 4
    wins = [0] * seats
    for _ in range(n):
        deal, seat = Deal(cards, rng), 0
        while deal.card() != "A":
            seat = (seat + 1) % seats
        wins[seat] += 1
    for seat, p in enumerate(exact.first_banker_probabilities(seats)):
        p = float(p)
        assert abs(wins[seat] / n - p) <= 4 * sqrt(p * (1 - p) / n), seat


def play_round(deal, buys_below):
    player, banker = [deal.card()], [deal.card()]
    player.append(deal.card())
    banker.append(deal.card())
    if outcome(banker) == "natural":
        return settle(outcome(player), "natural")
    while outcome(player) != "natural" and score(player)[0] < min(buys_below, 21):
        player.append(deal.card())
    return settle(outcome(player), banker_plays(banker, deal))


def test_round_value_threshold_17():
    rng, cards = random.Random(3), fresh_cards()
    mean, error = mean_and_error([float(play_round(Deal(cards, rng), 17))
                                  for _ in range(100_000)])
    assert abs(mean - float(exact.round_value(17))) <= 4 * error


def conditional_results(hand, rng, n, then_draw):
    """Results of `hand` against a banker without a natural, standing or buying (R9–R17).

    then_draw(player) says whether to buy again after the first bought card.
    """
    cards = fresh_cards()
    for rank in hand.split():
        cards.remove(rank)
    results = []
    while len(results) < n:
        deal = Deal(cards, rng)
        banker = [deal.card(), deal.card()]
        if outcome(banker) == "natural":
            continue
        player = hand.split()
        if then_draw is not None:
            player.append(deal.card())
            while outcome(player) != "bust" and score(player)[0] < 21 and then_draw(player):
                player.append(deal.card())
        results.append(float(settle(outcome(player), banker_plays(banker, deal))))
    return results


def test_decision_values_stand_on_nineteen_and_sixteen():
    rng = random.Random(4)
    for hand in ("10 9", "10 6"):
        mean, error = mean_and_error(conditional_results(hand, rng, 60_000, None))
        assert abs(mean - float(exact.decision_values(hand)["stand"])) <= 4 * error, hand


def test_decision_values_buying_on_nineteen():
    # After 10 + 9 only an ace (20) or a two (21) survives; at 20 follow the engine's choice.
    values_20 = exact.decision_values("10 9 A")
    buy_on_20 = values_20["draw"] > values_20["stand"]
    mean, error = mean_and_error(conditional_results(
        "10 9", random.Random(5), 60_000, lambda player: buy_on_20 and score(player)[0] == 20))
    assert abs(mean - float(exact.decision_values("10 9")["draw"])) <= 4 * error


def test_round_value_optimal_following_the_engines_choices():
    choices = {}

    def buys(player):
        key = " ".join(sorted(player))
        if key not in choices:
            values = exact.decision_values(key)
            choices[key] = values["draw"] > values["stand"]
        return choices[key]

    def play(deal):
        player, banker = [deal.card()], [deal.card()]
        player.append(deal.card())
        banker.append(deal.card())
        if outcome(banker) == "natural":
            return settle(outcome(player), "natural")
        while outcome(player) not in ("natural", "bust", 21) and buys(player):
            player.append(deal.card())
        return settle(outcome(player), banker_plays(banker, deal))

    rng, cards = random.Random(6), fresh_cards()
    mean, error = mean_and_error([float(play(Deal(cards, rng))) for _ in range(40_000)])
    assert abs(mean - float(exact.round_value("optimal"))) <= 4 * error
    assert len(choices) < 2000


def test_where_the_advice_fails_soft_nineteen_without_tens():
    # With all 32 ten-valued cards gone the shoe is rich in small cards and buying on A + 8
    # pays (advice_failures says so); the simulated values of both choices must agree. Without
    # tens the banker cannot hold a natural, so no deal has to be thrown away.
    seen = "10 J Q K " * 8
    values = exact.decision_values("A 8", seen=seen)
    choices = {}

    def buys(player):
        key = " ".join(sorted(player))
        if key not in choices:
            now = exact.decision_values(key, seen=seen)
            choices[key] = now["draw"] > now["stand"]
        return choices[key]

    cards = [c for c in fresh_cards() if POINTS[c] != 10]
    cards.remove("A")
    cards.remove("8")
    rng = random.Random(7)
    for action, then_draw in (("stand", None), ("draw", buys)):
        results = []
        while len(results) < 40_000:
            deal = Deal(cards, rng)
            banker = [deal.card(), deal.card()]
            player = ["A", "8"]
            if then_draw is not None:
                player.append(deal.card())
                while outcome(player) not in ("bust", 21) and then_draw(player):
                    player.append(deal.card())
            results.append(float(settle(outcome(player), banker_plays(banker, deal))))
        mean, error = mean_and_error(results)
        assert abs(mean - float(values[action])) <= 4 * error, action
    assert [row["hand"] for row in exact.advice_failures(seen=seen)] == ["A 8"]
