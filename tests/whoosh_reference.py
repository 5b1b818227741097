"""The Whoosh query that `kb.index.Engine.ranked` stands for, run through Whoosh's own
searcher: the reference its term-at-a-time scores are held to (tests/test_index.py).

Whoosh's `DisjunctionMaxMatcher` scores a record with the score of another one when its
sub-matchers sit on different records, so "a word in any of the fields" uses a corrected
matcher here (`FieldMaxMatcher`)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from kb.index import MATCH_FIELDS, WordQuery


def whoosh_filter(kind: str | None, source: str | None) -> Any:
    """The kind / source filter as a Whoosh query (None: no filter)."""
    from whoosh.query import And, Term

    parts = [Term("kind", kind)] if kind else []
    parts += [Term("source", source)] if source else []
    return And(parts) if parts else None


def whoosh_query(query: WordQuery) -> Any:
    """The Whoosh query of a `WordQuery`."""
    from whoosh.query import And, Or, Phrase, Term

    per_word = [_FieldMax([Term(f, stem) for f in MATCH_FIELDS], boost=weight)
                for stem, weight in query.words]
    if not per_word:
        return None
    words: Any = And(per_word) if query.require_all else Or(per_word)
    optional = [_FieldMax([Term(f, stem) for f in MATCH_FIELDS], boost=weight)
                for stem, weight in query.optional or []]
    if optional:  # scored where present, never a reason to match (nor to visit a record)
        words = _and_maybe_class()(words, Or(optional))
    parts: list[Any] = [words]
    if query.defines:
        parts.append(Phrase("defines", query.defines, boost=2.0) if len(query.defines) > 1
                     else Term("defines", query.defines[0], boost=2.0))
    parts += [Term("rule_prefix", n, boost=5.0) for n in query.numbers or []]
    q: Any = Or(parts)
    required = [Or([Phrase(f, p) for f in MATCH_FIELDS])
                for p in query.required_phrases or [] if len(p) > 1]
    return And([*required, q]) if required else q


@functools.cache
def _field_max_classes() -> tuple[type, type]:
    """The corrected DisjunctionMax query and matcher (built on first use, so that Whoosh
    is imported only when a search runs)."""
    from whoosh import matching
    from whoosh.query import DisjunctionMax

    class FieldMaxMatcher(matching.DisjunctionMaxMatcher):
        """A record's score is the best score among the sub-matchers on that record.

        Whoosh's own `score()` takes the maximum of both sub-matchers wherever they sit
        (another record's score) and `replace()` drops a live sub-matcher; both fixed."""

        def score(self) -> float:
            a, b = self.a, self.b
            if not a.is_active():
                return float(b.score())
            if not b.is_active():
                return float(a.score())
            if a.id() < b.id():
                return float(a.score())
            if b.id() < a.id():
                return float(b.score())
            return float(max(a.score(), b.score()))

        def replace(self, minquality: float = 0) -> Any:
            a, b = self.a, self.b
            if not a.is_active() and not b.is_active():
                return matching.NullMatcher()
            if not a.is_active():
                return b.replace(minquality)
            if not b.is_active():
                return a.replace(minquality)
            if minquality and a.max_quality() < minquality and b.max_quality() < minquality:
                return matching.NullMatcher()
            return self

    class FieldMax(DisjunctionMax):
        """DisjunctionMax scored by `FieldMaxMatcher`."""

        def _matcher(self, subs: Any, searcher: Any, context: Any) -> Any:
            reader = searcher.reader()
            return self._tree_matcher(subs, FieldMaxMatcher, searcher, context,
                                      lambda q: q.estimate_size(reader))

    return FieldMax, FieldMaxMatcher


@functools.cache
def _and_maybe_class() -> type:
    """AndMaybe with its matcher corrected (built on first use, as `_field_max_classes`).

    Whoosh's `AndMaybeMatcher.skip_to(id)` skips the optional matcher to `id`, not to
    where the required one lands (beyond `id` when `id` is not among its records): inside
    an intersection (a required phrase) the optional words then go unscored on the
    records after a skip."""
    from whoosh import matching
    from whoosh.query import AndMaybe

    class AndMaybeMatcher(matching.AndMaybeMatcher):
        def skip_to(self, id: int) -> Any:  # noqa: A002 (Whoosh's name)
            if not self.a.is_active():
                raise matching.ReadTooFar
            moved_a = self.a.skip_to(id)
            moved_b = False
            if self.a.is_active() and self.b.is_active():
                moved_b = self.b.skip_to(self.a.id())
            return bool(moved_a or moved_b)

    class CorrectedAndMaybe(AndMaybe):
        matcherclass = AndMaybeMatcher

    return CorrectedAndMaybe


def _FieldMax(subqueries: list[Any], boost: float = 1.0) -> Any:  # noqa: N802
    return _field_max_classes()[0](subqueries, boost=boost)


def hit_ids(hits: Any, source: str | None) -> list[tuple[str, float]]:
    """(record id, score) of each record Whoosh's hits stand for (a shared document's
    every record, `kb.index.payload_records`), those of `source` where one is given: what
    `Engine.candidates` gives for the same documents."""
    from kb.index import payload_records

    return [(r["id"], h.score) for h in hits for r in payload_records(h["payload"])
            if source is None or r["source"] == source]



def one_per_record(index: Path, folder: Path) -> Path:
    """Build into `folder` an index of the same records in the same order, one document
    per record: what Whoosh's own scoring of a query stands for (a document of several
    records is one for Whoosh's statistics, its records for `kb.index_records`')."""
    from kb.index import build_index, indexed_records

    records = indexed_records(index)
    build_index(records, folder)
    return folder
