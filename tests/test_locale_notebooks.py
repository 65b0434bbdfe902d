"""The Russian course: catalogs from the English notebooks, and the notebooks built back."""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path, PurePosixPath

import pytest
from babel.messages.catalog import Catalog

from twentyone_edu.course import code_prose, markdown_prose
from twentyone_edu.course import translation as course
from twentyone_edu.course.slots import Slot, TranslationError, rebuild

ROOT = Path(__file__).resolve().parents[1]

def test_translated_catalogs_are_complete():
    """Every notebook's Russian catalog holds every current English unit, translated, none fuzzy:
    an English edit fails here until its translation follows."""
    problems = {}
    for source in course.sources():
        template = course.template(course.read_notebook(ROOT / source), source)
        po = course.read_catalog(ROOT / course.catalog_path(source))
        missing = course.untranslated(template, po)
        if missing:
            problems[str(source)] = missing[:3]
    assert not problems, f"untranslated or fuzzy (`make translations`, then translate): {problems}"


def test_no_catalog_keeps_old_english_as_a_translator_comment():
    """An old msgid pasted into a `# |` comment is noise a translator must read around: Poedit
    shows the previous English of a fuzzy entry from its own `#| msgid` lines."""
    left = {path.relative_to(ROOT).as_posix(): n
            for path in (ROOT / "twentyone_edu" / "locale").rglob("*.po")
            if (n := sum(line.startswith("# |") for line in path.read_text("utf-8").splitlines()))}
    assert not left, left


def test_every_notebook_has_a_template_and_a_russian_catalog_in_step_with_it():
    for source in course.sources():
        fresh = course.template(course.read_notebook(ROOT / source), source)
        for path in (course.template_path(source), course.catalog_path(source)):
            written = course.read_catalog(ROOT / path)
            assert [(m.id, m.context) for m in written if m.id] == \
                [(m.id, m.context) for m in fresh if m.id], f"{path}: run `make translations`"


def test_the_written_russian_notebooks_are_up_to_date():
    assert course.stale(ROOT) == [], "run `make ru-notebooks`"


# Small in-memory notebooks.

