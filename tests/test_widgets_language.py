"""One language mechanism for every course widget: a settable `language` and the same switch.

Each widget is built in English, switched to Russian by its property and by its buttons, and
back; what it shows must change to the Russian words and come back exactly.
"""

from fractions import Fraction

import ipywidgets as widgets
import pytest
from widget_text import shown

from twentyone_edu import RuleError
from twentyone_edu.widgets import (
    AdviceExplorer,
    BankerChooser,
    Quiz,
    SimulationExplorer,
    StrategyExplorer,
    TableWidget,
)

# (name, how to build it in a language, a label in English, the same label in Russian)
WIDGETS = [
    ("table", lambda lang: TableWidget(["Anna", "Boris", "Vera"], seed=1, language=lang), "Deal",
     "Сдать"),
    ("advice", lambda lang: AdviceExplorer(hand="10 10", language=lang), "Seen cards",
     "Вышедшие карты"),
    ("strategy", lambda lang: StrategyExplorer(language=lang), "First card", "Первая карта"),
    ("simulation", lambda lang: SimulationExplorer(rounds=1_000, language=lang), "Run",
     "Запустить"),
    ("banker", lambda lang: BankerChooser(players=4, seed=3, language=lang), "Next card",
     "Следующая карта"),
    ("quiz", lambda lang: Quiz(("How much is half?", "Сколько это — половина?"),
                               answer=Fraction(1, 2), hints=[("Two halves", "Две половины")],
                               language=lang), "How much is half?", "Сколько это — половина?"),
]
IDS = [name for name, *_ in WIDGETS]


def inside(widget, part) -> bool:
    """Whether `part` is shown as part of `widget` (somewhere among its children)."""
    return widget is part or any(inside(child, part) for child in getattr(widget, "children", ()))


@pytest.mark.parametrize("name, build, english, russian", WIDGETS, ids=IDS)
def test_every_widget_has_the_same_visible_switch(name, build, english, russian):
    w = build("en")
    toggle = w.language_toggle
    assert type(toggle) is widgets.ToggleButtons
    assert "t21-language" in toggle._dom_classes
    assert list(toggle.options) == [("English", "en"), ("Русский", "ru")]
    assert toggle.value == "en" and w.language == "en"
    assert inside(w, toggle) and toggle.layout.display in (None, "")


@pytest.mark.parametrize("name, build, english, russian", WIDGETS, ids=IDS)
def test_setting_the_language_relabels_everything_live(name, build, english, russian):
    w = build("en")
    before = shown(w)
    assert english in before and russian not in before
    w.language = "ru"
    assert w.language == "ru" and w.language_toggle.value == "ru"
    in_russian = shown(w)
    assert russian in in_russian and english not in in_russian
    w.language = "en"
    assert shown(w) == before
    w.language_toggle.value = "ru"  # the buttons do what the property does
    assert w.language == "ru" and shown(w) == in_russian
    assert shown(build("ru")) == in_russian  # the same as built in Russian


@pytest.mark.parametrize("name, build, english, russian", WIDGETS, ids=IDS)
def test_an_unknown_language_is_refused_and_changes_nothing(name, build, english, russian):
    w = build("en")
    before = shown(w)
    with pytest.raises(RuleError, match="language='de' is not valid"):
        w.language = "de"
    assert w.language == "en" and w.language_toggle.value == "en" and shown(w) == before
    with pytest.raises(RuleError, match="language='fr' is not valid"):
        build("fr")
