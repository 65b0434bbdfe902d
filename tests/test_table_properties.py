"""Whole games at random through whole shoes: money and cards are conserved, and every wrong
move is refused and changes nothing (R4–R20)."""

import math
import random
from collections import Counter

from hypothesis import event, given, settings
from hypothesis import strategies as st

from twentyone_edu import VARIANTS, Card, TwentyOneError, hand_value
from twentyone_edu.game.table import PHASES, Table

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Darya", "Egor", "Zoya", "Ilya", "Kira", "Lev",
         "Mila", "Nikita"]
PACK_RANKS = {"french52": "A 2 3 4 5 6 7 8 9 10 J Q K".split(),
              "russian36": "A 6 7 8 9 10 J Q K".split()}


def every_card(rules) -> Counter:
    """The cards of a fresh shoe, built from RULES.md (R1), not from the package."""
    return Counter(Card(rank, suit) for _ in range(rules.decks) for suit in "♠♥♦♣"
                   for rank in PACK_RANKS[rules.pack])


def check_table(table, money, deck):
    """Money and cards are all there, and the table's state is one of its phases."""
    assert sum(table.purses.values()) == money
    seen = [card for hand in table.hands.values() for card in hand] + list(table.discards)
    assert not Counter(seen) - deck  # no card twice, no card from outside the shoe
    ranks = Counter(card.rank for card in seen) + Counter(table.shoe.as_dict())
    assert ranks == Counter(card.rank for card in deck.elements())
    assert table.phase in PHASES
    if table.phase == "players":
        assert table.to_act in table.still_in
    else:
        assert table.to_act == ("banker" if table.phase == "banker" else None)


def room(table, player) -> int:
    """How much more this player may put on the table (R5, R6)."""
    committed = table.stakes.get(player, 0) + table.late_additions.get(player, 0)
    most = table.purses[player] - committed
    if table.rules.table_limit is not None:
        most = min(most, table.rules.table_limit - committed)
    return math.floor(most)


def wrong_moves(table, driver, bank_dealt):
    """Moves that the table must refuse in its present state."""
    banker, phase = table.banker, table.phase
    others = [p for p in table.players if p != banker]
    anyone = driver.choice(others)
    moves = [
        lambda: table.stake("Nobody", 1), lambda: table.stake(banker, 1),
        lambda: table.sell_bank("Nobody", 1), lambda: table.sell_bank(banker, 1),
        lambda: table.stake(anyone, driver.choice([0, -1, 1.5, "2", True, None])),
        lambda: table.buy("Nobody"), lambda: table.autoplay({"Nobody": 17}),
        lambda: table.play_player(driver.choice([1, 22, "x"])),
        lambda: table.play_one_decision(driver.choice([1, 22, "x"])),
    ]
    if banker is not None:
        moves.append(table.choose_banker)
    if phase != "staking":
        moves += [table.deal, lambda: table.sell_bank(anyone, 1)]
    if phase == "staking":
        moves += [table.buy, table.stand, table.settle, table.next_round, table.play_banker,
                  lambda: table.play_player(17)]
        if bank_dealt:
            moves.append(lambda: table.sell_bank(anyone, 1))
        else:
            too_much = max(1, math.floor(table.purses[anyone]) + 1)
            moves.append(lambda: table.sell_bank(anyone, too_much))
        if not table.stakes:
            moves.append(table.deal)
    if phase in ("staking", "players") and (phase == "staking" or anyone in table.still_in):
        moves.append(lambda: table.stake(anyone, max(1, room(table, anyone) + 1)))
    if phase == "players":
        moves += [table.settle, table.next_round, table.play_banker]
        moves += [lambda p=p: table.buy(p) for p in table.players if p != table.to_act]
        moves += [lambda p=p: table.stand(p) for p in table.players if p != table.to_act]
        moves += [lambda p=p: table.stake(p, 1) for p in others if p not in table.still_in]
    if phase == "banker":
        moves += [table.settle, table.next_round, lambda: table.play_player(17)]
        moves += [lambda p=p: table.buy(p) for p in others]
        moves += [lambda p=p: table.stake(p, 1) for p in others]
    if phase == "settle":
        moves += [table.buy, table.stand, table.next_round, table.play_banker,
                  lambda: table.stake(anyone, 1)]
    if phase == "settled":
        moves += [table.settle, table.buy, table.stand, table.deal, table.play_banker,
                  lambda: table.stake(anyone, 1)]
    return moves


def try_wrong_moves(table, driver, bank_dealt, how_many):
    """Each wrong move raises a TwentyOneError and leaves the table exactly as it was."""
    for _ in range(how_many):
        move = driver.choice(wrong_moves(table, driver, bank_dealt))
        before = table.snapshot()
        try:
            move()
        except TwentyOneError:
            pass
        else:
            raise AssertionError(f"a wrong move was accepted in phase {table.phase}")
        assert table.snapshot() == before


