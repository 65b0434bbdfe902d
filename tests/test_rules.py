"""The settlement table of RULES.md, cell by cell, the variants' payouts and RuleSet checks."""

import dataclasses
import re
from fractions import Fraction

import pytest

from twentyone_edu import HISTORICAL, VARIANTS, RuleError, RuleSet, StakeError, settle, variant
from twentyone_edu.game.rules import variant_title

PLAYER_TOTALS = range(4, 21)   # a player's total below 21 (4 = two twos)
BANKER_TOTALS = range(4, 21)   # a banker's total below 21 (he may stand low by hand, R14)


# ----- the table of RULES.md, stake 1, banker without a natural -----

@pytest.mark.parametrize("banker", ["bust", *BANKER_TOTALS, 21])
def test_row_player_natural_is_paid_once(banker):
    assert settle("natural", banker) == 1  # R10


@pytest.mark.parametrize("banker", ["bust", *BANKER_TOTALS, 21])
def test_row_player_bust_pays_once(banker):
    assert settle("bust", banker) == -1  # R13: whatever the banker does


@pytest.mark.parametrize("player", PLAYER_TOTALS)
def test_row_total_against_banker_bust(player):
    assert settle(player, "bust") == 1  # R16


@pytest.mark.parametrize("player", PLAYER_TOTALS)
@pytest.mark.parametrize("banker", BANKER_TOTALS)
def test_row_total_against_banker_total(player, banker):
    assert settle(player, banker) == (1 if player > banker else -1)  # R17: ties to the banker


@pytest.mark.parametrize("player", PLAYER_TOTALS)
def test_row_total_against_banker_21(player):
    assert settle(player, 21) == -2  # R15


def test_row_drawn_21():
    assert settle(21, "bust") == 2  # R16 with R12's double
    for banker in BANKER_TOTALS:
        assert settle(21, banker) == 2  # R12
    assert settle(21, 21) == -2  # R15: ties to the banker


@pytest.mark.parametrize("player", ["natural", "bust", *PLAYER_TOTALS, 21])
def test_banker_natural_collects_three_from_everyone(player):
    assert settle(player, "natural") == -3  # R9, a player's natural included


def test_results_scale_with_the_stake():
    assert settle(19, 18, stake=5) == 5
    assert settle(18, 18, stake=5) == -5
    assert settle(21, 18, stake=5) == 10
    assert settle(18, 21, stake=5) == -10
    assert settle("natural", 18, stake=5) == 5
    assert settle("natural", "natural", stake=5) == -15


# ----- late additions (R6) -----

@pytest.mark.parametrize("player", ["natural", "bust", 17, 21])
def test_no_late_addition_meets_the_bankers_natural(player):
    """The banker's natural ends the round at the deal (R9), before any addition (R6)."""
    with pytest.raises(StakeError, match="late addition of 2 cannot meet the banker's natural"):
        settle(player, "natural", stake=5, late_addition=2)
    assert settle(player, "natural", stake=5, late_addition=0) == settle(player, "natural", stake=5)


def test_late_addition_is_lost_with_a_loss():
    assert settle("bust", 18, stake=5, late_addition=3) == -8
    assert settle(17, 18, stake=5, late_addition=3) == -8
    assert settle(18, 18, stake=5, late_addition=3) == -8   # a tie is the banker's
    assert settle(18, 21, stake=5, late_addition=3) == -13  # 2 x 5, and the 3 added
    assert settle(21, 21, stake=5, late_addition=3) == -13


def test_late_addition_is_not_paid_with_a_win():
    assert settle(19, 18, stake=5, late_addition=3) == 5
    assert settle(21, 18, stake=5, late_addition=3) == 10
    assert settle(15, "bust", stake=5, late_addition=3) == 5
    assert settle(21, "bust", stake=5, late_addition=3) == 10


def test_late_additions_paid_variant():
    paid = HISTORICAL.with_(late_additions_paid=True)
    assert settle(19, 18, paid, stake=5, late_addition=3) == 8
    assert settle(21, 18, paid, stake=5, late_addition=3) == 16
    assert settle(17, 18, paid, stake=5, late_addition=3) == -8


def test_a_tie_that_pays_nothing_loses_no_late_addition():
    hoyle = VARIANTS["hoyle_vingt_un"]
    assert settle(18, 18, hoyle, stake=5, late_addition=3) == 0


