"""The engine's messages in Russian: real messages, made by giving the engine bad input here, are
recognised by the widgets' table (i18n.ENGINE_RU) and said in Russian with the same specifics.
If the engine's English wording drifts, these tests fail and the table must follow it."""

import html
import random
import re

import pytest

from twentyone_edu import TwentyOneError, exact
from twentyone_edu.cards import Card, Shoe, hand_value, parse_cards
from twentyone_edu.rules import variant
from twentyone_edu.table import Table
from twentyone_edu.widgets import AdviceExplorer, TableWidget, i18n
from twentyone_edu.widgets.i18n import engine_text


def message(action) -> str:
    """The message of the TwentyOneError that `action` raises."""
    with pytest.raises(TwentyOneError) as caught:
        action()
    return str(caught.value)


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


# (what the engine is asked, the Russian that the widgets must show for its message)
CASES = [
    (lambda: Card("Z"), "'Z' — не достоинство карты (используйте A, 2–10, J, Q, K)"),
    (lambda: parse_cards("K Z"), "'Z' — не карта (напишите достоинство A, 2–10, T, J, Q, K, "
                                 "можно с мастью ♠ ♥ ♦ ♣ или s h d c)"),
    (lambda: parse_cards(5), "5 — не список карт (напишите, например, 'K Q' или 'A 10')"),
    (lambda: hand_value(()), "в руке должна быть хотя бы одна карта (рука пуста)"),
    (lambda: Shoe.fresh(2).remove(parse_cards("A " * 9)),
     "ещё одной карты A нет: в шузе карт этого достоинства всего 8"),
    (lambda: Shoe.from_counts({"7": 1}).remove(parse_cards("7 7")),
     "ещё одной карты 7 нет: в шузе карт этого достоинства всего 1"),
    (lambda: Shoe.from_counts({}).draw(random.Random(1)), "шуз пуст: карту взять неоткуда"),
    (lambda: exact.draw_distribution("10 10 5"),
     "у руки 5 10 10 уже перебор (25): она выбывает (R13)"),
    (lambda: exact.draw_distribution("A K"),
     "рука A 10 — натуральное 21: за неё платят сразу (R10), решать нечего"),
    (lambda: exact.draw_distribution("7 7 7"),
     "у руки 7 7 7 21 очко: игрок должен остановиться (R11)"),
    (lambda: exact.decision_values("10"),
     "в руке '10' карт: 1, а в игре у руки их не меньше 2 (R7)"),
    (lambda: exact.draw_distribution("2 10", rules="ochko"),
     "карты '2' нет в колоде russian36 правил 'ochko' (в ней есть A, 6, 7, 8, 9, 10, J, Q, K)"),
    (lambda: exact.draw_distribution("10 9", shoe=Shoe.from_counts({"10": 1, "9": 1})),
     "все карты уже видны: прикупать нечего"),
    (lambda: exact.decision_values("10 2", shoe=Shoe.from_counts({"10": 3, "2": 3})),
     "в шузе карт: 4, а раунду их может понадобиться до 6 (R18: пришлось бы тасовать сброс); "
     "возьмите шуз побольше"),
    (lambda: seated().stake("Boris", 0),
     "ставка 0 — не целое положительное число (введите 1, 2, 3, ...)"),
    (lambda: seated().sell_bank("Boris", -2),
     "цена -2 — не целое положительное число (введите 1, 2, 3, ...)"),
    (lambda: seated().stake("Boris", 1000),
     "со ставкой 1000 на столе было бы 1000 — больше, чем денег у игрока Boris (100); "
     "добавить можно не больше 100"),
    (lambda: limit_table().stake("Boris", 11),
     "со ставкой 11 на столе было бы 11 — больше предела стола 10; добавить можно не больше 10"),
    (lambda: seated().sell_bank("Boris", 1000),
     "цена 1000 больше, чем денег у игрока Boris (100) (R20)"),
    (lambda: seated().stake("Anna", 1),
     "Anna держит банк, а банкир не ставит (R5); ставить могут: Boris, Vera"),
    (lambda: Table(["Anna", "Boris"], seed=1).stake("Boris", 1),
     "банкира ещё нет: сначала выберите банкира (R4), потом ставьте (R5)"),
    (lambda: seated().choose_banker(),
     "банкир уже выбран (Anna): так выбирают только первый банк, дальше банк переходит по "
     "кругу (R19)"),
    (lambda: boris_to_act().sell_bank("Vera", 1),
     "банк продают только до его первой сдачи, и продаёт тот, к кому он переходит (R20); "
     "сейчас ходит Boris (прикупить или «хватит», R11)"),
    (lambda: seated().sell_bank("Anna", 5),
     "Anna уже держит банк: продать его можно другому игроку (Boris, Vera) (R20)"),
    (lambda: Table(["Anna", "Boris"], seed=1).deal(),
     "сдавать сейчас нельзя: банкира ещё нет, сначала выберите банкира (R4)"),
    (lambda: banker_to_act().deal(),
     "сдавать сейчас нельзя: ходит банкир Anna (прикупить или «хватит», R14)"),
    (lambda: seated().deal(),
     "никто не поставил: сначала ставку должен сделать хотя бы один из игроков (Boris, Vera) "
     "(R5)"),
    (lambda: shoe_run_dry().buy(),
     "прикупать нечего: шуз и сброс пусты, остаётся только «хватит»"),
    (lambda: seated().play_banker(), "сейчас не ход банкира: стол ждёт ставок и сдачи (R5, R7)"),
    (lambda: seated().play_player(17),
     "сейчас не ходит ни один игрок: стол ждёт ставок и сдачи (R5, R7)"),
    (lambda: boris_to_act().settle(),
     "рассчитываться сейчас нельзя: ходит Boris (прикупить или «хватит», R11)"),
    (lambda: settling().next_round(),
     "раунд ещё не рассчитан: прикупка окончена, пора рассчитываться (R15–R17)"),
    (lambda: settled().stake("Boris", 1),
     "ставить сейчас нельзя: раунд рассчитан, пора начинать следующий (R18)"),
    (lambda: seated().stake("Zoe", 1), "'Zoe' не сидит за столом (игроки: Anna, Boris, Vera)"),
    (lambda: seated().buy("Boris"),
     "сейчас никто не может прикупать: стол ждёт ставок и сдачи (R5, R7)"),
    (lambda: seated().stand("Boris"),
     "сейчас никто не может сказать «хватит»: стол ждёт ставок и сдачи (R5, R7)"),
    (lambda: boris_to_act().buy("Vera"), "сейчас ходит Boris, а не Vera (R11)"),
    (lambda: banker_to_act().stand("Vera"),
     "Vera уже сказал «хватит» и больше не может сказать «хватит» (R11); сейчас ходит "
     "банкир Anna"),
    (lambda: boris_bust_gleb_out().stake("Gleb", 1),
     "Gleb пропускает этот раунд: ставки на следующий раунд принимают до следующей сдачи (R5)"),
    (lambda: boris_bust_gleb_out().stake("Boris", 1),
     "Boris уже вне раунда (перебор): прибавить к ставке может только тот, кто ещё в игре "
     "(R6); в игре: Vera"),
    (lambda: Table(["Anna", " "]), "' ' — пустое имя (у каждого игрока должно быть имя)"),
    (lambda: Table(["Anna", "Anna"]),
     "'Anna' сидит за столом дважды (у каждого игрока должно быть своё имя)"),
    (lambda: Table(["Anna"]), "игроков: 1 — так стол не собрать (нужно от 2 до 12 игроков)"),
    (lambda: Table(["banker", "Anna"]),
     "'banker' не может быть именем игрока: так обозначается ход банкира (выберите другое "
     "имя)"),
    (lambda: boris_to_act().autoplay({"Vera": 99}),
     "99 — не порог (нужно целое число 2–21: прикупать, пока очков меньше)"),
]
ENGLISH = re.compile(r"\b(is|the|not|use|cannot|turn|players?|stake|card|hand|shoe)\b")


