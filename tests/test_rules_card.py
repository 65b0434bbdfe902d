"""Issue 30 (student readings): a rule id a lesson cites can be looked up in the lesson itself.
Every lesson shows the rules R1–R20, folded, in its first code cell, in its own language."""

import json
from html import escape
from pathlib import Path

import pytest

from twentyone_edu.game.rules import rule_title
from twentyone_edu.widgets import rule_list
from twentyone_edu.widgets.i18n import text
from twentyone_edu.words.errors import TwentyOneError

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = [*sorted(NOTEBOOKS.glob("[01][0-9]_*.ipynb")),
           *sorted(NOTEBOOKS.glob("ru/[01][0-9]_*.ipynb"))]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_card_lists_every_rule_folded(language):
    card = rule_list.rules_card(language)
    assert card.startswith("<details") and "<details open" not in card  # folded until opened
    assert escape(text("rules_card", language)) in card
    for n in range(1, 21):
        assert f">R{n}</th>" in card
        assert escape(rule_title(f"R{n}", language)) in card
        assert escape(text(f"app_rule_R{n}", language)) in card
    assert card.count("<tr>") == 20
    ties = {"en": "ties go to the banker", "ru": "ничья за банкиром"}[language]
    assert ties in card  # R17, in the card's own language


def test_the_card_refuses_an_unknown_language_by_name():
    with pytest.raises(TwentyOneError, match="'de'"):
        rule_list.rules_card("de")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_lesson_shows_the_card_in_its_first_code_cell(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    first = next("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    language = "ru" if path.parent.name == "ru" else "en"
    assert f'LANGUAGE = "{language}"' in first
    assert "show_rules(LANGUAGE)" in first.split("LANGUAGE =", 1)[1]
