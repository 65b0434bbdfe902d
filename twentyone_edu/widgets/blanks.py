"""The lessons' blanks (issue 30): the student completes `ending`, `stand_value` and
`buy_on_twenty` in lesson 05, `seat_chance` in lesson 10, `naturals_in` in lesson 11, and a
check cell runs them on cases drawn afresh, none chosen by the student, against the package's own
engine (a simulation, against the exact chance: within 4 standard errors). It says right or not
yet, and on one case it got wrong what the student's function gave and what the rules give, with
two hints folded under it, opened only on demand; it hands back the function the lesson goes on
with: the student's once it is right, the package's own until then."""

from __future__ import annotations

import math
import numbers
import random
import re
from collections.abc import Callable
from fractions import Fraction
from html import escape
from typing import Any, NamedTuple

from .. import exact
from ..exact import reference
from ..game.cards import Shoe, card_text
from ..game.rules import HISTORICAL
from ..words import numerals
from ..words.errors import check_language
from .i18n import text

ENDING_CASES = 16  # banker hands, four of each way a hand can end (R3, R13, R14), and two more
# and, every time, the hands a plausible mistake gets wrong (a claims reading passed a banker who
# buys on a soft 17, or calls any 21 a natural, in most random draws): a soft 17 he stands on,
# two aces (12, not a natural: he buys), and a drawn 21 of three cards, with and without an ace
TRAPS = (("A", "6"), ("A", "A"), ("10", "5", "6"), ("A", "4", "6"))
STAND_CASES = 3  # (total, unseen) pairs: each one is a whole banker recursion of the student's
BUY_CASES = 3  # unseen cards of a student who holds two tens: a recursion each, after an ace
CODE = re.compile(r"`([^`]+)`")  # a hint's `code`, shown as code
HINTS = 2  # each blank's hints, blank_hint_<name>_1 and _2 in the catalog, the second the nearer
SEAT_CASES = 5  # (seat, players, cards, aces): a seat of a random table, and then the TABLES
# a plausible mistake gets wrong: the shoe's last card the last seat's with one ace (a range that
# stops before `cards`), the last seat of five at the full shoe, a table of two
TABLES = ((3, 3, 6, 1), (5, 5, 104, 8), (1, 2, 104, 8))
DEALS = 20_000  # two-card deals the check asks of lesson 11's `naturals_in`: its SE is 30 naturals
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")  # the lesson's letters: J, Q, K are 10


def _hand(banker) -> reference.Hand:
    """The lesson's banker cards, ('10', '6'), as the reference engine's hand."""
    hand = reference.Hand()
    for rank in banker:
        hand = hand.plus(reference.points(rank, HISTORICAL))
    return hand


def package_ending(banker):
    """The package's answer to the lesson's `ending`: 'natural', 'bust', the total he stands on,
    or None while he must buy (R3, R13, R14)."""
    hand = _hand(banker)
    return hand.ending(HISTORICAL) if reference.banker_stops(hand, HISTORICAL) else None


def package_stand_value(total, unseen) -> Fraction:
    """The package's answer to the lesson's `stand_value`: the average result of standing on
    `total`, given no banker natural (R9, R14–R17)."""
    points = tuple(sorted((reference.points(rank, HISTORICAL), n) for rank, n in unseen))
    worth = reference.stand_worth(reference.Hand(total, 0, 3), points, HISTORICAL)
    return worth / (1 - reference.natural_chance(points, HISTORICAL))


def package_buy_on_twenty(unseen) -> Fraction:
    """The package's answer to the lesson's `buy_on_twenty`: the average result of buying one
    card on two tens, given no banker natural; an ace makes a drawn 21 to stand on (R9–R17)."""
    points = tuple(sorted((reference.points(rank, HISTORICAL), n) for rank, n in unseen))
    possible = sum(n for _, n in unseen)
    value = Fraction(0)
    for rank, n in unseen:
        rest = tuple((r, m - (r == rank)) for r, m in unseen if m - (r == rank))
        rest_points = tuple(sorted((reference.points(r, HISTORICAL), m) for r, m in rest))
        and_no_natural = Fraction(n, possible) * (1 - reference.natural_chance(rest_points,
                                                                               HISTORICAL))
        value += and_no_natural * (package_stand_value(21, rest) if rank == "A" else -1)
    return value / (1 - reference.natural_chance(points, HISTORICAL))


def _dealt(rng: random.Random) -> list[str]:
    """A fresh shoe shuffled, in the lesson's letters."""
    cards = [RANKS[min(reference.points(rank, HISTORICAL), 10) - 1]
             for rank, n in Shoe.fresh().counts for _ in range(n)]
    rng.shuffle(cards)
    return cards