def notebook(*cells: tuple[str, str]) -> dict:
    return {"cells": [{"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": text,
                       **({"outputs": [{"output_type": "stream", "name": "stdout", "text": "1"}],
                           "execution_count": 3} if kind == "code" else {})}
                      for i, (kind, text) in enumerate(cells)],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def ids(segments) -> list[str]:
    return [segment.msgid for segment in segments if isinstance(segment, Slot)]


def catalog(entries: dict[tuple[str, str | None], str]) -> Catalog:
    po = course.new_catalog("test")
    for (msgid, context), text in entries.items():
        po.add(msgid, text, context=context)
    return po


MARKDOWN = """\
## The banker's edge

A paragraph wrapped
  over two lines, with a [link](04_nineteen_or_twenty.ipynb).

* a list item that is
  continued
* a second item
09. not an item: a wrapped number

| source | ours |
|---|---|
| банкир | banker |
| 10 9 | 19 |

> «Если на руках две фигуры или десятка и девятка, то не годится просить о прикупке»
>
> — the source, p. 16

$$P = \\frac{\\text{favourable cases}}{\\text{possible cases}}$$

$$E = r_1 p_1 + r_2 p_2$$
"""


def test_markdown_units_are_headings_paragraphs_items_rows_and_formulas_with_english():
    assert ids(markdown_prose.segments(MARKDOWN)) == [
        "The banker's edge",
        "A paragraph wrapped over two lines, with a [link](04_nineteen_or_twenty.ipynb).",
        "a list item that is continued",
        "a second item 09. not an item: a wrapped number",
        "| source | ours |",
        "| банкир | banker |",
        "— the source, p. 16",
        "$$P = \\frac{\\text{favourable cases}}{\\text{possible cases}}$$",
    ]


def test_markdown_without_translations_rebuilds_byte_for_byte():
    assert rebuild(markdown_prose.segments(MARKDOWN), lambda slot: None) == MARKDOWN


def test_markdown_translation_goes_behind_the_block_marker():
    text = rebuild(markdown_prose.segments(MARKDOWN),
                   lambda slot: {"a list item that is continued": "пункт\nсписка",
                                 "— the source, p. 16": "— источник, с. 16",
                                 "The banker's edge": "Преимущество банкира"}.get(slot.msgid))
    assert "## Преимущество банкира\n" in text
    assert "* пункт\n  списка\n* a second item\n" in text
    assert "> — источник, с. 16\n" in text
    assert "> «Если на руках две фигуры" in text


def test_russian_quotations_are_not_extracted():
    quote = "> «Банкир раздает каждому, а себе после всех, по две карты.»\n"
    assert ids(markdown_prose.segments(quote)) == []
    assert ids(code_prose.segments('print("банкир держит банк")\n')) == []


CODE = '''\
LANGUAGE = "en"  # "ru": every widget in Russian
values = {"two words": 1, "stand": 2}
print(values["two words"], "A 8", "10 9", "{} {}".format(1, 2))
ax.legend(loc="lower left")  # noqa: E501
if kind == "hard hand":
    print(f"favourable: {favourable}   possible: {possible}")
print(f"Bars of the {len(shoe)} cards of a fresh shoe "
      "by value, {not a field}.")
'''


def test_code_units_are_comments_and_phrases_but_never_keys_settings_or_cards():
    found = [(slot.context, slot.msgid) for slot in code_prose.segments(CODE)
             if isinstance(slot, Slot)]
    assert found == [
        ("code comment", '"ru": every widget in Russian'),
        ("code string", "favourable: {favourable}   possible: {possible}"),
        ("code string", "Bars of the {len(shoe)} cards of a fresh shoe by value, {{not a field}}."),
    ]


def test_a_lists_first_phrase_is_prose_but_a_subscript_is_a_key():
    code = ('show_table(rows, header=["with a stake of 2", "the result"])\n'
            'print(rows[0]["the same key"], (rows)["a key again"], names["one more key"])\n')
    found = [slot.msgid for slot in code_prose.segments(code) if isinstance(slot, Slot)]
    assert found == ["with a stake of 2", "the result"]


def test_code_without_translations_rebuilds_byte_for_byte():
    assert rebuild(code_prose.segments(CODE), lambda slot: None) == CODE


def test_fstring_fields_come_back_and_may_move():
    nb = notebook(("code", 'print(f"favourable: {favourable}   possible: {possible}")\n'))
    po = catalog({("favourable: {favourable}   possible: {possible}", "code string"):
                  "возможных: {possible}   благоприятных: {favourable}"})
    built = json.loads(course.build_notebook(nb, po, PurePosixPath("notebooks/x.ipynb")).text)
    assert built["cells"][0]["source"] == [
        'print(f"возможных: {possible}   благоприятных: {favourable}")\n']


def test_a_translation_that_loses_a_field_is_refused():
    nb = notebook(("code", 'print(f"favourable: {favourable}   possible: {possible}")\n'))
    po = catalog({("favourable: {favourable}   possible: {possible}", "code string"):
                  "благоприятных: {favourable}   возможных: {possble}"})
    with pytest.raises(TranslationError, match="fields"):
        course.build_notebook(nb, po, PurePosixPath("notebooks/x.ipynb"))


def test_a_translation_that_breaks_the_code_is_refused():
    nb = notebook(("code", 'print("one more card")\n'))
    po = catalog({("one more card", "code string"): 'ещё "одна" карта'})
    with pytest.raises(TranslationError, match="does not parse"):
        course.build_notebook(nb, po, PurePosixPath("notebooks/x.ipynb"))


def test_concatenated_literals_are_one_unit_written_back_over_the_same_lines():
    nb = notebook(("code", CODE))
    msgid = "Bars of the {len(shoe)} cards of a fresh shoe by value, {{not a field}}."
    po = catalog({(msgid, "code string"):
                  "Столбцы {len(shoe)} карт свежей колоды по значению, {{не поле}}."})
    source = "".join(json.loads(course.build_notebook(
        nb, po, PurePosixPath("notebooks/x.ipynb")).text)["cells"][0]["source"])
    statement = source.split("\n", 6)[6]
    assert statement.count("\n") == 2 and statement.startswith('print(f"Столбцы {len(shoe)} ')
    assert statement.split("\n")[1].startswith('      f"')
    argument = ast.parse(statement).body[0].value.args[0]
    value = eval(compile(ast.Expression(argument), "cell", "eval"), {"shoe": [0] * 104})
    assert value == "Столбцы 104 карт свежей колоды по значению, {не поле}."
    assert ast.parse(source)


def test_the_build_sets_the_language_clears_outputs_and_reports_what_is_left():
    nb = notebook(("markdown", "# A title\n\nСтрока по-русски."), ("code", CODE))
    po = catalog({("A title", None): "Заголовок"})
    built = course.build_notebook(nb, po, PurePosixPath("notebooks/x.ipynb"))
    cells = json.loads(built.text)["cells"]
    assert cells[0]["source"] == ["# Заголовок\n", "\n", "Строка по-русски."]
    assert cells[1]["source"][0] == 'LANGUAGE = "ru"  # "ru": every widget in Russian\n'
    assert cells[1]["outputs"] == [] and cells[1]["execution_count"] is None
    assert (built.translated, built.units) == (1, 4)
    assert built.path == PurePosixPath("notebooks/ru/x.ipynb")


def test_fuzzy_translations_are_not_used():
    nb = notebook(("markdown", "# A title"))
    po = catalog({("A title", None): "Заголовок"})
    po.get("A title").flags.add("fuzzy")
    built = course.build_notebook(nb, po, PurePosixPath("notebooks/x.ipynb"))
    assert json.loads(built.text)["cells"][0]["source"] == ["# A title"]


def test_links_point_within_the_russian_course():
    lessons = {PurePosixPath("notebooks/04_x.ipynb"), PurePosixPath("teacher/teacher_guide.ipynb")}
    nb = notebook(("markdown", "See [04](../notebooks/04_x.ipynb), [a file](../README.md), "
                   "[the web](https://example.org/a.ipynb) and [here](#top)."))
    built = course.build_notebook(nb, None, PurePosixPath("teacher/teacher_guide.ipynb"), lessons)
    assert json.loads(built.text)["cells"][0]["source"] == [
        "See [04](../../notebooks/ru/04_x.ipynb), [a file](../../README.md), "
        "[the web](https://example.org/a.ipynb) and [here](#top)."]
    nb = notebook(("markdown", "Next: [04](04_x.ipynb)."))
    built = course.build_notebook(nb, None, PurePosixPath("notebooks/04_x.ipynb"), lessons)
    assert json.loads(built.text)["cells"][0]["source"] == ["Next: [04](04_x.ipynb)."]


def test_update_keeps_translations_and_marks_changed_ones_fuzzy(tmp_path):
    (tmp_path / "notebooks").mkdir()
    lesson = tmp_path / "notebooks" / "00_x.ipynb"
    text = "# Start here\n\nThe banker deals two cards to each player."
    lesson.write_text(json.dumps(notebook(("markdown", text))))
    source = PurePosixPath("notebooks/00_x.ipynb")
    assert course.update(tmp_path) == [course.template_path(source), course.catalog_path(source)]
    assert course.update(tmp_path) == []
    po_file = tmp_path / course.catalog_path(source)
    po = course.read_catalog(po_file)
    po.get("Start here").string = "Начните здесь"
    po.get("The banker deals two cards to each player.").string = "Банкир сдаёт по две карты."
    po_file.write_bytes(course.catalog_bytes(po))
    lesson.write_text(json.dumps(notebook(
        ("markdown", text.replace("each player", "every player")))))
    course.update(tmp_path)
    po = course.read_catalog(po_file)
    assert po.get("Start here").string == "Начните здесь" and not po.get("Start here").fuzzy
    changed = po.get("The banker deals two cards to every player.")
    assert changed.fuzzy and changed.string == "Банкир сдаёт по две карты."
    template = course.read_catalog(tmp_path / course.template_path(source))
    assert course.untranslated(template, po) == ["The banker deals two cards to every player."]
    # The old English stays beside a fuzzy entry (Poedit shows it) through a second update, and
    # never turns into a translator comment; once the entry is confirmed, it goes.
    course.update(tmp_path)
    written = po_file.read_text("utf-8")
    assert '#| msgid "The banker deals two cards to each player."' in written
    assert "# |" not in written
    po = course.read_catalog(po_file)
    changed = po.get("The banker deals two cards to every player.")
    assert changed.previous_id == ["The banker deals two cards to each player."]
    assert not changed.user_comments
    changed.flags.discard("fuzzy")
    po_file.write_bytes(course.catalog_bytes(po))
    course.update(tmp_path)
    assert "#|" not in po_file.read_text("utf-8") and "# |" not in po_file.read_text("utf-8")


# The round trip on the real course: every unit "translated" to upper case.

def shout(msgid: str) -> str:
    """msgid in capitals, except its {…} fields, link targets and backslash escapes."""
    parts, rest = [], msgid
    for field in code_prose.fields(msgid):
        before, rest = rest.split(field, 1)
        parts += [before, field]
    parts.append(rest)
    return "".join(part if part in code_prose.fields(msgid) else
                   "".join(piece if i % 2 else piece.upper()
                           for i, piece in enumerate(re.split(r"(\]\([^)]*\)|\\.)", part)))
                   for part in parts)


def code_tokens(source: str) -> list[tuple[int, str]]:
    kinds = {tokenize.STRING, tokenize.COMMENT, getattr(tokenize, "FSTRING_START", -1),
             getattr(tokenize, "FSTRING_MIDDLE", -1), getattr(tokenize, "FSTRING_END", -1)}
    return [(token.type, token.string)
            for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type not in kinds]


def test_round_trip_with_a_fake_translation_keeps_the_code_running():
    def fake(source: PurePosixPath) -> Catalog:
        template = course.template(course.read_notebook(ROOT / source), source)
        return catalog({(m.id, m.context): shout(m.id) for m in template if m.id})

    changed = 0
    course_notebooks = set(course.sources(ROOT))
    for source, built in zip(course.sources(ROOT), course.build(ROOT, fake), strict=True):
        assert built.translated == built.units
        english = course.read_notebook(ROOT / source)
        for before, after in zip(english["cells"], json.loads(built.text)["cells"], strict=True):
            old, new = "".join(before["source"]), "".join(after["source"])
            if before["cell_type"] == "code":
                compile(new, str(built.path), "exec")
                assert code_tokens(new) == code_tokens(old)
            if before["cell_type"] == "markdown":
                old = course.relink(old, source, course_notebooks)
                squash = [re.sub(r"\s+", " ", " ".join(line.strip().lstrip(">").strip()
                                                       for line in text.splitlines())).upper()
                          for text in (old, new)]
                assert squash[0] == squash[1]
            changed += old != new
    assert changed > 100