# ----- the variants, as RULES.md describes them -----

def test_blackjack_three_to_two_and_pushes():
    blackjack = VARIANTS["blackjack"]
    assert settle("natural", 18, blackjack) == Fraction(3, 2)
    assert settle("natural", 18, blackjack, stake=3) == Fraction(9, 2)
    assert settle("natural", "natural", blackjack) == 0   # push
    assert settle(18, 18, blackjack) == 0                 # ties push
    assert settle(21, 21, blackjack) == 0
    assert settle(21, 18, blackjack) == 1                 # a drawn 21 is paid even money
    assert settle(19, 18, blackjack) == 1
    assert settle(17, 18, blackjack) == -1
    assert settle(18, "natural", blackjack) == -1
    assert settle(18, 21, blackjack) == -1
    assert settle(15, "bust", blackjack) == 1
    assert settle("bust", "bust", blackjack) == -1        # the player busts first
    assert blackjack.banker_stands_on == 17
    assert blackjack.banker_buys(16, False) and not blackjack.banker_buys(17, True)


def test_hoyle_pays_double_and_ties_pay_nothing():
    hoyle = VARIANTS["hoyle_vingt_un"]
    assert settle("natural", 18, hoyle) == 2
    assert settle(21, 18, hoyle) == 2
    assert settle(21, "bust", hoyle) == 2
    assert settle(18, 18, hoyle) == 0
    assert settle(21, 21, hoyle) == 0
    assert settle(19, 18, hoyle) == 1 and settle(17, 18, hoyle) == -1


def test_german_vingt_un():
    german = VARIANTS["german_vingt_un"]
    assert german.decks == 1
    assert settle("natural", 18, german) == 2
    assert settle(18, "natural", german) == -2
    assert settle("natural", "natural", german) == -1
    assert settle(18, 18, german) == -1


def test_ochko():
    ochko = VARIANTS["ochko"]
    assert (ochko.pack, ochko.face_values, ochko.ace_soft, ochko.two_aces_natural) == (
        "russian36", (2, 3, 4), False, True)
    assert settle(18, 18, ochko) == -1  # ties to the banker


def test_variant_names():
    assert set(VARIANTS) == {"historical", "ochko", "german_vingt_un", "hoyle_vingt_un",
                             "blackjack"}
    assert variant("ochko") is VARIANTS["ochko"]
    assert variant(HISTORICAL) is HISTORICAL
    with pytest.raises(RuleError, match="'poker'"):
        variant("poker")


# ----- the historical defaults (RULES.md) -----

def test_historical_defaults():
    h = HISTORICAL
    assert (h.decks, h.pack, h.face_values, h.ace_soft, h.two_aces_natural) == (
        2, "french52", (10, 10, 10), True, False)
    assert (h.banker_natural_collects, h.banker_natural_vs_natural, h.player_natural_pays,
            h.drawn_21_pays, h.banker_21_collects) == (3, 3, 1, 2, 2)
    assert not h.reveal_drawn_21_early and h.ties_to_banker and not h.late_additions_paid
    assert h.banker_stands_on == 17 and h.table_limit is None


def test_banker_policy_r14():
    for total in range(4, 17):
        assert HISTORICAL.banker_buys(total, False) and HISTORICAL.banker_buys(total, True)
    for total in range(17, 22):
        assert not HISTORICAL.banker_buys(total, False)
        assert not HISTORICAL.banker_buys(total, True)  # soft 17 stands too
    hits_soft = HISTORICAL.with_(banker_hits_soft=True)
    assert hits_soft.banker_buys(17, True) and not hits_soft.banker_buys(17, False)
    assert not hits_soft.banker_buys(18, True)
    sixteen = HISTORICAL.with_(banker_stands_on=16)
    assert sixteen.banker_buys(15, False) and not sixteen.banker_buys(16, False)


def test_every_field_cites_a_rule():
    described = HISTORICAL.describe()
    assert len(described) == len(dataclasses.fields(RuleSet)) - 1  # all but the name
    for rule, name, doc, value in described:
        assert re.fullmatch(r"R\d+", rule), name
        assert doc and getattr(HISTORICAL, name) == value


