"""`show REF`: find the records a reference names and gather what surrounds them.

REF is a record id, a rule number (`702.81a`, `rule 502.83`), a card name, a keyword or
a glossary term. Each record found comes with its children (subrules, examples,
rulings, Q&A), what it references, what cites it, and its lineage across versions with
the differences of wording.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from kb import rulenum
from kb.model import Record
from kb.printings import fold
from kb.store import KnowledgeBase
from kb.wording import WordChange, closest, number_blind, word_changes, word_diff

__all__ = ["WordChange", "word_changes", "word_diff", "describe", "find", "lookup", "family",
           "numbering"]


@dataclass
class Related:
    """A record next to the one shown, and how it is related."""

    record: Record
    relation: str
    diff: str = ""
    # the first id of the record's lineage (the same rule in other versions), else its own
    lineage: str = ""

    def to_json(self) -> dict[str, Any]:
        """Export fields plus the relation (and the wording diff for lineage)."""
        out = {**self.record.export(), "relation": self.relation}
        if self.diff:
            out["diff"] = self.diff
        return out


@dataclass
class Shown:
    """One record as `show` presents it."""

    record: Record
    children: list[Record] = field(default_factory=list)
    references: list[Related] = field(default_factory=list)
    cited_by: list[Related] = field(default_factory=list)
    lineage: list[Related] = field(default_factory=list)
    family: str = ""
    in_full: bool = True
    # the ids of its rulings not printed with it: another printing printed them (the JSON
    # lists every child)
    given: list[str] = field(default_factory=list)
    # ruling or answer id (the record's or a child's) -> what superseded it, as
    # `kb.superseded.superseded_by` gives it
    superseded: dict[str, dict[str, Any]] = field(default_factory=dict)

    def _marked(self, record: Record) -> dict[str, Any]:
        return _marked_export(record, self.superseded)

    def to_json(self) -> dict[str, Any]:
        """Record fields, provenance and the related records; rulings and answers that a
        later rules change overrode carry `superseded_by`."""
        return {
            **self._marked(self.record),
            "lines": [self.record.line_start, self.record.line_end],
            "children": [self._marked(child) for child in self.children],
            "references": [r.to_json() for r in self.references],
            "cited_by": [r.to_json() for r in self.cited_by],
            "lineage": [r.to_json() for r in self.lineage],
        }


# the order of kinds when a name means several things: the rules first
NAME_KINDS = ("keyword", "glossary", "card", "section")
SUGGESTIONS = 8


def _marked_export(record: Record, superseded: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Export fields, plus `superseded_by` for a ruling a later rules change overrode."""
    out = record.export()
    if record.id in superseded:
        out["superseded_by"] = superseded[record.id]
    return out


def find(kb: KnowledgeBase, ref: str, source: str | None = None) -> list[Record]:
    """The records REF names, most specific reading first; [] when none.

    A rule number gives its rules, newest version first; a name gives every keyword,
    glossary entry, card and section of that name (in that order: the rules first),
    newest first within each kind.
    """
    ref = ref.strip()
    if ":" in ref and (record := kb.get(ref)):
        return [record]
    if number := rulenum.cited(ref):
        found = kb.by_rule(number, source)
        # newest rules version first; within one era the Comprehensive Rules first
        return sorted(found, key=lambda r: (r.era, r.source.startswith("cr-")), reverse=True)
    found = []
    for kind in NAME_KINDS:
        named = [r for r in kb.by_title(ref, kind) if not source or r.source == source]
        found += sorted(named, key=lambda r: (r.era or r.date, r.source.startswith("cr-")),
                        reverse=True)
    return found


@dataclass
class Lookup:
    """What `show REF` found: the records, and the name REF was read as (a misspelling
    corrected, a partial name completed), or the names it could mean."""

    ref: str
    records: list[Record]
    read_as: str | None = None
    candidates: list[str] = field(default_factory=list)


def lookup(kb: KnowledgeBase, ref: str, source: str | None = None,
           kind: str | None = None) -> Lookup:
    """`find` (records of `kind` only, if given), then a partial name (`battlegrace` →
    Battlegrace Angel) or the nearest name (`exhalted` → exalted) when REF names nothing
    as it is."""
    found = _lookup(kb, ref, source)
    if kind:
        found.records = [r for r in found.records if r.kind == kind]
    return found


