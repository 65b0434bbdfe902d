"""The live table, rule by rule (R4–R20); every expected number is worked out by hand.

Most tests seat the banker directly and put chosen cards on top of the shoe with stack_shoe(),
so each situation of RULES.md can be dealt on purpose.
"""

import random
import re
from fractions import Fraction

import pytest

from twentyone_edu import (
    HISTORICAL,
    VARIANTS,
    Card,
    CardError,
    IllegalAction,
    RuleError,
    StakeError,
    TwentyOneError,
)
from twentyone_edu.game.events import EVENT_KINDS
from twentyone_edu.game.table import PHASES, Table, format_money

RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUIT_ORDER = ["♠", "♥", "♦", "♣"]
FOUR = ["Anna", "Boris", "Vera", "Gleb"]


def seated(cards, players=("Anna", "Boris", "Vera"), banker="Anna", stakes=None,
           rules=HISTORICAL, purse=100):
    """A table with its banker seated, stakes of 5 placed and `cards` on top of the shoe."""
    table = Table(list(players), rules=rules, seed=7, purse=purse, banker=banker)
    if stakes is None:
        stakes = {player: 5 for player in players if player != banker}
    for player, amount in stakes.items():
        table.stake(player, amount)
    table.stack_shoe(cards)
    return table


def ranks(cards):
    return [card.rank for card in cards]


def rejected(table, action, error=TwentyOneError, *words):
    """The action raises `error` naming `words`, and the table is exactly as before."""
    before = table.snapshot()
    with pytest.raises(error) as info:
        action()
    for word in words:
        assert word in str(info.value)
    assert table.snapshot() == before
    return str(info.value)


def play_round(table, threshold=16):
    """Stake 1 for every player who can, deal, play everyone by a threshold, settle."""
    for player in table.players:
        if player != table.banker and table.purses[player] >= 1:
            table.stake(player, 1)
    table.deal()
    table.autoplay({player: threshold for player in table.players}, banker=True)
    return table.settle()


def play_through_bank(table):
    """Play rounds until the bank passes; return how many rounds that took."""
    bank, rounds = table.bank_number, 0
    while table.bank_number == bank:
        play_round(table)
        table.next_round()
        rounds += 1
    return rounds


# ----- seating -----

@pytest.mark.parametrize("players, bad", [
    ([], "0 players"), (["Anna"], "1 player cannot"), ([f"P{i}" for i in range(13)], "13 players"),
    (["Anna", " Anna "], "'Anna'"), (["Anna", "  "], "'  '"), (["Anna", ""], "''"),
    (["Anna", 7], "7"), ("Anna Boris", "'Anna Boris'"), (None, "None"),
    (["Anna", "banker"], "'banker'"),
])
def test_seating_errors(players, bad):
    with pytest.raises(RuleError) as error:
        Table(players)
    assert bad in str(error.value)


@pytest.mark.parametrize("kwargs, bad", [
    ({"purse": 0}, "0"), ({"purse": -5}, "-5"), ({"purse": 2.5}, "2.5"), ({"purse": True}, "True"),
    ({"seed": 1.5}, "1.5"), ({"seed": [1]}, "[1]"), ({"rules": 5}, "5"),
    ({"rules": "poker"}, "'poker'"),
])
def test_table_parameter_errors(kwargs, bad):
    with pytest.raises(RuleError) as error:
        Table(["Anna", "Boris"], **kwargs)
    assert bad in str(error.value)


def test_names_are_stripped_and_may_hold_any_characters():
    names = ["  <b>Анна</b> ", "O'Neil & Co", "Вера 🙂", "Anna", "anna"]
    table = Table(names, purse=50)
    assert table.players == ("<b>Анна</b>", "O'Neil & Co", "Вера 🙂", "Anna", "anna")
    assert table.purses == dict.fromkeys(table.players, 50)
    assert table.banker is None and table.phase == "choose_banker" and table.to_act is None
    assert Table(["A", "B"], rules="ochko").rules is VARIANTS["ochko"]


def test_unknown_players_are_named_in_the_error():
    table = Table(FOUR, banker="Anna")
    message = rejected(table, lambda: table.stake("Zed", 5), IllegalAction, "'Zed'")
    assert "Anna, Boris, Vera, Gleb" in message
    table.stake(" Boris ", 2)  # names are stripped
    assert table.stakes == {"Boris": 2}


# ----- R4: the first banker -----

