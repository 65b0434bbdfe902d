"""The Russian course: catalogs extracted from the English notebooks, merged, and built back.

Layout (gettext's, as sphinx-intl lays out documents): one template per notebook,
`twentyone_edu/locale/notebooks/<stem>.pot`, and one catalog per notebook and language,
`twentyone_edu/locale/ru/LC_MESSAGES/notebooks/<stem>.po`. The build writes
`notebooks/ru/<name>.ipynb` and `teacher/ru/<name>.ipynb` beside the English sources, and the
graded assignments `teacher/source/<id>/<name>.ipynb` as `teacher/ru/source/<id>/<name>.ipynb`:
teacher/ru is the Russian course's nbgrader folder (teacher/ru/README.md).
"""

from __future__ import annotations

import ast
import copy
import io
import json
import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import denormalize, read_po, write_po

from . import code_prose, markdown_prose
from .slots import Segments, Slot, TranslationError, rebuild

ROOT = Path(__file__).resolve().parents[2]
LANGUAGE = "ru"
TEMPLATES = PurePosixPath("twentyone_edu/locale/notebooks")
CATALOGS = PurePosixPath(f"twentyone_edu/locale/{LANGUAGE}/LC_MESSAGES/notebooks")
_GUIDE = PurePosixPath("teacher/teacher_guide.ipynb")
_ASSIGNMENTS = PurePosixPath("teacher/source")
_HEADER = """\
# The prose of one notebook of twentyone_edu, for translation into Russian.
# Copyright (C) 2026 the twentyone_edu contributors
# This file is distributed under the same license as the twentyone_edu project (MIT).
# Translators: read twentyone_edu/locale/STYLE.md first.
#"""
_LINK = re.compile(r"(\]\(|\b(?:src|href)=\")([^)\"\s]+)")
# Control characters and the line breaks other than "\n" (str.splitlines and IPython split lines
# at these, so a comment could end in one and code follow it): never in a translation.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
Notebook = dict[str, Any]


def sources(root: Path = ROOT) -> list[PurePosixPath]:
    """The English notebooks that have a Russian twin, as paths from the repository's root."""
    lessons = sorted(path.name for path in (root / "notebooks").glob("*.ipynb"))
    found = [PurePosixPath("notebooks", name) for name in lessons]
    if (root / _GUIDE).exists():
        found.append(_GUIDE)
    found += sorted(PurePosixPath(path.relative_to(root).as_posix())
                    for path in (root / _ASSIGNMENTS).glob("*/*.ipynb"))
    stems = Counter(path.stem for path in found)
    twice = [stem for stem, count in stems.items() if count > 1]
    if twice:
        raise TranslationError(f"notebooks: two notebooks named {twice[0]!r}; stems must differ")
    return found


def russian(source: PurePosixPath) -> PurePosixPath:
    """Where the Russian twin of an English notebook is written."""
    if _ASSIGNMENTS in source.parents:
        return _ASSIGNMENTS.parent / LANGUAGE / source.relative_to(_ASSIGNMENTS.parent)
    return source.parent / LANGUAGE / source.name


def template_path(source: PurePosixPath) -> PurePosixPath:
    """The notebook's template (.pot)."""
    return TEMPLATES / f"{source.stem}.pot"


def catalog_path(source: PurePosixPath) -> PurePosixPath:
    """The notebook's Russian catalog (.po)."""
    return CATALOGS / f"{source.stem}.po"


def read_notebook(path: Path) -> Notebook:
    """A notebook file as its JSON."""
    notebook: Notebook = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def dump_notebook(notebook: Notebook) -> str:
    """A notebook as nbformat writes it: one-space indents, sorted keys, UTF-8, final newline."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _source(cell: dict[str, Any]) -> str:
    """A cell's source as one string."""
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def cell_segments(cell: dict[str, Any]) -> Segments:
    """A cell's source split into verbatim text and translation slots (raw cells: no slots)."""
    source = _source(cell)
    if cell["cell_type"] == "markdown":
        return markdown_prose.segments(source)
    if cell["cell_type"] == "code":
        return code_prose.segments(source)
    return [source]