def ending_cases(rng: random.Random) -> list[tuple]:
    """Banker hands as he is dealt them, cut after a random card: each way of ending four times,
    the edge of his rule on both sides, a hand of 16 (he buys) and one ending on 17, then the
    TRAPS (R3, R14)."""
    kinds: dict[str, list[tuple]] = {"buys": [], "natural": [], "bust": [], "total": [],
                                     "16": [], "17": []}
    while min(len(cases) for cases in kinds.values()) < 1 or min(
            len(kinds[kind]) for kind in ("buys", "natural", "bust", "total")) < ENDING_CASES // 4:
        cards = _dealt(rng)
        banker: tuple[str, ...] = ()
        while package_ending(banker) is None:
            banker += (cards.pop(),)
        if rng.random() < 0.3:
            banker = banker[:rng.randrange(len(banker))]
        end = package_ending(banker)
        kind = "buys" if end is None else end if isinstance(end, str) else "total"
        edge = "16" if end is None and _hand(banker).total(HISTORICAL) == 16 else \
            "17" if end == 17 else None
        kinds[edge if edge and not kinds[edge] else kind].append(banker)
    drawn = [case for cases in kinds.values() for case in cases[:ENDING_CASES // 4]]
    return drawn + list(TRAPS)


def stand_cases(rng: random.Random) -> list[tuple]:
    """Totals to stand on, each with the cards unseen after 20 to 50 cards are gone; in the
    last, every ace is gone, so the banker can hold no natural (R9)."""
    cases = []
    for case in range(STAND_CASES):
        left = _dealt(rng)[rng.randrange(20, 51):]
        if case == STAND_CASES - 1:
            left = [rank for rank in left if rank != "A"]
        unseen = tuple(sorted((rank, left.count(rank)) for rank in set(left)))
        cases.append((rng.randrange(12, 22), unseen))
    return cases


def buy_cases(rng: random.Random) -> list[tuple]:
    """The cards unseen by a student who holds two tens, after 20 to 50 other cards are gone."""
    cases = []
    for _ in range(BUY_CASES):
        left = _dealt(rng)
        for _ten in range(2):
            left.remove("10")
        left = left[rng.randrange(20, 51):]
        cases.append((tuple(sorted((rank, left.count(rank)) for rank in set(left))),))
    return cases


def package_seat_chance(seat, players, cards, aces) -> Fraction:
    """The package's answer to lesson 10's `seat_chance`: the chance that seat `seat` of
    `players` receives the first ace of `cards` cards, `aces` of them aces (R4)."""
    shoe = Shoe.from_counts({"A": aces, "10": cards - aces})
    return exact.first_banker_probabilities(players, shoe=shoe)[seat - 1]


def seat_cases(rng: random.Random) -> list[tuple]:
    """Seats of random tables, 2 to 8 players and 1 to 8 aces among 10 to 104 cards, and the
    TABLES (R4)."""
    cases = []
    for _ in range(SEAT_CASES):
        players, aces = rng.randrange(2, 9), rng.randrange(1, 9)
        cases.append((rng.randrange(1, players + 1), players, rng.randrange(10, 105), aces))
    return cases + list(TABLES)


def package_naturals_in(n, rng) -> int:
    """The package's answer to lesson 11's `naturals_in`: of `n` deals of two cards from a fresh
    shoe, how many are a natural, an ace and a ten in either order (R1, R3)."""
    shoe = [rank if rank in ("A", "10") else "other" for rank in _dealt(random.Random(0))]
    return sum(sorted(rng.sample(shoe, 2)) == ["10", "A"] for _ in range(n))


def natural_deals(rng: random.Random) -> list[tuple]:
    """One case: DEALS deals, with a generator seeded afresh."""
    return [(DEALS, random.Random(rng.getrandbits(64)))]


def far_from_chance(mine: int, n: int) -> bool:
    """Whether a count of naturals in `n` deals is not from 0 to n, or lies more than 4
    standard errors from what the exact chance 64/1339 expects (once in 16,000 runs)."""
    if not 0 <= mine <= n:
        return True
    chance = exact.natural_probability()
    return abs(mine - n * chance) > 4 * math.sqrt(n * chance * (1 - chance))


def _value_text(value: Any, language: str, decimals: int = 4, chance: bool = False) -> str:
    """An answer as the lesson's code writes it: None, "bust", 17, or a value to 4 decimals,
    signed (a result in stakes) unless it is a `chance`."""
    if value is None or isinstance(value, (str, int)):
        return repr(value).replace("'", '"')
    if isinstance(value, (float, Fraction)):
        if chance:
            return numerals.decimal(value, decimals, language)
        return numerals.signed(value, decimals, language)
    try:  # the student's own object: its first 40 characters
        return repr(value)[:40]
    except Exception:  # noqa: BLE001 (a repr that fails is still a wrong answer)
        return type(value).__name__


def _told_apart(mine: Any, right: Any, language: str,
                chance: bool = False) -> tuple[str, str]:
    """The student's value and the rules' as texts that differ: with more decimals (up to 12)
    where 4 would show the same digits (−0.8195 against −0.8194 reads as rounding)."""
    for decimals in (4, 6, 8, 10, 12):
        texts = (_value_text(mine, language, decimals, chance),
                 _value_text(right, language, decimals, chance))
        if texts[0] != texts[1]:
            break
    return texts


def _case_text(name: str, case: tuple, language: str) -> str:
    """A case as the lesson's reader writes it: the banker's cards, or a total and a shoe."""
    if name == "ending":
        return text("blank_case_hand", language, cards=card_text(case[0], language) or "—")
    if name == "buy_on_twenty":
        return text("blank_case_buy", language, cards_unseen=sum(n for _, n in case[0]))
    if name == "naturals_in":
        return text("blank_case_deals", language, n=numerals.count(case[0], language))
    if name == "seat_chance":
        return text("blank_case_seat", language, number=case[0], players=case[1], cards=case[2],
                    aces=case[3])
    total, unseen = case
    return text("blank_case_stand", language, total=total,
                cards_unseen=sum(n for _, n in unseen))


def hints_html(name: str, language: str = "en") -> str:
    """The blank's hints, each folded under "Hint 1 of 2", … until the student opens it."""
    folded = []
    for n in range(1, HINTS + 1):
        title = escape(text("quiz_hint", language, next=n, total=HINTS))
        hint = CODE.sub(r"<code>\1</code>", escape(text(f"blank_hint_{name}_{n}", language)))
        folded.append(f"<details class='t21-hint'><summary>{title}</summary><p>{hint}</p>"
                      "</details>")
    return "".join(folded)


def _with_hints(name: str, package: Callable[..., Any], language: str) -> Callable[..., Any]:
    """Show the blank's folded hints under the check's message; hand back the package's own."""
    from IPython import get_ipython
    from IPython.display import HTML, display

    if get_ipython() is not None:
        display(HTML(hints_html(name, language)))
    return package


def _judge_naturals(mine: Any, case: tuple, function: Callable[..., Any],
                    language: str) -> Callable[..., Any]:
    """Lesson 11's check: a whole count of naturals, within 4 standard errors of the exact
    chance's expectation (R3), or "not yet" and the hints."""
    n = case[0]
    expected = numerals.count(round(n * exact.natural_probability()), language)
    if isinstance(mine, bool) or not isinstance(mine, numbers.Integral):
        print(text("blank_not_a_count", language, mine=_value_text(mine, language)))
    elif far_from_chance(int(mine), n):
        print(text("blank_not_chance", language, case=_case_text("naturals_in", case, language),
                   mine=numerals.count(int(mine), language), expected=expected))
    else:
        print(text("blank_right_chance", language, case=_case_text("naturals_in", case, language),
                   mine=numerals.count(int(mine), language), expected=expected))
        return function
    return _with_hints("naturals_in", package_naturals_in, language)


class Blank(NamedTuple):
    """A lesson's blank: its cases, the package's own function, whether its answer is a chance
    (written without a sign), and its own judge where the answer is not one exact value."""

    draw: Callable[[random.Random], list[tuple]]
    package: Callable[..., Any]
    chance: bool = False
    judge: Callable[..., Callable[..., Any]] | None = None


BLANKS: dict[str, Blank] = {
    "ending": Blank(ending_cases, package_ending),
    "stand_value": Blank(stand_cases, package_stand_value),
    "buy_on_twenty": Blank(buy_cases, package_buy_on_twenty),
    "seat_chance": Blank(seat_cases, package_seat_chance, chance=True),
    "naturals_in": Blank(natural_deals, package_naturals_in, judge=_judge_naturals),
}


def check_blank(name: str, function: Callable[..., Any], language: str = "en",
                seed: int | None = None) -> Callable[..., Any]:
    """Run the student's `ending`, `stand_value`, `buy_on_twenty`, `seat_chance` or
    `naturals_in` on cases drawn now, say
    right or not yet (never the answer), and return the function the lesson goes on with."""
    language = check_language(language)
    blank = BLANKS[name]
    package = blank.package
    cases = [(case,) if name == "ending" else case
             for case in blank.draw(random.Random(seed if seed is not None else
                                            random.SystemRandom().getrandbits(64)))]
    wrong = []
    for case in cases:
        try:
            mine = function(*case)
        except NotImplementedError:
            print(text("blank_fill", language))
            return _with_hints(name, package, language)
        except Exception:  # the student's code: any error is a "not yet", shown on its case
            call = f"{name}({', '.join(map(repr, case))})".replace("'", '"')
            print(text("blank_error", language, case=_case_text(name, case, language),
                       call=call))
            return _with_hints(name, package, language)
        if blank.judge is not None:
            return blank.judge(mine, case, function, language)
        if isinstance(mine, float):  # 0.2 is not 1/5: the course's chances are exact
            print(text("blank_float", language, mine=mine))
            return _with_hints(name, package, language)
        right = package(*case)
        if mine != right:
            wrong.append((case, mine, right))
    if wrong:
        case, mine, right = wrong[0]
        mine_text, right_text = _told_apart(mine, right, language, blank.chance)
        print(text("blank_not_yet", language, wrong=len(wrong), n=len(cases),
                   case=_case_text(name, case, language), mine=mine_text, right=right_text))
        return _with_hints(name, package, language)
    print(text("blank_right", language, n=len(cases)))
    return function
