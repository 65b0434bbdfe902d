"""Monte Carlo of whole rounds with numpy, to check the exact engine by experiment (R4, R7–R17).

A round is the one `exact.round_value` values: the players against the banker from a given
shoe, stake 1 each. The deal (R7), the banker's natural (R9), the players' naturals (R10), each
player's buying by his policy (R11, R13), the banker's buying (R14) and the settlement (R15–R17)
are played out for many rounds at once: each step of the game is one numpy operation over all
the rounds of a block, never a Python loop per card or per round.

As in the exact model, the banker follows `banker_stands_on` and never looks at open cards
(an informed banker, `reveal_drawn_21_early`, is not simulated). One difference: a hand that
wants a card from an empty shoe stands, where the exact engine refuses a shoe that could run
out (R18's reshuffle); neither happens with a fresh shoe of two packs and up to 11 players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from math import sqrt

import numpy as np

from .exact.composition import value_classes
from .game.cards import Shoe
from .game.hands import hand_value
from .game.rules import HISTORICAL, Outcome, RuleSet, RulesLike, rule_set, settle
from .words.errors import CardError, RuleError
from .words.validate import (
    answer,
    is_whole,
    policy_answer,
    policy_function,
    quote,
    seed_of,
    whole,
)

BLOCK = 16_384  # rounds of one player played together (fewer with more players at the table)
STEP = BLOCK  # rounds of one player per step of a long run: one block, well under 100 ms
MAX_ROUNDS = 20_000_000  # rounds of rounds_in_steps, played a step at a time
MAX_BANKS = 100_000  # whole banks of simulate.banks, with few players
# One call of rounds, paired_rounds or banks answers in a few seconds: at most about 5 s on an
# idle 2-core machine, twice that when other work shares it. Measured: a round costs about
# 0.9 µs per seat, players and banker (1.4 µs with one player, 10.7 µs with eleven);
# paired_rounds plays each round twice; a bank about 15 µs per seat and 30 µs more (44 µs with
# one player, 73 with four, 180 with eleven).
MOST_SEAT_ROUNDS = 5_000_000  # rounds × seats (players + 1) of one call
MOST_BANK_SEATS = 400_000  # banks × (players + 2) of one call of banks
MAX_PLAYERS = 11  # players besides the banker: the game is for 5-12 people (all 12 choose him)
_TOP = 33  # rows of the policy tables: every total a hand can reach (at most 20 + 11 = 31)
_BUST, _NATURAL = 22, 23  # outcome codes beside the totals 2..21

Policy = int | Mapping[tuple[int, bool], bool] | Callable[[int, bool], bool]


@dataclass(frozen=True)
class SimulationResult:
    """Simulated rounds: the players' result in each round, in stakes (negate it for the bank)."""

    results: np.ndarray
    sums: tuple[float, float] | None = field(default=None, repr=False)  # (Σ results, Σ squares)

    def __post_init__(self) -> None:
        if self.sums is None:
            sums = (float(self.results.sum()), float(np.square(self.results).sum()))
            object.__setattr__(self, "sums", sums)

    @property
    def _sums(self) -> tuple[float, float]:
        """(Σ results, Σ squares), always filled in by __post_init__."""
        if self.sums is None:
            raise AssertionError("__post_init__ fills in the sums")
        return self.sums

    @property
    def n(self) -> int:
        """The number of rounds simulated."""
        return len(self.results)

    @property
    def mean(self) -> float:
        """The players' mean result per round, the estimate of `exact.round_value`."""
        return self._sums[0] / self.n

    @property
    def std_error(self) -> float:
        """The standard error of the mean (sample standard deviation over the root of n),
        from the deviations from the mean (two passes): results that differ never give 0."""
        if self.n < 2:
            return float("nan")
        return sqrt(float(np.var(self.results, ddof=1)) / self.n)

    def running_mean(self) -> np.ndarray:
        """The mean of the first k rounds for k = 1..n, for convergence plots."""
        return np.cumsum(self.results) / np.arange(1, self.n + 1)


