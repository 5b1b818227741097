"""Rule references by citing source, resolved and unresolved, and how right the fallbacks are.

Usage: MTGKB_CORPUS_EXTRA=DIR python bench/bench_ref_eras.py

1. The shipped KB (seeds + today's Comprehensive Rules): per citing source, resolved and
   unresolved rule references (every number of a range or list counts).
2. The check of step 1: each reference of a seed document to a number it does not quote
   itself, judged against the Comprehensive Rules of the document's own era (from
   $MTGKB_CORPUS_EXTRA/cr): `same` where that number holds the same rule in today's
   version (texts alike as lineage judges them), `other` where it does not. A right
   resolver links `same` ones only (an `other` linked is a wrong link).
3. The seeds with the four versions of $MTGKB_CORPUS_EXTRA/cr and ALA.json: the counts
   again (every seed's reference resolves in its own era).
Steps 2 and 3 are skipped when MTGKB_CORPUS_EXTRA is unset.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

from ingest.registry import describe_file, parse_source
from ingest.source import load_manifest
from kb.links import LinkGraph, build_links
from kb.links.groups import MIN_RATIO, alike, comparable_words
from kb.links.refs import find_rule_refs
from kb.links.resolve import is_comprehensive_rules
from kb.model import Record

DATA = Path(__file__).resolve().parents[1] / "data"
TODAY = "cr-2026-01-16"


def counts(title: str, records: list[Record]) -> LinkGraph:
    """Print resolved/unresolved rule references per citing source; the graph."""
    graph = build_links(records)
    source = {r.id: r.source for r in records}
    resolved = Counter(source[ln.src] for ln in graph.links if ln.kind == "rule-ref")
    unresolved = Counter(source[u.record] for u in graph.unresolved)
    print(f"== {title}")
    for name in sorted(set(resolved) | set(unresolved)):
        print(f"  {name:40} resolved {resolved[name]:5}  unresolved {unresolved[name]:5}")
    return graph


def rules_of(path: Path) -> dict[str, Record]:
    source, text = describe_file(path)
    return {r.rule: r for r in parse_source(source, text) if r.kind == "rule" and r.rule}


def check(records: list[Record], graph: LinkGraph, cr_dir: Path) -> None:
    """Step 2: references into today's rules against the rules of the citing era."""
    linked = {(ln.src, ln.dst.split(":", 1)[1]) for ln in graph.links
              if ln.kind == "rule-ref" and ln.dst.startswith(TODAY + ":")}
    today = {r.rule: r for r in records if r.source == TODAY and r.kind == "rule" and r.rule}
    own = {(r.source, r.rule) for r in records if r.kind == "rule" and r.rule}
    eras: dict[str, dict[str, Record]] = {}
    tally: Counter[tuple[str, str, str]] = Counter()
    for record in records:
        era = record.era or record.date
        if is_comprehensive_rules(record.source) or not era:
            continue
        path = cr_dir / f"MagicCompRules-{era}.txt"
        if era not in eras:
            eras[era] = rules_of(path) if path.exists() else {}
        for ref in find_rule_refs(record.text):
            for number in ref.numbers:
                theirs = eras[era].get(number)
                if (record.source, number) in own or theirs is None:
                    continue
                same = number in today and alike(comparable_words(theirs),
                                                 comparable_words(today[number]), MIN_RATIO) > 0
                tally[(record.source, "same" if same else "other",
                       "linked" if (record.id, number) in linked else "unresolved")] += 1
    print("== references into today's rules, judged by the rules of the citing era")
    for (name, same, got), n in sorted(tally.items()):
        print(f"  {name:40} {same:5} {got:10} {n:5}")


def main() -> int:
    shipped = [r for source in load_manifest(DATA) for r in parse_source(source)]
    graph = counts("shipped (seeds + cr-2026-01-16)", shipped)
    extra = os.environ.get("MTGKB_CORPUS_EXTRA")
    if not extra:
        print("MTGKB_CORPUS_EXTRA unset: steps 2 and 3 skipped")
        return 0
    cr_dir = Path(extra) / "cr"
    check(shipped, graph, cr_dir)
    larger = [r for source in load_manifest(DATA) if source.format != "comprehensive-rules"
              for r in parse_source(source)]
    for path in [*sorted(cr_dir.glob("MagicCompRules-*.txt")),
                 Path(extra) / "mtgjson" / "ALA.json"]:
        source, text = describe_file(path)
        larger += parse_source(source, text)
    counts("seeds + corpus-extra (four CR versions, ALA.json)", larger)
    return 0


if __name__ == "__main__":
    sys.exit(main())
