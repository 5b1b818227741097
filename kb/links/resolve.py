"""Resolving a rule or section number to the record of the right rules version.

A text speaks the rules of its era (`Record.era`): a 2008 FAQ's "rule 306.5" is rule 306.5
of the October 2008 Comprehensive Rules. In order of preference a number resolves to
1. the Comprehensive Rules of the record's own era (the record's own source first);
2. the rules the same document quotes (a FAQ quoting 502.83a);
3. when no Comprehensive Rules of that era are loaded: the nearest version by date
   that numbers that part of the rules as the document does (`kb.links.agreement`:
   judged from the rules the document quotes around the number);
4. then any source that has that number, nearest era first: a source of the same era
   as is, one of another era only where it numbers like the document (a text of no
   known era has no numbering to disagree with: the nearest, today's, answers).
When the rules of the record's era are loaded and lack the number, the reference stays
unresolved: another version's rule of that number is usually another rule. So does a
number no loaded version is shown to use as the document does (the rules are renumbered:
2008's 306.5 is not today's 306.5)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from functools import lru_cache

from kb.links.agreement import Numbering
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

    def __init__(self, records: Iterable[tuple[str, str, str, str]],
                 numbering: Numbering | None = None) -> None:
        """`records`: (number, source, era, record id), in document order; `numbering`
        judges whether a source of another era numbers like the citing one (without it,
        none is taken to)."""
        self._numbering = numbering or Numbering(())
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
        for holder in nearest:
            if not era or self.source_era[holder] == era \
                    or self._numbering.agrees(source, holder, number):
                return holders[holder], ""
        if nearest:
            return None, (f"no rules of era {era} have {number}; the rules {source} quotes "
                          f"do not show that {', '.join(nearest)} number it the same way")
        return None, f"no rules of era {era} have {number}"


def rule_index(records: list[Record], numbering: Numbering | None = None) -> NumberIndex:
    """The rule records by number (`numbering`: of the same records, built if not given)."""
    return NumberIndex(((r.rule, r.source, era_of(r), r.id)
                        for r in records if r.kind == "rule" and r.rule),
                       numbering or Numbering(records))


def section_index(records: list[Record], numbering: Numbering | None = None) -> NumberIndex:
    """The numbered section records (`1. Game Concepts`) by number."""
    return NumberIndex(((str(r.meta["number"]), r.source, era_of(r), r.id)
                        for r in records if r.kind == "section" and r.meta.get("number")),
                       numbering or Numbering(records))
