"""UX review 21 (issue 34): each payment of the settlement says why in words, not only by its
rule's code, which the app hides: a tie goes to the banker (R17), a drawn 21 is paid more (R12)."""

from fractions import Fraction

import pytest

from twentyone_edu.game.events import Event
from twentyone_edu.widgets.live_table import TableWidget
from twentyone_edu.widgets.table_text import payment_why


def payment(rule, outcome, against, amount, stake=1) -> Event:
    return Event("payment", rule, 1, "", seat="Vera", other="Ivan", amount=Fraction(amount),
                 outcome=outcome, against=against, stake=stake)


# (rule, the player's result, the banker's, money, the words): the settlement table of RULES.md
@pytest.mark.parametrize("rule, mine, his, amount, words", [
    ("R17", 20, 20, -1, "a tie goes to the banker"),
    ("R17", 19, 19, 0, "the stake stays with its player"),  # (a variant without R17's tie rule)
    ("R12", 21, 18, 2, "is paid more than a plain win"),
    ("R9", 20, "natural", -3, "every player pays at once, even a natural"),
    ("R15", 21, 21, -2, "a drawn 21 too"),
])
def test_a_payment_its_line_does_not_explain_says_why(rule, mine, his, amount, words):
    assert words in payment_why(payment(rule, mine, his, amount), "en")


@pytest.mark.parametrize("rule, mine, his, amount", [
    ("R17", 18, 20, -1), ("R17", 20, 18, 1), ("R12", 21, 18, 1), ("R13", "bust", 18, -1),
    ("R10", "natural", 18, 1), ("R16", 20, "bust", 1)])
def test_a_payment_its_line_explains_adds_nothing(rule, mine, his, amount):
    """A higher or lower total, a natural paid once, a bust, a drawn 21 paid once (a variant)."""
    assert payment_why(payment(rule, mine, his, amount), "en") == ""


def test_the_why_is_in_russian_too():
    assert payment_why(payment("R17", 20, 20, -1), "ru") == "при равных очках выигрывает банкир"


def test_the_settlement_gives_every_payment_its_why():
    """Olga banks with 10 + 8 = 18; the student stands on 10 + 7 = 17 (R17: lower loses)."""
    w = TableWidget(players=["You", "Vera:21", "Pavel:12", "Olga:12"], seed=5)
    w.table.stack_shoe("2 3 4 A")
    w.draw_all_button.click()
    w.table.stack_shoe("10 10 10 10 7 5 8 8 6")
    w.stake_box.value = "5"
    w.deal_button.click()
    w.stand_button.click()
    payments = [e for e in w.table.events if e.kind == "payment" and e.round_number == 1]
    shown = w.settlement.value
    assert len(payments) == 3 and shown.count("class='t21-why'") == 2  # (not You's lower total)
    assert "17 against the banker&#x27;s 18 — lost 5 (1× the stake) (R17)" in shown.replace(
        "<span class='t21-rule-code'>", "").replace("</span>", "")
    assert "; a tie goes to the banker</span>" in shown  # (Pavel's 18 against 18)
    assert "; a 21 reached by buying is paid more than a plain win</span>" in shown  # (Vera)


def test_a_banker_natural_is_explained_once_not_on_every_line():
    """R9: the banker's natural takes three stakes from every player; the why is said on the
    first line only (Olga banks; her 10 + A is dealt to her)."""
    w = TableWidget(players=["You", "Vera:12", "Pavel:12", "Olga:12"], seed=5)
    w.table.stack_shoe("2 3 4 A")
    w.draw_all_button.click()
    w.table.stack_shoe("10 10 10 10 7 5 8 A")
    w.deal_button.click()
    lines = w.settlement.value.split("<li>")[1:]
    payments = [line for line in lines if "(R9)" in line]
    assert len(payments) == 3
    assert sum("even a natural" in line for line in payments) == 1
