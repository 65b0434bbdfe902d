"""The engine's message catalogs (messages.py, locale/ru/LC_MESSAGES/engine.po): every code has
an English and a Russian text with the same fields, counts take the right plural form, and every
error the package raises is made from a code."""

import ast
import io
import pathlib
import re

import pytest
from babel.messages.pofile import read_po

import twentyone_edu
from twentyone_edu.words import messages
from twentyone_edu.words.catalogs import fields
from twentyone_edu.words.messages import ENGLISH, po_path
from twentyone_edu.words.wording import say

PACKAGE = pathlib.Path(twentyone_edu.__file__).parent


def russian_catalog():
    with open(po_path("ru"), "rb") as po:
        return read_po(po, locale="ru")


def test_every_code_has_a_russian_text_with_the_same_fields():
    catalog = russian_catalog()
    entries = {message.context: message for message in catalog if message.id}
    assert set(entries) == set(ENGLISH)
    for code, english in ENGLISH.items():
        entry = entries[code]
        assert not entry.fuzzy, code
        if isinstance(english, str):
            assert entry.id == english, f"{code}: the English changed, the translation did not"
            assert entry.string and fields(entry.string) == fields(english), code
        else:
            assert entry.id == english[:2], code
            assert len(entry.string) == 3 and all(entry.string), code
            for form in entry.string:
                assert fields(form) == fields(english), code


def test_a_russian_text_uses_no_format_spec():
    """Russian numbers are written before they reach the template, so no {n:,} there."""
    for entry in russian_catalog():
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            assert not re.search(r"\{\w+:", form), entry.context


# 1 карта, 2 карты, 5 карт, 11 карт, 21 карта, 22 карты (the last two digits decide)
@pytest.mark.parametrize("n, russian, english", [
    (1, "в колодах 1 карта,", "holds 1 card;"), (2, "в колодах 2 карты,", "holds 2 cards;"),
    (5, "в колодах 5 карт,", "holds 5 cards;"), (11, "в колодах 11 карт,", "holds 11 cards;"),
    (21, "в колодах 21 карта,", "holds 21 cards;"), (22, "в колодах 22 карты,", "holds 22 cards;"),
    (111, "в колодах 111 карт,", "holds 111 cards;"),
    (1001, "в колодах 1001 карта,", "1001 cards;"),
])
def test_a_count_takes_its_plural_form(n, russian, english):
    assert say("natural_shoe", {"n": n}, "ru").startswith(russian)
    assert english in say("natural_shoe", {"n": n}, "en")


def test_nested_messages_and_large_numbers_are_worded_in_the_language():
    use = messages.message("use.whole_in", span=messages.message("span.between", low=1,
                                                                   high=10**9))
    params = {"name": "purse", "value": "0", "use": use}
    assert say("not_valid", params, "en") == \
        "purse=0 is not valid (use a whole number from 1 to 1,000,000,000)"
    assert say("not_valid", params, "ru") == \
        "purse=0 не подходит (нужно: целое число от 1 до 1\u202f000\u202f000\u202f000)"


def test_an_unknown_code_is_a_bug():
    with pytest.raises(KeyError):
        messages.message("no such code")
    with pytest.raises(KeyError):
        twentyone_edu.RuleError("no such code")


def is_code(node) -> bool:
    """Whether an argument is a code: a known one, one of two, or one made of a fixed prefix."""
    if isinstance(node, ast.Constant):
        return node.value in ENGLISH
    if isinstance(node, ast.IfExp):
        return is_code(node.body) and is_code(node.orelse)
    if isinstance(node, ast.JoinedStr):
        prefix = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        return bool(re.fullmatch(r"[\w.]+", prefix)) and any(c.startswith(prefix) for c in ENGLISH)
    return False


def raised_with_text() -> list[str]:
    """Every `raise SomethingError(...)` of the package whose first argument is not a code."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                name = getattr(node.exc.func, "id", "")
                if not name.endswith(("Error", "Action", "NotANumber")) or \
                        name in ("AssertionError", "KeyError", "TypeError", "AttributeError",
                                 "TranslationError", "InputError", "AnswerError", "NotANumber"):
                    continue
                first = node.exc.args[0] if node.exc.args else None
                if not is_code(first):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_every_error_of_the_package_is_raised_with_a_code():
    assert raised_with_text() == []


def test_the_catalog_is_package_data():
    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"twentyone_edu.locale" = ["ru/LC_MESSAGES/*.po"]' in text
    assert po_path("ru").is_file()


def test_every_kind_of_table_event_has_words():
    from twentyone_edu.game.events import EVENT_KINDS

    assert {kind for kind in EVENT_KINDS if kind != "payment"} <= \
        {code.removeprefix("event.") for code in ENGLISH if code.startswith("event.")}


def test_the_catalog_is_in_step_with_the_english():
    """`python -m twentyone_edu.locale update` would leave the engine catalog as it is."""
    assert messages.updated_po("ru") == po_path("ru").read_bytes()


def test_a_merge_never_keeps_an_old_translation_for_a_changed_text(monkeypatch):
    changed = dict(ENGLISH, hand_empty="a hand needs a card", brand_new="something new")
    monkeypatch.setattr(messages, "ENGLISH", changed)
    merged = read_po(io.BytesIO(messages.updated_po("ru")), locale="ru")
    entries = {entry.context: entry for entry in merged if entry.id}
    assert entries["hand_empty"].id == "a hand needs a card"
    assert entries["hand_empty"].fuzzy or entries["hand_empty"].string == ""
    assert entries["brand_new"].fuzzy or entries["brand_new"].string == ""
    assert not entries["card_rank"].fuzzy and entries["card_rank"].string
