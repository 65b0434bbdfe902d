"""Choosing a class seed whose first screen teaches: the first ace comes soon (R4), the student
plays a hand that asks a real question, and the round does not end at once (R9, R10)."""

from __future__ import annotations

from dataclasses import dataclass

from ..game.hands import hand_value
from ..game.rules import HISTORICAL, variant
from ..game.table import Table
from ..words.errors import RuleError

MOST_SEEDS = 100_000  # how far class_seed looks before it gives up


@dataclass(frozen=True)
class FirstScreen:
    """What a TableWidget shows after the first Deal with a seed (every card exact)."""

    seed: int
    draw_cards: int  # cards handed out for the first bank, the first ace included (R4)
    banker: str
    your_total: int | None  # the student's two cards, None if he holds the bank
    your_natural: bool
    banker_natural: bool


def first_screen(seed: int, players=4, you: int = 0, rules=HISTORICAL) -> FirstScreen:
    """The first screen of TableWidget(players, seed=seed, you=you): the same shuffle, the
    same draw for the bank (R4) and the same deal (R7), computed with the engine's Table."""
    names = [f"seat {i + 1}" for i in range(players)] if isinstance(players, int) \
        else list(players)
    if isinstance(you, bool) or not isinstance(you, int) or not 0 <= you < len(names):
        raise RuleError("you_seat", value=repr(you), last=len(names) - 1)
    rules = variant(rules)
    table = Table(names, rules=rules, seed=seed)
    banker = table.choose_banker()
    for seat in names:
        if seat != banker:
            table.stake(seat, 1)
    table.deal()
    student = names[you]
    mine = None if student == banker else hand_value(table.hands[student], rules)
    return FirstScreen(seed, len(table.banker_draw), banker,
                       None if mine is None else mine.total, bool(mine and mine.natural),
                       hand_value(table.hands[banker], rules).natural)


def class_seed(players=4, you: int = 0, rules=HISTORICAL, most_draw_cards: int | None = None,
               totals=range(12, 21), start: int = 1) -> int:
    """The first seed from `start` whose first screen teaches, for a TableWidget with these
    players: the first ace comes within `most_draw_cards` cards (one round of the seats by
    default, R4), the student does not hold the bank, his two cards make a total in `totals`
    (buy or stand is a real question, R11) and nobody's natural ends the round at once (R9)."""
    n = players if isinstance(players, int) else len(players)
    most = n if most_draw_cards is None else most_draw_cards
    if isinstance(most, bool) or not isinstance(most, int) or most < 1:
        raise RuleError("most_draw_cards", value=repr(most))
    for seed in range(start, start + MOST_SEEDS):
        screen = first_screen(seed, players, you, rules)
        if (screen.draw_cards <= most and screen.your_total in totals
                and not screen.your_natural and not screen.banker_natural):
            return seed
    raise RuleError("no_seed", first=start, last=start + MOST_SEEDS - 1)
