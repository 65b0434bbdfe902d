"""The rules as data: a RuleSet per game, and the settlement of one player (R1–R20)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, Literal, TypeAlias

from ..words import numerals
from ..words.errors import RuleError, StakeError, TwentyOneError
from ..words.messages import message
from ..words.validate import (
    exact_money,
    flag,
    is_truth,
    is_whole,
    one_of,
    payment,
    quote,
    refuse,
    short_text,
    whole,
)
from ..words.wording import say
from .cards import PACKS

# How a hand ends: 'natural' (R3), 'bust' (R13) or a final total (a drawn 21 is the int 21, R12)
Outcome: TypeAlias = int | Literal["natural", "bust"]


@dataclass(frozen=True)
class RuleSet:
    """One way to play twenty-one; each field names the rule it encodes.

    Each field is checked where a RuleSet is made, within its range: decks 1–8; pack
    'french52' or 'russian36'; face_values three whole numbers 1–11; every payment 0–100 stakes
    with a denominator of at most 1000 (validate.payment); banker_stands_on 12–21; table_limit None
    or a whole number 1 to 10^9; the flags True or False; the name 1–40 characters.
    """

    name: str = "historical"
    decks: int = field(default=2, metadata={"rule": "R1"})
    pack: str = field(default="french52", metadata={"rule": "R1"})
    face_values: tuple[int, int, int] = field(default=(10, 10, 10), metadata={"rule": "R2"})
    ace_soft: bool = field(default=True, metadata={"rule": "R2"})
    two_aces_natural: bool = field(default=False, metadata={"rule": "R3"})
    banker_natural_collects: Fraction = field(default=Fraction(3), metadata={"rule": "R9"})
    banker_natural_vs_natural: Fraction = field(default=Fraction(3), metadata={"rule": "R9"})
    player_natural_pays: Fraction = field(default=Fraction(1), metadata={"rule": "R10"})
    drawn_21_pays: Fraction = field(default=Fraction(2), metadata={"rule": "R12"})
    reveal_drawn_21_early: bool = field(default=False, metadata={"rule": "R12"})
    banker_stands_on: int = field(default=17, metadata={"rule": "R14"})
    banker_hits_soft: bool = field(default=False, metadata={"rule": "R14"})
    banker_21_collects: Fraction = field(default=Fraction(2), metadata={"rule": "R15"})
    ties_to_banker: bool = field(default=True, metadata={"rule": "R17"})
    late_additions_paid: bool = field(default=False, metadata={"rule": "R6"})
    table_limit: int | None = field(default=None, metadata={"rule": "R5"})

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "Fraction":
                object.__setattr__(self, f.name, payment(value, f.name))
            elif f.type == "bool":
                flag(value, f.name)
        short_text(self.name, "name", longest=40, empty=False)
        object.__setattr__(self, "decks", whole(self.decks, "decks", 1, 8))
        one_of(self.pack, "pack", PACKS)
        if (not isinstance(self.face_values, (tuple, list)) or len(self.face_values) != 3
                or not all(is_whole(v) and 1 <= v <= 11 for v in self.face_values)):
            refuse("face_values", self.face_values, message("use.face_values_range"))
        object.__setattr__(self, "face_values", tuple(map(int, self.face_values)))
        object.__setattr__(self, "banker_stands_on",
                           whole(self.banker_stands_on, "banker_stands_on", 12, 21))
        if self.table_limit is not None:
            object.__setattr__(self, "table_limit",
                               whole(self.table_limit, "table_limit", 1, 10**9))

    def with_(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed, e.g. HISTORICAL.with_(banker_stands_on=16)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise RuleError("rules_field", field=quote(sorted(unknown)[0]),
                            fields=", ".join(f.name for f in fields(self)))
        return replace(self, **changes)

    def describe(self, language: str = "en") -> list[tuple[str, str, str, object]]:
        """(rule id, field, meaning in `language`, value) for every setting (R1–R20)."""
        numerals.check_language(language)
        return [(f.metadata["rule"], f.name, say(f"rule.{f.name}", {}, language),
                 getattr(self, f.name)) for f in fields(self) if f.metadata]

    def setting(self, name: str, language: str = "en") -> str:
        """The value of the setting `name` in words of `language`: yes, 3, French… (R1–R20)."""
        if name not in {f.name for f in fields(self) if f.metadata}:
            raise RuleError("rules_field", field=quote(name),
                            fields=", ".join(f.name for f in fields(self) if f.metadata))
        numerals.check_language(language)
        value = getattr(self, name)
        if isinstance(value, bool):
            return say("setting.yes" if value else "setting.no", {}, language)
        if value is None:
            return say("setting.no_limit", {}, language)
        if name == "pack":
            return say(f"setting.{value}", {}, language)
        if isinstance(value, tuple):
            return ", ".join(map(str, value))
        return numerals.fraction(value) if isinstance(value, Fraction) else str(value)

    def banker_buys(self, total: int, soft: bool) -> bool:
        """Whether the banker's policy buys on this best total (R14)."""
        if not is_whole(total) or not 2 <= total <= 21 or not is_truth(soft):
            raise RuleError("banker_hand", total=quote(total), soft=quote(soft))
        if total < self.banker_stands_on:
            return True
        return bool(soft) and self.banker_hits_soft and total == self.banker_stands_on


RulesLike: TypeAlias = RuleSet | str  # a RuleSet, or the name of one in VARIANTS

