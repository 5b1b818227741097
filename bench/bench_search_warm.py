"""Warm search over realistic queries, side by side with SQLite FTS5 over the same records.

Usage: python bench/bench_search_warm.py HOME [HOME ...]

The queries are the evaluation sets' sentences and questions: eval/queries-heldout.jsonl
and, when MTGKB_EVAL names the shared evaluation folder, its queries-*.jsonl. For each
built home: p50 / p95 / max (ms) of every query on one open searcher, run twice (the
second pass timed), and the same for an in-memory FTS5 bm25 OR-query over the records.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def queries() -> list[str]:
    """The evaluation sets' queries."""
    files = [ROOT / "eval" / "queries-heldout.jsonl"]
    shared = os.environ.get("MTGKB_EVAL")
    if shared:
        files += sorted(Path(shared).glob("queries-*.jsonl"))
    return [json.loads(line)["q"] for f in files for line in f.read_text().splitlines()
            if line.strip()]


def timed(search: Callable[[str], object], qs: list[str]) -> tuple[float, float, float]:
    """p50, p95, max in ms of the second of two passes."""
    for q in qs:
        search(q)
    times = []
    for q in qs:
        start = time.perf_counter()
        search(q)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)], times[-1]


def fts5(store: Path) -> Callable[[str], object]:
    """An FTS5 bm25 search over the store's records (title, text), as score.py runs it."""
    from kb.store import KnowledgeBase

    db = sqlite3.connect(":memory:")
    db.execute("create virtual table t using fts5(title, body)")
    with KnowledgeBase(store) as kb:
        db.executemany("insert into t(title, body) values (?,?)",
                       ((r.title, r.text) for r in kb.records()))

    def search(q: str) -> object:
        words = re.findall(r"[\w.+/'-]+", q)
        terms = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
        return db.execute("select rowid from t where t match ? order by bm25(t) limit 10",
                          (terms,)).fetchall() if terms else []
    return search


def main() -> None:
    from kb.build import ensure_built
    from kb.search import Searcher

    qs = queries()
    for home in map(Path, sys.argv[1:]):
        build = ensure_built(ROOT / "data", home)
        searcher = Searcher(build.index)
        ours = timed(searcher.search, qs)
        searcher.close()
        theirs = timed(fts5(build.store), qs)
        print(f"{home}: {len(qs)} queries  mtgkb p50 {ours[0]:.1f} / p95 {ours[1]:.1f} / "
              f"max {ours[2]:.1f} ms   FTS5 p50 {theirs[0]:.1f} / p95 {theirs[1]:.1f} / "
              f"max {theirs[2]:.1f} ms")


if __name__ == "__main__":
    main()
