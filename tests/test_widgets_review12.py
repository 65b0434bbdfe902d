"""Issue 34, UX review 12 in the widgets themselves: "Simulation" opens on its chart, the map's
one Tab stop follows the chosen hand, and the map's colour scale says what its ends mean."""

import asyncio
from fractions import Fraction

import pytest
from twentyone_edu.errors import TwentyOneError

from twentyone_edu import exact, plots
from twentyone_edu.game.rules import VARIANTS
from twentyone_edu.widgets import SimulationExplorer, StrategyExplorer, banker_chooser
from twentyone_edu.widgets.common import escape
from twentyone_edu.widgets.i18n import text
from twentyone_edu.words.numerals import signed


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_simulation_shows_its_exact_line_before_a_run(language):
    """Before Run: a chart with the exact value named in its words, no round played; a new
    threshold draws the new exact value's chart (still no run)."""
    sim = SimulationExplorer(policy=17, language=language)
    assert sim.state == "idle" and sim.result is None
    assert sim.chart.png[:4] == b"\x89PNG"
    assert sim.chart.alt == text("sim_chart_alt_empty", language,
                                 exact=signed(exact.round_value(17), 4, language))
    sim.policy_menu.value = 15
    assert sim.state == "idle" and sim.result is None
    assert signed(exact.round_value(15), 4, language) in sim.chart.alt
    sim.run_button.click()
    sim.run_steps(10_000)
    assert sim.state == "done" and sim.chart.alt != text(
        "sim_chart_alt_empty", language, exact=signed(exact.round_value(15), 4, language))


def test_the_maps_one_tab_stop_is_the_chosen_cell():
    """Of the map's 100 cells only the chosen hand's is in the Tab order, and it moves with a
    choice made on the map or in the menus."""
    strategy = StrategyExplorer(first="10", second="9")
    ranks, n = strategy.ranks, len(strategy.ranks)

    def stops():
        return [divmod(k, n) for k, button in enumerate(strategy.hits.children)
                if button.tabbable]

    assert len(strategy.hits.children) == n * n == 100
    assert stops() == [(ranks.index("10"), ranks.index("9"))]
    strategy.hits.children[2 * n + 5].click()
    assert stops() == [(2, 5)]
    assert (strategy.first_menu.value, strategy.second_menu.value) == (ranks[2], ranks[5])
    strategy.first_menu.value = "A"
    assert stops() == [(ranks.index("A"), 5)]