@dataclass(frozen=True)
class FirstBankerResult:
    """How often each seat received the first ace when choosing the banker (R4)."""

    counts: np.ndarray

    @property
    def n(self) -> int:
        """The number of trials."""
        return int(self.counts.sum())

    @property
    def frequencies(self) -> np.ndarray:
        """The share of trials won by each seat, seat 1 first."""
        return self.counts / self.n

    @property
    def std_errors(self) -> np.ndarray:
        """The standard error of each seat's frequency."""
        p = self.frequencies
        return np.sqrt(p * (1 - p) / self.n)


def rounds(n_rounds: int, policy: Policy = 17, rules: RulesLike = HISTORICAL,
           shoe: Shoe | None = None, seed: int | None = 0, players: int = 1) -> SimulationResult:
    """Simulate `n_rounds` rounds, each from the same starting shoe (R7–R17).

    `policy` is a threshold N (buy while the best total is below N), a dict
    {(total, soft): buy?} (a total not in it stands) or a function (total, soft) -> buy?.
    `shoe=None` is a fresh shoe of `rules.decks` packs. With `players=n` the n players share the
    shoe, sit in seat order and all play `policy`; a round's result is their total result.
    """
    n_rounds = _check_work(n_rounds, players)
    return next(rounds_in_steps(n_rounds, n_rounds, policy, rules, shoe, seed, players))


def most_rounds(players: int = 1, paired: bool = False) -> int:
    """The most rounds one call of `rounds` (or `paired_rounds`) plays for `players` players:
    as many as take a few seconds (MOST_SEAT_ROUNDS); rounds_in_steps plays longer runs."""
    players = whole(players, "players", 1, MAX_PLAYERS)
    return MOST_SEAT_ROUNDS // ((players + 1) * (2 if paired else 1))


