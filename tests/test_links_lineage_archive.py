"""Lineage on the public archive of every CR version ($MTGKB_CR_ARCHIVE; those tests are
skipped when unset): through the 2009 reorganisation, and subrules that changed letter.
The full sweep is bench/bench_lineage.py."""

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


def test_a_keyword_subrule_moved_to_another_letter_follows_its_text():
    """2026 removed Friends forever (702.124k) and Doctor's companion (702.124n): Choose a
    Background moved 702.124m -> 702.124k word for word; its letter's old text (Friends
    forever, much alike) is not its past."""
    records = archive_records("2025-11-14", "2026-01-16")
    _, lineage = lineage_links(records)
    assert "cr-2025-11-14:702.124m" in lineage["cr-2026-01-16:702.124k"]
    assert "cr-2025-11-14:702.124k" not in lineage["cr-2026-01-16:702.124k"]
    assert "cr-2025-11-14:702.124n" in lineage["cr-2026-01-16:702.124m"]


def test_a_subrule_text_under_another_letter_is_joined_by_text_not_letter():
    """The same, on two small rules versions (run without the archive)."""
    from kb.model import Record

    partner = ("702.19a Partner abilities are keyword abilities that modify the rules for "
               "deck construction in the Commander variant.")
    friends = ('"Friends forever" means "You may designate two legendary creature cards as '
               'your commander rather than one if each of them has friends forever."')
    background = ('"Choose a Background" means "You may designate two cards as your commander '
                  'rather than one if one of them is this card and the other is a legendary '
                  'Background enchantment card."')

    def version(day: str, subrules: list[str]) -> list[Record]:
        source = f"cr-{day}"
        rules = [Record(id=f"{source}:702.19", kind="rule", source=source, title="Partner",
                        text="Partner", rule="702.19", era=day, date=day)]
        rules += [Record(id=f"{source}:702.19{letter}", kind="rule", source=source,
                         title="702.19 Partner", text=text, rule=f"702.19{letter}",
                         era=day, date=day, keywords=["partner"], parent=f"{source}:702.19")
                  for letter, text in zip("abc", subrules, strict=False)]
        keyword = Record(id=f"{source}:keyword:partner", kind="keyword", source=source,
                         title="Partner", text="\n".join(r.text for r in rules[1:]),
                         era=day, date=day, keywords=["partner"],
                         meta={"number": "702.19", "rules": [r.id for r in rules]})
        return [*rules, keyword]

    _, lineage = lineage_links(version("2030-01-01", [partner, friends, background])
                               + version("2031-01-01", [partner, background]))
    assert lineage["cr-2031-01-01:702.19b"] == ["cr-2030-01-01:702.19c", "cr-2031-01-01:702.19b"]
    assert "cr-2030-01-01:702.19b" not in lineage.get("cr-2031-01-01:702.19b", [])
