"""The rules as data: a RuleSet per game, and the settlement of one player (R1–R20)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .cards import PACKS
from .errors import RuleError, StakeError
from .messages import message
from .validate import (
    exact_money,
    flag,
    is_whole,
    one_of,
    payment,
    quote,
    refuse,
    rule_set,
    short_text,
    whole,
)

if TYPE_CHECKING:
    from .results import Outcome, RulesLike


@dataclass(frozen=True)
class RuleSet:
    """One way to play twenty-one; each field names the rule it encodes."""

    name: str = "historical"
    decks: int = field(default=2, metadata={"rule": "R1", "doc": "packs in the shoe"})
    pack: str = field(default="french52", metadata={
        "rule": "R1", "doc": "'french52' (2-10, J, Q, K, A) or 'russian36' (6-10, J, Q, K, A)"})
    face_values: tuple[int, int, int] = field(default=(10, 10, 10), metadata={
        "rule": "R2", "doc": "points of J, Q, K"})
    ace_soft: bool = field(default=True, metadata={
        "rule": "R2", "doc": "the ace counts 11 or 1 (False: always 11)"})
    two_aces_natural: bool = field(default=False, metadata={
        "rule": "R3", "doc": "two aces are a (golden) natural"})
    banker_natural_collects: Fraction = field(default=Fraction(3), metadata={
        "rule": "R9", "doc": "what each player pays a banker's natural, in stakes"})
    banker_natural_vs_natural: Fraction = field(default=Fraction(3), metadata={
        "rule": "R9", "doc": "what a player who also holds a natural pays a banker's natural"})
    player_natural_pays: Fraction = field(default=Fraction(1), metadata={
        "rule": "R10", "doc": "what the banker pays a player's natural, in stakes"})
    drawn_21_pays: Fraction = field(default=Fraction(2), metadata={
        "rule": "R12", "doc": "what the banker pays a player's drawn 21 that wins"})
    reveal_drawn_21_early: bool = field(default=False, metadata={
        "rule": "R12", "doc": "a drawn 21 is shown at once, so an informed banker may stop"})
    banker_stands_on: int = field(default=17, metadata={
        "rule": "R14", "doc": "the banker buys while his best total is below this"})
    banker_hits_soft: bool = field(default=False, metadata={
        "rule": "R14", "doc": "the banker also buys on a soft total equal to banker_stands_on"})
    banker_21_collects: Fraction = field(default=Fraction(2), metadata={
        "rule": "R15", "doc": "what a banker who ends on a drawn 21 collects from each player"})
    ties_to_banker: bool = field(default=True, metadata={
        "rule": "R17", "doc": "equal totals go to the banker (False: nothing is paid)"})
    late_additions_paid: bool = field(default=False, metadata={
        "rule": "R6", "doc": "money added after the deal is paid on a win too"})
    table_limit: int | None = field(default=None, metadata={
        "rule": "R5", "doc": "the largest stake allowed (None: the purse is the limit)"})

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
            object.__setattr__(self, "table_limit", whole(self.table_limit, "table_limit", 1))

    def with_(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed, e.g. HISTORICAL.with_(banker_stands_on=16)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise RuleError("rules_field", field=quote(sorted(unknown)[0]),
                            fields=", ".join(f.name for f in fields(self)))
        return replace(self, **changes)

    def describe(self) -> list[tuple[str, str, str, object]]:
        """(rule id, field, meaning, value) for every field, for tables in the notebooks."""
        return [(f.metadata["rule"], f.name, f.metadata["doc"], getattr(self, f.name))
                for f in fields(self) if f.metadata]

    def banker_buys(self, total: int, soft: bool) -> bool:
        """Whether the banker's policy buys on this best total (R14)."""
        if not is_whole(total) or not 2 <= total <= 21 or not isinstance(soft, bool):
            raise RuleError("banker_hand", total=quote(total), soft=quote(soft))
        if total < self.banker_stands_on:
            return True
        return soft and self.banker_hits_soft and total == self.banker_stands_on


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
    is a drawn 21). A late addition (R6) is lost with a loss and, by default, never paid.
    """
    player, banker = _outcome(player, "player"), _outcome(banker, "banker")
    rules = rule_set(rules)
    stake = exact_money(stake, "stake", zero_allowed=False, error=StakeError)
    late_addition = exact_money(late_addition, "late_addition", zero_allowed=True,
                                error=StakeError)
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
