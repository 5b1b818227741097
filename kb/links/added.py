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

import re
from dataclasses import dataclass

from kb.links.graph import Linker, _add_unique, _fill_fields
from kb.links.resolve import is_comprehensive_rules
from kb.links.types import Link, Unresolved
from kb.model import Record
from kb.patterns import alternatives

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


_RUN = re.compile(r"[^\W_]+")  # a run of letters and digits


def _may_mention(records: list[Record], added: list[Record]) -> list[Record]:
    """The records whose text holds, as written, the first two runs of letters and digits
    of an added card's name (the first of a one-run name): every record whose text names
    one, and few others. Card names match only as written, and a name found in a text
    begins and ends where the text's runs do (`kb.links.wordscan`), so its runs are runs
    of the text. One regex search per text (in C) for the wanted first runs (the tree of
    their prefixes, `kb.patterns.alternatives`, ended where a run ends; one begun inside a
    run is passed over), instead of the name matcher's word-by-word scan; only the texts
    holding one are split into runs."""
    wanted: dict[str, set[str]] = {}
    for record in added:
        name = _RUN.findall(record.title)
        if record.kind == "card" and name:
            wanted.setdefault(name[0], set()).add(name[1] if len(name) > 1 else "")
    if not wanted:
        return []
    first_run = re.compile(rf"(?:{alternatives(wanted)})(?![^\W_])")
    out = []
    for record in records:
        text = record.text
        if not text or first_run.search(text) is None:
            continue
        firsts = {m.group() for m in first_run.finditer(text)
                  if not (m.start() and text[m.start() - 1].isalnum())}
        if not firsts:
            continue
        runs = set(_RUN.findall(text))
        runs.add("")
        if any(not wanted[first].isdisjoint(runs) for first in firsts):
            out.append(record)
    return out
