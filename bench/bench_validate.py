"""Validation over every Comprehensive Rules version of an archive, one version at a time.

Usage: MTGKB_CR_ARCHIVE=DIR python bench/bench_validate.py [--only SUBSTR] [--details]
       [--write-history]

Each `*.txt` of `$MTGKB_CR_ARCHIVE` is described and parsed in-process as `mtgkb ingest`
would (format sniffed, era read from the document), and its keyword definitions are
validated on their own. Prints per version: keywords defined / with a model check / read
against the reference readings / ok / mismatch / unread, the validation time, and with
`--details` every mismatch and unread clause.
Ends with totals and the versions with a mismatch. `--write-history` reads every
version's definitions into the reference readings (`kb/rules/reference.json`,
`kb.rules.reference.learn`), then validates every version against every form of each
keyword's rules (no dates) and writes the first version showing each rules change to
`kb/rules/history.json` (`kb.rules.history.learn`).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.registry import parse_source, parser_for, source_text  # noqa: E402
from ingest.source import Source  # noqa: E402
from kb.rules import history, reference  # noqa: E402
from kb.rules.keywords import REGISTRY  # noqa: E402
from kb.rules.validate import (  # noqa: E402
    MISMATCH,
    OK,
    UNREAD,
    DefinitionResult,
    Report,
    check_definition,
    validate,
)


def read_version(path: Path) -> tuple[Source, str]:
    """A Comprehensive Rules file as `mtgkb ingest` reads it: `ingest.registry.source_text`
    decodes every encoding (UTF-16 with its BOM too) and ends lines at CRLF, LF and lone CR
    (the UTF-16 versions, e.g. 2022-11-18, end their lines with lone CRs)."""
    text = source_text(path)
    info = parser_for("comprehensive-rules").describe(text, path)
    source = Source(id=info["id"], title=info["title"], path=path,
                    format="comprehensive-rules", date=info["date"], era=info["era"])
    return source, text


def counts(report: Report) -> dict[str, int]:
    """Keywords defined / with a model check / read against the reference / ok / mismatch /
    unread of one report."""
    by_name: dict[str, list[DefinitionResult]] = {}
    for result in report.definitions:
        by_name.setdefault(result.keyword, []).append(result)
    statuses = {name: {r.status for r in group} for name, group in by_name.items()}
    return {"defined": len(by_name),
            "checked": sum(1 for g in by_name.values() if any(r.checked for r in g)),
            "read": sum(1 for g in by_name.values() if any(r.compared for r in g)),
            "ok": sum(1 for s in statuses.values() if s == {OK}),
            "mismatch": sum(1 for s in statuses.values() if MISMATCH in s),
            "unread": sum(1 for s in statuses.values() if UNREAD in s)}


def write_history(files: list[Path]) -> int:
    """Read every version's keyword definitions into the reference readings
    (`kb/rules/reference.json`), then validate every version undated, learn and write the
    dates of the rules changes."""
    definitions = []
    for path in files:
        source, text = read_version(path)
        definitions += [r for r in parse_source(source, text) if r.kind == "keyword"]
    reference.write(reference.learn(definitions))
    history.write({})  # learn with no dates: every form of every keyword tried
    results = [check_definition(record, dated=False) for record in definitions]
    learned = history.learn(results, REGISTRY)
    for name, clauses in history.learn_clauses(results, REGISTRY).items():
        learned.setdefault(name, {}).update(clauses)
    history.write(learned)
    print("\n".join(history.describe(learned)))
    return 0


def main() -> int:
    """Run every version; exit 0 (figures only)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="only files whose name contains this")
    parser.add_argument("--details", action="store_true", help="print mismatches and unread")
    parser.add_argument("--write-history", action="store_true",
                        help="learn the dates of the rules changes into kb/rules/history.json")
    args = parser.parse_args()
    folder = os.environ.get("MTGKB_CR_ARCHIVE")
    if not folder or not Path(folder).is_dir():
        print("set MTGKB_CR_ARCHIVE to a folder of Comprehensive Rules texts", file=sys.stderr)
        return 2
    files = sorted(p for p in Path(folder).glob("*.txt") if args.only in p.name)
    print(f"{'version':12} {'defined':>7} {'checked':>7} {'read':>5} {'ok':>4} {'mism':>4} "
          f"{'unread':>6} {'seconds':>7}")
    if args.write_history:
        return write_history(files)
    total_time, bad = 0.0, []
    totals = {"defined": 0, "checked": 0, "read": 0, "ok": 0, "mismatch": 0, "unread": 0}
    for path in files:
        source, text = read_version(path)
        records = parse_source(source, text)
        start = time.perf_counter()
        report = validate(records)
        elapsed = time.perf_counter() - start
        total_time += elapsed
        row = counts(report)
        for key in totals:
            totals[key] += row[key]
        print(f"{path.stem:12} {row['defined']:7} {row['checked']:7} {row['read']:5} "
              f"{row['ok']:4} {row['mismatch']:4} {row['unread']:6} {elapsed:7.2f}", flush=True)
        if row["mismatch"] or row["unread"]:
            bad.append(path.stem)
        if args.details:
            for result in report.definitions:
                if result.status in (MISMATCH, UNREAD):
                    print(f"    {result.status} {result.keyword}: {result.details[:3]}")
    print(f"{'total':12} {totals['defined']:7} {totals['checked']:7} {totals['read']:5} "
          f"{totals['ok']:4} {totals['mismatch']:4} {totals['unread']:6} {total_time:7.2f}")
    print(f"versions with a mismatch or unread clause: {len(bad)} of {len(files)}"
          + (f" ({', '.join(bad)})" if bad else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
