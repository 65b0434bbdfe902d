"""UX review 21 (issue 34): in the app, "19 or 20?" and "When to buy" let the class guess buy or
stand before the exact answer shows (R11); the lessons' explorers show it at once, as before."""

import ipywidgets as widgets
import pytest

from twentyone_edu import exact
from twentyone_edu.game.cards import parse_cards
from twentyone_edu.widgets.advice import AdviceExplorer
from twentyone_edu.widgets.app import build_tab
from twentyone_edu.widgets.guess import GuessFirst
from twentyone_edu.widgets.strategy import StrategyExplorer


def shown(widget) -> bool:
    if isinstance(widget, tuple):
        return all(map(shown, widget))
    return widget.layout.display != "none" and "t21-guess-hidden" not in widget._dom_classes


def better(hand: str) -> str:
    """What the engine says a hand from a fresh shoe should do (R11): 'buy' or 'stand'."""
    values = exact.decision_values(parse_cards(hand), (), rules="historical")
    assert values["draw"] != values["stand"]
    return "buy" if values["draw"] > values["stand"] else "stand"


@pytest.mark.parametrize("hand", ["10 9", "10 5"])
def test_the_advice_waits_for_a_guess_and_says_whether_it_was_right(hand):
    advice = AdviceExplorer(hand=hand, guess_first=True)
    answers = (advice.verdict, advice.values_html, advice.table, advice.chart)
    assert not any(map(shown, answers)) and shown(advice.guess.prompt)
    assert " + ".join(hand.split()) in advice.guess.prompt.value
    assert advice.verdict.value  # (computed, only hidden)
    right = better(hand)
    wrong = {"buy": "stand", "stand": "buy"}[right]
    advice.guess.buttons[wrong].click()
    assert all(map(shown, answers)) and not shown(advice.guess.prompt)
    assert "not this time" in advice.guess.said.value and "0 of 1" in advice.guess.said.value
    advice._choose("10 7" if hand != "10 7" else "10 8")  # a new hand: hidden again
    assert not any(map(shown, answers)) and advice.guess.said.value == ""
    advice.guess.buttons[better("10 7")].click()
    assert "right." in advice.guess.said.value and "1 of 2" in advice.guess.said.value


def test_show_the_answer_counts_no_guess_and_a_language_switch_keeps_it_out():
    advice = AdviceExplorer(guess_first=True)
    advice.guess.buttons["show"].click()
    assert shown(advice.verdict) and advice.guess.said.value == ""
    assert advice.guess.guesses == 0
    advice.language = "ru"
    assert shown(advice.verdict) and "Остановиться:" in advice.verdict.value
    assert advice.guess.buttons["buy"].description == "Прикупить"
    assert advice.guess.switch.description == "Сначала угадать: вкл."
    advice.guess.switch.value = False
    assert advice.guess.switch.description == "Сначала угадать: выкл."


def test_the_switch_off_shows_every_answer_at_once():
    advice = AdviceExplorer(guess_first=True)
    advice.guess.switch.value = False
    assert shown(advice.verdict) and not shown(advice.guess)
    advice._choose("10 6")
    assert shown(advice.verdict) and shown(advice.values_html)
    advice.guess.switch.value = True  # on again: the next new hand waits for a guess
    assert shown(advice.verdict)
    advice._choose("10 5")
    assert not shown(advice.verdict)


def test_a_lessons_explorers_show_their_answers_with_no_guess():
    advice, strategy = AdviceExplorer(), StrategyExplorer()
    assert shown(advice.verdict) and not shown(advice.guess)
    assert shown(strategy.picture) and shown(strategy.cell) and not shown(strategy.guess)


def test_the_apps_explorers_ask_for_a_guess_first():
    for index in (1, 2):
        tab = build_tab(index, "en")
        assert tab.guess.switch.value and shown(tab.guess.prompt)


def test_the_map_waits_for_one_guess_for_each_rule_set_and_banker():
    strategy = StrategyExplorer(guess_first=True)
    assert not shown(strategy.picture) and not shown(strategy.cell)
    assert shown(strategy.guess.cover) and "after the guess" in strategy.guess.cover.value
    assert "below 17" in strategy.guess.prompt.value and "10 + 9" in strategy.guess.prompt.value
    strategy.guess.buttons[better("10 9")].click()
    assert shown(strategy.picture) and shown(strategy.cell) and not shown(strategy.guess.cover)
    assert "right." in strategy.guess.said.value
    strategy.first_menu.value = "5"  # another hand under the same map: no new guess
    assert shown(strategy.picture) and shown(strategy.cell)
    assert strategy.guess.said.value == ""  # (the guess was about 10 + 9, not 5 + 9)
    strategy.banker_menu.value = 19  # another map: a new guess
    assert not shown(strategy.picture) and "below 19" in strategy.guess.prompt.value