def test_r4_first_ace_holds_the_bank():
    table = Table(["Anna", "Boris", "Vera"], seed=3)
    table.stack_shoe("5 K 9 2 A♥")
    assert table.choose_banker() == "Boris"
    assert [(seat, card.rank) for seat, card in table.banker_draw] == [
        ("Anna", "5"), ("Boris", "K"), ("Vera", "9"), ("Anna", "2"), ("Boris", "A")]
    assert table.banker_draw[-1][1] == Card("A", "♥")
    assert table.banker == "Boris" and table.phase == "staking"
    # the cards go back: the whole shoe is there again, nothing on the table
    assert len(table.shoe) == 104 and table.discards == ()
    assert all(cards == () for cards in table.hands.values())
    kinds = [event.kind for event in table.events]
    assert kinds[-2:] == ["banker_chosen", "shuffle"]


def test_r4_the_first_card_can_be_the_ace():
    table = Table(["Anna", "Boris"], seed=3)
    table.stack_shoe("A")
    assert table.choose_banker() == "Anna"
    assert len(table.banker_draw) == 1


def test_r4_choose_banker_only_once():
    table = Table(["Anna", "Boris"], seed=1)
    table.choose_banker()
    rejected(table, table.choose_banker, IllegalAction, "already chosen")
    seated_table = Table(["Anna", "Boris"], banker="Boris")
    assert seated_table.banker == "Boris" and seated_table.banker_draw == []
    rejected(seated_table, seated_table.choose_banker, IllegalAction, "Boris")


def test_r4_nothing_before_a_banker():
    table = Table(["Anna", "Boris"], seed=1)
    rejected(table, table.deal, IllegalAction, "choose_banker()")
    rejected(table, lambda: table.stake("Anna", 5), IllegalAction, "choose_banker()")
    rejected(table, table.buy, IllegalAction)
    rejected(table, lambda: table.sell_bank("Anna", 5), IllegalAction)
    with pytest.raises(IllegalAction, match="'Zed'"):
        Table(["Anna", "Boris"], banker="Zed")


# ----- reproducibility -----

def reference_cards(decks=2):
    return [Card(rank, suit) for _ in range(decks) for suit in SUIT_ORDER for rank in RANK_ORDER]


def test_the_seed_fixes_every_card_as_documented():
    names = ["Anna", "Boris", "Vera", "Gleb", "Darya"]
    cards = reference_cards()
    rng = random.Random(2026)
    rng.shuffle(cards)                     # the shoe as the table is set up
    first_ace = next(i for i, card in enumerate(cards) if card.rank == "A")
    expected_draw = [(names[i % 5], cards[i]) for i in range(first_ace + 1)]
    rng.shuffle(cards)                     # the cards go back and are shuffled again (R4)

    table = Table(names, seed=2026)
    banker = table.choose_banker()
    assert table.banker_draw == expected_draw
    assert banker == names[first_ace % 5]
    b = names.index(banker)
    order = names[b + 1:] + names[:b] + [banker]  # from the banker's right, banker last (R7)
    for player in order[:-1]:
        table.stake(player, 1)
    table.deal()
    for k, seat in enumerate(order):
        assert table.hands[seat][:2] == (cards[k], cards[k + 5])
    # R18: the next round goes on from the same shoe, not reshuffled
    while table.phase in ("players", "banker"):
        table.stand()
    table.settle()
    used = sum(len(hand) for hand in table.hands.values())
    table.next_round()
    for player in order[:-1]:
        table.stake(player, 1)
    table.deal()
    for k, seat in enumerate(order):
        assert table.hands[seat][:2] == (cards[used + k], cards[used + k + 5])


def test_same_seed_same_game_other_seed_other_game():
    def game(seed):
        table = Table(FOUR, seed=seed)
        table.choose_banker()
        for _ in range(6):
            play_round(table)
            table.next_round()
        return table.events

    assert game(11) == game(11)
    assert game("Tula 1850") == game("Tula 1850")
    assert game(11) != game(12)


# ----- R5: stakes -----

def test_r5_stakes_add_up_before_the_deal():
    table = Table(FOUR, banker="Anna")
    table.stake("Boris", 3)
    table.stake("Boris", 2)
    table.stake("Vera", 1)
    assert table.stakes == {"Boris": 5, "Vera": 1}
    assert table.late_additions == {}
    assert table.purses["Boris"] == 100  # a stake is on the table; money moves when paid


def test_r5_the_banker_does_not_stake():
    table = Table(FOUR, banker="Anna")
    rejected(table, lambda: table.stake("Anna", 5), StakeError, "Anna", "Boris, Vera, Gleb")


