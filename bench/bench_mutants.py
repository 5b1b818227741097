"""The mutation generator (tests/rules_mutants.py) over every keyword definition of the
shipped sources: changes of meaning caught / lost to no check / missed, and rewordings
flagged, per kind of edit; once as `mtgkb validate` and once as `mtgkb validate --strict`.

Usage: python bench/bench_mutants.py [--misses N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.registry import parse_source  # noqa: E402
from ingest.source import load_manifest  # noqa: E402
from tests.rules_mutants import sweep  # noqa: E402


def main() -> int:
    """Print the figures of both modes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", type=int, default=0, help="print this many misses")
    args = parser.parse_args()
    records = [r for source in load_manifest(ROOT / "data") for r in parse_source(source)
               if r.kind == "keyword"]
    for strict in (False, True):
        start = time.perf_counter()
        tally = sweep(records, strict=strict)
        total, caught = sum(tally.meaning.values()), sum(tally.caught.values())
        lost = sum(tally.lost.values())
        print(f"{'--strict' if strict else 'default '}: meaning edits {total}: caught {caught} "
              f"({caught / max(total, 1):.0%}), no-check {lost}, missed {total - caught - lost};"
              f" rewordings {tally.rewordings}: flagged {tally.flagged}"
              f"  [{time.perf_counter() - start:.0f} s]")
        for kind in sorted(tally.meaning):
            print(f"    {kind:15} {tally.caught[kind]:4} / {tally.meaning[kind]:4}")
        for miss in tally.misses[:args.misses]:
            print(f"    missed: {miss}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
