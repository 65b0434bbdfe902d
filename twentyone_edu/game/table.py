"""The live table: seats, stakes, the deal, buying, the banker, the money and the bank (R4–R20).

A round, step by step::

    table = Table(["Anna", "Boris", "Vera"], seed=1)
    table.choose_banker()              # R4: cards in seat order until an ace -> 'Boris'
    table.stake("Anna", 5)             # R5 (during the players' buying: a late addition, R6)
    table.stake("Vera", 2)
    table.deal()                       # R7–R10
    while table.phase == "players":    # table.to_act is the player whose turn it is
        table.buy()                    # or table.stand()  (R11–R13)
    table.play_banker()                # R14 (or table.buy() / table.stand() for the banker)
    table.settle()                     # R15–R17 -> {'Anna': -5, 'Vera': 2, 'Boris': 3}
    table.next_round()                 # hands to the discards; the bank passes when due (R18, R19)

Computer players: `table.autoplay({"Vera": 17})` plays Vera by "buy while the total is below 17"
(a policy may also be a function `(hand, seen) -> bool`); `table.play_player(policy)` plays
whoever is to act.

The seats go round the table in list order: "the banker's right" is the next seat in the list
after the banker (wrapping round). The phases of a round are in PHASES; `to_act` is a player's
name, 'banker', or None.

Choices where RULES.md leaves room (each is stated again where it is made):
- Seating: 2–12 distinct names of at most 40 characters; the name 'banker' is kept for
  `to_act`. Bad seating raises RuleError. A purse is a whole number 1 to 10**9.
- The seed is None (a random shuffle), a whole number 0 or more, or a text. A negative seed is
  refused: Python's random.Random would deal seed=-5 exactly as seed=5.
- R4: the cards are looked at, not taken: they go back and the shoe is reshuffled before play.
  `Table(..., banker=name)` seats a banker without the draw. Staking or dealing before a banker
  is chosen raises IllegalAction.
- R5: a player without a stake at the deal sits out the round (he is dealt no cards); at least
  one player must stake. Stakes last one round. A stake plus late additions may not exceed the
  player's purse nor `rules.table_limit`.
- R6: a late addition may be made by a player still in the round while the players buy; once
  the banker plays, no more money goes on the table.
- Money: every payment is between one player and the banker, so the sum of the purses never
  changes. A loss can be larger than the stake (3x on the banker's natural), so a purse may go
  below zero: that is a debt. A player in debt cannot stake; a banker in debt keeps the bank.
- R11–R13: a player may buy below 21; at 21 he stops at once; over 21 he shows his cards and
  pays at once (R13). A player who has stood cannot buy.
- R12: with `reveal_drawn_21_early` a drawn 21 is shown at once; the banker's policy is still
  the RuleSet's (R14).
- R18: the shoe is not reshuffled between rounds. If it runs out in the middle of a round, the
  discards are shuffled to finish the round. The bank passes (R19), with a fresh shoe, after the
  round in which the shoe ran out or was emptied; a deal is never refused for lack of cards.
- R20: the bank may be sold only before its first deal, by the player holding it; the buyer pays
  the price to the seller and the two swap seats, so the rotation goes on from the seller's seat.
  A stake the buyer had placed for the coming round is withdrawn.
- The shoe is the list `fresh_cards(rules)` shuffled with `random.Random(seed).shuffle`: the
  same seed deals the same cards on every machine.
- Threads: every public method and property holds the table's lock while it runs (`@_atomic`
  on the class), so a widget's callback and a background thread acting on one table take
  turns: each action sees the table as the last one left it, and a refused action changes
  nothing, whichever thread calls it.

Every event is kept twice: as an `Event` (kind, rule id, seat, cards, amount, ...) in `events`,
for the widgets to translate, and as an English sentence in `log`. Closed cards and hidden totals
are in the structured fields but never in the English text.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar

from ..words.errors import CardError, IllegalAction, RuleError, StakeError, check_language
from ..words.messages import Cards, Message, message
from ..words.validate import (
    answer,
    bounded,
    flag,
    policy_answer,
    policy_function,
    quote,
    seed_of,
    short_text,
    whole,
)
from ..words.wording import say
from .cards import PACKS, SUITS, Card, HandLike, Shoe, parse_cards
from .events import Event, event_message
from .hands import HandValue, hand_value
from .names import check_name
from .rules import HISTORICAL, Outcome, RuleSet, RulesLike, rule_set, settle

T = TypeVar("T")
R = TypeVar("R")

MIN_PLAYERS, MAX_PLAYERS = 2, 12
LONGEST_NAME = 40  # characters of a player's name
MAX_PURSE = 10**9
Money = int | Fraction
PHASES = ("choose_banker", "staking", "players", "banker", "settle", "settled")

WantsCard = Callable[[tuple[Card, ...], tuple[Card, ...]], bool]  # (hand, seen) -> buy?
Policy = int | WantsCard

def fresh_cards(rules: RuleSet = HISTORICAL) -> list[Card]:
    """Every card of a fresh shoe: pack by pack, suit by suit (♠ ♥ ♦ ♣), rank by rank (R1)."""
    return [Card(rank, suit) for _ in range(rules.decks) for suit in SUITS
            for rank in PACKS[rules.pack]]


def format_money(amount: Money) -> str:
    """Money as text: 5, -7.5, or 10/3 when no exact decimal exists."""
    amount = Fraction(amount)
    if amount.denominator == 1:
        return str(amount.numerator)
    rest = amount.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    if rest == 1:
        return str(Decimal(amount.numerator) / Decimal(amount.denominator))
    return f"{amount.numerator}/{amount.denominator}"


def _atomic(cls: type[T]) -> type[T]:
    """Make every public method and property of `cls` hold the instance's `_lock` while it runs:
    one action (or look) at a time per table, whichever thread asks."""
    for name, member in list(vars(cls).items()):
        if name.startswith("_"):
            continue
        if isinstance(member, property) and member.fget is not None:
            setattr(cls, name, property(_holding_lock(member.fget), doc=member.__doc__))
        elif callable(member):
            setattr(cls, name, _holding_lock(member))
    return cls


def _holding_lock(method: Callable[..., R]) -> Callable[..., R]:
    @functools.wraps(method)
    def holding_lock(self: Table, *args: Any, **kwargs: Any) -> R:
        with self._lock:
            if self._asking:  # a policy is deciding: no call of the table, not even a look
                raise IllegalAction("policy_reentrant", action=f"{method.__name__}()")
            return method(self, *args, **kwargs)

    return holding_lock


@_atomic
class Table:
    """A live table of 2–12 players playing round after round through the shoe (R4–R20)."""

    def __init__(self, players: Iterable[str], rules: RulesLike = HISTORICAL,
                 seed: int | str | None = None, purse: int = 100,
                 banker: str | None = None) -> None:
        self._lock = threading.RLock()  # public methods call each other: a re-entrant lock
        self._asking = False  # a policy is deciding: the table refuses every call from it
        self.rules = rule_set(rules)
        names = _check_players(players)
        seed = seed_of(seed, texts=True)
        purse = whole(purse, "purse", 1, MAX_PURSE)
        self.seed = seed
        self._rng = random.Random(seed)
        self._players = names
        self._purses: dict[str, Money] = {name: int(purse) for name in names}
        self._banker = ""  # the banker's seat; '' until the first one is chosen (R4)
        self._phase = "choose_banker"
        self._to_act = ""  # the player to buy or stand while the players buy ('' otherwise)
        self._stakes: dict[str, int] = {}
        self._late: dict[str, int] = {}
        self._hands: dict[str, list[Card]] = {name: [] for name in names}
        self._open: dict[str, list[Card]] = {name: [] for name in names}
        self._revealed: list[str] = []
        self._order: list[str] = []  # the players dealt in, from the banker's right
        self._status: dict[str, str] = {}  # 'in', 'stood', 'natural', 'bust', 'paid', 'settled'
        self._stock: list[Card] = fresh_cards(self.rules)  # the shoe, next card first
        self._discards: list[Card] = []
        self._shoe_ran_out = False
        self._rounds_in_bank = 0
        self._bank_number = 1
        self._round_number = 0
        self._round_result: dict[str, Money] = {}
        self._results: dict[str, Money] = {}
        self._banker_draw: list[tuple[str, Card]] = []
        self._events: list[Event] = []
        self._shuffle_fresh_shoe()
        if banker is not None:
            self._banker = self._seat(banker)
            self._phase = "staking"
            self._event("banker_chosen", "R4", seat=self._banker,
                        text=f"{self._banker}: seated as the banker (R4)")

    # ----- what the table shows -----

    @property
    def players(self) -> tuple[str, ...]:
        """The names in seat order round the table; the banker's right is the next seat (R19)."""
        return tuple(self._players)

    @property
    def banker(self) -> str | None:
        """The name of the player holding the bank, or None before choose_banker() (R4)."""
        return self._banker or None

    @property
    def phase(self) -> str:
        """Where the round stands: one of PHASES."""
        return self._phase

    @property
    def to_act(self) -> str | None:
        """The player whose turn it is, 'banker', or None when nobody is to buy or stand (R11)."""
        if self._phase == "banker":
            return "banker"
        return self._to_act if self._phase == "players" else None

    @property
    def purses(self) -> dict[str, Money]:
        """Each seat's money (int, or Fraction when a variant pays 3:2); below zero is a debt."""
        return dict(self._purses)

    @property
    def stakes(self) -> dict[str, int]:
        """The stakes put on the table before this round's deal (R5)."""
        return dict(self._stakes)

    @property
    def late_additions(self) -> dict[str, int]:
        """Money added after the deal, never paid on a win (R6)."""
        return dict(self._late)

    @property
    def hands(self) -> dict[str, tuple[Card, ...]]:
        """Every seat's cards, closed and open, in the order received (empty if not dealt in)."""
        return {seat: tuple(cards) for seat, cards in self._hands.items()}

    @property
    def open_cards(self) -> dict[str, tuple[Card, ...]]:
        """Every seat's bought cards, which lie face up for all to see (R8)."""
        return {seat: tuple(cards) for seat, cards in self._open.items()}

    @property
    def revealed(self) -> tuple[str, ...]:
        """The seats whose closed cards have been shown (naturals, busts, settlement)."""
        return tuple(self._revealed)

    @property
    def still_in(self) -> tuple[str, ...]:
        """The players still in this round, from the banker's right."""
        return tuple(seat for seat in self._order if self._status[seat] in ("in", "stood"))

    @property
    def shoe(self) -> Shoe:
        """The cards left in the shoe, as rank counts (R18)."""
        return Shoe.from_counts(_rank_counts(self._stock))

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards of earlier rounds of this shoe, all of which were shown (R18)."""
        return tuple(self._discards)

    @property
    def round_number(self) -> int:
        """How many rounds have been dealt at this table."""
        return self._round_number

    @property
    def bank_number(self) -> int:
        """Which shoe (bank) this is: 1 for the first banker's, then one more each pass (R19)."""
        return self._bank_number

    @property
    def results(self) -> dict[str, Money]:
        """Each seat's result in the last settled round; the banker's is minus the others' sum."""
        return dict(self._results)

    @property
    def banker_draw(self) -> list[tuple[str, Card]]:
        """The cards handed out by choose_banker(), (seat, card) in order; the last is an ace."""
        return list(self._banker_draw)

    @property
    def events(self) -> list[Event]:
        """Everything that happened, in order, as structured events (see EVENT_KINDS)."""
        return list(self._events)

    @property
    def log(self) -> list[str]:
        """Everything that happened, in order, in English sentences citing the rules."""
        return [event.text for event in self._events]

    def log_in(self, language: str = "en") -> list[str]:
        """Everything that happened, in order, worded in `language` ('en' or 'ru') as the
        widgets word it, citing the rules; closed cards and hidden totals left out (R8, R12)."""
        check_language(language)
        return [say(*event_message(event), language) for event in self._events]

    def visible_cards(self, viewer: str | None = None) -> dict[str, tuple[Card | None, ...]]:
        """Every seat's cards as `viewer` may see them, None for a closed card he may not see:
        his own cards, everyone's open (bought) cards, and the cards of a hand shown (R8, R9,
        R10, R12, R13, settlement). viewer=None is an onlooker who sees only what lies open."""
        mine = None if viewer is None else self._seat(viewer)
        visible: dict[str, tuple[Card | None, ...]] = {}
        for seat, cards in self._hands.items():
            if seat == mine or seat in self._revealed:
                visible[seat] = tuple(cards)
            else:
                visible[seat] = tuple(None if i < len(cards) - len(self._open[seat]) else card
                                      for i, card in enumerate(cards))
        return visible

    def seen_cards(self, player: str) -> tuple[Card, ...]:
        """The cards this seat has seen besides its own hand: discards, open and shown cards."""
        seat = self._seat(player)
        seen = list(self._discards)
        for other in self._players:
            if other != seat:
                seen += self._hands[other] if other in self._revealed else self._open[other]
        return tuple(seen)

    def snapshot(self) -> dict[str, object]:
        """Everything the table holds as comparable values: a rejected action must not change it."""
        return {name: _frozen(value) for name, value in vars(self).items() if name != "_lock"}

    # ----- choosing the banker and staking -----

    def choose_banker(self) -> str:
        """Hand cards round in seat order until an ace: its holder is the banker (R4)."""
        if self._banker:
            raise IllegalAction("banker_chosen", seat=self._banker)
        draw = []
        for i, card in enumerate(self._stock):
            seat = self._players[i % len(self._players)]
            draw.append((seat, card))
            found = " - the first ace" if card.rank == "A" else ""
            self._event("banker_draw", "R4", seat=seat, cards=(card,),
                        text=f"{seat}: handed {card}{found} (R4)")
            if card.rank == "A":
                break
        self._banker_draw = draw
        self._banker = seat
        self._phase = "staking"
        self._event("banker_chosen", "R4", seat=seat, text=f"the bank goes to {seat} (R4)")
        self._rng.shuffle(self._stock)
        self._event("shuffle", "R4", text="the cards go back and the shoe is shuffled again (R4)")
        return seat

    def stake(self, player: str, amount: int) -> None:
        """Stake before the deal (R5); a player still in adds a late addition after it (R6)."""
        seat = self._seat(player)
        if self._phase == "choose_banker":
            raise IllegalAction("no_banker_yet")
        if seat == self._banker:
            raise StakeError("banker_stakes", seat=seat, names=_names(self._others()))
        amount = _amount(amount, "stake")
        late = self._check_stake_time(seat)
        committed = self._stakes.get(seat, 0) + self._late.get(seat, 0)
        purse, limit = self._purses[seat], self.rules.table_limit
        if committed + amount > purse:
            room = max(purse - committed, 0)
            raise StakeError("stake_over_purse", amount=amount, total=committed + amount, seat=seat,
                             purse=purse, room=room)
        if limit is not None and committed + amount > limit:
            raise StakeError("stake_over_limit", amount=amount, total=committed + amount,
                             limit=limit, room=limit - committed)
        if late:
            self._late[seat] = self._late.get(seat, 0) + amount
            on_a_win = "paid" if self.rules.late_additions_paid else "not paid"
            self._event("late_addition", "R6", seat=seat, amount=amount, late=self._late[seat],
                        late_paid=self.rules.late_additions_paid,
                        text=f"{seat}: adds {amount} after the deal, a late addition "
                             f"lost on a loss and {on_a_win} on a win (R6)")
        else:
            self._stakes[seat] = self._stakes.get(seat, 0) + amount
            self._event("stake", "R5", seat=seat, amount=amount, stake=self._stakes[seat],
                        text=f"{seat}: stakes {amount}; stake now {self._stakes[seat]} (R5)")

    def sell_bank(self, buyer: str, price: int) -> None:
        """The player due to take the bank sells it; the buyer pays and takes his seat (R20)."""
        seat = self._seat(buyer)
        seller = self._banker
        if self._phase != "staking" or self._rounds_in_bank > 0:
            raise IllegalAction("bank_not_for_sale", phase=self._describe_phase())
        if seat == seller:
            raise IllegalAction("bank_own", seat=seat, names=_names(self._others()))
        price = _amount(price, "price")
        if price > self._purses[seat]:
            raise StakeError("price_over_purse", price=price, seat=seat, purse=self._purses[seat])
        self._purses[seat] = _money(self._purses[seat] - price)
        self._purses[seller] = _money(self._purses[seller] + price)
        i, j = self._players.index(seat), self._players.index(seller)
        self._players[i], self._players[j] = seller, seat
        self._banker = seat
        self._event("sell_bank", "R20", seat=seat, other=seller, amount=price,
                    text=f"the bank is sold by {seller} to {seat} for {price}; the two swap "
                         "seats (R20)")
        withdrawn = self._stakes.pop(seat, None)
        if withdrawn is not None:
            self._event("stake_withdrawn", "R5", seat=seat, amount=withdrawn,
                        text=f"{seat}: now the banker, so the stake of {withdrawn} is "
                             "withdrawn (R5, R20)")

    # ----- the deal -----

    def deal(self) -> None:
        """Deal two closed cards one at a time from the banker's right, the banker last (R7–R10)."""
        if self._phase != "staking":
            raise IllegalAction("cannot_deal", phase=self._describe_phase())
        if not self._stakes:
            raise IllegalAction("no_stakes", names=_names(self._others()))
        self._round_number += 1
        self._rounds_in_bank += 1
        self._round_result = {seat: 0 for seat in self._players}
        self._event("round_start", "R7", seat=self._banker,
                    text=f"round {self._round_number}, dealt by {self._banker} (R7)")
        for seat in self._others():
            if seat in self._stakes:
                self._order.append(seat)
                self._status[seat] = "in"
            else:
                self._event("sit_out", "R5", seat=seat,
                            text=f"{seat}: no stake, sits out this round (R5)")
        for _ in range(2):
            for seat in [*self._order, self._banker]:
                card = self._draw()
                self._hands[seat].append(card)
                self._event("deal", "R7", seat=seat, cards=(card,),
                            text=f"{seat}: dealt a closed card (R7, R8)")
        if self._value(self._banker).natural:
            self._settle_banker_natural()
        else:
            self._pay_player_naturals()
            self._advance()

    def _settle_banker_natural(self) -> None:
        """The banker shows his natural and every player pays at once; the round is over (R9)."""
        banker = self._banker
        self._revealed.append(banker)
        self._event("banker_natural", "R9", seat=banker, cards=tuple(self._hands[banker]),
                    text=f"the banker {banker} shows a natural: {_cards(self._hands[banker])} "
                         "(R9)")
        for seat in self._order:
            self._pay(seat, "natural")
            self._status[seat] = "paid"
        self._phase = "settle"

    def _pay_player_naturals(self) -> None:
        """Each player with a natural, from the banker's right, shows it and is paid (R10)."""
        for seat in self._order:
            if self._value(seat).natural:
                self._revealed.append(seat)
                self._event("natural", "R10", seat=seat, cards=tuple(self._hands[seat]),
                            text=f"{seat}: shows a natural, {_cards(self._hands[seat])} (R10)")
                self._pay(seat, self._outcome(self._banker), compared=False)
                self._status[seat] = "natural"

    # ----- buying and standing -----

    def buy(self, player: str | None = None) -> Card:
        """Whoever is to act buys one open card (R8, R11); 21 stops him, over 21 is bust (R13)."""
        seat = self._check_turn(player, "buy")
        if not self._stock and not self._discards:
            raise IllegalAction("no_card_left")
        card = self._draw()
        self._hands[seat].append(card)
        self._open[seat].append(card)
        total = self._value(seat).total
        if seat == self._banker:
            self._event("banker_buy", "R14", seat=seat, cards=(card,), total=total,
                        text=f"the banker {seat} buys {card}, an open card (R8, R14)")
        else:
            self._event("buy", "R11", seat=seat, cards=(card,), total=total,
                        text=f"{seat}: buys {card}, an open card (R8, R11)")
        self._advance()
        return card

    def stand(self, player: str | None = None) -> None:
        """Whoever is to act is satisfied and stops buying (R11, R14)."""
        seat = self._check_turn(player, "stand")
        if seat == self._banker:
            self._banker_stands()
        else:
            self._player_stands(seat)
            self._advance()

    def play_banker(self) -> tuple[Card, ...]:
        """The banker buys while the RuleSet's policy says so, then stands (R14)."""
        if self._phase != "banker":
            raise IllegalAction("not_banker_turn", phase=self._describe_phase())
        bought = []
        while self._phase == "banker":
            if self.banker_wants_card():
                bought.append(self.buy())
            else:
                self.stand()
        return tuple(bought)

    def banker_wants_card(self) -> bool:
        """Whether the banker's rule has him buy one more card now, so that a table can show
        his cards one at a time (R14); False outside his turn."""
        if self._phase != "banker":
            return False
        value = self._value(self._banker)
        return self.rules.banker_buys(value.total, value.soft) and self._cards_left()

    def play_player(self, policy: Policy) -> tuple[Card, ...]:
        """The player to act buys while the policy says so, then stands (R11).

        `policy` is a whole number N (buy while the total is below N, 2–21) or a function
        `policy(hand, seen) -> bool` given the player's cards and seen_cards().
        """
        wants_card = _check_policy(policy, self.rules)
        if self._phase != "players":
            raise IllegalAction("no_player_to_act", phase=self._describe_phase())
        return self._play_player(self._to_act, wants_card)

    def play_one_decision(self, policy: Policy) -> Card | None:
        """The player to act makes one decision by the policy: buys a card (returned) or
        stands (None), so that a class can watch a computer player card by card (R11)."""
        wants_card = _check_policy(policy, self.rules)
        if self._phase != "players":
            raise IllegalAction("no_player_to_act", phase=self._describe_phase())
        seat = self._to_act
        if self._ask(wants_card, tuple(self._hands[seat]), self.seen_cards(seat)) and \
                self._cards_left():
            return self.buy()
        self.stand()
        return None

    def autoplay(self, policies: Mapping[str, Policy], banker: bool = False) -> str | None:
        """Play the named players by their policies (and the banker, if asked) until someone
        else must act; return to_act. A policy for the seat holding the bank is not used."""
        if not isinstance(policies, Mapping):
            raise RuleError("not_policies", policies=quote(policies))
        banker = flag(banker, "banker")
        wants = {self._seat(name): _check_policy(p, self.rules) for name, p in policies.items()}
        while True:
            if self._phase == "players" and self._to_act in wants:
                self._play_player(self._to_act, wants[self._to_act])
            elif self._phase == "banker" and banker:
                self.play_banker()
            else:
                return self.to_act

    def _play_player(self, seat: str, wants_card: WantsCard) -> tuple[Card, ...]:
        bought = []
        while self._phase == "players" and self._to_act == seat:
            hand = tuple(self._hands[seat])
            if self._ask(wants_card, hand, self.seen_cards(seat)) and self._cards_left():
                bought.append(self.buy())
            else:
                self.stand()
        return tuple(bought)

    def _ask(self, wants_card: WantsCard, hand: tuple[Card, ...],
              seen: tuple[Card, ...]) -> bool:
        """A policy's answer for this hand. While it decides, the table refuses every call
        from it (a policy that acted itself would act for whoever is next): IllegalAction,
        and the table is as it was (R11)."""
        self._asking = True
        try:
            wants = policy_answer(wants_card, "table", hand, seen)
        finally:
            self._asking = False
        return answer(wants, _cards(hand))

    def _player_stands(self, seat: str) -> None:
        """The player stops; a drawn 21 stays hidden unless the variant shows it (R11, R12)."""
        self._status[seat] = "stood"
        value = self._value(seat)
        drawn_21 = value.total == 21 and len(self._hands[seat]) > 2
        if drawn_21 and self.rules.reveal_drawn_21_early:
            self._revealed.append(seat)
            self._event("drawn_21_shown", "R12", seat=seat, cards=tuple(self._hands[seat]),
                        total=21, text=f"{seat}: shows a drawn 21 at once, "
                                       f"{_cards(self._hands[seat])} (R12, variant)")
        else:
            self._event("stand", "R11", seat=seat, total=value.total,
                        text=f"{seat}: satisfied, stands (R11)")

    def _banker_stands(self) -> None:
        total = self._value(self._banker).total
        self._event("banker_stand", "R14", seat=self._banker, total=total,
                    text=f"the banker {self._banker} stands (R14)")
        self._phase = "settle"

    def _advance(self) -> None:
        """Give the turn to the next player still buying, then the banker, then settlement."""
        for seat in self._order:
            if self._status[seat] != "in":
                continue
            value = self._value(seat)
            if value.bust:
                self._player_busts(seat)
            elif value.total >= 21:
                self._player_stands(seat)
            else:
                self._phase, self._to_act = "players", seat
                return
        self._to_act = ""
        if "stood" not in self._status.values():
            self._phase = "settle"
            return
        value = self._value(self._banker)
        if value.bust:
            self._event("banker_bust", "R16", seat=self._banker, total=value.total,
                        text=f"the banker {self._banker} is over 21 with {value.total} (R16)")
            self._phase = "settle"
        elif value.total >= 21:
            self._banker_stands()
        else:
            self._phase = "banker"

    def _player_busts(self, seat: str) -> None:
        """Over 21: he shows his cards and pays at once, whatever the banker does (R13)."""
        self._status[seat] = "bust"
        self._revealed.append(seat)
        total = self._value(seat).total
        self._event("bust", "R13", seat=seat, cards=tuple(self._hands[seat]), total=total,
                    text=f"{seat}: over 21 with {total}, {_cards(self._hands[seat])} (R13)")
        self._pay(seat, self._outcome(self._banker), compared=False)

    # ----- settlement and the bank -----

    def settle(self) -> dict[str, Money]:
        """Settle every player still in against the banker; each seat's result (R15–R17, R6)."""
        if self._phase != "settle":
            raise IllegalAction("cannot_settle", phase=self._describe_phase())
        banker = self._banker
        against = self._outcome(banker)
        for seat in self._order:
            if self._status[seat] == "stood":
                self._pay(seat, against)
                self._status[seat] = "settled"
        for seat in [*self._order, banker]:
            if seat not in self._revealed:
                self._revealed.append(seat)
        self._results = {seat: _money(r) for seat, r in self._round_result.items()}
        ended = ("had a natural" if against == "natural" else "went bust" if against == "bust"
                 else f"had {against}")
        summary = ", ".join(f"{seat} {_signed(self._results[seat])}" for seat in self._order)
        self._event("round_settled", "R9–R17", seat=banker, amount=self._results[banker],
                    outcome=against, text=f"round {self._round_number} settled, the banker "
                    f"{banker} {ended}: {summary}; the banker {banker} "
                    f"{_signed(self._results[banker])} (R9–R17)")
        self._phase = "settled"
        return dict(self._results)

    def next_round(self) -> str:
        """Put the hands in the discards; after a dealt-through shoe the bank passes (R18, R19)."""
        if self._phase != "settled":
            raise IllegalAction("not_settled", phase=self._describe_phase())
        for seat in self._players:
            self._discards += self._hands[seat]
            self._hands[seat], self._open[seat] = [], []
        self._revealed, self._order, self._status = [], [], {}
        self._stakes, self._late = {}, {}
        if self._shoe_ran_out or not self._stock:
            self._pass_bank()
        self._phase = "staking"
        return self._banker

    def _pass_bank(self) -> None:
        """The shoe is dealt through: the bank passes to the right, with a fresh shoe (R18, R19)."""
        old = self._banker
        new = self._players[(self._players.index(old) + 1) % len(self._players)]
        self._banker = new
        self._bank_number += 1
        self._rounds_in_bank = 0
        self._shoe_ran_out = False
        self._event("bank_passes", "R19", seat=new, other=old,
                    text=f"the shoe is dealt through: the bank passes from {old} to {new}, the "
                         "next seat on the right (R18, R19)")
        self._stock, self._discards = fresh_cards(self.rules), []
        self._shuffle_fresh_shoe()

    def stack_shoe(self, cards: HandLike) -> None:
        """Put these cards, taken from the shoe, on its top in this order (for demonstrations).

        A card without a suit takes the first card of that rank in the shoe.
        """
        stock = list(self._stock)
        top = []
        for card in parse_cards(cards):
            place = next((i for i, c in enumerate(stock)
                          if c == card or (card.suit is None and c.rank == card.rank)), None)
            if place is None:
                raise CardError("not_in_shoe", card=Cards(str(card)),
                                shoe=Cards(str(self.shoe)) if self.shoe else message("nothing"))
            top.append(stock.pop(place))
        self._stock = top + stock
        self._event("stack", "", cards=tuple(top),
                    text=f"the top of the shoe is arranged: {_cards(top)} (a demonstration)")

    # ----- helpers -----

    def _event(self, kind: str, rule: str, text: str, **fields: Any) -> None:
        self._events.append(Event(kind, rule, self._round_number, text, **fields))

    def _seat(self, player: str) -> str:
        """The name of a seat at the table; anything else is an IllegalAction."""
        name = player.strip() if isinstance(player, str) else None
        if name not in self._players:
            raise IllegalAction("not_seated", player=quote(player), names=_names(self._players))
        return name

    def _others(self) -> list[str]:
        """The players other than the banker, starting from the banker's right (R7)."""
        i = self._players.index(self._banker)
        return self._players[i + 1:] + self._players[:i]

    def _value(self, seat: str) -> HandValue:
        return hand_value(self._hands[seat], self.rules)

    def _outcome(self, seat: str) -> Outcome:
        """'natural', 'bust' or the total: what rules.settle compares (R15–R17)."""
        value = self._value(seat)
        if value.natural:
            return "natural"
        return "bust" if value.bust else value.total

    def _cards_left(self) -> bool:
        return bool(self._stock or self._discards)

    def _draw(self) -> Card:
        """The next card of the shoe; if it is empty, the discards finish the round (R18)."""
        if not self._stock:
            self._event("reshuffle", "R18", text=f"the shoe is empty: the {len(self._discards)} "
                        "discards are shuffled to finish the round, then the bank passes (R18)")
            self._stock, self._discards = self._discards, []
            self._rng.shuffle(self._stock)
            self._shoe_ran_out = True
        return self._stock.pop(0)

    def _shuffle_fresh_shoe(self) -> None:
        self._rng.shuffle(self._stock)
        self._event("shuffle", "R18", text=f"a fresh shoe of {len(self._stock)} cards is "
                                           "shuffled (R1, R18)")

    def _pay(self, seat: str, against: Outcome, compared: bool = True) -> None:
        """Money between the player and the banker for this outcome (R6, R9–R17)."""
        outcome = self._outcome(seat)
        stake, late = self._stakes[seat], self._late.get(seat, 0)
        amount = _money(settle(outcome, against, self.rules, stake, late))
        self._purses[seat] = _money(self._purses[seat] + amount)
        self._purses[self._banker] = _money(self._purses[self._banker] - amount)
        self._round_result[seat] += amount
        self._round_result[self._banker] -= amount
        rule = _payment_rule(outcome, against, amount)
        text = _payment_text(seat, self._banker, outcome, against, amount, stake, late, rule,
                             self.rules)
        self._event("payment", rule, seat=seat, other=self._banker, amount=amount,
                    outcome=outcome, against=against if compared else None, stake=stake,
                    late=late, late_paid=self.rules.late_additions_paid,
                    ties_to_banker=self.rules.ties_to_banker, text=text)

    def _check_turn(self, player: str | None, action: str) -> str:
        """The seat to act, checking that `player` (if given) is the one whose turn it is."""
        if self._phase not in ("players", "banker"):
            raise IllegalAction(f"nobody_may_{action}", phase=self._describe_phase())
        if player is None:
            return self._to_act if self._phase == "players" else self._banker
        if self._phase == "banker" and isinstance(player, str) and player == "banker":
            return self._banker
        seat = self._seat(player)
        acting = self._to_act if self._phase == "players" else self._banker
        if seat == acting:
            return seat
        whose = message("the_banker", seat=acting) if acting == self._banker else acting
        if self._status.get(seat) == "stood":
            raise IllegalAction(f"stood_{action}", seat=seat, whose=whose)
        raise IllegalAction("not_your_turn", whose=whose, seat=seat)

    def _check_stake_time(self, seat: str) -> bool:
        """Whether a stake now is a late addition (R6); raises if no stake is possible now."""
        if self._phase == "staking":
            return False
        if self._phase == "players":
            status = self._status.get(seat)
            if status in ("in", "stood"):
                return True
            if status is None:
                raise IllegalAction("sat_out", seat=seat)
            raise IllegalAction("out_of_round", seat=seat, status=message(f"status.{status}"),
                                still=_names(self.still_in) or message("nobody"))
        raise IllegalAction("no_stake_now", phase=self._describe_phase())

    def _describe_phase(self) -> Message:
        """What the table is waiting for, as a message, for error messages."""
        seat = {"players": self._to_act, "banker": self._banker}.get(self._phase)
        return message(f"phase.{self._phase}", seat=seat) if seat else \
            message(f"phase.{self._phase}")


