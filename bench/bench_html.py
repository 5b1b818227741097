"""HTML site generation time: the shipped data, then the shipped data plus the four
Comprehensive Rules versions and the MTGJSON file of ../shared/corpus-extra (when present).

Usage: python bench/bench_html.py [--runs N] [--archive-home HOME]

For each corpus: the knowledge base is built first (not timed here; see bench_search.py),
then the site is written N times (default 3) into a fresh folder and once more over the
previous site; prints records, pages per kind, site size, and the median wall time split
into its steps (read + link, validation, render, search index, swap). Then the offline
search: the size of each part of its index (the part every page loads first, the term
shards, the text chunks), and, run under Node when installed (`kb.html.node_search`),
the index's load time and the time of judges' queries (cold: each loads the shards it
needs). With `--archive-home`, only the site of that built home instead (a home of the
whole archive: 110 rules versions and 40 card sets), written once into a temporary folder.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import kb.html.content as content_module  # noqa: E402
import kb.html.site as site_module  # noqa: E402
from kb.build import add_files, ensure_built  # noqa: E402
from kb.html.node_search import node_binary, run_queries  # noqa: E402
from kb.html.search_index import SEARCH_INDEX, SHARD_DIR  # noqa: E402

EXTRA = ROOT.parent / "shared" / "corpus-extra"
EXTRA_FILES = [*sorted((EXTRA / "cr").glob("*.txt")), EXTRA / "mtgjson" / "ALA.json"]
QUERIES = ["exalted", "Volcano Hellion", "regeneration can't replace", "unearth exile",
           "702.19b", "exhalted", "state-based actions", "attacks alone",
           "damage assignment order", "legend rule", "comes into play"]
RUN: Counter[str] = Counter()  # seconds per step in the current run
STEPS: dict[str, list[float]] = {}


def timed(name: str, function):  # noqa: ANN001, ANN201
    """Wrap a function so that each call's wall time is added to RUN[name]."""
    def wrapper(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            RUN[name] += time.perf_counter() - start
    return wrapper


def instrument() -> None:
    """Time the steps of `write_site` without changing what it does."""
    records = content_module.KnowledgeBase.records
    content_module.KnowledgeBase.records = timed(
        "read", lambda kb, *args, **kwargs: list(records(kb, *args, **kwargs)))
    content_module.make_linker = timed("linker", content_module.make_linker)
    content_module.mentions_of = timed("mentions", content_module.mentions_of)
    content_module.run_validation = timed("validation", content_module.run_validation)
    site_module.render_pages = timed("render", site_module.render_pages)
    site_module.write_search_index = timed("search index", site_module.write_search_index)
    site_module._swap_in = timed("swap", site_module._swap_in)


def bench(name: str, home: Path, runs: int, out: Path | None = None,
          again: bool = True) -> None:
    """Build (untimed), then write the site `runs` times (into `out`, by default beside
    the home) and, with `again`, once more over the previous site; report."""
    build = ensure_built(ROOT / "data", home)
    STEPS.clear()
    totals = []
    summary = ""
    out = out or home.parent / f"site-{home.name}"
    for _ in range(runs):
        shutil.rmtree(out, ignore_errors=True)
        RUN.clear()
        start = time.perf_counter()
        summary = site_module.write_site(build, out)
        totals.append(time.perf_counter() - start)
        for step, seconds in RUN.items():
            STEPS.setdefault(step, []).append(seconds)
    over = None
    if again:
        start = time.perf_counter()
        site_module.write_site(build, out)  # over the previous site
        over = time.perf_counter() - start
    pages = Counter(p.relative_to(out).parts[0] if len(p.relative_to(out).parts) > 1
                    else p.name for p in out.rglob("*.html"))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"== {name}")
    print(f"   {summary}")
    kinds = ", ".join(f"{kind} {n}" for kind, n in pages.most_common())
    print(f"   pages: {sum(pages.values())} ({kinds}); {size / 1e6:.1f} MB")
    print(f"   write_site: median {statistics.median(totals):.2f} s of {runs} "
          f"(min {min(totals):.2f}, max {max(totals):.2f})"
          + (f"; over the previous site {over:.2f} s" if over is not None else ""))
    steps = ", ".join(f"{step} {statistics.median(times):.2f}" for step, times in STEPS.items())
    print(f"   steps (median s): {steps}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"   peak memory of this process so far: {peak:.0f} MB")
    search_figures(out)


def search_figures(site: Path) -> None:
    """Sizes of the search index's parts; load and query times under Node."""
    shards = list((site / SHARD_DIR).glob("*.js"))
    terms = [p.stat().st_size for p in shards if p.name.startswith("t")]
    chunks = [p.stat().st_size for p in shards if p.name.startswith("d")]
    meta = (site / SEARCH_INDEX).stat().st_size
    print(f"   search index: {(meta + sum(terms) + sum(chunks)) / 1e6:.2f} MB in all; first "
          f"load {meta / 1e3:.0f} KB ({SEARCH_INDEX}); {len(terms)} term shards of "
          f"{statistics.median(terms) / 1e3:.0f} KB median; {len(chunks)} text chunks of "
          f"{statistics.median(chunks) / 1e3:.0f} KB median")
    if node_binary() is None:
        print("   search load and query times: skipped (Node.js not installed)")
        return
    loads, per_query = [], []
    for _ in range(3):
        result = run_queries(site, [(q, "", 20) for q in QUERIES])
        loads.append(result["load_ms"])
        per_query.append([a["ms"] for a in result["answers"]])
    times = sorted(statistics.median(ms) for ms in zip(*per_query, strict=True))
    print(f"   search under Node: index load {statistics.median(loads):.1f} ms (median of 3); "
          f"{len(QUERIES)} queries, each loading its shards: median "
          f"{statistics.median(times):.1f} ms, max {times[-1]:.1f} ms")


def main() -> None:
    """Run the benchmark on both corpora."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--archive-home", type=Path, default=None,
                        help="a built home (of the whole archive) whose site is timed once")
    args = parser.parse_args()
    runs = args.runs
    instrument()
    with tempfile.TemporaryDirectory() as tmp:
        if args.archive_home is not None:
            bench(f"the home {args.archive_home.name}", args.archive_home, 1,
                  Path(tmp) / "site-archive", again=False)
            return
        bench("shipped data", Path(tmp) / "home-shipped", runs)
        missing = [p for p in EXTRA_FILES if not p.exists()]
        if missing:
            print(f"== shipped data + corpus-extra: skipped ({missing[0]} absent)")
            return
        home = Path(tmp) / "home-extra"
        add_files(home, EXTRA_FILES)
        bench("shipped data + 4 CR versions + MTGJSON", home, runs)


if __name__ == "__main__":
    main()
