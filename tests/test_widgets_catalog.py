"""The widgets' catalog (locale/ru/LC_MESSAGES/widgets.po): every widget text's English is in
widgets/i18n.py and its Russian in the catalog, complete, in step with the English and with the
same fields; a broken catalog fails `python -m twentyone_edu.locale check`; counts take their
plural form."""

import fnmatch
import re
import shutil

import pytest

from twentyone_edu.locale import __main__ as cli
from twentyone_edu.widgets import AdviceExplorer, BankerChooser, TableWidget
from twentyone_edu.widgets.i18n import COUNTED, TEXT, english, text
from twentyone_edu.words import catalogs
from twentyone_edu.words.catalogs import fields

NBSP = "\u202f"  # the thin no-break space that groups Russian thousands


def russian_entries():
    return {entry.context: entry for entry in catalogs.read("widgets", "ru") if entry.id}


def test_every_key_has_a_russian_text_with_exactly_the_english_fields():
    entries = russian_entries()
    assert not set(TEXT) & set(COUNTED)
    assert set(entries) == set(TEXT) | set(COUNTED)
    for key, words in TEXT.items():
        entry = entries[key]
        assert entry.id == words, f"{key}: the English changed, the translation did not"
        assert not entry.fuzzy and entry.string.strip(), key
        assert fields(entry.string) == fields(words), key
    for name, (one, other) in COUNTED.items():
        entry = entries[name]
        assert entry.id == (one, other) and not entry.fuzzy, name
        assert len(entry.string) == 3, name  # Russian: 1 карта, 2 карты, 5 карт
        for form in entry.string:
            assert form.strip() and fields(form) == {"n"}, name


def test_a_russian_text_uses_no_format_spec():
    """Numbers reach a template written the Russian way, so no {n:,} there."""
    for key, entry in russian_entries().items():
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            assert not re.search(r"\{\w+[:!]", form), key


def test_the_catalog_is_in_step_with_the_english():
    """`python -m twentyone_edu.locale update` would change nothing."""
    path = catalogs.po_path("widgets", "ru")
    assert catalogs.updated_po("widgets", "ru", english()) == path.read_bytes()
    assert catalogs.problems(catalogs.read("widgets", "ru"), english()) == []


def test_the_catalog_is_package_data():
    path = catalogs.po_path("widgets", "ru").relative_to(catalogs.LOCALE).as_posix()
    assert fnmatch.fnmatch(path, "ru/LC_MESSAGES/*.po")  # pyproject's package-data glob


@pytest.fixture
def copied(tmp_path, monkeypatch):
    """The package's catalogs copied to a temporary locale folder, which the checks then read;
    the notebooks' catalogs are left out."""
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for domain in ("engine", "widgets", "quizzes"):
        shutil.copy(catalogs.po_path(domain, "ru"), folder)
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    monkeypatch.setattr(cli.course, "stale", lambda: [])
    monkeypatch.setattr(cli.course, "update", lambda: [])
    return folder / "widgets.po"


def rewrite(path, change):
    catalog = catalogs.read("widgets", "ru", path.parents[2])
    change(catalog)
    path.write_bytes(catalogs.po_bytes(catalog))


def test_a_missing_russian_entry_fails_the_check(copied, capsys):
    assert cli.main(["check"]) == 0
    assert "incomplete" not in capsys.readouterr().out
    rewrite(copied, lambda catalog: catalog.delete(TEXT["tw_deal"], context="tw_deal"))
    assert catalogs.problems(catalogs.read("widgets", "ru"), english()) == ["tw_deal: missing"]
    assert cli.main(["check"]) == 1
    assert "widgets.po: tw_deal: missing" in capsys.readouterr().out
    assert cli.main(["update"]) == 0  # the merge brings the key back, untranslated
    assert catalogs.problems(catalogs.read("widgets", "ru"), english()) == [
        "tw_deal: untranslated"]
    assert cli.main(["check"]) == 1


def fuzzy(catalog):
    catalog.get(TEXT["tw_stand"], "tw_stand").flags.add("fuzzy")


def field_lost(catalog):
    catalog.get(TEXT["tw_status_turn"], "tw_status_turn").string = "Ходит игрок (R11)."


def plural_lost(catalog):
    catalog.get(COUNTED["shoe_cards"], "shoe_cards").string = ("{n} карта", "{n} карты", "")


def english_changed(catalog):
    catalog.get(TEXT["tw_buy"], "tw_buy").id = "Take a card"


@pytest.mark.parametrize("change, problem", [
    (fuzzy, "tw_stand: fuzzy"),
    (field_lost, "tw_status_turn: the translation's fields are not ['seat']"),
    (plural_lost, "shoe_cards: untranslated"),
    (english_changed, "tw_buy: translated from another English text (run update)"),
])
def test_a_broken_russian_entry_fails_the_check(copied, capsys, change, problem):
    rewrite(copied, change)
    found = catalogs.problems(catalogs.read("widgets", "ru"), english())
    assert found == [problem]
    assert cli.main(["check"]) == 1
    assert problem in capsys.readouterr().out


