"""Slow work behind the widgets, headless: one computation at a time per widget, the newest
choice wins, Stop gives up without losing the table shown, and the shared caches stay bounded
when threads fill them at once.

The slow computations are fakes that sleep and count how many of them run at once, so the
tests are quick and say exactly what ran; inside `asyncio.run` the widgets work as in a kernel.
"""

import asyncio
import random
import threading
import time
from fractions import Fraction

import numpy as np
import pytest
from test_widgets_table import NAMES, arrange, olga_banks

from twentyone_edu import plots
from twentyone_edu.game.rules import VARIANTS
from twentyone_edu.widgets import (
    AdviceExplorer,
    SimulationExplorer,
    StrategyExplorer,
    explorer,
    live_table,
    simulation,
    strategy,
)
from twentyone_edu.widgets import advice as advice_module
from twentyone_edu.widgets.live_table import TableWidget
from twentyone_edu.widgets.lru import LRU

SLOW = 0.3  # seconds a fake computation takes


class Recorder:
    """A fake slow computation: notes what it was asked, and the most that ran at once."""

    def __init__(self, answer):
        self.answer, self.asked, self.running, self.most = answer, [], 0, 0
        self._lock = threading.Lock()

    def __call__(self, *args, **kwargs):
        with self._lock:
            self.asked.append(args)
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            time.sleep(SLOW)
            return self.answer(*args, **kwargs)
        finally:
            with self._lock:
                self.running -= 1


