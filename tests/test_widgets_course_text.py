"""What a 15-year-old reads in the widgets: decimals first with the exact fraction one click
away, the game's word "buy", proper plurals, the draw for the bank folded in the log, and a
class seed whose first screen teaches (R4, R11)."""

import re
from fractions import Fraction

import pytest

from twentyone_edu import Table, exact, hand_value
from twentyone_edu.widgets import (
    AdviceExplorer,
    BankerChooser,
    Quiz,
    SimulationExplorer,
    StrategyExplorer,
    TableWidget,
    class_seed,
    first_screen,
    make_answer_token,
)
from twentyone_edu.widgets.explorer import exact_html
from twentyone_edu.widgets.i18n import COUNTED, TEXT, counted, ordinal, text
from twentyone_edu.words.errors import RuleError

DETAILS = re.compile(r"<details class='t21-exact'[^>]*><summary>([^<]*)</summary>"
                     r"<code[^>]*>([^<]*)</code></details>")


def outside_details(html: str) -> str:
    return re.sub(r"<details.*?</details>", "", html)


# ----- decimals first, the exact fraction one click away -----

@pytest.mark.parametrize("value, language, decimal", [
    (Fraction(-7, 51), "en", "≈ −0.1373"),  # 7/51 = 0.137254...
    (Fraction(1, 4), "ru", "+0,2500"),  # exactly a quarter: no ≈
    (Fraction(175000072343534323, 1468946202662169000), "en", "≈ +0.1191"),  # 0.119133...
])
def test_exact_html_puts_the_decimal_first(value, language, decimal):
    html = exact_html(value, language)
    assert html.startswith(decimal + " <details")
    label, fraction = DETAILS.search(html).groups()
    assert label == ("точная дробь" if language == "ru" else "exact fraction")
    assert Fraction(fraction.replace("−", "-")) == value


def test_a_chance_is_a_percentage_first():
    html = exact_html(Fraction(4, 51), "ru", chance=True)
    assert html.startswith("≈ 7,84\u00a0% <details")  # 4/51 = 7.843 %


def test_the_strategy_cell_shows_decimals_and_folds_the_fractions():
    strategy = StrategyExplorer(first="10", second="6")
    values = exact.decision_values("10 6")
    shown = outside_details(strategy.cell.value)
    for key in ("stand", "draw"):
        value = Fraction(values[key])
        assert f"{float(value):+.4f}".replace("-", "−") in shown
        assert str(value.denominator) not in shown  # no long fraction in view
        assert (text("exact_fraction"), str(value).replace("-", "−")) in \
            DETAILS.findall(strategy.cell.value)


def test_the_advice_values_and_table_show_decimals_first():
    advice = AdviceExplorer(hand="10 6", seen="2 3", language="ru")
    shown = outside_details(advice.values_html.value)
    for value in map(Fraction, advice.values.values()):
        assert f"{float(value):+.4f}".replace("-", "−").replace(".", ",") in shown
        assert str(value.denominator) not in shown
    header = re.findall(r"<th>([^<]*)</th>", advice.table.value)
    assert header == ["очки", "шанс", "точная дробь"]


def test_the_simulation_shows_the_exact_value_as_a_decimal():
    sim = SimulationExplorer(rounds=1_000, policy=17, seed=1)
    sim.run_button.click()
    sim.run_steps(100)
    value = Fraction(sim.exact_value)
    assert value == exact.round_value(17)
    html = sim.result_html.value
    assert f"{float(value):+.4f}".replace("-", "−") in outside_details(html)
    assert str(value.denominator) not in outside_details(html)


def test_the_first_banker_chances_are_percentages_first():
    chooser = BankerChooser(players=4, seed=1)
    for row, p in zip(chooser.chances.value.split("<tr>")[2:], exact.first_banker_probabilities(4),
                      strict=True):
        assert f"{100 * float(p):.2f}%" in outside_details(row)
        assert str(p.denominator) not in outside_details(row)


# ----- the game's word, plurals, plain English -----