# Russian plurals by the last two digits: 1, 21, 101 take the first form; 2-4, 22-24, 104 the
# second; 0, 5-20, 11-14, 111 the third. English: 1 the singular, any other the plural.
@pytest.mark.parametrize("n, russian, english_words", [
    (1, "В колодах 1 карта ·", "1 card in the shoe"),
    (2, "В колодах 2 карты ·", "2 cards in the shoe"),
    (5, "В колодах 5 карт ·", "5 cards in the shoe"),
    (11, "В колодах 11 карт ·", "11 cards in the shoe"),
    (21, "В колодах 21 карта ·", "21 cards in the shoe"),
    (22, "В колодах 22 карты ·", "22 cards in the shoe"),
    (104, "В колодах 104 карты ·", "104 cards in the shoe"),
    (111, "В колодах 111 карт ·", "111 cards in the shoe"),
    (0, "В колодах 0 карт ·", "0 cards in the shoe"),
])
def test_the_cards_in_the_shoe_take_their_plural_form(n, russian, english_words):
    fields = {"shoe_cards": n, "discards": 3, "bank": 1, "rules": "x"}
    assert text("tw_shoe", "ru", **fields).startswith(russian)
    assert text("tw_shoe", "en", **fields).startswith(english_words)


@pytest.mark.parametrize("key, fields, russian", [
    ("advice_summary", {"hand": "10 5 6", "points": 21, "kind": "жёсткая сумма", "cards_seen": 1,
                        "cards_unseen": 101},
     "Рука 10 5 6: 21 очко (жёсткая сумма); кроме неё видна 1 карта, не видна 101 карта."),
    ("advice_summary", {"hand": "A 3", "points": 14, "kind": "мягкая сумма", "cards_seen": 4,
                        "cards_unseen": 98},
     "Рука A 3: 14 очков (мягкая сумма); кроме неё видны 4 карты, не видно 98 карт."),
    ("advice_summary", {"hand": "2 2", "points": 4, "kind": "жёсткая сумма", "cards_seen": 12,
                        "cards_unseen": 22},
     "Рука 2 2: 4 очка (жёсткая сумма); кроме неё видно 12 карт, не видны 22 карты."),
    ("sim_mean", {"after_rounds": 1, "mean": "+1,0000", "se": "0,0000"},
     "Среднее при моделировании после 1 раунда: +1,0000 ставки (стандартная ошибка 0,0000)."),
    ("sim_mean", {"after_rounds": 3, "mean": "−0,3333", "se": "0,6667"},
     "Среднее при моделировании после 3 раундов: −0,3333 ставки (стандартная ошибка 0,6667)."),
    ("sim_mean", {"after_rounds": 10_021, "mean": "0", "se": "1"},
     f"Среднее при моделировании после 10{NBSP}021 раунда: 0 ставки (стандартная ошибка 1)."),
    ("bc_sim_note", {"simulated_draws": 1, "seed": 7},
     "1 смоделированная жеребьёвка, номер расклада 7."),
    ("bc_sim_note", {"simulated_draws": 3, "seed": 7},
     "3 смоделированные жеребьёвки, номер расклада 7."),
    ("bc_sim_note", {"simulated_draws": 50_000, "seed": 7},
     f"50{NBSP}000 смоделированных жеребьёвок, номер расклада 7."),
    ("tw_names_too_long", {"characters": 301, "limit": 300},
     "в поле имён 301 символ (можно не больше 300: до 12 имён)"),
    ("tw_names_too_long", {"characters": 1_002, "limit": 300},
     f"в поле имён 1{NBSP}002 символа (можно не больше 300: до 12 имён)"),
    ("tw_name_too_long", {"start": "Аннааааааааа", "characters": 41, "limit": 40},
     "в имени «Аннааааааааа…» 41 символ (в имени не больше 40)"),
])
def test_counts_inside_texts_take_their_plural_form(key, fields, russian):
    assert text(key, "ru", **fields) == russian


def test_the_strategy_chart_counts_its_cells():
    fields = {"buy_cells": 1, "stand": 2, "equal": 0, "natural": 2, "first": "A",
              "second": "10", "cell": "x"}
    assert "buy in 1 cell, stand in 2," in text("strategy_chart_alt", "en", **fields)
    assert "прикупать — 1 клетка, остановиться — 2," in text("strategy_chart_alt", "ru", **fields)
    fields["buy_cells"] = 23
    assert "buy in 23 cells," in text("strategy_chart_alt", "en", **fields)
    assert "прикупать — 23 клетки," in text("strategy_chart_alt", "ru", **fields)


def test_the_widgets_show_the_plural_forms():
    table = TableWidget(["Anna", "Boris"], seed=1, language="ru")
    assert table.shoe_label.value.startswith("В колодах 104 карты ·")  # two packs (R1)
    # 10 10 from two packs: 102 cards not seen, none seen besides the hand; 20 is hard
    advice = AdviceExplorer(hand="10 10", language="ru")
    assert advice.summary.value == ("Рука 10 10: 20 очков (жёсткая: ни один туз не идёт за "
                                    "11); кроме неё видно 0 карт, не видны 102 карты.")
    chooser = BankerChooser(players=4, seed=3, trials=1_000, language="ru")
    chooser.simulate_button.click()
    assert f"1{NBSP}000 смоделированных жеребьёвок, номер расклада 3." in chooser.chances.value
