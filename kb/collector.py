"""The cyclic garbage collector around work that makes many objects and little garbage.

A search makes tens of thousands of short-lived objects (records read from the index,
their score parts, groups) that reference counting frees, and leaves no cycles worth
finding; yet every few hundred allocations the collector walks the young objects, and
now and then every object a long-lived searcher keeps (its caches): over every rules
version, a sixth of a warm search's CPU time. A build keeps what it makes to the end.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No collection while the block runs (as it was after: a caller that turned the
    collector off keeps it off).

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextlib.contextmanager
def long_lived() -> Iterator[None]:
    """Only the collector's young generations while the block runs: a build makes its
    records, links and index tables once and keeps them to the end, and full passes
    would walk them all again and again (a tenth of a build's time)."""
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], 50_000), threshold[1], 1_000_000)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
