"""`Engine.ranked` over the evaluation sets' queries, as search asks them, on real homes:
its best `limit` (ids, order, scores) and its count of matches are those of exhaustive
scoring (so are a ranking's takes, taken again and again as search fills its hits),
Whoosh's own searcher over the same query shape included (kind and source filters;
optional words, defines, rule numbers, required phrases)."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from kb.index import Engine, WordQuery, open_index
from tests.conftest import ROOT

# no filter, kinds, the newest rules, a FAQ (a narrow filter: only its blocks are read)
FILTERS = [(None, None), ("rule", None), ("ruling", None), (None, "cr-2026-01-16"),
           ("qa", "shards-of-alara-faq-2008")]


# every STRIDE-th query: the sets have grown to some 800 queries, each asked with every
# filter of Whoosh's own (pure Python, unpruned) searcher; a third of them still gives
# hundreds of shapes of every kind, from every set, and keeps the test within CI's time
STRIDE = 3


def eval_queries() -> list[str]:
    """Every STRIDE-th of the project's evaluation queries and the shared development sets
    (when there), from every set."""
    shared = Path(os.environ.get("MTGKB_EVAL") or ROOT.parent / "shared" / "eval")
    files = sorted((ROOT / "eval").glob("queries-*.jsonl"))
    files += sorted(shared.glob("queries-*.jsonl")) if shared.is_dir() else []
    return [json.loads(line)["q"] for f in files
            for line in f.read_text(encoding="utf-8").splitlines()[::STRIDE] if line.strip()]


def asked(index: Path) -> list[tuple[WordQuery, int]]:
    """Every query shape search hands the engine over the evaluation queries (with its
    limit), and variants with the parts those queries never use: a required phrase (the
    query's words, as a quoted query gives it) and rule numbers."""
    from kb.search import Searcher

    searcher = Searcher(index)
    calls: list[tuple[WordQuery, int]] = []
    engine: Any = searcher._engine
    scored = engine.scores
    asked_now: list[WordQuery] = []

    def scoring(query: WordQuery, kind: str | None = None, source: str | None = None) -> Any:
        asked_now[:] = [query]
        return scored(query, kind, source)

    def recorded(take: Any) -> Any:  # a take of candidates (records or documents), noted
        def taking(ranking: Any, limit: int | None = 30, payloads: Any = None) -> Any:
            if limit is not None and asked_now:
                calls.append((asked_now[0], limit))
            return take(ranking, limit, payloads)
        return taking

    engine.scores = scoring
    engine.candidates, engine.documents = recorded(engine.candidates), recorded(engine.documents)
    try:
        for text in eval_queries():
            searcher.search(text)
    finally:
        searcher.close()
    variants = [(replace(q, required_phrases=[q.defines]), limit)
                for q, limit in calls[::3] if q.defines and len(q.defines) > 1]
    variants += [(replace(q, numbers=["702.19", "601"]), limit) for q, limit in calls[1::5]]
    return calls + variants


def check(index: Path, twin: Path) -> None:
    """Each shape and filter: the best `limit` and the count equal the exhaustive
    ranking's (`limit=None`, exactly) and Whoosh's searcher's over the same records one
    document each (`twin`, `one_per_record`: scores to 1e-9)."""
    from tests.whoosh_reference import hit_ids, one_per_record, whoosh_filter, whoosh_query

    shapes = asked(index)
    assert len(shapes) > 100
    assert any(q.optional for q, _ in shapes) and any(q.defines for q, _ in shapes)
    engine = Engine(index)
    checked = 0
    try:
        with open_index(one_per_record(index, twin)).searcher() as searcher:
            for n, (query, limit) in enumerate(shapes):
                for kind, source in FILTERS if n % 4 == 0 else FILTERS[:1]:
                    found, total = engine.ranked(query, kind, source, limit)
                    every, count = engine.ranked(query, kind, source, None)
                    assert total == count <= len(every), query
                    assert [(c.record["id"], c.score) for c in found] == \
                        [(c.record["id"], c.score) for c in every[:len(found)]], query
                    results = searcher.search(whoosh_query(query),
                                              filter=whoosh_filter(kind, source), limit=None)
                    expected = hit_ids(results[:limit], source)
                    assert len(results) == total, query
                    assert [c.record["id"] for c in found] == [rid for rid, _ in expected]
                    assert [c.score for c in found] == pytest.approx(
                        [s for _, s in expected], rel=1e-9)
                    checked += bool(found)
                    if kind is None and source is None and n % 4 == 0:
                        # taken again and again, each time more, as search fills its hits
                        ranking = engine.ranking(engine.scores(query))
                        for more in (limit, 8 * limit, 3 * limit, 24 * limit):
                            assert [(c.record["id"], c.score)
                                    for c in engine.candidates(ranking, more)] == \
                                [(c.record["id"], c.score) for c in every[:len(
                                    engine.candidates(ranking, more))]], query
    finally:
        engine.close()
    assert checked > 100


def test_eval_queries_rank_as_exhaustive_scoring_on_the_shipped_data(shipped_build,
                                                                    tmp_path: Path) -> None:
    check(shipped_build.index, tmp_path / "twin")


def test_eval_queries_rank_as_exhaustive_scoring_with_more_versions(large_home: Path,
                                                                   tmp_path: Path) -> None:
    """Several rules versions and a set: long posting lists of several blocks, a
    match in many versions of a rule, most of them one document of several records."""
    from kb.build import ensure_built
    from tests.conftest import DATA

    check(ensure_built(DATA, large_home).index, tmp_path / "twin")
