"""The handouts' activities with real cards (issue 33): a class deals from one pack of 52,
tallies, and compares its share of each result with the exact chance the sheet prints, which
the engine computes here for that pack (R1 with one pack instead of two)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction

from twentyone_edu import HISTORICAL, exact
from twentyone_edu.words import numerals
from twentyone_edu.words.wording import template

ONE_PACK = HISTORICAL.with_(decks=1)
SEATS = 5  # lesson 10's ritual is watched with five players
WRITTEN_AS_FRACTION = 1000  # a chance whose denominator is below this is printed as a fraction


@dataclass(frozen=True)
class Activity:
    """A lesson's activity: what to do, how many deals a group makes, and each result's
    exact chance from a fresh pack."""

    lesson: str
    deals: int
    results: tuple[tuple[str, Fraction], ...]


def natural_or_not(language: str) -> Activity:
    """Lesson 00: two cards from a fresh pack, a natural (R3) or not."""
    natural = exact.natural_probability(rules=ONE_PACK)
    return Activity("00", 20, ((template("handout.natural", language), natural),
                               (template("handout.no_natural", language), 1 - natural)))


def bankers_hand(language: str) -> Activity:
    """Lesson 03: how the banker's hand ends when he stands on 17 (R9, R14)."""
    ends = exact.banker_outcomes(rules=ONE_PACK)
    results = [(template("handout.natural", language), ends["natural"])]
    results += [(template("handout.total", language).format(total=total), ends[total])
                for total in range(17, 22)]
    results.append((template("handout.over", language), ends["bust"]))
    return Activity("03", 10, tuple(results))


def buying_on_nineteen(language: str) -> Activity:
    """Lesson 04: one card bought on a ten and a nine (the advice after R11)."""
    card = exact.draw_distribution("10 9", rules=ONE_PACK)
    return Activity("04", 20, ((template("handout.twenty", language), card[20]),
                               (template("handout.twenty_one", language), card[21]),
                               (template("handout.over", language), card["bust"])))


def first_ace(language: str) -> Activity:
    """Lesson 10: the seat that gets the first ace holds the bank (R4)."""
    seats = exact.first_banker_probabilities(SEATS, rules=ONE_PACK)
    return Activity("10", 10, tuple((template("handout.seat", language).format(number=seat), p)
                                    for seat, p in enumerate(seats, start=1)))


ACTIVITIES = {"00": natural_or_not, "03": bankers_hand, "04": buying_on_nineteen,
              "10": first_ace}


def chance(p: Fraction, language: str) -> str:
    """An exact chance as the sheet prints it: the fraction when it is short, and the percent."""
    shown = numerals.percent(p, language, 1)
    return f"{p.numerator}/{p.denominator} ≈ {shown}" if p.denominator < WRITTEN_AS_FRACTION \
        else f"≈ {shown}"


def activity_html(lesson: str, language: str) -> str:
    """The activity of `lesson` as a section of its handout ('' for a lesson without one)."""
    if lesson not in ACTIVITIES:
        return ""
    activity = ACTIVITIES[lesson](language)
    said = {key: html.escape(template(f"handout.{key}", language)) for key in (
        "unplugged", "result", "tally", "our_count", "class_total", "class_share", "exact",
        "unplugged_compare", f"act{lesson}_title", f"act{lesson}")}
    how = html.escape(template("handout.unplugged_how", language).format(deals=activity.deals))
    head = "".join(f'<th scope="col">{said[key]}</th>' for key in (
        "result", "tally", "our_count", "class_total", "class_share", "exact"))
    rows = "".join(f'<tr><th scope="row">{html.escape(result)}</th><td class="write"></td>'
                   f'<td></td><td></td><td></td><td>{html.escape(chance(p, language))}</td></tr>'
                   for result, p in activity.results)
    return (f'<section class="unplugged"><h2>{said["unplugged"]}: '
            f'{said[f"act{lesson}_title"]}</h2><p>{how}</p><p>{said[f"act{lesson}"]}</p>'
            f'<table class="tally"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
            f'<p>{said["unplugged_compare"]}</p></section>')