@pytest.mark.parametrize("amount", [0, -1, 2.5, "5", True, None, Fraction(1, 2)])
def test_r5_a_stake_is_a_positive_whole_number(amount):
    table = Table(FOUR, banker="Anna")
    rejected(table, lambda: table.stake("Boris", amount), StakeError, repr(amount))


def test_r5_a_stake_is_within_the_purse():
    table = Table(FOUR, banker="Anna", purse=20)
    rejected(table, lambda: table.stake("Boris", 21), StakeError, "20")
    table.stake("Boris", 15)
    message = rejected(table, lambda: table.stake("Boris", 6), StakeError, "Boris")
    assert "at most 5 more" in message
    table.stake("Boris", 5)
    assert table.stakes["Boris"] == 20


def test_r5_table_limit():
    table = Table(FOUR, banker="Anna", rules=HISTORICAL.with_(table_limit=10))
    rejected(table, lambda: table.stake("Boris", 11), StakeError, "table limit of 10")
    table.stake("Boris", 6)
    rejected(table, lambda: table.stake("Boris", 5), StakeError, "at most 4 more")


def test_r5_no_stake_no_deal():
    table = Table(FOUR, banker="Anna")
    rejected(table, table.deal, IllegalAction, "stake(", "Boris, Vera, Gleb")


def test_r5_a_player_without_a_stake_sits_out():
    table = seated("2 3 4 5 6 7", players=FOUR, stakes={"Boris": 5, "Gleb": 5})
    table.deal()
    assert table.hands["Vera"] == () and table.still_in == ("Boris", "Gleb")
    assert any(e.kind == "sit_out" and e.seat == "Vera" for e in table.events)
    rejected(table, lambda: table.stake("Vera", 1), IllegalAction, "sat out")
    while table.phase in ("players", "banker"):
        table.stand()
    assert table.settle()["Vera"] == 0


# ----- R7, R8: the deal -----

def test_r7_one_card_at_a_time_from_the_bankers_right():
    table = seated("2 3 4 5 6 7 8 9", players=FOUR, banker="Boris")
    table.deal()
    assert ranks(table.hands["Vera"]) == ["2", "6"]
    assert ranks(table.hands["Gleb"]) == ["3", "7"]
    assert ranks(table.hands["Anna"]) == ["4", "8"]
    assert ranks(table.hands["Boris"]) == ["5", "9"]  # the banker last
    dealt = [e.seat for e in table.events if e.kind == "deal"]
    assert dealt == ["Vera", "Gleb", "Anna", "Boris"] * 2
    assert table.to_act == "Vera" and table.phase == "players"
    assert table.round_number == 1 and len(table.shoe) == 96


def test_r7_dealing_twice_is_refused():
    table = seated("2 3 4 5 6 7")
    table.deal()
    rejected(table, table.deal, IllegalAction, "cannot deal now", "Boris")


def test_r8_dealt_cards_closed_bought_cards_open():
    table = seated("2 3 4 5 6 7 9")
    table.deal()
    card = table.buy()
    assert card.rank == "9"
    assert table.open_cards["Boris"] == (card,)
    assert table.hands["Boris"][2] == card and len(table.hands["Boris"]) == 3
    assert table.open_cards["Vera"] == () and table.open_cards["Anna"] == ()
    # closed cards never appear in the English log
    for event in table.events:
        if event.kind == "deal":
            assert str(event.cards[0]) not in event.text
    assert table.seen_cards("Vera") == (card,)
    assert table.seen_cards("Boris") == ()


# ----- R9: the banker's natural -----

def test_r9_banker_natural_collects_three_from_everyone():
    # order Vera, Gleb, Anna, banker Boris; Gleb holds a natural too
    table = seated("10 A 9 A 9 K 8 K", players=FOUR, banker="Boris",
                   stakes={"Vera": 5, "Gleb": 2, "Anna": 1})
    table.deal()
    assert table.phase == "settle" and table.to_act is None
    assert table.purses == {"Anna": 97, "Boris": 124, "Vera": 85, "Gleb": 94}
    assert "Boris" in table.revealed
    rejected(table, table.buy, IllegalAction, "settle()")
    assert table.settle() == {"Anna": -3, "Boris": 24, "Vera": -15, "Gleb": -6}
    assert table.purses == {"Anna": 97, "Boris": 124, "Vera": 85, "Gleb": 94}
    assert [e.rule for e in table.events if e.kind == "payment"] == ["R9"] * 3


def test_r9_blackjack_natural_against_natural_is_a_push():
    table = seated("10 A A 9 K K", rules="blackjack")
    table.deal()
    assert table.settle() == {"Anna": 5, "Boris": -5, "Vera": 0}


# ----- R10: a player's natural -----

