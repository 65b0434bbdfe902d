"""Cards shown in the reader's letters (issue 19.2): A K Q J in English, Т К Д В in Russian,
wherever the course shows a card; read back the same either way."""

import pytest

import twentyone_edu as t21
from twentyone_edu.course.code_prose import hands_in
from twentyone_edu.widgets import AdviceExplorer, StrategyExplorer
from twentyone_edu.widgets.strategy import heat_map

# Written out by hand, not taken from the package: the letters of a Russian card table.
RUSSIAN = {"A": "Т", "K": "К", "Q": "Д", "J": "В"}


@pytest.mark.parametrize("rank", t21.RANKS)
@pytest.mark.parametrize("suit", ["", *t21.SUITS])
def test_every_card_in_both_languages_reads_back_as_itself(rank, suit):
    card = t21.Card(rank, suit or None)
    assert card.in_language("en") == rank + suit
    russian = card.in_language("ru")
    assert russian == RUSSIAN.get(rank, rank) + suit
    assert t21.parse_cards(russian) == (card,)
    assert t21.card_text([card], "ru") == russian


def test_a_hand_and_a_value_class_in_russian():
    assert t21.card_text("A K 10 q♠", "ru") == "Т К 10 Д♠"
    assert t21.card_text("Т К", "en") == "A K"
    assert t21.card_text("10/J/Q/K", "ru") == "10/В/Д/К"
    assert t21.hand_value(t21.card_text("A 9", "ru")) == t21.hand_value("A 9")


@pytest.mark.parametrize("bad", ["10//K", "Z", "A Т", None, 5])
def test_card_text_refuses_what_is_not_cards(bad):
    with pytest.raises(t21.CardError):
        t21.card_text(bad, "ru")


def test_card_text_refuses_a_language_it_does_not_speak():
    with pytest.raises(t21.RuleError):
        t21.card_text("A", "de")


def test_the_shoe_counts_and_shows_russian_letters():
    shoe = t21.Shoe.fresh(decks=1)
    assert shoe.count("Т") == shoe.count("A") == 4
    assert t21.Shoe.from_counts({"Т": 2, "К": 1}) == t21.Shoe.from_counts({"A": 2, "K": 1})
    assert shoe.in_language("ru").startswith("4×Т, 4×2")
    assert "×A" not in shoe.in_language("ru") and "4×К" in shoe.in_language("ru")
    with pytest.raises(t21.CardError):
        shoe.count("T")  # the Latin T is a ten where it is a card, not a rank name


def test_the_tables_log_and_errors_show_russian_letters():
    table = t21.Table(["Анна", "Борис"], seed=1)
    table.stack_shoe("K A")
    table.choose_banker()
    russian = "\n".join(table.log_in("ru"))
    assert "карта К" in russian and "карта Т" in russian
    assert "карта K" not in russian and "карта A" not in russian
    with pytest.raises(t21.CardError) as refused:
        table.stack_shoe("A A A A A A A A A")
    assert "Т" in refused.value.in_language("ru")


def test_the_exact_engines_errors_write_the_hand_in_russian():
    with pytest.raises(t21.IllegalAction) as refused:
        t21.exact.decision_values("A K")
    assert "рука Т 10" in refused.value.in_language("ru")


def test_the_build_writes_a_lessons_hands_in_russian_letters():
    source = ('for hand in ["A 9", "K Q J", "10 9", \'A\', f"A {x}"]:\n'
              '    seen = "10 10 J J Q Q K K"  # A K stays in a comment\n'
              '    key = values["A"]\n')
    built = hands_in(source, "ru")
    assert built == ('for hand in ["Т 9", "К Д В", "10 9", \'A\', f"A {x}"]:\n'
                     '    seen = "10 10 В В Д Д К К"  # A K stays in a comment\n'
                     '    key = values["A"]\n')
    assert hands_in(source, "en") == source


def test_the_strategy_table_speaks_russian_letters():
    widget = StrategyExplorer(rules="historical", first="A", second="9", language="ru")
    labels = dict((value, label) for label, value in widget.first_menu.options)
    assert labels["A"] == "Т" and labels["10"] == "10"
    assert "<br>Рука Т + 9," in widget.cell.value  # under the verdict, which comes first
    assert "клетка Т + 9:" in widget.chart.alt
    widget.language_toggle.value = "en"
    assert dict((v, k) for k, v in widget.first_menu.options)["A"] == "A"
    ranks, _, rasters = heat_map(t21.HISTORICAL)
    assert set(rasters) == {"en", "ru"}
    assert rasters["en"].png() != rasters["ru"].png()  # the ranks on the axes differ


def test_the_advice_explorers_hands_in_russian():
    widget = AdviceExplorer(hand="K Q", language="ru")
    assert all("A" not in button.description and "K" not in button.description
               for button in widget.hand_buttons)
    widget.hand_buttons[0].click()
    assert t21.parse_cards(widget.hand_box.value)  # written in Russian, read back