def _check_players(players: object) -> list[str]:
    """2–12 names, stripped, each visible and unlike the others and 'banker' (R4, R19)."""
    seated = bounded(players, "players", 1000,
                     use=message("use.players", low=MIN_PLAYERS, high=MAX_PLAYERS))
    if len(seated) > MAX_PLAYERS:
        raise RuleError("table_size", n=len(seated), low=MIN_PLAYERS, high=MAX_PLAYERS)
    names: list[str] = []
    for player in seated:
        names.append(check_name(short_text(player, "name", LONGEST_NAME), names))
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RuleError("table_size", n=len(names), low=MIN_PLAYERS, high=MAX_PLAYERS)
    return names


def _amount(amount: object, what: str) -> int:
    """A stake or a price: a positive whole number of at most MAX_PURSE (R5, R20)."""
    return whole(amount, what, 1, MAX_PURSE, StakeError, code=f"{what}_not_whole")


def _check_policy(policy: Policy, rules: RuleSet) -> WantsCard:
    """A function (hand, seen) -> bool from a threshold N (buy while total < N) or a function."""
    if callable(policy):
        return policy_function(policy, "table")
    threshold = whole(policy, "policy", 2, 21, code="table_policy")
    return lambda hand, seen: hand_value(hand, rules).total < threshold


