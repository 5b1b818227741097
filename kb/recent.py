"""A bounded memo of recent results, for the build's caches of repeated texts.

Rules versions repeat most texts of the version before, so a build meets a text again
soon or never: two generations of a dict keep what was used lately (a hit moves to the
new one) and drop the older one whole when the new one fills, each look-up O(1) and the
memory bounded by twice the size, whatever the corpus.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(dict[K, V]):
    """At most `2 * size` entries, the most recently stored or found kept. The dict
    itself is the new generation: `get` (at C speed) finds what is there, `older` what
    only the old generation has (moving it to the new one)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self._size = size
        self._old: dict[K, V] = {}

    def find(self, key: K) -> V | None:
        """The value kept for `key` in either generation, or None."""
        found = self.get(key)
        return self.older(key) if found is None else found

    def older(self, key: K) -> V | None:
        """The value only the old generation keeps for `key` (now moved), or None."""
        if (found := self._old.get(key)) is not None:
            self.put(key, found)
        return found

    def put(self, key: K, value: V) -> V:
        """Keep `value` for `key`; returns it."""
        if len(self) >= self._size:
            self._old = dict(self)
            super().clear()
        self[key] = value
        return value

    def clear(self) -> None:
        """Forget everything."""
        super().clear()
        self._old = {}

    def kept(self) -> int:
        """How many entries both generations hold."""
        return len(self) + len(self._old)
