"""twentyone_edu: the exact mathematics of the historical card game «Двадцать одно» (R1–R20)."""

from .cards import RANKS, SUITS, Card, HandValue, Shoe, hand_value, parse_card, parse_cards
from .errors import CardError, IllegalAction, RuleError, StakeError, TwentyOneError
from .rules import HISTORICAL, VARIANTS, RuleSet, settle, variant

__version__ = "0.1.0"

__all__ = [
    "HISTORICAL", "RANKS", "SUITS", "VARIANTS", "Card", "CardError", "HandValue",
    "IllegalAction", "RuleError", "RuleSet", "Shoe", "StakeError", "TwentyOneError",
    "hand_value", "parse_card", "parse_cards", "settle", "variant",
]
