"""The odds panel of the live table: exact chances of the next card and the values of buying
and standing for the player to act, from the cards he can see (R8, R11; exact.py)."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..exact.results import DecisionValues, Distribution
from ..game.cards import Shoe
from ..game.hands import hand_value
from ..words.numerals import fraction, percent, signed
from .common import COLOURS, bar_html, escape, marked
from .i18n import text

CELL = "style='padding:0 8px'"
# Values closer than this (half a stake in 100 rounds) are "about the same": a verdict of
# "better" for 0.0008 of a stake says more than any player could ever feel (UX review 7).
CLOSE = Fraction(1, 200)


class Odds(NamedTuple):
    """What exact.py says about one player's next decision."""

    seat: str
    unseen: int
    chances: Distribution
    values: DecisionValues
    total: int | None = None  # the hand's total when it is soft, an ace counting 11 (R2, R3)


def exact_odds(seat: str, hand, seen, rules) -> Odds:
    """The exact odds for `seat` holding `hand`, having seen `seen`; closed cards of the
    others stay among the unseen (R8). exact.py (numpy, scipy) loads on the first call, in the
    background, so that the table opens without it."""
    from .. import exact

    unseen = len(Shoe.fresh(rules.decks, rules.pack)) - len(hand) - len(seen)
    value = hand_value(hand, rules)
    return Odds(seat, unseen, exact.draw_distribution(hand, seen=seen, rules=rules),
                exact.decision_values(hand, seen=seen, rules=rules),
                value.total if value.soft else None)


def favourable(chance, unseen: int) -> int | None:
    """How many of the `unseen` cards give a next card's `chance`, or None if no whole number
    of them does (R2)."""
    count = Fraction(chance) * unseen
    return int(count) if count.denominator == 1 else None


def over_unseen(chance, unseen: int) -> str:
    """A next card's chance as favourable over the unseen cards, unreduced, so that a column
    shares one denominator: 8/87, not 8/87 beside 2/29 (R2; UX review 7)."""
    count = favourable(chance, unseen)
    return fraction(chance) if count is None else f"{count}/{unseen}"


def odds_html(odds: Odds, language: str, folded: bool = False) -> str:
    """The odds, their answer first (which choice is better), then its reason, the two values
    in stakes over 100 rounds at a stake of 1, as the app's other answers say them (UX review 8:
    "−0.4891 per stake" is an analyst's number; UX review 10: under a long list of totals they
    fell off a projector's screen); then each total as a percentage and its exact fraction
    (favourable over possible) and a bar as long as its chance beside the largest (UX review 18:
    a column of ten numbers); `folded`, the totals behind a click (a phone's row, where they
    pushed the other seats off the screen: UX review 11)."""
    widest = max(odds.chances.values(), default=0) or 1
    rows = "".join(
        f"<tr><td {CELL}>{escape(text('odds_bust', language) if total == 'bust' else total)}"
        f"</td><td style='padding:0 8px;text-align:right'>{escape(percent(p, language, 1))}"
        f"</td><td {CELL}>{escape(over_unseen(p, odds.unseen))}</td>"
        f"<td class='t21-odds-bar' style='padding:0 4px;width:30%'>"
        f"{bar_html(p / widest, COLOURS['error' if total == 'bust' else 'banker'])}</td></tr>"
        for total, p in odds.chances.items())
    stand, draw = odds.values["stand"], odds.values["draw"]
    better = "buy" if draw > stand else "stand"
    verdict = ("odds_equal" if draw == stand else f"odds_close_{better}"
               if abs(draw - stand) < CLOSE else f"odds_better_{better}")
    heading = text("odds_for", language, seat=odds.seat, unseen_cards=odds.unseen)
    # (what the values are, as the table's caption across its width: a heading over the
    # values' column alone took seven lines in a narrow panel, UX review 19)
    values = (f"<table class='t21-odds-values'><caption style='caption-side:top;"
              f"text-align:left;font-weight:bold'>{escape(text('odds_value', language))}"
              f"</caption>"
              f"<tr><td>{escape(text('odds_stand', language))}</td>"
              f"<td {CELL}>{escape(signed(100 * stand, 1, language))}</td></tr>"
              f"<tr><td>{escape(text('odds_buy', language))}</td>"
              f"<td {CELL}>{escape(signed(100 * draw, 1, language))}</td></tr></table>")
    totals = (f"<table style='width:100%'><tr><th style='text-align:left;padding:0 8px'>"
              f"{escape(text('odds_outcome', language))}</th><th colspan='3' {CELL}>"
              f"{escape(text('odds_probability', language))}</th></tr>{rows}</table>")
    note = f"<small>{marked(text('odds_note', language))}</small>"
    if folded:
        totals = (f"<details class='t21-odds-totals'><summary>"
                  f"{escape(text('odds_totals_summary', language))}</summary>"
                  f"{escape(heading)}{totals}{note}</details>")
    else:
        totals = f"<b>{escape(heading)}</b>{totals}{note}"
    # (a soft hand bought on reads as a slip: say that no card can bust it, UX review 16)
    soft = "" if odds.total is None else \
        f"<div class='t21-odds-soft'>{escape(text('odds_soft', language, total=odds.total))}</div>"
    return (f"<b class='t21-odds-verdict'>{escape(text(verdict, language))}</b><br>{soft}"
            f"{values}{totals}")
