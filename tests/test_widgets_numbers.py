"""Every widget, driven, writes its numbers as numerals.py does: the minus sign (never a
hyphen-minus before a digit) in both languages; 7.84% in English; 7,84 % (a no-break space),
decimal commas and no no-break space inside a number in Russian. Chart text alternatives count.
"""

import re
from fractions import Fraction

import pytest
from widget_text import shown

from twentyone_edu.widgets import (
    AdviceExplorer,
    BankerChooser,
    Quiz,
    SimulationExplorer,
    StrategyExplorer,
    TableWidget,
)

HYPHEN_MINUS = re.compile(r"(?<![\w\-–])-(?=\d)")  # '-3' or '(-0.5', not a range '12-21'
PERCENT = {"en": re.compile(r"(?<!\d)%"),  # English: 7.84%, the sign right after the digits
           "ru": re.compile(r"(?<!\d\u00a0)%")}  # Russian: 7,84 % with a no-break space
RUSSIAN_SLIPS = re.compile(r"\d\.\d|\d\u00a0\d")  # a decimal point, Babel's no-break thousands


def text_and_alts(widget) -> str:
    """What `widget` shows, and the text alternatives of its pictures."""
    alts = []

    def walk(w):
        value = getattr(w, "value", None)
        if isinstance(value, str):
            alts.extend(re.findall(r'alt="([^"]*)"', value))
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    return " ".join([shown(widget), *alts])


def drive_advice(w):
    for hand, seen in (("10 6", ""), ("A 5", "K Q 2"), ("9 7", "5 5 5 5")):
        w.seen_box.value = seen
        w.hand_box.value = hand


def drive_strategy(w):
    for first, second in (("10", "6"), ("A", "5"), ("9", "3")):
        w.first_menu.value = first
        w.second_menu.value = second


def drive_simulation(w):
    w.run_button.click()
    w.run_steps(10)


def drive_banker(w):
    w.all_button.click()
    w.simulate_button.click()


def drive_table(w):
    """Four rounds played (buy once, then stand), then a fifth dealt: odds on the screen."""
    w.odds_toggle.value = True
    for _ in range(4):
        w.deal_button.click()
        w.buy_button.click()
        for _ in range(12):
            w.stand_button.click()
    w.deal_button.click()


def drive_quiz(w):
    for typed in ("0,5", "7.84 %", "4/51", "1/0"):
        w.answer_box.value = typed
        w.check_button.click()


WIDGETS = {
    "advice": (lambda lang: AdviceExplorer(hand="10 10", language=lang), drive_advice),
    "strategy": (lambda lang: StrategyExplorer(language=lang), drive_strategy),
    "simulation": (lambda lang: SimulationExplorer(rounds=1_000, seed=3, language=lang),
                   drive_simulation),
    "banker": (lambda lang: BankerChooser(players=4, seed=3, trials=1_000, language=lang),
               drive_banker),
    "table": (lambda lang: TableWidget(["Anna", "Boris", "Vera"], seed=2, language=lang),
              drive_table),
    "quiz": (lambda lang: Quiz("P(21)?", Fraction(4, 51), language=lang), drive_quiz),
}


def slips(text: str, language: str) -> list[str]:
    """Every number in `text` not written as `language` writes numbers, with its context."""
    patterns = [HYPHEN_MINUS, PERCENT[language]] + ([RUSSIAN_SLIPS] if language == "ru" else [])
    return [text[max(0, m.start() - 20):m.end() + 20]
            for pattern in patterns for m in pattern.finditer(text)]


@pytest.mark.parametrize("name", WIDGETS)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_driven_widgets_write_numbers_as_their_language_does(name, language):
    build, drive = WIDGETS[name]
    w = build(language)
    drive(w)
    text = text_and_alts(w)
    assert re.search(r"\d", text), "nothing numeric was shown"
    assert slips(text, language) == []
    w.language = "en" if language == "ru" else "ru"  # switched live, the numbers follow
    assert slips(text_and_alts(w), w.language) == []


def test_the_scan_catches_each_slip():
    assert len(slips("mean -0.0123 and 7.84 %", "en")) == 2
    assert len(slips("среднее 0.0123, 7,84 % и 1\u00a0000", "ru")) == 3
    assert slips("rules 12-21, R4-R6: −0.0123, 7.84%, 1,000", "en") == []
    assert slips("правила 12-21: −0,0123, 7,84\u00a0%, 1\u202f000", "ru") == []
