"""Lesson 05's blanks (issue 30): `ending`, `stand_value` and `buy_on_twenty` are left for the
student, each
followed by a check that runs it on cases the student did not choose. The lesson's own cells are
run here with the blanks as committed, with the teacher's guide's completed bodies, and with
wrong bodies; the check's answers are compared with values worked out here by hand."""

from __future__ import annotations

import contextlib
import io
import random
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

import twentyone_edu as t21
from twentyone_edu.widgets import blanks

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "05_the_exact_method.ipynb"
GUIDE = ROOT / "teacher" / "teacher_guide.ipynb"
CELLS = ("05-01", "05-03", "05-07", "05-07c", "05-09", "05-13", "05-13c", "05-15", "05-15c")
BLANK = re.compile(r"^ +# Your turn.*?raise NotImplementedError\([^)]*\)$", re.M | re.S)


def guide_bodies() -> list[str]:
    """The completed bodies the guide gives, in the order of the blanks."""
    (cell,) = [cell for cell in nbformat.read(GUIDE, as_version=4).cells
               if cell.get("id") == "tg-s05-01b"]
    return re.findall(r"```python\n(.*?)```", cell.source, re.S)


def run_lesson(bodies: list[str] | None = None) -> tuple[dict, str]:
    """Lesson 05's cells up to the third check, each blank filled with its body (or left as
    committed), run in one namespace; returns the namespace and what was printed."""
    cells = {cell.get("id"): cell.source for cell in nbformat.read(LESSON, as_version=4).cells}
    sources = [cells[cell_id] for cell_id in CELLS]
    if bodies is not None:
        filled = iter(bodies)
        sources = [BLANK.sub(lambda _: next(filled).rstrip("\n"), source) for source in sources]
        assert next(filled, None) is None
    namespace: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for source in sources:
            exec(compile(source, "lesson 05", "exec"), namespace)
    return namespace, printed.getvalue()


def test_the_lesson_leaves_two_blanks_and_still_runs_on():
    namespace, printed = run_lesson()
    assert len(BLANK.findall("\n".join(
        cell.source for cell in nbformat.read(LESSON, as_version=4).cells))) == 3
    assert printed.count("Fill in the blank above") == 3
    assert namespace["ending"] is blanks.package_ending  # the lesson goes on
    assert namespace["mine"] == t21.exact.decision_values("K Q")["stand"]
    assert namespace["buy"] == t21.exact.decision_values("K Q")["draw"]


def test_the_guides_bodies_are_right():
    bodies = guide_bodies()
    assert len(bodies) == 3
    namespace, printed = run_lesson(bodies)
    assert printed.count("Right: your function agrees") == 3, printed
    assert namespace["ending"] is not blanks.package_ending  # the student's own, kept
    assert namespace["mine"] == t21.exact.decision_values("K Q")["stand"]
    assert namespace["buy"] == t21.exact.decision_values("K Q")["draw"]


VALUE = "    value = t21.hand_value(banker)\n"
ENDS = '    ends = banker_chances((), unseen)\n    no_natural = 1 - ends.get("natural", 0)\n'
REST = '    rest = without(unseen, rank)\n'