def _slots(notebook: Notebook) -> list[tuple[str, Slot]]:
    """Every slot of a notebook with its cell's id, in reading order."""
    return [(str(cell.get("id", index)), segment)
            for index, cell in enumerate(notebook["cells"])
            for segment in cell_segments(cell) if isinstance(segment, Slot)]


def template(notebook: Notebook, source: PurePosixPath) -> Catalog:
    """The notebook's template: each unit once, with where it is and what kind of text it is."""
    catalog = Catalog(domain=source.stem, header_comment=_HEADER, project="twentyone_edu",
                      version="notebooks", copyright_holder="the twentyone_edu contributors")
    for cell_id, slot in _slots(notebook):
        where = f"{source}:{cell_id}"
        location: Any = (where, None)  # a cell id, not a line number: Babel writes it as is
        flags = ("python-brace-format",) if slot.fields else ()
        known = catalog.get(slot.msgid, slot.context)
        if known is None:
            catalog.add(slot.msgid, locations=[location], flags=flags,
                        auto_comments=[slot.note], context=slot.context)
        elif where not in {name for name, _ in known.locations}:
            known.locations.append(location)
    return catalog


def new_catalog(stem: str) -> Catalog:
    """An empty Russian catalog for one notebook, its header filled in as msginit would."""
    return Catalog(locale=LANGUAGE, domain=stem, header_comment=_HEADER.replace(
        "for translation into Russian", "in Russian"), project="twentyone_edu",
        version="notebooks", copyright_holder="the twentyone_edu contributors",
        language_team="Russian", fuzzy=False)


def read_catalog(path: Path) -> Catalog:
    """A PO or POT file."""
    with path.open("rb") as handle:
        return _with_previous(read_po(handle, locale=LANGUAGE if path.suffix == ".po" else None))


def _with_previous(catalog: Catalog) -> Catalog:
    """The catalog with each fuzzy entry's previous English back in place: Babel writes it as
    `#| msgid …` lines but reads those lines back as comments `| msgid …`. An entry that is no
    longer fuzzy loses them, as in Poedit."""
    for entry in catalog:
        lines = [comment[1:].strip() for comment in entry.user_comments if comment.startswith("|")]
        if not lines:
            continue
        entry.user_comments = [comment for comment in entry.user_comments
                               if not comment.startswith("|")]
        previous: list[str] = []
        for line in lines:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgid", "msgid_plural"):
                previous.append(rest)
            elif previous and line.startswith('"'):
                previous[-1] += "\n" + line
        if entry.fuzzy:
            entry.previous_id = [denormalize(text) for text in previous]
    return catalog


