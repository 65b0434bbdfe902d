"""Split a Markdown cell into translation units: headings, paragraphs, list items, table rows.

A paragraph's wrapped lines become one msgid joined by spaces; a translation is written back on
one line after the block's own marker ("## ", "* ", "1. ", "> "), so the rendered Markdown keeps
its structure. Blank lines, code fences, table rulers and text with no English word (a Russian
quotation, a formula without words) are kept exactly as they are.
"""

from __future__ import annotations

import re

from .slots import Segments, Slot

_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HEADING = re.compile(r"^(\s{0,3}#{1,6}[ \t]+)(.*?)\s*$")
_ITEM = re.compile(r"^(\s*)([*+-]|(\d{1,9})[.)])([ \t]+)(?=\S)")
_QUOTE = re.compile(r"^(\s{0,3}>[ \t]?)")
_RULER = re.compile(r"^[\s|:-]+$")
_CODE_SPAN = re.compile(r"`[^`]*`")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_ENGLISH_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")
_HARD_BREAK = ("  ", "\\")


def has_english(text: str) -> bool:
    """Whether text holds an English word outside code spans, link targets and TeX commands."""
    prose = _LINK_TARGET.sub("]", _CODE_SPAN.sub("", text))
    return _ENGLISH_WORD.search(prose) is not None


def _item_kind(match: re.Match[str]) -> str:
    """The list a marker belongs to: its bullet character, or the ordered list's delimiter."""
    marker = match.group(2)
    return marker if match.group(3) is None else marker[-1]


def _starts_block(line: str, list_kind: str | None) -> bool:
    """Whether line ends the paragraph or list item before it (CommonMark's interruption rules)."""
    if _FENCE.match(line) or _HEADING.match(line) or _QUOTE.match(line):
        return True
    if line.lstrip().startswith(("|", "$$")):
        return True
    item = _ITEM.match(line)
    if item is None:
        return False
    return item.group(3) in (None, "1") or _item_kind(item) == list_kind


def _join(lines: list[str]) -> str:
    """The msgid of wrapped lines: one line, except after a Markdown hard break."""
    text = ""
    for line in lines:
        if text:
            text += "\n" if text.endswith(_HARD_BREAK) else " "
        text += line.strip() if not line.endswith(_HARD_BREAK) else line.lstrip()
    return text


# nbgrader's marks (### BEGIN SOLUTION, ### END HIDDEN TESTS) stay as they are: not prose.
GRADER_MARK = re.compile(r"#*\s*(BEGIN|END) (SOLUTION|HIDDEN TESTS|MARK SCHEME)\s*")


def _unit(first: str, continuation: str, raw: list[str], texts: list[str], note: str,
          single_line: bool = False) -> str | Slot:
    """A slot for a block of lines, or the lines themselves when they hold no English."""
    original = "".join(raw).rstrip("\n")
    msgid = _join(texts)
    if not has_english(msgid) or GRADER_MARK.fullmatch(msgid):
        return original

    def render(translation: str) -> str:
        return first + translation.replace("\n", "\n" + continuation)

    return Slot(msgid, original, render, note=note, single_line=single_line)


def segments(source: str) -> Segments:
    """The cell's source as verbatim text and translation slots, in order (rebuild joins them)."""
    lines = source.splitlines(keepends=True)
    out: Segments = []

    def add(block: str | Slot, ending: str) -> None:
        out.append(block)
        if ending:
            out.append(ending)

    i = 0
    while i < len(lines):
        line = lines[i]
        ending = line[len(line.rstrip("\n")):]
        if not line.strip():
            out.append(line)
            i += 1
        elif fence := _FENCE.match(line):
            j = i + 1
            while j < len(lines) and not lines[j].lstrip().startswith(fence.group(1)):
                j += 1
            out.append("".join(lines[i:j + 1]))
            i = j + 1
        elif heading := _HEADING.match(line):
            add(_unit(heading.group(1), "", [line], [heading.group(2)], "heading", True), ending)
            i += 1
        elif line.lstrip().startswith("|"):
            indent = line[:len(line) - len(line.lstrip())]
            row = line.strip()
            if _RULER.match(row):
                out.append(line)
            else:
                note = "table row: keep every | (one more | than cells)"
                add(_unit(indent, "", [line], [row], note, True), ending)
            i += 1
        elif line.lstrip().startswith("$$"):
            j = i
            if line.count("$$") < 2:
                j += 1
                while j + 1 < len(lines) and "$$" not in lines[j]:
                    j += 1
            block = lines[i:j + 1]
            last = block[-1]
            indent = line[:len(line) - len(line.lstrip())]
            math = "".join(block).strip()
            note = "formula: translate only the words in \\text{…}"
            add(_unit(indent, indent, block, [math], note), last[len(last.rstrip("\n")):])
            i = j + 1
        elif _quote_marker(line):
            j = i
            while j < len(lines) and _quote_marker(lines[j]):
                j += 1
            out.extend(_quote(lines[i:j]))
            i = j
        else:
            item = _ITEM.match(line)
            if item:
                first = item.group(0)
                continuation = " " * len(first)
                kind: str | None = _item_kind(item)
                note = "list item"
            else:
                first = continuation = line[:len(line) - len(line.lstrip())]
                kind = None
                note = "paragraph"
            j = i + 1
            while j < len(lines) and lines[j].strip() and not _starts_block(lines[j], kind):
                j += 1
            block = lines[i:j]
            texts = [block[0][len(first):], *block[1:]]
            last = block[-1]
            add(_unit(first, continuation, block, texts, note), last[len(last.rstrip("\n")):])
            i = j
    return out


def _quote_marker(line: str) -> str:
    """The "> " that starts a blockquote line, or "" for any other line."""
    match = _QUOTE.match(line)
    return match.group(1) if match else ""


def _quote(lines: list[str]) -> Segments:
    """A blockquote's paragraphs as units, each written back behind the quote marker."""
    out: Segments = []
    i = 0
    while i < len(lines):
        marker = _quote_marker(lines[i])
        if not lines[i][len(marker):].strip():
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j][len(_quote_marker(lines[j])):].strip():
            j += 1
        block = lines[i:j]
        texts = [line[len(_quote_marker(line)):] for line in block]
        last = block[-1]
        out.append(_unit(marker, marker, block, texts, "blockquote"))
        if last.endswith("\n"):
            out.append("\n")
        i = j
    return out
