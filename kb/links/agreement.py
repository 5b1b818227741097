"""Whether another rules version numbers like a document, judged from what it quotes.

Rules are renumbered between versions (keywords 502.x in 2008 are 702.x since 2009;
exalted 702.81 in 2012 is 702.83 today), so a version of another era may use a number a
document cites for a different rule. The evidence is the document's own quoted rules: a
version numbers a cited rule N like the document when the quoted siblings that bracket N
(the nearest quoted numbers below and above N of its level under the same parent: 702.6
and 702.8 for 702.7, 702.16a and 702.16c for 702.16b) are, under the same numbers, the
same rules in that version (their texts alike as lineage judges them); a renumbering
between them would have moved one of them. A number the document quotes itself is its
own evidence. Without evidence on both sides nothing is shown, so the answer is no.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable

from kb import rulenum
from kb.links.groups import MIN_RATIO, alike, comparable_words
from kb.model import Record

Key = tuple[int, int, int]


class Numbering:
    """The numbered rules of every source, to compare one source's numbering with another's."""

    def __init__(self, records: Iterable[Record]) -> None:
        self._rules: dict[str, dict[str, Record]] = defaultdict(dict)
        for record in records:
            if record.kind == "rule" and record.rule:
                self._rules[record.source].setdefault(record.rule, record)
        self._families: dict[tuple[str, str], list[tuple[Key, str]]] = {}
        self._words: dict[str, tuple[str, ...]] = {}
        self._same: dict[tuple[str, str, str], bool] = {}

    def agrees(self, source: str, candidate: str, number: str) -> bool:
        """Whether `candidate` is shown to number `number` as `source` does."""
        evidence = self.evidence(source, number)
        return bool(evidence) and all(self._same_rule(source, candidate, n) for n in evidence)

    def evidence(self, source: str, number: str) -> list[str]:
        """The numbers `source` quotes that bracket `number` (empty: no evidence)."""
        if number in self._rules.get(source, {}):
            return [number]
        if not rulenum.is_number(number):
            return []
        siblings = self._siblings(source, _family(number))
        at = bisect_left(siblings, (rulenum.sort_key(number), ""))
        if at == 0 or at == len(siblings):
            return []
        return [siblings[at - 1][1], siblings[at][1]]

    def _siblings(self, source: str, family: str) -> list[tuple[Key, str]]:
        """The numbers `source` quotes of one family (see `_family`), in rules order."""
        if (source, family) not in self._families:
            self._families[(source, family)] = sorted(
                (rulenum.sort_key(n), n) for n in self._rules.get(source, {})
                if rulenum.is_number(n) and _family(n) == family)
        return self._families[(source, family)]

    def _same_rule(self, source: str, candidate: str, number: str) -> bool:
        """Whether `number` holds the same rule in `candidate` as in `source`."""
        key = (source, candidate, number)
        if key not in self._same:
            mine = self._rules[source][number]
            theirs = self._rules.get(candidate, {}).get(number)
            self._same[key] = theirs is not None and alike(
                self._comparable(mine), self._comparable(theirs), MIN_RATIO) > 0.0
        return self._same[key]

    def _comparable(self, record: Record) -> tuple[str, ...]:
        if record.id not in self._words:
            self._words[record.id] = comparable_words(record)
        return self._words[record.id]


def _family(number: str) -> str:
    """What a number's siblings share: its parent (`702.81` for `702.81a`, `702` for
    `702.81`), or for a three-digit rule its section (`7` for `702`)."""
    return rulenum.parent(number) or number[0]
