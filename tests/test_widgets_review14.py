"""UX review 14 (issue 34): settings changed take effect at the next «Deal», and the second tap
of a double tap on «Buy a card» or «Stand» decides nothing."""

import asyncio

import pytest
from test_widgets_table import NAMES, arrange, olga_banks

from twentyone_edu.game.rules import VARIANTS
from twentyone_edu.widgets import TableWidget, live_table
from twentyone_edu.widgets.i18n import text


@pytest.mark.parametrize("change", ["rules", "players", "seed", "threshold"])
def test_deal_plays_the_settings_shown(change):
    """A setting changed between rounds names a new table on its button, and «Deal» lays it
    before dealing: the round is played by what the menus show (the review chose «casino
    blackjack» and Deal played the historical rules)."""
    w = TableWidget(players=3, seed=5)
    w.deal_button.click()
    while w.table.phase != "staking":
        (w.stand_button if w.stand_button.layout.display != "none" else w.hurry_button).click()
    assert w.new_table_button.description == text("tw_new_table", "en")
    if change == "rules":
        w.rules_box.value = VARIANTS["ochko"]
    elif change == "players":
        w.players_box.value = 4
    elif change == "seed":
        w.seed_box.value = "6"
    else:
        w.names_box.value = w.names_box.value.replace("Vera", "Vera:14")
    assert w.new_table_button.description == text("tw_new_table_rules", "en")
    w.deal_button.click()
    table = w.table
    assert table.round_number == 1  # a new table, its first round
    assert (table.rules == VARIANTS["ochko"]) == (change == "rules")
    assert len(table.players) == (4 if change == "players" else 3)
    assert table.seed == (6 if change == "seed" else 5)
    assert w.thresholds == ({"Vera": 14} if change == "threshold" else {})
    assert w.new_table_button.description == text("tw_new_table", "en")


def test_settings_that_do_not_read_are_refused_at_deal_and_change_nothing():
    w = TableWidget(players=3, seed=5)
    before = w.table
    w.seed_box.value = "five"
    assert w.new_table_button.description == text("tw_new_table_rules", "en")
    w.deal_button.click()
    assert w.table is before and "five" in w.message.value


def test_a_second_tap_this_soon_buys_nothing(monkeypatch):
    """In a kernel, a second click on «Buy a card» within REPEAT seconds of the first is the
    same tap's (three taps 50 ms apart bought three cards); after REPEAT it buys again; and
    «Stand» just after a «Buy» is a decision of its own (R11)."""
    w = TableWidget(players=NAMES, seed=5, pace=0)
    olga_banks(w)
    arrange(w, "2 10 10 10", "3 6 5 8", "4 5 6 7")
    w.deal_button.click()
    clock = [100.0]
    monkeypatch.setattr(live_table.time, "monotonic", lambda: clock[0])

    async def taps():
        w.buy_button.click()  # 2 3 4: 9
        clock[0] += 0.05
        w.buy_button.click()  # the same tap's
        clock[0] += 0.05
        w.buy_button.click()  # and again
        held = len(w.table.hands["You"])
        clock[0] += live_table.REPEAT
        w.buy_button.click()  # 2 3 4 5: 14
        after = len(w.table.hands["You"])
        clock[0] += 0.05
        w.stand_button.click()  # a decision, however soon after «Buy»
        return held, after, w.table.phase, w.table.to_act

    held, after, phase, to_act = asyncio.run(taps())
    assert (held, after) == (3, 4)
    assert phase == "staking" or to_act != "You"  # he stood: the round went on without him


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_cards_to_tap_show_the_hand_and_a_refusal_over_them(language):
    """«19 or 20?»: a tapped card shows at once in the hand over the cards, and a hand
    refused says why there too, not only under the boxes far below."""
    from twentyone_edu.widgets import AdviceExplorer

    explorer = AdviceExplorer(hand="10 6", language=language)
    picked = explorer.picked.value
    assert "10 6" in picked and text("advice_hand", language) in picked
    five = explorer.card_buttons["5"]
    five._click_handlers(five)  # 10 6 5: 21, the player must stand (R11)
    assert "10 6 5" in explorer.picked.value
    assert explorer.message.value and "21" in explorer.message.value
    assert explorer.message.value.replace(' role="alert"', "") in explorer.picked.value
    assert explorer.picked.value.count("role=") == 0
    explorer.hand_box.value = "10 9"
    assert explorer.message.value == "" and "⚠" not in explorer.picked.value


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_menu_changed_during_a_run_stops_it_and_says_why(language):
    """Simulation: a threshold changed mid-run stops the run, and the status says the chart is
    for the settings under it (UX review 14: the menu showed 15, the curve went on for 17)."""
    from twentyone_edu.widgets import SimulationExplorer

    explorer = SimulationExplorer(rounds=10_000, language=language)
    explorer.seed_box.value = "3"
    explorer.start()
    explorer.run_steps(1)
    assert explorer.state == "running"
    done = explorer.result.n
    explorer.policy_menu.value = 15
    assert explorer.state == "stopped"
    assert explorer.status.value == f"<i>{text('sim_changed', language)}</i>"
    assert explorer.run_steps(3) == 0 and explorer.result.n == done  # nothing more simulated
    assert explorer.settings[1] == 17  # the result says the settings it was run with
    explorer.start()
    assert explorer.settings[1] == 15


def test_a_language_switch_changes_no_setting():
    """Default names shown in the other language ('Vera', 'Вера') name the same seats."""
    w = TableWidget(players=["You", "Vera:21", "Pavel"], seed=5, language="ru")
    assert w.new_table_button.description == text("tw_new_table", "ru")
    w.language = "en"
    assert w.new_table_button.description == text("tw_new_table", "en")
    before = w.table
    w.deal_button.click()
    assert w.table is before


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_seed_too_long_is_refused_as_too_long(language):
    """UX review 14: 26 nines were «not a whole number»; they are a number with too many digits."""
    w = TableWidget(players=3, seed=5, language=language)
    w.seed_box.value = "9" * 26
    w.deal_button.click()
    assert "9" * 26 in w.message.value and "12" in w.message.value
    assert {"en": "more than 12 digits", "ru": "больше 12 цифр"}[language] in w.message.value
    assert w.table.seed == 5


@pytest.mark.parametrize("typed", ["-5", "0", "1e9", "two"])
def test_a_stake_that_is_not_one_is_said_at_once(typed):
    """UX review 15: «-5» and «1e9» sat in the stake box with no word; they are refused as they
    are typed, and «Deal» refuses them too, the table unchanged (R5)."""
    w = TableWidget(players=3, seed=5)
    w.stake_box.value = typed
    refusal = w.message.value
    assert typed in refusal and "1 or more" in refusal
    w.deal_button.click()
    assert w.table.phase == "choose_banker" and typed in w.message.value
    w.stake_box.value = "2"
    assert w.message.value == ""