def test_r10_player_natural_is_paid_once_and_is_out():
    # order Boris, Vera, banker Anna: Boris A+Q, Vera 10+7, Anna 9+8
    table = seated("A 10 9 Q 7 8")
    table.deal()
    assert table.purses["Boris"] == 105 and table.purses["Anna"] == 95  # paid at once
    assert table.to_act == "Vera" and table.still_in == ("Vera",)
    assert "Boris" in table.revealed
    rejected(table, lambda: table.buy("Boris"), IllegalAction, "Vera")
    rejected(table, lambda: table.stake("Boris", 1), IllegalAction, "out of this round")
    table.stand()
    assert table.to_act == "banker"
    assert table.play_banker() == ()  # 17 stands (R14)
    assert table.settle() == {"Anna": 0, "Boris": 5, "Vera": -5}  # 17 against 17: banker's


def test_r10_naturals_in_turn_and_the_banker_need_not_play():
    table = seated("A K 9 Q A 8")
    table.deal()
    payments = [(e.seat, e.amount, e.rule) for e in table.events if e.kind == "payment"]
    assert payments == [("Boris", 5, "R10"), ("Vera", 5, "R10")]
    assert table.phase == "settle" and len(table.hands["Anna"]) == 2
    assert table.settle() == {"Anna": -10, "Boris": 5, "Vera": 5}


def test_r10_blackjack_pays_three_to_two_exactly():
    table = seated("A 10 9 K 7 8", rules="blackjack", stakes={"Boris": 3, "Vera": 2})
    table.deal()
    assert table.purses["Boris"] == Fraction(209, 2)
    assert table.purses["Anna"] == Fraction(191, 2)
    assert sum(table.purses.values()) == 300
    assert any("4.5" in line for line in table.log)


# ----- R11–R13: buying -----

def test_r11_buy_below_21_stop_at_21():
    # Boris 10+5, buys 6 -> drawn 21 and must stop; Vera 10+10 may still buy on 20
    table = seated("10 10 9 5 10 8 6 A")
    table.deal()
    table.buy()
    assert table.to_act == "Vera"
    rejected(table, lambda: table.buy("Boris"), IllegalAction, "already stood")
    assert table.buy().rank == "A"  # buying on 20 is allowed (the advice says not to)
    assert table.phase == "banker"  # Vera reached 21 too and stopped


def test_r11_out_of_turn_and_after_standing():
    table = seated("9 9 9 9 5 5 8 8", players=FOUR, banker="Anna",
                   stakes={"Boris": 5, "Vera": 5, "Gleb": 5})
    table.deal()
    assert table.to_act == "Boris"
    rejected(table, lambda: table.buy("Vera"), IllegalAction, "Boris's turn", "Vera")
    rejected(table, lambda: table.stand("Gleb"), IllegalAction, "Boris's turn")
    rejected(table, lambda: table.buy("banker"), IllegalAction, "'banker'")
    table.stand("Boris")
    rejected(table, lambda: table.buy("Boris"), IllegalAction, "already stood", "Vera")
    table.stand()
    table.stand()
    assert table.to_act == "banker"
    rejected(table, lambda: table.buy("Boris"), IllegalAction, "already stood", "banker Anna")


def test_r12_drawn_21_paid_double_and_kept_hidden():
    # Boris 5+6 buys K -> 21; Vera 10+9 stands; banker Anna 10+8 stands
    table = seated("5 10 10 6 9 8 K")
    table.deal()
    table.buy()
    stand = table.events[-1]
    assert stand.kind == "stand" and stand.total == 21 and "21" not in stand.text
    assert "Boris" not in table.revealed
    table.stand()
    table.play_banker()
    assert table.settle() == {"Anna": -15, "Boris": 10, "Vera": 5}
    assert [e.rule for e in table.events if e.kind == "payment"] == ["R12", "R17"]


def test_r12_variant_shows_a_drawn_21_at_once_but_the_banker_keeps_his_policy():
    # Boris 5+6 buys K -> 21 and shows it; banker 10+6 still buys by the rule (R14)
    rules = HISTORICAL.with_(reveal_drawn_21_early=True)
    table = seated("5 10 6 6 K 2", players=("Anna", "Boris"), rules=rules)
    table.deal()
    table.buy()
    assert table.events[-1].kind == "drawn_21_shown" and "Boris" in table.revealed
    assert "21" in table.log[-1] and "R12" in table.log[-1]
    assert ranks(table.play_banker()) == ["2"]  # 16 -> 18, then stands
    assert table.settle() == {"Anna": -10, "Boris": 10}


