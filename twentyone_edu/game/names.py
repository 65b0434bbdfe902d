"""Players' names that a reader sees as they are: visible, and unlike the banker's (R4, R19).

A name is shown in the seats, the log and the widgets. So it may hold no control or format
character (a line break would forge a log line, a right-to-left override reorder it, a zero-width
space hide a difference), it must show at least one visible character, and it may not look like
'banker' (the word `to_act` answers for the banker's turn) or «банкир», nor like another name at
the table. "Looks like" compares skeletons: the name in compatibility form (full-width letters
are letters), Cyrillic and Greek letters that look Latin read as Latin; for 'banker', in
capitals and in small letters too.
"""

from __future__ import annotations

import unicodedata

from ..words.errors import RuleError
from ..words.validate import quote

# Control, format (zero-width, bidi), surrogate, private-use characters and line separators.
_HIDDEN_KINDS = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
# Letters that print as blank space: Hangul fillers, the Braille blank, the Mongolian separator.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
# Cyrillic and Greek letters that print like a Latin one, in capitals and in small letters.
_CAPITALS = str.maketrans("АВЕКМНОРСТХУЅІЈΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEKMHOPCTXYSIJABEZHIKMNOPTYX")
_SMALL = str.maketrans("аеокрсухѕіјԁһьԛԝοικνρυχα", "aeokpcyxsijdhbqwoikvpuxa")
RESERVED = ("banker", "банкир")


def skeleton(name: str) -> str:
    """What a name looks like: its compatibility form, each letter that prints like a Latin one
    read as Latin ('Ｂаnker' looks like 'Banker'; 'banker' does not: case shows)."""
    return unicodedata.normalize("NFKC", name).translate(_CAPITALS).translate(_SMALL)


def _like_banker(name: str) -> bool:
    """Whether a name looks like 'banker' or «банкир» in capitals or in small letters."""
    return any(skeleton(name.upper()) == skeleton(word.upper()) or
               skeleton(name.lower()) == skeleton(word.lower()) for word in RESERVED)


def check_name(given: str, seated: list[str]) -> str:
    """The name stripped, if a reader sees it as it is and it looks unlike 'banker' and the
    names `seated` (R4, R19)."""
    name = given.strip()
    for char in name:
        if unicodedata.category(char) in _HIDDEN_KINDS:
            raise RuleError("name_hidden_char", name=quote(name), char=f"U+{ord(char):04X}")
    if all(char.isspace() or char in _BLANKS or unicodedata.category(char) in ("Mn", "Me")
           for char in name):
        raise RuleError("empty_name", name=quote(given))
    if _like_banker(name):
        raise RuleError("banker_look_alike", name=quote(name))
    for other in seated:
        if other == name:
            raise RuleError("seated_twice", name=quote(name))
        if skeleton(other) == skeleton(name):
            raise RuleError("name_look_alike", name=quote(name), other=quote(other))
    return name