@pytest.mark.parametrize("bodies", [
    # the banker stands on 16, not 17
    [VALUE + '    if value.natural:\n        return "natural"\n    if value.bust:\n'
     '        return "bust"\n    return value.total if value.total >= 16 else None\n', None, None],
    # he stops only above 17: every draw of cases holds a hand ending on 17
    [VALUE + '    if value.natural:\n        return "natural"\n    if value.bust:\n'
     '        return "bust"\n    return value.total if value.total > 17 else None\n', None, None],
    # a natural read as 21
    [VALUE + '    if value.bust:\n        return "bust"\n'
     '    return value.total if value.total >= 17 else None\n', None, None],
    # a soft 17 bought on (a claims reading: passed in most random draws before the TRAPS)
    [VALUE + '    if value.natural:\n        return "natural"\n    if value.bust:\n'
     '        return "bust"\n    if value.total == 17 and value.soft:\n        return None\n'
     '    return value.total if value.total >= 17 else None\n', None, None],
    # any 21 called a natural, a drawn one too
    [VALUE + '    if value.total == 21:\n        return "natural"\n    if value.bust:\n'
     '        return "bust"\n    return value.total if value.total >= 17 else None\n', None, None],
    # the natural kept in the sum, or no division
    [None, ENDS + '    return sum(p * t21.settle(total, end) for end, p in ends.items())'
     ' / no_natural\n', None],
    [None, ENDS + '    return sum(p * t21.settle(total, end) for end, p in ends.items()'
     ' if end != "natural")\n', None],
    # buying: P(A) for P(A and B), the banker's natural after your card forgotten
    [None, None, REST + '    return P(n, sum(m for _, m in unseen))'
     ' * (stand_value(21, rest) if rank == "A" else -1)\n'],
    # a drawn 21 paid as if it always won one stake
    [None, None, REST + '    no_natural = 1 - natural_chance(rest)\n'
     '    return P(n, sum(m for _, m in unseen)) * no_natural * (1 if rank == "A" else -1)\n'],
])
def test_a_wrong_body_is_not_yet_and_the_answer_is_not_shown(bodies):
    right = guide_bodies()
    _, printed = run_lesson([body or good for body, good in zip(bodies, right, strict=True)])
    assert printed.count("Not yet: your function answers") == 1, printed
    # on one case it got wrong: what the student's function gave, and what the rules give
    said = re.search(r"For one, (.+?), it gives (.+?) where the rules give (.+?)\. ", printed)
    assert said and said[2] != said[3], printed
    # the lesson's own answer, the value of standing on K Q, is not given away
    stand = t21.exact.decision_values("K Q")["stand"]
    assert t21.numerals.signed(stand, 4, "en") not in printed.split("stand on K Q")[0]
    buy = t21.exact.decision_values("K Q")["draw"]
    assert t21.numerals.signed(buy, 4, "en") not in printed.split("buy on K Q")[0]


def test_an_error_names_the_call_to_try_again():
    """A `stand_value` that reads ends["natural"] fails where no ace is left (every draw of
    cases has such a shoe): the message gives the case as a call the student can paste."""
    body = ('    ends = banker_chances((), unseen)\n    no_natural = 1 - ends["natural"]\n'
            '    return sum(p * t21.settle(total, end) for end, p in ends.items()'
            ' if end != "natural") / no_natural\n')
    right = guide_bodies()
    _, printed = run_lesson([right[0], body, right[2]])
    said = re.search(r"stops with an error on .+?: (stand_value\(\d+, .+?\))\. Until", printed)
    assert said, printed
    total, unseen = eval(said[1][len("stand_value"):])  # the call, as pasted into a cell
    assert "A" not in dict(unseen) and blanks.package_stand_value(total, unseen) is not None


def test_the_checks_answers_counted_by_hand():
    """The reference the check compares with, against hands read by the rules (R3, R13, R14)
    and one value counted here: standing on 20 with ten unseen cards, 9 A and one 10 left."""
    ending = blanks.package_ending
    assert [ending(cards) for cards in [(), ("A",), ("10", "A"), ("A", "10"), ("10", "6"),
                                        ("10", "6", "9"), ("A", "6"), ("A", "5", "5")]] == \
        [None, None, "natural", "natural", None, "bust", 17, 21]
    # Unseen: nine aces and one ten. His two cards: A A (12, soft) with chance 9/10 · 8/9 = 4/5,
    # else a natural (ace and ten, either order: 2 · 9/10 · 1/9 = 1/5). From A A he buys: the
    # ten (1/8) gives 12 hard, then aces to 13, 14, 15, 16, 17; an ace (7/8) gives 13 soft and
    # so on; with only aces and one ten left he always ends on 17 (soft A A A A A A A = 17, or
    # 10 + seven aces = 17). Standing on 20 against 17 wins 1, given no natural: +1.
    assert blanks.package_stand_value(20, (("10", 1), ("A", 9))) == Fraction(1)
    # and on 16 against his 17: −1
    assert blanks.package_stand_value(16, (("10", 1), ("A", 9))) == Fraction(-1)


def test_the_cases_are_drawn_afresh_and_cover_every_ending():
    first, second = (blanks.ending_cases(random.Random()) for _ in range(2))
    assert first != second
    kinds = {type(end).__name__ if not isinstance(end, str) else end
             for end in map(blanks.package_ending, first)}
    assert kinds == {"NoneType", "natural", "bust", "int"}
    # both sides of his rule (R14): a hand of 16 he buys on, and one that ends on 17
    assert 17 in map(blanks.package_ending, first)
    assert any(cards and blanks.package_ending(cards) is None
               and t21.hand_value(" ".join(cards)).total == 16 for cards in first)
    # and every time the hands a plausible mistake gets wrong: a soft 17 stands (R14), two
    # aces are 12 and buy (R3), a drawn 21 is 21, not a natural (R3)
    endings = {cards: blanks.package_ending(cards) for cards in first}
    assert endings[("A", "6")] == 17 and endings[("A", "A")] is None
    assert endings[("10", "5", "6")] == endings[("A", "4", "6")] == 21
    *_, last = blanks.stand_cases(random.Random())
    assert "A" not in dict(last[1])


