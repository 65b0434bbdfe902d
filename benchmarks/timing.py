"""What the benchmarks share: timing a call, the best of a few runs, the 95th percentile, a
background executor for widgets driven inside an event loop, and one way to print a row."""

from __future__ import annotations

import asyncio
import math
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

BUDGET = 0.1  # seconds: the DESIGN.md target for any widget callback
NO_TARGET = math.inf  # a figure reported with no target


def timed(action) -> float:
    """The seconds one call of `action()` takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def best_seconds(run, repeats: int = 3, before=None, clock=time.perf_counter) -> float:
    """The fastest of a few runs, in seconds (the others were slowed by the machine);
    `before()`, if given, runs untimed before each run."""
    best = float("inf")
    for _ in range(repeats):
        if before is not None:
            before()
        start = clock()
        run()
        best = min(best, clock() - start)
    return best


def p95(seconds: list[float]) -> float:
    """The 95th percentile of some timings."""
    return float(np.percentile(seconds, 95))


def row_line(what: str, measured: float, target: float) -> str:
    """One printed row: what was measured, the figure, the target and whether it was met."""
    return f"{what:78} {measured:10.4f} {target:10.3f}  {'ok' if measured <= target else 'SLOW'}"


def report(rows) -> None:
    """Print the rows of one benchmark module (`python -m benchmarks.bench_...`)."""
    for row in rows:
        print(row_line(*row))


class Background(ThreadPoolExecutor):
    """The loop's executor, keeping each job's future and time so the benchmark can wait."""

    def __init__(self):
        super().__init__(max_workers=2)
        self.futures, self.seconds = [], []

    def submit(self, fn, /, *args, **kwargs):
        def timed_job():
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds.append(time.perf_counter() - start)

        future = super().submit(timed_job)
        self.futures.append(future)
        return future

    async def settle(self) -> None:
        """Wait until every background job has finished and its result has been shown."""
        while any(not f.done() for f in self.futures):
            await asyncio.sleep(0.001)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
