"""The public results have, at run time, exactly the shapes twentyone_edu.exact.results declares."""

import types
from fractions import Fraction
from typing import Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import twentyone_edu as t21
from twentyone_edu import exact, simulate
from twentyone_edu.exact import results
from twentyone_edu.game import cards, rules
from twentyone_edu.game.table import Event, Table

OUTCOMES = {"natural", "bust", *range(2, 22)}  # every way a hand can end (R3, R12, R13)
ONE_PACK = t21.Shoe.fresh(1)


def conforms(value, hint) -> bool:
    """Whether `value` has the type `hint` (the few kinds of type results.py uses)."""
    origin, args = get_origin(hint), get_args(hint)
    if is_typeddict(hint):
        fields = get_type_hints(hint)
        return (isinstance(value, dict) and set(value) == set(fields)
                and all(conforms(value[key], field) for key, field in fields.items()))
    if origin is Literal:
        return value in args
    if origin in (Union, types.UnionType):
        return any(conforms(value, arg) for arg in args)
    if origin is dict:
        return isinstance(value, dict) and all(
            conforms(key, args[0]) and conforms(item, args[1]) for key, item in value.items())
    if origin is list:
        return isinstance(value, list) and all(conforms(item, args[0]) for item in value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def test_the_checker_refuses_what_does_not_fit():
    assert not conforms({"stand": Fraction(1)}, results.DecisionValues)
    assert not conforms({"stand": Fraction(1), "draw": 0.5}, results.DecisionValues)
    assert not conforms({"stand": 1, "draw": 1, "gain": 0}, results.DecisionValues)
    assert not conforms({"push": Fraction(1)}, results.Distribution)
    assert not conforms({True: Fraction(1)}, results.Distribution)
    assert not conforms({21: 0.5}, results.Distribution)


def test_decision_values_has_exactly_stand_and_draw():
    values = exact.decision_values("10 6")
    assert set(results.DecisionValues.__required_keys__) == {"stand", "draw"}
    assert set(values) == {"stand", "draw"}
    assert conforms(values, results.DecisionValues)


@pytest.mark.parametrize("distribution", [
    exact.draw_distribution("K 6"),
    exact.draw_distribution("A 5", seen="2 3"),
    exact.banker_outcomes(ONE_PACK),
    exact.banker_outcomes(ONE_PACK, upcard="A"),
    exact.banker_outcomes(rules="ochko"),
], ids=["hard 16", "soft 16", "banker", "banker ace up", "banker ochko"])
def test_distributions_are_outcomes_to_fractions(distribution):
    assert conforms(distribution, results.Distribution)
    assert set(distribution) <= OUTCOMES
    assert sum(distribution.values()) == 1


def test_banker_outcomes_name_the_natural_and_his_totals():
    assert set(exact.banker_outcomes(ONE_PACK)) == {"natural", 17, 18, 19, 20, 21, "bust"}


def test_strategy_and_advice_rows():
    strategy = exact.strategy_table(ONE_PACK)
    advice = exact.advice_check(ONE_PACK, max_cards=3)
    assert strategy and advice
    assert conforms(strategy, list[results.StrategyRow])
    assert conforms(advice, list[results.AdviceRow])
    assert conforms(exact.advice_failures(ONE_PACK, max_cards=3), list[results.AdviceRow])
    for row in [*strategy, *advice]:
        assert row["gain"] == row["draw"] - row["stand"]


def test_bank_price_and_single_numbers():
    assert conforms(exact.bank_price(2, 17, ONE_PACK), results.BankPrice)
    assert conforms(exact.bank_value(2, "optimal", ONE_PACK), Fraction)
    assert conforms(exact.round_value(17, ONE_PACK), Fraction)
    assert conforms(exact.natural_probability(), Fraction)
    assert conforms(exact.first_banker_probabilities(3), list[Fraction])


def test_table_events_carry_outcomes():
    table = Table(["Anna", "Boris", "Vera"], seed=3)
    table.choose_banker()
    for seat in table.players:
        if seat != table.banker:
            table.stake(seat, 2)
    table.deal()
    table.autoplay({seat: 17 for seat in table.players}, banker=True)
    if table.phase == "settle":
        table.settle()
    payments = [event for event in table.events if event.kind == "payment"]
    assert payments
    hints = get_type_hints(Event)
    for event in table.events:
        assert conforms(event.outcome, hints["outcome"]) and conforms(event.against,
                                                                      hints["against"])
    for event in payments:
        assert event.outcome in OUTCOMES


def test_simulation_results():
    result = simulate.rounds(100, seed=1)
    assert isinstance(result.mean, float) and isinstance(result.std_error, float)
    assert result.n == 100 and result.running_mean().shape == (100,)


def test_the_type_names_are_exported_in_order():
    homes = {"AdviceRow": results, "BankPrice": results, "DecisionRow": results,
             "DecisionValues": results, "Distribution": results, "HandLike": cards,
             "Outcome": rules, "Policy": results, "RulesLike": rules, "StrategyRow": results}
    for name, home in homes.items():
        assert name in t21.__all__ and getattr(t21, name) is getattr(home, name)
    classes = [name for name in t21.__all__ if name[0].isupper() and not name.isupper()]
    assert classes == sorted(classes)
