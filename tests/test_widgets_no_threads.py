"""Every widget works where no thread can start, as in a browser's Pyodide (JupyterLite, issue
20.3): `threading.Thread.start` is made to fail as it does there, and each widget is played
inside an event loop, as in a kernel. The slow exact work then runs on the loop, after the
click that asked for it has returned and the widget has said that it is computing."""

import asyncio
import threading

import pytest
from test_widgets_background import settle
from test_widgets_table import NAMES, arrange, olga_banks

from twentyone_edu.widgets import (
    AdviceExplorer,
    BankerChooser,
    SimulationExplorer,
    StrategyExplorer,
    explorer,
    quiz,
    simulation,
)
from twentyone_edu.widgets import strategy as strategy_module
from twentyone_edu.widgets.live_table import TableWidget
from twentyone_edu.widgets.lru import LRU


@pytest.fixture
def no_threads(monkeypatch):
    """Threads that cannot start, as in Pyodide; the check whether they can is made afresh."""
    tried = []

    def refuse(thread):
        tried.append(thread)
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    explorer.threads_start.cache_clear()
    yield tried
    explorer.threads_start.cache_clear()


def test_the_check_finds_that_threads_cannot_start(no_threads):
    assert explorer.threads_start() is False
    assert len(no_threads) == 1  # it tried once, and remembers


def test_threads_start_here():
    explorer.threads_start.cache_clear()
    assert explorer.threads_start() is True


def test_the_advice_explorer_computes_without_a_thread(no_threads):
    async def scenario():
        advice = AdviceExplorer(hand="10 10")
        advice.hand_box.value = "A 9"
        assert "Computing" in advice.status.value  # said before the work begins
        assert await settle(lambda: advice.values is not None and not advice.computation.busy)
        return advice

    advice = asyncio.run(scenario())
    assert [str(card) for card in advice.hand] == ["A", "9"] and "7/102" in advice.fraction.value
    assert advice.message.unexpected == []


def test_the_strategy_table_with_its_progress_and_stop_works_without_a_thread(no_threads,
                                                                             monkeypatch):
    monkeypatch.setattr(strategy_module, "_HEAT_MAPS", LRU(24))  # computed here, not remembered

    async def scenario():
        strategy = StrategyExplorer(rules="historical", first="10", second="6")
        assert strategy.state == "computing"
        assert strategy.stop_button.layout.display is None  # Stop is shown while it computes
        assert await settle(lambda: strategy.state == "ready")
        first = strategy.chart.png
        strategy.rules_menu.value = "ochko"
        assert strategy.state == "computing"
        strategy.stop_button.click()  # before the loop runs the work: the old table stays
        assert strategy.state == "ready" and strategy.rules_menu.value == "historical"
        await asyncio.sleep(0.5)
        assert strategy.chart.png == first
        strategy.rules_menu.value = "ochko"
        assert await settle(lambda: strategy.state == "ready")
        return strategy, first

    strategy, first = asyncio.run(scenario())
    assert strategy.chart.png != first and strategy.message.unexpected == []


def test_a_table_round_with_its_odds_works_without_a_thread(no_threads):
    w = TableWidget(players=NAMES, seed=5)
    olga_banks(w)
    arrange(w, "10 10 10 10", "7 5 8 8", "6")
    w.deal_button.click()

    async def scenario():
        w.odds_toggle.value = True
        assert "Computing" in w.odds_view.value
        assert await settle(lambda: "8/102" in w.odds_view.value)
        w.stand_button.click()

    asyncio.run(scenario())
    assert any(event.kind == "stand" and event.seat == "You" for event in w.table.events)
    assert w.message.unexpected == []


def test_the_simulation_and_the_banker_chooser_run_without_a_thread(no_threads, monkeypatch):
    monkeypatch.setattr(simulation, "_EXACT", LRU(256))
    async def scenario():
        sim = SimulationExplorer(rounds=1_000, policy=16)
        sim.run_button.click()
        assert await settle(lambda: sim.state == "done")
        chooser = BankerChooser()
        chooser.simulate_button.click()
        await asyncio.sleep(0.2)
        return sim, chooser

    sim, chooser = asyncio.run(scenario())
    assert sim.result.n == 1_000 and sim.exact_value is not None
    assert sim.message.unexpected == [] and chooser.message.unexpected == []


def test_a_quiz_works_without_a_thread(no_threads):
    shown = quiz("04.1")
    shown.answer_box.value = "1/2"
    shown.check_button.click()
    assert shown.attempts == 1 and not shown.correct