def play_shoes(table, driver, shoes, wrong=1, sales=True):
    """Play whole shoes with random stakes, sales, late additions and moves; check throughout."""
    money, deck = sum(table.purses.values()), every_card(table.rules)
    thresholds = {player: driver.randint(12, 21) for player in table.players}
    last_bank, bank_dealt = table.bank_number + shoes, False
    while table.bank_number < last_bank:
        others = [p for p in table.players if p != table.banker]
        if sales and not bank_dealt and driver.random() < 0.2:
            buyer = driver.choice(others)
            if table.purses[buyer] >= 1:
                table.sell_bank(buyer, driver.randint(1, min(10, math.floor(table.purses[buyer]))))
                others = [p for p in table.players if p != table.banker]
        for player in others:
            if driver.random() < 0.8 and room(table, player) >= 1:
                table.stake(player, driver.randint(1, min(10, room(table, player))))
        if not table.stakes:
            able = [p for p in others if room(table, p) >= 1]
            if not able:
                return  # nobody can stake any more: the game is over
            table.stake(able[0], 1)
        check_table(table, money, deck)
        try_wrong_moves(table, driver, bank_dealt, wrong)
        bank = table.bank_number
        table.deal()
        bank_dealt = True
        check_table(table, money, deck)
        while table.phase in ("players", "banker"):
            try_wrong_moves(table, driver, bank_dealt, wrong)
            play_one_move(table, driver, thresholds)
            check_table(table, money, deck)
        try_wrong_moves(table, driver, bank_dealt, wrong)
        results = table.settle()
        assert sum(results.values()) == 0  # the banker's result is minus the others'
        assert set(results) == set(table.players)
        check_table(table, money, deck)
        try_wrong_moves(table, driver, bank_dealt, wrong)
        table.next_round()
        check_table(table, money, deck)
        if table.bank_number != bank:
            bank_dealt = False


def play_one_move(table, driver, thresholds):
    """A late addition now and then, and one buy or stand for whoever is to act."""
    cards_left = len(table.shoe) + len(table.discards) > 0
    if table.phase == "players":
        if driver.random() < 0.1:
            player = driver.choice(table.still_in)
            if room(table, player) >= 1:
                table.stake(player, 1)
        seat = table.to_act
        name = driver.choice([None, seat])
        total = hand_value(table.hands[seat], table.rules).total
        if total < thresholds[seat] and cards_left:
            table.buy(name)
        else:
            table.stand(name)
    elif driver.random() < 0.5:
        table.play_banker()
    else:
        name = driver.choice([None, "banker", table.banker])
        if driver.random() < 0.6 and cards_left:
            table.buy(name)
        else:
            table.stand(name)


@settings(max_examples=50, deadline=None)
@given(players=st.integers(2, 12), seed=st.integers(0, 2**32 - 1),
       rules=st.sampled_from(sorted(VARIANTS)), purse=st.integers(20, 500),
       reveal=st.booleans(), limit=st.none() | st.integers(1, 20),
       driver_seed=st.integers(0, 2**32 - 1))
def test_random_games_conserve_money_and_cards(players, seed, rules, purse, reveal, limit,
                                               driver_seed):
    chosen = VARIANTS[rules].with_(reveal_drawn_21_early=reveal, table_limit=limit)
    table = Table(NAMES[:players], rules=chosen, seed=seed, purse=purse)
    driver = random.Random(driver_seed)
    try_wrong_moves(table, driver, False, 3)
    table.choose_banker()
    play_shoes(table, driver, shoes=2)
    event(f"whole shoes played: {table.bank_number - 1}")


def test_twelve_players_through_two_whole_shoes():
    table = Table(NAMES, seed=1850, purse=1000)
    banker = table.choose_banker()
    first = NAMES.index(banker)
    play_shoes(table, random.Random(21), shoes=2, wrong=1, sales=False)
    assert table.bank_number == 3
    assert table.banker == NAMES[(first + 2) % 12]  # two passes to the right (R19)
    assert sum(table.purses.values()) == 12 * 1000
    assert table.round_number >= 2 * 104 // (13 * 3)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       threshold=st.integers(12, 21), rules=st.sampled_from(sorted(VARIANTS)))
def test_one_decision_at_a_time_plays_a_seat_as_its_whole_turn(players, seed, threshold, rules):
    """play_one_decision, called until the seat's turn is over, leaves the table as
    play_player does for the same policy: the same cards bought, the same stand or bust (R11);
    the buyer's card is returned, a stand returns None."""
    tables = []
    for _ in range(2):
        table = Table(NAMES[:players], rules=VARIANTS[rules], seed=seed)
        table.choose_banker()
        for name in table.players:
            if name != table.banker:
                table.stake(name, 1)
        table.deal()
        tables.append(table)
    whole, stepped = tables
    while whole.phase == "players":
        seat = whole.to_act
        bought = whole.play_player(threshold)
        mine = []
        while stepped.phase == "players" and stepped.to_act == seat:
            before = len(stepped.hands[seat])
            card = stepped.play_one_decision(threshold)
            if card is None:
                assert len(stepped.hands[seat]) == before
            else:
                mine.append(card)
                assert stepped.hands[seat][-1] == card
        assert tuple(mine) == bought
        assert stepped.hands == whole.hands and stepped.to_act == whole.to_act
    assert stepped.phase == whole.phase and stepped.events == whole.events
