"""Cross-linking time against the length of texts and names: it should grow linearly.

Usage: python bench/bench_links.py

Links the shipped records plus one ruling of N characters (the Shards of Alara FAQ's
text repeated as one line, with a long card name in it), then one of N characters of
rule references, for N = 125 KB .. 1 MB, and names of 500 .. 5,000 characters; prints
CPU seconds and seconds per MB. Linear linking shows a flat "s/MB" column.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.registry import parse_source  # noqa: E402
from ingest.source import load_manifest  # noqa: E402
from kb.links import build_links  # noqa: E402
from kb.model import Record  # noqa: E402

DATA = ROOT / "data"
FAQ = " ".join((DATA / "sources" / "shards-of-alara-faq-2008.txt").read_text().split())


def long_name(size: int) -> str:
    """A card name of about `size` characters, from the FAQ's words."""
    words = [w.capitalize() for w in FAQ.split() if w.isalpha()]
    return " ".join(words[i * 7 % len(words)] for i in range(size // 6))[:size].rstrip()


def timed(records: list[Record], text: str, name: str) -> float:
    """CPU seconds to link `records` plus a card named `name` and a ruling `text`."""
    extra = [Record(id="b:card:x", kind="card", source="b", title=name, text="x"),
             Record(id="b:ruling:1", kind="ruling", source="b", title="r", text=text)]
    start = time.process_time()
    build_links(records + extra)
    return time.process_time() - start


def main() -> None:
    records = [r for s in load_manifest(DATA) for r in parse_source(s)]
    base = timed(records, "x", "X")
    print(f"shipped records alone: {base:.2f} s")
    numbers = [r.rule for r in records if r.rule]
    refs = "See rules " + ", ".join(numbers * 400)
    print(f"{'text':>28} {'size':>9} {'s':>7} {'s/MB':>7}")
    for size in (125_000, 250_000, 500_000, 1_000_000):
        name = long_name(1000)
        prose = ((FAQ + " " + name + ". ") * (size // len(FAQ) + 1))[:size]
        for label, text in (("one line of FAQ prose", prose), ("rule references", refs[:size])):
            seconds = timed(records, text, name) - base
            print(f"{label:>28} {size:>9,} {seconds:7.2f} {seconds / size * 1e6:7.2f}")
    for size in (500, 1000, 2000, 5000):
        name = long_name(size)
        text = ((FAQ + " " + name + ". ") * (250_000 // len(FAQ) + 1))[:250_000]
        seconds = timed(records, text, name) - base
        print(f"{'250 KB, name of ' + str(size):>28} {len(text):>9,} {seconds:7.2f} "
              f"{seconds / len(text) * 1e6:7.2f}")


if __name__ == "__main__":
    main()
