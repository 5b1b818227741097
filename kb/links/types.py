"""The values the cross-reference graph is made of: links, mentions, unresolved references.

One module of plain dataclasses, importing nothing of mtgkb, so that the store and the
site can use them without loading the linking machinery.
"""

from __future__ import annotations

from dataclasses import dataclass

LINK_KINDS: tuple[str, ...] = ("rule-ref", "keyword", "card", "glossary", "lineage", "quotes")


@dataclass(frozen=True)
class Link:
    """A directed link between two records, of one of `LINK_KINDS`."""

    src: str
    dst: str
    kind: str


@dataclass(frozen=True)
class Unresolved:
    """A reference that no record answers: the citing record's id, the reference, why, and
    what kind of reference it is (one of `LINK_KINDS`)."""

    record: str
    text: str
    reason: str
    kind: str = "rule-ref"


@dataclass(frozen=True)
class Mention:
    """A span of a text that names a rule, keyword, card or glossary term, and the record
    it resolves to (None for a reference nothing answers)."""

    start: int
    end: int
    kind: str
    target: str | None
    text: str