def test_a_natural_has_nothing_to_guess_but_the_map_can_be_shown():
    strategy = StrategyExplorer(guess_first=True, first="A", second="10")
    assert "natural" in strategy.guess.prompt.value
    assert not shown(strategy.guess.buttons["buy"]) and not shown(strategy.guess.buttons["stand"])
    strategy.guess.buttons["show"].click()
    assert shown(strategy.picture) and strategy.guess.said.value == ""


def test_a_tie_makes_either_guess_right():
    answer = widgets.HTML()
    guess = GuessFirst("en", True, "guess_show", after=lambda: None)
    guess.ask("q", "?", "equal", (answer,))
    assert not shown(answer)
    guess.reveal("stand")
    assert shown(answer) and "right, for both" in guess.said.value and guess.right == 1
    guess.reveal("buy")  # (the answer is out: a second press counts nothing)
    assert guess.guesses == 1


def test_the_answers_are_hidden_while_the_first_question_is_worked_out():
    """UX review 24: before the first hand's numbers came, a phone showed «The chart is being
    drawn…» where the question was to come. Held from the start, the answer's widgets show
    nothing until the guess, and nothing is held when guessing is off (the lessons)."""
    guess = GuessFirst("en", True, "guess_show", after=lambda: None)
    answer = widgets.HTML("the chart")
    guess.hold((answer,))
    assert not shown(answer) and not shown(guess.prompt)  # (nothing asked yet)
    guess.ask("10 9", "Buy or stand?", "stand", (answer,))
    assert not shown(answer) and shown(guess.prompt)
    guess.reveal("stand")
    assert shown(answer)
    off = GuessFirst("en", False, "guess_show", after=lambda: None)
    kept = widgets.HTML("the chart")
    off.hold((kept,))
    assert shown(kept)


@pytest.mark.parametrize("language, words", [
    ("en", ("stand: buying costs ", " stakes in 100 rounds")),
    ("ru", ("остановиться: прикупка хуже на ", " за 100 раундов"))])
def test_the_map_says_what_standing_saves_without_a_minus(language, words):
    """UX review 24 read «10 + 9: stand, −80 stakes in 100 rounds» as standing losing 80: the
    line over the map now says what buying would cost, as a positive number, the engine's own
    difference of buy − stand for 10 + 9 times 100."""
    strategy = StrategyExplorer(first="10", second="9", language=language)
    values = exact.decision_values(parse_cards("10 9"), (), rules="historical")
    per_100 = abs(100 * (values["draw"] - values["stand"]))
    assert strategy.state == "ready"
    said = strategy.echo.value
    assert words[0] in said and words[1] in said and "−" not in said
    shown_number = said.split(words[0])[1].split(words[1])[0]
    assert round(float(shown_number.replace(",", "."))) == round(float(per_100))


def test_the_simulation_keeps_a_guess_until_its_run_ends():
    """UX reviews 23 and 24: «Simulation» drew the exact value before anyone had guessed. In the
    app the class guesses whether the player wins or loses on average; the guess is kept, the
    exact line and value stay out through the run, and the run's end judges the guess against
    the engine's own exact.round_value (R7-R17)."""
    from twentyone_edu.widgets.simulation import SimulationExplorer

    value = exact.round_value(17, rules="historical")
    right = "win" if value > 0 else "lose"
    wrong = {"win": "lose", "lose": "win"}[right]
    simulation = SimulationExplorer(rounds=1000, seed=3, guess_first=True)
    assert shown(simulation.guess.prompt) and "dashed line" not in simulation.chart.alt
    simulation.guess.buttons[wrong].click()
    assert not simulation.guess.revealed and "Now run" in simulation.guess.said.value
    assert "t21-guess-chosen" in simulation.guess.buttons[wrong]._dom_classes
    simulation.start()
    simulation.run_steps(1)
    assert "exact" not in simulation.result_html.value.split("</div>")[-1].lower()
    assert "the exact value shows when the run ends" in simulation.chart.alt
    simulation.run_steps(1000)
    assert simulation.state == "done" and simulation.guess.revealed
    said = simulation.guess.said.value
    assert "not this time" in said and "0 of 1" in said
    assert "dashed line marks the exact value" in simulation.chart.alt


def test_the_simulation_shows_the_exact_value_at_once_without_guessing():
    from twentyone_edu.widgets.simulation import SimulationExplorer

    lesson = SimulationExplorer(rounds=1000)
    assert lesson.guess.revealed and "dashed line marks the exact value" in lesson.chart.alt
    app = SimulationExplorer(rounds=1000, guess_first=True)
    app.guess.buttons["show"].click()
    assert app.guess.revealed and "dashed line marks the exact value" in app.chart.alt
    assert app.guess.guesses == 0


def test_the_simulation_switched_off_draws_the_exact_line_at_once():
    from twentyone_edu.widgets.simulation import SimulationExplorer

    app = SimulationExplorer(rounds=1000, guess_first=True)
    assert "dashed line" not in app.chart.alt
    app.guess.switch.value = False
    assert app.guess.revealed and "dashed line marks the exact value" in app.chart.alt