def test_r13_bust_pays_at_once_whatever_the_banker_does():
    # order Boris, Vera, Gleb, banker Anna
    # Boris 10+8 stands; Vera 5+6 buys 10 -> drawn 21; Gleb 10+6 buys 9 -> 25 bust;
    # Anna 10+6 buys K -> 26 bust
    table = seated("10 5 10 10 8 6 6 6 10 9 K", players=FOUR)
    table.deal()
    table.stand()
    table.buy()
    table.buy()
    assert table.events[-2].kind == "bust" and table.events[-1].amount == -5
    assert table.purses["Gleb"] == 95 and table.purses["Anna"] == 105
    assert "Gleb" in table.revealed and table.still_in == ("Boris", "Vera")
    assert table.to_act == "banker"
    table.play_banker()
    assert any(e.kind == "banker_bust" for e in table.events)
    # R16: 1x to Boris, 2x to Vera's drawn 21; Gleb's bust stays lost
    assert table.settle() == {"Anna": -10, "Boris": 5, "Vera": 10, "Gleb": -5}
    assert [e.rule for e in table.events if e.kind == "payment"] == ["R13", "R16", "R16"]


def test_r13_all_players_out_the_banker_does_not_play():
    table = seated("10 10 9 6 6 8 K K")
    table.deal()
    table.buy()
    table.buy()
    assert table.phase == "settle" and len(table.hands["Anna"]) == 2
    assert table.settle() == {"Anna": 10, "Boris": -5, "Vera": -5}


# ----- R6: late additions -----

def test_r6_late_addition_lost_on_a_loss():
    # Boris 10+6, adds 3 after the deal, buys K -> bust: loses 5 and the 3
    table = seated("10 10 9 6 9 8 K")
    table.deal()
    table.stake("Boris", 3)
    assert table.late_additions == {"Boris": 3} and table.stakes == {"Boris": 5, "Vera": 5}
    assert table.events[-1].kind == "late_addition"
    table.buy()
    assert table.purses["Boris"] == 92
    assert "late addition of 3 included (R6)" in table.log[-1]


def test_r6_late_addition_not_paid_on_a_win():
    # Boris 10+9 adds 4 and wins against the banker's 18: paid only his stake
    table = seated("10 10 10 9 7 8")
    table.deal()
    table.stand()
    table.stake("Boris", 4)  # a player who stood is still in
    table.stand()
    assert table.to_act == "banker"
    rejected(table, lambda: table.stake("Boris", 1), IllegalAction, "no stake can be placed")
    table.play_banker()
    assert table.settle() == {"Anna": 0, "Boris": 5, "Vera": -5}


def test_r6_late_addition_within_the_purse():
    table = seated("10 10 10 9 7 8", purse=20, stakes={"Boris": 15, "Vera": 1})
    table.deal()
    rejected(table, lambda: table.stake("Boris", 6), StakeError, "at most 5 more")


# ----- R14: the banker -----

def test_r14_banker_buys_below_17():
    table = seated("10 10 9 2 3 2", players=("Anna", "Boris"))
    table.deal()
    table.stand()
    assert table.to_act == "banker"
    assert ranks(table.play_banker()) == ["3", "2"]  # 10+2 -> 15 -> 17: stands
    assert table.events[-1].kind == "banker_stand" and table.phase == "settle"
    assert table.settle() == {"Anna": -5, "Boris": 5}  # 19 beats 17 (R17)


@pytest.mark.parametrize("hits_soft, bought", [(False, []), (True, ["4"])])
def test_r14_soft_17(hits_soft, bought):
    rules = HISTORICAL.with_(banker_hits_soft=hits_soft)
    table = seated("10 A 9 6 4", players=("Anna", "Boris"), rules=rules)
    table.deal()
    table.stand()
    assert ranks(table.play_banker()) == bought


def test_r14_the_banker_by_hand():
    # Boris 10+9 stands; the banker 10+2 buys 2, 2 and stands on 16 by hand
    table = seated("10 10 9 2 2 2", players=("Anna", "Boris"))
    table.deal()
    rejected(table, table.play_banker, IllegalAction, "Boris's turn")
    table.stand()
    rejected(table, lambda: table.buy("Boris"), IllegalAction, "banker Anna")
    assert table.buy("banker").rank == "2"
    assert table.buy("Anna").rank == "2"  # the banker's own name works too
    assert table.to_act == "banker"
    table.stand("banker")  # on 16, where the rule's policy would buy
    assert table.settle() == {"Anna": -5, "Boris": 5}


# ----- R15–R17: settlement -----

