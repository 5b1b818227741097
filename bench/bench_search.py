"""Cold search: a new `mtgkb search` process, set against a bare `python -c pass`.

Usage: python bench/bench_search.py [--runs N] [--archive-home HOME] [--archive-sets N]

For each corpus, with its home already built: the median wall and CPU time of a cold
`mtgkb search` over a few realistic queries (sentences and questions of the evaluation
sets), the same for `python -c pass` with the same interpreter, and their ratio (target,
issue 11: <= 5x, flat as the corpus grows); a minimal SQLite FTS5 script over the same
records alongside. Corpora: the shipped data; FULL (plus the four Comprehensive Rules and
ALA.json of ../shared/corpus-extra, or $MTGKB_CORPUS_EXTRA, when present); and a home of
the whole public archive when $MTGKB_CR_ARCHIVE (a folder of Comprehensive Rules texts) and
$MTGKB_MTGJSON_ARCHIVE (a folder of MTGJSON set files; the first --archive-sets of them,
default 40) are set, or an archive home built earlier (--archive-home; building one takes
minutes). Absent corpora are skipped with a line saying so.

Bytecode: a pip install writes every module's bytecode, but a machine that sets
PYTHONDONTWRITEBYTECODE (or a fresh checkout) leaves none, and each cold process then
compiles the whole package from source. The bench first compiles the packages the
measured `mtgkb` imports (`compileall`, as pip does), and says so.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

EXTRA = Path(os.environ.get("MTGKB_CORPUS_EXTRA") or ROOT.parent / "shared" / "corpus-extra")
QUERIES = ["attacks alone",
           "can I respond to a spell with split second?",
           "what happens if both players go to 0 life at the same time?"]
MTGKB = str(Path(sys.executable).parent / "mtgkb")

FTS5_SCRIPT = r"""
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
words = sys.argv[2].replace('"', " ").replace("?", " ").split()
rows = db.execute("select title from t where t match ? order by bm25(t) limit 10",
                  (" OR ".join(f'"{w}"' for w in words),)).fetchall()
print("\n".join(r[0] for r in rows))
"""


def cold(cmd: list[str], runs: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Median wall and CPU (user + system) ms of a command, after one warm-up run."""
    subprocess.run(cmd, capture_output=True, env=env, check=False)
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=env, check=False)
        wall.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def ensure_bytecode() -> str:
    """Compile the bytecode of the packages the measured `mtgkb` imports (`kb`, `ingest`,
    `mtgkb_data`), as a pip install has it; one line saying what was compiled where."""
    where = subprocess.run([sys.executable, "-c", "import kb, ingest, mtgkb_data\n"
                            "for p in (kb, ingest, mtgkb_data): print(p.__path__[0])"],
                           capture_output=True, text=True, check=True).stdout.split("\n")
    folders = [Path(f) for f in where if f.strip()]
    if not all(compileall.compile_dir(f, quiet=1) for f in folders):
        sys.exit("bench: the package does not compile")
    modules = sum(1 for f in folders for _ in f.rglob("*.py"))
    return (f"bytecode: {modules} modules compiled in {', '.join(map(str, folders))} "
            "(as a pip install has them)")


def fts5_db(store: Path, folder: Path) -> Path:
    """A SQLite FTS5 file over the same records."""
    import sqlite3

    from kb.store import KnowledgeBase

    path = folder / f"fts5-{os.getpid()}-{len(list(folder.iterdir()))}.sqlite"
    db = sqlite3.connect(path)
    db.execute("create virtual table t using fts5(title, body)")
    with KnowledgeBase(store) as kb:
        db.executemany("insert into t values (?, ?)", ((r.title, r.text) for r in kb.records()))
    db.commit()
    db.close()
    return path


def report(label: str, home: Path, folder: Path, runs: int) -> None:
    """Print the cold figures of one built home."""
    from kb.build import ensure_built

    build = ensure_built(ROOT / "data", home)
    records = sum(sum(kinds.values()) for kinds in build.counts.values())
    env = {**os.environ, "MTGKB_HOME": str(home)}
    bare_wall, bare_cpu = cold([sys.executable, "-c", "pass"], runs)
    fts = fts5_db(build.store, folder)
    print(f"\n== {label}: {len(build.counts)} sources, {records} records; "
          f"python -c pass {bare_wall:.0f} ms wall, {bare_cpu:.0f} ms cpu")
    for query in QUERIES:
        wall, cpu = cold([MTGKB, "search", query], runs, env)
        fts_wall, fts_cpu = cold([sys.executable, "-c", FTS5_SCRIPT, str(fts), query], runs)
        print(f"  {query[:44]:44}  mtgkb {wall:4.0f} ms wall {wall / bare_wall:4.1f}x, "
              f"{cpu:4.0f} ms cpu {cpu / bare_cpu:4.1f}x (target <= 5x)   "
              f"FTS5 {fts_wall / bare_wall:3.1f}x / {fts_cpu / bare_cpu:3.1f}x")


def archive_files(sets: int) -> list[Path]:
    """The archive's files named by the environment, as `bench_build.py` takes them (none
    when unset)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_build import archive_files as build_archive_files

    return build_archive_files(sets, None) or []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--archive-home", type=Path)
    parser.add_argument("--archive-sets", type=int, default=40)
    args = parser.parse_args()
    print(ensure_bytecode())
    from kb.build import add_files, ensure_built

    folder = Path(tempfile.mkdtemp(prefix="mtgkb-bench-"))
    try:
        shipped = folder / "home-shipped"
        ensure_built(ROOT / "data", shipped)
        report("shipped data", shipped, folder, args.runs)
        extra = [*sorted((EXTRA / "cr").glob("*.txt")), EXTRA / "mtgjson" / "ALA.json"]
        extra = [p for p in extra if p.exists()]
        if extra:
            full = folder / "home-full"
            add_files(full, extra)
            report("FULL (shipped + corpus-extra)", full, folder, args.runs)
        else:
            print(f"\n{EXTRA} is absent: FULL skipped")
        if args.archive_home:
            report("archive home", args.archive_home, folder, args.runs)
        elif files := archive_files(args.archive_sets):
            home = folder / "home-archive"
            add_files(home, files)
            report(f"archive ({len(files)} files)", home, folder, args.runs)
        else:
            print("\nMTGKB_CR_ARCHIVE / MTGKB_MTGJSON_ARCHIVE unset: the archive skipped")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
