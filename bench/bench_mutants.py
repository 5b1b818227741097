"""The mutation generator (tests/rules_mutants.py) over keyword definitions: changes of
meaning caught / lost to no check / missed, and rewordings flagged, per kind of edit and
per source group (`cr`: today's Comprehensive Rules, `seeds`: the other shipped sources);
once as `mtgkb validate` and once as `mtgkb validate --strict`.

Usage: python bench/bench_mutants.py [--misses N] [--flags N] [--only SOURCE]
       [--version YYYY-MM-DD] [--default-only]

`--version` sweeps that version of `$MTGKB_CR_ARCHIVE` instead of the shipped sources.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.registry import parse_source  # noqa: E402
from ingest.source import load_manifest  # noqa: E402
from kb.model import Record  # noqa: E402
from tests.rules_mutants import Tally, sweep  # noqa: E402


def definitions(version: str, only: str) -> list[Record]:
    """The keyword records to sweep: one archive version, or the shipped sources."""
    if version:
        from bench.bench_validate import read_version

        folder = os.environ.get("MTGKB_CR_ARCHIVE", "")
        source, text = read_version(Path(folder) / f"{version}.txt")
        records = parse_source(source, text)
    else:
        records = [r for source in load_manifest(ROOT / "data") for r in parse_source(source)]
    return [r for r in records if r.kind == "keyword" and only in r.source]


def report(tally: Tally, label: str, seconds: float) -> None:
    """Print the figures of one sweep."""
    total, caught = sum(tally.meaning.values()), sum(tally.caught.values())
    lost = sum(tally.lost.values())
    print(f"{label}: meaning edits {total}: caught {caught} ({caught / max(total, 1):.1%}), "
          f"no-check {lost}, missed {total - caught - lost}; rewordings {tally.rewordings}: "
          f"flagged {tally.flagged}  [{seconds:.0f} s]")
    groups = sorted({g for g, _ in tally.by_group})
    print(f"    {'kind':15}" + "".join(f"{g:>16}" for g in groups) + f"{'all':>16}")
    for kind in sorted(tally.meaning) + ["rewording"]:
        cells = []
        for group in groups:
            hit, count = tally.by_group.get((group, kind), [0, 0])
            cells.append(f"{hit:>7} / {count:<6}")
        hit = sum(tally.by_group.get((g, kind), [0, 0])[0] for g in groups)
        count = sum(tally.by_group.get((g, kind), [0, 0])[1] for g in groups)
        name = "rewording (flagged)" if kind == "rewording" else kind
        print(f"    {name:15}" + "".join(f"{c:>16}" for c in cells) + f"{hit:>7} / {count:<6}")


def main() -> int:
    """Print the figures of both modes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", type=int, default=0, help="print this many misses")
    parser.add_argument("--flags", type=int, default=0, help="print this many false flags")
    parser.add_argument("--only", default="", help="only sources whose id contains this")
    parser.add_argument("--version", default="", help="a CR version of $MTGKB_CR_ARCHIVE")
    parser.add_argument("--default-only", action="store_true", help="skip --strict")
    args = parser.parse_args()
    records = definitions(args.version, args.only)
    for strict in (False, True)[: 1 if args.default_only else 2]:
        start = time.perf_counter()
        tally = sweep(records, strict=strict)
        report(tally, "--strict" if strict else "default ", time.perf_counter() - start)
        for miss in tally.misses[:args.misses]:
            print(f"    missed: {miss}")
        for flag in tally.false_flags[:args.flags]:
            print(f"    flagged: {flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
