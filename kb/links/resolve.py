"""Resolving a rule or section number to the record of the right rules version.

A text speaks the rules of its era (`Record.era`): a 2008 FAQ's "rule 306.5" is rule 306.5
of the October 2008 Comprehensive Rules. In order of preference a number resolves to
1. the Comprehensive Rules of the record's own era (the record's own source first);
2. the rules the same document quotes (a FAQ quoting 502.83a);
3. when no Comprehensive Rules of that era are loaded: the nearest version by date;
4. then any source that has that number, nearest era first.
When the rules of the record's era are loaded and lack the number, the reference stays
unresolved: another version's rule of that number is usually another rule.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from functools import lru_cache

from kb.model import Record

_CR_SOURCE = re.compile(r"cr-\d{4}-\d{2}-\d{2}")


def is_comprehensive_rules(source: str) -> bool:
    """Whether a source id names a Comprehensive Rules version (`cr-2012-10-01`)."""
    return bool(_CR_SOURCE.fullmatch(source))


def era_of(record: Record) -> str:
    """The rules era a record speaks (its date where the source gave no era)."""
    return record.era or record.date


def speaking_era(record: Record, cr_eras: list[str]) -> str:
    """The era a record's references and names are read in: its own (`era_of`), unless
    it is dated after it (a ruling added to a set's list years later), then the
    Comprehensive Rules in force on its date (the latest of `cr_eras`, sorted, not after)."""
    era = era_of(record)
    if not record.date or record.date <= era:
        return era
    in_force = bisect_right(cr_eras, record.date)
    return max(era, cr_eras[in_force - 1]) if in_force else era


@lru_cache(maxsize=4096)
def era_day(era: str) -> int:
    """An era as a day number, for distances (unknown eras sort last)."""
    try:
        return date.fromisoformat(era[:10]).toordinal()
    except ValueError:
        return 10**7


def era_distance(a: str, b: str) -> int:
    """Days between two eras."""
    return abs(era_day(a) - era_day(b))


class NumberIndex:
    """Records by (source, number), with the era of every source, resolving numbers."""

    def __init__(self, records: Iterable[tuple[str, str, str, str]]) -> None:
        """`records`: (number, source, era, record id), in document order."""
        self._by_number: dict[str, dict[str, str]] = defaultdict(dict)
        self.source_era: dict[str, str] = {}
        for number, source, era, record_id in records:
            self._by_number[number].setdefault(source, record_id)
            self.source_era.setdefault(source, era)
        self._cr_by_era: dict[str, list[str]] = defaultdict(list)
        for source, era in sorted(self.source_era.items()):
            if is_comprehensive_rules(source):
                self._cr_by_era[era].append(source)
        self._cache: dict[tuple[str, str, str], tuple[str | None, str]] = {}

    def resolve(self, number: str, source: str, era: str) -> tuple[str | None, str]:
        """(record id, "") or (None, reason) for `number` cited by a text of `source`/`era`."""
        key = (number, source, era)
        if key not in self._cache:
            self._cache[key] = self._resolve(number, source, era)
        return self._cache[key]

    def _resolve(self, number: str, source: str, era: str) -> tuple[str | None, str]:
        holders = self._by_number.get(number, {})
        own_rules = self._cr_by_era.get(era, [])
        for cr in sorted(own_rules, key=lambda s: s != source):
            if cr in holders:
                return holders[cr], ""
        if source in holders:
            return holders[source], ""
        if own_rules:
            return None, f"no rules of era {era} have {number}"
        nearest = sorted(holders, key=lambda s: (not is_comprehensive_rules(s),
                                                 era_distance(self.source_era[s], era),
                                                 self.source_era[s], s))
        if nearest:
            return holders[nearest[0]], ""
        return None, f"no rules of era {era} have {number}"


def rule_index(records: Iterable[Record]) -> NumberIndex:
    """The rule records by number."""
    return NumberIndex((r.rule, r.source, era_of(r), r.id)
                       for r in records if r.kind == "rule" and r.rule)


def section_index(records: Iterable[Record]) -> NumberIndex:
    """The numbered section records (`1. Game Concepts`) by number."""
    return NumberIndex((str(r.meta["number"]), r.source, era_of(r), r.id)
                       for r in records if r.kind == "section" and r.meta.get("number"))
