"""Formulas in the deck parameters with sympy, multi-card chances, and exact results in LaTeX.

The symbols are the letters a student writes on paper: n packs, a aces and t twos among u
unseen cards, the k-th card, p players, seat s. Every formula is a sympy expression: substitute
numbers with `.subs({n: 2})`, simplify, take limits, or show it with `latex`.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from fractions import Fraction
from math import comb, perm
from typing import Any

import sympy as sp

from ..game.cards import MOST_CARDS, PACKS
from ..game.hands import hand_value
from ..game.rules import HISTORICAL, RulesLike, rule_set
from ..words import numerals
from ..words.errors import CardError, RuleError
from ..words.messages import message
from ..words.validate import is_whole, quote, refuse, whole, writable
from . import limits

n = sp.Symbol("n", integer=True, positive=True)  # packs in the shoe (R1)
a = sp.Symbol("a", integer=True, nonnegative=True)  # aces among the unseen cards
t = sp.Symbol("t", integer=True, nonnegative=True)  # twos among the unseen cards
u = sp.Symbol("u", integer=True, positive=True)  # unseen cards
k = sp.Symbol("k", integer=True, positive=True)  # the k-th card dealt
p = sp.Symbol("p", integer=True, positive=True)  # players choosing the banker (R4)
s = sp.Symbol("s", integer=True, positive=True)  # a seat, 1 to p
j = sp.Symbol("j", integer=True, nonnegative=True)  # the round of the dealing, 0, 1, 2, ...

MOST_CARDS = MOST_CARDS  # the largest shoe of R1: eight packs of 52
MOST_PLAYERS = 12  # the most seats at a table (R4)
MOST_PACKS = 10**6  # packs in a formula's shoe: more than any table, few enough to stay quick
DEEPEST = 20  # levels of dicts and lists inside one another that as_sympy reads


def natural_probability(packs: int | sp.Symbol = n, rules: RulesLike = HISTORICAL) -> sp.Expr:
    """P(two cards from a fresh shoe of `packs` packs make a natural), as a formula (R3).

    Each ordered pair of ranks that `hand_value` calls a natural adds
    (cards of the first rank / all cards) × (cards of the second left / cards left).
    """
    rules = rule_set(rules)
    packs = _packs(packs)
    ranks = PACKS[rules.pack]
    cards = 4 * len(ranks) * packs
    chance = sp.Integer(0)
    for first in ranks:
        for second in ranks:
            if hand_value([first, second], rules).natural:
                seconds_left = 4 * packs - (1 if first == second else 0)
                chance += 4 * packs / cards * seconds_left / (cards - 1)
    return sp.factor(sp.simplify(chance))


def safe_card_probability(total: int, soft: bool = False) -> sp.Expr:
    """P(one more card does not bust a hand of 19 or 20), with a aces and t twos among u (R11).

    Safe means "not bust" (R13). From hard 20 only an ace is safe (a/u); from hard 19 an ace or
    a two ((a + t)/u). A soft hand cannot bust on one card, because its ace can drop from 11
    to 1, so every card is safe (1) — though most of them lower the total: a soft 20 bought on
    with a 5 becomes a hard 15. The cards that raise the total are the same a or a + t in both
    cases (see `improving_card_probability`).
    """
    _check_total(total, soft)
    return sp.Integer(1) if soft else improving_card_probability(total, soft)


def improving_card_probability(total: int, soft: bool = False) -> sp.Expr:
    """P(one more card raises a 19 or 20 without busting): a/u from 20, (a + t)/u from 19 (R11)."""
    _check_total(total, soft)
    return a / u if total == 20 else (a + t) / u


def first_ace_probability(position: int | sp.Expr = k, cards: int | sp.Expr = u,
                          aces: int | sp.Expr = a) -> sp.Expr:
    """P(the first ace is the `position`-th card dealt) = C(u − k, a − 1) / C(u, a) (R4).

    The cards after the k-th must hold the other a − 1 aces: C(u − k, a − 1) of the C(u, a)
    equally likely places of the aces.
    """
    position, cards, aces = _terms(position=position, cards=cards, aces=aces)
    _check_first_ace(position, cards, aces)
    return sp.binomial(cards - position, aces - 1) / sp.binomial(cards, aces)


def first_banker_probability(seat: int | sp.Expr = s, players: int | sp.Expr = p,
                             cards: int | sp.Expr = u, aces: int | sp.Expr = a) -> sp.Expr:
    """P(seat `seat` of `players` gets the first ace, so holds the bank), as a sum (R4).

    Cards go round the seats one at a time, so the seat receives cards s, s + p, s + 2p, ...;
    the sum adds the first-ace chance of each. With numbers for every argument the sum is done.
    """
    seat, players, cards, aces = _terms(seat=seat, players=players, cards=cards, aces=aces)
    numbers = all(isinstance(x, int) for x in (seat, players, cards, aces))
    if numbers:
        _check_deal(seat, players, cards, aces)
    last_round = sp.floor((cards - aces + 1 - seat) / players)
    chance = sp.Sum(first_ace_probability(seat + j * players, cards, aces),
                    (j, 0, last_round))
    return sp.Rational(chance.doit()) if numbers else chance


def first_banker_probabilities(players: int, cards: int = 104,
                               aces: int = 8) -> list[sp.Rational]:
    """Every seat's chance of the first ace, seat 1 first, as exact rationals (R4)."""
    _, players, cards, aces = _check_deal(1, players, cards, aces)
    return [first_banker_probability(seat, players, cards, aces) for seat in range(1, players + 1)]


