"""twentyone_edu: the exact mathematics of the historical card game «Двадцать одно» (R1–R20).

The package is built in layers, each a folder that imports only the layers below it
(ARCHITECTURE.md): words (messages, errors, numbers) < game (cards, rules, the live table) <
exact (the engine) < simulate < plots < widgets < course (graded work, the Russian build).
This module, on top, gathers the public API; the heavier parts load on first use.
"""

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .game.cards import RANKS, SUITS, Card, HandLike, Shoe, card_text, parse_card, parse_cards
from .game.hands import HandValue, hand_value
from .game.rules import (
    HISTORICAL,
    VARIANTS,
    Outcome,
    RuleSet,
    RulesLike,
    rule_title,
    settle,
    variant,
    variant_title,
)
from .words.errors import CardError, IllegalAction, RuleError, StakeError, TwentyOneError

if TYPE_CHECKING:  # what __getattr__ loads, for type checkers
    from . import exact as exact
    from . import plots as plots
    from . import simulate as simulate
    from . import widgets as widgets
    from .course import assignments as assignments
    from .exact import reference as reference
    from .exact import symbolic as symbolic
    from .exact.results import (
        AdviceRow as AdviceRow,
    )
    from .exact.results import (
        BankPrice as BankPrice,
    )
    from .exact.results import (
        DecisionRow as DecisionRow,
    )
    from .exact.results import (
        DecisionValues as DecisionValues,
    )
    from .exact.results import (
        Distribution as Distribution,
    )
    from .exact.results import (
        Policy as Policy,
    )
    from .exact.results import (
        StrategyRow as StrategyRow,
    )
    from .game import cards as cards
    from .game import rules as rules
    from .game import table as table
    from .game.table import Table as Table
    from .words import errors as errors
    from .words import numerals as numerals

__version__ = "0.2.0"

# The submodules `t21.<name>` loads on first use, and where each lives.
_SUBMODULES = {
    "assignments": "course.assignments", "cards": "game.cards", "errors": "words.errors",
    "exact": "exact", "numerals": "words.numerals", "plots": "plots",
    "reference": "exact.reference", "rules": "game.rules", "simulate": "simulate",
    "symbolic": "exact.symbolic", "table": "game.table", "widgets": "widgets",
}

# The names of the exact engine's results: importing them loads the engine, so on first use.
_RESULTS = ("AdviceRow", "BankPrice", "DecisionRow", "DecisionValues", "Distribution", "Policy",
            "StrategyRow")

# Module paths of 0.1 that lessons and users import, kept working (CHANGELOG.md, 0.2.0):
# `from twentyone_edu.table import Table` is `from twentyone_edu.game.table import Table`.
MOVED = {
    "twentyone_edu.assignments": "twentyone_edu.course.assignments",
    "twentyone_edu.cards": "twentyone_edu.game.cards",
    "twentyone_edu.errors": "twentyone_edu.words.errors",
    "twentyone_edu.numerals": "twentyone_edu.words.numerals",
    "twentyone_edu.reference": "twentyone_edu.exact.reference",
    "twentyone_edu.rules": "twentyone_edu.game.rules",
    "twentyone_edu.symbolic": "twentyone_edu.exact.symbolic",
    "twentyone_edu.table": "twentyone_edu.game.table",
}

__all__ = [
    "HISTORICAL", "RANKS", "SUITS", "VARIANTS", "AdviceRow", "BankPrice", "Card", "CardError",
    "DecisionRow", "DecisionValues", "Distribution", "HandLike", "HandValue", "IllegalAction",
    "Outcome", "Policy", "RuleError", "RuleSet", "RulesLike", "Shoe", "StakeError", "StrategyRow",
    "Table", "TwentyOneError", "card_text", "hand_value", "parse_card", "parse_cards", "rule_title",
    "settle", "variant", "variant_title",
    *_SUBMODULES,
]


def __getattr__(name: str) -> Any:
    """Load the heavier submodules (sympy, numpy, ipywidgets) on first use: `t21.exact`."""
    if name in _SUBMODULES:
        return importlib.import_module(f".{_SUBMODULES[name]}", __name__)
    if name == "Table":
        return importlib.import_module(".game.table", __name__).Table
    if name in _RESULTS:
        return getattr(importlib.import_module(".exact.results", __name__), name)
    raise AttributeError(f"module 'twentyone_edu' has no attribute {name!r}")


class _MovedModule(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old module path (MOVED) as the module that now lives at the new one."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(MOVED[spec.name])
        self._spec = module.__spec__  # the import system writes the old path's spec over it
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self._spec


sys.meta_path.append(_MovedModule())
