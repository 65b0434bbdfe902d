"""twentyone_edu: the exact mathematics of the historical card game «Двадцать одно» (R1–R20)."""

import importlib
from typing import TYPE_CHECKING, Any

from .cards import RANKS, SUITS, Card, HandValue, Shoe, hand_value, parse_card, parse_cards
from .errors import CardError, IllegalAction, RuleError, StakeError, TwentyOneError
from .results import (
    AdviceRow,
    BankPrice,
    DecisionRow,
    DecisionValues,
    Distribution,
    HandLike,
    Outcome,
    Policy,
    RulesLike,
    StrategyRow,
)
from .rules import HISTORICAL, VARIANTS, RuleSet, settle, variant, variant_title

if TYPE_CHECKING:  # what __getattr__ loads, for type checkers
    from . import exact as exact
    from . import numerals as numerals
    from . import plots as plots
    from . import simulate as simulate
    from . import symbolic as symbolic
    from . import table as table
    from . import widgets as widgets
    from .table import Table as Table

__version__ = "0.1.0"

_SUBMODULES = ("exact", "numerals", "plots", "reference", "simulate", "symbolic", "table",
               "widgets")

__all__ = [
    "HISTORICAL", "RANKS", "SUITS", "VARIANTS", "AdviceRow", "BankPrice", "Card", "CardError",
    "DecisionRow", "DecisionValues", "Distribution", "HandLike", "HandValue", "IllegalAction",
    "Outcome", "Policy", "RuleError", "RuleSet", "RulesLike", "Shoe", "StakeError", "StrategyRow",
    "Table", "TwentyOneError", "hand_value", "parse_card", "parse_cards", "settle", "variant",
    "variant_title",
    *_SUBMODULES,
]


def __getattr__(name: str) -> Any:
    """Load the heavier submodules (sympy, numpy, ipywidgets) on first use: `t21.exact`."""
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name == "Table":
        return importlib.import_module(".table", __name__).Table
    raise AttributeError(f"module 'twentyone_edu' has no attribute {name!r}")