def test_the_russian_widgets_say_prikupit_for_buying():
    for key, english in TEXT.items():
        russian = text(key, "ru")
        assert not re.search(r"\b[Вв]зять (карту|и)\b|берёт", russian), key
        if re.search(r"\bbuy", english) and not key.startswith(("tw_buy_bank", "ev_sell")):
            assert not re.search(r"\bdraw", english), key


def test_no_text_counts_with_a_bracketed_plural():
    for key, english in TEXT.items():
        for template in (english, text(key, "ru")):
            assert "(s)" not in template, key
            assert not re.search(r"\{\w+\} (cards|digits|aces)\b", template), key


# Plural forms by hand: English one/other; Russian by the last two digits (1, 21, 101 take
# the first form; 2-4, 22-24 the second; 5-20, 11-14, 25-30 the third).
@pytest.mark.parametrize("n, english, russian", [
    (1, "1 card handed out", "роздана 1 карта"), (2, "2 cards handed out", "розданы 2 карты"),
    (4, "4 cards handed out", "розданы 4 карты"), (5, "5 cards handed out", "роздано 5 карт"),
    (11, "11 cards handed out", "роздано 11 карт"), (12, "12 cards handed out", "роздано 12 карт"),
    (14, "14 cards handed out", "роздано 14 карт"), (21, "21 cards handed out", "роздана 21 карта"),
    (22, "22 cards handed out", "розданы 22 карты"), (38, "38 cards handed out", "роздано 38 карт"),
    (101, "101 cards handed out", "роздана 101 карта"),
    (111, "111 cards handed out", "роздано 111 карт"),
])
def test_counted_phrases_take_the_right_plural(n, english, russian):
    assert counted("cards_handed", n, "en") == english
    assert counted("cards_handed", n, "ru") == russian


def test_counted_phrases_inside_texts():
    assert text("bc_waiting", "en", cards_handed=1) == "No ace yet: 1 card handed out."
    assert text("odds_for", "ru", seat="Вера", unseen_cards=101).endswith(
        "одна из 101 карты, которых этот игрок не видел.")
    assert text("odds_for", "ru", seat="Вера", unseen_cards=98).endswith(
        "одна из 98 карт, которых этот игрок не видел.")
    for name, (one, other) in COUNTED.items():
        assert "{n}" in one and "{n}" in other and name not in TEXT, name


@pytest.mark.parametrize("n, written", [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
    (21, "21st"), (22, "22nd"), (23, "23rd"), (38, "38th"), (101, "101st"), (111, "111th"),
    (112, "112th"),
])
def test_ordinals(n, written):
    assert ordinal(n, "en") == written
    assert ordinal(n, "ru") == f"{n}-й"


def test_too_few_digits_are_counted_properly():
    quiz = Quiz("?", make_answer_token(Fraction(4, 51)))
    quiz.answer_box.value = "0.08"
    quiz.check_button.click()
    assert "Not yet" in quiz.feedback.value and quiz.attempts == 1  # one digit: meant as it is
    quiz.answer_box.value = "0.078"
    quiz.check_button.click()
    assert "Not exact: 0.078 has 2 significant digits. If you rounded, give at least 3" in \
        quiz.feedback.value and quiz.attempts == 1
    quiz.language = "ru"
    assert "Не точно: в 0.078 — 2 значащие цифры. Если вы округляли, нужно не меньше 3" in \
        quiz.feedback.value


def test_a_banker_who_busts_went_bust():
    table = Table(["Anna", "Boris"], seed=1)
    table.stack_shoe("A")
    assert table.choose_banker() == "Anna"  # the first card, an ace, to Anna (R4)
    table.stake("Boris", 1)
    table.stack_shoe("10 10 9 6 K")  # Boris 10 9 = 19, Anna 10 6 = 16, then K: 26 (R14, R16)
    table.deal()
    table.stand("Boris")
    table.play_banker()
    table.settle()
    settled = table.events[-1]
    assert settled.kind == "round_settled"
    assert "the banker Anna went bust: Boris +1" in settled.text
    assert "had bust" not in settled.text


# ----- the draw for the first bank, folded in the log (R4) -----

def folded(widget: TableWidget) -> tuple[str, list[str]]:
    """The summary line of the folded draw and the card lines inside it."""
    block = re.search(r"<details class='t21-log-draw'><summary>(.*?)</summary><div[^>]*>(.*?)"
                      r"</div></details>", widget.log_view.value)
    return block.group(1), block.group(2).split("<br>")


