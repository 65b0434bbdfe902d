"""The rules as data: a RuleSet per game, and the settlement of one player (R1–R20)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .cards import PACKS
from .errors import RuleError, StakeError

if TYPE_CHECKING:
    from .results import Outcome, RulesLike


def _whole(value: object) -> bool:
    """Whether `value` is a whole number (an int, but not True or False)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _payment(name: str, value: Any) -> Fraction:
    """A payment of the settlement table, in stakes, as a Fraction (R9–R17)."""
    try:
        payment = None if isinstance(value, bool) else Fraction(value)
    except (TypeError, ValueError, OverflowError):
        payment = None
    if payment is None or payment < 0:
        raise RuleError(f"{name}={value!r} is not a payment (use a number of stakes 0 or more, "
                        "e.g. 2 or Fraction(3, 2))")
    return payment


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
                object.__setattr__(self, f.name, _payment(f.name, value))
            elif f.type == "bool" and not isinstance(value, bool):
                raise RuleError(f"{f.name}={value!r} is not valid (use True or False)")
        if not _whole(self.decks) or not 1 <= self.decks <= 8:
            raise RuleError(f"decks={self.decks!r} is not valid (use a whole number 1-8)")
        if not isinstance(self.pack, str) or self.pack not in PACKS:
            raise RuleError(f"pack={self.pack!r} is not valid (use one of {', '.join(PACKS)})")
        if (not isinstance(self.face_values, (tuple, list)) or len(self.face_values) != 3
                or not all(_whole(v) and 1 <= v <= 11 for v in self.face_values)):
            raise RuleError(f"face_values={self.face_values!r} is not valid (use the points of "
                            "J, Q, K: three whole numbers 1-11, e.g. (10, 10, 10))")
        object.__setattr__(self, "face_values", tuple(self.face_values))
        if not isinstance(self.banker_stands_on, int) or not 12 <= self.banker_stands_on <= 21:
            raise RuleError(f"banker_stands_on={self.banker_stands_on!r} is not valid "
                            "(use a whole number 12-21)")
        if self.table_limit is not None and (not isinstance(self.table_limit, int)
                                             or self.table_limit < 1):
            raise RuleError(f"table_limit={self.table_limit!r} is not valid "
                            "(use a positive whole number or None)")

    def with_(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed, e.g. HISTORICAL.with_(banker_stands_on=16)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise RuleError(f"{sorted(unknown)[0]!r} is not a RuleSet field "
                            f"(use one of {', '.join(f.name for f in fields(self))})")
        return replace(self, **changes)

    def describe(self) -> list[tuple[str, str, str, object]]:
        """(rule id, field, meaning, value) for every field, for tables in the notebooks."""
        return [(f.metadata["rule"], f.name, f.metadata["doc"], getattr(self, f.name))
                for f in fields(self) if f.metadata]

    def banker_buys(self, total: int, soft: bool) -> bool:
        """Whether the banker's policy buys on this best total (R14)."""
        if not _whole(total) or not 2 <= total <= 21 or not isinstance(soft, bool):
            raise RuleError(f"total={total!r}, soft={soft!r} is not a hand the banker can buy "
                            "on (use a total 2-21 and soft True or False)")
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
    if isinstance(name, RuleSet):
        return name
    if not isinstance(name, str) or name not in VARIANTS:
        raise RuleError(f"{name!r} is not a variant (use one of {', '.join(VARIANTS)})")
    return VARIANTS[name]


def _check_money(name: str, value: int | Fraction, zero_allowed: bool) -> None:
    """Refuse a stake or late addition that is not an exact amount of money (R5, R6)."""
    exact = isinstance(value, (int, Fraction)) and not isinstance(value, bool)
    if not exact or value < 0 or (value == 0 and not zero_allowed):
        size = "0 or more" if zero_allowed else "more than 0"
        raise StakeError(f"{name}={value!r} is not valid (use a whole number or a "
                         f"fractions.Fraction, {size})")


def _check_outcome(value: object, who: str, allowed: str) -> None:
    ok = value in ("bust", "natural") or (isinstance(value, int) and not isinstance(value, bool)
                                          and 2 <= value <= 21)
    if not ok:
        raise RuleError(f"{who}={value!r} is not an outcome ({allowed})")


def settle(player: Outcome, banker: Outcome, rules: RulesLike = HISTORICAL,
           stake: int | Fraction = 1, late_addition: int | Fraction = 0) -> Fraction:
    """The player's result against the banker, in money (R9, R10, R12, R13, R15–R17, R6).

    `player` and `banker` are 'natural', 'bust' or a final total (21 from three or more cards
    is a drawn 21). A late addition (R6) is lost with a loss and, by default, never paid.
    """
    allowed = "use 'natural', 'bust' or a total 2-21"
    _check_outcome(player, "player", allowed)
    _check_outcome(banker, "banker", allowed)
    if not isinstance(rules, (RuleSet, str)):
        raise RuleError(f"rules={rules!r} is not a rule set (use a RuleSet or one of "
                        f"{', '.join(VARIANTS)})")
    rules = variant(rules)
    _check_money("stake", stake, zero_allowed=False)
    _check_money("late_addition", late_addition, zero_allowed=True)
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