def at_least(least: int, rank_count: int, unseen: int, drawn: int) -> Fraction:
    """P(at least `least` of the `rank_count` cards of a rank among the next `drawn` of `unseen`).

    Hypergeometric: C(r, i) C(u − r, k − i) / C(u, k) cards of that rank in k, summed over i.
    The chance is symmetric in r and k (it equals C(k, i) C(u − k, r − i) / C(u, r)), so the
    sum runs over the smaller of the two, each term from the one before by a ratio.
    """
    rank_count, unseen, drawn = _check_cards(rank_count, unseen, drawn)
    least = whole(least, "least", 0, error=CardError)
    few, many = sorted((rank_count, drawn))
    limits.check_exact_size(few, unseen)
    lowest = max(0, few - (unseen - many))  # fewer would leave the other cards too few
    least = max(least, lowest)
    if least > few:
        return Fraction(0)
    if least - lowest < few + 1 - least:  # fewer terms below `least`: take the complement
        return 1 - Fraction(_hypergeometric_ways(lowest, least, few, many, unseen),
                            comb(unseen, few))
    return Fraction(_hypergeometric_ways(least, few + 1, few, many, unseen), comb(unseen, few))


def _hypergeometric_ways(start: int, stop: int, few: int, many: int, unseen: int) -> int:
    """Σ C(many, i) C(unseen − many, few − i) for start ≤ i < stop, each term from the last."""
    term = comb(many, start) * comb(unseen - many, few - start)
    ways = 0
    for i in range(start, stop):
        ways += term
        term = term * (many - i) * (few - i) // ((i + 1) * (unseen - many - few + i + 1))
    return ways


def at_least_one(rank_count: int, unseen: int, drawn: int) -> Fraction:
    """P(at least one card of a rank in the next `drawn` cards) = 1 − C(u − r, k) / C(u, k).

    The same as 1 − (u − k)_r / (u)_r, falling factorials of the smaller of r and k.
    """
    rank_count, unseen, drawn = _check_cards(rank_count, unseen, drawn)
    few, many = sorted((rank_count, drawn))
    limits.check_exact_size(few, unseen)
    return 1 - Fraction(perm(unseen - many, few), perm(unseen, few))


MOST_FLOAT_CARDS = 10**9  # cards scipy's hypergeometric distribution is asked about


def hypergeom(rank_count: int, unseen: int, drawn: int) -> Any:
    """scipy's distribution of how many cards of a rank come in the next `drawn` (floats)."""
    from scipy.stats import hypergeom as scipy_hypergeom

    rank_count, unseen, drawn = _check_cards(rank_count, unseen, drawn)
    if unseen > MOST_FLOAT_CARDS:  # scipy's floats lose every digit past here, and slowly
        raise CardError("float_cards", unseen=unseen, most=MOST_FLOAT_CARDS)
    return scipy_hypergeom(M=unseen, n=rank_count, N=drawn)


def as_sympy(x: Any, _depth: int = 0) -> Any:
    """An exact result as sympy: Fraction -> Rational, and so inside dicts, lists and tuples."""
    if _depth > DEEPEST:
        raise RuleError("too_deep", value=quote(x), deepest=DEEPEST)
    if isinstance(x, Mapping):
        return {key: as_sympy(value, _depth + 1) for key, value in x.items()}
    if isinstance(x, (list, tuple)):
        return type(x)(as_sympy(item, _depth + 1) for item in x)
    if isinstance(x, sp.Basic):
        return x
    if isinstance(x, bool) or not isinstance(x, (numbers.Rational)):
        raise RuleError("not_exact", value=quote(x))
    exact = writable(Fraction(int(x.numerator), int(x.denominator)), x)
    return sp.Rational(exact.numerator, exact.denominator)


def latex(x: Any) -> str:
    r"""LaTeX for an exact result or formula, e.g. Fraction(4, 51) -> '\frac{4}{51}'."""
    return sp.latex(as_sympy(x))


def with_percent(x: int | Fraction | sp.Rational, digits: int = 2, language: str = "en") -> str:
    """A fraction with its percentage, e.g. '4/51 ≈ 7.84%' ('ru': '4/51 ≈ 7,84 %'; numerals.py
    writes both numbers, '=' when the percentage is exact)."""
    value = _fraction(x)
    return f"{numerals.fraction(value)} {_relation(value, digits, language)}"


