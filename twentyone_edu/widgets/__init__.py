"""The course's ipywidgets: live table, explorers, quiz; every label in English and Russian.

Each widget's module loads when the widget is first named, so the app opens on its table
without the explorers' numpy and scipy. The exercises (`quiz`, `quiz_record`) are light and
load at once: `quiz` is also the name of a submodule, and the function must win. `check_blank`
runs lesson 05's completed functions on cases the student did not choose.
"""

import importlib

from .quiz import Quiz as Quiz
from .quiz import make_answer_token as make_answer_token
from .quiz_bank import quiz as quiz
from .quiz_record import quiz_record as quiz_record

_HOMES = {
    "AdviceExplorer": "advice",
    "BankerChooser": "banker_chooser",
    "CardsView": "card_faces",
    "CourseApp": "app",
    "SimulationExplorer": "simulation",
    "StrategyExplorer": "strategy",
    "TableWidget": "live_table",
    "check_blank": "blanks",
    "class_seed": "seed_choice",
    "first_screen": "seed_choice",
    "language_from_query": "app",
    "page_app": "app",
    "page_query": "app",
    "show_errors_in": "errors_shown",
    "show_passage": "passage",
    "show_rules": "rule_list",
    "show_table": "tables",
}

__all__ = sorted([*_HOMES, "Quiz", "make_answer_token", "quiz", "quiz_record"])


def __getattr__(name):
    """Load the module of a widget on first use: `widgets.TableWidget`."""
    if name in _HOMES:
        return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(f"module 'twentyone_edu.widgets' has no attribute {name!r}")


def __dir__():
    """The widgets too, for tab completion, before any of them is loaded."""
    return sorted([*globals(), *_HOMES])
