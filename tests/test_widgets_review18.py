"""UX review 18 (issue 34): on a projector the student's result and the settlement stand
beside the seats, over the odds' place, and the odds show each total's chance as a bar."""

import re
from fractions import Fraction

import pytest

from twentyone_edu.widgets.live_table import TableWidget
from twentyone_edu.widgets.table_odds import Odds, odds_html

NAMES = ["You", "Vera:21", "Pavel:12", "Olga:12"]  # Vera buys to 21; Pavel and Olga stand


def seventeen_against_olgas_eighteen(language: str) -> TableWidget:
    """Olga banks (the draw's fourth card is the first ace, R4); You 10+7 = 17 stand against
    her 10+8 = 18, a stake of 5."""
    w = TableWidget(players=NAMES, seed=5, language=language)
    w.table.stack_shoe("2 3 4 A")
    w.draw_all_button.click()
    w.table.stack_shoe("10 10 10 10 7 5 8 8 6")
    w.stake_box.value = "5"
    w.deal_button.click()
    return w


def side(w: TableWidget) -> list:
    """The column beside the seats: what it holds, in order."""
    row = next(child for child in w.children if w.seats in getattr(child, "children", ()))
    return list(row.children[1].children)


@pytest.mark.parametrize("language, said", [
    ("en", "−5: your 17 against the banker&#x27;s 18"), ("ru", "−5: у вас 17, у банкира 18")])
def test_the_result_heads_the_settlement_beside_the_seats(language, said):
    """A tie or worse goes to the banker, 1× the stake (R17): the settlement, in the column
    beside the seats with the odds, opens with the student's result once the round is settled,
    and is marked as played (for a projector to fold) while it is not."""
    w = seventeen_against_olgas_eighteen(language)
    assert side(w) == [w.odds_view, w.settlement] and w.settlement.value == ""
    w.stand_button.click()
    shown = w.settlement.value
    assert "t21-settled" in shown and "t21-playing" not in shown
    assert shown.count("t21-result'") == 1 and said in shown
    assert shown.index(said) < shown.index("<ul")  # (the result over the payments)
    assert said in w.seats.value  # (and in the student's own row, for a phone)
    w.table.stack_shoe("10 10 10 10 7 5 8 8 6")
    w.deal_button.click()  # (round 1's payments stay, marked, until round 2 has one)
    shown = w.settlement.value
    assert "t21-playing" in shown and "t21-settled" not in shown and said not in shown


def test_a_banker_student_hears_the_banks_result_over_the_settlement():
    """A student holding the bank (R4) sees the bank's net as his result (R9–R17)."""
    w = TableWidget(players=["Anna", "Vera:12", "Pavel:12"], seed=5)
    w.table.stack_shoe("A")
    w.draw_all_button.click()
    w.table.stack_shoe("10 10 10 8 9 5")  # Vera 18 and Pavel 19 stand; Anna holds 15
    w.deal_button.click()
    w.stand_button.click()  # (Anna stands on 15 as the banker: both players win, R17)
    assert w.table.phase == "staking"
    result = re.search(r"t21-result'[^>]*>([^<]*)<", w.settlement.value).group(1)
    assert result.startswith("−2"), result


def test_each_total_has_a_bar_as_long_as_its_chance_beside_the_largest():
    """UX review 18: the odds' ten totals were a column of numbers. Each total's row has a bar
    whose length, in per cent of its cell, is its chance over the largest chance."""
    chances = {12: Fraction(1, 10), 13: Fraction(1, 20), 14: Fraction(3, 20),
               "bust": Fraction(7, 10)}
    shown = odds_html(Odds("Anna", 20, chances, {"stand": Fraction(-1, 2),
                                                  "draw": Fraction(-2, 5)}), "en")
    widths = [float(w) for w in re.findall(r"t21-odds-bar'[^>]*><div[^>]*width:([\d.]+)%", shown)]
    assert widths == pytest.approx([100 / 7, 50 / 7, 150 / 7, 100], abs=0.05)


@pytest.mark.parametrize("language, words", [("en", "+3 added after the deal"),
                                             ("ru", "прибавка после сдачи +3")])
def test_a_late_addition_has_a_short_form_for_a_wide_screen(language, words):
    """UX review 19: on a projector «+3 added after the deal» under the stake widened its
    column and moved the cards 34 px. The stake cell says it in words (a phone, a narrow
    window) and as «+3» with the words as its tooltip (app_style shows one or the other)."""
    w = seventeen_against_olgas_eighteen(language)
    w.stake_box.value = "3"
    w.stake_button.click()
    assert w.table.late_additions == {"You": 3}
    row = re.search(r"<tr class='t21-your-row[^']*'.*?</tr>", w.seats.value).group(0)
    assert "class='t21-late' " in row and f">{words}<" in row
    assert re.search(rf"t21-late-short' title='{re.escape(words)}'>\+3<", row), row
