"""Spans of a text already taken, asked about in reading order in linear time."""

from __future__ import annotations

from collections.abc import Iterable


class FreeSpans:
    """Taken spans; `clear(start, end)` says whether [start, end) overlaps none of them.

    Ask in order of `start` (never decreasing): each call then costs, over a whole text,
    constant time on average, however many spans there are.
    """

    def __init__(self, taken: Iterable[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for start, end in sorted(taken):
            if merged and start < merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self._spans = merged
        self._next = 0

    def clear(self, start: int, end: int) -> bool:
        """Whether [start, end) overlaps no taken span (`start` never less than before)."""
        spans = self._spans
        while self._next < len(spans) and spans[self._next][1] <= start:
            self._next += 1
        return self._next == len(spans) or end <= spans[self._next][0]
