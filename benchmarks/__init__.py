"""Speed measurements for `make bench` (`python -m benchmarks`).

Each benchmarks/bench_*.py module has a main() returning rows (what, measured seconds, target
seconds); `python -m benchmarks` runs them all and prints one table.
"""
