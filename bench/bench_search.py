"""Search speed: cold CLI start, warm library queries, full rebuild, and growth at 10x.

Usage: python bench/bench_search.py [--quick] [--no-10x]

Prints figures for three corpora: the shipped data; the shipped data plus the four
Comprehensive Rules versions and the MTGJSON file of ../shared/corpus-extra (when present);
and a synthetic corpus ten times the larger one (every source listed ten times under other
ids). Cold search is a new `mtgkb search` process with the index already built, set side by
side with a bare `python -c pass`, `grep -ri` over the same source files, and the same query
through a small SQLite FTS5 script.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.build import add_files, all_sources, ensure_built  # noqa: E402

EXTRA = ROOT.parent / "shared" / "corpus-extra"
EXTRA_FILES = [*sorted((EXTRA / "cr").glob("*.txt")), EXTRA / "mtgjson" / "ALA.json"]
QUERY = "attacks alone"
MTGKB = [str(Path(sys.executable).parent / "mtgkb")]

FTS5_SCRIPT = r"""
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("select title from t where t match ? order by bm25(t) limit 10",
                  ('"attacks" OR "alone"',)).fetchall()
print("\n".join(r[0] for r in rows))
"""


def median_ms(cmd: list[str], runs: int, env: dict[str, str] | None = None) -> float:
    """Median wall time of a command, in milliseconds (after one warm-up run)."""
    subprocess.run(cmd, capture_output=True, env=env, check=False)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=env, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def peak_rss_mb_of_build(data: Path, home: Path) -> tuple[float, float]:
    """Full rebuild time (s) and peak memory (MB) in a fresh process."""
    code = (
        f"import resource, sys, time; sys.path.insert(0, {str(ROOT)!r})\n"
        "from pathlib import Path; from kb.build import ensure_built\n"
        f"t = time.perf_counter(); ensure_built(Path({str(data)!r}), Path({str(home)!r}), "
        "force=True)\n"
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seconds, rss_kb = out.stdout.split()
    return float(seconds), int(rss_kb) / 1024


def mixed_queries(build) -> list[str]:
    """200 queries: the dev set, keyword and card names, rule numbers, rules phrases."""
    from kb.store import KnowledgeBase

    dev = ROOT.parent / "shared" / "eval" / "queries-dev.jsonl"
    queries = [json.loads(line)["q"] for line in dev.read_text().splitlines() if line.strip()] \
        if dev.exists() else []
    with KnowledgeBase(build.store) as kb:
        keywords = sorted({r.title for r in kb.records(kind="keyword")})
        cards = sorted({r.title for r in kb.records(kind="card")})
        rules = [r.rule for r in kb.records(kind="rule")][::37]
    queries += keywords[:60] + [f"{c} ruling" for c in cards[:40]]
    queries += [f"rule {n}" for n in rules[:40]]
    queries += ["comes into play tapped", "enters the battlefield", "removed from the game",
                "exhalted", "first strike damage step", "sacrifice a creature", "\"attacks alone\"",
                "counter target spell", "until end of turn", "*", "unbalanced \"quote"]
    while len(queries) < 200:
        queries += queries[: 200 - len(queries)]
    return queries[:200]


def warm_search(build) -> tuple[float, float, float]:
    """p50, p95 and max (ms) of 200 library searches on one open searcher."""
    from kb.search import Searcher

    searcher = Searcher(build.index)
    searcher.search("warm up")
    times = []
    for q in mixed_queries(build):
        start = time.perf_counter()
        searcher.search(q)
        times.append((time.perf_counter() - start) * 1000)
    searcher.close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], times[-1]


def fts5_db(build, folder: Path) -> Path:
    """A SQLite FTS5 file over the same records, for the cold-start comparison."""
    import sqlite3

    from kb.store import KnowledgeBase

    path = folder / f"fts5-{build.path.name}.sqlite"
    db = sqlite3.connect(path)
    db.execute("create virtual table t using fts5(title, body)")
    with KnowledgeBase(build.store) as kb:
        db.executemany("insert into t values (?, ?)", ((r.title, r.text) for r in kb.records()))
    db.commit()
    db.close()
    return path


def ten_times(data: Path, home: Path, folder: Path) -> Path:
    """A manifest listing every source of (data + added files) ten times under other ids."""
    sources = all_sources(data, home)
    lines = []
    for copy in range(10):
        for s in sources:
            lines += ["[[source]]", f'id = "{s.id}-x{copy}"', f'title = "{s.title} (copy {copy})"',
                      f'path = "{s.path}"', f'format = "{s.format}"', f'date = "{s.date}"',
                      f'era = "{s.era}"', ""]
    big = folder / "data10x"
    big.mkdir()
    (big / "sources.toml").write_text("\n".join(lines), encoding="utf-8")
    return big


def report(label: str, data: Path, home: Path, folder: Path, runs: int) -> None:
    """Print every figure for one corpus."""
    build = ensure_built(data, home)
    n_records = sum(sum(k.values()) for k in build.counts.values())
    print(f"\n== {label}: {len(build.counts)} sources, {n_records} records")
    env = {**os.environ, "MTGKB_HOME": str(home)}
    bare = median_ms([sys.executable, "-c", "pass"], runs)
    cold = median_ms([*MTGKB, "--data", str(data), "search", QUERY], runs, env)
    files = [str(s.path) for s in all_sources(data, home)]
    grep = median_ms(["grep", "-ri", QUERY, *files], runs)
    fts = fts5_db(build, folder)
    fts_ms = median_ms([sys.executable, "-c", FTS5_SCRIPT, str(fts)], runs)
    print(f"cold `mtgkb search` median {cold:.0f} ms; python -c pass {bare:.0f} ms "
          f"-> {cold / bare:.1f}x (target <= 10x)")
    print(f"  vs grep -ri over the {len(files)} source files {grep:.0f} ms ({cold / grep:.1f}x), "
          f"vs SQLite FTS5 script {fts_ms:.0f} ms ({cold / fts_ms:.1f}x)")
    p50, p95, worst = warm_search(build)
    print(f"warm search over 200 mixed queries: p50 {p50:.1f} ms, p95 {p95:.1f} ms "
          f"(target < 20 ms), max {worst:.1f} ms")
    seconds, rss = peak_rss_mb_of_build(data, home)
    print(f"full rebuild (parse, link, store, index): {seconds:.2f} s, peak memory {rss:.0f} MB")


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 5 if quick else 15
    folder = Path(tempfile.mkdtemp(prefix="mtgkb-bench-"))
    try:
        data = ROOT / "data"
        report("shipped data", data, folder / "home-shipped", folder, runs)
        present = [p for p in EXTRA_FILES if p.exists()]
        if not present:
            print("\n../shared/corpus-extra is absent: larger corpora skipped")
            return
        large_home = folder / "home-large"
        add_files(large_home, present)
        report("shipped + 4 CR versions + MTGJSON", data, large_home, folder, runs)
        if not quick and "--no-10x" not in sys.argv:
            big = ten_times(data, large_home, folder)
            report("synthetic 10x of the larger corpus", big, folder / "home-10x", folder, 5)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
