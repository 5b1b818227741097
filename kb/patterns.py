"""Regular expressions compiled when first used, not when their module is imported.

A cold `mtgkb search` imports many modules but runs few of their patterns, and compiling
every module-level pattern at import was a tenth of its time. `lazy(pattern, flags)`
stands for `re.compile(pattern, flags)` at module level: the same methods, the pattern
compiled on the first call (once; the methods of the compiled pattern are then the
object's own, so later calls cost what a compiled pattern's do). `.pattern` never
compiles. A compiled pattern cannot outlive its process: laziness is what can be saved.
"""

from __future__ import annotations

import re
from typing import Any, cast

# what a caller may use of a pattern (all of `re.Pattern`'s public attributes)
_ATTRIBUTES = ("search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer",
               "scanner", "flags", "groups", "groupindex")


class _Lazy:
    """A pattern and its flags, compiled by the first use of any other attribute."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        if name not in _ATTRIBUTES:
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self._flags)
        self.__dict__.update((attr, getattr(compiled, attr)) for attr in _ATTRIBUTES)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self._flags})"


def lazy(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, done when the pattern is first used."""
    return cast("re.Pattern[str]", _Lazy(pattern, int(flags)))
