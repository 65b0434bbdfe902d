"""A run notebook's widgets brought to rest, for a still of their first view: the book's last
cell and the notebook tests' probe wait here until no widget is computing and every chart has
drawn, then send each widget's state again, so the saved notebook holds results, not
"Computing…"."""

from __future__ import annotations

import asyncio
import time

from ipywidgets.widgets.widget import _instances as _widgets

from .common import ChartImage
from .explorer import working


def charts() -> list[ChartImage]:
    """Every chart the notebook's widgets show."""
    return [widget for widget in list(_widgets.values()) if isinstance(widget, ChartImage)]


def busy() -> bool:
    """Whether a widget is still computing, or its charts have not drawn yet."""
    shown = charts()
    return working() or bool(shown) and not any(chart.alt.strip() for chart in shown)


async def settle(seconds: float = 60) -> None:
    """Wait (at most `seconds`) until no widget is busy, then send every widget's state again:
    the last cell records it, and a still of the notebook shows the results."""
    deadline = time.monotonic() + seconds
    while busy() and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.3)  # the loop shows the result of work that has just ended
    for widget in list(_widgets.values()):
        widget.send_state()
