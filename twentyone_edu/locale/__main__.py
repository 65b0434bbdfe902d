"""`python -m twentyone_edu.locale update|build|check`: the Russian course's catalogs, and the
package's own: the engine's messages (engine.po), the widgets' texts (widgets.po) and the quiz
bank's exercises (quizzes.po)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping

from ..course import translation as course
from ..words import catalogs
from ..words.catalogs import Template


def own_catalogs() -> dict[str, Mapping[str, Template]]:
    """The package's own catalogs, domain -> its English."""
    from ..widgets import i18n, quiz_bank
    from ..words.messages import ENGLISH

    return {"engine": ENGLISH, "widgets": i18n.english(), "quizzes": quiz_bank.english()}


def main(argv: list[str] | None = None) -> int:
    """Update the catalogs, build the Russian notebooks, or check that they are up to date."""
    parser = argparse.ArgumentParser(prog="python -m twentyone_edu.locale", description=__doc__)
    parser.add_argument("command", choices=["update", "build", "check"],
                        help="update: re-extract the templates and merge them into the Russian "
                             "catalogs, the engine's, the widgets' and the quizzes' too; build: "
                             "write notebooks/ru and teacher/ru; check: fail if the written "
                             "Russian notebooks are stale or the engine's, widgets' or quizzes' "
                             "catalog incomplete")
    command = parser.parse_args(argv).command
    own = own_catalogs()
    if command == "update":
        for language in catalogs.TRANSLATED:
            for domain, english in own.items():
                if catalogs.merge(domain, language, english):
                    print(f"updated {catalogs.po_path(domain, language)}")
        for path in course.update():
            print(f"updated {path}")
        return 0
    if command == "check":
        wrong = [problem for language in catalogs.TRANSLATED
                 for domain, english in own.items()
                 for problem in catalogs.check(domain, language, english)]
        for problem in wrong:
            print(f"incomplete: {problem}")
        stale = course.stale()
        for path in stale:
            print(f"stale: {path} (run `make ru-notebooks`)")
        return 1 if wrong or stale else 0
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