HISTORICAL = RuleSet()

VARIANTS: dict[str, RuleSet] = {
    "historical": HISTORICAL,
    "ochko": RuleSet(
        name="ochko", decks=1, pack="russian36", face_values=(2, 3, 4), ace_soft=False,
        two_aces_natural=True, banker_natural_collects=Fraction(1),
        banker_natural_vs_natural=Fraction(1), drawn_21_pays=Fraction(1),
        banker_21_collects=Fraction(1)),
    "german_vingt_un": RuleSet(
        name="german_vingt_un", decks=1, player_natural_pays=Fraction(2),
        banker_natural_collects=Fraction(2), banker_natural_vs_natural=Fraction(1),
        drawn_21_pays=Fraction(1), banker_21_collects=Fraction(1)),
    "hoyle_vingt_un": RuleSet(
        name="hoyle_vingt_un", decks=1, player_natural_pays=Fraction(2),
        banker_natural_collects=Fraction(2), banker_natural_vs_natural=Fraction(0),
        drawn_21_pays=Fraction(2), banker_21_collects=Fraction(2), ties_to_banker=False),
    "blackjack": RuleSet(
        name="blackjack", decks=6, player_natural_pays=Fraction(3, 2),
        banker_natural_collects=Fraction(1), banker_natural_vs_natural=Fraction(0),
        drawn_21_pays=Fraction(1), banker_21_collects=Fraction(1), ties_to_banker=False),
}


def variant_title(name: str, language: str = "en") -> str:
    """The title of the game called `name` in VARIANTS, in `language`: 'ochko (20th-century
    Russia)' (R1–R20)."""
    one_of(name, "name", VARIANTS)
    numerals.check_language(language)
    return say(f"variant.{name}", {}, language)


RULE_IDS = tuple(f"R{n}" for n in range(1, 21))


def rule_title(rule_id: str, language: str = "en") -> str:
    """The short name of a rule, R1–R20, in `language`: 'player's bust' for R13."""
    one_of(rule_id, "rule_id", RULE_IDS)
    numerals.check_language(language)
    return say(f"rule_title.{rule_id}", {}, language)


def rule_set(rules: object, name: str = "rules",
             error: type[TwentyOneError] = RuleError) -> RuleSet:
    """A RuleSet, or the one in VARIANTS with this name (R1–R20); nothing else. A subclass is
    refused: its own __post_init__ could skip the checks that make every RuleSet playable."""
    if type(rules) is RuleSet:
        return rules
    if isinstance(rules, RuleSet):
        refuse(name, rules, message("use.rule_set_itself"), error)
    if isinstance(rules, str) and rules in VARIANTS:
        return VARIANTS[rules]
    refuse(name, rules, message("use.rule_set", variants=", ".join(VARIANTS)), error)


def variant(name: str | RuleSet) -> RuleSet:
    """The RuleSet called `name` in VARIANTS (a RuleSet is returned as it is)."""
    return rule_set(name, "variant")


def _outcome(value: object, who: str) -> Outcome:
    """'natural', 'bust' or a final total 2-21 (R15–R17)."""
    if isinstance(value, str) and value in ("bust", "natural"):
        return "bust" if value == "bust" else "natural"
    if is_whole(value) and 2 <= value <= 21:
        return int(value)
    raise RuleError("not_outcome", who=who, value=quote(value))


def settle(player: Outcome, banker: Outcome, rules: RulesLike = HISTORICAL,
           stake: int | Fraction = 1, late_addition: int | Fraction = 0) -> Fraction:
    """The player's result against the banker, in money (R9, R10, R12, R13, R15–R17, R6).

    `player` and `banker` are 'natural', 'bust' or a final total (21 from three or more cards
    is a drawn 21). A late addition (R6) is lost with a loss and, by default, never paid; none
    can meet the banker's natural, which ends the round at the deal (R9).
    """
    player, banker = _outcome(player, "player"), _outcome(banker, "banker")
    rules = rule_set(rules)
    stake = exact_money(stake, "stake", zero_allowed=False, error=StakeError)
    late_addition = exact_money(late_addition, "late_addition", zero_allowed=True,
                                error=StakeError)
    if banker == "natural" and late_addition:
        raise StakeError("late_addition_after_natural", value=quote(late_addition))
    multiple = _multiple(player, banker, rules)
    if multiple > 0:
        paid = stake + late_addition if rules.late_additions_paid else stake
        return multiple * paid
    return multiple * stake - (late_addition if multiple < 0 else 0)


def _multiple(player: Outcome, banker: Outcome, rules: RuleSet) -> Fraction:
    """Stakes won (+) or lost (−) by the player, from the settlement table in RULES.md."""
    if banker == "natural":
        return -(rules.banker_natural_vs_natural if player == "natural"
                 else rules.banker_natural_collects)
    if player == "natural":
        return rules.player_natural_pays
    if player == "bust":
        return Fraction(-1)
    if banker == "bust":
        return rules.drawn_21_pays if player == 21 else Fraction(1)
    if banker == 21:
        if player == 21 and not rules.ties_to_banker:
            return Fraction(0)
        return -rules.banker_21_collects
    if player > banker:
        return rules.drawn_21_pays if player == 21 else Fraction(1)
    if player == banker and not rules.ties_to_banker:
        return Fraction(0)
    return Fraction(-1)
