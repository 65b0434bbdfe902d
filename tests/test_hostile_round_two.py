"""Hostile inputs, round two (issue 21): each class of failure the probes found, tested with
those probes (each failed on main before its fix) and with variants of our own."""

from __future__ import annotations

import json
import unicodedata
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

import twentyone_edu as t21
from twentyone_edu import exact, simulate
from twentyone_edu.course import assignments
from twentyone_edu.words import catalogs, wording
from twentyone_edu.words.errors import RuleError, TwentyOneError

ROOT = Path(__file__).resolve().parents[1]


# --- 1. a policy that calls back into the table -------------------------------------------------

def dealt_table() -> t21.Table:
    table = t21.Table(["Anna", "Boris", "Vera"], seed=1, banker="Boris")
    table.stake("Anna", 5)
    table.stake("Vera", 2)
    table.deal()
    return table


def state(table: t21.Table) -> tuple:
    return (table.phase, table.to_act, {seat: tuple(cards) for seat, cards in
                                         table.hands.items()}, table.purses, len(table.events))


@pytest.mark.parametrize("call", ["stand", "buy", "play_banker", "settle", "autoplay"])
def test_a_policy_that_acts_on_the_table_is_refused_and_changes_nothing(call):
    table = dealt_table()
    before = state(table)
    actions = {"stand": table.stand, "buy": table.buy, "play_banker": table.play_banker,
               "settle": table.settle, "autoplay": lambda: table.autoplay({"Vera": 17})}

    def meddling(hand, seen):
        actions[call]()
        return True

    with pytest.raises(t21.IllegalAction, match=rf"called {call}\(\)"):
        table.play_player(meddling)
    assert state(table) == before
    table.play_player(17)  # the table goes on as if nothing had happened
    assert table.to_act != before[1]


def test_a_meddling_policy_in_autoplay_is_refused_too():
    table = dealt_table()
    before = state(table)
    with pytest.raises(t21.IllegalAction):
        table.autoplay({"Anna": lambda hand, seen: table.stand() or True})
    assert state(table) == before


# --- 2. rule sets: every number within a documented range ---------------------------------------

@pytest.mark.parametrize("field", ["drawn_21_pays", "player_natural_pays",
                                   "banker_natural_collects", "banker_21_collects",
                                   "banker_natural_vs_natural"])
@pytest.mark.parametrize("value", ["1e400", "1e300", 101, 10**6, Fraction(1, 1001), "1/7001",
                                   -1, "-0.5", float("inf")])
def test_a_payment_out_of_range_is_refused_where_the_rule_set_is_made(field, value):
    with pytest.raises(RuleError, match=field):
        t21.RuleSet(**{field: value})


def test_a_payment_in_range_is_kept_exactly():
    rules = t21.RuleSet(drawn_21_pays=100, player_natural_pays="3/2",
                        banker_21_collects=Fraction(999, 1000))
    assert (rules.drawn_21_pays, rules.player_natural_pays) == (100, Fraction(3, 2))
    assert exact.round_value(17, rules=rules) > exact.round_value(17)


def test_the_table_limit_has_an_upper_bound():
    with pytest.raises(RuleError, match="table_limit"):
        t21.RuleSet(table_limit=10**10)


def test_a_simulation_of_a_varied_result_never_reports_a_standard_error_of_zero():
    """With the largest payment allowed, results differ by 100 stakes: the error is not 0."""
    result = simulate.rounds(5000, 17, rules=t21.RuleSet(drawn_21_pays=100))
    assert len(set(result.results.tolist())) > 1 and result.std_error > 0
    spread = result.results.std(ddof=1) / len(result.results) ** 0.5
    assert result.std_error == pytest.approx(spread)


@pytest.mark.parametrize("rules", [
    SimpleNamespace(face_values=(-10, -10, -10), ace_soft=True, two_aces_natural=False),
    SimpleNamespace(face_values=(10, 10, 10), ace_soft="no", two_aces_natural=False),
    {"face_values": (10, 10, 10)}, "Ochko", "", 17])
def test_hand_value_takes_a_rule_set_or_a_variant_name_only(rules):
    with pytest.raises(t21.CardError, match="rules="):
        t21.hand_value("K Q", rules)
    assert t21.hand_value("K Q", "ochko") == t21.hand_value("K Q", t21.VARIANTS["ochko"])


# --- 3. languages: one check, before any file -----------------------------------------------

