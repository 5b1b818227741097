"""Warm search over realistic queries, side by side with SQLite FTS5 over the same records.

Usage: python bench/bench_search_warm.py [HOME ...] [--queries FILE ...]

The queries are the evaluation sets' sentences and questions (not rule numbers or
keyword names): eval/queries-*.jsonl and the shared development sets (the folder
$MTGKB_EVAL, default ../shared/eval beside the repository, when present). The sets grow
from one session to the next; `--queries` names the query files to use instead (JSON
lines with "q"), so that two runs on different code time the same queries. Without HOME
arguments it builds homes in a temporary folder: the shipped data, FULL (the shipped data
plus the four Comprehensive Rules and ALA.json of ../shared/corpus-extra, or
$MTGKB_CORPUS_EXTRA, when present) and, when $MTGKB_CR_ARCHIVE and $MTGKB_MTGJSON_ARCHIVE
are set, the archive (every CR text and the first 40 English set files, as
bench/bench_build.py takes them; a build of minutes). Every build writes its posting
cache (`kb.postings_cache`). For each home: p50 / p95 / max of every query on one open
searcher, the second of two passes timed, as wall time and as CPU time of this process
(the machine is shared: CPU time is the steadier figure), then each query's least CPU time
over three more passes (steadier still: one pass's p95 swings by a third between runs)
and its median over them,
the peak memory, then one pass of new queries (each query's vector made by the sentence
model, as for a query typed the first time: the passes before read it from the home's
cache, where the first left it), and the same for an in-memory FTS5 bm25 OR-query over the
store's records. Targets (issue 11): p95
<= 10 ms on FULL, <= 30 ms on a home of the whole archive.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

EXTRA = Path(os.environ.get("MTGKB_CORPUS_EXTRA") or ROOT.parent / "shared" / "corpus-extra")
ARCHIVE_SETS = 40
LEAST_OF = 3  # passes each query's least CPU time is taken over (the steadier figure)


def queries(files: list[Path] | None = None) -> list[str]:
    """The queries of `files`, by default the evaluation sets' (the project's and the
    shared development sets)."""
    if not files:
        shared = Path(os.environ.get("MTGKB_EVAL") or ROOT.parent / "shared" / "eval")
        files = sorted((ROOT / "eval").glob("queries-*.jsonl"))
        files += sorted(shared.glob("queries-*.jsonl")) if shared.is_dir() else []
    return [json.loads(line)["q"] for f in files for line in f.read_text().splitlines()
            if line.strip()]


Figures = tuple[float, float, float]


def timed(search: Callable[[str], object], qs: list[str], passes: int = 1
          ) -> tuple[Figures, Figures, Figures]:
    """(p50, p95, max) in ms after a first pass: wall time and CPU time of the second pass,
    or of each query its least over `passes` more passes (as `timeit` reports: on a shared
    machine one pass's p95 swings by a third from run to run); and each query's median CPU
    time over those passes (between the two: a query's time moves from pass to pass with
    what the queries before it left in the bounded caches)."""
    for q in qs:
        search(q)
    wall = [float("inf")] * len(qs)
    cpu: list[list[float]] = [[] for _ in qs]
    for _ in range(passes):
        for i, q in enumerate(qs):
            start, start_cpu = time.perf_counter(), time.process_time()
            search(q)
            wall[i] = min(wall[i], (time.perf_counter() - start) * 1000)
            cpu[i].append((time.process_time() - start_cpu) * 1000)
    return _figures(wall), _figures([min(c) for c in cpu]), \
        _figures([statistics.median(c) for c in cpu])


def new_queries(searcher: object, qs: list[str]) -> tuple[Figures, Figures] | None:
    """(wall, CPU) figures of one pass in which no query's vector is known: each is run
    through the sentence model, as a query a user types for the first time is (the timed
    passes above read it from the home's cache of vectors, where the first pass left
    it); the hits' vectors stay known, as on a home in use. None where search does not
    fuse meaning."""
    from kb.meaning_shipped import text_key

    meaning = getattr(searcher, "_meaning", None)
    if meaning is None:
        return None
    scratch = Path(tempfile.mkdtemp(prefix="mtgkb-bench-vectors-"))
    kept = meaning.cache_path
    try:
        cache = scratch / kept.name
        if kept.exists():
            shutil.copyfile(kept, cache)
            with sqlite3.connect(cache) as db:
                db.executemany("delete from vectors where key = ?",
                               [(text_key(q),) for q in qs])
            db.close()
        meaning.cache_path = cache
        wall, cpu = [], []
        for q in qs:
            meaning._asked = None
            start, start_cpu = time.perf_counter(), time.process_time()
            searcher.search(q)  # type: ignore[attr-defined]
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        return _figures(wall), _figures(cpu)
    finally:
        meaning.cache_path = kept
        shutil.rmtree(scratch, ignore_errors=True)


def _figures(times: list[float]) -> Figures:
    times = sorted(times)
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


def default_homes(folder: Path) -> list[Path]:
    """Build the shipped home and, when their files are there, FULL and the archive."""
    from kb.build import add_files, ensure_built

    shipped = folder / "shipped"
    ensure_built(ROOT / "data", shipped)
    homes = [shipped]
    extra = [*sorted((EXTRA / "cr").glob("*.txt")), EXTRA / "mtgjson" / "ALA.json"]
    extra = [p for p in extra if p.exists()]
    if extra:
        add_files(folder / "full", extra)
        homes.append(folder / "full")
    else:
        print(f"{EXTRA} is absent: FULL skipped (set $MTGKB_CORPUS_EXTRA)")
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_build import archive_files

    if files := archive_files(ARCHIVE_SETS, None):
        add_files(folder / "archive", files)
        homes.append(folder / "archive")
    else:
        print("archive skipped (set $MTGKB_CR_ARCHIVE and $MTGKB_MTGJSON_ARCHIVE)")
    return homes


def report(home: Path, qs: list[str]) -> None:
    """Print one home's figures."""
    from kb.build import ensure_built
    from kb.search import Searcher

    build = ensure_built(ROOT / "data", home)
    records = sum(sum(kinds.values()) for kinds in build.counts.values())
    searcher = Searcher(build.index)
    wall, cpu, _ = timed(searcher.search, qs)
    _, least, middle = timed(searcher.search, qs, LEAST_OF)
    first = new_queries(searcher, qs)
    searcher.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    fts_wall, fts_cpu, _ = timed(fts5(build.store), qs)
    print(f"{home.name}: {records} records, {len(qs)} queries (ms, p50 / p95 / max)\n"
          f"  mtgkb wall {wall[0]:.1f} / {wall[1]:.1f} / {wall[2]:.1f}   "
          f"cpu {cpu[0]:.1f} / {cpu[1]:.1f} / {cpu[2]:.1f}   "
          f"peak memory {peak:.0f} MB (this process's, its builds included)\n"
          f"  mtgkb cpu, each query's least of {LEAST_OF} passes "
          f"{least[0]:.1f} / {least[1]:.1f} / {least[2]:.1f}, median of them "
          f"{middle[0]:.1f} / {middle[1]:.1f} / {middle[2]:.1f}\n"
          + (f"  mtgkb new queries (each query's vector made, as a query typed the first "
             f"time): wall {first[0][0]:.1f} / {first[0][1]:.1f} / {first[0][2]:.1f}   "
             f"cpu {first[1][0]:.1f} / {first[1][1]:.1f} / {first[1][2]:.1f}\n"
             if first else "") +
          f"  FTS5  wall {fts_wall[0]:.1f} / {fts_wall[1]:.1f} / {fts_wall[2]:.1f}   "
          f"cpu {fts_cpu[0]:.1f} / {fts_cpu[1]:.1f} / {fts_cpu[2]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("homes", nargs="*", type=Path, metavar="HOME",
                        help="homes to search (default: shipped, FULL, the archive, built "
                             "in a temporary folder)")
    parser.add_argument("--queries", nargs="+", type=Path, metavar="FILE",
                        help="query files (JSON lines with \"q\") instead of every "
                             "evaluation set")
    args = parser.parse_args()
    missing = [f for f in args.queries or () if not f.is_file()]
    if missing:
        parser.error(f"no query file {missing[0]}")
    qs = queries(args.queries)
    folder = Path(tempfile.mkdtemp(prefix="mtgkb-bench-warm-"))
    try:
        homes = args.homes or default_homes(folder)
        for home in homes:
            report(home, qs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