def test_r15_banker_21_collects_double_drawn_21_included():
    # Boris 10+8 stands; Vera 5+6 buys 10 -> drawn 21; banker 10+6 buys 5 -> 21
    table = seated("10 5 10 8 6 6 10 5")
    table.deal()
    table.stand()
    table.buy()
    table.play_banker()
    assert table.settle() == {"Anna": 20, "Boris": -10, "Vera": -10}
    assert [e.rule for e in table.events if e.kind == "payment"] == ["R15", "R15"]


def test_r17_higher_wins_ties_to_the_banker_lower_loses():
    # banker 18 against 19, 18, 17
    table = seated("10 10 10 10 9 8 7 8", players=FOUR)
    table.deal()
    table.autoplay({"Boris": 2, "Vera": 2, "Gleb": 2}, banker=True)
    results = table.settle()
    assert results == {"Anna": 5, "Boris": 5, "Vera": -5, "Gleb": -5}
    assert results["Anna"] == -sum(v for seat, v in results.items() if seat != "Anna")
    assert table.results == results and table.phase == "settled"
    assert set(table.revealed) == set(FOUR)


def test_r17_hoyle_ties_pay_nothing():
    table = seated("10 10 10 10 9 8 7 8", players=FOUR, rules="hoyle_vingt_un")
    table.deal()
    table.autoplay({"Boris": 2, "Vera": 2, "Gleb": 2}, banker=True)
    assert table.settle() == {"Anna": 0, "Boris": 5, "Vera": 0, "Gleb": -5}


def test_settle_only_once_and_only_when_buying_is_over():
    table = seated("10 10 10 9 8 8")
    table.deal()
    rejected(table, table.settle, IllegalAction, "Boris's turn")
    table.stand()
    table.stand()
    rejected(table, table.settle, IllegalAction, "banker Anna")
    table.stand()
    table.settle()
    rejected(table, table.settle, IllegalAction, "next_round()")
    rejected(table, table.deal, IllegalAction, "next_round()")
    rejected(table, lambda: table.stake("Boris", 1), IllegalAction, "next_round()")


# ----- R18, R19: the shoe and the bank -----

def test_r18_the_shoe_is_not_reshuffled_between_rounds():
    table = seated("10 10 10 9 8 8")
    table.deal()
    table.autoplay({"Boris": 2, "Vera": 2}, banker=True)
    table.settle()
    assert table.next_round() == "Anna"
    assert len(table.shoe) == 98 and len(table.discards) == 6
    assert sorted(ranks(table.discards)) == sorted(["10", "10", "10", "9", "8", "8"])
    assert table.hands == dict.fromkeys(table.players, ())
    assert table.stakes == {} and table.phase == "staking"


def test_r18_a_shoe_that_runs_out_mid_round_finishes_with_the_discards():
    for seed in range(100):
        table = Table(["Anna", "Boris"], seed=seed, banker="Anna")
        while table.bank_number == 1 and len(table.shoe) >= 4:
            play_round(table)
            table.next_round()
        if table.bank_number == 1:  # 1-3 cards left: the deal needs 4
            break
    else:
        pytest.fail("no seed left the shoe short of a deal")
    left = sorted(table.shoe.as_dict().items())
    discards = len(table.discards)
    assert discards == 104 - len(table.shoe)
    table.stake("Boris", 1)
    table.deal()
    reshuffle = [e for e in table.events if e.kind == "reshuffle"]
    assert len(reshuffle) == 1 and f"the {discards} discards" in reshuffle[0].text
    dealt = [e.cards[0] for e in table.events if e.kind == "deal"][-4:]
    counted = {}
    for card in dealt[:sum(n for _, n in left)]:
        counted[card.rank] = counted.get(card.rank, 0) + 1
    assert sorted(counted.items()) == left  # the last cards of the shoe went out first
    assert len(table.discards) == 0
    table.autoplay({"Boris": 16}, banker=True)
    table.settle()
    assert table.bank_number == 1
    assert table.next_round() == "Boris"  # then the bank passes (R19)
    assert table.bank_number == 2 and len(table.shoe) == 104 and table.discards == ()


def test_r18_the_bank_passes_when_the_shoe_is_emptied_by_a_round():
    for seed in range(300):
        table = Table(["Anna", "Boris"], seed=seed, banker="Anna")
        while table.bank_number == 1:
            play_round(table)
            if any(e.kind == "reshuffle" for e in table.events):
                break  # this shoe ran out mid-round: try another seed
            if len(table.shoe) == 0:
                table.next_round()
                assert table.banker == "Boris" and table.bank_number == 2
                assert len(table.shoe) == 104
                return
            banker = table.banker
            table.next_round()
            assert table.banker == banker and table.bank_number == 1  # the bank stays
    pytest.fail("no seed emptied the shoe exactly at the end of a round")


