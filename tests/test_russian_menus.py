"""JupyterLab's menus named in the Russian course as the Russian JupyterLab names them (issue
19.3): every menu path an English lesson gives («Run → Run All Cells») appears in its Russian
translation in the words of the language pack the course installs, and none in English."""

import json
import re
from importlib.util import find_spec
from pathlib import Path

import pytest

from twentyone_edu.course import translation

PACK = Path(find_spec("jupyterlab_language_pack_ru_RU").origin).parent
CATALOGS = translation.ROOT / "twentyone_edu/locale/ru/LC_MESSAGES/notebooks"
MENU_PATH = re.compile(r"\b(File|Edit|View|Run|Kernel|Tabs|Settings|Help) → "
                       r"([A-Z][A-Za-z ]*[a-z](?:…)?)")


def pack_words():
    with (PACK / "locale/ru_RU/LC_MESSAGES/jupyterlab.json").open(encoding="utf-8") as handle:
        return json.load(handle)


def russian_path(menu, item, words):
    """The path as the Russian JupyterLab shows it; its items end in '…' where JupyterLab's do."""
    menu_ru = words[f"menu\x04{menu}"][0]
    for label in (item, item.removesuffix("…") + "…", item.removesuffix("…")):
        if label in words:
            return f"{menu_ru} → {words[label][0]}"
    raise AssertionError(f"the language pack has no item {item!r}")


def menu_entries():
    for path in sorted(CATALOGS.glob("*.po")):
        for entry in translation.read_catalog(path):
            if entry.id and isinstance(entry.id, str) and MENU_PATH.search(entry.id):
                yield path.name, entry


ENTRIES = list(menu_entries())


def test_the_course_names_menus():
    assert len(ENTRIES) >= 2  # lesson 00 and the teacher's guide


@pytest.mark.parametrize(("catalog", "entry"), ENTRIES,
                         ids=[f"{name}:{entry.id[:30]}" for name, entry in ENTRIES])
def test_every_menu_path_is_in_the_language_packs_words(catalog, entry):
    words = pack_words()
    for menu, item in MENU_PATH.findall(entry.id):
        assert russian_path(menu, item, words) in entry.string, (catalog, entry.string)
    assert not MENU_PATH.search(entry.string), (catalog, entry.string)


def test_the_pack_gives_the_words_a_russian_student_sees():
    words = pack_words()
    assert russian_path("Run", "Run All Cells", words) == "Выполнить → Запустить все ячейки"
    assert russian_path("Kernel", "Restart Kernel and Run All Cells", words) == \
        "Ядро → Перезапустить ядро и выполнить все ячейки…"
