"""Issue 34, round 2, headless: on a phone the answer comes right after the control that asks
for it (the advice verdict under the hands, the simulation's result under Run), the chosen hand
is marked, verdicts are whole stakes per 100 rounds, the strategy map's cells are buttons, the
first banker's table has no column to hide, a switch says what it does, a banker's natural is
explained on the status line, and a chosen tab takes the keyboard's focus."""

import re
from fractions import Fraction

import ipywidgets as widgets
import pytest
from test_widgets_table import NAMES, arrange, olga_banks

from twentyone_edu import exact
from twentyone_edu.widgets import i18n
from twentyone_edu.widgets.advice import CLASSIC_HANDS, AdviceExplorer
from twentyone_edu.widgets.app import CourseApp
from twentyone_edu.widgets.banker_chooser import BankerChooser
from twentyone_edu.widgets.live_table import TableWidget
from twentyone_edu.widgets.simulation import SimulationExplorer
from twentyone_edu.widgets.strategy import StrategyExplorer


def in_order(widget: widgets.Widget) -> list[widgets.Widget]:
    """Every widget inside `widget`, in the order a page shows them (depth first)."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += in_order(child)
    return found


def test_the_advice_verdict_comes_right_after_the_hands():
    advice = AdviceExplorer()
    order = in_order(advice)
    verdict = order.index(advice.verdict)
    assert order.index(advice.hand_buttons[-1]) < verdict
    for later in (advice.hand_box, advice.seen_box, advice.rules_menu, advice.table,
                  advice.chart):
        assert verdict < order.index(later), later


def test_a_refusal_of_the_typed_hand_shows_under_the_boxes():
    """UX review 6, D17: the message line comes after the hand and seen boxes, so a refusal
    of what was typed does not push the box being typed in (it pushed it 73 px)."""
    advice = AdviceExplorer()
    order = in_order(advice)
    for box in (advice.hand_box, advice.seen_box):
        assert order.index(box) < order.index(advice.message)
    advice.hand_box.value = "hello"
    assert advice.message.value, "no refusal shown"


def test_the_chosen_hand_looks_chosen():
    advice = AdviceExplorer(hand="10 9")
    chosen = [i for i, b in enumerate(advice.hand_buttons) if "t21-chosen" in b._dom_classes]
    assert chosen == [CLASSIC_HANDS.index("10 9")]
    advice.hand_buttons[7].click()
    chosen = [b for b in advice.hand_buttons if "t21-chosen" in b._dom_classes]
    assert chosen == [advice.hand_buttons[7]]
    assert chosen[0].layout.border != advice.hand_buttons[0].layout.border
    advice.hand_box.value = "2 3"  # a hand of no button: none is marked
    assert not any("t21-chosen" in b._dom_classes for b in advice.hand_buttons)


def test_every_margin_is_said_in_stakes_over_100_rounds():
    """UX review 9: one unit for every answer (it said 100 rounds for one hand, 10,000 for
    another): whole stakes over 100 rounds from 1 up, below that a decimal to its first digit."""
    from twentyone_edu.widgets.explorer import stakes_over_100_rounds

    assert stakes_over_100_rounds(Fraction(257, 10_000), "en") == "3 stakes"  # 2.57 per 100
    assert stakes_over_100_rounds(Fraction(-7984, 10_000), "en") == "80 stakes"
    assert stakes_over_100_rounds(Fraction(1, 500), "en") == "0.2 stakes"  # not "2 per 1000"
    assert stakes_over_100_rounds(Fraction(4, 10_000), "en") == "0.04 stakes"
    assert stakes_over_100_rounds(Fraction(1, 100), "en") == "1 stake"
    assert stakes_over_100_rounds(Fraction(1, 500), "ru") == "0,2 ставки"
    assert stakes_over_100_rounds(Fraction(-7984, 10_000), "ru") == "80 ставок"


def test_a_hand_near_even_is_said_over_100_rounds_too():
    """10 6 from a fresh shoe: buy and stand differ by a few ten-thousandths of a stake a round,
    said over 100 rounds (a decimal), never over 10,000."""
    values = exact.decision_values("10 6", "")
    margin = abs(Fraction(values["draw"]) - Fraction(values["stand"]))
    assert 100 * margin < 1
    verdict = AdviceExplorer(hand="10 6").verdict.value
    assert "over 100 rounds" in verdict and "10,000" not in verdict and "1,000" not in verdict


@pytest.mark.parametrize("hand, language, words", [
    ("10 5", "en", "Buy: over 100 rounds at a stake of 1, buying comes out about {n} stakes ahead"
               " of standing"),
    ("10 5", "ru", "Прикупить: за 100 раундов со ставкой 1 это даёт в среднем примерно на {n} "
               "ставки больше"),
    ("10 9", "ru", "Остановиться: за 100 раундов со ставкой 1 это даёт в среднем примерно на {n} "
               "ставок"),
])
def test_the_verdict_is_in_whole_stakes_per_100_rounds(hand, language, words):
    values = exact.decision_values(hand, "")
    margin = abs(Fraction(values["draw"]) - Fraction(values["stand"]))
    n = round(100 * margin)  # 10 5: 0.0257 -> 3 («ставки»); 10 9: 0.7984 -> 80 («ставок»)
    assert n in (3, 80)
    verdict = AdviceExplorer(hand=hand, language=language).verdict.value
    assert words.format(n=n) in verdict
    assert "0,0257" not in verdict and "0.0257" not in verdict


@pytest.mark.parametrize("first, second, language, words", [
    ("10", "5", "en", "Buy: over 100 rounds at a stake of 1, buying comes out about {n} stakes"),
    ("10", "5", "ru", "Прикупить: за 100 раундов со ставкой 1 это даёт в среднем примерно на {n} "
                      "ставки"),
    ("10", "9", "en", "Stand: over 100 rounds at a stake of 1, standing comes out about {n} "
                      "stakes"),
    ("10", "9", "ru", "Остановиться: за 100 раундов со ставкой 1 это даёт в среднем примерно на "
                      "{n} ставок"),
])
def test_the_strategy_verdict_is_in_plain_words_first(first, second, language, words):
    """Round 4: the strategy map's chosen hand says its answer as the "19 or 20?" tab does,
    first, in whole stakes per 100 rounds, with no unexplained glyph before it (UX review 6,
    D18); the difference a round, to two decimals (D27), and the exact fractions stay below
    it."""
    values = exact.decision_values(f"{first} {second}", "")
    margin = abs(Fraction(values["draw"]) - Fraction(values["stand"]))
    n = round(100 * margin)  # 10 5: 0.0257 -> 3; 10 9: 0.7984 -> 80
    assert n in (3, 80)
    cell = StrategyExplorer(first=first, second=second, language=language).cell.value
    bold = re.search(r"<b[^>]*>(.*?)</b>", cell).group(1)
    assert bold.startswith(words.format(n=n)), bold
    assert cell.index(bold) < cell.index(f"{first} + {second}")  # the answer before the numbers
    assert "0257" not in bold and "7984" not in bold
    gain = Fraction(values["draw"]) - Fraction(values["stand"])
    assert f"{float(gain):+.2f}".replace("-", "−").replace(".", "," if language == "ru"
                                                            else ".") in cell


def test_the_simulation_answers_under_run_and_its_settings_come_before():
    """Round 5: the rules, rounds and seed stand above Run (they fell out of sight under the
    result on a projector); the answer comes right under Run."""
    sim = SimulationExplorer()
    order = in_order(sim)
    run = order.index(sim.run_button)
    assert run < order.index(sim.result_html)
    for setting in (sim.rules_menu, sim.rounds_menu, sim.seed_box, sim.policy_menu,
                    sim.banker_menu):
        assert order.index(setting) < run


@pytest.mark.parametrize("end", ["done", "stopped"])
def test_the_simulation_moves_the_focus_to_stop_and_back_to_run(monkeypatch, end):
    """Round 5: Run greys out, so the focus goes to Stop (not <body>); at the run's end it
    goes back to Run."""
    focused = []
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda self: focused.append(self))
    sim = SimulationExplorer(rounds=1_000, seed=4)
    sim.run_button.click()
    assert focused == [sim.stop_button] and not sim.stop_button.disabled
    if end == "done":
        sim.run_steps(100)
    else:
        sim.run_steps(1)
        sim.stop_button.click()
    assert sim.state == end
    assert focused[-1] is sim.run_button and not sim.run_button.disabled


def test_a_cell_of_the_strategy_map_chooses_its_hand():
    strategy = StrategyExplorer(language="ru")
    n = len(strategy.ranks)
    assert len(strategy.hits.children) == n * n
    i, j = 3, n - 2
    strategy.hits.children[i * n + j].click()
    assert (strategy.first_menu.value, strategy.second_menu.value) == \
        (strategy.ranks[i], strategy.ranks[j])
    assert strategy.chart.png == strategy._rasters["ru"].png((i, j))  # that cell framed
    # (the chosen cell is the map's one stop for the Tab key: UX review 12)
    assert [k for k, b in enumerate(strategy.hits.children) if b.tabbable] == [i * n + j]


def test_the_first_bankers_table_has_three_narrow_columns_and_an_honest_switch():
    chooser = BankerChooser(players=5, seed=3, trials=1_000, language="ru")
    assert chooser.exact_toggle.value and chooser.exact_toggle.description == \
        "Скрыть точные вероятности"
    chooser.simulate_button.click()
    assert chooser.chances.value.count("<th") == 3  # seat, exact, simulated ± error
    chooser.exact_toggle.value = False
    assert chooser.exact_toggle.description == "Показать точные вероятности"


@pytest.mark.parametrize("language, said", [
    ("en", "the banker had a natural, so everyone paid at once"),
    ("ru", "у банкира натуральное 21, все заплатили сразу"),
])
def test_a_round_settled_by_the_bankers_natural_says_so(language, said):
    w = TableWidget(players=NAMES, seed=5, language=language)
    olga_banks(w)
    arrange(w, "10 10 10 A", "7 5 8 10")  # Olga, the banker: ace and ten, a natural (R3, R9)
    w.deal_button.click()
    assert w.table.phase == "staking" and w.table.round_number == 1
    assert said in w.status.value


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_settled_status_fits_the_projectors_two_lines(language):
    """On a 1024 px projector the status keeps the height of two lines of bold 22 px text,
    about 67 Russian characters each, so the seats stay put when a round settles (a natural's
    reason put before the settled sentence made three lines and moved them 27 px): with a
    two-digit round and a ten-letter name, every settled status is at most 120 characters."""
    keys = [key for key in i18n.TEXT if key.startswith("tw_status_settled")]
    assert len(keys) == 4
    long = {key: said for key in keys
            if len(said := i18n.text(key, language, round=12, banker="Александра")) > 120}
    assert long == {}


def test_a_chosen_tab_takes_the_keyboards_focus(monkeypatch):
    focused = []
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda self: focused.append(self))
    app = CourseApp(language="en")
    assert focused == []  # opening the app leaves the focus alone
    app.tabs.selected_index = 3
    assert focused == [app.built[3].guess.buttons["win"]]  # (the class guesses first)
    app.tabs.selected_index = 1
    assert focused[-1] is app.built[1].hand_buttons[0]
    app.tabs.selected_index = 0
    assert focused[-1] is app.built[0].deal_button


def test_on_a_phone_each_stake_shows_under_its_purse():
    """Round 5: the Stake column carries a class a phone's style folds away, and each stake
    shows under its purse instead (hidden where the column shows)."""
    from twentyone_edu.widgets.app_style import APP_STYLE

    w = TableWidget(players=NAMES, seed=5, language="ru")
    olga_banks(w)
    arrange(w, "10 10 10 A", "7 5 8 10")
    w.deal_button.click()
    seats = w.seats.value
    assert seats.count("class='t21-stake-col'") == 1 + len(NAMES)  # the head and each seat
    assert seats.count("<span class='t21-stake-under'>ставка 1</span>") == len(NAMES) - 1
    phone = APP_STYLE[APP_STYLE.index("@media (max-width: 600px) {"):]
    assert ".t21-seats .t21-stake-col {{ display: none; }}".replace("{{", "{").replace(
        "}}", "}") in phone
    assert ".t21-stake-under { display: none; }" in APP_STYLE[:APP_STYLE.index("@media")]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_refused_hand_dims_the_answer_that_belongs_to_the_hand_before(language):
    """UX review 7: typing a hand the explorer refuses left the last verdict and chart bright
    beside the refusal. While the refusal shows, the answers dim (class t21-stale over
    t21-answer); a hand it accepts lights them again."""
    advice = AdviceExplorer(hand="10 9", language=language)
    answers = [w for w in in_order(advice) if "t21-answer" in w._dom_classes]
    assert advice.verdict in answers and advice.chart in answers
    assert ".t21-stale .t21-answer" in advice.title.value
    assert "t21-stale" not in advice._dom_classes
    advice.hand_box.value = "X9"
    assert advice.message.value and "t21-stale" in advice._dom_classes
    advice.hand_box.value = "10 10"
    assert not advice.message.value and "t21-stale" not in advice._dom_classes