def test_the_colour_scale_names_its_ends():
    """The heat map's colour scale carries its two ends' words along it; anything but two short
    texts is refused by name."""
    values = {("A", "A"): Fraction(1, 2), ("A", "2"): None, ("2", "A"): Fraction(-1, 3),
              ("2", "2"): 0}
    figure = plots.strategy_heatmap(values, ["A", "2"], scale_ends=("+ buy", "− stand"))
    words = figure.axes[-1].get_xlabel()  # under the scale, from its left end (UX review 13:
    assert words.index("− stand") < words.index("+ buy")  # over its ends, Russian ran over cells)
    assert "·" not in plots.strategy_heatmap(values, ["A", "2"]).axes[-1].get_xlabel()
    for bad in (("+ buy",), "+ buy", ("+ buy", 3), ("x" * 500, "")):
        with pytest.raises(TwentyOneError, match="scale_ends"):
            plots.strategy_heatmap(values, ["A", "2"], scale_ends=bad)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_apps_map_says_buy_and_stand_on_its_scale(language):
    """The app's map (its picture in each language) has the words for buy and stand at the
    ends of its colour scale: drawn from the same call as the lesson's."""
    from twentyone_edu.widgets import strategy

    seen = []
    real = plots.strategy_heatmap

    def spy(*args, **kwargs):
        seen.append(kwargs["scale_ends"])
        return real(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(plots, "strategy_heatmap", spy)
        patch.setattr(strategy, "_HEAT_MAPS", strategy.LRU(24))
        strategy.heat_map(VARIANTS["historical"].with_(banker_stands_on=16))
    assert (f"+ {text('se_scale_buy', language)}",
            f"− {text('se_scale_stand', language)}") in seen


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_animation_switch_says_how_to_stop_it(language):
    """Pressed, «Animate» reads as the way to stop the animation; it reads «Animate» again when
    the first ace has come, and follows a language switch (UX review 12)."""
    async def play():
        chooser = banker_chooser.BankerChooser(players=5, seed=12, language=language)
        chooser.animate_toggle.value = True
        pressed = chooser.animate_toggle.description
        chooser.language = "ru" if language == "en" else "en"
        switched = chooser.animate_toggle.description
        chooser.language = language
        while chooser.animate_toggle.value:
            await asyncio.sleep(0.05)
        return pressed, switched, chooser.animate_toggle.description, chooser.done

    banker_chooser.STEP_SECONDS, before = 0.01, banker_chooser.STEP_SECONDS
    try:
        pressed, switched, after, done = asyncio.run(play())
    finally:
        banker_chooser.STEP_SECONDS = before
    other = "ru" if language == "en" else "en"
    assert pressed == text("bc_animate_stop", language) != text("bc_animate", language)
    assert switched == text("bc_animate_stop", other)
    assert done and after == text("bc_animate", language)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_app_lists_the_rules_its_log_cites(language):
    """UX review 13: the log's rule codes could not be looked up. The app's foot lists R1–R20,
    each with its title and one line, in the app's language; a tie goes to the banker (R17)."""
    from twentyone_edu.game.rules import rule_title
    from twentyone_edu.widgets.app import CourseApp

    about = CourseApp(language=language).about.value
    for n in range(1, 21):
        assert f">R{n}</th>" in about and escape(rule_title(f"R{n}", language)) in about
        assert escape(text(f"app_rule_R{n}", language)) in about
    ties = {"en": "ties go to the banker", "ru": "ничья за банкиром"}[language]
    assert ties in about and text("app_about", language) in about


def test_new_rules_say_they_need_a_new_table():
    """UX review 13: the rules menu changed nothing until «New table», and nothing said so. A
    rule set chosen that the table does not play turns the button into «New table with these
    rules»; pressed, the table plays them and the button is plain again."""
    from twentyone_edu.game.rules import VARIANTS as RULE_SETS
    from twentyone_edu.widgets import TableWidget

    table = TableWidget(players=3, seed=5)
    assert table.new_table_button.description == text("tw_new_table", "en")
    table.rules_box.value = RULE_SETS["ochko"]
    assert table.table.rules != RULE_SETS["ochko"]
    assert table.new_table_button.description == text("tw_new_table_rules", "en")
    assert table.new_table_button.button_style == "primary"
    table.language = "ru"
    assert table.new_table_button.description == text("tw_new_table_rules", "ru")
    table.new_table_button.click()
    assert table.table.rules == RULE_SETS["ochko"]
    assert table.new_table_button.description == text("tw_new_table", "ru")
    assert table.new_table_button.button_style == ""


def test_an_untitled_map_names_its_columns_over_the_grid_too():
    """UX review 13: the phone's tall map named its second cards only at its foot, 500 px
    under the first rows. Without a title (the app's picture) the columns are named at the top
    and at the foot; with one (a lesson's figure) at the foot only, under the title."""
    values = {("A", "A"): Fraction(1, 2), ("A", "2"): None, ("2", "A"): Fraction(-1, 3),
              ("2", "2"): 0}

    def named_on_top(figure):
        return all(tick.label2.get_visible() for tick in figure.axes[0].xaxis.get_major_ticks())

    assert named_on_top(plots.strategy_heatmap(values, ["A", "2"], title=""))
    assert not named_on_top(plots.strategy_heatmap(values, ["A", "2"]))
