"""Speed of the exact engine, every figure cold: remembered results forgotten first (DESIGN.md).

"Cold" forgets everything, the rule set's tables too (the banker's final hands, hand values);
"shoe cold" keeps those per-rule-set tables, built once per rule set, and forgets the rest.
Times are the best of a few runs. "CPU" rows count the processor time of this process only:
the engine runs on one core, so on an idle machine CPU time and wall time agree, and on a
machine shared with other work CPU time is the fairer figure.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from benchmarks.timing import best_seconds, report
from twentyone_edu import HISTORICAL, VARIANTS, exact, symbolic
from twentyone_edu.game.rules import RuleSet


def _best_seconds(run, repeats: int = 3, rule_tables: bool = True, clock=time.perf_counter):
    """The fastest of a few cold runs, in seconds (the others were slowed by the machine)."""
    return best_seconds(run, repeats, lambda: exact.clear_caches(rule_tables), clock)


def _import_seconds(module: str, repeats: int = 3) -> float:
    """Importing `module` in a fresh interpreter, in seconds."""
    code = (f"import time; start = time.perf_counter(); import {module}; "
            "print(time.perf_counter() - start)")
    return min(float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                    text=True, check=True).stdout) for _ in range(repeats))


def _peak_megabytes(call: str) -> float:
    """Peak memory of `call` above the interpreter's after importing, in MB (fresh process).

    The peak is the kernel's VmHWM, which starts afresh in a new program (ru_maxrss would
    carry over the parent's peak on Linux).
    """
    code = ("import re; from twentyone_edu import exact, symbolic, HISTORICAL, VARIANTS; "
            "from twentyone_edu.game.rules import RuleSet; "
            "peak = lambda: int(re.search(r'VmHWM:\\s+(\\d+)', "
            "open('/proc/self/status').read()).group(1)); "
            f"before = peak(); {call}; print((peak() - before) / 1024)")
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout)


# The largest problems the engine accepts (limits.py): (what, call), each within 5 s, 500 MB.
WORST_ACCEPTED = [
    ("round_value('optimal'), blackjack, banker stands on 21",
     "exact.round_value('optimal', rules=VARIANTS['blackjack'].with_(banker_stands_on=21))"),
    ("strategy_table(), blackjack, banker stands on 21",
     "exact.strategy_table(rules=VARIANTS['blackjack'].with_(banker_stands_on=21))"),
    ("round_value('optimal'), 8 packs",
     "exact.round_value('optimal', rules=HISTORICAL.with_(decks=8))"),
    ("round_value('optimal'), 6 packs, banker hits soft 17",
     "exact.round_value('optimal', rules=HISTORICAL.with_(decks=6, banker_hits_soft=True))"),
    ("round_value('optimal'), 8 packs, banker stands on 21 and hits soft 21",
     "exact.round_value('optimal', rules=HISTORICAL.with_(decks=8, banker_stands_on=21, "
     "banker_hits_soft=True))"),
    ("round_value('optimal'), face_values (1, 1, 1), 8 packs, hits soft 17",
     "exact.round_value('optimal', rules=RuleSet(face_values=(1, 1, 1), decks=8, "
     "banker_hits_soft=True))"),
    ("strategy_table(), face_values (1, 11, 10), 8 packs",
     "exact.strategy_table(rules=RuleSet(face_values=(1, 11, 10), decks=8))"),
    ("bank_price(11, 'optimal'), face_values (1, 1, 1), 2 packs, banker stands on 18",
     "exact.bank_price(11, 'optimal', rules=RuleSet(face_values=(1, 1, 1), "
     "banker_stands_on=18))"),
    ("symbolic.at_least_one(8, 10**7, 5 * 10**6)", "symbolic.at_least_one(8, 10**7, 5 * 10**6)"),
]


def _worst_accepted_rows() -> list[tuple[str, float, float]]:
    """Time (cold, CPU) and peak memory of the largest accepted problems."""
    names = {"exact": exact, "symbolic": symbolic, "HISTORICAL": HISTORICAL,
             "VARIANTS": VARIANTS, "RuleSet": RuleSet}
    rows = []
    for what, call in WORST_ACCEPTED:
        def run(call=call):
            exec(call, names)  # our own fixed calls, above
        rows.append((f"{what}, cold, CPU s", _best_seconds(run, 1, clock=time.process_time),
                     5.0))
        rows.append((f"{what}, peak MB", _peak_megabytes(call), 500.0))
    return rows


def _two_card_hands() -> list[str]:
    return [row["hand"] for row in exact.strategy_table()]


def _hand_times(rule_tables: bool, clock) -> dict[str, float]:
    return {hand: _best_seconds(lambda h=hand: exact.decision_values(h), 3, rule_tables, clock)
            for hand in _two_card_hands()}


def main() -> list[tuple[str, float, float]]:
    """(what, measured seconds, target seconds) for each speed target of the exact engine."""
    wall = _hand_times(True, time.perf_counter)
    cpu = _hand_times(True, time.process_time)
    shoe_cpu = _hand_times(False, time.process_time)
    slowest, slowest_cpu, slowest_shoe = (max(t, key=t.get) for t in (wall, cpu, shoe_cpu))
    return [
        ("import twentyone_edu.exact (fresh interpreter), s",
         _import_seconds("twentyone_edu.exact"), 1.5),
        ("import twentyone_edu with its widgets (fresh interpreter), s",
         _import_seconds("twentyone_edu, twentyone_edu.widgets"), 1.5),
        (f"decision_values, slowest two-card hand ({slowest}), cold, s", wall[slowest], 0.05),
        (f"decision_values, slowest two-card hand ({slowest_cpu}), cold, CPU s",
         cpu[slowest_cpu], 0.05),
        ("decision_values, median two-card hand, cold, CPU s",
         statistics.median(cpu.values()), 0.05),
        (f"decision_values, slowest two-card hand ({slowest_shoe}), shoe cold, CPU s",
         shoe_cpu[slowest_shoe], 0.05),
        ("decision_values('A 9', seen='A 2 10 10 5'), cold, s",
         _best_seconds(lambda: exact.decision_values("A 9", seen="A 2 10 10 5")), 0.05),
        ("strategy_table(), all 54 two-card hands, cold, s",
         _best_seconds(exact.strategy_table), 2.0),
        ("round_value('optimal'), cold, s", _best_seconds(lambda: exact.round_value("optimal")),
         5.0),
        ("round_value(17), cold, s", _best_seconds(lambda: exact.round_value(17)), 5.0),
        ("round_value('optimal'), 6-pack blackjack, cold, s",
         _best_seconds(lambda: exact.round_value("optimal", rules="blackjack")), 5.0),
        ("advice_check(max_cards=3), cold, s",
         _best_seconds(lambda: exact.advice_check(max_cards=3)), 2.0),
        ("banker_outcomes(upcard='6'), 6-pack blackjack, cold, s",
         _best_seconds(lambda: exact.banker_outcomes(rules=VARIANTS["blackjack"], upcard="6")),
         0.1),
        ("bank_price(11, 'optimal'), cold, s",
         _best_seconds(lambda: exact.bank_price(11, "optimal", rules=HISTORICAL)), 5.0),
        *_worst_accepted_rows(),
    ]


if __name__ == "__main__":
    report(main())
