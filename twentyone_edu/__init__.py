"""twentyone_edu: the exact mathematics of the historical card game «Двадцать одно» (R1–R20)."""

import importlib

from .cards import RANKS, SUITS, Card, HandValue, Shoe, hand_value, parse_card, parse_cards
from .errors import CardError, IllegalAction, RuleError, StakeError, TwentyOneError
from .rules import HISTORICAL, VARIANTS, RuleSet, settle, variant

__version__ = "0.1.0"

_SUBMODULES = ("exact", "plots", "reference", "simulate", "symbolic", "table", "widgets")

__all__ = [
    "HISTORICAL", "RANKS", "SUITS", "VARIANTS", "Card", "CardError", "HandValue",
    "IllegalAction", "RuleError", "RuleSet", "Shoe", "StakeError", "Table", "TwentyOneError",
    "hand_value", "parse_card", "parse_cards", "settle", "variant", *_SUBMODULES,
]


def __getattr__(name):
    """Load the heavier submodules (sympy, numpy, ipywidgets) on first use: `t21.exact`."""
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name == "Table":
        return importlib.import_module(".table", __name__).Table
    raise AttributeError(f"module 'twentyone_edu' has no attribute {name!r}")
