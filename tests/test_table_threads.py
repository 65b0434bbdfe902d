"""One table, several threads acting on it at once: the actions take turns (R4–R20).

Four threads play random moves, right and wrong, on one table while a fifth looks at it. Every
look must find the money and the cards all there; every wrong move must be refused with
IllegalAction or StakeError; and the game the table records must be one that could have been
played one move at a time: replayed move by move on a second table with the same seed, it gives
the same events and the same final state, and the moves the threads saw accepted are exactly
the moves in it. So a refused move, whichever thread made it and whenever, changed nothing.
"""

import random
import sys
import threading
from collections import Counter

import pytest
from test_table_properties import NAMES, every_card

from twentyone_edu.game.table import PHASES, Table
from twentyone_edu.words.errors import IllegalAction, StakeError

THREADS = 4
MOVES = 400  # per thread
REFUSED = (IllegalAction, StakeError)


def check_snapshot(snapshot, money, deck):
    """One look at the table, taken under its lock: money and cards are all there (R1, R18)."""
    assert sum(snapshot["_purses"].values()) == money
    cards = [card for hand in snapshot["_hands"].values() for card in hand]
    cards += list(snapshot["_discards"]) + list(snapshot["_stock"])
    assert Counter(cards) == deck
    assert snapshot["_phase"] in PHASES


def choose_move(table, driver):
    """A move for what the table looked like a moment ago: often right, sometimes wrong."""
    phase, to_act, banker = table.phase, table.to_act, table.banker
    others = [p for p in table.players if p != banker]
    anyone = driver.choice(table.players)
    wrong = [("stake", ("Nobody", 1)), ("stake", (anyone, driver.choice([0, -2, 1.5, "3"]))),
             ("stake", (anyone, 10**6)), ("buy", (anyone,)), ("stand", (anyone,)),
             ("buy", ("Nobody",)), ("deal", ()), ("settle", ()), ("next_round", ()),
             ("play_banker", ()), ("sell_bank", (anyone, 10**6))]
    if driver.random() < 0.25:
        return driver.choice(wrong)
    if phase == "staking":
        if driver.random() < 0.05:
            return "sell_bank", (driver.choice(others), driver.randint(1, 3))
        if driver.random() < 0.3:
            return "deal", ()
        return "stake", (driver.choice(others), driver.randint(1, 5))
    if phase == "players":
        name = driver.choice([None, to_act])
        return driver.choice([("buy", (name,)), ("buy", (name,)), ("stand", (name,)),
                              ("play_player", (17,)), ("stake", (to_act, 1))])
    if phase == "banker":
        return driver.choice([("play_banker", ()), ("buy", ("banker",)), ("stand", ())])
    return ("settle", ()) if phase == "settle" else ("next_round", ())


def hammer(table, seed, moves, failures):
    """Play MOVES random moves; note each with what became of it (a result or a refusal)."""
    driver = random.Random(seed)
    for _ in range(MOVES):
        name, args = choose_move(table, driver)
        try:
            result = getattr(table, name)(*args)
        except REFUSED as error:
            moves.append((name, args, False, error))
        except Exception as error:  # a KeyError or the like: the table was caught half-way
            failures.append(f"{name}{args}: {type(error).__name__}: {error}")
        else:
            moves.append((name, args, True, result))


def watch(table, money, deck, playing, looks, failures):
    """Look at the table again and again while the others play."""
    while any(thread.is_alive() for thread in playing):
        try:
            check_snapshot(table.snapshot(), money, deck)
        except AssertionError as error:
            failures.append(f"a look found the table half-changed: {error!r}")
        looks.append(1)


