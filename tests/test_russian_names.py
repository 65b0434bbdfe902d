"""Players' names in Russian sentences (issue 19.1): a name typed by anyone — male or female,
Russian or Latin, unknown or hyphenated — is never declined, so every Russian message that
takes a name must place it where the nominative is right: at the start of a clause, after a
colon or a dash, in brackets, or as the subject of a verb («ходит Вера», «покупает Борис»).
Never after a word that governs another case: «игроку Глеб», «у игрока Вера», «к Борис»."""

import re
import string

import pytest

from twentyone_edu.widgets import i18n
from twentyone_edu.words import messages
from twentyone_edu.words.catalogs import fields

NAMES = ["Глеб", "Вера", "Борис", "Любовь", "Илья", "Никита", "Анна-Мария", "Ёж", "John",
         "Zoë", "Ли", "Игорь Петров"]

# The parameters that hold a person: one name, or several joined by ", ".
ONE_NAME = {"seat", "other", "whose", "player", "banker"}
LIST_OF_NAMES = {"names", "still"}
# Codes whose `seat` is a seat number, not a name; widget keys whose `name` is a player's.
NOT_A_NAME = {("engine", "seat"), ("engine", "policy_other_form"), ("widgets", "bc_done"),
              ("widgets", "sim_settings")}
WIDGET_NAME = {"bad_threshold"}

# What may stand right before a name in a Russian sentence: the nominative is right after these.
BEFORE_A_NAME = re.compile(
    r"(^|[:—(«]|\bбанкир|\bБанкир|\bигрок|\bходит|\bХодит|\bдержит|\bпокупает|\bпродаёт|"
    r"\bсдаёт|\bстановится|\bэто|\bа не|\bход,|\bВаш ход,)\s*$")


def _russian_templates():
    for code, english in messages.ENGLISH.items():
        yield "engine", code, english
    for key, english in i18n.TEXT.items():
        yield "widgets", key, english


def _person_fields(domain, code, english):
    if (domain, code) in NOT_A_NAME:
        return set()
    found = fields(english) & (ONE_NAME | LIST_OF_NAMES)
    if domain == "widgets" and code in WIDGET_NAME:
        found.add("name")
    return found


CASES = [(domain, code, english) for domain, code, english in _russian_templates()
         if _person_fields(domain, code, english)]


def _worded(domain, code, english, name, others):
    """The Russian of one template with `name` in each person's place and 3 everywhere else."""
    params = {}
    for field in fields(english):
        if field in LIST_OF_NAMES:
            params[field] = ", ".join([name, *others])
        elif field in _person_fields(domain, code, english):
            params[field] = name
        else:
            params[field] = 3
    if domain == "engine":
        return messages.phrase(code, params, "ru")
    return i18n.text(code, "ru", **params)


def _misplaced(text, name, names):
    """Each place where `name` stands after words that need it declined."""
    wrong = []
    for found in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w|:\d)", text):  # not «Вера:15»
        before = text[:found.start()]
        if before.endswith(", ") and any(before[:-2].endswith(other) for other in names):
            continue  # one of a list of names: «игроки: Анна, Борис»
        if not BEFORE_A_NAME.search(before):
            wrong.append(text[max(0, found.start() - 30):found.end()])
    return wrong


def test_the_messages_with_names_are_found():
    codes = {code for _, code, _ in CASES}
    assert {"event.sell_bank", "event.bank_passes", "bank_own", "phase.players",
            "tw_status_banker", "odds_for", "bad_threshold"} <= codes
    assert len(CASES) >= 40


@pytest.mark.parametrize(("domain", "code", "english"), CASES,
                         ids=[f"{domain}:{code}" for domain, code, _ in CASES])
def test_every_name_stands_in_the_nominative(domain, code, english):
    for i, name in enumerate(NAMES):
        others = [NAMES[(i + 1) % len(NAMES)], NAMES[(i + 2) % len(NAMES)]]
        text = _worded(domain, code, english, name, others)
        assert name in text, (code, text)
        assert not _misplaced(text, name, NAMES), (code, text)


@pytest.mark.parametrize("wrong", [
    "банк достаётся игроку {seat}",
    "Вера продаёт банк игроку {seat} за 10",
    "банк у игрока {seat}",
    "банк переходит к {seat}",
    "банк переходит к соседу справа, {seat}",
    "ставка {seat}",
])
def test_the_check_catches_a_declined_place(wrong):
    text = string.Formatter().vformat(wrong, (), {"seat": "Глеб"})
    assert _misplaced(text, "Глеб", NAMES)


@pytest.mark.parametrize("right", [
    "Ходит {seat} (R11).", "{seat}: ставка 3 (R5).", "Банкир {seat} прикупает",
    "продаёт банк за 10, покупает {seat};", "игроки: Анна, {seat}", "(это {seat})",
])
def test_the_check_lets_a_nominative_place_pass(right):
    text = string.Formatter().vformat(right, (), {"seat": "Глеб"})
    assert not _misplaced(text, "Глеб", [*NAMES, "Анна"])


def test_no_lesson_prints_a_name_after_a_word_that_declines_it():
    """A lesson's code prints a name after its Russian phrase (print("банкиром становится",
    table.banker)): no phrase may end in a word that needs the name in another case."""
    from twentyone_edu.course import translation
    from twentyone_edu.course.code_prose import STRING_CONTEXT

    declining = re.compile(r"(\b(игрок|банкир|сосед)(у|ом)|(?<!\w)(у|к|от|для))\s*$")
    folder = translation.ROOT / "twentyone_edu/locale/ru/LC_MESSAGES/notebooks"
    wrong = [(path.name, entry.string) for path in sorted(folder.glob("*.po"))
             for entry in translation.read_catalog(path)
             if entry.context == STRING_CONTEXT and isinstance(entry.string, str)
             and declining.search(entry.string)]
    assert not wrong
