"""Lineage through the 2009 reorganisation on the public archive of every CR version
($MTGKB_CR_ARCHIVE; skipped when unset). The full sweep is bench/bench_lineage.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ingest.registry import describe_file, parse_source
from kb.links.lineage import lineage_links


def archive_records(*days: str):
    folder = os.environ.get("MTGKB_CR_ARCHIVE")
    if not folder:
        pytest.skip("MTGKB_CR_ARCHIVE is not set")
    records = []
    for day in days:
        path = Path(folder) / f"{day}.txt"
        if not path.exists():
            pytest.skip(f"{path} is absent")
        records += parse_source(*describe_file(path))
    return records


def test_m10_reorganisation_links_most_rules_and_no_twice():
    records = archive_records("2009-05-01", "2009-07-11")
    _, lineage = lineage_links(records)
    newer = [r for r in records if r.source == "cr-2009-07-11"
             and r.kind in ("rule", "glossary", "keyword")]
    partners = {r.id: [m for m in lineage.get(r.id, []) if m.startswith("cr-2009-05-01:")]
                for r in newer}
    assert all(len(found) <= 1 for found in partners.values())
    assert sum(1 for found in partners.values() if found) >= 1500  # of 2,081 (1,137 before)
    assert partners["cr-2009-07-11:704"] == ["cr-2009-05-01:420"]
    assert partners["cr-2009-07-11:glossary:state-based-actions"] == [
        "cr-2009-05-01:glossary:state-based-effects"]
