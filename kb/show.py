"""`show REF`: find the records a reference names and gather what surrounds them.

REF is a record id, a rule number (`702.81a`, `rule 502.83`), a card name, a keyword or
a glossary term. Each record found comes with its children (subrules, examples,
rulings, Q&A), what it references, what cites it, and its lineage across versions with
the differences of wording.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kb.model import Record
from kb.search import rule_number
from kb.store import KnowledgeBase


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
    if number := rule_number(ref):
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


@dataclass(frozen=True)
class WordChange:
    """One difference of wording: `removed` old words replaced by `new[start:end]`."""

    removed: str
    start: int
    end: int


_WORD = re.compile(r"\S+")


def _word_opcodes(a: list[str], b: list[str]) -> Sequence[tuple[str, int, int, int, int]]:
    return difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()


def word_changes(old: str, new: str, key: Callable[[str], str] | None = None
                 ) -> list[WordChange]:
    """Where `new` differs from `old`, word by word, with character spans in `new`.

    `key` maps a word to what is compared (e.g. to treat all rule numbers as equal).
    """
    old_words = _WORD.findall(old)
    spans = [m.span() for m in _WORD.finditer(new)]
    new_words = [new[s:e] for s, e in spans]
    compare = key or (lambda word: word)
    changes = []
    ops = _word_opcodes([compare(w) for w in old_words], [compare(w) for w in new_words])
    for op, i1, i2, j1, j2 in ops:
        if op == "equal":
            continue
        at = spans[j1][0] if j1 < len(spans) else len(new)
        end = spans[j2 - 1][1] if j2 > j1 else at
        changes.append(WordChange(" ".join(old_words[i1:i2]), at, end))
    return changes


def word_diff(old: str, new: str) -> str:
    """Differences of wording: `[-removed-]{+added+}`, unchanged words as they are."""
    a, b = old.split(), new.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in _word_opcodes(a, b):
        if op == "equal":
            out += a[i1:i2]
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def _strip_number(text: str) -> str:
    return re.sub(r"^\d{3}(?:\.\d+[a-z]?)?\.?\s*", "", text)


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
            diff = word_diff(_strip_number(member.text), _strip_number(record.text))
            shown.lineage.append(Related(member, f"{member.era or member.date}", diff))
    return shown