@pytest.mark.parametrize("action, russian", CASES)
def test_an_engine_message_is_said_in_russian_with_its_specifics(action, russian):
    english = message(action)
    assert engine_text(english, "en") == english
    said = engine_text(english, "ru")
    assert said == russian, english
    assert not ENGLISH.search(said), said


def test_every_pattern_is_met_by_a_real_engine_message():
    met, phrases = set(), []
    for action, _ in CASES:
        english = message(action)
        pattern = next(p for p, _ in i18n.ENGINE_RU if re.fullmatch(p, english))
        met.add(pattern)
        phrases += [value for name, value in re.fullmatch(pattern, english).groupdict().items()
                    if name in i18n.ENGINE_PHRASES]
    assert met == {pattern for pattern, _ in i18n.ENGINE_RU}
    assert {p for p, _ in i18n.ENGINE_PHRASES_RU if any(re.fullmatch(p, x) for x in phrases)} \
        == {pattern for pattern, _ in i18n.ENGINE_PHRASES_RU}


def test_an_unknown_message_stays_in_english():
    assert engine_text("something new went wrong (R99)", "ru") == "something new went wrong (R99)"
    # a known message around an unknown phrase keeps the phrase in English
    assert engine_text("cannot deal now: the moon is full", "ru") == \
        "сдавать сейчас нельзя: the moon is full"


def test_a_player_named_like_a_word_keeps_his_name():
    said = engine_text(message(lambda: Table(["Anna", "stand"]).stake("stand", 1)), "ru")
    assert said == "банкира ещё нет: сначала выберите банкира (R4), потом ставьте (R5)"
    table = seated(("Anna", "buy", "stand"))
    said = engine_text(message(lambda: table.stake("Anna", 1)), "ru")
    assert said == "Anna держит банк, а банкир не ставит (R5); ставить могут: buy, stand"


def test_the_widgets_show_engine_messages_in_russian():
    advice = AdviceExplorer(hand="10 10", language="ru")
    advice.hand_box.value = "K Z"
    shown = html.unescape(advice.message.value)
    assert "Не принято: 'Z' — не карта" in shown
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
    assert ("Не принято: со ставкой 500 на столе было бы 500 — больше, чем денег у игрока Вы "
            "(100); добавить можно не больше 100") in html.unescape(w.message.value)
    assert w.message.unexpected == [] and advice.message.unexpected == []
