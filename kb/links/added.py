"""Linking what one ingest adds, without linking everything again.

Records that are neither rules, keywords, glossary entries nor sections, from sources that
are not Comprehensive Rules (an MTGJSON set: cards and rulings), change nothing of what
resolves rule numbers or decides lineage; they change the links of other records only by
the names they bring (a card now mentioned, or a nearer record of a name). So linking them
scans the added records and the earlier records whose text mentions one of their names
(`touched`), with a `Linker` of all records, and keeps every other record's links: the
same links `build_links` makes for all records.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.links.graph import Linker, _add_unique, _fill_fields
from kb.links.names import name_words
from kb.links.resolve import is_comprehensive_rules
from kb.links.types import Link, Unresolved
from kb.links.wordscan import WORD, lower_same_length
from kb.model import Record
from kb.text import apostrophes

ADDABLE_KINDS = frozenset({"card", "ruling", "qa"})


def addable(records: list[Record]) -> bool:
    """Whether records can be linked as an addition (see the module's docstring)."""
    return all(r.kind in ADDABLE_KINDS and not is_comprehensive_rules(r.source)
               for r in records)


@dataclass
class AddedLinks:
    """The records linked again (touched earlier ones, then the added ones, in record
    order; their `refs`, `keywords` and `cards` filled) with their links and unresolved
    references."""

    records: list[Record]
    links: dict[str, list[Link]]
    unresolved: dict[str, list[Unresolved]]


def link_added(records: list[Record], start: int,
               quotes: dict[str, list[str]]) -> AddedLinks:
    """Link `records[start:]` (`addable`) among all `records`, as parsed (not yet linked).

    `quotes`: the `quotes` link targets of each earlier record (lineage, unchanged by the
    addition), added to the refs of a touched record as `build_links` adds them."""
    added = records[start:]
    linker = Linker(records)
    probe = Linker(added).names  # the added names only: which earlier texts mention one
    touched = [r for r in _may_mention(records[:start], added) if probe.find(r.text, [])]
    keyword_names = {r.title.lower() for r in records if r.kind == "keyword"}
    out = AddedLinks([], {}, {})
    for record in [*touched, *added]:
        if record.kind == "glossary" and record.title.lower() in keyword_names:
            _add_unique(record.keywords, [record.title.lower()])
        _, links, missing = linker.scan(record.text, record)
        _fill_fields(record, links, linker)
        _add_unique(record.refs, quotes.get(record.id, []))
        out.records.append(record)
        out.links[record.id] = links
        out.unresolved[record.id] = missing
    return out


def _may_mention(records: list[Record], added: list[Record]) -> list[Record]:
    """The records whose text has, among its words, the first two words of an added card's
    name (the first for a one-word name): every record whose text names one (the name
    matcher reads a text as these words), and few others. One regex pass per text (in C)
    instead of the name matcher's word-by-word scan of every text."""
    wanted: dict[str, set[str]] = {}
    for record in added:
        words = name_words(lower_same_length(apostrophes(record.title)))  # as the matcher
        if record.kind == "card" and words:
            wanted.setdefault(words[0], set()).add(words[1] if len(words) > 1 else "")
    out = []
    for record in records:
        if not record.text:
            continue
        found = set(WORD.findall(lower_same_length(apostrophes(record.text))))
        found.add("")
        if any(not wanted[first].isdisjoint(found) for first in wanted.keys() & found):
            out.append(record)
    return out
