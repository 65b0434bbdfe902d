"""The engine's messages in Russian: real errors, made by giving the engine bad input here, carry a
code of messages.ENGLISH, and the widgets word them from the Russian catalog, with no English
word left, whatever the players are called."""

import html
import random
import re
import time

import pytest
from widget_text import shown

from twentyone_edu import TwentyOneError, exact
from twentyone_edu.game.cards import Card, Shoe, parse_cards
from twentyone_edu.game.hands import hand_value
from twentyone_edu.game.rules import variant
from twentyone_edu.game.table import Table
from twentyone_edu.widgets import AdviceExplorer, TableWidget
from twentyone_edu.words.messages import ENGLISH


def error_of(action) -> TwentyOneError:
    """The TwentyOneError that `action` raises."""
    with pytest.raises(TwentyOneError) as caught:
        action()
    return caught.value


def seated(players=("Anna", "Boris", "Vera")) -> Table:
    """A table whose first seat holds the bank (an ace on top of the shoe, R4)."""
    table = Table(list(players), seed=1)
    table.stack_shoe("A")
    table.choose_banker()
    return table


def boris_to_act() -> Table:
    """Anna banks; Boris and Vera staked 1 and hold 20 each; Boris to act (R7, R11)."""
    table = seated()
    table.stack_shoe("10 10 10 10 10 10")
    table.stake("Boris", 1)
    table.stake("Vera", 1)
    table.deal()
    return table


def boris_bust_gleb_out() -> Table:
    """Boris bought a card over 21 (R13); Gleb had no stake and sat out (R5); Vera to act."""
    table = seated(("Anna", "Boris", "Vera", "Gleb"))
    table.stack_shoe("10 10 10 10 2 10 10 10 10")
    table.stake("Boris", 1)
    table.stake("Vera", 1)
    table.deal()
    table.buy()
    return table


def banker_to_act() -> Table:
    table = boris_to_act()
    table.stand("Boris")
    table.stand("Vera")
    return table


def settling() -> Table:
    table = banker_to_act()
    table.stand()
    return table


def settled() -> Table:
    table = settling()
    table.settle()
    return table


def shoe_run_dry() -> Table:
    """Twelve players at one 36-card pack (24 cards dealt) buy until no card is left (R18)."""
    table = Table([f"P{i}" for i in range(12)], rules=variant("ochko").with_(decks=1), seed=0)
    table.choose_banker()
    for seat in table.players:
        if seat != table.banker:
            table.stake(seat, 1)
    table.deal()
    while len(table.shoe):
        table.buy()
    return table


def limit_table() -> Table:
    """Anna banks at a table whose stakes may add up to 10 at most."""
    table = Table(["Anna", "Boris"], rules=variant("historical").with_(table_limit=10), seed=1)
    table.stack_shoe("A")
    table.choose_banker()
    return table


# what the engine is asked: each is refused with a TwentyOneError
ACTIONS = [
    lambda: Card("Z"),
    lambda: parse_cards("K Z"),
    lambda: parse_cards(5),
    lambda: hand_value(()),
    lambda: Shoe.fresh(2).remove(parse_cards("A " * 9)),
    lambda: Shoe.from_counts({"7": 1}).remove(parse_cards("7 7")),
    lambda: Shoe.from_counts({}).draw(random.Random(1)),
    lambda: exact.draw_distribution("10 10 5"),
    lambda: exact.draw_distribution("A K"),
    lambda: exact.draw_distribution("7 7 7"),
    lambda: exact.decision_values("10"),
    lambda: exact.draw_distribution("2 10", rules="ochko"),
    lambda: exact.draw_distribution("10 9", shoe=Shoe.from_counts({"10": 1, "9": 1})),
    lambda: exact.decision_values("10 2", shoe=Shoe.from_counts({"10": 3, "2": 3})),
    lambda: seated().stake("Boris", 0),
    lambda: seated().sell_bank("Boris", -2),
    lambda: seated().stake("Boris", 1000),
    lambda: limit_table().stake("Boris", 11),
    lambda: seated().sell_bank("Boris", 1000),
    lambda: seated().stake("Anna", 1),
    lambda: Table(["Anna", "Boris"], seed=1).stake("Boris", 1),
    lambda: seated().choose_banker(),
    lambda: boris_to_act().sell_bank("Vera", 1),
    lambda: seated().sell_bank("Anna", 5),
    lambda: Table(["Anna", "Boris"], seed=1).deal(),
    lambda: banker_to_act().deal(),
    lambda: seated().deal(),
    lambda: shoe_run_dry().buy(),
    lambda: seated().play_banker(),
    lambda: seated().play_player(17),
    lambda: boris_to_act().settle(),
    lambda: settling().next_round(),
    lambda: settled().stake("Boris", 1),
    lambda: seated().stake("Zoe", 1),
    lambda: seated().buy("Boris"),
    lambda: seated().stand("Boris"),
    lambda: boris_to_act().buy("Vera"),
    lambda: banker_to_act().stand("Vera"),
    lambda: boris_bust_gleb_out().stake("Gleb", 1),
    lambda: boris_bust_gleb_out().stake("Boris", 1),
    lambda: Table(["Anna", " "]),
    lambda: Table(["Anna", "Anna"]),
    lambda: Table(["Anna"]),
    lambda: Table(["banker", "Anna"]),
    lambda: boris_to_act().autoplay({"Vera": 99}),
]

