"""The course's ipywidgets: live table, explorers, quiz; every label in English and Russian.

Each widget's module loads when the widget is first named, so the app opens on its table
without the explorers' numpy and scipy.
"""

import importlib

_HOMES = {
    "AdviceExplorer": "advice",
    "BankerChooser": "banker_chooser",
    "CardsView": "card_faces",
    "CourseApp": "app",
    "Quiz": "quiz",
    "SimulationExplorer": "simulation",
    "StrategyExplorer": "strategy",
    "TableWidget": "live_table",
    "make_answer_token": "quiz",
}

__all__ = sorted(_HOMES)


def __getattr__(name):
    """Load the module of a widget on first use: `widgets.TableWidget`."""
    if name in _HOMES:
        return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(f"module 'twentyone_edu.widgets' has no attribute {name!r}")


def __dir__():
    """The widgets too, for tab completion, before any of them is loaded."""
    return sorted([*globals(), *_HOMES])
