"""Speed of the live table, the cards and the banker chooser: every callback under 100 ms (p95).

The widgets are driven inside an asyncio event loop, as in a notebook kernel, so the exact odds
are worked out in a thread while the click returns; a callback's time is the time the kernel is
blocked. The odds' own time is reported separately (target inf: reported, no target).
Timings are wall-clock on a shared machine.
"""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict

from benchmarks.timing import BUDGET, NO_TARGET, Background, p95, report, timed
from twentyone_edu.widgets import BankerChooser, TableWidget, live_table
from twentyone_edu.widgets.card_faces import hand_html


def _table_event(w: TableWidget, rng: random.Random):
    """A likely next move at the table: mostly play, sometimes set-up, stakes or language."""
    name = rng.choice(["deal"] * 6 + ["buy"] * 5 + ["stand"] * 5 + [
        "draw", "stake", "odds", "language", "threshold", "you", "by_hand", "banker", "new"])
    if name == "deal":
        return name, w.deal_button.click
    if name in ("buy", "stand", "draw", "banker"):
        return name, getattr(w, f"{name}_button").click
    if name == "stake":
        w.stake_box.value = rng.choice(["1", "2", "5", "abc"])
        return name, w.stake_button.click
    if name == "odds":
        return name, lambda: setattr(w.odds_toggle, "value", not w.odds_toggle.value)
    if name == "language":
        return name, lambda: setattr(w.language_toggle, "value",
                                     "ru" if w.language == "en" else "en")
    if name == "threshold":
        return name, lambda: setattr(w.threshold_box, "value", rng.randint(12, 21))
    if name == "you":
        return name, lambda: setattr(w.you_box, "value", rng.choice(w.you_box.options)[1])
    if name == "by_hand":
        return name, lambda: setattr(w.by_hand_box, "value", not w.by_hand_box.value)
    w.seed_box.value = str(rng.randrange(10**6))
    return name, w.new_table_button.click


async def _table(background: Background, players: int, events: int,
                 rng: random.Random) -> list[tuple[str, float, float]]:
    # the events come faster than a hand can tap: without this, the double tap's guard would
    # take each «Buy a card» or «Stand» soon after another for the first's second tap, and
    # time a click that does nothing
    live_table.REPEAT = 0.0
    built = timed(lambda: TableWidget(players=players, seed=1))
    w = TableWidget(players=players, seed=1)
    w.odds_toggle.value = True
    await background.settle()
    seconds = defaultdict(list)
    for _ in range(events):
        name, action = _table_event(w, rng)
        seconds[name].append(timed(action))
        await background.settle()
    assert w.message.unexpected == []
    every = [s for times in seconds.values() for s in times]
    rows = [(f"TableWidget, {players} players: built, s", built, NO_TARGET),
            (f"TableWidget, {players} players: every callback ({events} events), p95 s",
             p95(every), BUDGET)]
    rows += [(f"TableWidget, {players} players: {name} ({len(times)}), p95 s", p95(times),
              BUDGET) for name, times in sorted(seconds.items())]
    return rows


async def _chooser(background: Background, rng: random.Random) -> list[tuple[str, float, float]]:
    b = BankerChooser(players=5, seed=1)
    seconds = defaultdict(list)
    for _ in range(300):
        name = rng.choice(["next"] * 5 + ["all", "new", "players", "language", "simulate"])
        if name == "players":
            action = lambda: setattr(b.players_box, "value", rng.randint(2, 12))  # noqa: E731
        elif name == "language":
            action = lambda: setattr(b.language_toggle, "value",  # noqa: E731
                                     "ru" if b.language == "en" else "en")
        elif name == "simulate":
            b.trials_box.value = rng.choice(b.trials_box.options)[1]
            action = b.simulate_button.click
        else:
            action = getattr(b, f"{name}_button").click
        seconds[name].append(timed(action))
        await background.settle()
    assert b.message.unexpected == []
    every = [s for times in seconds.values() for s in times]
    rows = [("BankerChooser: every callback (300 events), p95 s", p95(every), BUDGET)]
    rows += [(f"BankerChooser: {name} ({len(times)}), p95 s", p95(times), BUDGET)
             for name, times in sorted(seconds.items())]
    return rows


def _cards() -> list[tuple[str, float, float]]:
    from twentyone_edu import parse_cards

    hand = parse_cards("A♠ 10♥ K♦ 7♣ 2 9♠")
    times = [timed(lambda: hand_html(hand, ["closed", "peek", "open", "open", "open", "open"],
                                     "ru")) for _ in range(300)]
    return [("cards: a hand of six SVG cards, p95 s", p95(times), BUDGET)]


async def _measure() -> list[tuple[str, float, float]]:
    background = Background()
    asyncio.get_running_loop().set_default_executor(background)
    rng = random.Random(21)
    rows = await _table(background, 4, 600, rng)
    rows += await _table(background, 12, 300, rng)
    odds = list(background.seconds)
    rows += await _chooser(background, rng)
    simulations = background.seconds[len(odds):]
    rows += _cards()
    rows += [("TableWidget: exact odds in the background, p95 s", p95(odds), NO_TARGET),
             ("TableWidget: exact odds in the background, slowest (a rule set's first), s",
              max(odds), NO_TARGET),
             ("BankerChooser: simulation in the background, slowest, s", max(simulations),
              NO_TARGET)]
    return rows


def main() -> list[tuple[str, float, float]]:
    """(what, measured seconds, target seconds) for the table's, cards' and chooser's callbacks."""
    return asyncio.run(_measure())


if __name__ == "__main__":
    report(main())
