"""The course's errors in a notebook: one line in the lesson's language, never a traceback."""

from __future__ import annotations

import sys
from types import TracebackType

from ..words.errors import TwentyOneError, check_language


def show_errors_in(language: str) -> None:
    """From now on, a `TwentyOneError` raised by a cell shows as its message in `language`."""
    language = check_language(language)
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return

    def show(shell: object, kind: type, error: BaseException, traceback: TracebackType | None,
             tb_offset: int | None = None) -> None:
        assert isinstance(error, TwentyOneError)
        print(error.in_language(language), file=sys.stderr)

    shell.set_custom_exc((TwentyOneError,), show)