def catalog_bytes(catalog: Catalog) -> bytes:
    """A catalog as its PO text: in reading order, with the previous msgid of fuzzy entries."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_previous=True)
    return buffer.getvalue()


def _without_dates(text: bytes) -> bytes:
    """PO text without its creation and revision dates, which change on every write."""
    return re.sub(rb'^"(POT-Creation-Date|PO-Revision-Date): .*\n', b"", text, flags=re.M)


def _write_if_changed(path: Path, catalog: Catalog) -> bool:
    """Write a catalog unless the file already says the same apart from its dates."""
    text = catalog_bytes(catalog)
    if path.exists() and _without_dates(path.read_bytes()) == _without_dates(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    return True


def update(root: Path = ROOT) -> list[PurePosixPath]:
    """Re-extract every template and merge it into its Russian catalog (msgmerge's way).

    Kept translations stay; a changed msgid gets its nearest old translation marked fuzzy; a
    removed one becomes obsolete (#~). Returns the files written.
    """
    written = []
    for source in sources(root):
        pot = template(read_notebook(root / source), source)
        if _write_if_changed(root / template_path(source), pot):
            written.append(template_path(source))
        po_file = root / catalog_path(source)
        po = read_catalog(po_file) if po_file.exists() else new_catalog(source.stem)
        previous = {(entry.id, entry.context): entry.previous_id for entry in po if entry.fuzzy}
        po.update(pot, update_header_comment=False, update_creation_date=True)
        for entry in po:  # Babel forgets the previous English of an entry still fuzzy
            if entry.fuzzy and not entry.previous_id:
                entry.previous_id = previous.get((entry.id, entry.context), [])
        if _write_if_changed(po_file, po):
            written.append(catalog_path(source))
    return written


def untranslated(template: Catalog, catalog: Catalog) -> list[str]:
    """The template's msgids that the catalog lacks, leaves empty, or marks fuzzy."""
    missing = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        if found is None or found.fuzzy or not found.string:
            missing.append(str(message.id))
    return missing


def translation(catalog: Catalog | None, slot: Slot) -> str | None:
    """The slot's usable translation (present, not fuzzy), checked against the msgid's form."""
    if catalog is None:
        return None
    message = catalog.get(slot.msgid, slot.context)
    if message is None or message.fuzzy or not message.string:
        return None
    text = message.string
    assert isinstance(text, str)
    where = f"msgid {slot.msgid[:50]!r}"
    control = _CONTROL.search(text)
    if control:
        raise TranslationError(f"{where}: the translation holds the control character "
                               f"{control.group(0)!r}; write it without")
    if slot.single_line and "\n" in text:
        raise TranslationError(f"{where}: the translation must stay on one line")
    if sorted(code_prose.fields(text)) != sorted(slot.fields) and slot.fields:
        raise TranslationError(f"{where}: the translation must keep the fields "
                               f"{' '.join(slot.fields)} unchanged")
    if slot.msgid.startswith("|") and text.count("|") != slot.msgid.count("|"):
        raise TranslationError(f"{where}: a table row needs {slot.msgid.count('|')} bars '|'")
    return text


def relink(text: str, source: PurePosixPath, course: set[PurePosixPath]) -> str:
    """Relative links re-pointed from the Russian notebook: a lesson to its twin, a file to it."""
    here, there = source.parent, russian(source).parent

    def move(match: re.Match[str]) -> str:
        target = match.group(2)
        if re.match(r"^([a-z][a-z0-9+.-]*:|#|/)", target):
            return match.group(0)
        path, hash_, fragment = target.partition("#")
        resolved = PurePosixPath(os.path.normpath(here / path))
        goal = russian(resolved) if resolved in course else resolved
        moved = PurePosixPath(os.path.relpath(goal, there)).as_posix()
        return match.group(1) + moved + hash_ + fragment

    return _LINK.sub(move, text)


@dataclass(frozen=True)
class Built:
    """One Russian notebook: its text, and how many of its units are translated."""

    path: PurePosixPath
    text: str
    translated: int
    units: int


def build_notebook(notebook: Notebook, catalog: Catalog | None, source: PurePosixPath,
                   course: set[PurePosixPath] | None = None) -> Built:
    """The Russian twin of a notebook: prose from the catalog, LANGUAGE = "ru", no outputs."""
    course = {source} if course is None else course
    built = copy.deepcopy(notebook)
    counts = Counter[bool]()

    def translate(slot: Slot) -> str | None:
        text = translation(catalog, slot)
        counts[text is not None] += 1
        return text

    for cell in built["cells"]:
        segments = cell_segments(cell)
        try:
            text = rebuild(segments, translate)
        except TranslationError as error:
            where = f"{source}:{cell.get('id')}"
            raise TranslationError(f"{where}: {error.params['detail']}") from error
        if cell["cell_type"] == "markdown":
            text = relink(text, source, course)
        if cell["cell_type"] == "code":
            text = _as_built(text, source)
            english = _as_built(rebuild(segments, lambda slot: None), source)
            _check_code(english, text, f"{source}:{cell.get('id')}")
            cell["outputs"] = []
            cell["execution_count"] = None
        cell["source"] = text.splitlines(keepends=True)
    return Built(russian(source), dump_notebook(built), counts[True], sum(counts.values()))


def _in_language(line: re.Match[str]) -> str:
    """A `LANGUAGE = "en"` line set to the course's language; any other left as it is."""
    if line.group(3) != "en":
        return line.group(0)
    return f"{line.group(1)}{line.group(2)}{LANGUAGE}{line.group(2)}"


def _as_built(text: str, source: PurePosixPath) -> str:
    """A code cell as the build writes it: the course's language, and hands in its letters."""
    text = code_prose.LANGUAGE_LINE.sub(_in_language, text)
    if _ASSIGNMENTS not in source.parents:  # graded code joins hands with a shoe's ranks
        text = code_prose.hands_in(text, LANGUAGE)
    return text


class _Blanked(ast.NodeTransformer):
    """A syntax tree with the text of its strings taken out: each string constant empty, each
    f-string its replacement fields (expression, conversion, format spec) sorted."""

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.Constant("") if isinstance(node.value, str) else node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        fields = sorted((value for value in node.values if isinstance(value, ast.FormattedValue)),
                        key=ast.dump)
        return ast.JoinedStr(list(fields)) if fields else ast.Constant("")


def _code_shape(tree: ast.Module) -> list[str]:
    """Each statement of a cell with its strings' text taken out, as ast.dump writes it."""
    return [ast.dump(_Blanked().visit(statement)) for statement in tree.body]


def _check_code(english: str, text: str, where: str) -> None:
    """A translated code cell is its English code with other text in its strings and comments:
    the same statements, names, calls and operators, and the same f-string fields."""
    if text == english:
        return
    try:
        shape = _code_shape(ast.parse(english))
    except SyntaxError as error:
        raise TranslationError(f"{where}: the English code does not parse, so its translation "
                               "cannot be checked; leave the cell untranslated") from error
    try:
        tree = ast.parse(text)
    except SyntaxError as error:
        raise TranslationError(f"{where}: the translated code does not parse "
                               f"(line {error.lineno}: {error.msg}); check its strings") from error
    translated = _code_shape(tree)
    for index, statement in enumerate(tree.body):
        if index >= len(shape) or translated[index] != shape[index]:
            line = (ast.get_source_segment(text, statement) or "").splitlines()[0]
            raise TranslationError(
                f"{where}: the translation changes the code, not only the text of its strings "
                f"and comments (line {statement.lineno}: {line[:100]!r}); a translation may not "
                "close a string, add a {…} field or change a field's expression or format")
    if len(translated) != len(shape):
        raise TranslationError(f"{where}: the translation changes the code: it has "
                               f"{len(translated)} statements, the English {len(shape)}")


def build(root: Path = ROOT, catalog_for: Callable[[PurePosixPath], Catalog | None] | None = None,
          ) -> list[Built]:
    """Every Russian notebook, built in memory from the English ones and their catalogs."""
    found = sources(root)
    course = set(found)

    def on_disk(source: PurePosixPath) -> Catalog | None:
        path = root / catalog_path(source)
        return read_catalog(path) if path.exists() else None

    read = catalog_for or on_disk
    return [build_notebook(read_notebook(root / source), read(source), source, course)
            for source in found]


def stale(root: Path = ROOT) -> list[PurePosixPath]:
    """Russian notebooks that differ from a fresh build, are missing, or have no English twin."""
    built = build(root)
    expected = {item.path for item in built}
    wrong = [item.path for item in built
             if not (root / item.path).exists()
             or (root / item.path).read_text(encoding="utf-8") != item.text]
    for folder in {path.parent for path in expected}:
        wrong += [path for path in (PurePosixPath(folder / name.name)
                                    for name in sorted((root / folder).glob("*.ipynb")))
                  if path not in expected]
    return wrong


def write(root: Path = ROOT) -> list[Built]:
    """Build the Russian notebooks, write those that changed, and remove orphans."""
    built = build(root)
    for item in built:
        path = root / item.path
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != item.text:
            path.write_text(item.text, encoding="utf-8")
    expected = {root / item.path for item in built}
    for folder in {path.parent for path in expected}:
        for orphan in folder.glob("*.ipynb"):
            if orphan not in expected:
                orphan.unlink()
    return built