async def settle(done, seconds=20.0):
    """Let the loop run (threads finish, results are shown) until done()."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not done() and loop.time() < end:
        await asyncio.sleep(0.01)
    return done()


# ---------------------------------------------------------------- the strategy explorer


class FakeRaster:
    """A 2 × 2 map of 10 px cells, its smallest text 20 px."""
    pixels = np.zeros((20, 20, 4), dtype=np.uint8)
    cells = {(i, j): (10 * j, 10 * i, 10 * j + 10, 10 * i + 10) for i in range(2) for j in range(2)}
    text_px = 20.0

    def __init__(self, rules):
        self.rules = rules

    def png(self, cell):
        return b"\x89PNG" + f"{self.rules.name} {self.rules.banker_stands_on} {cell}".encode()


def fake_heat_map(rules):
    """Two ranks; buying on 10 + 10 is worth 1/threshold less than standing: the threshold of
    the rules computed can be read back from the cell shown."""
    gain = Fraction(-1, rules.banker_stands_on)
    row = {"stand": Fraction(0), "draw": gain, "gain": gain}
    table = {(a, b): None if {a, b} == {"A", "10"} else row for a in "A 10".split()
             for b in "A 10".split()}
    return ("A", "10"), table, {"en": FakeRaster(rules), "ru": FakeRaster(rules)}


@pytest.fixture
def slow_heat_maps(monkeypatch):
    recorder = Recorder(fake_heat_map)
    monkeypatch.setattr(strategy, "heat_map", recorder)
    monkeypatch.setattr(strategy, "_HEAT_MAPS", LRU(24))
    return recorder


def shown_threshold(widget):
    return widget._shown[1], widget.chart.png.split()[1].decode()


def test_rapid_choices_run_one_table_at_a_time_and_show_the_last(slow_heat_maps):
    async def scenario():
        widget = StrategyExplorer(rules="blackjack", first="10", second="10")
        assert widget.state == "computing" and "Computing" in widget.status.value
        for threshold in (18, 19, 20, 21):  # four choices while the first table is computed
            widget.banker_menu.value = threshold
        assert await settle(lambda: widget.state == "ready" and not widget.computation.busy)
        await asyncio.sleep(2 * SLOW)  # nothing else arrives late
        return widget

    widget = asyncio.run(scenario())
    # The first choice (17) was running; 18, 19 and 20 were each replaced while waiting.
    assert [args[0].banker_stands_on for args in slow_heat_maps.asked] == [17, 21]
    assert slow_heat_maps.most == 1
    assert shown_threshold(widget) == (21, "21")
    assert "−1/21" in widget.cell.value
    assert widget.status.value == "" and widget.message.unexpected == []


def test_stop_keeps_the_table_shown_before(slow_heat_maps):
    async def scenario():
        widget = StrategyExplorer(rules="blackjack", first="10", second="10")
        assert await settle(lambda: widget.state == "ready")
        assert widget.stop_button.layout.display == "none"
        png = widget.chart.png
        widget.banker_menu.value = 19
        assert widget.state == "computing" and widget.stop_button.layout.display is None
        widget.stop_button.click()
        assert widget.state == "ready" and widget.banker_menu.value == 17
        assert widget.stop_button.layout.display == "none"
        assert "Stopped" in widget.status.value
        await asyncio.sleep(2 * SLOW)  # the stopped work ends, unseen
        assert shown_threshold(widget) == (17, "17") and widget.chart.png == png
        assert "−1/17" in widget.cell.value
        widget.first_menu.value = "A"  # still usable
        assert "natural" in widget.cell.value
        widget.language_toggle.value = "ru"
        assert widget.status.value == ""
        return widget

    widget = asyncio.run(scenario())
    assert [args[0].banker_stands_on for args in slow_heat_maps.asked] == [17, 19]
    assert widget.message.unexpected == []


def test_asking_again_after_stop_joins_the_running_work(slow_heat_maps):
    async def scenario():
        widget = StrategyExplorer(rules="blackjack", first="10", second="10", language="ru")
        widget.stop_button.click()  # the first table: nothing shown before it
        assert widget.state == "idle" and "Остановлено" in widget.status.value
        widget.banker_menu.value = 18
        widget.banker_menu.value = 17  # the stopped table is still being computed
        assert await settle(lambda: widget.state == "ready")
        await asyncio.sleep(2 * SLOW)
        return widget

    widget = asyncio.run(scenario())
    assert [args[0].banker_stands_on for args in slow_heat_maps.asked] == [17]
    assert shown_threshold(widget) == (17, "17")


# ---------------------------------------------------------------- simulation and advice


def test_simulation_stop_while_the_exact_value_is_computed(monkeypatch):
    recorder = Recorder(lambda policy, rules=None: Fraction(-1, policy))
    monkeypatch.setattr(simulation.exact, "round_value", recorder)
    monkeypatch.setattr(simulation, "_EXACT", LRU(256))

    async def scenario():
        sim = SimulationExplorer(rounds=1_000, policy=15)
        sim.run_button.click()
        assert sim.state == "computing" and sim.stop_button.disabled is False
        sim.stop_button.click()
        assert sim.state == "stopped" and sim.run_button.disabled is False
        await asyncio.sleep(2 * SLOW)
        assert sim.state == "stopped" and sim.exact_value is None  # the late value unseen
        sim.run_button.click()  # the value is kept from the stopped work: no second run
        assert await settle(lambda: sim.state == "done")
        return sim

    sim = asyncio.run(scenario())
    assert recorder.asked == [(15,)] and sim.exact_value == Fraction(-1, 15)
    assert sim.result.n == 1_000 and sim.message.unexpected == []


def test_advice_computes_one_hand_at_a_time_and_shows_the_last(monkeypatch):
    recorder = Recorder(advice_module._exact_numbers)
    monkeypatch.setattr(advice_module, "_exact_numbers", recorder)

    async def scenario():
        advice = AdviceExplorer(hand="10 10")
        for hand in ("10 9", "10 8", "A 9"):
            advice.hand_box.value = hand
        assert await settle(lambda: advice.values is not None and not advice.computation.busy)
        await asyncio.sleep(2 * SLOW)
        return advice

    advice = asyncio.run(scenario())
    asked = [" ".join(map(str, args[0])) for args in recorder.asked]
    assert asked == ["10 10", "A 9"] and recorder.most == 1
    assert [str(c) for c in advice.hand] == ["A", "9"]
    # Soft 20: an ace (7 left of 8) makes 21; 102 cards unseen.
    assert "7/102" in advice.fraction.value
    assert advice.message.unexpected == []


def test_odds_hidden_and_shown_again_are_computed_once(monkeypatch):
    recorder = Recorder(live_table.exact_odds)
    monkeypatch.setattr(live_table, "exact_odds", recorder)
    w = TableWidget(players=NAMES, seed=5)
    olga_banks(w)
    arrange(w, "10 10 10 10", "7 5 8 8", "6")
    w.deal_button.click()

    async def scenario():
        w.odds_toggle.value = True
        assert "Computing" in w.odds_view.value
        w.odds_toggle.value = False  # hidden: the odds are no longer awaited
        assert w.odds_view.value == "" and not w._odds_lane.busy
        w.odds_toggle.value = True  # shown again while the first computation still runs
        assert await settle(lambda: "8/102" in w.odds_view.value)

    asyncio.run(scenario())
    assert [args[0] for args in recorder.asked] == ["You"] and recorder.most == 1
    assert w.message.value == ""


# ---------------------------------------------------------------- the helpers


def test_computation_outside_a_kernel_runs_at_once():
    shown = []
    lane = explorer.Computation("test")
    lane.ask(1, lambda: "one", shown.append, shown.append)
    assert shown == ["one"] and not lane.busy and lane.running is None
    lane.ask(2, lambda: 1 / 0, shown.append, lambda error: shown.append(type(error)))
    assert shown == ["one", ZeroDivisionError]


def test_computation_drops_superseded_and_stopped_results():
    shown, failures = [], []

    async def scenario():
        lane = explorer.Computation("test")
        for k in range(1, 5):
            lane.ask(k, Recorder(lambda k=k: k * 10), shown.append, failures.append)
        assert lane.running == 1
        assert await settle(lambda: not lane.busy and lane.running is None)
        lane.ask(5, Recorder(lambda: 50), shown.append, failures.append)
        assert lane.stop() and not lane.stop()
        await asyncio.sleep(2 * SLOW)
        assert lane.running is None
        lane.ask(6, Recorder(lambda: 1 / 0), shown.append, failures.append)
        lane.ask(7, Recorder(lambda: 70), shown.append, failures.append)
        assert await settle(lambda: not lane.busy)

    asyncio.run(scenario())
    assert shown == [40, 70] and failures == []  # 1 ran unseen, 2 and 3 never ran


def test_once_never_runs_the_same_work_twice_at_once():
    recorder = Recorder(lambda: object())
    results = []
    threads = [threading.Thread(target=lambda: results.append(explorer.once("key", recorder)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(recorder.asked) == 1 and len(results) == 4
    assert all(result is results[0] for result in results)
    assert explorer._IN_FLIGHT == {}


def test_lru_keeps_the_most_recently_used():
    cache = LRU(3)
    for key in "abc":
        cache.put(key, key.upper())
    assert cache.get("a") == "A"  # now the newest
    cache.put("d", "D")
    assert "b" not in cache and len(cache) == 3
    assert [cache.get(key) for key in "acd"] == ["A", "C", "D"]
    assert cache.get("b", "none") == "none"


def test_threads_filling_one_cache_keep_it_bounded_and_right():
    cache, most, failures = LRU(16), 16, []
    stop = threading.Event()

    def fill(seed):
        rng = random.Random(seed)
        for _ in range(3000):
            key = rng.randrange(100)
            if rng.random() < 0.5:
                cache.put(key, key * key)
            else:
                value = cache.get(key)
                if value is not None and value != key * key:
                    failures.append((key, value))

    def watch():
        while not stop.is_set():
            if len(cache) > most:
                failures.append(len(cache))

    watcher = threading.Thread(target=watch)
    fillers = [threading.Thread(target=fill, args=(seed,)) for seed in range(4)]
    watcher.start()
    for thread in fillers:
        thread.start()
    for thread in fillers:
        thread.join()
    stop.set()
    watcher.join()
    assert failures == [] and len(cache) == most
    assert all(cache.get(key) in (None, key * key) for key in range(100))


def test_heat_maps_made_in_threads_at_once_stay_bounded(monkeypatch):
    monkeypatch.setattr(strategy, "_HEAT_MAPS", LRU(24))
    monkeypatch.setattr(strategy, "strategy_values", lambda rules: fake_heat_map(rules)[:2])
    monkeypatch.setattr(plots, "strategy_heatmap", lambda *args, **kwargs: None)
    monkeypatch.setattr(plots.Raster, "of_grid", staticmethod(lambda *args: object()))
    every = [VARIANTS[name].with_(banker_stands_on=n) for name in VARIANTS for n in range(12, 22)]
    made, failures = {}, []

    def make(seed):
        for rules in random.Random(seed).sample(every, len(every)):
            found = strategy.heat_map(rules)
            if found[1][("10", "10")]["gain"] != Fraction(-1, rules.banker_stands_on):
                failures.append(rules)
            made.setdefault(rules, set()).add(id(found[2]))
            if len(strategy._HEAT_MAPS) > 24:
                failures.append(len(strategy._HEAT_MAPS))

    threads = [threading.Thread(target=make, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == [] and len(every) == 50 and set(made) == set(every)
    assert len(strategy._HEAT_MAPS) == 24
