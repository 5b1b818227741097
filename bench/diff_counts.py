"""Change counts of `kb.diff` between consecutive Comprehensive Rules versions.

    python bench/diff_counts.py FILE FILE ...        # CR texts, compared in date order
    python bench/diff_counts.py --archive 2009-07-11 2009-10-01 ...
                                                     # dates in $MTGKB_CR_ARCHIVE

Each file is parsed alone and each consecutive pair compared without a store, so rules
are paired by the lineage matcher run on the two versions (`kb.diff.diff_records`); the
knowledge base's own `mtgkb diff` pairs them by its stored lineage first. Prints, per
pair, rules / glossary / keywords as added / removed / changed / renumbered.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ingest.registry import describe_file, parse_source  # noqa: E402
from kb.diff import PARTS, diff_records  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("versions", nargs="+", help="CR files, or dates with --archive")
    parser.add_argument("--archive", action="store_true",
                        help="read the dates as files of $MTGKB_CR_ARCHIVE")
    args = parser.parse_args()
    if args.archive:
        folder = os.environ.get("MTGKB_CR_ARCHIVE")
        if not folder:
            sys.exit("MTGKB_CR_ARCHIVE is not set")
        paths = [Path(folder) / f"{date}.txt" for date in args.versions]
    else:
        paths = [Path(p) for p in args.versions]
    parsed = []
    for path in paths:
        source, text = describe_file(path)
        parsed.append((source.date, parse_source(source, text)))
    parsed.sort(key=lambda pair: pair[0])
    print(f"{'old':10} {'new':10}  " + "  ".join(f"{p + ' a/r/c/n':>24}" for p in PARTS)
          + "  seconds")
    for (old_date, old), (new_date, new) in zip(parsed, parsed[1:], strict=False):
        started = time.perf_counter()
        counts = diff_records(old, new).counts()
        took = time.perf_counter() - started
        cells = ["/".join(str(c[k]) for k in ("added", "removed", "changed", "renumbered"))
                 for c in (counts[p] for p in PARTS)]
        print(f"{old_date:10} {new_date:10}  " + "  ".join(f"{c:>24}" for c in cells)
              + f"  {took:7.1f}")


if __name__ == "__main__":
    main()
