"""One vocabulary in the Russian course (locale/STYLE.md, "Words"): no calques such as
«значение остановки» — say what it is, the average result —; the natural is «натуральное 21»,
and «очко» names only the 20th-century game (in no form the natural: «очка», «очком», «очков» were
missed by a check for «очко» alone); «BJ» only beside the natural it stands for. Read
over the built Russian notebooks and every Russian catalog."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*(ROOT / "notebooks" / "ru").glob("*.ipynb"),
                    *(ROOT / "teacher" / "ru").rglob("*.ipynb")])
CATALOGS = sorted((ROOT / "twentyone_edu" / "locale" / "ru" / "LC_MESSAGES").rglob("*.po"))
# the seed of a deal is «номер расклада», never «зерно» (GLOSSARY.md), in any form
CALQUE = re.compile(r"(значени|ценност)[а-яё]* (остановки|прикупки|раунда)"
                    r"|(?<![а-яё])з[её]рн[а-яё]*", re.IGNORECASE)
BJ = re.compile(r"\bBJ\b")
# Every form of «очко»: the singular (очко, очка, очку, очком, очке) and the plural.
OCHKO = re.compile(r"(?<![а-яё])очк[а-яё]*", re.IGNORECASE)
PLURAL = {"очки", "очков", "очкам", "очками", "очках"}
# points of a total: a number before the word («21 очко», «{n} очка», «2, 3 и 4 очка»)
AFTER_A_NUMBER = re.compile(r"(\d|\}|\bодно|\bдва|\bтри|\bчетыре)\s+$", re.IGNORECASE)
# the game's name, in quotes: «игра «очко»», «играть в «очко»», «в «очке»»
IN_THE_GAME = re.compile(r"(\bигр[а-яё]*|\bв|\bво)\s+«$", re.IGNORECASE)
# ... or the name alone in a label or a list of games: «очко» (Россия, XX в.), «очко», блэкджек
AS_A_NAME = re.compile(r"»\**\s*[(,]")


def ochko_for_the_natural(text: str) -> list[str]:
    """Each form of «очко» in `text` that is neither points of a total (a plural, or after a
    number), nor the 20th-century game's name in quotes, nor its «золотое очко»."""
    found = []
    for match in OCHKO.finditer(text):
        word, before, after = match.group(0).lower(), text[:match.start()], text[match.end():]
        quoted = before.endswith("«") and after.startswith("»")
        if not quoted and (word in PLURAL or AFTER_A_NUMBER.search(before)):
            continue
        if before.lower().endswith("«золотое ") and word == "очко":
            continue
        if quoted and (IN_THE_GAME.search(before)
                       or word == "очко" and AS_A_NAME.match(after)):
            continue
        found.append(text[max(0, match.start() - 30):match.end() + 10].strip())
    return found


def wrong_words(text: str) -> list[str]:
    """The calques in `text`, each line naming «BJ» without the natural beside it, and each
    form of «очко» that means the natural (GLOSSARY.md: «натуральное 21»)."""
    found = [match.group(0) for match in CALQUE.finditer(text)]
    found += [line.strip() for line in text.splitlines()
              if BJ.search(line) and "натуральн" not in line]
    return found + ochko_for_the_natural(text)


def test_the_check_can_fail():
    assert wrong_words("Шаг 4 — значение остановки") == ["значение остановки"]
    assert wrong_words("точное Значения раунда") == ["Значения раунда"]
    assert wrong_words("с новым зерном, другие зёрна") == ["зерном", "зёрна"]
    assert wrong_words("столбцы: 17, BJ, перебор") == ["столбцы: 17, BJ, перебор"]
    assert wrong_words("средний результат, если остановиться; BJ — натуральное 21") == []
    assert wrong_words("Т 10 — это «очко»") == ["Т 10 — это «очко»"]
    assert wrong_words("В игре «очко» валет стоит 2; играют в «очко» по одной колоде") == []


@pytest.mark.parametrize("text", [
    "Вы знаете, что «очка» у банкира нет", "Умножьте вероятность «очка» на его цену",
    "Меньше тузов — меньше «очков», за которые банкир получает втрое",
    "с натуральным 21 («очком») банкир получает втрое", "если у банкира очко, раунд окончен",
    "банкир с очком берёт двойную ставку", "при очке у банкира", "Т 10 — это очко."])
