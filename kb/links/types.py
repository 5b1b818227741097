"""The values the cross-reference graph is made of: links, mentions, unresolved references.

One module of plain named tuples (immutable values made, hashed and compared at C speed:
a build makes one per mention and link, ~100,000 on the shipped data and the corpus-extra
rules), importing nothing of mtgkb, so that the store and the site can use them without
loading the linking machinery.
"""

from __future__ import annotations

from typing import NamedTuple

LINK_KINDS: tuple[str, ...] = ("rule-ref", "keyword", "card", "glossary", "lineage", "quotes")


class Link(NamedTuple):
    """A directed link between two records, of one of `LINK_KINDS`."""

    src: str
    dst: str
    kind: str


class Unresolved(NamedTuple):
    """A reference that no record answers: the citing record's id, the reference, why, and
    what kind of reference it is (one of `LINK_KINDS`)."""

    record: str
    text: str
    reason: str
    kind: str = "rule-ref"


class Mention(NamedTuple):
    """A span of a text that names a rule, keyword, card or glossary term, and the record
    it resolves to (None for a reference nothing answers)."""

    start: int
    end: int
    kind: str
    target: str | None
    text: str
