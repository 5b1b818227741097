"""Build speed: full builds and adding one set, side by side with SQLite FTS5.

Usage: python bench/bench_build.py [--stages] [--archive-crs N] [--archive-sets N]

Each figure is one fresh process (`mtgkb --home H ingest FILES...` into an empty home),
measured as the CPU seconds (user + system) and wall seconds it took and its peak memory;
beside it, a small script that reads the same records (`mtgkb export --jsonl`) and builds a
SQLite FTS5 table over id, title, text, keywords and cards (also a fresh process, so both
include starting Python). Corpora:

- the shipped data;
- the shipped data plus the Comprehensive Rules versions and the MTGJSON file of
  `../shared/corpus-extra` (or `$MTGKB_CORPUS_EXTRA`), skipped when absent;
- the archive: every CR text in `$MTGKB_CR_ARCHIVE` and the set files in
  `$MTGKB_MTGJSON_ARCHIVE` (the first `--archive-sets`, default 40, of the English files
  `SET.json`), skipped when unset.

"Add one set" ingests one MTGJSON file into a home already built with everything else of
that corpus; the target is at most a fifth of the full build. `--stages` also prints where
a full rebuild's time goes (parse, link, store, index), from the build's progress messages.

Python compiles every module it imports whose bytecode is not cached, and with
`PYTHONDONTWRITEBYTECODE` set it caches none: each process then compiles the project's
modules again (the rules model's 290 keyword modules are most of an addition's imports).
`--bytecode` measures the processes as an installed package runs (its bytecode compiled
once): the project's modules are compiled first into a temporary `PYTHONPYCACHEPREFIX`,
outside the measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
EXTRA = Path(os.environ.get("MTGKB_CORPUS_EXTRA") or ROOT.parent / "shared" / "corpus-extra")
MTGKB = [sys.executable, "-c", "import sys; sys.argv[0] = 'mtgkb'; from kb.cli import run; run()"]

FTS5_SCRIPT = r"""
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("create virtual table t using fts5(id unindexed, title, text, keywords, cards)")
with open(sys.argv[2], encoding="utf-8") as lines:
    rows = ((r["id"], r["title"], r["text"], " ".join(r["keywords"]), " ".join(r["cards"]))
            for r in map(json.loads, lines))
    db.executemany("insert into t values (?,?,?,?,?)", rows)
db.commit()
"""

STAGES_SCRIPT = r"""
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from kb.build import ensure_built
from kb.paths import shipped_data_dir
marks = []
ensure_built(shipped_data_dir(), Path(sys.argv[2]), force=True,
             progress=lambda m: marks.append((time.perf_counter(), m)))
