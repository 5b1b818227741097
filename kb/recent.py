"""A bounded memo of recent results, for the build's caches of repeated texts.

Rules versions repeat most texts of the version before, so a build meets a text again
soon or never: two generations of a dict keep what was used lately (a hit moves to the
new one) and drop the older one whole when the new one fills, each look-up O(1) and the
memory bounded by twice the size, whatever the corpus.
"""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most `2 * size` entries, the most recently stored or found kept."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._new: dict[K, V] = {}
        self._old: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        """The value kept for `key`, or None."""
        found = self._new.get(key)
        if found is None and (found := self._old.get(key)) is not None:
            self.put(key, found)
        return found

    def put(self, key: K, value: V) -> V:
        """Keep `value` for `key`; returns it."""
        if len(self._new) >= self._size:
            self._old, self._new = self._new, {}
        self._new[key] = value
        return value

    def clear(self) -> None:
        """Forget everything."""
        self._new, self._old = {}, {}

    def __len__(self) -> int:
        return len(self._new) + len(self._old)