def test_a_long_draw_is_one_line_with_its_cards_one_click_away():
    w = TableWidget(seed=1868)  # the old lesson's class seed: a long draw
    w.deal_button.click()
    cards = [card for _, card in w.table.banker_draw]
    first_ace = next(i for i, card in enumerate(cards) if card.rank == "A") + 1
    assert first_ace == len(cards)  # the draw stops at the first ace
    summary, lines = folded(w)
    assert summary == (f"The first ace came on the {ordinal(first_ace)} card: "
                       f"{w.table.banker} holds the bank (R4).")
    assert len(lines) == first_ace and all(": handed" in line for line in lines)
    outside = re.sub(r"<details.*?</details>", "", w.log_view.value)
    assert ": handed" not in outside and "The bank goes to" not in outside
    w.language = "ru"
    summary, lines = folded(w)
    # the default name Vera is shown in the table's language (issue 34)
    assert summary == f"Первый туз пришёл {first_ace}-й картой: банк держит Вера (R4)."
    assert len(lines) == first_ace


def test_the_draw_is_shown_card_by_card_until_the_ace_then_folded():
    w = TableWidget(players=["You", "Vera", "Pavel"], seed=5)
    w.table.stack_shoe("9 K A")  # the third card, the ace, to Pavel
    w.draw_button.click()
    w.draw_button.click()
    assert w.log_view.value.count(": handed") == 2 and "t21-log-draw" not in w.log_view.value
    w.draw_button.click()
    summary, lines = folded(w)
    assert summary == "The first ace came on the 3rd card: Pavel holds the bank (R4)."
    assert [line.split(":")[0] for line in lines] == ["You", "Vera", "Pavel"]


# ----- a class seed whose first screen teaches -----

@pytest.mark.parametrize("players", [3, 4])
def test_class_seed_gives_a_short_draw_and_a_real_question(players):
    seed = class_seed(players)
    w = TableWidget(players=players, seed=seed)
    w.deal_button.click()
    assert len(w.table.banker_draw) <= players  # the ace within one round of the seats
    assert w.table.banker != "You" and w.table.to_act == "You"
    mine = hand_value(w.table.hands["You"])
    assert 12 <= mine.total <= 20 and not mine.natural
    screen = first_screen(seed, players)
    assert screen.draw_cards == len(w.table.banker_draw)
    assert screen.your_total == mine.total
    assert seed == 1 or first_screen(seed - 1, players) != screen  # the first such seed


def test_first_screen_is_the_widgets():
    for seed in (43, 1868):
        w = TableWidget(players=4, seed=seed)
        w.deal_button.click()
        screen = first_screen(seed, 4)
        assert screen.draw_cards == len(w.table.banker_draw)
        assert screen.banker == f"seat {w.table.players.index(w.table.banker) + 1}"
        assert screen.your_total == hand_value(w.table.hands["You"]).total


def test_the_seed_recommended_for_lesson_03():
    # Seed 43: the ace comes second, to Vera; You hold 14 after Pavel and Olga have played.
    for players, first, second in ((4, "9", "5"), (3, "8", "6")):
        w = TableWidget(players=players, seed=43)
        w.deal_button.click()
        assert w.table.banker == "Vera" and len(w.table.banker_draw) == 2
        assert [card.rank for card in w.table.hands["You"]] == [first, second]
        assert w.table.to_act == "You"
        assert folded(w)[0] == "The first ace came on the 2nd card: Vera holds the bank (R4)."


@pytest.mark.parametrize("call, message", [
    (lambda: class_seed(4, most_draw_cards=0), "most_draw_cards=0"),
    (lambda: first_screen(1, 4, you=4), "you=4 is not a seat"),
    (lambda: class_seed(2, totals=[], start=1), "no seed"),
])
def test_class_seed_refuses_what_it_cannot_do(call, message, monkeypatch):
    from twentyone_edu.widgets import seed_choice as module

    monkeypatch.setattr(module, "MOST_SEEDS", 20)
    with pytest.raises(RuleError, match=message):
        call()