def recorded_move(twin, event):
    """The move whose first event is `event`: (method of `twin`, its arguments)."""
    seat, amount = event.seat, event.amount
    return {
        "stake": (twin.stake, (seat, amount)),
        "late_addition": (twin.stake, (seat, amount)),
        "sell_bank": (twin.sell_bank, (seat, amount)),
        "round_start": (twin.deal, ()),
        "buy": (twin.buy, (seat,)),
        "banker_buy": (twin.buy, ("banker",)),
        "stand": (twin.stand, (seat,)),
        "banker_stand": (twin.stand, ("banker",)),
        "payment": (twin.settle, ()),  # R15–R17: settle() pays those who stood, then sums up
        "round_settled": (twin.settle, ()),
        "bank_passes": (twin.next_round, ()),
    }[event.kind]


def replay(events, twin):
    """Make on `twin`, one at a time, the moves the events record; each must give exactly the
    events recorded for it."""
    i = len(twin.events)
    assert events[:i] == twin.events
    while i < len(events):
        event = events[i + 1] if events[i].kind == "reshuffle" else events[i]  # R18: a buy
        if twin.phase == "settled" and event.kind in ("stake", "sell_bank", "round_start"):
            twin.next_round()  # a next_round() without a pass of the bank leaves no event
        move, args = recorded_move(twin, event)
        before = len(twin.events)
        move(*args)
        new = twin.events[before:]
        assert new and new == events[i:i + len(new)], f"event {i} ({event.kind}) cannot happen"
        i += len(new)


def accepted(moves, *names):
    return [(args, result) for name, args, ok, result in moves if ok and name in names]


@pytest.fixture
def often_switching_threads():
    """Threads take turns every microsecond, not every 5 ms: races show up at once."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_threads_acting_on_one_table_take_turns(seed, often_switching_threads):
    players = NAMES[:4]
    table = Table(players, seed=seed, purse=1000, banker=players[seed % 4])
    money, deck = sum(table.purses.values()), every_card(table.rules)
    moves, failures, looks = [], [], []
    playing = [threading.Thread(target=hammer, args=(table, 100 * seed + k, moves, failures))
               for k in range(THREADS)]
    watcher = threading.Thread(target=watch, args=(table, money, deck, playing, looks, failures))
    for thread in [*playing, watcher]:
        thread.start()
    for thread in [*playing, watcher]:
        thread.join()

    assert failures == []
    assert len(moves) == THREADS * MOVES and len(looks) > 0
    check_snapshot(table.snapshot(), money, deck)
    assert table.round_number >= 5  # the threads did play, not only get refused

    # The recorded game, one move at a time on a twin table, ends in the same state.
    events = table.events
    twin = Table(players, seed=seed, purse=1000, banker=players[seed % 4])
    replay(events, twin)
    if twin.phase == "settled" and table.phase == "staking":
        twin.next_round()
    assert twin.snapshot() == table.snapshot()

    # The moves the threads saw accepted are exactly the recorded ones; the refused left none.
    kinds = Counter(event.kind for event in events)
    stakes = Counter((args[0], args[1]) for args, _ in accepted(moves, "stake"))
    assert stakes == Counter((e.seat, e.amount) for e in events
                             if e.kind in ("stake", "late_addition"))
    sales = Counter(args for args, _ in accepted(moves, "sell_bank"))
    assert sales == Counter((e.seat, e.amount) for e in events if e.kind == "sell_bank")
    bought = [result for _, result in accepted(moves, "buy")]
    bought += [card for _, cards in accepted(moves, "play_banker", "play_player")
               for card in cards]
    assert Counter(bought) == Counter(e.cards[0] for e in events
                                      if e.kind in ("buy", "banker_buy"))
    assert len(accepted(moves, "deal")) == kinds["round_start"] == table.round_number
    settled = [result for _, result in accepted(moves, "settle")]
    assert len(settled) == kinds["round_settled"]
    assert all(sum(result.values()) == 0 for result in settled)  # R15–R17: banker vs players
    closed = table.round_number - (table.phase != "staking")
    assert len(accepted(moves, "next_round")) == closed
    refused = [error for _, _, ok, error in moves if not ok]
    assert len(refused) > MOVES  # plenty of wrong moves were tried, and all were refused
