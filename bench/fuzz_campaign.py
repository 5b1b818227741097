"""A large fuzz campaign, outside CI: thousands of mutated copies of the real documents
through every parser and the whole ingest -> link -> store -> index -> html path.

Usage: python bench/fuzz_campaign.py [--examples N] [--minutes M] [--limit SECONDS]

Seeds: the shipped sources, ../shared/corpus-extra ($MTGKB_CORPUS_EXTRA), and, when set,
every Comprehensive Rules text of $MTGKB_CR_ARCHIVE and MTGJSON v3 sets of
$MTGKB_MTGJSON_ARCHIVE (a slice of each, `tests/fuzz_support.py`). Each example is parsed
by one parser chosen at random and sent down the whole path (the site every fourth one);
a failure other than IngestError is counted with its traceback's last line, an example
past `--limit` seconds (60) is stopped and counted as slow. Prints the counts by outcome,
CPU time, and the failures.
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.fuzz_support import FORMATS, mutated, parse_as, seeds, whole_path  # noqa: E402


class Slow(Exception):
    """An example ran past the time limit."""


def _on_alarm(signum: int, frame: object) -> None:
    raise Slow


def _seed_files() -> list[Path]:
    extra = Path(os.environ.get("MTGKB_CORPUS_EXTRA") or ROOT.parent / "shared" / "corpus-extra")
    files = sorted((ROOT / "data" / "sources").glob("*.txt"))
    files += sorted(extra.glob("cr/*.txt")) + sorted(extra.glob("mtgjson/*.json"))
    if archive := os.environ.get("MTGKB_CR_ARCHIVE"):
        files += sorted(Path(archive).glob("*.txt"))
    if archive := os.environ.get("MTGKB_MTGJSON_ARCHIVE"):
        sets = sorted(p for p in Path(archive).glob("*.json") if p.stem.isupper())
        files += sets[::max(1, len(sets) // 40)]  # 40 sets spread over the archive
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=3000)
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per example")
    args = parser.parse_args()
    documents = seeds(_seed_files())
    print(f"{len(documents)} seed documents", flush=True)
    outcomes: collections.Counter[str] = collections.Counter()
    failures: list[str] = []
    slowest: list[tuple[float, str]] = []
    stop = time.monotonic() + args.minutes * 60
    started = time.process_time()
    signal.signal(signal.SIGALRM, _on_alarm)

    @settings(max_examples=args.examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(raw=mutated(documents), format_name=st.sampled_from(FORMATS),
           html=st.integers(0, 3))
    def example(raw: bytes, format_name: str, html: int) -> None:
        if time.monotonic() > stop:
            return
        began = time.process_time()
        signal.setitimer(signal.ITIMER_REAL, args.limit)
        try:
            with tempfile.TemporaryDirectory() as folder:
                parse_as(raw, format_name)
                outcomes[whole_path(raw, Path(folder), html=html == 0)] += 1
        except Slow:
            outcomes["slow"] += 1
            failures.append(f"past {args.limit:.0f} s: {raw[:60]!r} ({len(raw):,} bytes)")
        except Exception as exc:
            outcomes["traceback"] += 1
            last = traceback.extract_tb(exc.__traceback__)[-1]
            failures.append(f"{type(exc).__name__}: {str(exc)[:120]} at "
                            f"{last.filename}:{last.lineno} ({raw[:40]!r}, {len(raw):,} bytes)")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        took = time.process_time() - began
        slowest.append((took, f"{len(raw):,} bytes, {raw[:40]!r}"))
        slowest.sort(reverse=True)
        del slowest[5:]
        total = sum(outcomes.values())
        if total % 100 == 0:
            print(f"  {total} examples, {dict(outcomes)}, {time.process_time() - started:.0f} s"
                  " CPU", flush=True)

    example()
    total = sum(outcomes.values())
    print(f"{total} examples in {time.process_time() - started:.0f} s CPU: {dict(outcomes)}")
    print("slowest (CPU s): " + "; ".join(f"{t:.1f} ({what})" for t, what in slowest))
    for failure in failures:
        print("  " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
