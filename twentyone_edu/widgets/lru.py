"""The widgets' one kind of cache: bounded, least recently used forgotten first, and safe to
fill from the kernel's loop and from worker threads at once."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable


class LRU:
    """At most `most` values by key: reading or storing a key makes it the newest, and the one
    least recently used is forgotten first. One lock guards every read and write."""

    def __init__(self, most: int):
        self.most = most
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, default=None):
        """The value kept under `key` (now the newest), or `default` if none is kept."""
        with self._lock:
            if key not in self._items:
                return default
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Hashable, value) -> None:
        """Keep `value` under `key` as the newest, forgetting the oldest beyond `most`."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.most:
                self._items.popitem(last=False)

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._items

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()