def most_banks(players: int = 4) -> int:
    """The most banks one call of `banks` plays for `players` players: a few seconds' worth."""
    players = whole(players, "players", 1, MAX_PLAYERS)
    return min(MAX_BANKS, MOST_BANK_SEATS // (players + 2))


def rounds_in_steps(total: int, step: int | None = None, policy: Policy = 17,
                    rules: RulesLike = HISTORICAL, shoe: Shoe | None = None,
                    seed: int | None = 0, players: int = 1) -> Iterator[SimulationResult]:
    """Simulate `total` rounds `step` at a time, yielding the result so far after each step.

    The rounds are the same as those of `rounds(total, ...)` with the same seed, whatever the
    step, so a widget can show a long simulation growing and stop it at any time.
    `step=None` takes STEP // players rounds a step, well under 100 ms each.
    """
    total = _check_count(total, "total")
    game = _Game.build(policy, rule_set(rules), shoe, players)
    step = max(1, STEP // game.players) if step is None else _check_count(step, "step")
    rng = np.random.default_rng(seed_of(seed))
    results = np.empty(total)
    return _steps(game, rng, results, step)


@dataclass(frozen=True)
class PairedResult:
    """Two policies played on the same shuffled shoes, round by round (matched pairs)."""

    first: SimulationResult  # the first policy's result in each round
    second: SimulationResult  # the second policy's, with the same cards in the same order

    @property
    def difference(self) -> SimulationResult:
        """first − second in each round: its mean estimates the difference of the two values."""
        return SimulationResult(self.first.results - self.second.results)


def paired_rounds(n_rounds: int, policy: Policy, other: Policy, rules: RulesLike = HISTORICAL,
                  shoe: Shoe | None = None, seed: int | None = 0,
                  players: int = 1) -> PairedResult:
    """Play `policy` and `other` on the same `n_rounds` shuffled shoes (R7–R17).

    Each round's shoe is shuffled once and dealt to both, card for card in the same order, so
    the two results of a round differ only where the policies decide differently: the
    difference of their means has a far smaller standard error than two separate runs give.
    """
    n_rounds = _check_work(n_rounds, players, paired=True)
    rules = rule_set(rules)
    games = (_Game.build(policy, rules, shoe, players), _Game.build(other, rules, shoe, players))
    rng = np.random.default_rng(seed_of(seed))
    results = (np.empty(n_rounds), np.empty(n_rounds))
    size = max(1, BLOCK // games[0].players)
    deck = np.repeat(np.arange(len(games[0].counts)), games[0].counts)
    for start in range(0, n_rounds, size):
        rows = min(size, n_rounds - start)
        order = rng.permuted(np.tile(deck, (rows, 1)), axis=1)
        for game, result in zip(games, results, strict=True):
            counts = np.tile(game.counts, (rows, 1))
            played = game.play_round(rng, counts, counts.sum(axis=1), order=order)
            result[start:start + rows] = played.sum(axis=1)
    return PairedResult(SimulationResult(results[0]), SimulationResult(results[1]))


@dataclass(frozen=True)
class BanksResult:
    """Simulated banks, each dealing one shoe through (R18): the banker's gain and the rounds."""

    gains: SimulationResult  # the banker's total gain in each bank, in stakes
    rounds: SimulationResult  # the rounds each bank played


def banks(n_banks: int, players: int = 4, policy: Policy = 17, rules: RulesLike = HISTORICAL,
          seed: int | None = 0) -> BanksResult:
    """Simulate `n_banks` banks, each a fresh shoe dealt through round after round (R7–R18).

    Every round is dealt from what the earlier rounds of its bank left; a round that runs out
    of cards is finished with the bank's earlier cards reshuffled, and the bank ends (R18).
    The `players` all play `policy` (as in `rounds`), stake 1 each round.
    """
    n_banks = whole(n_banks, "n_banks", 1, MAX_BANKS)
    if n_banks > most_banks(players):
        raise RuleError("sim_too_many_banks", n=n_banks, players=players,
                        most=most_banks(players))
    game = _Game.build(policy, rule_set(rules), None, players)
    rng = np.random.default_rng(seed_of(seed))
    gains, played = np.empty(n_banks), np.empty(n_banks)
    size = max(1, BLOCK // (8 * game.players))
    for start in range(0, n_banks, size):
        block = slice(start, min(start + size, n_banks))
        gains[block], played[block] = game.play_banks(rng, block.stop - block.start)
    return BanksResult(SimulationResult(gains), SimulationResult(played))


def first_banker(n_players: int, n_trials: int, seed: int | None = 0, shoe: Shoe | None = None,
                 rules: RulesLike = HISTORICAL) -> FirstBankerResult:
    """Deal a shuffled shoe one card at a time round the seats; the first ace holds the bank (R4).

    `shoe=None` is a fresh shoe of `rules.decks` packs (R1).
    """
    n_players = whole(n_players, "n_players", 1, MAX_PLAYERS + 1)
    n_trials = _check_count(n_trials, "n_trials")
    rules = rule_set(rules)
    shoe = Shoe.fresh(rules.decks, rules.pack) if shoe is None else _check_shoe(shoe, 1)
    aces = shoe.count("A")
    if aces == 0:
        raise CardError("sim_no_ace", shoe=str(shoe))
    rng = np.random.default_rng(seed_of(seed))
    counts = np.zeros(n_players, dtype=np.int64)
    for start in range(0, n_trials, BLOCK):
        size = min(BLOCK, n_trials - start)
        position = _first_ace_positions(rng, size, len(shoe), aces)
        counts += np.bincount(position % n_players, minlength=n_players)
    return FirstBankerResult(counts)


def _first_ace_positions(rng: np.random.Generator, size: int, cards: int,
                         aces: int) -> np.ndarray:
    """Where the first ace lies (0 = the top card) in `size` shuffles of the shoe (R4).

    Card by card: while no ace has come, the next card is an ace with chance aces / cards left.
    """
    position = np.empty(size, dtype=np.int64)
    waiting = np.arange(size)
    for dealt in range(cards - aces + 1):
        ace = rng.random(waiting.size) * (cards - dealt) < aces
        position[waiting[ace]] = dealt
        waiting = waiting[~ace]
    return position


def _steps(game: _Game, rng: np.random.Generator, results: np.ndarray,
           step: int) -> Iterator[SimulationResult]:
    """Fill `results` block by block, yielding after every `step` rounds and at the end.

    The blocks do not depend on `step`, so neither do the rounds.
    """
    done, total, squares = 0, 0.0, 0.0
    spare = np.empty(0)
    while done < len(results):
        goal = min(done + step, len(results))
        while done < goal:
            if spare.size == 0:
                spare = game.play_block(rng, BLOCK // game.players)
            take = min(goal - done, spare.size)
            results[done:done + take] = spare[:take]
            total += float(spare[:take].sum())
            squares += float(np.square(spare[:take]).sum())
            spare = spare[take:]
            done += take
        yield SimulationResult(results[:done], (total, squares))


@dataclass(frozen=True)
class _Game:
    """The rules and shoe as lookup tables over value classes (composition.value_classes)."""

    points: np.ndarray  # points of each class, an ace counted 1 (R2)
    is_ace: np.ndarray  # 1 for the class of aces
    counts: np.ndarray  # cards of each class in the starting shoe
    natural: np.ndarray  # [first card, second card] -> the two cards are a natural (R3)
    player_buys: np.ndarray  # [total, soft] -> the player buys (R11)
    banker_buys: np.ndarray  # [total, soft] -> the banker buys (R14)
    payout: np.ndarray  # [player outcome, banker outcome] -> the player's result (R9-R17)
    ace_soft: bool
    players: int

    @classmethod
    def build(cls, policy: Policy, rules: RuleSet, shoe: Shoe | None, players: int) -> _Game:
        """Check the arguments and turn them into tables."""
        players = whole(players, "players", 1, MAX_PLAYERS)
        if shoe is None:
            shoe = Shoe.fresh(rules.decks, rules.pack)
        shoe = _check_shoe(shoe, 2 * (players + 1))
        classes = value_classes(rules)
        names = [classes.name(i) for i in range(classes.size)]
        natural = np.array([[hand_value([a, b], rules).natural for b in names] for a in names])
        return cls(
            points=np.array(classes.points, dtype=np.int64),
            is_ace=(np.arange(classes.size) == classes.ace).astype(np.int64),
            counts=np.array(classes.of_shoe(shoe), dtype=np.int32),
            natural=natural,
            player_buys=_buy_table(_player_decides(policy)),
            banker_buys=_buy_table(rules.banker_buys),
            payout=_payout_table(rules),
            ace_soft=rules.ace_soft,
            players=players,
        )

    def best(self, hard: np.ndarray, aces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Best totals and softness of hands given their hard totals and aces (R2)."""
        if not self.ace_soft:
            return hard + 10 * aces, np.zeros(len(hard), dtype=np.int64)
        soft = ((aces > 0) & (hard <= 11)).astype(np.int64)
        return hard + 10 * soft, soft

    def play_block(self, rng: np.random.Generator, size: int) -> np.ndarray:
        """The players' total result in each of `size` rounds (R7–R17)."""
        counts = np.tile(self.counts, (size, 1))
        return self.play_round(rng, counts, counts.sum(axis=1)).sum(axis=1)

    def play_banks(self, rng: np.random.Generator, size: int) -> tuple[np.ndarray, np.ndarray]:
        """The banker's total gain and the rounds played in each of `size` banks (R18)."""
        counts = np.tile(self.counts, (size, 1))
        left = counts.sum(axis=1)
        gains, played = np.zeros(size), np.zeros(size)
        active = np.arange(size)
        while active.size:
            shoes, cards = counts[active], left[active]
            discards = self.counts - shoes
            before = discards.sum(axis=1)
            results = self.play_round(rng, shoes, cards, discards)
            counts[active], left[active] = shoes, cards
            gains[active] -= results.sum(axis=1)
            played[active] += 1
            ran_out = discards.sum(axis=1) < before  # refilled from the discards (R18)
            active = active[(cards > 0) & ~ran_out]
        return gains, played

    def play_round(self, rng: np.random.Generator, counts: np.ndarray, left: np.ndarray,
                   discards: np.ndarray | None = None,
                   order: np.ndarray | None = None) -> np.ndarray:
        """Each player's result in one round from each shoe of `counts` (R7–R17).

        With `discards` (the cards of each shoe's earlier rounds), a shoe that runs out in the
        round is refilled with them, shuffled, to finish it (R18). With `order` (each shoe
        shuffled already, as value classes), the cards come in that order.
        """
        n = self.players
        size = len(counts)
        deal = _Dealer(counts, left, rng, discards, order)
        hard = np.zeros((size, n + 1), dtype=np.int64)  # column n is the banker
        aces = np.zeros((size, n + 1), dtype=np.int64)
        first = np.zeros((size, n + 1), dtype=np.int64)
        natural = np.zeros((size, n + 1), dtype=bool)
        everyone = np.arange(size)
        for turn in range(2):  # two cards each, one at a time, the banker last (R7)
            for hand in range(n + 1):
                card = deal(everyone)
                hard[:, hand] += self.points[card]
                aces[:, hand] += self.is_ace[card]
                if turn == 0:
                    first[:, hand] = card
                else:
                    natural[:, hand] = self.natural[first[:, hand], card]
        banker_natural = natural[:, n]
        for seat in range(n):  # players buy in seat order (R11)
            playing = np.flatnonzero(~banker_natural & ~natural[:, seat])
            self.buy(deal, hard, aces, playing, seat, self.player_buys)
        total, _ = self.best(hard, aces)
        still_in = ~natural[:, :n] & (total[:, :n] <= 21)
        banker_plays = np.flatnonzero(~banker_natural & still_in.any(axis=1))
        self.buy(deal, hard, aces, banker_plays, n, self.banker_buys)
        total, _ = self.best(hard, aces)
        outcome = np.where(natural, _NATURAL, np.where(total > 21, _BUST, total))
        return self.payout[outcome[:, :n], outcome[:, n:]]

    def buy(self, deal: _Dealer, hard: np.ndarray, aces: np.ndarray, rows: np.ndarray,
            hand: int, buys: np.ndarray) -> None:
        """Hand `hand` of rounds `rows` buys one card at a time while `buys` says so (R11, R14)."""
        while rows.size:
            total, soft = self.best(hard[rows, hand], aces[rows, hand])
            rows = rows[buys[np.minimum(total, _TOP - 1), soft] & deal.has_cards(rows)]
            if rows.size == 0:
                return
            card = deal(rows)
            hard[rows, hand] += self.points[card]
            aces[rows, hand] += self.is_ace[card]


@dataclass
class _Dealer:
    """Cards from many shoes at once; with `discards`, an empty shoe is refilled from them (R18)."""

    counts: np.ndarray
    left: np.ndarray
    rng: np.random.Generator
    discards: np.ndarray | None
    order: np.ndarray | None = None  # each shoe already shuffled: its cards in order

    def __post_init__(self) -> None:
        self.dealt = np.zeros(len(self.counts), dtype=np.int64)

    def has_cards(self, rows: np.ndarray) -> np.ndarray:
        """Whether each shoe of `rows` can give a card."""
        if self.discards is None:
            return self.left[rows] > 0
        return (self.left[rows] > 0) | (self.discards[rows].sum(axis=1) > 0)

    def __call__(self, rows: np.ndarray) -> np.ndarray:
        """One card for each shoe in `rows`."""
        if self.discards is not None:
            empty = rows[self.left[rows] == 0]
            self.counts[empty] = self.discards[empty]
            self.left[empty] = self.counts[empty].sum(axis=1)
            self.discards[empty] = 0
        if self.order is None:
            return _draw(self.counts, self.left, self.rng, rows)
        card = self.order[rows, self.dealt[rows]]
        self.dealt[rows] += 1
        self.counts[rows, card] -= 1
        self.left[rows] -= 1
        return card


def _draw(counts: np.ndarray, left: np.ndarray, rng: np.random.Generator,
          rows: np.ndarray) -> np.ndarray:
    """One card for each round in `rows`, every card left in its shoe equally likely (R1)."""
    target = (rng.random(rows.size) * left[rows]).astype(np.int32)
    card = (np.cumsum(counts[rows], axis=1) <= target[:, None]).sum(axis=1)
    counts[rows, card] -= 1
    left[rows] -= 1
    return card


def _buy_table(decides: Callable[[int, bool], bool]) -> np.ndarray:
    """table[total, soft] -> buy?; a hand stands on 21 or more whatever the policy (R11)."""
    table = np.zeros((_TOP, 2), dtype=bool)
    for total in range(2, 21):
        for soft in (False, True):
            table[total, int(soft)] = answer(policy_answer(decides, "simulation", total, soft),
                                             f"total={total}, soft={soft}")
    return table


def _player_decides(policy: Policy) -> Callable[[int, bool], bool]:
    """The player's policy as a function (total, soft) -> buy? (R11)."""
    if isinstance(policy, str) and policy == "optimal":
        raise RuleError("sim_optimal")
    if is_whole(policy):
        threshold = whole(policy, "policy", 2, 21, code="sim_threshold")
        return lambda total, soft: total < threshold
    if isinstance(policy, Mapping):
        for key, buy in policy.items():
            if not (isinstance(key, tuple) and len(key) == 2 and is_whole(key[0])
                    and 2 <= key[0] <= 21 and isinstance(key[1], bool)):
                raise RuleError("sim_key", key=quote(key))
            if not isinstance(buy, bool):
                raise RuleError("sim_decision", buy=quote(buy), key=quote(key))
        return lambda total, soft: policy.get((total, soft), False)
    if callable(policy):
        return policy_function(policy, "simulation")
    raise RuleError("sim_policy", policy=quote(policy))


def _payout_table(rules: RuleSet) -> np.ndarray:
    """table[player outcome, banker outcome] -> the player's result, from `settle` (R9–R17)."""
    names: dict[int, Outcome] = {code: code for code in range(2, 22)}
    names |= {_BUST: "bust", _NATURAL: "natural"}
    table = np.zeros((_NATURAL + 1, _NATURAL + 1))
    for p, player in names.items():
        for b, banker in names.items():
            table[p, b] = float(settle(player, banker, rules))
    return table


def _check_count(value: object, name: str) -> int:
    return whole(value, name, 1, MAX_ROUNDS)


def _check_work(n_rounds: object, players: object, paired: bool = False) -> int:
    """A number of rounds that one call plays in a few seconds with so many players."""
    n_rounds = _check_count(n_rounds, "n_rounds")
    most = most_rounds(whole(players, "players", 1, MAX_PLAYERS), paired)
    if n_rounds > most:
        raise RuleError("sim_too_many_rounds", n=n_rounds, players=players, most=most)
    return n_rounds


def _check_shoe(shoe: Shoe, least: int) -> Shoe:
    if not isinstance(shoe, Shoe):
        raise CardError("sim_not_shoe", shoe=quote(shoe))
    if len(shoe) < least:
        raise CardError("sim_small_shoe", n=len(shoe), least=least)
    return shoe
