"""UX review 19 (issue 34): a chart's place is never blank while its picture is computed (it
says, in the explorer's language, that the chart or the map is on its way), and a stake the
purse cannot cover is refused as it is typed, before the draw for the bank."""

import re

import pytest

from twentyone_edu.widgets.advice import AdviceExplorer
from twentyone_edu.widgets.banker_chooser import BankerChooser
from twentyone_edu.widgets.common import ChartImage
from twentyone_edu.widgets.live_table import TableWidget
from twentyone_edu.widgets.simulation import SimulationExplorer
from twentyone_edu.widgets.strategy import StrategyExplorer

PNG = b"\x89PNG\r\n\x1a\n"  # (the picture's bytes are not read here)


def test_a_chart_waits_in_words_until_its_first_picture_and_not_after():
    """The box says its words as a status a screen reader reads; a picture replaces it, and a
    later wait (a language switch) leaves the picture; a cleared chart waits again."""
    chart = ChartImage()
    chart.wait("coming <soon>")
    assert 'role="status"' in chart.value and "coming &lt;soon&gt;" in chart.value
    assert "<img" not in chart.value and chart.alt == ""
    chart.show(PNG, "bars", 18.0)
    chart.wait("coming")
    assert chart.value.startswith("<img") and "coming" not in chart.value
    chart.clear()
    chart.wait("again")
    assert "again" in chart.value


def test_a_chart_for_another_question_fades_the_last_picture_until_it_comes():
    """UX review 23: a new hand's verdict stood beside the last hand's bars for up to a second;
    waiting `again`, the last picture is faded under the words, as large as it was (its PNG's
    own 560 × 391 px), with no <img> a reader could take for the new chart."""
    from twentyone_edu import plots

    bars = plots.OutcomeChart((20, 21, "bust"), font=17)
    png = bars.png({20: 0.1, 21: 0.1, "bust": 0.8})
    chart = ChartImage()
    chart.show(png, "bars", bars.text_px)
    chart.wait("coming", again=True)
    assert "<img" not in chart.value and 'role="status"' in chart.value and "coming" in chart.value
    width, height = (round(size * bars.figure.dpi) for size in bars.figure.get_size_inches())
    assert f"aspect-ratio:{width}/{height}" in chart.value and f"max-width:{width}px" in chart.value
    assert "opacity:0.2" in chart.value
    chart.show(png, "bars again", bars.text_px)
    assert chart.value.startswith("<img") and "coming" not in chart.value


@pytest.mark.parametrize("kind, language, words", [
    (AdviceExplorer, "en", "The chart is being drawn…"),
    (AdviceExplorer, "ru", "График рисуется…"),
    (StrategyExplorer, "en", "The map is being computed…"),
    (StrategyExplorer, "ru", "Таблица вычисляется…"),
    (SimulationExplorer, "en", "The chart is being drawn…"),
    (SimulationExplorer, "ru", "График рисуется…"),
])
def test_each_explorer_says_its_chart_is_coming_in_its_language(kind, language, words):
    """Before the first picture (here: the picture taken away) the explorer's labels put its
    words in the chart's place."""
    explorer = kind(language=language)
    explorer.chart.clear()
    explorer._relabel()
    assert words in explorer.chart.value and "t21-chart-wait" in explorer.chart.value


@pytest.mark.parametrize("language, said", [("en", "more than your purse of 100"),
                                            ("ru", "100")])
def test_a_stake_beyond_the_purse_is_refused_as_typed_and_before_the_draw(language, said):
    """R5: a stake is at most the purse. A stake of 1000 is refused when typed, and «Deal»
    refuses it before the draw for the bank (R4) hands a card (UX review 19: after the draw's 25
    cards, which then lay on the table as if they were hands)."""
    w = TableWidget(players=["You", "Vera", "Pavel"], seed=5, language=language)
    w.stake_box.value = "1000"
    assert "1000" in w.message.value and said in w.message.value
    w.message.clear()
    w.deal_button.click()
    assert "1000" in w.message.value
    assert w.table.phase == "choose_banker" and not w.table.banker_draw and w.draw_shown == 0
    w.stake_box.value = "100"  # the whole purse is a stake (R5)
    assert w.message.value == ""


def test_the_next_rounds_stake_counts_against_the_purse_after_the_last_round():
    """After a round the box is read for the next one: the last round's stake is not counted
    twice (R5), so the whole purse left is a stake the box accepts."""
    w = TableWidget(players=["You", "Vera", "Pavel"], seed=5)
    w.draw_all_button.click()
    while w.table.banker == "You":
        w = TableWidget(players=["You", "Vera", "Pavel"], seed=w.table.seed + 1)
        w.draw_all_button.click()
    w.stake_box.value = "10"
    w.deal_button.click()
    while w.table.phase == "players" and w.table.to_act == "You":
        w.stand_button.click()
    purse = w.table.purses["You"]
    w.stake_box.value = str(purse)
    assert w.message.value == "" and w.table.phase == "staking"
    w.stake_box.value = str(purse + 1)
    assert str(purse + 1) in w.message.value


