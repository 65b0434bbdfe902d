"""The engine's messages as data: a stable code and its parameters, and each code's English.

The design, in one place:

- A Message is plain data, a code and its parameters. An error (errors.TwentyOneError)
  carries one; str(error) is its English, `error.in_language("ru")` its Russian.
- ENGLISH below maps each code to its English template (str.format fields). A template that
  counts something is a triple (singular, plural, name of the count), worded through gettext's
  ngettext: "1 card", "2 cards"; «1 карта», «2 карты», «5 карт».
- Other languages are gettext catalogs, twentyone_edu/locale/<language>/LC_MESSAGES/engine.po,
  read at run time with Babel (no build step) by catalogs.py, which reads the widgets' catalog
  too. Each entry has the code as msgctxt and the English template as msgid, so a translator
  sees the English in Poedit, and an English text that changes makes the entry stale
  (tests/test_messages.py fails until the translation follows).
- `python -m twentyone_edu.locale update` merges ENGLISH into engine.po (Babel's
  Catalog.update): a new code comes in untranslated, a changed English text turns its entry
  fuzzy, a removed code goes; the translator then fills in or confirms the Russian.
- A parameter is a name, a quoted excerpt of a bad value, a number, exact money (a Fraction),
  cards (Cards) or another Message (what is valid, a reason): numbers and nested messages are
  written in the language asked for (notation.py), cards in its letters (card_letters.py).
  Players' names are never declined: the Russian phrases around them, so a name stands where
  the nominative is right (tests/test_russian_names.py).
- `phrase` words a message in a language already checked; wording.say, above the errors, is
  the public way, which checks the language first.
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from . import card_letters, catalogs, notation
from .catalogs import Template

DOMAIN = "engine"
QUOTE = 40  # characters of a bad value quoted in a message

_SHORT = reprlib.Repr()  # writes out a few items of a list and a few characters of a text
_SHORT.maxlevel, _SHORT.maxdict = 2, 4
_SHORT.maxtuple = _SHORT.maxlist = _SHORT.maxset = _SHORT.maxfrozenset = _SHORT.maxdeque = 8
_SHORT.maxstring = _SHORT.maxlong = _SHORT.maxother = QUOTE


def quote(value: object) -> str:
    """repr(value), cut to about QUOTE characters with an ellipsis; never fails, and never
    writes out the whole of a huge text or list first."""
    try:
        shown = repr(value) if isinstance(value, str | bytes) and len(value) <= QUOTE \
            else _SHORT.repr(value)
    except Exception:  # an int of over 4300 digits, or a broken __repr__
        shown = f"<{type(value).__name__}>"
    return shown if len(shown) <= QUOTE else shown[:QUOTE - 1] + "…"


class Message(NamedTuple):
    """A code and its parameters, worded only when shown: a part of a message, such as what
    is valid, or a whole one."""

    code: str
    params: dict[str, object]


class Money(NamedTuple):
    """An exact amount of money, written in the language's notation; with `sign`, a gain is
    written +5 (R5, R6, R9–R17)."""

    amount: int | Fraction
    sign: bool = False


class Cards(NamedTuple):
    """Cards written with the English letters ('A♠ K', '10/J/Q/K'), shown in the letters of
    the language asked for (R1)."""

    text: str

    @classmethod
    def of(cls, cards: Iterable[object]) -> Cards:
        """The cards of a hand or a shoe, one after another (R1)."""
        return cls(" ".join(map(str, cards)))


def message(code: str, **params: object) -> Message:
    """Message(code, params), checking that the code is in ENGLISH."""
    if code not in ENGLISH:
        raise KeyError(f"no engine message has the code {code!r}")
    return Message(code, params)


ENGLISH: dict[str, Template] = {
    # validate.py: any argument
    "not_valid": "{name}={value} is not valid (use {use})",
    "too_many": "{name}={value} holds more than {most:,} items (use {use})",
    "policy_form": "policy={value} is not a policy for {where} (use a function of two "
                   "arguments, ({form}))",
    "policy_other_form": "policy={value} takes ({other_form}), the form for {other}; a policy "
                         "for {where} takes ({form})",
    "policy_failed": "the policy failed when asked for {where}, with ({form}): {failure}",
    "where.table": "the table",
    "where.simulation": "the simulation",
    "policy_answer": "the policy answered {value} for {asked} (a policy answers True to buy, "
                     "False to stand)",
    "span.between": "from {low:,} to {high:,}",
    "span.from": "{low:,} or more",
    "span.to": "at most {high:,}",
    "use.whole": "a whole number",
    "use.whole_in": "a whole number {span}",
    "use.not_float": "a whole number such as {example}, not a float",
    "use.not_float_in": "a whole number such as {example}, not a float {span}",
    "use.positive_whole": "1, 2, 3, ...",
    "use.real": "a finite number",
    "use.real_in": "a finite number {span}",
    "use.seed": "a whole number 0 or more, of at most 100 digits, or None",
    "use.seed_or_text": "a whole number 0 or more, of at most 100 digits, a text of at most 100 "
                        "characters, or None",
    "use.flag": "True or False",
    "use.money": "a whole number or a fractions.Fraction, more than 0",
    "use.money_or_zero": "a whole number or a fractions.Fraction, 0 or more",
    "use.payment": "a number of stakes 0-{most}, a fraction's denominator at most {finest}, "
                   "e.g. 2 or Fraction(3, 2)",
    "use.text": "text of at most {longest:,} characters",
    "use.nonempty_text": "a non-empty text of at most {longest:,} characters",
    "use.list": "a list",
    "use.one_of": "one of {options}",
    "use.rule_set": "a RuleSet or one of {variants}",
    "use.rule_set_itself": "a RuleSet itself, not a subclass of it: RuleSet(...) or "
                           "HISTORICAL.with_(...)",
    "use.most_cards": "at most {most} cards",
    "use.face_values": "the points of J, Q, K: three whole numbers, e.g. (10, 10, 10)",
    "use.face_values_range": "the points of J, Q, K: three whole numbers 1-11, "
                             "e.g. (10, 10, 10)",
    "use.players": "a list of {low}-{high} names, e.g. ['Anna', 'Boris']",
    # cards.py (R1–R3)
    "card_rank": "{rank} is not a card rank (use A, 2-10, J, Q, K)",
    "card_suit": "{suit} is not a suit (use ♠ ♥ ♦ ♣ or s h d c)",
    "card_token": "{token} is not a card (use a rank A, 2-10, J, Q, K, optionally followed "
                  "by a suit ♠ ♥ ♦ ♣ or s h d c)",
    "card_latin_t": "{token}: the Latin letter T is not a card: write 10 for a ten; Т "
                    "(Cyrillic) is the Russian ace",
    "cards_two_alphabets": "the hand mixes the Russian letter {letter} with the Latin letter "
                           "{latin}: write all its letters in one alphabet (A K Q J, or Т К Д В "
                           "in Russian, where Т is the ace)",
    "card_list": "{text} is not a list of cards (write e.g. 'K Q' or 'A 10')",
    "cards_too_many": "cards={text} holds {n} cards (use at most {most}, eight packs)",
    "hand_empty": "a hand needs at least one card (got an empty hand)",
    "not_rule_set": "rules={rules} is not a rule set (use None, t21.HISTORICAL or a RuleSet "
                    "from t21.VARIANTS)",
    "counts_not_mapping": "counts={counts} is not a count per rank (use a dict such as "
                          "{{'A': 4, 'K': 4}})",
    "counts_not_pairs": "counts={counts} is not a count per rank (use pairs such as "
                        "(('A', 4), ('K', 4)), or Shoe.from_counts({{'A': 4, 'K': 4}}))",
    "rank_twice": "the rank {rank} is counted twice (give each rank once)",
    "use.rank_counts": "one (rank, count) pair per rank, at most 13 pairs",
    "count_not_count": "{n} {rank}s is not a count (use a whole number 0 or more)",
    "shoe_remove": ("cannot remove another {rank}: the shoe holds only {held} card of rank "
                    "{rank}",
                    "cannot remove another {rank}: the shoe holds only {held} cards of rank "
                    "{rank}", "held"),
    "not_rng": "rng={rng} is not a random generator (use random.Random(seed))",
    "shoe_empty": "cannot draw from an empty shoe",
    "rng_failed": "rng={rng} failed when asked for a card: {failure} (use random.Random(seed))",
    "rng_random": "rng.random() returned {value} (a random generator returns a number 0 or more "
                  "and less than 1; use random.Random(seed))",
    "rng_randrange": "rng.randrange({cards}) returned {value} (a random generator returns a whole "
                     "number 0-{last}; use random.Random(seed))",
    # rules.py (R4–R20)
    "rules_field": "{field} is not a RuleSet field (use one of {fields})",
    "banker_hand": "total={total}, soft={soft} is not a hand the banker can buy on (use a total "
                   "2-21 and soft True or False)",
    "not_outcome": "{who}={value} is not an outcome (use 'natural', 'bust' or a total 2-21)",
    "late_addition_after_natural": "a late addition of {value} cannot meet the banker's "
                                   "natural: it ends the round at the deal (R9), before anyone "
                                   "may add (R6); use late_addition=0",
    # checks.py, exact.py, limits.py: the exact engine
    "not_shoe": "shoe={shoe} is not a Shoe (use Shoe.fresh(...) or None)",
    "hand_too_few": ("the hand {hand} has {n} card; a hand in play has at least {least} (R7)",
                     "the hand {hand} has {n} cards; a hand in play has at least {least} (R7)",
                     "n"),
    "upcard": "upcard={upcard} is not one card (give one card, e.g. '7')",
    "hand_bust": "the hand {hand} is already bust ({total}); it is out (R13)",
    "hand_natural": "the hand {hand} is a natural; it is paid at once (R10), there is nothing "
                    "to decide",
    "hand_21": "the hand {hand} has 21; the player must stand (R11)",
    "exact_policy": "policy={policy} is not a policy (use 'optimal' or a whole number N 2-21: "
                    "buy while the best total is below N)",
    "shoe_round": ("the shoe holds {n} card but a round from it can need up to {most} (R18: "
                   "the discards would be reshuffled); use a larger shoe, or leave more cards "
                   "unseen",
                   "the shoe holds {n} cards but a round from it can need up to {most} (R18: "
                   "the discards would be reshuffled); use a larger shoe, or leave more cards "
                   "unseen", "n"),
    "shoe_too_large": ("a shoe of {n:,} card is more than the exact engine takes: at most "
                       "{packs} packs (R1), {most} cards",
                       "a shoe of {n:,} cards is more than the exact engine takes: at most "
                       "{packs} packs (R1), {most} cards", "n"),
    "shoe_far_too_large": "a shoe of about 10^{power} cards is more than the exact engine "
                          "takes: at most {packs} packs (R1), {most} cards",
    "round_too_large": "these rules and shoe let the player hold up to {hands:,} different "
                       "hands against {banker_hands:,} final hands of the banker, {steps:,} "
                       "steps in all; the exact engine handles at most {most:,} (about 5 s). "
                       "Use fewer packs, a lower banker_stands_on, or face_values of 2 or more",
    "exact_too_long": "the exact answer would have up to {bits:,} bits ({few:,} cards of "
                      "{unseen:,}); the exact engine handles at most {most:,}. Use fewer cards, "
                      "or symbolic.hypergeom(...) for a float",
    "natural_shoe": ("the shoe holds {n} card; a natural needs two",
                     "the shoe holds {n} cards; a natural needs two", "n"),
    "all_seen": "every card has been seen: there is no card left to buy",
    "no_ace": "the shoe holds no ace, so no one would get the bank (R4)",
    # table.py: money (R5, R6, R20)
    "stake_not_whole": "stake {value} is not a positive whole number (use 1, 2, 3, ...)",
    "price_not_whole": "price {value} is not a positive whole number (use 1, 2, 3, ...)",
    "stake_over_purse": "a stake of {amount} would put {total} on the table, more than {seat}'s "
                        "purse of {purse} (at most {room} more)",
    "stake_over_limit": "a stake of {amount} would put {total} on the table, over the table "
                        "limit of {limit} (at most {room} more)",
    "price_over_purse": "a price of {price} is more than {seat}'s purse of {purse} (R20)",
    "banker_stakes": "{seat} holds the bank and the banker does not stake (R5); players who "
                     "may stake: {names}",
    # table.py: the bank (R4, R19, R20)
    "no_banker_yet": "there is no banker yet: call choose_banker() first (R4), then stake (R5)",
    "banker_chosen": "the banker is already chosen ({seat}): choose_banker() is only for the "
                     "first bank; after that the bank passes (R19)",
    "bank_not_for_sale": "the bank can be sold only before its first deal, by the player due "
                         "to take it (R20); now: {phase}",
    "bank_own": "{seat} already holds the bank: sell it to another player ({names}) (R20)",
    # table.py: turns (R5–R18)
    "cannot_deal": "cannot deal now: {phase}",
    "no_stakes": "no player has staked: call stake(player, amount) for at least one of {names} "
                 "first (R5)",
    "no_card_left": "no card is left to buy: the shoe and the discards are empty, so the only "
                    "move is stand()",
    "not_banker_turn": "it is not the banker's turn: {phase}",
    "no_player_to_act": "no player is to act: {phase}",
    "cannot_settle": "cannot settle now: {phase}",
    "not_settled": "the round is not settled yet: {phase}",
    "not_seated": "{player} is not at the table (players: {names})",
    "nobody_may_buy": "nobody may buy now: {phase}",
    "nobody_may_stand": "nobody may stand now: {phase}",
    "stood_buy": "{seat} has already stood and may not buy again (R11); it is {whose}'s turn",
    "stood_stand": "{seat} has already stood and may not stand again (R11); it is {whose}'s "
                   "turn",
    "not_your_turn": "it is {whose}'s turn, not {seat}'s (R11)",
    "sat_out": "{seat} sat out this round: stakes for the next round are taken before the next "
               "deal (R5)",
    "out_of_round": "{seat} is out of this round ({status}): only a player still in may add to "
                    "his stake (R6); still in: {still}",
    "no_stake_now": "no stake can be placed now: {phase}",
    "policy_reentrant": "a policy may only answer True (buy) or False (stand) for the hand it "
                        "is given; it called {action} on the table, which is refused (the "
                        "table plays the hand itself)",
    "not_policies": "policies={policies} is not a dict of name -> policy (e.g. {{'Vera': 17}})",
    "table_policy": "policy={value} is not a policy (use a whole number 2-21, meaning 'buy "
                    "while the total is below it', or a function (hand, seen) -> bool)",
    "not_in_shoe": "{card} is not in the shoe (it holds {shoe})",
    "nothing": "nothing",
    "nobody": "nobody",
    "the_banker": "the banker {seat}",
    "status.bust": "bust",
    "status.natural": "natural",
    "status.paid": "paid",
    "status.settled": "settled",
    # table.py: what the table waits for
    "phase.choose_banker": "there is no banker yet, call choose_banker() first (R4)",
    "phase.staking": "the table waits for stakes and deal() (R5, R7)",
    "phase.players": "it is {seat}'s turn to buy or stand (R11)",
    "phase.banker": "it is the banker {seat}'s turn to buy or stand (R14)",
    "phase.settle": "the buying is over, call settle() (R15–R17)",
    "phase.settled": "the round is settled, call next_round() (R18)",
    # table.py: the players (R4, R19)
    "table_size": ("{n} player cannot make a table (seat {low}-{high} players)",
                   "{n} players cannot make a table (seat {low}-{high} players)", "n"),
    "empty_name": "{name} is an empty name (every player needs a name)",
    "seated_twice": "{name} is seated twice (every player needs a different name)",
    "name_hidden_char": "the name {name} holds the invisible or control character {char} (use "
                        "letters, digits, spaces and punctuation)",
    "banker_look_alike": "the name {name} looks like the banker's word at the table, 'banker' "
                         "or «банкир» (choose another name)",
    "name_look_alike": "the name {name} looks the same as {other} (every player needs a name "
                       "that looks different)",
    # symbolic.py
    "position": "position={position} is not valid (use a card 1-{cards})",
    "too_deep": "{value} lies more than {deepest} lists or dicts deep (use exact results as the "
                "functions return them)",
    "not_exact": "{value} is not an exact number (use an int, a fractions.Fraction or a sympy "
                 "expression; a float has already lost exactness)",
    "too_many_digits": "{value} has more than {most:,} digits, too many to write out (an exact "
                       "result of the game has at most a few hundred)",
    "not_rational": "{value} is not a number (use an int, a Fraction or a sympy Rational)",
    "packs": "packs={value} is not valid (use a whole number {low}-{high}, or the symbol n)",
    "total_19_20": "total={total}, soft={soft} is not valid (use total 19 or 20 and soft True or "
                   "False)",
    "use.whole_or_symbol": "a whole number or a sympy symbol such as symbolic.u",
    "cards_not_shoe": "cards={cards} is not a shoe (use a whole number 1-{most})",
    "aces_shoe": "{aces} aces among {cards} cards is not a shoe that chooses a banker (use at "
                 "least one ace and no more aces than cards)",
    "aces_formula": "aces={aces} is not valid (use a whole number 1-{most}: a shoe holds at most "
                    "{most} cards)",
    "seat": "seat={seat} is not valid (use a seat 1-{players})",
    "cards_aces": "cards={cards}, aces={aces} is not valid (use whole numbers)",
    "not_cards.rank_count": "rank_count={value} is not a number of cards (use a whole number 0 "
                            "or more)",
    "not_cards.unseen": "unseen={value} is not a number of cards (use a whole number 0 or more)",
    "not_cards.drawn": "drawn={value} is not a number of cards (use a whole number 0 or more)",
    "more_than_unseen": "rank_count={rank_count}, drawn={drawn} with unseen={unseen} is not "
                        "possible (neither can be more than the unseen cards)",
    # simulate.py
    "sim_no_ace": "the shoe ({shoe}) holds no ace, so no one becomes the banker (use a shoe with "
                  "at least one ace)",
    "sim_optimal": "policy='optimal' is not simulated: the best play depends on every card seen "
                   "(use exact.round_value('optimal'), or simulate a threshold N, a dict "
                   "{{(total, soft): buy?}} or a function of (total, soft))",
    "sim_threshold": "policy={value} is not a threshold (use a whole number 2-21: buy while the "
                     "total is below it)",
    "sim_key": "{key} is not a (total, soft) key (use e.g. (16, False): a total 2-21 and True or "
               "False)",
    "sim_decision": "{buy} for {key} is not a decision (use True to buy, False to stand)",
    "sim_policy": "policy={policy} is not a policy (use a threshold N, a dict {{(total, soft): "
                  "buy?}} or a function of (total, soft))",
    "sim_too_many_rounds": "n_rounds={n} with players={players} is more than one call plays in a "
                           "few seconds (use at most {most} rounds, or rounds_in_steps for a "
                           "longer run)",
    "sim_too_many_banks": "n_banks={n} with players={players} is more than one call plays in a "
                          "few seconds (use at most {most} banks)",
    "sim_not_shoe": "shoe={shoe} is not a Shoe (use Shoe.fresh(decks) or Shoe.remove)",
    "sim_small_shoe": ("a shoe of {n} card is not valid here (use at least {least} cards)",
                       "a shoe of {n} cards is not valid here (use at least {least} cards)", "n"),
    # plots.py
    "use.distribution": "a dict {{total | 'bust': probability}}",
    "use.outcomes": "at most {most} outcomes",
    "use.numbers": "a sequence of numbers, e.g. result.running_mean()",
    "use.finite_numbers": "a one-dimensional sequence of at most {most:,} finite numbers",
    "use.formatter": "a function from a number to a text",
    "use.ranks": "1-13 ranks, e.g. ('A', '2', ..., 'K')",
    "use.scale_ends": "two short texts, for the colour scale's top and foot, e.g. ('+ buy', "
                      "'− stand')",
    "use.pair_values": "a dict {{(first, second): number or None}}",
    "use.strategy_rows": "the rows of exact.strategy_table(), each with 'total', 'soft' and "
                         "'gain'",
    "alt_empty": "alt must be a sentence saying what the figure shows, not empty",
    # reference.py, composition.py, naturals.py
    "face_like_ace": "face_values={face_values} gives a face card 1 point, like an ace (use "
                     "2-11)",
    "hand_few": "the hand {hand} has too few cards; a hand in play has {least} (R7)",
    "hand_ended": "the hand {hand} is {ending}: he may not buy (R11)",
    "not_in_pack": "'{rank}' is not in {pack} of these rules (it holds {ranks})",
    "in_pack.russian36": "the 36-card Russian pack",
    "in_pack.french52": "the 52-card French pack",
    "sure_natural": "the banker is sure to hold a natural from this shoe, so the round ends at "
                    "once (R9); there is nothing to decide",
    # assignments.py
    "no_task": "{task} is not a task of this assignment (check one of {options})",
    "not_assignment": "assignment={value} is not an assignment (use one of {options})",
    "student_id": "{name}={value} is not valid (use your user name or the id your teacher gave "
                  "you, 1-100 characters)",
    "student_mixed": "student={value} mixes letters of different alphabets ({scripts}): type "
                     "your id in one alphabet, as your teacher gave it",
    "student_invisible": "student={value} holds a character that looks like nothing: type your "
                         "id with letters, digits and punctuation only",
    "shared_file": "{path} cannot be read as a shared word ({why}): it must be a plain text file "
                   "of at most {limit} bytes in UTF-8, not a link",
    "shared_why.link": "it is a link",
    "shared_why.long": "it is too long",
    "shared_why.utf8": "it is not UTF-8 text",
    "no_numbers": "no well-posed numbers for {kind} {key} in {draws} draws",
    "autograde_folder": "autograde runs this notebook in {here}, not in a folder named "
                        "{assignment} (keep nbgrader's default directory_structure, "
                        "{{nbgrader_step}}/{{student_id}}/{{assignment_id}})",
    "no_student": "student='' names no one: type the id your teacher gave you between the "
                  "quotes, e.g. numbers({assignment}, student=\"s017\")",
    # deploy/lite.py: the first cell of each lesson in the JupyterLite site
    "lite.install": "JupyterLite: the course installs itself in your browser (the first time "
                    "takes a minute or two).",
    # deploy/book.py and deploy/book_site/: the course as a book (a static site)
    # deploy/handouts.py and deploy/unplugged.py: the printed sheets and their card activities
    "handout.name": "Name: ____________________",
    "handout.exercises": "Exercises",
    "handout.answers": "Lesson {lesson}: the answers (for the teacher)",
    "handout.unplugged": "With real cards",
    "handout.unplugged_how": "In groups of two to five, with one shuffled pack of 52 cards. First "
                             "write down how many of each result you expect in {deals} deals. "
                             "Then deal {deals} times, tally each result with a stroke, and add "
                             "up the whole class's counts.",
    "handout.unplugged_compare": "The class's share of a result is its class total divided by "
                                 "all the class's deals. With n deals in all, a share usually "
                                 "lands within two standard errors, 2·√(p(1 − p)/n), of the "
                                 "exact chance p (lesson 11). Did yours?",
    "handout.result": "result",
    "handout.tally": "tally",
    "handout.our_count": "our count",
    "handout.class_total": "class total",
    "handout.class_share": "class share",
    "handout.exact": "exact chance (one pack)",
    "handout.act00_title": "Natural or not?",
    "handout.act00": "Deal two cards face up. Is it a natural: an ace with a ten, jack, queen or "
                     "king (R3)? Put both cards back and shuffle before the next deal.",
    "handout.natural": "a natural",
    "handout.no_natural": "not a natural",
    "handout.act03_title": "The banker's hand",
    "handout.act03": "Deal the banker two cards. If they are a natural, write it down. If not, "
                     "he buys one card at a time while his total is below 17 and stands on 17 or "
                     "more (R14); an ace counts 11 unless that takes him over 21, then 1 (R2). "
                     "Write how his hand ends, then put every card back and shuffle.",
    "handout.total": "stands on {total}",
    "handout.over": "over 21 (bust)",
    "handout.act04_title": "Buying on nineteen",
    "handout.act04": "Take a ten and a nine out of the pack: that is your hand, 19. Shuffle the "
                     "other 50 cards and turn up the top one: where would buying it have left "
                     "you? Put it back and shuffle before the next card.",
    "handout.twenty": "20 (an ace)",
    "handout.twenty_one": "21 (a two)",
    "handout.act10_title": "Who holds the bank?",
    "handout.act10": "Mark five seats in a row, 1 to 5 (one of you may keep two). Hand out the "
                     "shuffled cards one at a time, seat 1 first, round and round, until a seat "
                     "gets an ace: that seat holds the bank (R4). Write down the seat, gather the "
                     "cards and shuffle.",
    "handout.seat": "seat {number}",
    "book.title": "Twenty-one, exactly: the course as a book",
    "book.intro": "Every lesson of the course with its computed results and figures, to read "
                  "anywhere without running anything. The buttons at the top of each lesson "
                  "open it live: on Binder, in your browser with JupyterLite, or on your "
                  "school's JupyterHub.",
    "book.lessons": "Lessons",
    "book.teacher": "For the teacher",
    "book.teacher_note": "The teacher's guide holds every exercise's answer: it is meant for "
                         "teachers, not for the students' reading.",
    "book.teacher_mark": "For the teacher: this guide holds the exercises' answers.",
    "book.still": "This is a live widget, shown as it first appears. Launch the lesson (the "
                  "buttons at the top) to use it.",
    "book.launch": "Launch this lesson live:",
    "book.binder": "Binder",
    "book.lite": "JupyterLite (in your browser)",
    "book.hub": "Your JupyterHub",
    "book.other_language": "По-русски",
    "book.bar": "Language and launch",
    "book.app_title": "The app: the live table and the explorers",
    "book.app_intro": "The course's app puts the live table and the explorers of the lessons on "
                      "one page, with no code: a class can play rounds against the banker and "
                      "try the exact results for itself. Below is its first view; launch it "
                      "(the Binder button opens it with Voilà) to play.",
    # tasks.py and grading.py: check my answer, and the feedback
    "task.right": "{task}: right. Hand it in as it is.",
    "task.form_only": "{task}: the form is right. Its value is checked only when your work is "
                      "graded (a task with few possible answers).",
    "task.not_yet": "{task}: not yet — {reason}",
    "task.missing": "there is no {task} yet: run the cell of your answer first",
    "task.fraction": "give an exact Fraction, not a decimal",
    "task.decimal_comma": "{value} is a pair of numbers, not a decimal: Python writes a decimal "
                          "with a point, and a chance exactly as a Fraction, e.g. Fraction(3, 8)",
    "task.between": "it must lie between {low} and {high}",
    "task.whole": "give a whole number (an int)",
    "task.whole_between": "it must be a whole number from {low} to {high}",
    "task.one_of": "answer one of {options}",
    "task.function": "define it as a function (def ...)",
    "task.sum_to_1": "the chances it returns must add up to 1",
    "task.next_card_example": "for {hand} from two packs every card but the 8 aces busts: "
                              "'bust' should be 94/102",
    "task.first_ace_example": "the first card is an ace 4 times in 52: first_ace(1, 52, 4) "
                              "should be 1/13",
    "task.p_natural_example": "one pack has 4 aces and 16 ten-point cards in 52, so the chance "
                              "is 2 · 4/52 · 16/51: p_natural(4, 16, 52) should be 32/663",
    "task.improve_example": "a K 9 from one pack is raised only by the 4 aces and the 4 twos: "
                            "improve('K 9', '', 1) should be 8/50",
    "task.natural_chance_example": "from one fresh pack the chance is 2 · 4/52 · 16/51: "
                                   "natural_chance(Shoe.fresh(decks=1)) should be 32/663",
    "task.seat_chance_example": "two players, three cards and one ace: seat 1 gets cards 1 and "
                                "3, so seat_chance(1, 2, 3, 1) should be 2/3",
    "task.engine_used": "this task grades your own code: while your function is checked, the "
                        "package's engine, simulation and symbolic layer are switched off, and "
                        "your function used them",
    "task.values_form": "a dict with one value for each of your two rule sets, by name",
    "task.raised": "your code raised {error}",
    "task.not_plain": "give the answer as Python's own Fraction, int, str or dict of them: an "
                      "object of your own class is not read",
    "task.value_wrong": "the form is right but the value is not; look again at the task, with "
                        "your own numbers",
    "grading.not_shown": "(The hidden test of this task runs when your work is graded; it is "
                         "not shown.)",
    "grading.hint": "Hint: {hint}",
    "grading.not_yet": "Not yet",
    "grading.reason": "Not yet: {reason}.",
    "grading.not_right": "the value is not right yet",
    # numerals.py
    "language": "language={language} is not valid (use 'en' or 'ru')",
    "number_too_large": "a number this large is too large to write (use one below 10^{most})",
    "fraction_too_long": "a fraction of more than {most} digits is too long to write",
    "float_cards": "unseen={unseen:,} cards is more than the float distribution handles (use at "
                   "most {most:,})",
    "digits": "digits={digits} is not valid (use a whole number 0-{most})",
    "not_real": "{value} is not a number (use an int, a Fraction or a float)",
    "not_int": "{value} is not a whole number (use an int)",
    "not_a_number": "{written} is not a number ({why})",
    "why.not_number": "write e.g. 4/51, 0.0784, 7.84%, 6.24·10^-18 or 6.24e-18",
    "why.decimal_comma": "in English a comma separates thousands; write a decimal with a point: "
                         "{suggestion}",
    "why.zero_denominator": "a fraction cannot have the denominator 0",
    "why.exponent": "the power of ten must be from −{limit} to {limit}",
    "why.too_long": "at most {limit} characters",
    # widgets/: their own arguments
    "answer_not_number": "answer={value} is not a number (use e.g. Fraction(4, 51) or '4/51')",
    "answer_unreadable": "answer={value} is not a number (use e.g. Fraction(4, 51), '4/51' or "
                         "'0.0784'): {why}",
    "answer_why": "{why}",
    "use.salt": "1-32 letters or digits",
    "answer_empty": "answer='' is empty (give a number or the text of the right choice)",
    "table_row": "a row of {row} cells in a table of {width} columns (give every row one cell "
                 "per column)",
    "answer_token": "answer={value} is not an answer token (make one with "
                    "make_answer_token(value))",
    "use.teacher_text": "a text of at most {longest:,} characters, an (English, Russian) pair or "
                        "a {{'en': ..., 'ru': ...}} dict",
    "answer_not_choice": "answer=the token is not one of the choices",
    "answer_not_choice_value": "answer={value} is not one of the choices",
    "answer_trap": "traps={value}: a trap is a wrong answer, and one of these is the right one",
    "prediction": "prediction={value} is not valid (use True for an exercise with choices, or "
                  "False)",
    "use.texts": "a list of at most {most} texts",
    "one_card": "card={card} is not one card (give one card, e.g. 'K♠')",
    "use.card_state": "'open', 'closed' or 'peek'",
    "use.card_states": "one state per card",
    "states_cards": "{states} states for {cards} cards (give one state per card)",
    "you_seat": "you={value} is not a seat (use 0-{last})",
    "most_draw_cards": "most_draw_cards={value} is not valid (use a whole number 1 or more)",
    "no_seed": "no seed in {first}-{last} gives such a first screen (allow more draw cards or "
               "more totals)",
    "lesson_number": "lesson={value} is not a lesson number (use 'NN', e.g. '04')",
    "exercise_id": "exercise={value} is not an exercise id (use 'NN.k', e.g. '04.1')",
    "no_exercise": "there is no exercise {exercise} (lesson {lesson} has: {known})",
    "none": "none",
    "use.table_players": "a number 2-{most} or a list of at most {most} names",
    "use.computer_threshold": "a whole number 2-21: computer players buy while their total is "
                              "below it",
    "use.you": "a seat's index, a player's name, or None to watch",
    "use.rank_or_none": "a rank A, 2-10, J, Q or K, or None",
    # table.py's events, as the widgets word them (table_messages.py makes the parameters)
    "pay.natural": "a natural",
    "pay.bust": "over 21",
    "pay.drawn_21": "a drawn 21",
    "vs.natural": " against the banker's natural",
    "vs.bust": " against the banker's bust",
    "vs.drawn_21": " against the banker's 21",
    "vs.total": " against the banker's {total}",
    "pay.won": "won {amount}",
    "pay.lost": "lost {amount}",
    "pay.zero": "nothing paid",
    "pay.times": " ({times}× the stake)",
    "pay.late": " ({times}× the stake {stake} + late addition {late}, R6)",
    "pay.late_back": " (on the stake {stake}; the late addition {late} is handed back, never "
                     "paid, R6)",
    "event.payment": "{seat}: {mine}{vs} — {money}{terms} ({rule})",
    "event.shuffle": "A fresh shoe is shuffled (R1, R18).",
    "event.shuffle_r4": "The cards go back and the shoe is shuffled again (R4).",
    "event.banker_draw": "{seat}: handed {cards} (R4).",
    "event.banker_draw_ace": "{seat}: handed {cards}, the first ace (R4).",
    "event.banker_chosen": "The bank goes to {seat} (R4).",
    "event.stack": "The top of the shoe is arranged: {cards} (a demonstration).",
    "event.stake": "{seat}: stakes {amount} (R5).",
    "event.late_addition": "{seat}: adds {amount} after the deal, a late addition (R6).",
    "event.round_start": "Round {round}, dealt by {seat} (R7).",
    "event.sit_out": "{seat}: no stake, sits out the round (R5).",
    "event.deal": "{seat}: dealt a closed card (R7, R8).",
    "event.banker_natural": "The banker ({seat}) shows a natural: {cards} (R9).",
    "event.natural": "{seat}: shows a natural, {cards} (R10).",
    "event.buy": "{seat}: buys {cards}, an open card (R8, R11).",
    "event.stand": "{seat}: satisfied, stands (R11).",
    "event.drawn_21_shown": "{seat}: shows a drawn 21 at once, {cards} (R12).",
    "event.bust": "{seat}: over 21 with {total}, {cards} (R13).",
    "event.banker_buy": "The banker ({seat}) buys {cards}, an open card (R8, R14).",
    "event.banker_stand": "The banker ({seat}) stands (R14).",
    "event.banker_bust": "The banker ({seat}) is over 21 with {total} (R16).",
    "event.reshuffle": "The shoe is empty: the discards are shuffled to finish the round; then "
                       "the bank passes (R18).",
    "event.round_settled": "Round {round} is settled; the banker, {seat}, nets {amount} "
                           "(R9–R17).",
    "event.bank_passes": "The shoe is dealt through: the bank passes from {other} to {seat}, the "
                         "next seat on the right, with a fresh shoe (R18, R19).",
    "event.sell_bank": "The bank is sold by {other} to {seat} for {amount}; the two swap seats "
                       "(R20).",
    "event.stake_withdrawn": "{seat}: now the banker, so the stake of {amount} goes back "
                             "(R5, R20).",
    # rules.py: what each setting of a RuleSet means, and how its value is written
    "rule.decks": "packs in the shoe",
    "rule.pack": "the pack",
    "rule.face_values": "points of a jack, a queen and a king",
    "rule.ace_soft": "the ace counts 11 or 1, as the hand needs (otherwise always 11)",
    "rule.two_aces_natural": "two aces are a natural too (ochko's «golden» 21)",
    "rule.banker_natural_collects": "what each player pays a banker's natural, in stakes",
    "rule.banker_natural_vs_natural": "what a player who also holds a natural pays a banker's "
                                      "natural, in stakes",
    "rule.player_natural_pays": "what the banker pays a player's natural, in stakes",
    "rule.drawn_21_pays": "what the banker pays a player's drawn 21 that wins, in stakes",
    "rule.reveal_drawn_21_early": "a drawn 21 is shown at once, so an informed banker may stop",
    "rule.banker_stands_on": "the banker buys while his best total is below this",
    "rule.banker_hits_soft": "the banker also buys on a soft total equal to that number",
    "rule.banker_21_collects": "what a banker who ends on a drawn 21 collects from each player, "
                               "in stakes",
    "rule.ties_to_banker": "equal totals go to the banker (otherwise nobody pays)",
    "rule.late_additions_paid": "money added after the deal is paid on a win too",
    "rule.table_limit": "the largest stake allowed",
    "setting.yes": "yes",
    "setting.no": "no",
    "setting.no_limit": "none (the purse is the limit)",
    "setting.french52": "French, 52 cards (2–10, J, Q, K, A)",
    "setting.russian36": "Russian, 36 cards (6–10, J, Q, K, A)",
    "rule_title.R1": "the shoe",
    "rule_title.R2": "card values",
    "rule_title.R3": "the natural",
    "rule_title.R4": "the first banker",
    "rule_title.R5": "stakes",
    "rule_title.R6": "late additions",
    "rule_title.R7": "the deal",
    "rule_title.R8": "closed and open cards",
    "rule_title.R9": "banker's natural",
    "rule_title.R10": "player's natural",
    "rule_title.R11": "buying",
    "rule_title.R12": "drawn 21",
    "rule_title.R13": "player's bust",
    "rule_title.R14": "banker draws last",
    "rule_title.R15": "banker's 21",
    "rule_title.R16": "banker's bust",
    "rule_title.R17": "comparison",
    "rule_title.R18": "one bank, one shoe",
    "rule_title.R19": "rotation",
    "rule_title.R20": "selling the bank",
    "variant.historical": "historical (19th-century Russia)",
    "variant.ochko": "ochko (20th-century Russia)",
    "variant.german_vingt_un": "German vingt-un (1857–65)",
    "variant.hoyle_vingt_un": "English vingt-un (Hoyle)",
    "variant.blackjack": "casino blackjack, simplified",
    # plots.py: the default labels of the figures (a `{}` is a number)
    "plot.outcome_title": "One more card",
    "plot.outcome_x": "total after one more card",
    "plot.probability": "probability",
    "plot.bust": "bust",
    "plot.natural": "natural",
    "plot.heatmap_title": "Buy minus stand",
    "plot.first_card": "first card",
    "plot.second_card": "second card",
    "plot.buy_minus_stand": "value of buying − standing",
    "plot.by_total_title": "Buy − stand for every two-card hand, by its total",
    "plot.two_card_total": "total of the two cards",
    "plot.stakes": "buy − stand (stakes)",
    "plot.hard_hands": "hard hands",
    "plot.soft_hands": "soft hands (an ace counts 11)",
    "plot.buy_better": "▲ buying is better",
    "plot.stand_better": "▼ standing is better",
    "plot.sim_title": "Simulation and exact value",
    "plot.rounds_played": "rounds played",
    "plot.mean_result": "mean result per round",
    "plot.exact_value": "exact value",
    "plot.band": "exact ± 2 standard errors",
    "plot.running_mean": "simulated running mean",
    "plot.shoe_title": "The unseen cards",
    "plot.card": "card",
    "plot.how_many": "how many",
    "plot.favourable": "favourable",
    "plot.other": "other",
    "plot.weights_title": "An average as weights",
    "plot.chance": "chance",
    "plot.result": "result {}",
    "plot.average": "average {}",
    "plot.deal_title": "The order of the deal",
    "plot.deal_card": "card {}",
    # locale/: the build of the Russian course
    "translation": "{detail}",
}


def phrase(code: str, params: dict[str, object], language: str) -> str:
    """The message `code` worded in `language`, one of catalogs.LANGUAGES (not checked here:
    wording.say and the errors check it first), its parameters filled in."""
    template = ENGLISH[code]
    words = {name: _word(value, language) for name, value in params.items()}
    if isinstance(template, str):
        return catalogs.translations(DOMAIN, language).pgettext(code, template).format(**words)
    singular, plural, counted = template
    n = params[counted]
    if not isinstance(n, int):
        raise TypeError(f"the count {counted} of {code!r} is not an int: {n!r}")
    worded = catalogs.translations(DOMAIN, language).npgettext(code, singular, plural, n)
    return worded.format(**words)


def _word(value: object, language: str) -> object:
    """A parameter as `language` writes it: a nested Message worded, exact money and large
    numbers in its notation; an int stays an int in English, for the template's format."""
    if isinstance(value, Message):
        return phrase(value.code, value.params, language)
    if isinstance(value, Money):
        return _money(Fraction(value.amount), language, value.sign)
    if isinstance(value, Cards):
        return card_letters.written(value.text, language)
    if isinstance(value, bool) or isinstance(value, str):
        return value
    if isinstance(value, int) and abs(value) < notation.LARGEST and (
            language == "en" or abs(value) < 10_000):
        return value
    if isinstance(value, int | Fraction):
        return _money(Fraction(value), language, False)
    return value


def _money(amount: Fraction, language: str, sign: bool) -> str:
    """Money in the language's notation; a number too large to write, as about 10^N."""
    try:
        return notation.money(amount, language, sign)
    except notation.TooLarge:
        size = abs(amount)
        power = int((size.numerator.bit_length() - size.denominator.bit_length()) * math.log10(2))
        return f"~10^{power}"


def po_path(language: str) -> Path:
    """Where the engine catalog of `language` lies."""
    return catalogs.po_path(DOMAIN, language)


def updated_po(language: str) -> bytes:
    """The engine catalog of `language` with ENGLISH merged in, as the .po file's bytes."""
    return catalogs.updated_po(DOMAIN, language, ENGLISH)
