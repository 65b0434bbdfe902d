"""A translation unit and its place in a cell's source, for the Markdown and code splitters."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..words.errors import TwentyOneError


class TranslationError(TwentyOneError):
    """A catalog entry or a source cell that the notebook build cannot use; its detail is for
    the translator and names the entry or cell."""

    def __init__(self, detail: str) -> None:
        super().__init__("translation", detail=detail)


@dataclass(frozen=True)
class Slot:
    """One unit of prose: its msgid, where it sits, and how a translation is written back."""

    msgid: str
    original: str
    render: Callable[[str], str]
    context: str | None = None
    note: str = ""
    single_line: bool = False
    fields: tuple[str, ...] = ()


Segments = list["str | Slot"]


def rebuild(segments: Segments, translate: Callable[[Slot], str | None]) -> str:
    """The source with each slot's translation written back, or its original where there is none."""
    parts = []
    for segment in segments:
        if isinstance(segment, str):
            parts.append(segment)
            continue
        translation = translate(segment)
        parts.append(segment.original if translation is None else segment.render(translation))
    return "".join(parts)
