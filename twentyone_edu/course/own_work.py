"""A student's own function, run with the course's engine out of reach (teacher/, issue 31).

A graded task that asks for a function ("write `next_card`") is graded on inputs drawn afresh
at every grading (`unseen_cases`), so no table of answers made in advance can hold them, and
the function runs under `run`: while it runs, a profile hook watches every call, and if any code
of the package other than the game itself (`game/`, `words/`, the package's front door) runs (the
exact engine, the simulation, the symbolic layer, the widgets, the graded tasks' own checks),
or the function starts a thread or a process or takes the hook away, the call is refused with
`EngineUsed`. So `return exact.draw_distribution(hand, seen, shoe)` scores what a blank scores,
however it reaches the engine. The engine's caches are emptied first, so that no answer already
worked out comes back without the engine's code running.

What it cannot see (teacher/README.md says so): code copied from the engine into the notebook,
and a thread started by the student before the grading began.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from types import FrameType
from typing import Any

from ..game.cards import Shoe
from ..game.hands import hand_value

PACKAGE = Path(__file__).resolve().parent.parent
OPEN = (PACKAGE / "game", PACKAGE / "words")  # the game itself: the student may use it
FRONT_DOOR = str(PACKAGE / "__init__.py")
CASES = 12  # unseen inputs per graded function
STDLIB = Path(threading.__file__).resolve().parent
# Code that hands work to something the hook cannot watch: another process or thread.
ELSEWHERE = (str(STDLIB / "subprocess.py"), str(STDLIB / "multiprocessing"),
             str(STDLIB / "concurrent"), str(STDLIB / "ctypes"))
HANDS_OFF = {"setprofile", "settrace", "start_new_thread", "start_joinable_thread", "fork",
             "forkpty", "system", "posix_spawn", "posix_spawnp", "execv", "execve", "spawnv",
             "spawnve", "_exit", "setswitchinterval"}


class EngineUsed(Exception):
    """The student's function ran code of the course's engine, or hid from the hook."""


@lru_cache(maxsize=4096)
def _barred(filename: str) -> bool:
    """Whether code in this file is out of the student's reach while their function is graded."""
    path = filename if filename.startswith("<") else str(Path(filename).resolve())
    if path.startswith(ELSEWHERE):
        return True
    if not path.startswith(str(PACKAGE)) or path == FRONT_DOOR:
        return False
    return not any(path.startswith(str(folder)) for folder in OPEN)


def _empty_caches() -> None:
    """Forget every answer the package's modules have cached, so each must be worked out anew."""
    for name, module in list(sys.modules.items()):
        if name.startswith("twentyone_edu.") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(type(value), "cache_clear", None)
                if callable(clear) and hasattr(value, "cache_info"):
                    value.cache_clear()


def run(student: Callable[..., Any], *arguments: Any) -> Any:
    """The student's function called on these arguments with the engine out of reach."""
    _empty_caches()
    seen: list[str] = []
    ours = sys._getframe().f_code

    def watch(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and _barred(frame.f_code.co_filename):
            seen.append(frame.f_code.co_name)
        elif event == "c_call" and frame.f_code is not ours and \
                getattr(arg, "__name__", "") in HANDS_OFF:
            seen.append(arg.__name__)

    sys.setprofile(watch)
    try:
        result = student(*arguments)
    finally:
        sys.setprofile(None)
    if seen:
        raise EngineUsed
    return result


def _cards(shoe: Shoe) -> list[str]:
    return [rank for rank, n in shoe.counts for _ in range(n)]


def _hand_and_seen(rng: random.Random, soft: bool) -> tuple[str, str, int]:
    """A random hand of two or three cards below 21, and some cards seen, from 1–4 packs."""
    packs = rng.randint(1, 4)
    while True:
        cards = _cards(Shoe.fresh(decks=packs))
        rng.shuffle(cards)
        if soft:
            cards.remove("A")
            cards.insert(0, "A")
        hand = cards[:rng.choice((2, 2, 3))]
        if hand_value(" ".join(hand)).total < 21:  # a hand that may buy (R10, R11, R13)
            seen = cards[len(hand):len(hand) + rng.randint(0, 12)]
            return " ".join(hand), " ".join(seen), packs


def _shoe_left(rng: random.Random) -> Shoe:
    """A fresh shoe of 1–6 packs with a random part of it already dealt."""
    shoe = Shoe.fresh(decks=rng.randint(1, 6))
    cards = _cards(shoe)
    return shoe.remove(" ".join(rng.sample(cards, rng.randint(0, len(cards) - 2))))


def _first_ace(rng: random.Random) -> tuple[int, int, int]:
    cards = rng.randint(1, 300)
    aces = rng.randint(1, min(cards, 32))
    return rng.randint(1, cards - aces + 1), cards, aces


def _seat(rng: random.Random) -> tuple[int, int, int, int]:
    players = rng.randint(2, 12)
    cards = rng.randint(players, 416)
    return rng.randint(1, players), players, cards, rng.randint(1, min(cards, 32))


def _natural(rng: random.Random) -> tuple[int, int, int]:
    cards = rng.randint(2, 416)
    aces = rng.randint(0, cards)
    return aces, rng.randint(0, cards - aces), cards


DRAWS: dict[str, Callable[[random.Random, int], tuple[Any, ...]]] = {
    "next_card": lambda rng, i: _hand_and_seen(rng, soft=i % 3 == 0),
    "improve": lambda rng, i: _hand_and_seen(rng, soft=i % 3 == 0),
    "natural_chance": lambda rng, i: (_shoe_left(rng),),
    "first_ace": lambda rng, i: _first_ace(rng),
    "seat_chance": lambda rng, i: _seat(rng),
    "p_natural": lambda rng, i: _natural(rng),
}


def unseen_cases(task: str) -> list[tuple[Any, ...]]:
    """Fresh inputs for a graded function, drawn from the system's randomness at every call."""
    rng = random.Random(random.SystemRandom().getrandbits(64))
    return [DRAWS[task](rng, i) for i in range(CASES)]
