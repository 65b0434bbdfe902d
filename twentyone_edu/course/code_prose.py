"""Find the prose in a code cell with tokenize: comments, and string literals a student reads.

The rule (documented in STYLE.md): a comment is prose when it holds an English word and is not a
tool's pragma. A string literal, or a run of implicitly concatenated ones, is prose when its text
outside `{…}` fields holds a space and at least two English words, and it is not code: not a
subscript (`values["stand"]`), a dict key, a comparison operand, `LANGUAGE = "en"`, or the value
of a keyword argument that names a setting (`loc="lower left"`). Everything else, and every
token around the prose, is written back byte for byte.
"""

from __future__ import annotations

import io
import keyword
import re
import tokenize
from collections.abc import Callable, Iterator

from ..words import card_letters
from .markdown_prose import GRADER_MARK
from .slots import Segments, Slot, TranslationError

_WORD = re.compile(r"[A-Za-z]{2,}")
_PREFIX = re.compile(r"^([A-Za-z]*)('''|\"\"\"|'|\")")
_PRAGMA = re.compile(r"^\s*(noqa|type:|pragma|fmt:|ruff:|mypy:|!)")
_SETTINGS = frozenset({
    "loc", "ha", "va", "horizontalalignment", "verticalalignment", "color", "colour", "fmt",
    "linestyle", "ls", "marker", "cmap", "kind", "policy", "language", "rules", "mode", "style",
    "orientation", "align", "where", "how", "dtype", "encoding", "variant",
})
_CARD = r"(?:10|[2-9]|[AJQK])[♠♥♦♣]?"
_HAND = re.compile(rf"(?=.*[AJQK]){_CARD}(?: {_CARD})+")  # two cards or more, a letter among them
_COMPARISONS = frozenset({"==", "!=", "in", "not", "is"})
LANGUAGE_NAME = "LANGUAGE"
# A notebook's `LANGUAGE = "en"` line: the build writes the course's language into it, and the
# feedback reads an assignment's language from it.
LANGUAGE_LINE = re.compile(rf"^({LANGUAGE_NAME}\s*=\s*)([\"'])(\w+)\2", re.MULTILINE)

#: The msgctxt of the units taken from code, so a translator knows the text is code's.
STRING_CONTEXT = "code string"
COMMENT_CONTEXT = "code comment"


def hands_in(source: str, language: str) -> str:
    """The code with each plain string literal that is a hand of two or more cards ('A 9',
    "K Q J") written in `language`'s letters ('Т 9', "К Д В"), which parse_cards reads the
    same; a single rank ('A', a key of the engine's results) and every other literal unchanged."""
    out, position = [], 0
    for kind, item in _items(source):
        if kind != "string" or not isinstance(item, _Literal) or item.prefix or \
                not _HAND.fullmatch(item.body):
            continue
        out += [source[position:item.start],
                item.quote + card_letters.written(item.body, language) + item.quote]
        position = item.end
    return "".join(out) + source[position:]


def fields(body: str) -> list[str]:
    """The `{…}` replacement fields of an f-string's body, in order (`{{` is a literal brace)."""
    found = []
    i = 0
    while i < len(body):
        if body.startswith(("{{", "}}"), i):
            i += 2
            continue
        if body[i] != "{":
            i += 1
            continue
        depth, j, quote = 0, i, ""
        while j < len(body):
            char = body[j]
            if quote:
                quote = "" if char == quote else quote
            elif char in "'\"":
                quote = char
            elif char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        found.append(body[i:j + 1])
        i = j + 1
    return found


def _is_prose(text: str, is_f: bool) -> bool:
    """Whether a string's text outside its fields is a phrase: a space and two English words."""
    outside = text
    if is_f:
        for field in fields(text):
            outside = outside.replace(field, " ", 1)
    return " " in outside.strip() and len(_WORD.findall(outside)) >= 2


