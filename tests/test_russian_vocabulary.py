"""One vocabulary in the Russian course (locale/STYLE.md, "Words"): no calques such as
«значение остановки» — say what it is, the average result —; the natural is «натуральное 21»,
and «очко» names only the 20th-century game; «BJ» only beside the natural it stands for. Read
over the built Russian notebooks and every Russian catalog."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*(ROOT / "notebooks" / "ru").glob("*.ipynb"),
                    *(ROOT / "teacher" / "ru").rglob("*.ipynb")])
CATALOGS = sorted((ROOT / "twentyone_edu" / "locale" / "ru" / "LC_MESSAGES").rglob("*.po"))
CALQUE = re.compile(r"(значени|ценност)[а-яё]* (остановки|прикупки|раунда)", re.IGNORECASE)
BJ = re.compile(r"\bBJ\b")
OCHKO = re.compile(r"«очко»", re.IGNORECASE)
# the game's name: «в игре «очко»», «играть в «очко»»
THE_GAME = re.compile(r"(игр[а-яё]*|\bв) «очко»", re.IGNORECASE)


def wrong_words(text: str) -> list[str]:
    """The calques in `text`, each line naming «BJ» without the natural beside it, and each
    «очко» that is not the game's name."""
    found = [match.group(0) for match in CALQUE.finditer(text)]
    found += [line.strip() for line in text.splitlines()
              if BJ.search(line) and "натуральн" not in line]
    found += [line.strip() for line in text.splitlines()
              if len(OCHKO.findall(line)) > len(THE_GAME.findall(line))]
    return found


def test_the_check_can_fail():
    assert wrong_words("Шаг 4 — значение остановки") == ["значение остановки"]
    assert wrong_words("точное Значения раунда") == ["Значения раунда"]
    assert wrong_words("столбцы: 17, BJ, перебор") == ["столбцы: 17, BJ, перебор"]
    assert wrong_words("средний результат, если остановиться; BJ — натуральное 21") == []
    assert wrong_words("Т 10 — это «очко»") == ["Т 10 — это «очко»"]
    assert wrong_words("В игре «очко» валет стоит 2; играют в «очко» по одной колоде") == []


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
