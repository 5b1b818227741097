"""Cross-linking and HTML rendering time against the length of texts and names: both
should grow linearly.

Usage: python bench/bench_links.py

Links the shipped records plus one ruling of N characters (the Shards of Alara FAQ's
text repeated as one line, or as lines of 400 characters, with a long card name in it),
then one of N characters of rule references, for N = 125 KB .. 1 MB, and card and keyword
names of 500 .. 100,000 characters; then renders the ruling as the site does (its
mentions as links, `kb.html.text`). Prints CPU seconds and seconds per MB of each; linear
work shows flat "s/MB" columns.
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


def timed(records: list[Record], text: str, name: str, keyword: str = "") -> tuple[float, float]:
    """CPU seconds to link `records` plus a card named `name` (and a keyword `keyword`)
    and a ruling `text`, and to render the ruling's HTML with its links."""
    from kb.html.text import make_linker, mentions_of, render

    extra = [Record(id="b:card:x", kind="card", source="b", title=name, text="x"),
             Record(id="b:ruling:1", kind="ruling", source="b", title="r", text=text)]
    if keyword:
        extra.append(Record(id="b:keyword:k", kind="keyword", source="b", title=keyword,
                            text=f"{keyword} is a keyword.", keywords=[keyword.lower()]))
    start = time.process_time()
    build_links(records + extra)
    linked = time.process_time()
    linker = make_linker(records + extra)
    base = time.process_time()
    render(text, mentions_of(linker, extra[1]), lambda target: f"x.html#{target}")
    return linked - start, time.process_time() - base


def _row(label: str, size: int, base: tuple[float, float], took: tuple[float, float]) -> None:
    link, html = took[0] - base[0], took[1] - base[1]
    print(f"{label:>34} {size:>9,} {link:7.2f} {link / size * 1e6:7.2f} "
          f"{html:7.2f} {html / size * 1e6:7.2f}", flush=True)


def _lines(text: str, width: int = 400) -> str:
    return "\n".join(text[i:i + width] for i in range(0, len(text), width))


def main() -> None:
    records = [r for s in load_manifest(DATA) for r in parse_source(s)]
    base = timed(records, "x", "X")
    print(f"shipped records alone: link {base[0]:.2f} s, html {base[1]:.2f} s")
    numbers = [r.rule for r in records if r.rule]
    refs = "See rules " + ", ".join(numbers * 400)
    print(f"{'text':>34} {'size':>9} {'link s':>7} {'s/MB':>7} {'html s':>7} {'s/MB':>7}")
    for size in (125_000, 250_000, 500_000, 1_000_000):
        name = long_name(1000)
        prose = ((FAQ + " " + name + ". ") * (size // len(FAQ) + 1))[:size]
        for label, text in (("one line of FAQ prose", prose),
                            ("FAQ prose in lines of 400", _lines(prose)),
                            ("rule references", refs[:size])):
            _row(label, size, base, timed(records, text, name))
    for size in (500, 5000, 100_000):
        name = long_name(size)
        text = ((FAQ + " " + name + ". ") * (250_000 // len(FAQ) + 1))[:250_000]
        _row(f"250 KB, card name of {size:,}", len(text), base, timed(records, text, name))
        _row(f"250 KB, keyword name of {size:,}", len(text), base,
             timed(records, text, "X", keyword=name))


if __name__ == "__main__":
    main()