def test_a_wrong_answer_is_written_as_the_lessons_code_writes_it():
    class Odd:
        def __repr__(self):
            raise RuntimeError("no repr")

    assert [blanks._value_text(v, "en") for v in (None, "bust", 17, Fraction(1, 8), Odd())] == \
        ["None", '"bust"', "17", "+0.1250", "Odd"]
    assert blanks._value_text(Fraction(-1, 8), "ru") == "−0,1250"


def test_the_value_of_buying_on_twenty_counted_by_hand():
    """Unseen: one ace and ten nines, no ten, so no natural ever (R9). Buying on two tens: the
    ace (1/11) makes a drawn 21 against his 9 9, 18, where he stops; a nine (10/11) busts you."""
    unseen = (("9", 10), ("A", 1))
    assert blanks.package_buy_on_twenty(unseen) == \
        Fraction(1, 11) * t21.settle(21, 18) - Fraction(10, 11)


def seen_of(unseen) -> str:
    """The cards seen by a student who holds K Q when `unseen` (lesson letters) is left: the
    lesson's tens named as the shoe's 10, J, Q and K, each at most as often as the shoe has."""
    tens = {"10": 8, "J": 8, "Q": 7, "K": 7}
    seen = []
    for rank, n in t21.Shoe.fresh().remove("K Q").counts:
        if rank not in tens:
            seen += [rank] * (n - dict(unseen).get(rank, 0))
    for _ in range(30 - dict(unseen).get("10", 0)):
        name = max(tens, key=tens.get)
        tens[name] -= 1
        seen.append(name)
    return " ".join(seen)


def test_the_buy_checks_answers_are_the_engines():
    """The check's reference for `buy_on_twenty` on its own random cases, against the package's
    exact engine for the same hand and seen cards (R9-R17)."""
    for (unseen,) in blanks.buy_cases(random.Random(2026)):
        assert sum(n for _, n in unseen) <= 82
        assert blanks.package_buy_on_twenty(unseen) == \
            t21.exact.decision_values("K Q", seen=seen_of(unseen))["draw"]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("name", list(blanks.BLANKS))
def test_each_blank_has_two_hints_folded_until_asked(name, language, monkeypatch):
    """A "not yet" shows the blank's two hints, each closed under «Hint 1 of 2» (no `open`),
    in the lesson's language; a right function shows none."""
    import IPython
    import IPython.display

    shown: list = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: object())
    monkeypatch.setattr(IPython.display, "display", shown.append)
    right = blanks.BLANKS[name][1]
    wrong = {"ending": lambda banker: None, "stand_value": lambda total, unseen: Fraction(0),
             "buy_on_twenty": lambda unseen: Fraction(0),
             "seat_chance": lambda seat, players, cards, aces: Fraction(0),
             "naturals_in": lambda n, rng: 0}[name]
    with contextlib.redirect_stdout(io.StringIO()):
        assert t21.widgets.check_blank(name, wrong, language) is right
        assert t21.widgets.check_blank(name, right, language) is right
    (html,) = [item.data for item in shown]
    hints = re.findall(r"<details class='t21-hint'><summary>(.*?)</summary><p>(.*?)</p>", html)
    titles = {"en": ["Hint 1 of 2", "Hint 2 of 2"], "ru": ["Подсказка 1 из 2", "Подсказка 2 из 2"]}
    assert [title for title, _ in hints] == titles[language], hints
    assert "open" not in html and all(len(hint) > 40 for _, hint in hints)
    if language == "ru":
        assert not re.search(r"[a-z]{4,} [a-z]{4,} [a-z]{4,}", " ".join(h for _, h in hints))


def test_a_near_miss_is_shown_with_the_digits_that_differ():
    """Round 22: a card_adds without the ace's cards left gave −0.8195 where the rules give
    −0.8194, which reads as rounding: the check shows more decimals until the two differ."""
    near = Fraction(-81951, 100000)
    assert blanks._told_apart(near, Fraction(-81949, 100000), "en") == ("−0.819510", "−0.819490")
    assert blanks._told_apart(Fraction(1, 3), Fraction(1, 2), "ru") == ("+0,3333", "+0,5000")
    assert blanks._told_apart(None, 17, "en") == ("None", "17")
