"""The quiz bank's catalog (locale/ru/LC_MESSAGES/quizzes.po): every question, hint and choice of
data/quizzes/NN.json has its English there as msgid, its place as msgctxt and a Russian text,
complete, in step with the JSON and with the same fields; a broken catalog fails `python -m
twentyone_edu.locale check`; a Russian quiz from the bank shows the catalog's Russian."""

import fnmatch
import json
import shutil
from html import escape
from importlib import resources

import pytest

from twentyone_edu.locale import __main__ as cli
from twentyone_edu.widgets import quiz_bank
from twentyone_edu.words import catalogs
from twentyone_edu.words.catalogs import fields

# Exercise 07.4 as the JSON and the catalog hold it, typed here.
EXERCISE_07_4 = {
    "question": {
        "en": "The text says a player with 15–17 \"may\" buy. Predict, before this lesson prints "
              "them: which statement will the exact values for the hard two-card hands of 15, "
              "16 and 17 support?",
        "ru": "Текст говорит, что с 15–17 очками игрок «может» прикупать. Предскажите, пока урок "
              "их не напечатал: какое утверждение подтвердят точные значения для жёстких рук из "
              "двух карт на 15, 16 и 17?"},
    "hints": [{"en": "Which cards bust a hard 15, 16 or 17, and how often does a banker who "
                     "stands on 17 beat a player who stands there anyway? When both choices lose "
                     "about the same, they are nearly even. The lists of sections 2 and 5 will "
                     "tell you.",
               "ru": "Какие карты дают перебор при жёстких 15, 16 или 17 и как часто банкир, "
                     "который останавливается на 17, всё равно побеждает игрока, остановившегося "
                     "на них? Если оба решения проигрывают примерно одинаково, они почти "
                     "равноценны. Ответ дадут списки разделов 2 и 5."}],
    "choices": [
        {"en": "Buying and standing are worth nearly the same there (within 0.05 of a stake)",
         "ru": "Прикупить и остановиться там почти равноценно (разница меньше 0,05 ставки)"},
        {"en": "Buying wins money on average there",
         "ru": "Прикупка там в среднем приносит выигрыш"},
        {"en": "Standing there never loses money on average",
         "ru": "Остановившись там, в среднем не проигрываешь"},
        {"en": "Buying is much better there (by more than half a stake)",
         "ru": "Прикупка там намного выгоднее (больше чем на половину ставки)"}],
}


def russian_entries():
    return {entry.context: entry for entry in catalogs.read("quizzes", "ru") if entry.id}


def stored_texts():
    """(place, English) of every question, hint, choice, trap and why, read from the JSON files
    here."""
    folder = resources.files("twentyone_edu.data").joinpath("quizzes")
    found = []
    for path in sorted(folder.iterdir(), key=lambda path: path.name):
        if not path.name.endswith(".json"):
            continue
        for key, entry in json.loads(path.read_text(encoding="utf-8")).items():
            found.append((f"{key} question", entry["question"]["en"]))
            for kind in ("hint", "choice", "trap"):
                found += [(f"{key} {kind} {number + 1}", text["en"])
                          for number, text in enumerate(entry.get(f"{kind}s", []))]
            if "why" in entry:
                found.append((f"{key} why", entry["why"]["en"]))
    return found


def test_every_question_hint_and_choice_is_an_entry_named_by_its_place():
    assert list(quiz_bank.english().items()) == stored_texts()
    assert {"04.1 question", "04.1 hint 1", "04.1 hint 2", "07.4 choice 4"} <= set(
        quiz_bank.english())
    assert "04.1 hint 3" not in quiz_bank.english()  # 04.1 has two hints
    assert "06.1 why" in quiz_bank.english()


def test_every_entry_is_translated_with_exactly_the_english_fields():
    english = quiz_bank.english()
    entries = russian_entries()
    assert set(entries) == set(english)
    for where, words in english.items():
        entry = entries[where]
        assert entry.id == words, f"{where}: the English changed, the translation did not"
        assert not entry.fuzzy and entry.string.strip(), where
        assert fields(entry.string) == fields(words), where


def test_the_catalog_is_in_step_with_the_bank():
    """`python -m twentyone_edu.locale update` would change nothing."""
    path = catalogs.po_path("quizzes", "ru")
    assert catalogs.updated_po("quizzes", "ru", quiz_bank.english()) == path.read_bytes()
    assert catalogs.check("quizzes", "ru", quiz_bank.english()) == []


def test_the_catalog_is_package_data():
    path = catalogs.po_path("quizzes", "ru").relative_to(catalogs.LOCALE).as_posix()
    assert fnmatch.fnmatch(path, "ru/LC_MESSAGES/*.po")  # pyproject's package-data glob


def test_an_exercise_keeps_its_shape_with_the_russian_from_the_catalog():
    stored = quiz_bank.exercise("07.4")
    for part in ("question", "hints", "choices"):
        assert stored[part] == EXERCISE_07_4[part], part
    assert stored["answer"].startswith("t21q1:")
    assert quiz_bank.exercise("04.1")["hints"][1] == {
        "en": "There are eight cards of each rank in the two packs.",
        "ru": "В двух колодах по восемь карт каждого достоинства."}


def test_a_russian_quiz_from_the_bank_shows_the_catalogs_russian():
    shown = quiz_bank.quiz("07.4", language="ru")
    assert shown.question_html.value == escape(EXERCISE_07_4["question"]["ru"])
    assert [label for label, _ in shown.answer_box.options] == [
        choice["ru"] for choice in EXERCISE_07_4["choices"]]
    shown.hint_button.click()
    assert escape(EXERCISE_07_4["hints"][0]["ru"]) in shown.hints_html.value
    shown.language_toggle.value = "en"
    assert shown.question_html.value == escape(EXERCISE_07_4["question"]["en"])


