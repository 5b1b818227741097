"""The record model: every unit of knowledge mtgkb holds, with its provenance.

One `Record` class serves all seven kinds. The fields of DESIGN.md's export table are
attributes; provenance (source id and line span) and kind-specific details live beside
them and are kept out of the export contract (`Record.export`).

Kind-specific keys of `Record.meta` (all optional):
- rule:     `examples` [str] (the rule's `Example:` texts, also appended to `text`)
- card:     `mana_cost`, `type_line`, `power`, `toughness`, `loyalty`, `rules_text`
- qa:       `question`, `answer` (answer "" when the source left it unanswered)
- keyword:  `number` (the heading rule number, e.g. "702.81"), `rules` [rule ids]
- ruling:   `subject` (card name, keyword or rule number it rules on)
- glossary: `term`
- section:  `heading`
- any:      `damage` [str] capture damage noticed while parsing
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass, field
from typing import Any

KINDS: tuple[str, ...] = ("rule", "ruling", "qa", "card", "keyword", "glossary", "section")

EXPORT_FIELDS: tuple[str, ...] = (
    "id", "kind", "source", "title", "rule", "text", "keywords", "cards", "refs", "date",
)
# The fields that name one version of a record among others ("2008-10-01 502.83"), in
# the order `KnowledgeBase.summaries` reads them
SUMMARY_FIELDS: tuple[str, ...] = ("id", "kind", "source", "title", "rule", "date")


# The start of every Comprehensive Rules version's source id (`cr-YYYY-MM-DD`).
RULES_VERSION = "cr-"


def is_rules_version(source: str) -> bool:
    """Whether a source id names a Comprehensive Rules version (`cr-YYYY-MM-DD`)."""
    return source.startswith(RULES_VERSION)


@dataclass
class Record:
    """One record: a rule, ruling, Q&A pair, card, keyword definition, glossary entry or section."""

    id: str
    kind: str
    source: str
    title: str
    text: str
    date: str = ""
    rule: str | None = None
    keywords: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    line_start: int = 0
    line_end: int = 0
    parent: str | None = None
    era: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown record kind {self.kind!r}")

    def export(self) -> dict[str, Any]:
        """The record as DESIGN.md's export table: exactly those fields, in that order."""
        return {name: getattr(self, name) for name in EXPORT_FIELDS}

    def to_dict(self) -> dict[str, Any]:
        """Everything, provenance included (the knowledge base's own storage form)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        """Inverse of `to_dict`."""
        return cls(**data)

    @property
    def provenance(self) -> str:
        """`source:start-end`, the original lines this record came from."""
        return f"{self.source}:{self.line_start}-{self.line_end}"


def slugify(name: str) -> str:
    """A stable, file-name-safe slug: `Fire // Ice` -> `fire-ice`, `Æther` -> `aether`."""
    text = name.replace("Æ", "Ae").replace("æ", "ae")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "x"


class IdAllocator:
    """Hands out record ids, making a repeated id unique (`…~2`) deterministically."""

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}

    def __call__(self, wanted: str) -> str:
        count = self._seen.get(wanted, 0) + 1
        self._seen[wanted] = count
        return wanted if count == 1 else f"{wanted}~{count}"