marks.append((time.perf_counter(), "end"))
print(json.dumps(marks))
"""


class Run(NamedTuple):
    """One measured process: CPU seconds, wall seconds, peak memory in MB."""

    cpu: float
    wall: float
    rss_mb: float


def measured(cmd: list[str], stdout: Path | None = None) -> Run:
    """Run a command to its end (its output to `stdout`, if given): its own CPU time, wall
    time and peak memory (`wait4`, so each process is measured alone)."""
    with tempfile.TemporaryFile() as err, \
            open(stdout or os.devnull, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            sys.exit(f"failed: {' '.join(cmd[3:])}\n{err.read().decode(errors='replace')}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def full_build(files: list[Path], home: Path) -> Run:
    """`mtgkb ingest FILES` into an empty home (the shipped data is always included)."""
    shutil.rmtree(home, ignore_errors=True)
    return measured([*MTGKB, "--home", str(home), "ingest", *map(str, files)])


def fts5_build(home: Path, work: Path) -> tuple[Run, int]:
    """FTS5 over the records of a built home; and how many records."""
    records = work / "records.jsonl"
    measured([*MTGKB, "--home", str(home), "export", "--jsonl"], stdout=records)
    db = work / "fts5.sqlite"
    db.unlink(missing_ok=True)
    run = measured([sys.executable, "-c", FTS5_SCRIPT, str(db), str(records)])
    with open(records, encoding="utf-8") as lines:
        return run, sum(1 for _ in lines)


def stages(home: Path) -> dict[str, float]:
    """Seconds per stage of a forced rebuild of a built home, from progress messages."""
    out = subprocess.run([sys.executable, "-c", STAGES_SCRIPT, str(ROOT), str(home)],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    marks = json.loads(out.stdout.strip().splitlines()[-1])
    spent: dict[str, float] = {}
    for (start, message), (end, _) in zip(marks, marks[1:], strict=False):
        word = message.lstrip("[0123456789/] ").split()[0].rstrip(":") if message.strip() else "?"
        word = "parse" if message.startswith("[") else word
        spent[word] = spent.get(word, 0.0) + end - start
    return spent


def row(label: str, value: Run, base: Run | None = None) -> str:
    ratio = f"{value.cpu / base.cpu:6.1f}x FTS5" if base and base.cpu > 0 else ""
    return (f"  {label:<34} cpu {value.cpu:7.2f} s  wall {value.wall:7.2f} s  "
            f"peak {value.rss_mb:6.0f} MB  {ratio}")


def corpus(name: str, files: list[Path], added: Path | None, work: Path,
           show_stages: bool) -> None:
    """Full build, FTS5 over the same records, and adding one set, for one corpus."""
    home = work / "home"
    full = full_build(files, home)
    fts5, count = fts5_build(home, work)
    print(f"{name}: {len(files)} files beside the shipped data, {count:,} records")
    print(row("mtgkb full build", full, fts5))
    print(row("SQLite FTS5, same records", fts5))
    if show_stages:
        spent = stages(home)
        total = sum(spent.values()) or 1.0
        print("  rebuild stages (wall): " + ", ".join(
            f"{stage} {seconds:.2f} s ({seconds / total:.0%})" for stage, seconds in spent.items()))
    if added is not None:
        rest = [f for f in files if f != added]
        full_build(rest, home)
        one = measured([*MTGKB, "--home", str(home), "ingest", str(added)])
        print(row(f"add one set ({added.name})", one) +
              f"  {one.cpu / full.cpu:.0%} of the full build (target <= 20%)")
    print(flush=True)


def archive_files(sets: int, crs: int | None) -> list[Path] | None:
    """The archive's CR texts and first `sets` set files, or None when not configured;
    texts `ingest` refuses as cut off are left out (named on stdout)."""
    cr_dir, set_dir = os.environ.get("MTGKB_CR_ARCHIVE"), os.environ.get("MTGKB_MTGJSON_ARCHIVE")
    if not cr_dir or not set_dir:
        return None
    texts = sorted(Path(cr_dir).glob("*.txt"))[:crs] if crs else sorted(Path(cr_dir).glob("*.txt"))
    # a set's translations (`ALA.de.json`) have its source id: the English files only
    english = [f for f in sorted(Path(set_dir).glob("*.json")) if "." not in f.stem]
    return [t for t in texts if _ingestible(t)] + english[:sets]


def _ingestible(path: Path) -> bool:
    """Whether `mtgkb ingest` takes the file (a cut-off rules text it refuses)."""
    sys.path.insert(0, str(ROOT))
    from ingest.registry import describe_file
    from ingest.source import IngestError

    try:
        describe_file(path)
    except IngestError as exc:
        print(f"archive: left out {path.name} ({exc})")
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stages", action="store_true", help="time each build stage too")
    parser.add_argument("--archive-sets", type=int, default=40)
    parser.add_argument("--archive-crs", type=int, default=None, help="default: all")
    parser.add_argument("--skip-extra", action="store_true")
    parser.add_argument("--bytecode", action="store_true",
                        help="the project's bytecode compiled first, as installed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtgkb-bench-build-") as tmp:
        work = Path(tmp)
        if args.bytecode:
            os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
            os.environ["PYTHONPYCACHEPREFIX"] = str(work / "bytecode")
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "kb"),
                            str(ROOT / "ingest")], check=True, stdout=subprocess.DEVNULL)
            print("(bytecode compiled first: processes run as an installed package)")
        corpus("shipped data", [], None, work, args.stages)
        extra = [*sorted((EXTRA / "cr").glob("*.txt")), EXTRA / "mtgjson" / "ALA.json"]
        if not args.skip_extra and all(f.exists() for f in extra):
            corpus("shipped + corpus-extra (CRs + ALA)", extra, extra[-1], work, args.stages)
        elif not args.skip_extra:
            print(f"shipped + corpus-extra: skipped ({EXTRA} is absent; set $MTGKB_CORPUS_EXTRA)")
        if files := archive_files(args.archive_sets, args.archive_crs):
            sets = [f for f in files if f.suffix == ".json"]
            corpus("archive", files, sets[-1] if sets else None, work, args.stages)
        else:
            print("archive: skipped (set MTGKB_CR_ARCHIVE and MTGKB_MTGJSON_ARCHIVE)")


if __name__ == "__main__":
    main()