def test_every_setting_is_described_and_worded_in_russian():
    english = HISTORICAL.describe()
    russian = VARIANTS["ochko"].describe("ru")
    assert [row[:2] for row in russian] == [row[:2] for row in english]
    for (_, name, meaning_en, _), (_, _, meaning_ru, _) in zip(english, russian, strict=True):
        assert re.search("[а-яё]", meaning_ru) and not re.search("[a-z]{2}", meaning_ru), name
        assert meaning_ru != meaning_en
    assert [HISTORICAL.setting(name, "ru") for name in ("decks", "ace_soft", "table_limit")] \
        == ["2", "да", "нет (предел — кошелёк игрока)"]
    ochko = VARIANTS["ochko"]
    assert [ochko.setting(name, "ru") for name in ("pack", "face_values", "ace_soft")] \
        == ["русская, 36 карт (6–10, В, Д, К, Т)", "2, 3, 4", "нет"]
    assert HISTORICAL.with_(drawn_21_pays=Fraction(3, 2)).setting("drawn_21_pays") == "3/2"
    assert HISTORICAL.setting("ties_to_banker") == "yes"


def test_every_variant_has_a_title_in_both_languages():
    titles = {name: (variant_title(name), variant_title(name, "ru")) for name in VARIANTS}
    assert titles["ochko"] == ("ochko (20th-century Russia)", "«очко» (Россия, XX\u00a0в.)")
    assert len({ru for _, ru in titles.values()}) == len(VARIANTS)
    assert all(re.search("[а-яё]", ru) for _, ru in titles.values())


@pytest.mark.parametrize("call", [
    lambda: HISTORICAL.describe("de"), lambda: HISTORICAL.setting("name"),
    lambda: HISTORICAL.setting("decks", "fr"), lambda: variant_title("poker"),
    lambda: variant_title("ochko", "xx")])
def test_wording_the_rules_refuses_bad_names_and_languages(call):
    with pytest.raises(RuleError):
        call()


# ----- bad rule sets and outcomes -----

@pytest.mark.parametrize("changes, bad", [
    ({"decks": 0}, "0"), ({"decks": 9}, "9"), ({"decks": True}, "True"), ({"decks": "2"}, "'2'"),
    ({"pack": "tarot"}, "'tarot'"), ({"banker_stands_on": 11}, "11"),
    ({"banker_stands_on": 22}, "22"), ({"banker_stands_on": 16.5}, "16.5"),
    ({"table_limit": 0}, "0"), ({"table_limit": -5}, "-5"), ({"table_limit": "10"}, "'10'"),
])
def test_ruleset_rejects_bad_values(changes, bad):
    with pytest.raises(RuleError) as error:
        RuleSet(**changes)
    assert bad in str(error.value)
    with pytest.raises(RuleError):
        HISTORICAL.with_(**changes)


def test_with_rejects_unknown_fields_and_keeps_the_original():
    with pytest.raises(RuleError, match="'stands_on'"):
        HISTORICAL.with_(stands_on=16)
    assert HISTORICAL.with_(banker_stands_on=16).banker_stands_on == 16
    assert HISTORICAL.banker_stands_on == 17
    with pytest.raises(dataclasses.FrozenInstanceError):
        HISTORICAL.decks = 1


def test_payouts_become_fractions():
    rules = RuleSet(player_natural_pays=1.5)
    assert rules.player_natural_pays == Fraction(3, 2)
    assert isinstance(rules.player_natural_pays, Fraction)


@pytest.mark.parametrize("player, banker, bad", [
    ("x", 18, "'x'"), (22, 18, "22"), (1, 18, "1"), (True, 18, "True"), (18.0, 18, "18.0"),
    (18, "win", "'win'"), (18, 0, "0"), (18, None, "None"),
])
def test_settle_rejects_bad_outcomes(player, banker, bad):
    with pytest.raises(RuleError) as error:
        settle(player, banker)
    assert bad in str(error.value)


def test_every_rule_has_a_short_title_in_each_language():
    """Figures name a rule in words beside its id (issue 30.4): 'R13 player's bust'."""
    from twentyone_edu import rule_title
    from twentyone_edu.game.rules import RULE_IDS

    for language in ("en", "ru"):
        titles = [rule_title(rule, language) for rule in RULE_IDS]
        assert len(set(titles)) == 20 and all(titles)
    assert rule_title("R13") == "player's bust" and rule_title("R16", "ru") == "перебор банкира"
    with pytest.raises(RuleError, match="R21"):
        rule_title("R21")