def _lookup(kb: KnowledgeBase, ref: str, source: str | None) -> Lookup:
    if found := find(kb, ref, source):
        return Lookup(ref, found)
    if rulenum.cited(ref) or not ref.strip():
        return Lookup(ref, [])
    names = kb.titles(NAME_KINDS)
    wanted = " ".join(ref.lower().split())
    at_word = re.compile(r"(?<![\w'])" + re.escape(wanted), re.IGNORECASE)
    partial = sorted({n for n in names if at_word.search(n)},
                     key=lambda n: (not n.lower().startswith(wanted), len(n), n.lower()))
    seen: dict[str, str] = {}
    for name in partial:
        seen.setdefault(name.lower(), name)
    distinct = list(seen.values())
    if len(distinct) == 1:
        return Lookup(ref, find(kb, distinct[0], source), read_as=distinct[0])
    if distinct:
        return Lookup(ref, [], candidates=distinct[:SUGGESTIONS])
    by_lower = {n.lower(): n for n in names}
    nearest = closest(wanted, by_lower)
    if nearest and (found := find(kb, by_lower[nearest], source)):
        return Lookup(ref, found, read_as=by_lower[nearest])
    return Lookup(ref, [])


def family(kb: KnowledgeBase, record: Record) -> str:
    """What a record is one version of: its lineage group, else its kind and name."""
    members = kb.lineage(record.id)
    if members:
        return members[0]
    if record.kind in ("glossary", "keyword", "card"):  # (a card: each printing of it)
        return f"{record.kind}:{record.title.lower()}"
    return record.id


def numbering(records: list[Record]) -> list[tuple[str, str, list[str]]]:
    """How a keyword was numbered across versions, oldest first: (number, era, sources)."""
    steps: dict[tuple[str, str], list[str]] = {}
    for record in sorted(records, key=lambda r: r.era or r.date):
        number = record.meta.get("number") or record.rule
        if number:
            steps.setdefault((number, record.era or record.date), []).append(record.source)
    return [(number, era, sources) for (number, era), sources in steps.items()]


def describe(kb: KnowledgeBase, record: Record) -> Shown:
    """A record with its children, references, citations and lineage."""
    # a keyword record under its heading rule repeats the subrules: a reference, not a child
    children = [c for c in kb.children(record.id) if c.kind != "keyword"]
    shown = Shown(record=record, children=children)
    for link in kb.links_from(record.id):
        if link.kind != "lineage" and (target := kb.get(link.dst)):
            shown.references.append(Related(target, link.kind))
    for link in kb.cited_by(record.id):
        # (its own rulings and subrules name it: they are its children, shown as such)
        if link.kind != "lineage" and (origin := kb.get(link.src)) and \
                origin.parent != record.id:
            shown.cited_by.append(Related(origin, link.kind))
    related = shown.references + shown.cited_by
    groups = kb.lineages(r.record.id for r in related)
    for item in related:
        item.lineage = groups.get(item.record.id, [item.record.id])[0]
    for member_id in kb.lineage(record.id):
        if member_id != record.id and (member := kb.get(member_id)):
            diff = word_diff(rulenum.strip_label(member.text),
                             rulenum.strip_label(record.text), key=number_blind)
            shown.lineage.append(Related(member, f"{member.era or member.date}", diff))
    return shown


def arrange(kb: KnowledgeBase, found: Lookup, all_versions: bool = False) -> list[Shown]:
    """Every record found, described; which to print in full: the newest of each family
    (for a rule number only the newest rule of that number, the older rules that held the
    number being summarised), or all of them with `all_versions`."""
    shown = [describe(kb, record) for record in found.records]
    by_number = rulenum.cited(found.read_as or found.ref) is not None
    from kb.superseded import superseded_by

    marks = superseded_by(kb, [r for item in shown for r in (item.record, *item.children)])
    seen: set[str] = set()
    for item in shown:
        item.superseded = marks
        item.family = family(kb, item.record)
    # another printing of a card in full only for rulings not given yet
    # (`kb.printings.fold`), those given shown once
    printings: dict[str, list[Shown]] = {}
    for item in shown:
        if item.record.kind == "card":
            printings.setdefault(item.family, []).append(item)
    kept = {folded.card.id: folded for items in printings.values() for folded in fold(
        [(i.record, [c for c in i.children if c.kind == "ruling"]) for i in items])}
    for item in shown:
        first = item.family not in seen and not (by_number and seen)
        item.in_full = all_versions or first or item.record.id in kept
        if item.record.id in kept and not all_versions:
            item.given = [r.id for r in kept[item.record.id].given]
        seen.add(item.family)
    return shown
