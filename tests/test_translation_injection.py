"""A translation may change the text of strings and comments, never the code (issue 31, item 7).

The review's probe (8.B): a msgstr that closes its string and adds a call, or adds a {…} field
to an f-string, built into notebooks/ru and teacher/ru/source and ran there.
"""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath

import pytest

from twentyone_edu.course import translation as course
from twentyone_edu.course.slots import TranslationError

ROOT = Path(__file__).resolve().parents[1]
GRADED = PurePosixPath("teacher/source/lessons04_05/exact_chances.ipynb")
LESSON = PurePosixPath("notebooks/04_nineteen_or_twenty.ipynb")
FIRST = PurePosixPath("notebooks/01_the_rules_cards_and_deal.ipynb")
CODE = "code string"


def hostile(source: PurePosixPath, msgid: str, msgstr: str):
    """The real catalog of `source` with one code string's translation replaced."""
    catalog = course.read_catalog(ROOT / course.catalog_path(source))
    entry = catalog.get(msgid, CODE)
    assert entry is not None and entry.string and not entry.fuzzy, msgid
    entry.string = msgstr
    return catalog


def refused(source: PurePosixPath, msgid: str, msgstr: str) -> str:
    """The refusal's message when the notebook is built with that one translation."""
    catalog = hostile(source, msgid, msgstr)
    notebook = course.read_notebook(ROOT / source)
    with pytest.raises(TranslationError) as caught:
        course.build_notebook(notebook, catalog, source)
    message = str(caught.value)
    assert message.startswith(f"{source}:"), message  # names the notebook and the cell
    return message


def test_every_real_catalog_builds_and_the_written_notebooks_match():
    built = course.build(ROOT)
    assert {item.path.parts[0] for item in built} == {"notebooks", "teacher"}
    assert any(item.path.parts[:3] == ("teacher", "ru", "source") for item in built)
    assert course.stale(ROOT) == []


def test_the_reviews_injection_into_a_graded_hidden_check_is_refused():
    message = refused(GRADED, "the chances must add up to 1",
                      'сумма вероятностей должна быть 1" + str(__import__("os").system("id")) + "')
    assert ":a7c35c85:" in message and "changes the code" in message
    assert "__import__" in message


@pytest.mark.parametrize(("msgid", "msgstr"), [
    ("Unseen after {hand}", "Карты, которых вы не видели: {hand} {__import__('os').getcwd()}"),
    ("Unseen after {hand}", "Карты, которых вы не видели: {hand!r}"),
    ("Unseen after {hand}", "Карты, которых вы не видели: {hand:>40}"),
    ("Unseen after {hand}", "Карты, которых вы не видели: {len(hand)}"),
])
def test_a_changed_or_new_fstring_field_is_refused(msgid, msgstr):
    message = refused(LESSON, msgid, msgstr)
    assert "fields" in message or "changes the code" in message


def test_a_new_field_where_the_english_has_none_is_refused():
    source = PurePosixPath("/no/such")  # the notebook is in memory: the check reads only code
    notebook = {"cells": [{"cell_type": "code", "id": "c0", "metadata": {}, "outputs": [],
                           "execution_count": None,
                           "source": 'print(f"you have seen the cards twice over")\n'}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    catalog = course.new_catalog("x")
    catalog.add("you have seen the cards twice over",
                "вы видели карты {__import__('os').getcwd()} дважды", context=CODE)
    with pytest.raises(TranslationError, match="c0: the translation changes the code"):
        course.build_notebook(notebook, catalog, source)
    catalog.get("you have seen the cards twice over", CODE).string = "вы видели карты дважды"
    assert "вы видели карты дважды" in course.build_notebook(notebook, catalog, source).text


@pytest.mark.parametrize("msgstr", [
    'сумма вероятностей" + "должна быть 1',             # a string closed and reopened
    'сумма" if print("x") else "должна быть 1',         # an extra call
    'сумма " + total + " должна быть 1',                 # a new name
    "сумма вероятностей\rprint(1)",                      # a line break other than \n
])
def test_a_string_that_breaks_out_is_refused(msgstr):
    message = refused(GRADED, "the chances must add up to 1", msgstr)
    assert ":a7c35c85:" in message


def test_a_comment_that_breaks_out_with_a_line_separator_is_refused():
    notebook = course.read_notebook(ROOT / FIRST)
    catalog = course.read_catalog(ROOT / course.catalog_path(FIRST))
    comment = next(entry for entry in catalog if entry.context == "code comment" and entry.string)
    comment.string += "\u2028import os; os.system('id')"
    with pytest.raises(TranslationError, match="control character"):
        course.build_notebook(notebook, catalog, FIRST)


def test_a_refused_catalog_writes_no_notebook(tmp_path):
    for part in (LESSON, course.russian(LESSON), course.catalog_path(LESSON)):
        (tmp_path / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / part, tmp_path / part)
    written = (tmp_path / course.russian(LESSON)).read_bytes()
    po = tmp_path / course.catalog_path(LESSON)
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgstr "Карты, которых вы не видели: у вас {hand}"',
        'msgstr "Карты, которых вы не видели: у вас {hand} {open(\'x\', \'w\')}"'),
        encoding="utf-8")
    with pytest.raises(TranslationError, match="04-03"):
        course.write(tmp_path)
    assert (tmp_path / course.russian(LESSON)).read_bytes() == written