@pytest.mark.parametrize("language, said", [
    ("en", "Turn 3 of 3 this round"), ("ru", "Ходит 3-м из 3 в этом раунде")])
def test_each_player_shows_his_place_in_the_order_of_play(language, said):
    """R7: the players play one after another from the banker's right. With Vera's bank (the
    draw's second card is the first ace, R4), Pavel plays first, Olga second and the student
    third, though his row is the first; the banker has no number, and none shows before the
    bank is drawn."""
    w = TableWidget(players=["You", "Vera", "Pavel", "Olga"], seed=5, language=language)
    assert "t21-turn" not in w.seats.value
    w.table.stack_shoe("2 A")
    w.draw_all_button.click()
    assert w.table.banker == "Vera"
    rings = re.findall(r"<tr[^>]*>.*?</tr>", w.seats.value)[1:]  # (the heading's row first)
    numbers = [re.findall(r"class='t21-turn'[^>]*>(\d)</span>", row) for row in rings]
    assert numbers == [["3"], [], ["1"], ["2"]]
    assert said in w.seats.value


@pytest.mark.parametrize("language, said", [
    ("en", "Type your stake"), ("ru", "впишите ставку")])
def test_an_empty_stake_box_is_refused_not_a_round_without_the_student(language, said):
    """UX review 20: an empty stake box and «Deal» played a round without the student, and
    said nothing. R5: a player stakes before the deal; «Deal» asks for the stake and nothing
    moves (the draw for the bank, R4, included)."""
    w = TableWidget(players=["You", "Vera", "Pavel"], seed=5, language=language)
    w.stake_box.value = ""
    w.deal_button.click()
    assert said in w.message.value
    assert w.table.phase == "choose_banker" and not w.table.banker_draw
    w.stake_box.value = "2"
    w.deal_button.click()
    assert w.message.value == "" and w.table.round_number == 1
    assert w.table.stakes.get("You") == 2 or w.table.banker == "You"


@pytest.mark.parametrize("language, said", [
    ("en", "You added 1 after the deal: a loss takes it, a win does not pay it."),
    ("ru", "Вы прибавили 1 после сдачи: при проигрыше это пропадёт")])
def test_the_turn_says_what_an_addition_after_the_deal_can_do(language, said):
    """R6: money added after the deal is never won, but is lost on a loss. A touch screen
    shows no tooltip (UX review 20), so the student's turn says it once he has added."""
    w = TableWidget(players=["You", "Vera", "Pavel", "Olga"], seed=5, language=language)
    w.table.stack_shoe("2 3 4 A")  # Olga banks (R4)
    w.draw_all_button.click()
    w.table.stack_shoe("10 10 10 10 7 5 8 8 6")
    w.deal_button.click()
    assert said not in w.status.value
    w.stake_button.click()  # («Add to the stake» during the student's turn)
    assert w.table.late_additions == {"You": 1} and said in w.status.value


@pytest.mark.parametrize("language, said", [
    ("en", "± is one standard error"), ("ru", "± — одна стандартная ошибка")])
def test_the_first_bankers_simulation_says_what_its_plus_minus_is(language, said):
    """UX review 20: «22.93 % ± 0.42 %» did not say whether ± was one standard error or two;
    with the exact chances hidden and shown, the note under the shares says it."""
    chooser = BankerChooser(players=5, seed=7, language=language)
    chooser.simulate_button.click()
    assert said in chooser.chances.value
    chooser.exact_toggle.value = True
    assert said in chooser.chances.value and "±" in chooser.chances.value


def test_after_the_draw_the_new_shuffle_is_the_blue_button():
    """UX review 20: the blue «Next card» greyed at the first ace while «Shuffle again», the
    one step left, stayed grey."""
    chooser = BankerChooser(players=5, seed=7)
    assert chooser.next_button.button_style == "primary" and chooser.new_button.button_style == ""
    chooser.all_button.click()
    assert chooser.next_button.button_style == "" and chooser.new_button.button_style == "primary"


def test_a_tapped_cell_shows_its_own_hand_and_no_hand_between():
    """UX review 19: a tap on the map showed «5 + 9» (the new first card, the old second)
    before «5 + 5»: the answer over the map changes once, to the tapped hand."""
    strategy = StrategyExplorer()
    seen: list[str] = []
    strategy.echo.observe(lambda change: seen.append(change["new"]), names="value")
    n = len(strategy.ranks)
    i, j = strategy.ranks.index("5"), strategy.ranks.index("5")
    assert (strategy.first_menu.value, strategy.second_menu.value) != ("5", "5")
    strategy.hits.children[i * n + j].click()
    assert (strategy.first_menu.value, strategy.second_menu.value) == ("5", "5")
    assert len(seen) == 1 and "5 + 5" in seen[0], seen
