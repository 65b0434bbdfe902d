"""`python -m twentyone_edu.locale update|build|check`: the Russian course's catalogs."""

from __future__ import annotations

import argparse
import sys

from . import course


def main(argv: list[str] | None = None) -> int:
    """Update the catalogs, build the Russian notebooks, or check that they are up to date."""
    parser = argparse.ArgumentParser(prog="python -m twentyone_edu.locale", description=__doc__)
    parser.add_argument("command", choices=["update", "build", "check"],
                        help="update: re-extract the templates and merge them into the Russian "
                             "catalogs; build: write notebooks/ru and teacher/ru; check: fail "
                             "if the written Russian notebooks are stale")
    command = parser.parse_args(argv).command
    if command == "update":
        for path in course.update():
            print(f"updated {path}")
        return 0
    if command == "check":
        wrong = course.stale()
        for path in wrong:
            print(f"stale: {path} (run `make ru-notebooks`)")
        return 1 if wrong else 0
    built = course.write()
    for item in built:
        left = item.units - item.translated
        note = f", {left} left in English" if left else ""
        print(f"{item.path}: {item.translated} of {item.units} units translated{note}")
    done = sum(item.translated for item in built)
    total = sum(item.units for item in built)
    print(f"translated: {done} of {total} units ({100 * done // max(total, 1)} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
