"""The package's own gettext catalogs, engine.po, widgets.po and quizzes.po: one reader, one
merger, one check; and the languages the package speaks.

A domain's English lives in Python as a dict, key -> template; a template is a text, or a
triple (singular, plural, name of the count) for a text worded through npgettext. Its
catalog twentyone_edu/locale/<language>/LC_MESSAGES/<domain>.po has one entry per key: the key
as msgctxt, the English as msgid (and msgid_plural), the translation as msgstr (three forms in
Russian: 1, 2, 5).
The catalog is read at run time with Babel, so there is no .mo file and no build step.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Mapping
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

LOCALE = Path(__file__).parents[1] / "locale"  # the catalogs are data, beside the code
TRANSLATED = ("ru",)  # the languages the package's catalogs translate English into
LANGUAGES = ("en", *TRANSLATED)  # English, the source, and its translations
PROJECT = "twentyone_edu"
BUGS = "https://github.com/twentyone-edu/twentyone_edu/issues"

Template = str | tuple[str, str, str]  # a text, or (singular, plural, name of the count)


def po_path(domain: str, language: str, root: Path | None = None) -> Path:
    """Where the catalog of `domain` in `language` lies (under `root`, by default LOCALE)."""
    return (root or LOCALE) / language / "LC_MESSAGES" / f"{domain}.po"


def read(domain: str, language: str, root: Path | None = None) -> Catalog:
    """The catalog of `domain` in `language`, as Babel reads it."""
    from babel.messages.pofile import read_po

    with open(po_path(domain, language, root), "rb") as po:
        return read_po(po, locale=language, domain=domain)


@cache
def translations(domain: str, language: str) -> gettext.NullTranslations:
    """The gettext translations of `domain` in `language`, compiled in memory from its .po file
    (English, the source language, needs none)."""
    if language not in LANGUAGES:  # callers check it first (errors.check_language)
        raise KeyError(f"the package has no catalogs in {language[:40]!r}")
    if language == "en":
        return gettext.NullTranslations()
    if not po_path(domain, language).is_file():
        raise KeyError(f"no {domain} catalog for the language {language!r}")
    from babel.messages.mofile import write_mo

    compiled = BytesIO()
    write_mo(compiled, read(domain, language))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def fields(template: Template) -> set[str]:
    """The names of the format fields of a template (of both forms, for a plural); a
    positional field `{}` is named ''."""
    texts = [template] if isinstance(template, str) else list(template[:2])
    return {name.split(".")[0].split("[")[0] for text in texts
            for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def updated_po(domain: str, language: str, english: Mapping[str, Template],
               root: Path | None = None) -> bytes:
    """The catalog of `domain` with `english` merged in (Babel's Catalog.update, msgmerge's way:
    a new key comes untranslated, a changed English text fuzzy, a removed key goes), as the .po
    file's bytes."""
    from babel.messages.catalog import Catalog

    catalog = read(domain, language, root)
    template = Catalog(domain=domain, project=PROJECT, fuzzy=False,
                       creation_date=catalog.creation_date)
    for key, text in english.items():
        counted = [] if isinstance(text, str) else [f"counted: {text[2]}"]
        template.add(text if isinstance(text, str) else text[:2], context=key,
                     auto_comments=counted)
    catalog.update(template, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.msgid_bugs_address = BUGS
    return po_bytes(catalog)


def po_bytes(catalog: Catalog) -> bytes:
    """A catalog as its .po file's bytes, as every writer of the package's catalogs writes it."""
    from babel.messages.pofile import write_po

    written = BytesIO()
    write_po(written, catalog, width=100, omit_header=False, sort_output=False,
             ignore_obsolete=True)
    return written.getvalue()


def problems(catalog: Catalog, english: Mapping[str, Template]) -> list[str]:
    """What keeps `catalog` from translating every key of `english`: a key missing, untranslated,
    fuzzy, translated from another English text, or with other fields than its English."""
    entries = {entry.context: entry for entry in catalog if entry.id}
    found = []
    for key, text in english.items():
        entry = entries.get(key)
        if entry is None:
            found.append(f"{key}: missing")
            continue
        string = entry.string
        forms = tuple(string) if isinstance(string, tuple | list) else (string or "",)
        if entry.id != (text if isinstance(text, str) else text[:2]):
            found.append(f"{key}: translated from another English text (run update)")
        elif entry.fuzzy:
            found.append(f"{key}: fuzzy")
        elif not all(forms) or len(forms) != (1 if isinstance(text, str) else catalog.num_plurals):
            found.append(f"{key}: untranslated")
        elif any(fields(form) != fields(text) for form in forms):
            found.append(f"{key}: the translation's fields are not {sorted(fields(text))}")
    found += [f"{key}: no such key (run update)" for key in entries if key not in english]
    return found


def merge(domain: str, language: str, english: Mapping[str, Template],
          root: Path | None = None) -> bool:
    """Write the catalog of `domain` with `english` merged in; whether that changed it."""
    path = po_path(domain, language, root)
    merged = updated_po(domain, language, english, root)
    if merged == path.read_bytes():
        return False
    path.write_bytes(merged)
    return True


def check(domain: str, language: str, english: Mapping[str, Template],
          root: Path | None = None) -> list[str]:
    """What is wrong with the catalog of `domain`: its problems, and whether a merge of
    `english` would change it, each line naming the file."""
    path = po_path(domain, language, root)
    found = problems(read(domain, language, root), english)
    if updated_po(domain, language, english, root) != path.read_bytes():
        found.append("not merged with the English (run update)")
    return [f"{path}: {problem}" for problem in found]
