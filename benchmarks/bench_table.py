"""Speed of the live table: every move well inside a widget callback's 100 ms (DESIGN.md)."""

from __future__ import annotations

import time

from benchmarks.timing import report
from twentyone_edu.game.table import Table

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Darya", "Egor", "Zoya", "Ilya", "Kira", "Lev",
         "Mila", "Nikita"]


def _moves_of_a_game(players: int, shoes: int, rules: str = "historical") -> list[float]:
    """The time of every public move in a game through whole shoes, in seconds."""
    table = Table(NAMES[:players], rules=rules, seed=players, purse=10_000)
    seconds = []

    def timed(move, *args):
        start = time.perf_counter()
        move(*args)
        seconds.append(time.perf_counter() - start)

    timed(table.choose_banker)
    while table.bank_number <= shoes:
        for player in table.players:
            if player != table.banker:
                timed(table.stake, player, 5)
        timed(table.deal)
        while table.phase == "players":
            timed(table.play_player, 16)  # buy while the total is below 16
        if table.phase == "banker":
            timed(table.play_banker)
        timed(table.settle)
        timed(table.snapshot)
        timed(table.next_round)
    return seconds


def main() -> list[tuple[str, float, float]]:
    """(what, measured seconds, target seconds) for the table."""
    rows = []
    for players, shoes, rules in ((12, 5, "historical"), (2, 5, "historical"),
                                  (12, 2, "blackjack")):
        start = time.perf_counter()
        seconds = _moves_of_a_game(players, shoes, rules)
        total = time.perf_counter() - start
        rows.append((f"Table, {players} players, {shoes} whole shoes ({rules}): slowest move, s",
                     max(seconds), 0.1))
        rows.append((f"Table, {players} players, {shoes} whole shoes ({rules}): whole game, s",
                     total, 2.0))
    return rows


if __name__ == "__main__":
    report(main())