def test_every_form_of_ochko_for_the_natural_is_found(text):
    assert len(wrong_words(text)) == 1


@pytest.mark.parametrize("text", [
    "в XX веке в России играли в «очко»", "колода в 36 карт в «очке»", "игра «очко» XX века",
    "«очко» (Россия, XX в.)", "**«Очко»** (в коде `ochko`)", "двадцать одно, «очко», блэкджек",
    "два туза — «золотое очко»", "у руки Т К 21 очко", "{n} очка", "стоят 2, 3 и 4 очка",
    "больше 21 очка", "набрать очков больше, чем у банкира", "очки карты",
    "при равных очках выигрывает банкир"])
def test_points_and_the_games_name_are_not_the_natural(text):
    assert wrong_words(text) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_russian_notebook_says_what_a_value_is(path):
    assert wrong_words(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.name)
def test_a_russian_catalog_says_what_a_value_is(path):
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    strings = [message.string for message in catalog if message.id]
    texts = [text for string in strings
             for text in (string if isinstance(string, tuple) else (string,))]
    assert [word for text in texts for word in wrong_words(text)] == []



@pytest.mark.parametrize("folder", ["notebooks", "notebooks/ru"])
def test_every_lesson_words_its_language_and_record_comments_alike(folder):
    """Issue 30: there were four versions of the language comment in cell 1 and three of «Ваши
    итоги»: each lesson's `LANGUAGE =` line and its record cell's comment are one wording."""
    lessons = sorted((ROOT / folder).glob("[01][0-9]_*.ipynb"))
    said: dict[str, set[str]] = {"language": set(), "record": set()}
    for path in lessons:
        code = [cell.source for cell in nbformat.read(path, as_version=4).cells
                if cell.cell_type == "code"]
        said["language"] |= {line for line in code[0].splitlines() if "LANGUAGE = " in line}
        said["record"] |= {cell.splitlines()[0] for cell in code if "quiz_record(" in cell}
    assert len(lessons) == 13
    assert [len(lines) for lines in said.values()] == [1, 1], said


# GLOSSARY.md: one pack is «колода»; the shoe (both packs shuffled together) is «обе колоды»,
# never the singular, which a reader takes for one pack.
SHOE = re.compile(r"\bshoes?\b", re.IGNORECASE)
PACK = re.compile(r"\bpacks?\b", re.IGNORECASE)
# колода, колоде, колоду, колодой, and the genitive «колоды» where a preposition or a singular
# word before it shows one pack: «из колоды», «полной колоды», «состава колоды»
ONE_PACK = re.compile(r"(?<![а-яё])(колод(а|е|у|ой)|(из|без|для|до|от|у|состава?|[а-яё]+[ое]й)"
                      r" колоды)(?![а-яё])", re.IGNORECASE)


def singular_for_the_shoe(english: str, russian: str) -> list[str]:
    """Each singular «колода» in `russian` when its `english` names the shoe and no pack."""
    if not SHOE.search(english) or PACK.search(english):
        return []
    return [russian[max(0, match.start() - 30):match.end() + 10].strip()
            for match in ONE_PACK.finditer(russian)]


def test_the_shoe_check_can_fail():
    assert singular_for_the_shoe("Shuffle the shoe.", "Перемешайте колоду.") == [
        "Перемешайте колоду."]
    assert singular_for_the_shoe("the shoe runs out", "кончилась колодой") == ["кончилась колодой"]
    assert singular_for_the_shoe("Shuffle the shoe.", "Перемешайте обе колоды.") == []
    assert singular_for_the_shoe("one pack, not the shoe", "одна колода, а не обе") == []
    assert singular_for_the_shoe("a card from a fresh shoe", "карта из полной колоды") == [
        "карта из полной колоды"]
    assert singular_for_the_shoe("the shoe's make-up", "состав колоды") == ["состав колоды"]
    assert singular_for_the_shoe("a card from the shoe", "карта из полных колод; обе колоды") == []
    assert singular_for_the_shoe("the dealer", "сдающий из колоды") == []


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.name)
def test_a_russian_catalog_never_calls_the_shoe_one_pack(path):
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    found = []
    for message in catalog:
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [word for string in strings for word in singular_for_the_shoe(english, string)]
    assert found == []
