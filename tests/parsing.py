"""Helpers the parser tests share: parsing that counts a clean refusal, id soundness."""

from __future__ import annotations

from types import ModuleType

from ingest.source import IngestError, Source
from kb.model import Record


def parse_or_refuse(parser: ModuleType, source: Source, text: str) -> list[Record] | None:
    """The records, or None where the parser refused the text with IngestError (the one
    exception a parser may raise on bad input)."""
    try:
        return parser.parse(source, text)
    except IngestError:
        return None


def assert_ids_sound(parser: ModuleType, source: Source, text: str) -> None:
    """Ids are unique and the same when the text is parsed again."""
    first = [r.id for r in parse_or_refuse(parser, source, text) or []]
    assert len(first) == len(set(first))
    assert first == [r.id for r in parse_or_refuse(parser, source, text) or []]
