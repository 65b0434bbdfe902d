"""Every label, message and explanation the widgets show: the English here, in one place; the
other languages in the gettext catalog locale/<language>/LC_MESSAGES/widgets.po (the key as
msgctxt, the English as msgid), merged by `python -m twentyone_edu.locale update`."""

from __future__ import annotations

from ..words import catalogs
from ..words.catalogs import LANGUAGES as LANGUAGES
from ..words.catalogs import Template
from ..words.errors import check_language as check_language
from ..words.numerals import count

DOMAIN = "widgets"

# Each language named in itself, on the language switch of every widget, whatever its language.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский"}

# key -> English; format fields in braces are filled by text(key, language, **fields)
TEXT: dict[str, str] = {
    # explorers, quiz
    "quiz_check": "Check",
    # the blanks of lessons 05, 10 and 11, checked on cases drawn afresh (blanks.check_blank)
    "blank_fill": "Fill in the blank above, run its cell, then this one again. Until then the "
                  "value printed next and the cells below use the package's own function.",
    "blank_right": "Right: your function agrees with the rules on all {n} cases drawn just now, "
                   "none of them chosen by you. The cells below use yours.",
    "blank_not_yet": "Not yet: your function answers {wrong} of the {n} cases drawn just now "
                     "differently from the rules. For one, {case}, it gives {mine} where the "
                     "rules give {right}. Until it is right, the value printed next and the cells "
                     "below use the package's own function.",
    "blank_error": "Not yet: your function stops with an error on {case}; try it on that case "
                   "in a cell of your own: {call}. Until it is right, the value printed next and "
                   "the cells below use the package's own function.",
    # (two hints to each blank, folded under the check's "not yet" until the student opens one)
    "blank_hint_ending_1": "Copy the shape of `now()` just above: a natural, a bust, or a "
                           "total. One thing differs: a total below 17 is not an ending yet.",
    "blank_hint_ending_2": "`value = t21.hand_value(banker)`; then return `\"natural\"` if "
                           "`value.natural`, `\"bust\"` if `value.bust`, `value.total` if it is "
                           "17 or more, and `None` otherwise.",
    "blank_hint_stand_value_1": "Start from `stand_value_before_the_deal`: the same loop over "
                                "`banker_chances((), unseen)`, each result times its chance, "
                                "but skip the ending `\"natural\"`.",
    "blank_hint_stand_value_2": "Then divide the sum by the chance of no natural, "
                                "`1 - ends.get(\"natural\", 0)`. (With no ace left, `ends` has no "
                                "key `\"natural\"`: `.get` gives 0.)",
    "blank_hint_buy_on_twenty_1": "`P(A and B) = P(A) × P(B | A)`: your card's chance, "
                                  "`P(n, possible)`, times the chance that his two cards, from "
                                  "the cards `left`, are no natural: `1 - natural_chance(left)`.",
    "blank_hint_buy_on_twenty_2": "Your result: an ace (`\"A\"`) gives a drawn 21 to stand on, "
                                  "`stand_value(21, left)`; any other card busts you, −1. "
                                  "Return `P(A and B)` × your result.",
    "blank_hint_seat_chance_1": "The seat's cards are `range(seat, cards + 1, players)`: `seat`, "
                                "`seat + players`, … up to the last card. Add up one term "
                                "of the formula for each of them.",
    "blank_hint_seat_chance_2": "One term, for card k, as an exact fraction: "
                                "`Fraction(comb(cards - k, aces - 1), comb(cards, aces))`. "
                                "`sum(… for k in range(…))` adds them up.",
    "blank_float": "Not yet: your function answers with a decimal, {mine}, which the computer "
                   "has rounded. Return an exact Fraction, `Fraction(a, b)` rather than `a / b`, "
                   "and run both cells again. Until then the cells below use the package's own "
                   "function.",
    "blank_hint_naturals_in_1": "Inside a loop that runs `n` times: `first, second = "
                                "rng.sample(SHOE, 2)` deals two different cards; add 1 to a "
                                "count when they are an ace and a ten, in either order.",
    "blank_hint_naturals_in_2": "The test: `{first, second} == {\"A\", \"10\"}` (a set "
                                "ignores the order). Return the count, a whole number.",
    "blank_not_chance": "Not yet: in {case} your function found {mine} naturals, where the exact "
                        "chance expects about {expected}; a count this far away comes by chance "
                        "less than once in 10,000 runs. Which two cards make a natural? Until it "
                        "is right, the cells below use the package's own function.",
    "blank_not_a_count": "Not yet: your function returns {mine}; return the count of deals that "
                         "were a natural, a whole number. Until then the cells below use the "
                         "package's own function.",
    "blank_right_chance": "Right: in {case} your function found {mine} naturals, and the exact "
                          "chance expects about {expected}: as close as chance allows. "
                          "The cells below use yours.",
    "blank_case_hand": "the banker's cards {cards}",
    "blank_case_stand": "standing on {total}, {cards_unseen}",
    "blank_case_buy": "buying on 20, {cards_unseen}",
    "blank_case_deals": "{n} deals of two cards",
    "blank_case_seat": "seat {number}, players: {players}, cards: {cards}, aces: {aces}",
    "quiz_hint": "Hint {next} of {total}",
    "quiz_no_more_hints": "No more hints",
    "quiz_hint_label": "Hint {n}:",
    # the answer box's placeholder, one for each kind of answer (quiz.KINDS)
    "quiz_placeholder_chance": "e.g. 4/51, 0.0784 or 7.84%",
    "quiz_placeholder_count": "a whole number, e.g. 12",
    "quiz_placeholder_stakes": "an amount, e.g. +3, −9 or 0.25",
    "quiz_placeholder_standard_form": "e.g. 6.24·10^-18",
    "quiz_placeholder_number": "a number, e.g. 12, 0.25 or 3/4",
    # the forms of each kind that the answer box reads, named when it cannot read an answer
    "quiz_forms_chance": "a fraction (4/51), a decimal (0.0784), a percentage (7.84%) or "
                         "standard form (7.84·10^-2, 7.84e-2)",
    "quiz_forms_count": "a whole number, e.g. 12 or 1,000",
    "quiz_forms_stakes": "an amount won (+) or lost (−): a whole number (+3, −9), a decimal "
                         "(0.25) or a fraction (1/4)",
    "quiz_forms_standard_form": "standard form, e.g. 6.24·10^-18, 6.24×10⁻¹⁸, 6.24*10^(-18) or "
                                "6.24e-18",
    "quiz_forms_number": "a whole number (12), a fraction (4/51), a decimal (0.0784) or "
                         "standard form (6.24·10^-18, 6.24e-18)",
    "quiz_correct": "✓ Correct!",
    "quiz_predicted_right": "✓ Your prediction is kept, and the lesson's numbers bear it out.",
    "quiz_predicted_other": "Your prediction is kept. The lesson's numbers say otherwise:",
    "quiz_not_yet": "✗ Not yet. Try again.",
    "quiz_not_yet_comma": "✗ Not yet. In English the comma in {answer} separates thousands; if "
                          "you meant a decimal, write it with a point: {suggestion}",
    "quiz_cut": "✗ Not yet: {answer} is cut short, not rounded. Round the last digit you keep: "
                "up when the digit after it is 5 or more.",
    "quiz_sign": "✗ Not yet: {answer} has the right size but the wrong sign. Read again what the "
                 "question counts as positive.",
    "quiz_trap": "✗ Not yet: {answer} is a known slip.",
    "quiz_empty": "Type an answer first.",
    "quiz_choose": "Choose an answer first.",
    "quiz_rough": "✗ Not yet: {answer} has one digit, too rough to check. Work it out to at "
                  "least {needed} significant digits, rounded.",
    "quiz_more_digits": "Not exact: {answer} has {significant_digits}. If you rounded, give at "
                        "least {needed}, or the exact fraction.",
    "quiz_no_percent": "{answer}: this answer is not a chance, so not a percentage (write "
                       "{forms})",
    "quiz_not_number": "{answer} is not a number (write {forms})",
    "quiz_decimal_comma": "{answer}: in English a comma separates thousands (90,000); write a "
                          "decimal with a point: {suggestion}",
    "quiz_zero_denominator": "{answer}: a fraction cannot have the denominator 0",
    "quiz_too_long": "The answer is too long (at most {limit} characters).",
    "quiz_exponent": "{answer}: the power of ten must be from −{limit} to {limit}",
    "rules": "Rules",
    "policy_threshold": "Player buys while below",
    "banker_threshold": "Banker buys while below",
    "rounds": "Rounds",
    "seed": "Seed",
    "sim_seed_help": "empty: new cards at every Run",
    "sim_title": "Simulation and the exact value",
    "sim_run": "Run",
    "sim_stop": "Stop",
    "sim_state_idle": "Choose the rules and the thresholds, then press Run.",
    "sim_state_computing": "Computing the exact value…",
    "sim_state_running": "Simulating…",
    "sim_state_stopped": "Stopped.",
    "sim_state_done": "Done.",
    "sim_changed": "Stopped: the settings changed. The chart is for the settings written under "
                   "it; press Run for the new ones.",
    "sim_settings": "{rules}; the player buys while below {policy}, the banker while below "
                    "{banker}; seed {seed}.",
    "sim_exact": "Exact value of a round for the player, in stakes:",
    "exact_fraction": "exact fraction",
    "sim_mean": "Simulated mean {after_rounds}: {mean} stakes (standard error {se}).",
    "sim_inside": "The simulation agrees with the exact value: its mean is inside the grey "
                  "band ({z} standard errors away).",
    "sim_outside": "The simulation's mean is outside the grey band, {z} standard errors from the "
                   "exact value: by chance alone that happens in about 1 run in 20.",
    "chart_rounds": "rounds played",
    "chart_mean": "mean per round (stakes)",
    "chart_exact": "exact value",
    "chart_band": "± 2 standard errors",
    "chart_running": "running mean",
    "sim_chart_alt_empty": "The chart before a run: a dashed line marks the exact value {exact} "
                           "stakes; Run draws the running mean of the simulated rounds.",
    "sim_chart_alt": "Line chart of the simulated running mean against the rounds played: "
                     "{after_rounds} it is {mean} stakes; a dashed line marks the exact value "
                     "{exact}, a grey band the exact value ± 2 standard errors.",
    "total_soft": "soft: an ace counts 11",
    "total_hard": "hard: no ace counts 11",
    "outcome_bust": "bust",
    "outcome_drawn_21": "21 (drawn)",
    "advice_computing": "Computing…",
    "chart_waiting": "The chart is being drawn…",
    "strategy_map_waiting": "The map is being computed…",
    "advice_title": "Buy on 19 or 20, or on any hand? The exact chances of one more card",
    "advice_hand": "Hand",
    "advice_empty_hand": "the hand is empty (tap or type two or more cards, e.g. 10 9)",
    "advice_hand_placeholder": "e.g. 10 9 or A 9",
    "advice_hand_tooltip": "Take the hand {hand}",
    "advice_seen": "Seen cards",
    "advice_seen_placeholder": "open cards on the table, e.g. A 2 5",
    "advice_pick_to": "Tap a card to add it to",
    "advice_pick_hand": "your hand",
    "advice_pick_seen": "the cards seen",
    "advice_pick_clear": "Clear",
    "advice_pick_tip": "Add a {card}",
    "advice_summary": "Hand {hand}: {points} ({kind}); {cards_seen} besides it, {cards_unseen}.",
    "advice_p21": "P(21 with one more card) {sign} {percent}, exactly {fraction}",
    "advice_table": "After one more card",
    "advice_outcome": "total",
    "advice_probability": "probability",
    "advice_fraction": "exact fraction",
    "advice_percent": "chance",
    "advice_stand_value": "Standing: the average result a round (stake 1)",
    "advice_buy_value": "Buying, then playing best: the average result a round (stake 1)",
    "advice_verdict_stand": "Stand: over {rounds} rounds at a stake of 1, standing comes out "
                            "about {stakes} ahead of buying.",
    "advice_verdict_buy": "Buy: over {rounds} rounds at a stake of 1, buying comes out about "
                          "{stakes} ahead of standing.",
    "stakes_fraction": "{stakes} stakes",
    "advice_verdict_equal": "Either: standing and buying are worth exactly the same.",
    "advice_chart_title": "One more card",
    "advice_chart_x": "total after one more card",
    "advice_chart_alt": "Bar chart of the chances after one more card: {bars}.",
    # (the guess before the answer: widgets/guess.py)
    "guess_switch": "Guess first: on",
    "guess_switch_off": "Guess first: off",
    "guess_switch_tip": "On: each answer stays hidden until the class guesses; press to turn it "
                        "off",
    "guess_prompt": "Buy or stand on {hand}? Guess first, then see the exact answer.",
    "guess_prompt_map": "The banker buys while below {threshold}: buy or stand on {hand}? "
                        "Guess first; then the map shows every hand.",
    "guess_natural": "{hand} is a natural: nothing to decide. Choose another hand, or show the "
                     "map.",
    "guess_cover": "The map of every hand shows here after the guess.",
    "guess_cover_chart": "The chances of one more card show here after the guess.",
    "guess_buy": "Buy",
    "guess_stand": "Stand",
    "guess_show": "Show the answer",
    "guess_show_map": "Show the map",
    "guess_right": "Your guess, {guess}: right.",
    "guess_wrong": "Your guess, {guess}: not this time.",
    "guess_either": "Your guess, {guess}: right, for both are worth exactly the same here.",
    "guess_tally": "Right so far: {right} of {guesses}.",
    "guess_kept": "Your guess: {guess}. Now run, and see.",
    "guess_win": "The player wins",
    "guess_lose": "The player loses",
    "sim_guess_prompt": "Before you run: on average, does the player win or lose money in a "
                        "round? Guess first; the exact value shows when the run ends.",
    "sim_guess_win": "the player wins",
    "sim_guess_lose": "the player loses",
    "sim_guess_show": "Show the exact value",
    "sim_chart_alt_guess": "The chart before a run: empty axes; the exact value shows when the "
                           "run ends.",
    "sim_chart_alt_running": "Line chart of the simulated running mean against the rounds "
                             "played: {after_rounds} it is {mean} stakes; the exact value shows "
                             "when the run ends.",
    "strategy_title": "Buy or stand, for every two-card hand",
    "strategy_first": "First card",
    "strategy_second": "Second card",
    "strategy_computing": "Computing the exact table for these rules (only the first time)…",
    "strategy_stop": "Stop",
    "strategy_stop_tooltip": "Stop computing this table; the table shown before stays",
    "strategy_stopped": "Stopped: the table shown is still the one for the rules before.",
    "strategy_stopped_empty": "Stopped: choose rules to compute a table.",
    "strategy_natural": "{first} + {second} is a natural: nothing to decide (R3, R10).",
    "strategy_cell": "Hand {first} + {second}, fresh shoe, the banker's cards unknown but not a "
                     "natural:",
    "strategy_gain": "Buying minus standing: {gain} stakes a round, so {verdict}.",
    "strategy_buy": "buy",
    "strategy_stand": "stand",
    "strategy_equal": "either",
    "strategy_natural_cell": "a natural, nothing to decide",
    "strategy_chart_alt": "Heat map of buy − stand, rows the first card, columns the second: buy "
                          "in {buy_cells}, stand in {stand}, either in {equal}, a natural in "
                          "{natural}. The framed cell, {first} + {second}: {cell}.",
    "strategy_menus_hint": "Too small? Use the menus above, or:",
    "strategy_menus_hint_zoomed": "Tap a cell (slide the map for more) or use the menus "
                                  "above. Or:",
    "strategy_whole": "Whole map",
    "strategy_echo_buy": "buy: {gain} stakes more than standing in 100 rounds",
    "strategy_echo_stand": "stand: buying costs {gain} stakes in 100 rounds",
    "strategy_echo_equal": "either: both are worth the same",
    "strategy_whole_tip": "The whole map in the screen's width, its cells smaller; again: cells a "
                          "finger can tap",
    "strategy_zoom": "Bigger cells",
    "strategy_zoom_tip": "Cells a finger can tap, in a map that scrolls sideways; again: the "
                         "whole map",
    "strategy_legend": "Rows: the first card; columns: the second. Each cell: the value of buying "
                       "minus the value of standing, in stakes over 100 rounds at a stake of 1 "
                       "(+: buy, green; −: stand, purple). 21: a natural, nothing to decide. "
                       "Fresh shoe, the banker's cards unknown but not a natural.",
    # the course app (notebooks/app.ipynb)
    "app_title": "«Двадцать одно» — twenty-one, exactly",
    "app_intro": "The card game as a 19th-century Russian text describes it (as printed in "
                 "«Девушки на выданье. Бал дебютанток», “Marriageable girls: the debutantes' "
                 "ball” (2018), p. 16): deal at a live table, then compute exactly whether the "
                 "old advice holds.",
    "app_about": "The rules, R1–R20, and where they come from",
    "rules_card": "The rules of the game, R1–R20 (open to read)",
    "app_rule_R1": "Two packs of 52, shuffled together: 104 cards.",
    "app_rule_R2": "2 to 10 count their number, J Q K 10, an ace 11 or 1, whichever is better.",
    "app_rule_R3": "An ace and a ten-valued card as the first two cards.",
    "app_rule_R4": "Cards go round the seats one at a time; the first ace holds the bank.",
    "app_rule_R5": "Every player puts his stake down before the deal.",
    "app_rule_R6": "Money added after the deal is never won, but is lost on a loss.",
    "app_rule_R7": "Two cards each, one at a time, from the banker's right, the banker last.",
    "app_rule_R8": "The two dealt cards are closed; every bought card lies open.",
    "app_rule_R9": "It ends the round at once: every player pays three stakes, a natural too.",
    "app_rule_R10": "The banker pays it one stake; that player is out of the round.",
    "app_rule_R11": "In turn, each player buys cards one at a time until he stands; on 21 "
                    "he may not buy.",
    "app_rule_R12": "A player who buys to exactly 21 wins two stakes, unless the banker ends on "
                    "21.",
    "app_rule_R13": "A player over 21 pays his stake at once and is out.",
    "app_rule_R14": "The banker buys last; ours buys below 17 and stands from 17.",
    "app_rule_R15": "A banker who buys to 21 takes two stakes from every player still in.",
    "app_rule_R16": "A banker over 21 pays every player still in one stake (a drawn 21 two).",
    "app_rule_R17": "A higher total than the banker's wins one stake; equal or lower loses: ties "
                    "go to the banker.",
    "app_rule_R18": "A banker holds the bank until the shoe is dealt through; the discards, "
                    "shuffled, finish his last round.",
    "app_rule_R19": "Then the bank passes to the player on his right.",
    "app_rule_R20": "A bank may be sold; the buyer takes the seller's seat (ours: the two swap "
                    "seats).",
    "se_scale_buy": "buy",
    "se_scale_stand": "stand",
    "app_loading": "Loading…",
    "app_tab_table": "The table",
    "app_tab_advice": "19 or 20?",
    "app_tab_strategy": "When to buy",
    "app_tab_simulation": "Simulation",
    "app_tab_banker": "The first banker",
    # table, cards, banker chooser
    "rank_A": "ace",
    "rank_2": "two",
    "rank_3": "three",
    "rank_4": "four",
    "rank_5": "five",
    "rank_6": "six",
    "rank_7": "seven",
    "rank_8": "eight",
    "rank_9": "nine",
    "rank_10": "ten",
    "rank_J": "jack",
    "rank_Q": "queen",
    "rank_K": "king",
    "suit_♠": "spades",
    "suit_♥": "hearts",
    "suit_♦": "diamonds",
    "suit_♣": "clubs",
    "card_with_suit": "{rank} of {suit}",
    "card_closed": "closed card",
    "card_peek": "{card}, closed (shown to its holder)",
    "cards_none": "no cards",
    "not_accepted": "Not accepted: {reason}",
    "unexpected": "Something went wrong inside the course ({reason}). It is not your mistake; "
                  "please tell your teacher.",
    "tw_title": "Twenty-one at the table",
    "tw_players": "Players",
    "tw_names": "Names",
    "tw_names_help": "names separated by commas; a computer player may get his own threshold, "
                     "e.g. Vera:15",
    "tw_default_names": "You, Vera, Pavel, Olga, Ivan, Anna, Dmitri, Sofia, Nikolai, Maria, "
                        "Pyotr, Natalya",
    "tw_you": "You play",
    "tw_watch": "nobody (watch)",
    "tw_threshold": "Computers buy below",
    "tw_rules": "Rules",
    "tw_seed": "Seed",
    "tw_seed_help": "same seed, same cards for the whole class; empty: random",
    "tw_new_table": "New table",
    "tw_new_table_rules": "New table with these settings",
    "tw_banker_by_hand": "Banker by hand",
    "tw_draw_banker": "Next card for the bank",
    "tw_draw_all": "Draw to the first ace",
    "tw_draw_tip": "The draw for the first bank: cards go round the seats one at a time, and "
                   "the first ace holds the bank (R4).",
    "tw_stake": "Your stake",
    "tw_stake_button": "Stake",
    "tw_stake_tip": "Put your stake on the table before the deal (R5).",
    "tw_add_button": "Add to the stake",
    "tw_add_tip": "After the deal, add the amount in the stake box to your stake (R6).",
    "tw_deal": "Deal",
    "tw_buy": "Buy a card",
    "tw_stand": "Stand",
    "tw_banker_play": "Banker plays by the rule",
    "tw_hurry": "Show the rest now",
    "tw_banker_play_tip": "The banker buys while his rule says so, then stands (R14).",
    "tw_banker_buy": "Banker: buy a card",
    "tw_banker_stand": "Banker: stand",
    "tw_odds": "Odds",
    "tw_price": "Price",
    "tw_buy_bank": "Buy the bank",
    "tw_buy_bank_tip": "Buy the bank, at the price in the box, from the player due to hold it, "
                       "before the deal (R20).",
    "tw_settings": "Table settings",
    "tw_settings_tip": "Players, names, rules, seed, who holds the first bank, buying the bank",
    "tw_player": "Player",
    "tw_purse": "Purse",
    "tw_stake_col": "Stake",
    "tw_stake_under": "stake {stake}",
    "tw_cards": "Cards",
    "tw_total": "Total",
    "tw_banker_badge": "banker",
    "tw_you_badge": "you",
    "tw_to_act_badge": "to act",
    "tw_stake_empty": "Type your stake (a whole number, 1 or more) before «Deal»",
    "tw_turn_tip": "Turn {n} of {count} this round: the players play one after another, "
                   "starting on the banker's right (R7)",
    "tw_hidden_total": "?",
    "tw_natural": "natural",
    "tw_bust": "bust, {total}",
    "tw_sits_out": "sits out",
    "tw_late": "+{late} added after the deal",
    "tw_status_choose": "No banker yet: «Deal» first hands out cards round the table until an "
                        "ace, whose holder is the banker, then deals.",
    "tw_status_drawing": "Drawing for the bank: no ace yet.",
    "tw_status_drawn": "The first ace is here: {banker} holds the bank. Now the deal.",
    "tw_status_drawn_you": "The first ace came to you: you hold the bank. Now the deal.",
    "tw_status_staking": "The bank: {banker}. Choose your stake and press «Deal».",
    "tw_status_you_bought": "You bought {card}: {total}.",
    "tw_status_your_turn": "Your turn, {seat}: buy a card or stand.",
    "tw_status_your_turn_you": "Your turn: buy a card or stand.",
    "tw_status_turn": "{seat} to act.",
    "tw_status_late": "You added {late} after the deal: a loss takes it, a win does not pay "
                      "it.",
    "tw_status_banker": "The banker {seat} to act: you buy or stand for the bank, or let it play "
                        "by the rule.",
    "tw_status_you_banker": "Your turn as the banker: buy a card or stand.",
    "tw_status_banker_rule": "The banker {seat} plays by the bank's rule: buy while the total "
                             "is below {stands_on}.",
    "tw_status_you_bank": "You are the banker this round: the players play first, then you "
                          "buy or stand. Press «Deal».",
    "tw_status_settled_you_bank": "Round {round} is settled. You are the banker next round: "
                                  "the players play first, then you buy or stand. Press "
                                  "«Deal».",
    "tw_status_settle": "The buying is over: settle.",
    "tw_status_you_bust": "You are over 21: bust, and your stake is paid to the banker. {next}",
    "tw_status_settled_natural": "Round {round} is settled: the banker had a natural, so everyone "
                                 "paid at once. The bank: {banker}. Deal the next round.",
    "tw_status_settled_natural_you_bank": "Round {round} is settled: the banker had a natural, so "
                                          "everyone paid at once. You are the banker next round: "
                                          "press «Deal».",
    "tw_status_settled": "Round {round} is settled. The bank: {banker}. Stake and deal the next "
                         "round.",
    "tw_result_vs": "{money}: your {mine} against the banker's {against}",
    "tw_result_tie": "{money}: your {mine} against the banker's {against}, and a tie goes to "
                     "the banker",
    "tw_result_alone": "{money}: {mine}",
    "tw_result_times": "({times}× the stake)",
    "tw_result_late": "({times}× the stake {stake} + {late} added after the deal)",
    "tw_result_bank": "{money} for your bank this round",
    "tw_stake_over_your_purse": "a stake of {amount} would put {total} on the table, more "
                                "than your purse of {purse} (at most {room} more)",
    "tw_draw_first": "the banker is not chosen yet: draw for the bank first (R4), or press «Deal»",
    "tw_shoe": "{shoe_cards} in the shoe · discards: {discards} · bank no. {bank} · rules: {rules}",
    "tw_shoe_fresh": "The shoe: {shoe_cards}, shuffled.",
    # (why each payment of the settlement was made, after it: table_text.payment_why)
    "tw_why_R9": "the banker's natural: every player pays at once, even a natural",
    "tw_why_R12_more": "a 21 reached by buying is paid more than a plain win",
    "tw_why_R15": "the banker's 21 beats every hand still in, a drawn 21 too",
    "tw_why_R17_tie": "a tie goes to the banker",
    "tw_why_R17_push": "a tie: the stake stays with its player",
    "tw_settlement": "Settlement, round {round}",
    "tw_settlement_kept": "Settlement of the last round, round {round}",
    "tw_log": "Log",
    "ev_first_ace": "The first ace came on the {ordinal} card: {seat} holds the bank (R4).",
    "ev_first_ace_you": "The first ace came on the {ordinal} card: you hold the bank (R4).",
    "odds_for": "Exact odds for {seat}: the next card is one of the {unseen_cards} this player "
                "has not seen.",
    "odds_computing": "Computing the exact odds…",
    "odds_outcome": "After one more card",
    "odds_probability": "Probability",
    "odds_bust": "over 21",
    "odds_stand": "Stand",
    "odds_buy": "Buy, then play best",
    "odds_totals_summary": "The next card's chances, total by total",
    "odds_value": "Won (+) or lost (−) on average in 100 rounds, stake 1",
    "odds_better_buy": "Better: buy a card.",
    "odds_better_stand": "Better: stand.",
    "odds_soft": "Your {total} is soft: its ace counts 11, and 1 if a card would take you "
                 "over 21, so one more card cannot bust you.",
    "odds_equal": "Buying and standing are worth exactly the same.",
    "odds_close_buy": "About the same: buying is better by less than half a stake in 100 "
                      "rounds.",
    "odds_close_stand": "About the same: standing is better by less than half a stake in 100 "
                        "rounds.",
    "odds_note": "A bigger stake scales these in proportion. One player against the banker, "
                 "neither holding a natural; the banker follows his rule (R14).",
    "odds_none": "The odds are shown while a player is to buy or stand.",
    "bad_seed": "the seed {value} is not a whole number (use e.g. 2024, or leave the box empty "
                "for a random deal)",
    "bad_seed_long": "the seed {value} has more than 12 digits (use a shorter whole "
                     "number, e.g. 2024, or leave the box empty for a random deal)",
    "bad_seed_negative": "the seed {value} is negative (use a whole number 0 or more, e.g. 2024, "
                         "or leave the box empty for a random deal)",
    "tw_names_too_long": "the names box holds {characters} (use at most {limit}: up to 12 names)",
    "tw_name_too_long": "the name «{start}…» has {characters} (a name has at most {limit})",
    "bad_amount": "{value} is not a whole number (use 1, 2, 3, ...)",
    "bad_stake": "{value} is not a stake (use a whole number, 1 or more: 1, 2, 3, ...)",
    "bad_threshold": "{value} is not a threshold for {name} (use a whole number 2-21, e.g. "
                     "Vera:15)",
    "tw_draw_done": "the first banker is already chosen: the bank is held by {banker} (R4); from "
                    "now on the bank passes round the table (R19)",
    "ev_deal_round": "Two closed cards to each player, one at a time, the banker last (R7, R8).",
    "tw_no_seat": "you are watching: choose your seat in «You play» first",
    "bad_players": "{value} is not a number of players (use 2-12)",
    "bc_title": "Who holds the first bank? (R4)",
    "bc_players": "Players",
    "bc_next": "Next card",
    "bc_all": "To the first ace",
    "bc_new": "Shuffle again",
    "bc_animate": "Animate",
    "bc_animate_stop": "Stop the animation",
    "bc_seat": "Seat {n}",
    "bc_start": "Cards go round the seats one at a time; the first ace holds the bank. Press "
                "«Next card».",
    "bc_waiting": "No ace yet: {cards_handed}.",
    "bc_result": "Seat {n} receives the first ace and holds the bank ({cards_handed}).",
    "bc_done": "the first ace has come: seat {seat} holds the bank (R4); press «Shuffle again» "
               "for a new draw",
    "bc_percent": "Exact chance",
    "bc_seat_col": "Seat",
    "bc_exact": "Exact fraction",
    "bc_simulated": "Simulated",
    "bc_se": "± standard error",
    "bc_trials": "Simulated draws",
    "bc_simulate": "Simulate",
    "bc_sim_note": "{simulated_draws} with seed {seed}.",
    "bc_se_note": "± is one standard error: a simulated share lies within two of them "
                  "of its exact chance about 19 times in 20.",
    "bc_bars_key": "The bars: blue, the exact chance; grey, the simulated share.",
    "bc_no_sim": "Press «Simulate» to compare with a simulation.",
    "bc_tally": "Your draws, first banks seat by seat: {counts} ({draws_made})",
    "bc_show_exact": "Show the exact chances",
    "bc_hide_exact": "Hide the exact chances",
    "bc_exact_hidden": "The exact chances are hidden: predict, tally the first aces of a few "
                       "draws, then press «Show the exact chances».",
    # the self-study record of a lesson's exercises (quiz_record)
    "record_title": "Your exercises in lesson {lesson}",
    "record_exercise": "Exercise",
    "record_answered": "Answered",
    "record_tries": "Tries",
    "record_right": "Right",
    "record_yes": "yes",
    "record_no": "no",
    "record_not_shown": "not shown yet",
    "record_summary": "{answered} of {total} answered, {right} right.",
    "record_none": "Lesson {lesson} has no exercises.",
    "record_private": "Kept in this notebook's kernel only; sent nowhere.",
}