def test_every_russian_quiz_shows_its_catalog_entries():
    entries = russian_entries()
    for where in quiz_bank.english():
        if not where.endswith(" question"):
            continue
        key = where.split()[0]
        shown = quiz_bank.quiz(key, language="ru")
        assert shown.question_html.value == escape(entries[where].string), where
        choices = [entries[f"{key} choice {n}"].string
                   for n in range(1, len(shown.choices or ()) + 1)]
        assert [label for label, _ in getattr(shown.answer_box, "options", ())] == choices, key
        for _ in shown.hints:
            shown.hint_button.click()
        for n in range(1, len(shown.hints) + 1):
            assert escape(entries[f"{key} hint {n}"].string) in shown.hints_html.value, key


@pytest.fixture
def copied(tmp_path, monkeypatch):
    """The package's catalogs copied to a temporary locale folder, which the checks and the
    quizzes then read; the notebooks' catalogs are left out."""
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for po in catalogs.po_path("quizzes", "ru").parent.glob("*.po"):
        shutil.copy(po, folder)
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    monkeypatch.setattr(cli.course, "stale", lambda: [])
    monkeypatch.setattr(cli.course, "update", lambda: [])
    catalogs.translations.cache_clear()
    yield folder / "quizzes.po"
    catalogs.translations.cache_clear()


def rewrite(path, change):
    catalog = catalogs.read("quizzes", "ru", path.parents[2])
    change(catalog)
    path.write_bytes(catalogs.po_bytes(catalog))


def entry(catalog, where):
    return catalog.get(quiz_bank.english()[where], context=where)


def test_a_removed_translation_fails_the_check(copied, capsys):
    assert cli.main(["check"]) == 0
    assert "incomplete" not in capsys.readouterr().out
    rewrite(copied, lambda catalog: catalog.delete(quiz_bank.english()["04.1 hint 2"],
                                                   context="04.1 hint 2"))
    assert catalogs.problems(catalogs.read("quizzes", "ru"), quiz_bank.english()) == [
        "04.1 hint 2: missing"]
    assert cli.main(["check"]) == 1
    assert "quizzes.po: 04.1 hint 2: missing" in capsys.readouterr().out
    # gettext falls back to the English: this is what the check is there to catch
    assert quiz_bank.exercise("04.1")["hints"][1]["ru"] == quiz_bank.english()["04.1 hint 2"]
    # the merge brings the entry back, untranslated or, as msgmerge does, fuzzy with the
    # translation of the nearest other English text
    assert cli.main(["update"]) == 0
    assert catalogs.problems(catalogs.read("quizzes", "ru"), quiz_bank.english()) in (
        ["04.1 hint 2: untranslated"], ["04.1 hint 2: fuzzy"])
    assert cli.main(["check"]) == 1


def emptied(catalog):
    entry(catalog, "07.4 choice 2").string = ""


def fuzzy(catalog):
    entry(catalog, "00.1 question").flags.add("fuzzy")


def field_added(catalog):
    entry(catalog, "04.2 question").string += " {n}"


@pytest.mark.parametrize("change, problem", [
    (emptied, "07.4 choice 2: untranslated"),
    (fuzzy, "00.1 question: fuzzy"),
    (field_added, "04.2 question: the translation's fields are not []"),
])
def test_a_broken_russian_entry_fails_the_check(copied, capsys, change, problem):
    rewrite(copied, change)
    assert catalogs.problems(catalogs.read("quizzes", "ru"), quiz_bank.english()) == [problem]
    assert cli.main(["check"]) == 1
    assert problem in capsys.readouterr().out


@pytest.fixture
def edited_bank(monkeypatch):
    """Lesson 04's bank with 04.1's question reworded in English and exercise 04.4 removed."""
    stored = quiz_bank.lesson_exercises("04")
    edited = {key: value for key, value in stored.items() if key != "04.4"}
    reworded = stored["04.1"]["question"]["en"].replace("(not bust)", "(not busting)")
    assert reworded != stored["04.1"]["question"]["en"]
    edited["04.1"] = {**stored["04.1"], "question": {"en": reworded}}
    original = quiz_bank.lesson_exercises
    monkeypatch.setattr(quiz_bank, "lesson_exercises",
                        lambda lesson: edited if lesson == "04" else original(lesson))


def test_an_english_edit_in_the_bank_fails_the_check_until_translated(copied, edited_bank,
                                                                       capsys):
    english = quiz_bank.english()
    removed = [where for where in russian_entries() if where.startswith("04.4 ")]
    assert removed
    found = catalogs.problems(catalogs.read("quizzes", "ru"), english)
    assert found == ["04.1 question: translated from another English text (run update)"] + [
        f"{where}: no such key (run update)" for where in removed]
    assert quiz_bank.exercise("04.1")["question"]["ru"] == english["04.1 question"]
    assert cli.main(["check"]) == 1
    assert cli.main(["update"]) == 0  # the old translation stays, marked fuzzy; 04.4 goes
    assert catalogs.problems(catalogs.read("quizzes", "ru"), english) == ["04.1 question: fuzzy"]
    assert cli.main(["check"]) == 1
    assert "quizzes.po: 04.1 question: fuzzy" in capsys.readouterr().out
