"""What lineage is built of: texts prepared for comparison, their likeness, and groups
of records that are one rule, keyword or glossary entry across sources."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

from kb import rulenum
from kb.era import EQUIVALENT_PHRASES, modernize
from kb.model import Record

LONG = 2000   # word sequences longer than this are compared as bags of words (linear)
MIN_RATIO = 0.6  # difflib ratio (over words) for two rule texts to be one rule
_OLD_WORDING = re.compile("|".join(re.escape(old) for old, _ in EQUIVALENT_PHRASES)
                          + "|from the game")
_WORDS = re.compile(r"[a-z0-9']+")


@dataclass
class Text:
    """A record prepared for comparison: its words in today's wording, numbers masked."""

    record: Record
    words: tuple[str, ...]

    @property
    def key(self) -> str:
        return " ".join(self.words)


def comparable_words(record: Record) -> tuple[str, ...]:
    """A record's text as lineage compares it: examples left out, today's wording,
    lower case, rule numbers masked."""
    return words_of(record.text.split("\nExample:")[0])


def words_of(body: str) -> tuple[str, ...]:
    """The comparable words of a text (see `comparable_words`)."""
    lower = body.lower()
    if _OLD_WORDING.search(lower):
        lower = modernize(body).lower()
    return tuple(_WORDS.findall(rulenum.IN_TEXT.sub("#", lower)))


def prepare(records: list[Record]) -> dict[str, Text]:
    """Every record's comparable words (computed once per distinct text)."""
    cache: dict[str, tuple[str, ...]] = {}
    prepared = {}
    for record in records:
        body = record.text.split("\nExample:")[0]
        if body not in cache:
            cache[body] = words_of(body)
        prepared[record.id] = Text(record, cache[body])
    return prepared


def ratio(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """difflib's ratio of two word sequences (1.0 at once for equal ones); for very long
    ones its bag-of-words bound, so no comparison is worse than linear."""
    if a == b:
        return 1.0
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    return matcher.quick_ratio() if len(a) + len(b) > 2 * LONG else matcher.ratio()


def alike(a: tuple[str, ...], b: tuple[str, ...], bar: float) -> float:
    """`ratio(a, b)` if it reaches `bar`, else 0.0. The cheap bounds come first, as
    difflib's `real_quick_ratio` (the lengths) and `quick_ratio` (the shared bag of
    words) compute them, from each text's word counts made once (the structural passes
    compare every unmatched text with many others); difflib only for what passes both."""
    if a == b:
        return 1.0
    size = len(a) + len(b)
    if 2.0 * min(len(a), len(b)) / size < bar:
        return 0.0
    quick = quick_ratio(a, b)
    if quick < bar:
        return 0.0
    value = quick if size > 2 * LONG else SequenceMatcher(None, a, b, autojunk=False).ratio()
    return value if value >= bar else 0.0


def quick_ratio(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """difflib's `quick_ratio` of two word sequences, not both empty (the share of their
    bags of words in common, a bound of `ratio`): the same value, as the size of the
    intersection of the two texts' occurrence sets (a set intersection, in C), made once
    per text, instead of a pass over one text's words per comparison."""
    return 2.0 * len(_occurrences(a) & _occurrences(b)) / (len(a) + len(b))


def forget_occurrences() -> None:
    """Drop the occurrence sets kept for the texts compared lately (`quick_ratio`): once
    lineage is done a build has no use for them (they would hold ~20 MB through the rest
    of a build of the shipped data and the corpus-extra rules)."""
    _occurrences.cache_clear()


@lru_cache(maxsize=4096)
def _occurrences(words: tuple[str, ...]) -> frozenset[str | tuple[str, int]]:
    """Each occurrence of each word as a distinct element: a word's first occurrence is the
    word, its (k+1)-th `(word, k)`; two texts share min(count, count) of a word's
    (remembered for the texts compared lately)."""
    found: set[str | tuple[str, int]] = set()
    for word, count in Counter(words).items():
        found.add(word)
        found.update((word, k) for k in range(1, count))
    return frozenset(found)


class Groups:
    """Union-find over record ids that never puts two records of one source together."""

    def __init__(self, records: list[Record]) -> None:
        self._parent = {r.id: r.id for r in records}
        self._members = {r.id: {r.source: r.id} for r in records}

    def __contains__(self, record_id: object) -> bool:
        return record_id in self._parent

    def find(self, record_id: str) -> str:
        """The representative of a record's group."""
        parent = self._parent
        root = parent[record_id]
        if parent[root] == root:  # the record is its group's root or next to it
            return root
        root = record_id
        while self._parent[root] != root:
            root = self._parent[root]
        while self._parent[record_id] != root:
            self._parent[record_id], record_id = root, self._parent[record_id]
        return root

    def union(self, a: str, b: str) -> bool:
        """Join two groups, unless that would put two records of one source together."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return True
        if len(self._members[ra]) < len(self._members[rb]):
            ra, rb = rb, ra
        if self._members[ra].keys() & self._members[rb].keys():
            return False
        self._parent[rb] = ra
        self._members[ra].update(self._members.pop(rb))
        return True

    def has_source(self, record_id: str, source: str) -> bool:
        """Whether a record's group already holds a record of `source`."""
        return source in self._members[self.find(record_id)]

    def member(self, record_id: str, source: str) -> str | None:
        """The record of `source` in a record's group, if any."""
        return self._members[self.find(record_id)].get(source)

    def members(self) -> dict[str, list[str]]:
        """Representative -> member ids, for groups of two or more."""
        found: dict[str, list[str]] = defaultdict(list)
        for record_id in self._parent:
            found[self.find(record_id)].append(record_id)
        return {root: ids for root, ids in found.items() if len(ids) > 1}