def test_r19_the_bank_goes_round_to_the_right():
    table = Table(FOUR, seed=5, banker="Boris")
    bankers = [table.banker]
    for _ in range(4):
        play_through_bank(table)
        bankers.append(table.banker)
    assert bankers == ["Boris", "Vera", "Gleb", "Anna", "Boris"]
    assert table.bank_number == 5
    assert any(e.kind == "bank_passes" and e.seat == "Vera" and e.other == "Boris"
               for e in table.events)


# ----- R20: selling the bank -----

def test_r20_the_buyer_pays_and_takes_the_sellers_seat():
    table = Table(FOUR, seed=5, banker="Boris")
    table.stake("Anna", 3)
    table.sell_bank("Anna", 20)
    assert table.banker == "Anna"
    assert table.players == ("Boris", "Anna", "Vera", "Gleb")
    assert table.purses == {"Anna": 80, "Boris": 120, "Vera": 100, "Gleb": 100}
    assert table.stakes == {}  # the new banker's stake is withdrawn
    assert [e.kind for e in table.events[-2:]] == ["sell_bank", "stake_withdrawn"]
    play_through_bank(table)
    assert table.banker == "Vera"  # the rotation goes on from the seller's seat


def test_r20_the_previous_banker_buys_it_back():
    table = Table(FOUR, seed=5, banker="Boris")
    play_through_bank(table)
    assert table.banker == "Vera"
    table.sell_bank("Boris", 10)
    assert table.players == ("Anna", "Vera", "Boris", "Gleb")
    assert table.banker == "Boris"
    play_through_bank(table)
    assert table.banker == "Gleb"


def test_r20_illegal_sales():
    table = Table(FOUR, seed=5, banker="Boris", purse=30)
    rejected(table, lambda: table.sell_bank("Zed", 5), IllegalAction, "'Zed'")
    rejected(table, lambda: table.sell_bank("Boris", 5), IllegalAction, "already holds")
    rejected(table, lambda: table.sell_bank("Anna", 0), StakeError, "0")
    rejected(table, lambda: table.sell_bank("Anna", 2.5), StakeError, "2.5")
    rejected(table, lambda: table.sell_bank("Anna", 31), StakeError, "purse of 30")
    table.stake("Anna", 1)
    table.deal()
    rejected(table, lambda: table.sell_bank("Anna", 5), IllegalAction, "before its first deal")
    while table.phase in ("players", "banker"):
        table.stand()
    table.settle()
    table.next_round()
    rejected(table, lambda: table.sell_bank("Anna", 5), IllegalAction, "before its first deal")


# ----- every wrong move is refused and changes nothing -----

def test_errors_leave_the_table_unchanged_in_every_phase():
    table = seated("10 10 10 9 8 8")
    for action in (table.buy, table.stand, table.settle, table.next_round, table.play_banker,
                   lambda: table.play_player(17)):
        rejected(table, action, IllegalAction, "stakes and deal()")
    table.deal()
    for action in (table.deal, table.next_round, table.play_banker, table.choose_banker,
                   lambda: table.sell_bank("Vera", 1), lambda: table.stake("Anna", 1),
                   lambda: table.stake("Boris", 0), lambda: table.stake("Boris", 96),
                   lambda: table.buy("Nobody"), lambda: table.play_player(1),
                   lambda: table.autoplay({"Nobody": 17}), lambda: table.autoplay(17),
                   lambda: table.stack_shoe("Z"), lambda: table.stack_shoe("A " * 9)):
        rejected(table, action, TwentyOneError)
    table.stand()
    table.stand()
    table.stand()
    for action in (table.buy, table.stand, table.play_banker, table.next_round,
                   lambda: table.stake("Boris", 1)):
        rejected(table, action, IllegalAction, "settle()")


def test_stack_shoe_takes_cards_from_the_shoe_only():
    one_pack = VARIANTS["ochko"].with_(decks=1)  # the 36 cards of RULES.md
    table = Table(["Anna", "Boris"], seed=1, rules=one_pack, banker="Anna")
    rejected(table, lambda: table.stack_shoe("2"), CardError, "2 is not in the shoe")
    table.stack_shoe("A♠ A A A")
    table.stake("Boris", 1)
    table.deal()
    assert table.hands["Boris"][0] == Card("A", "♠")
    assert table.phase == "settle"  # the banker's two aces: ochko's golden natural (R9)
    rejected(table, lambda: table.stack_shoe("A"), CardError, "A is not in the shoe")


