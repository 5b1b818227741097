"""`show REF`: find the records a reference names and gather what surrounds them.

REF is a record id, a rule number (`702.81a`, `rule 502.83`), a card name, a keyword or
a glossary term. Each record found comes with its children (subrules, examples,
rulings, Q&A), what it references, what cites it, and its lineage across versions with
the differences of wording.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kb import rulenum
from kb.model import Record
from kb.store import KnowledgeBase
from kb.wording import WordChange, word_changes, word_diff

__all__ = ["WordChange", "word_changes", "word_diff", "describe", "find", "numbering"]


@dataclass
class Related:
    """A record next to the one shown, and how it is related."""

    record: Record
    relation: str
    diff: str = ""

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

    def to_json(self) -> dict[str, Any]:
        """Record fields, provenance and the related records."""
        return {
            **self.record.export(),
            "lines": [self.record.line_start, self.record.line_end],
            "children": [child.export() for child in self.children],
            "references": [r.to_json() for r in self.references],
            "cited_by": [r.to_json() for r in self.cited_by],
            "lineage": [r.to_json() for r in self.lineage],
        }


def find(kb: KnowledgeBase, ref: str, source: str | None = None) -> list[Record]:
    """The records REF names, most specific reading first; [] when none."""
    ref = ref.strip()
    if ":" in ref and (record := kb.get(ref)):
        return [record]
    if number := rulenum.cited(ref):
        found = kb.by_rule(number, source)
        # newest rules version first; within one era the Comprehensive Rules first
        return sorted(found, key=lambda r: (r.era, r.source.startswith("cr-")), reverse=True)
    for kind in ("card", "keyword", "glossary", "section"):
        found = [r for r in kb.by_title(ref, kind) if not source or r.source == source]
        if found:
            return sorted(found, key=lambda r: r.era or r.date, reverse=True)
    return []


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
    shown = Shown(record=record, children=kb.children(record.id))
    for link in kb.links_from(record.id):
        if link.kind != "lineage" and (target := kb.get(link.dst)):
            shown.references.append(Related(target, link.kind))
    for link in kb.cited_by(record.id):
        if link.kind != "lineage" and (origin := kb.get(link.src)):
            shown.cited_by.append(Related(origin, link.kind))
    for member_id in kb.lineage(record.id):
        if member_id != record.id and (member := kb.get(member_id)):
            diff = word_diff(rulenum.strip_label(member.text), rulenum.strip_label(record.text))
            shown.lineage.append(Related(member, f"{member.era or member.date}", diff))
    return shown