class _Literal:
    """One string literal token (or a Python 3.12 f-string's token group) and its parts."""

    def __init__(self, start: int, end: int, text: str) -> None:
        self.start, self.end, self.text = start, end, text
        match = _PREFIX.match(text)
        if match is None:
            raise TranslationError(f"code: cannot read the string literal {text[:40]!r}")
        self.prefix, self.quote = match.group(1), match.group(2)
        self.body = text[len(match.group(0)):len(text) - len(self.quote)]
        self.is_f = "f" in self.prefix.lower()
        self.is_bytes = "b" in self.prefix.lower()

    def braced(self) -> str:
        """The body as f-string text: a plain literal's braces doubled."""
        return self.body if self.is_f else self.body.replace("{", "{{").replace("}", "}}")


def _tokens(source: str) -> list[tokenize.TokenInfo]:
    """The cell's tokens, or an error naming the cell's first line when it cannot be read."""
    try:
        return list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError) as error:
        raise TranslationError(f"code: cannot tokenize the cell starting {source[:40]!r}: "
                               f"{error}") from error


def _offsets(source: str) -> list[int]:
    """The offset in source of each line's start (line numbers from 1)."""
    starts = [0, 0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _items(source: str) -> Iterator[tuple[str, object]]:
    """("string", _Literal), ("comment", token), or ("other", token), in order."""
    starts = _offsets(source)
    depth, begin = 0, 0
    fstring_start = getattr(tokenize, "FSTRING_START", -1)
    fstring_end = getattr(tokenize, "FSTRING_END", -1)
    for token in _tokens(source):
        offset = starts[token.start[0]] + token.start[1]
        if token.type == fstring_start:
            depth += 1
            begin = offset if depth == 1 else begin
        elif token.type == fstring_end:
            depth -= 1
            if depth == 0:
                end = starts[token.end[0]] + token.end[1]
                yield "string", _Literal(begin, end, source[begin:end])
        elif depth:
            continue
        elif token.type == tokenize.STRING:
            end = starts[token.end[0]] + token.end[1]
            yield "string", _Literal(offset, end, token.string)
        elif token.type == tokenize.COMMENT:
            yield "comment", token
        elif token.type not in (tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            yield "other", token


_Run = tuple[list[_Literal], "str | None", "str | None", "str | None"]


def _runs(source: str) -> Iterator[_Run]:
    """Each run of adjacent literals, with the code token before it, the one before, and after."""
    items = list(_items(source))

    def neighbour(index: int, step: int) -> tuple[int, str | None]:
        while 0 <= index < len(items) and items[index][0] == "comment":
            index += step
        if not 0 <= index < len(items):
            return index, None
        item = items[index][1]
        return index, item.string if isinstance(item, tokenize.TokenInfo) else None

    i = 0
    while i < len(items):
        if items[i][0] != "string":
            i += 1
            continue
        j = i
        while j < len(items) and items[j][0] == "string":
            j += 1
        run = [item for _, item in items[i:j] if isinstance(item, _Literal)]
        k, before = neighbour(i - 1, -1)
        before2 = neighbour(k - 1, -1)[1] if before is not None else None
        yield run, before, before2, neighbour(j, 1)[1]
        i = j


def _is_code(before: str | None, before2: str | None, after: str | None) -> bool:
    """Whether the neighbouring tokens make a literal code: a key, an operand or a setting."""
    subscript = before == "[" and before2 is not None and (
        (before2.isidentifier() and not keyword.iskeyword(before2)) or before2 in (")", "]"))
    if subscript or after == ":" or before in _COMPARISONS or after in _COMPARISONS:
        return True
    return before == "=" and (before2 == LANGUAGE_NAME or before2 in _SETTINGS)


def _split(text: str, lengths: list[int]) -> list[str]:
    """Text cut at spaces (never inside a field) into pieces as long as the original pieces."""
    words = re.findall(r"(?:\{(?:[^{}]|\{[^{}]*\})*\}|[^\s{]+|\{)+\s*|\s+", text)
    total, goal, used, taken = sum(lengths) or 1, 0.0, 0, 0
    pieces = []
    for length in lengths[:-1]:
        goal += length * len(text) / total
        piece = ""
        while taken < len(words) and (not piece or used + len(words[taken]) <= goal):
            piece += words[taken]
            used += len(words[taken])
            taken += 1
        pieces.append(piece)
    pieces.append("".join(words[taken:]))
    return pieces


def _literal_text(literal: _Literal, body: str, as_f: bool) -> str:
    """A literal with the original's prefix and quotes around a new body."""
    prefix = literal.prefix.replace("f", "").replace("F", "")
    if as_f and ("{" in body or "}" in body):
        prefix += "f"
    elif as_f:
        body = body.replace("{{", "{").replace("}}", "}")
    return prefix + literal.quote + body + literal.quote


def _string_slot(source: str, run: list[_Literal]) -> Slot:
    """The slot of a run of literals: one msgid, written back over as many literals."""
    as_f = any(literal.is_f for literal in run)
    msgid = "".join(literal.braced() if as_f else literal.body for literal in run)
    gaps = [source[a.end:b.start] for a, b in zip(run, run[1:], strict=False)]
    line_start = source.rfind("\n", 0, run[0].start) + 1
    line_end = source.find("\n", run[0].start)
    line = source[line_start:line_end if line_end >= 0 else len(source)].strip()

    def render(translation: str) -> str:
        pieces = _split(translation, [len(literal.body) for literal in run])
        kept = [(literal, piece) for literal, piece in zip(run, pieces, strict=True) if piece] or [
            (run[0], "")]
        out = ""
        for index, (literal, piece) in enumerate(kept):
            if index:
                out += gaps[run.index(literal) - 1]
            out += _literal_text(literal, piece, as_f)
        return out

    note = f"in the code: {line}"
    found = tuple(fields(msgid)) if as_f else ()
    if found:
        note += "\nkeep every {…} field exactly as it is"
    return Slot(msgid, source[run[0].start:run[-1].end], render, context=STRING_CONTEXT,
                note=note, single_line=not run[0].quote.startswith(("'''", '"""')),
                fields=found)


def _prefixed(head: str) -> Callable[[str], str]:
    """Write a comment's translation back behind its "# "."""
    return lambda text: head + text


def segments(source: str) -> Segments:
    """The cell's source as verbatim code and translation slots, in order (rebuild joins them)."""
    starts = _offsets(source)
    slots: list[tuple[int, int, Slot]] = []
    for run, before, before2, after in _runs(source):
        if any(literal.is_bytes for literal in run) or _is_code(before, before2, after):
            continue
        as_f = any(literal.is_f for literal in run)
        text = "".join(literal.braced() if as_f else literal.body for literal in run)
        if _is_prose(text, as_f):
            slots.append((run[0].start, run[-1].end, _string_slot(source, run)))
    for kind, item in _items(source):
        if kind != "comment":
            continue
        assert isinstance(item, tokenize.TokenInfo)
        body = item.string[1:]
        text = body.lstrip()
        if _WORD.search(text) is None or _PRAGMA.match(text) or GRADER_MARK.fullmatch(text):
            continue
        head = "#" + body[:len(body) - len(text)]
        start = starts[item.start[0]] + item.start[1]
        slot = Slot(text.rstrip(), item.string, _prefixed(head), context=COMMENT_CONTEXT,
                    note="a comment in the code", single_line=True)
        slots.append((start, start + len(item.string), slot))
    out: Segments = []
    position = 0
    for start, end, slot in sorted(slots, key=lambda entry: entry[0]):
        out.append(source[position:start])
        out.append(slot)
        position = end
    out.append(source[position:])
    return [segment for segment in out if segment != ""]
