"""Speed of the explorers and the quiz: every callback under 100 ms at the 95th percentile.

The widgets are driven inside an asyncio event loop, as in a notebook kernel: slow first-time
work (an exact table, a chart's axes) then runs in a thread while the callback returns, and a
callback's time is the time the kernel is blocked. The background work is timed separately
(rows with target inf: reported, no target). Timings are wall-clock on a shared machine.
"""

from __future__ import annotations

import asyncio
import random
import time
from functools import partial

from benchmarks.timing import BUDGET, NO_TARGET, Background, p95, report, timed
from twentyone_edu.widgets import (
    AdviceExplorer,
    Quiz,
    SimulationExplorer,
    StrategyExplorer,
    make_answer_token,
)
from twentyone_edu.widgets.advice import CLASSIC_HANDS


def timing(widget, method: str) -> list[float]:
    """Time every call of one of the widget's methods (the loop callbacks that show results)."""
    seconds, original = [], getattr(widget, method)

    def timed_method(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            seconds.append(time.perf_counter() - start)

    setattr(widget, method, timed_method)
    return seconds


async def _advice(background: Background, rng: random.Random) -> list[tuple[str, float, float]]:
    advice = AdviceExplorer()
    await background.settle()
    shown = timing(advice, "_show")
    hands = [*CLASSIC_HANDS, "5 4", "2 3", "A 2", "7 7", "6 5", "A A", "8 8 2", "2 2 2 2"]
    seens = ["", "A", "2 2", "A 5 6 10", "K Q J", "A A A"]
    callbacks, languages = [], []
    for _ in range(300):
        action = rng.choice([
            partial(setattr, advice.hand_box, "value", rng.choice(hands)),
            partial(setattr, advice.seen_box, "value", rng.choice(seens)),
            rng.choice(advice.hand_buttons).click,
            partial(setattr, advice.rules_menu, "value",
                    rng.choice(["historical", "german_vingt_un", "hoyle_vingt_un"]))])
        callbacks.append(timed(action))
        await background.settle()
    for language in ["ru", "en"] * 10:
        languages.append(timed(partial(setattr, advice.language_toggle, "value", language)))
        await background.settle()
    assert advice.message.unexpected == []
    return [
        ("AdviceExplorer: hand, seen cards, hand buttons, rules (300 events), p95 s",
         p95(callbacks), BUDGET),
        ("AdviceExplorer: showing a hand's numbers when they are ready, p95 s", p95(shown),
         BUDGET),
        ("AdviceExplorer: language switch, p95 s", p95(languages), BUDGET),
    ]


async def _strategy(background: Background, rng: random.Random) -> list[tuple[str, float, float]]:
    started = len(background.seconds)
    first_click = timed(StrategyExplorer)
    strategy = StrategyExplorer()
    await background.settle()
    first_table = background.seconds[started] if len(background.seconds) > started else 0.0
    controls, cells, languages = [], [], []
    for _ in range(150):
        name, banker = rng.choice(["historical", "ochko"]), rng.choice([16, 17])
        controls.append(timed(partial(setattr, strategy.rules_menu, "value", name)))
        await background.settle()
        controls.append(timed(partial(setattr, strategy.banker_menu, "value", banker)))
        await background.settle()
        menu = rng.choice([strategy.first_menu, strategy.second_menu])
        cells.append(timed(partial(setattr, menu, "index", rng.randrange(len(menu.options)))))
    for language in ["ru", "en"] * 10:
        languages.append(timed(partial(setattr, strategy.language_toggle, "value", language)))
    assert strategy.message.unexpected == []
    return [
        ("StrategyExplorer: built while the first table is computed (blocking part), s",
         first_click, BUDGET),
        ("StrategyExplorer: first table and heat map, historical (background), s",
         first_table, NO_TARGET),
        ("StrategyExplorer: rules and banker controls (300 events), p95 s", p95(controls), BUDGET),
        ("StrategyExplorer: choosing a cell (150 events), p95 s", p95(cells), BUDGET),
        ("StrategyExplorer: language switch, p95 s", p95(languages), BUDGET),
    ]


async def _simulation(background: Background) -> list[tuple[str, float, float]]:
    sim = SimulationExplorer(rounds=1_000_000)
    steps, clicks = timing(sim, "step"), []

    for policy in (15, 16, 17, 18, 17, 16):
        sim.policy_menu.value = policy
        clicks.append(timed(sim.run_button.click))
        await background.settle()
        while sim.state in ("computing", "running") and (sim.result is None
                                                         or sim.result.n < 300_000):
            await asyncio.sleep(0.01)
        clicks.append(timed(sim.stop_button.click))
    clicks.append(timed(sim.run_button.click))
    await background.settle()
    while sim.state == "running":
        await asyncio.sleep(0.05)
    languages = []
    for language in ["ru", "en"] * 5:
        languages.append(timed(partial(setattr, sim.language_toggle, "value", language)))
        await background.settle()
    assert sim.state == "done" and sim.message.unexpected == []
    return [
        ("SimulationExplorer: one step of a run (rounds and a frame), p95 s", p95(steps), BUDGET),
        ("SimulationExplorer: Run and Stop clicks, p95 s", p95(clicks), BUDGET),
        ("SimulationExplorer: language switch, p95 s", p95(languages), BUDGET),
    ]


def _quiz(rng: random.Random) -> list[tuple[str, float, float]]:
    quiz = Quiz("P(21)?", make_answer_token("4/51"), hints=["a", "b", "c"])
    typed = ["4/51", "0.0784", "7,84 %", "abc", "1/0", "0.07843", "12", "<b>x</b>"]
    checks = []
    for _ in range(300):
        quiz.answer_box.value = rng.choice(typed)
        checks.append(timed(quiz.check_button.click))
        checks.append(timed(quiz.hint_button.click))
    return [("Quiz: Check and Hint clicks, p95 s", p95(checks), BUDGET)]


async def _measure() -> list[tuple[str, float, float]]:
    background = Background()
    asyncio.get_running_loop().set_default_executor(background)
    rng = random.Random(21)
    rows = await _advice(background, rng)
    rows += await _strategy(background, rng)
    rows += await _simulation(background)
    rows += _quiz(rng)
    rows.append(("explorers: slowest background job (exact table, chart axes), s",
                 max(background.seconds), NO_TARGET))
    return rows


def main() -> list[tuple[str, float, float]]:
    """(what, measured seconds, target seconds) for the explorers' and the quiz's callbacks."""
    return asyncio.run(_measure())


if __name__ == "__main__":
    report(main())