LANGUAGES_TYPED = ["de", "RU", "", None, 3, "/etc/passwd", "../../../etc", "ru/../en",
                   "ru\x00", "x" * 10_000]


@pytest.mark.parametrize("language", LANGUAGES_TYPED, ids=repr)
def test_an_unknown_language_is_refused_by_name_and_never_becomes_a_path(language,
                                                                           monkeypatch):
    opened = []
    real = catalogs.po_path
    monkeypatch.setattr(catalogs, "po_path",
                        lambda domain, lang, root=None: opened.append(lang) or real(domain, lang,
                                                                                     root))
    error = RuleError("not_int", value="'x'")
    for call in (lambda: error.in_language(language),
                 lambda: wording.say("nothing", {}, language),
                 lambda: wording.template("nothing", language),
                 lambda: t21.variant_title("ochko", language),
                 lambda: t21.Table(["A", "B"]).log_in(language)):
        with pytest.raises(RuleError, match="language="):
            call()
    assert opened == []
    with pytest.raises(KeyError):
        catalogs.translations("engine", "../ru")


# --- 4. student ids and shared words, normalised in one place ------------------------------------

@pytest.mark.parametrize(("typed", "same_as"), [
    ("alice\u200b", "alice"), ("\ufeffalice", "alice"), ("al\u200dice", "alice"),
    (unicodedata.normalize("NFD", "josé"), "josé"), ("  ALICE ", "alice"),
    (unicodedata.normalize("NFD", "Ёлка"), "ёлка")])
def test_ids_typed_differently_draw_the_same_numbers(typed, same_as):
    assert assignments.draw("lessons04_05", typed) == assignments.draw("lessons04_05", same_as)


@pytest.mark.parametrize("nothing", ["\u200b", " \ufeff ", "\u2060\u200b", "   "])
def test_an_id_that_is_nothing_once_normalised_is_refused(nothing):
    with pytest.raises(assignments.AssignmentError, match="student="):
        assignments.draw("lessons04_05", nothing)


def test_a_shared_word_saved_with_a_byte_order_mark_gives_the_same_numbers(tmp_path):
    plain, marked = tmp_path / "plain", tmp_path / "marked"
    plain.mkdir()
    marked.mkdir()
    (plain / assignments.SHARED_FILE).write_text("autumn-2026\n", encoding="utf-8")
    (marked / assignments.SHARED_FILE).write_text("\ufeffAutumn-2026\r\n", encoding="utf-8")
    assert assignments.numbers("lessons04_05", "x", folder=plain) == \
        assignments.numbers("lessons04_05", "y", folder=marked)


# --- 5. smaller, same standard --------------------------------------------------------------

def test_the_numbers_cache_is_bounded():
    info = assignments._drawn.cache_info()
    assert info.maxsize is not None and info.maxsize <= 10_000


@pytest.mark.parametrize(("call", "expected"), [
    (lambda: dealt_table().play_player(lambda total, soft: total < 17), "(hand, seen)"),
    (lambda: simulate.rounds(100, lambda hand, seen: True), "(total, soft)"),
    (lambda: dealt_table().play_player(lambda hand: True), "(hand, seen)"),
    (lambda: simulate.rounds(100, lambda: True), "(total, soft)")])
def test_a_policy_of_the_wrong_form_is_refused_before_it_is_called(call, expected):
    with pytest.raises(RuleError, match=rf"takes \({expected[1:-1]}\)|{expected[1:-1]}"):
        call()


def test_an_error_inside_a_policy_names_the_form_it_was_called_in():
    with pytest.raises(RuleError, match=r"with \(total, soft\).*TypeError"):
        simulate.rounds(100, lambda total, soft: total < "17")
    table = dealt_table()
    before = state(table)
    with pytest.raises(RuleError, match=r"with \(hand, seen\).*TypeError"):
        table.play_player(lambda hand, seen: hand < 17)
    assert state(table) == before


def test_the_russian_app_opens_in_russian_without_a_query():
    from twentyone_edu.widgets import language_from_query

    russian = json.loads((ROOT / "notebooks" / "ru" / "app.ipynb").read_text())
    code = "".join("".join(cell["source"]) for cell in russian["cells"]
                   if cell["cell_type"] == "code")
    assert 'LANGUAGE = "ru"' in code and "default=LANGUAGE" in code
    assert language_from_query("", default="ru") == "ru"
    assert language_from_query("lang=en", default="ru") == "en"
    assert language_from_query("") == "en"
    with pytest.raises(TwentyOneError):
        language_from_query("", default="de")