# Latin words a Russian text may hold: the code a student types (argument=value, quoted values,
# calls, signatures, names with _ . or digits), rule ids, card ranks and suits; besides these,
# only the names of Python things.
CODE = re.compile(r"\w+=\S*|'[^']*'|\"[^\"]*\"|\b[\w.]+\([^)]*\)|\([\w, ]*\)\s*->\s*\w+"
                  r"|\b\w*\d\w*\b|\b\w+_\w+\b|\b\w+\.\w+\b")
ALLOWED = {"True", "False", "None", "RuleSet", "Shoe", "Fraction", "int", "float", "bool", "sympy",
           "Rational", "A", "J", "Q", "K", "T", "s", "h", "d", "c", "n", "N", "e", "g"}


def english_words(text: str, names=()) -> set[str]:
    """The Latin-letter words of `text` outside the players' names, code and ALLOWED."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return set(re.findall(r"[A-Za-z]+", CODE.sub(" ", text))) - ALLOWED


@pytest.mark.parametrize("action", ACTIONS)
def test_an_engine_error_is_said_in_russian_from_its_code(action):
    error = error_of(action)
    assert error.code in ENGLISH
    assert error.in_language("en") == str(error)
    russian = error.in_language("ru")
    assert russian != str(error)
    assert not english_words(russian, ("Anna", "Boris", "Vera", "Gleb", "Zoe")), russian


def test_the_catalog_phrases_around_names_that_look_like_words():
    said = error_of(lambda: Table(["Anna", "stand"]).stake("stand", 1)).in_language("ru")
    assert said == "банкира ещё нет: сначала выберите банкира (R4), потом ставьте (R5)"
    table = seated(("Вера", "buy", "stand"))
    said = error_of(lambda: table.stake("Вера", 1)).in_language("ru")
    assert said == "Вера держит банк, а банкир не ставит (R5); ставить могут: buy, stand"


def test_a_player_who_stood_is_not_given_a_gender():
    table = seated(("Анна", "Борис", "Вера"))
    table.stack_shoe("10 10 10 10 10 10")
    table.stake("Борис", 1)
    table.stake("Вера", 1)
    table.deal()
    table.stand("Борис")
    said = error_of(lambda: table.buy("Борис")).in_language("ru")
    assert said == ("игрок Борис — «хватит» уже сказано, прикупать больше нельзя (R11); "
                    "сейчас ходит Вера")


@pytest.mark.parametrize("name", ["a " * 19 + "a", "(a+)+$" * 6, ".*" * 20, "{0}{seat}" * 4,
                                  "\\1\\g<0>" * 5])
def test_a_crafted_name_is_worded_at_once(name):
    table = seated(("Anna", name.strip(), "Vera"))
    error = error_of(lambda: table.stake(name.strip(), 10**6))
    started = time.perf_counter()
    russian = error.in_language("ru")
    assert time.perf_counter() - started < 1  # the regex layer took 40 s on such a name
    assert name.strip() in russian and "{" not in russian.replace(name.strip(), "")


def test_a_huge_bad_value_is_worded_at_once():
    error = error_of(lambda: parse_cards("a " * 5000))
    started = time.perf_counter()
    russian = error.in_language("ru")
    assert time.perf_counter() - started < 1
    assert len(russian) < 300


def test_the_widgets_show_engine_messages_in_russian():
    advice = AdviceExplorer(hand="10 10", language="ru")
    advice.hand_box.value = "K Z"
    assert "Не принято: 'Z' — не карта" in html.unescape(advice.message.value)
    advice.language = "en"
    assert "Not accepted: 'Z' is not a card" in html.unescape(advice.message.value)
    advice.language = "ru"
    advice.hand_box.value = ""
    assert "Не принято: рука пуста" in html.unescape(advice.message.value)
    advice.hand_box.value = "10 10 5"
    assert "у руки 5 10 10 уже перебор (25)" in html.unescape(advice.message.value)

    w = TableWidget(["Вера", "Вы", "Павел"], seed=2, you=1, language="ru")
    w.table.stack_shoe("A")
    w.draw_all_button.click()
    w.stake_box.value = "500"
    w.stake_button.click()
    assert ("Не принято: со ставкой 500 на столе было бы 500 — больше, чем у вас в кошельке "
            "(100); добавить можно не больше 100") in html.unescape(w.message.value)
    assert w.message.unexpected == [] and advice.message.unexpected == []


def test_a_whole_game_and_bad_input_leave_no_english_in_a_russian_table():
    names = ("Вера", "Вы", "Павел", "Лиза")
    w = TableWidget(list(names), seed=3, you=1, language="ru")
    seen = []
    w.stake_button.click()  # no banker yet
    seen.append(shown(w.message))
    w.draw_all_button.click()
    for bad in ("0", "-3", "abc", "1e9", "2.5", "10" * 30, "500"):
        w.stake_box.value = bad
        w.stake_button.click()
        seen.append(shown(w.message))
    w.stake_box.value = "1"
    for _ in range(8):
        w.deal_button.click()
        seen.append(shown(w))
        for button in (w.buy_button, w.stand_button, w.banker_button, w.buy_button):
            if not button.disabled:
                button.click()
                seen.append(shown(w))
        w.buy_button.click()  # out of turn or after the round: refused, said in Russian
        seen.append(shown(w.message))
    assert w.table.round_number >= 2
    assert w.message.unexpected == []
    # the language switch, the variants' own names and centuries in Roman numerals
    widget_words = {"English", "ru", "Vingt", "vingt", "un", "XIX", "XX"}
    for text in seen:
        assert english_words(html.unescape(text), names) <= widget_words, text


@pytest.mark.parametrize("name", ["a " * 5000, "(a+)+$" * 1600, "{seat}" * 1400])
def test_a_name_of_ten_thousand_characters_is_refused_in_russian_at_once(name):
    w = TableWidget(["Вера", "Вы", "Павел"], seed=2, you=1, language="ru")
    w.names_box.value = "Вера, " + name
    started = time.perf_counter()
    w.new_table_button.click()
    assert time.perf_counter() - started < 5  # the regex layer took 40 s on such a name
    assert "Не принято: " in shown(w.message) and len(shown(w.message)) < 300
    assert w.message.unexpected == []
    error = error_of(lambda: Table(["Вера", name]))
    started = time.perf_counter()
    said = error.in_language("ru")
    assert time.perf_counter() - started < 1
    assert said.startswith("name=") and "не подходит" in said and len(said) < 200


def test_a_long_evening_is_logged_in_russian_with_no_english_words():
    names = ("Anna", "Boris", "Vera", "Gleb")
    table = Table(list(names), seed=18)
    table.choose_banker()
    table.sell_bank(next(name for name in names if name != table.banker), 5)
    for round_index in range(40):
        for name in table.players:
            if name != table.banker:
                table.stake(name, 1 + round_index % 3)
        table.deal()
        late = table.to_act
        if late is not None and late != table.banker:
            table.stake(late, 1)  # a late addition (R6)
        table.autoplay({name: 15 + i for i, name in enumerate(table.players)}, banker=True)
        table.settle()
        table.next_round()
    kinds = {event.kind for event in table.events}
    assert {"banker_draw", "sell_bank", "late_addition", "natural", "buy",
            "stand", "bust", "banker_buy", "banker_stand", "payment", "round_settled",
            "bank_passes"} <= kinds
    russian = table.log_in("ru")
    assert len(russian) == len(table.log) == len(table.events)
    for line in russian:
        assert english_words(line, names) == set(), line
    assert table.log_in("en") != russian
    with pytest.raises(TwentyOneError, match="language"):
        table.log_in("de")