def latex_with_percent(x: int | Fraction | sp.Rational, digits: int = 2,
                       language: str = "en") -> str:
    r"""The same in LaTeX, e.g. '\frac{4}{51} \approx 7.84\%' ('ru': '7{,}84\,\%')."""
    value = _fraction(x)
    relation, written = _relation(value, digits, language).split(" ", 1)
    relation = r"\approx" if relation == "≈" else "="
    return f"{latex(value)} {relation} {numerals.latex(written)}"


def _relation(value: Fraction, digits: int, language: str) -> str:
    """'≈ 7.84%' or '= 50.00%' (the sign says whether the decimals are exact)."""
    digits = whole(digits, "digits", 0, 12)
    written = numerals.percent(value, numerals.check_language(language), digits)
    return f"{'=' if numerals.shows_exactly(value, written, language) else '≈'} {written}"


def _fraction(x: int | Fraction | sp.Rational) -> Fraction:
    """A Fraction from an int, Fraction or sympy Rational."""
    number = as_sympy(x)
    if not isinstance(number, sp.Rational):
        raise RuleError("not_rational", value=quote(x))
    return Fraction(int(number.p), int(number.q))


def _packs(packs: int | sp.Symbol) -> sp.Expr:
    if isinstance(packs, sp.Symbol):
        return packs
    return sp.Integer(whole(packs, "packs", 1, MOST_PACKS, code="packs"))


def _check_total(total: object, soft: object) -> None:
    if not (is_whole(total) and total in (19, 20)) or not isinstance(soft, bool):
        raise RuleError("total_19_20", total=quote(total), soft=quote(soft))


def _terms(**terms: object) -> list[Any]:
    """Each term of a formula as an int, or a sympy expression in symbols (R4)."""
    checked = []
    for name, value in terms.items():
        if is_whole(value):
            checked.append(int(value))
        elif isinstance(value, sp.Expr) and value.free_symbols:
            checked.append(value)
        else:
            refuse(name, value, message("use.whole_or_symbol"))
    return checked


def _check_shoe(cards: int, aces: int) -> None:
    """A shoe of at most MOST_CARDS cards with at least one ace (R1, R4)."""
    if not 1 <= cards <= MOST_CARDS:
        raise CardError("cards_not_shoe", cards=cards, most=MOST_CARDS)
    if not 1 <= aces <= cards:
        raise CardError("aces_shoe", aces=aces, cards=cards)


def _check_first_ace(position: Any, cards: Any, aces: Any) -> None:
    """Each number among a first-ace formula's terms fits a shoe of at most MOST_CARDS cards,
    whether or not the others are symbols: sympy works out a binomial of two numbers at once,
    so binomial(10**12, 10**11) would never end (R1, R4)."""
    if isinstance(cards, int) and isinstance(aces, int):
        _check_shoe(cards, aces)
    elif isinstance(cards, int) and not 1 <= cards <= MOST_CARDS:
        raise CardError("cards_not_shoe", cards=cards, most=MOST_CARDS)
    elif isinstance(aces, int) and not 1 <= aces <= MOST_CARDS:
        raise CardError("aces_formula", aces=aces, most=MOST_CARDS)
    most = cards if isinstance(cards, int) else MOST_CARDS
    if isinstance(position, int) and not 1 <= position <= most:
        raise RuleError("position", position=position, cards=most)


def _check_deal(seat: object, players: object, cards: object,
                aces: object) -> tuple[Any, int, Any, Any]:
    """Numbers for a deal of the first bank: a seat of 1-12 players at a shoe with an ace (R4)."""
    seat, players, cards, aces = _terms(seat=seat, players=players, cards=cards, aces=aces)
    players = whole(players, "players", 1, MOST_PLAYERS)
    if not isinstance(seat, int) or not 1 <= seat <= players:
        raise RuleError("seat", seat=quote(seat), players=players)
    if not isinstance(cards, int) or not isinstance(aces, int):
        raise RuleError("cards_aces", cards=quote(cards), aces=quote(aces))
    _check_shoe(cards, aces)
    return seat, players, cards, aces


def _check_cards(rank_count: object, unseen: object, drawn: object) -> tuple[int, int, int]:
    """Whole numbers of cards; how large a shoe may be is limits.check_exact_size's to say."""
    rank_count, unseen, drawn = (
        whole(value, name, 0, None, CardError, code=f"not_cards.{name}")
        for name, value in (("rank_count", rank_count), ("unseen", unseen), ("drawn", drawn)))
    if rank_count > unseen or drawn > unseen:
        raise CardError("more_than_unseen", rank_count=rank_count, drawn=drawn, unseen=unseen)
    return rank_count, unseen, drawn
