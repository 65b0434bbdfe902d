"""Speed of the simulation: a million rounds, and one step of a widget's long run (DESIGN.md)."""

from __future__ import annotations

import time

from benchmarks.timing import best_seconds, report
from twentyone_edu import VARIANTS, exact, simulate


def _slowest_step(players: int) -> float:
    """The slowest step, in seconds, of 20 default steps of a long run, over every variant."""
    slowest = 0.0
    for rules in VARIANTS.values():
        steps = simulate.rounds_in_steps(20 * simulate.STEP // players, None, 17, rules,
                                         players=players)
        start = time.perf_counter()
        for _ in steps:
            now = time.perf_counter()
            slowest = max(slowest, now - start)
            start = now
    return slowest


def _bank_price_check() -> list[tuple[str, float, float]]:
    """exact.bank_price(4, 17) against the most banks simulate.banks plays (R18–R20)."""
    bank = exact.bank_price(4, 17)
    banks = simulate.banks(simulate.most_banks(4), 4, 17, seed=2026)
    z = abs(float(bank["value"]) - banks.gains.mean) / banks.gains.std_error
    print(f"bank_price(4, 17): rounds {float(bank['rounds']):.4f}, value "
          f"{float(bank['value']):.4f}, price {float(bank['price']):.4f}; "
          f"{banks.gains.n:,} simulated banks: rounds {banks.rounds.mean:.4f} "
          f"± {banks.rounds.std_error:.4f}, gain {banks.gains.mean:.4f} "
          f"± {banks.gains.std_error:.4f}")
    return [
        (f"bank_price(4, 17) value vs {banks.gains.n:,} simulated banks, standard errors", z,
         2.0),
        ("bank_price(4, 17) rounds vs the simulated banks, rounds",
         abs(float(bank["rounds"]) - banks.rounds.mean), 0.1),
    ]


def main() -> list[tuple[str, float, float]]:
    """(what, measured seconds, target seconds) for each speed target of the simulation."""
    return [
        ("simulate.rounds(1_000_000), historical rules, s",
         best_seconds(lambda: simulate.rounds(1_000_000, 17)), 5.0),
        ("simulate.rounds(1_000_000), 6-pack blackjack, s",
         best_seconds(lambda: simulate.rounds(1_000_000, 17, "blackjack")), 5.0),
        (f"simulate.rounds_in_steps: slowest step of {simulate.STEP:,} rounds, s",
         _slowest_step(1), 0.1),
        (f"simulate.rounds_in_steps: slowest step, 11 players x {simulate.STEP // 11:,}, s",
         _slowest_step(11), 0.1),
        ("simulate.first_banker(5, 100_000), s",
         best_seconds(lambda: simulate.first_banker(5, 100_000)), 0.1),
        ("simulate.banks(20_000), 4 players, s",
         best_seconds(lambda: simulate.banks(20_000, 4)), 5.0),
        *_bank_price_check(),
    ]


if __name__ == "__main__":
    report(main())