def _payment_rule(outcome: Outcome, against: Outcome, amount: Money) -> str:
    """The rule a payment follows (R9, R10, R12, R13, R15–R17)."""
    if against == "natural":
        return "R9"
    if outcome == "natural":
        return "R10"
    if outcome == "bust":
        return "R13"
    if against == "bust":
        return "R16"
    if against == 21:
        return "R15"
    return "R12" if outcome == 21 and amount > 0 else "R17"


def _payment_text(seat: str, banker: str, outcome: Outcome, against: Outcome, amount: Money,
                  stake: int, late: int, rule: str, rules: RuleSet) -> str:
    """A payment in English: why, who pays whom, and how many stakes (R6, R9–R17)."""
    mine = "a drawn 21" if outcome == 21 else outcome
    if rule == "R9":
        reason = "the banker's natural" + (" against a natural" if outcome == "natural" else "")
    elif rule == "R10":
        reason = "a natural"
    elif rule == "R13":
        reason = "over 21"
    elif rule == "R16":
        reason = f"{mine} against the banker over 21"
    elif rule == "R15":
        reason = f"{outcome} against the banker's 21"
    elif isinstance(outcome, str) or isinstance(against, str):
        raise AssertionError("a natural or a bust is paid by R9, R10, R13 or R16")
    elif outcome > against:
        reason = f"{mine} beats the banker's {against}"
    elif outcome == against:
        ties = "ties go to the banker" if rules.ties_to_banker else "a tie pays nothing"
        reason = f"{outcome} ties the banker's {against}; {ties}"
    else:
        reason = f"{outcome} loses to the banker's {against}"
    if amount > 0:
        money = f"paid {format_money(amount)} by the banker {banker}"
    elif amount < 0:
        money = f"pays {format_money(-amount)} to the banker {banker}"
    else:
        money = "nothing is paid"
    if late and amount < 0:
        money += f", the late addition of {late} included (R6)"
    elif late and amount > 0:
        paid = "is paid too" if rules.late_additions_paid else "is not paid"
        money += f"; the late addition of {late} {paid} (R6)"
    elif amount:
        money += f", {format_money(abs(Fraction(amount)) / stake)}× the stake"
    return f"{seat}: {reason} — {money} ({rule})"


def _money(amount: Money) -> Money:
    """A whole amount as int, otherwise the exact Fraction."""
    amount = Fraction(amount)
    return amount.numerator if amount.denominator == 1 else amount


def _signed(amount: Money) -> str:
    return ("+" if amount > 0 else "") + format_money(amount)


def _names(names: Iterable[str]) -> str:
    return ", ".join(names)


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _rank_counts(cards: Iterable[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return counts


def _frozen(value: object) -> object:
    """A comparable copy of a piece of table state (lists become tuples; the rng its state)."""
    if isinstance(value, random.Random):
        return value.getstate()
    if isinstance(value, dict):
        return {key: _frozen(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value