# Counted phrases: a format field of TEXT with one of these names takes a whole number and is
# written with its noun in the plural form the number takes, (English one, English other); the
# catalog holds each language's forms (Russian three: 1 карта, 2 карты, 5 карт).
COUNTED: dict[str, tuple[str, str]] = {
    "significant_digits": ("{n} significant digit", "{n} significant digits"),
    "cards_handed": ("{n} card handed out", "{n} cards handed out"),
    "unseen_cards": ("{n} card", "{n} cards"),
    "shoe_cards": ("{n} card", "{n} cards"),
    "simulated_draws": ("{n} simulated draw", "{n} simulated draws"),
    "draws_made": ("{n} draw", "{n} draws"),
    "points": ("{n} point", "{n} points"),
    "cards_seen": ("{n} card seen", "{n} cards seen"),
    "cards_unseen": ("{n} card not seen", "{n} cards not seen"),
    "after_rounds": ("after {n} round", "after {n} rounds"),
    "buy_cells": ("{n} cell", "{n} cells"),
    "characters": ("{n} character", "{n} characters"),
    "stakes_more": ("{n} stake", "{n} stakes"),
}


def text(key: str, language: str = "en", **fields) -> str:
    """The widget text for `key` in `language`, with the format fields filled in; a field named
    in COUNTED is a count, written with its noun in the right plural form."""
    template = catalogs.translations(DOMAIN, check_language(language)).pgettext(key, TEXT[key])
    fields = {name: counted(name, value, language) if name in COUNTED else value
              for name, value in fields.items()}
    return template.format(**fields) if fields else template


def counted(name: str, n: int, language: str = "en") -> str:
    """A count with its noun: counted('cards_handed', 1) is '1 card handed out'; in Russian
    «роздана 1 карта», «розданы 2 карты», «роздано 5 карт» (gettext's plural forms)."""
    one, other = COUNTED[name]
    form = catalogs.translations(DOMAIN, check_language(language)).npgettext(name, one, other, n)
    return form.format(n=count(n, language))


def ordinal(n: int, language: str = "en") -> str:
    """A position in words' shorthand: 1st, 2nd, 3rd, 11th, 22nd in English; 38-й in Russian."""
    if check_language(language) == "ru":
        return f"{n}-й"
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def english() -> dict[str, Template]:
    """Every entry of the widgets catalog, key -> English: the texts, and each counted phrase as
    (one, other, 'n'), as catalogs.updated_po merges them."""
    return {**TEXT, **{name: (one, other, "n") for name, (one, other) in COUNTED.items()}}
