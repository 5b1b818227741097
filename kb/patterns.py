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
from collections.abc import Iterable
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


_NESTING = 40  # deeper prefix trees (names each a prefix of the next) are written flat


def alternatives(words: Iterable[str]) -> str:
    """A pattern matching any of `words` (each escaped), the longest first where several
    match at one place (words distinct in lower case, for a case-insensitive pattern): what
    `"|".join(longest first)` matches, written as the tree of their
    prefixes (`fl(?:ash(?:back)?|ying)`), since `re` tries an alternation's branches one
    by one and a few hundred names made every position of a text cost hundreds of tries."""
    words = sorted(set(words), key=lambda w: (-len(w), w))
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    try:
        return _branches(tree, 0)
    except _TooDeep:
        return "|".join(map(re.escape, words))


class _TooDeep(Exception):
    pass


def _branches(node: dict[str, Any], depth: int) -> str:
    if depth > _NESTING:
        raise _TooDeep
    branches = []
    for char, child in sorted(node.items()):
        if not char:
            continue
        run = char
        while len(child) == 1 and "" not in child:  # a chain of single letters: one literal
            (char, child), = child.items()
            run += char
        branches.append(re.escape(run) + _branches(child, depth + 1))
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body
