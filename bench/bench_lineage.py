"""Lineage across every Comprehensive Rules version: recall and precision per consecutive pair.

Usage: MTGKB_CR_ARCHIVE=DIR python bench/bench_lineage.py [--cache FILE] [--sample N]
       [--pair OLD,NEW]

Parses every CR text in $MTGKB_CR_ARCHIVE (skips when unset; files mtgkb cannot read are
listed and left out), runs the lineage of `kb.links.lineage` over all of them at once (as
one ingest of a judge's whole archive would) and, for each consecutive pair of versions,
counts the rules, glossary entries and keywords of the newer version linked to one of the
older.

How the figures are defended (no hand-made gold list of 300,000 records exists):
- recall: `linked/total` is a lower bound (a rule new in that version cannot link).
  `certain` is what surely persists: a newer item whose comparable text (lower-cased,
  rule numbers masked, `kb.era` wording made current) equals the text of exactly one
  older item, or whose number and text are nearly the same (word ratio >= 0.8) as the
  older item of that number (for glossary entries and keywords: same name). `recall` is
  the share of those linked to that very counterpart.
- precision: a link is `sure` when it joins such a pair (same text, or same number and
  nearly the same text). The other links (renumbered and reworded) are checked against
  bench/lineage_gold.tsv, a list judged by hand: `right`/`wrong` count the links found
  in it; `unjudged` were not sampled. `--sample N` prints N unjudged links to judge.
Precision shown = (sure + right) / (sure + right + wrong).
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import re
import sys
import time
from collections import defaultdict
from difflib import SequenceMatcher
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.registry import describe_file, parse_source  # noqa: E402
from ingest.source import IngestError  # noqa: E402
from kb.links.groups import comparable_words  # noqa: E402
from kb.links.lineage import lineage_links  # noqa: E402
from kb.links.resolve import era_of  # noqa: E402
from kb.model import Record  # noqa: E402

GOLD = Path(__file__).with_name("lineage_gold.tsv")
KINDS = ("rule", "glossary", "keyword")
_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?")


def load(archive: Path, cache: Path | None) -> tuple[list[tuple[str, list[Record]]], list[str]]:
    """(source id, records) of every readable CR in `archive`, by date; unreadable files."""
    if cache and cache.exists():
        return pickle.loads(cache.read_bytes())
    versions, skipped = [], []
    for path in sorted(archive.glob("*.txt")):
        try:
            source, text = describe_file(path)
            versions.append((source.id, parse_source(source, text)))
        except IngestError as exc:
            skipped.append(f"{path.name}: {str(exc).split(': ', 1)[-1][:70]}")
    if cache:
        cache.write_bytes(pickle.dumps((versions, skipped)))
    return versions, skipped


def items(records: list[Record]) -> list[Record]:
    """The records lineage should carry across versions."""
    return [r for r in records if r.kind in KINDS and (r.kind != "rule" or r.rule)]


def identity(record: Record) -> str:
    """What names an item within its version: rule number, glossary term, keyword name."""
    if record.kind == "rule":
        return f"rule {record.rule}"
    return f"{record.kind} {record.title.lower()}"


def certain_pairs(older: list[Record], newer: list[Record]) -> dict[str, str]:
    """Newer id -> older id for the pairs that surely are one item (see the module doc)."""
    words = {r.id: comparable_words(r) for r in older + newer}
    by_text: dict[tuple[str, ...], list[str]] = defaultdict(list)
    by_identity = {identity(r): r for r in older}
    for record in older:
        by_text[(record.kind, *words[record.id])].append(record.id)
    pairs = {}
    for record in newer:
        twins = by_text.get((record.kind, *words[record.id]), [])
        same = by_identity.get(identity(record))
        if len(twins) == 1 and len(words[record.id]) >= 4:
            pairs[record.id] = twins[0]
        elif same and (words[same.id] == words[record.id] or SequenceMatcher(
                None, words[same.id], words[record.id], autojunk=False).ratio() >= 0.8):
            pairs[record.id] = same.id
    return pairs


def read_gold() -> dict[tuple[str, str], bool]:
    """(older id, newer id) -> judged right, from bench/lineage_gold.tsv."""
    gold = {}
    if GOLD.exists():
        for line in GOLD.read_text().splitlines():
            if line and not line.startswith("#"):
                old, new, verdict = line.split("\t")[:3]
                gold[(old, new)] = verdict == "right"
    return gold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, help="pickle of the parsed archive (made if absent)")
    parser.add_argument("--sample", type=int, default=0, help="print N unjudged links to judge")
    parser.add_argument("--pair", help="only report OLD,NEW source ids")
    args = parser.parse_args()
    archive = os.environ.get("MTGKB_CR_ARCHIVE")
    if not archive:
        print("MTGKB_CR_ARCHIVE is not set: skipped")
        return
    start = time.perf_counter()
    versions, skipped = load(Path(archive), args.cache)
    # in order of era, as lineage pairs them (a file may say another date than its name)
    versions.sort(key=lambda v: (era_of(v[1][0]) if v[1] else "", v[0]))
    parsed = time.perf_counter() - start
    records = [r for _, recs in versions for r in recs]
    start, cpu = time.perf_counter(), time.process_time()
    _, lineage = lineage_links(records)
    took, took_cpu = time.perf_counter() - start, time.process_time() - cpu
    gold, unjudged = read_gold(), []
    print(f"{'older':>13} {'newer':>13} {'linked':>13} {'certain':>7} {'recall':>7} "
          f"{'links':>6} {'sure':>6} {'right':>5} {'wrong':>5} {'unjdg':>5} {'prec':>6}")
    totals = defaultdict(int)
    for (old_id, old), (new_id, new) in zip(versions, versions[1:], strict=False):
        if args.pair and args.pair != f"{old_id},{new_id}":
            continue
        older, newer = items(old), items(new)
        partner = {}
        for record in newer:
            found = [m for m in lineage.get(record.id, []) if m.startswith(old_id + ":")]
            if found:
                partner[record.id] = found[0]
        certain = certain_pairs(older, newer)
        hit = sum(1 for n, o in certain.items() if partner.get(n) == o)
        sure = right = wrong = 0
        for n, o in partner.items():
            if certain.get(n) == o:
                sure += 1
            elif (o, n) in gold:
                right, wrong = right + gold[(o, n)], wrong + (not gold[(o, n)])
            else:
                unjudged.append((o, n))
        judged = sure + right + wrong
        row = dict(linked=len(partner), total=len(newer), certain=len(certain), hit=hit,
                   sure=sure, right=right, wrong=wrong, unjudged=len(partner) - judged)
        for key, value in row.items():
            totals[key] += value
        print(_row(old_id[3:], new_id[3:], row))
    print(_row("all", "", totals))
    print(f"\n{len(versions)} versions, {len(records):,} records parsed in {parsed:.0f} s; "
          f"lineage {took:.1f} s ({took_cpu:.1f} s CPU)")
    for line in skipped:
        print("not read:", line)
    if args.sample:
        by_id = {r.id: r for r in records}
        for old, new in random.Random(1).sample(unjudged, min(args.sample, len(unjudged))):
            print(f"\n{old}\t{new}\n  < {by_id[old].text[:160]!r}\n  > {by_id[new].text[:160]!r}")


def _row(old: str, new: str, row: dict[str, int]) -> str:
    recall = row["hit"] / row["certain"] if row["certain"] else 1.0
    judged = row["sure"] + row["right"] + row["wrong"]
    precision = (row["sure"] + row["right"]) / judged if judged else 1.0
    return (f"{old:>13} {new:>13} {row['linked']:>6}/{row['total']:<6} {row['certain']:>7} "
            f"{recall:7.1%} {row['linked']:>6} {row['sure']:>6} {row['right']:>5} "
            f"{row['wrong']:>5} {row['unjudged']:>5} {precision:6.1%}")


if __name__ == "__main__":
    main()
