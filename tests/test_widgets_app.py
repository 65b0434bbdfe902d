"""The course app (notebooks/app.ipynb): one language switch drives every tab, tabs built lazily."""

import pytest

from twentyone_edu.game.table import Table
from twentyone_edu.widgets import (
    AdviceExplorer,
    BankerChooser,
    CourseApp,
    SimulationExplorer,
    StrategyExplorer,
    TableWidget,
)
from twentyone_edu.widgets.app_style import APP_STYLE
from twentyone_edu.widgets.common import marked

KINDS = [TableWidget, AdviceExplorer, StrategyExplorer, SimulationExplorer, BankerChooser]


@pytest.mark.parametrize("language, title, tab", [("en", "twenty-one, exactly", "The table"),
                                                  ("ru", "точный расчёт", "Стол")])
def test_opens_on_the_table_in_its_language(language, title, tab):
    app = CourseApp(language=language)
    assert title in app.header.value
    assert app.tabs.titles[0] == tab
    assert list(app.built) == [0] and isinstance(app.built[0], TableWidget)
    assert app.built[0].language == language
    assert app.built[0].language_toggle.layout.display == "none"  # the app's switch rules


def test_each_tab_is_built_once_when_first_opened():
    app = CourseApp()
    for index, kind in enumerate(KINDS):
        app.tabs.selected_index = index
        assert isinstance(app.built[index], kind)
        assert app.tabs.children[index].children == (app.built[index],)
    first = app.built[1]
    app.tabs.selected_index = 1
    assert app.built[1] is first


def test_switching_language_relabels_header_tabs_and_built_widgets():
    app = CourseApp()
    app.tabs.selected_index = 2
    app.language_toggle.value = "ru"
    assert "точный расчёт" in app.header.value
    assert app.tabs.titles[2] == "Когда прикупать"
    assert all(widget.language == "ru" for widget in app.built.values())
    assert "Загрузка" in app.tabs.children[4].children[0].value  # not built yet, waiting in Russian
    app.tabs.selected_index = 4
    assert app.built[4].language == "ru"


def test_an_unknown_language_is_refused_and_changes_nothing():
    app = CourseApp()
    with pytest.raises(ValueError, match="'de'"):
        app.language = "de"
    assert app.language == "en" and "exactly" in app.header.value


def test_the_first_bankers_exact_chances_wait_behind_a_button():
    """UX review 6, D34: the tab opens with its exact chances hidden, so that a class predicts
    and draws before it sees them; «Show the exact chances» brings them."""
    app = CourseApp()
    app.tabs.selected_index = 4
    chooser = app.built[4]
    assert not chooser.exact_toggle.value and "<th" not in chooser.chances.value
    chooser.exact_toggle.value = True
    assert "<th" in chooser.chances.value


def test_rule_codes_are_marked_for_the_app_to_hide():
    """UX review 6, D39: a rule's code in a shown sentence is wrapped, escaped text stays text,
    and the app's style hides the wrapped codes (its log writes them plain)."""
    code = "<span class='t21-rule-code'>{}</span>"
    said = marked("<b>bank</b> (R4); (R3, R10) or (R11–R13), not R4 alone")
    assert said == ("&lt;b&gt;bank&lt;/b&gt;" + code.format(" (R4)") + ";"
                    + code.format(" (R3, R10)") + " or" + code.format(" (R11–R13)")
                    + ", not R4 alone")
    assert marked("up to 9 (R18: the discards would be shuffled)") == (
        "up to 9 (" + code.format("R18: ") + "the discards would be shuffled)")
    assert ".t21-app .t21-rule-code { display: none; }" in APP_STYLE


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_apps_first_round_seats_the_student_as_a_player_with_new_cards(language):
    """UX review 7: the first round of a random table made the student the banker one time in
    five, with no buy or stand to make; UX review 8: one class seed dealt every visit the same
    cards. Each visit's table is dealt from a new seed, shown in its box, whose draw (R4) gives
    a computer the bank."""
    seeds = set()
    for _ in range(6):
        table = CourseApp(language=language).built[0]
        for _ in range(3):  # the draw for the bank, then the deal
            table.deal_button.click()
        you = table.table.players[0]
        assert table.table.banker not in (None, you)
        seeds.add(table.seed_box.value)
    assert len(seeds) > 1 and all(seed.isdigit() for seed in seeds)


def test_the_apps_first_banker_draws_a_new_shuffle_round_the_table():
    """UX review 9: seed 12 gave every student the same first draw. Each visit's «The first
    banker» starts from a new seed, shown in its box, whose first ace (R4) comes after every
    seat has had a card."""
    seeds = set()
    for _ in range(5):
        app = CourseApp()
        app.chosen(4)
        chooser = app.built[4]
        seed = chooser.seed_box.value
        assert seed.isdigit()
        table = Table([str(k + 1) for k in range(chooser.players_box.value)], seed=int(seed))
        table.choose_banker()
        assert len(table.banker_draw) > chooser.players_box.value
        seeds.add(seed)
    assert len(seeds) > 1
