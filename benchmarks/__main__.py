"""Run every benchmarks/bench_*.py module's main() and print the figures against the targets.

`python -m benchmarks` runs all of them; `python -m benchmarks exact simulate` only
bench_exact.py and bench_simulate.py. The exit status is 0 either way: a benchmark reports,
it does not fail a build (DESIGN.md, "Speed").
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

from benchmarks.timing import row_line


def modules(wanted: list[str]) -> list[str]:
    """The bench_*.py modules beside this file, all of them or only the wanted ones."""
    names = sorted(path.stem for path in Path(__file__).parent.glob("bench_*.py"))
    if wanted:
        names = [name for name in names if name.removeprefix("bench_") in wanted]
    return names


def run(name: str) -> list[tuple[str, float, float]]:
    """The rows of one module; an error becomes a row of its own rather than stopping the rest."""
    try:
        return list(importlib.import_module(f"benchmarks.{name}").main())
    except Exception as error:  # a broken benchmark must not hide the others' figures
        return [(f"{name}: failed with {type(error).__name__}: {error}", float("nan"), 0.0)]


def main(argv: list[str]) -> int:
    width = 78
    print(f"{'benchmark':{width}} {'measured':>10} {'target':>10}")
    met = total = 0
    start = time.perf_counter()
    for name in modules(argv):
        print(f"-- {name}")
        for what, measured, target in run(name):
            met, total = met + (measured <= target), total + 1
            print(row_line(what, measured, target))
    print(f"{met} of {total} within target ({time.perf_counter() - start:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