# ----- computer players -----

def test_play_player_and_autoplay_by_thresholds():
    # Boris 10+2 buys 3 (15 < 16) then 5 (20): stands; Vera 10+6 stands on 16
    table = seated("10 10 10 2 6 9 3 5")
    table.deal()
    assert table.autoplay({"Vera": 16}) == "Boris"  # Boris is a human: autoplay waits
    assert len(table.hands["Boris"]) == 2
    assert ranks(table.play_player(16)) == ["3", "5"]
    assert table.to_act == "Vera"
    assert table.autoplay({"Vera": 16}) == "banker"  # returns whoever must act next
    assert table.autoplay({"Vera": 16}, banker=True) is None
    assert table.phase == "settle"


def test_a_policy_may_be_a_function_of_hand_and_seen_cards():
    calls = []

    def cautious(hand, seen):
        calls.append((hand, seen))
        return False

    table = seated("10 10 10 2 6 9 3")
    table.deal()
    table.buy()
    table.stand()
    assert table.play_player(cautious) == ()
    hand, seen = calls[0]
    assert ranks(hand) == ["10", "6"] and ranks(seen) == ["3"]  # Boris's bought 3 is open


@pytest.mark.parametrize("policy", [1, 22, 0, "17", 16.5, True, None])
def test_bad_policies(policy):
    table = seated("10 10 10 2 6 9 3")
    table.deal()
    rejected(table, lambda: table.play_player(policy), RuleError, repr(policy))


# ----- the log and the events -----

def test_every_event_is_structured_and_cites_a_rule():
    table = Table(FOUR, seed=3)
    table.choose_banker()
    for _ in range(8):
        play_round(table)
        table.next_round()
    assert len(table.log) == len(table.events) > 100
    for event, line in zip(table.events, table.log, strict=True):
        assert event.kind in EVENT_KINDS
        assert re.search(r"\(R\d+", event.text), event.text
        assert line == event.text
    kinds = {event.kind for event in table.events}
    assert {"shuffle", "banker_draw", "banker_chosen", "stake", "round_start", "deal", "buy",
            "stand", "bust", "banker_stand", "payment", "round_settled"} <= kinds
    assert set(PHASES) >= {"choose_banker", "staking", "players", "banker", "settle", "settled"}


def test_format_money():
    assert format_money(5) == "5"
    assert format_money(Fraction(15, 2)) == "7.5"
    assert format_money(Fraction(-3, 2)) == "-1.5"
    assert format_money(Fraction(1, 4)) == "0.25"
    assert format_money(Fraction(10, 3)) == "10/3"


def test_each_seat_sees_its_own_closed_cards_and_the_open_cards_of_others():
    table = seated("10 9 8 7 6 5 2")  # Boris 10 7, Vera 9 6, Anna (banker) 8 5 (R7)
    table.deal()
    table.buy("Boris")  # the 2, open for all (R8)
    def seen(viewer=None):
        return {seat: tuple(card and card.rank for card in cards)
                for seat, cards in table.visible_cards(viewer).items()}

    assert seen("Boris") == {"Anna": (None, None), "Boris": ("10", "7", "2"),
                             "Vera": (None, None)}
    assert seen("Vera") == {"Anna": (None, None), "Boris": (None, None, "2"), "Vera": ("9", "6")}
    assert seen() == {"Anna": (None, None), "Boris": (None, None, "2"), "Vera": (None, None)}
    table.stand("Boris")
    table.stake("Vera", 2)  # a late addition (R6)
    table.stand("Vera")
    table.play_banker()
    table.settle()  # every hand is shown at settlement
    assert table.visible_cards() == table.hands


def test_a_payment_carries_the_stake_and_late_addition_it_was_paid_on():
    table = seated("10 9 8 7 6 5 2")
    table.deal()
    table.stand("Boris")
    table.stake("Vera", 2)
    table.stand("Vera")
    table.play_banker()
    table.settle()
    paid = {event.seat: event for event in table.events if event.kind == "payment"}
    assert (paid["Boris"].stake, paid["Boris"].late) == (5, 0)
    assert (paid["Vera"].stake, paid["Vera"].late) == (5, 2)
    assert paid["Vera"].late_paid is HISTORICAL.late_additions_paid
    assert paid["Vera"].ties_to_banker is HISTORICAL.ties_to_banker
    late = next(event for event in table.events if event.kind == "late_addition")
    assert (late.seat, late.amount, late.late) == ("Vera", 2, 2)
