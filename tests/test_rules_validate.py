"""validate() over the real parsed records of data/sources.toml (and the Comprehensive Rules
of ../shared/corpus-extra where present), and the honesty of the checks: every mutation of
a passing definition is flagged, no rewording is."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ingest.registry import describe_file, parse_source
from kb.model import Record
from kb.rules.mutations import mutations, rewordings
from kb.rules.validate import check_definition, validate
from tests.conftest import CR_FILES, extra_file, seed_manifest
from tests.rules_support import assert_mutations_mismatch, assert_rewordings_ok

FIRST_GROUP = {
    "flying", "reach", "shadow", "fear", "intimidate", "horsemanship", "landwalk", "banding",
    "bands with other", "rampage", "bushido", "flanking", "first strike", "double strike",
    "deathtouch", "lifelink", "infect", "wither", "trample", "vigilance", "defender", "haste",
    "exalted", "battle cry", "annihilator", "provoke", "frenzy", "hexproof", "shroud",
    "protection", "poisonous",
}


@pytest.fixture(scope="session")
def shipped() -> list[Record]:
    """Every record parsed from the shipped sources."""
    records: list[Record] = []
    for source in seed_manifest():
        records += parse_source(source)
    return records


@pytest.fixture(scope="session")
def report(shipped):
    return validate(shipped)


@pytest.fixture(scope="session")
def with_rules(shipped) -> list[Record]:
    """The shipped records plus the 2008 and 2012 Comprehensive Rules."""
    records = list(shipped)
    for era in ("2008-10-01", "2012-10-01"):
        source, text = describe_file(extra_file(CR_FILES[era]))
        records += parse_source(source, text)
    return records


def test_every_definition_of_the_shipped_sources_is_validated(report):
    by_source = Counter(d.source for d in report.definitions)
    assert by_source == {"keyword-abilities-faq-thread-2012": 96,
                         "judge-wiki-keywords-appendix-c": 35,
                         "shards-of-alara-faq-2008": 4, "alara-keyword-rules-blog-2008": 4}
    assert not [d.record for d in report.definitions if d.status == "mismatch"]
    assert report.exit_code == 0


def test_first_group_passes_in_every_shipped_source(report):
    group = [d for d in report.definitions if d.keyword in FIRST_GROUP]
    assert len(group) == 29
    assert {d.status for d in group} == {"ok"}
    assert {d.keyword for d in group} == FIRST_GROUP - {
        "flying", "first strike", "trample", "haste", "landwalk", "protection", "flanking",
        "bands with other"}  # defined only in the Comprehensive Rules


def test_whole_result_for_the_thread_exalted(report):
    result = next(d for d in report.definitions
                  if d.record == "keyword-abilities-faq-thread-2012:keyword:exalted")
    assert result.to_dict() == {
        "keyword": "exalted", "record": "keyword-abilities-faq-thread-2012:keyword:exalted",
        "source": "keyword-abilities-faq-thread-2012", "status": "ok",
        "claims": {"keyword": "exalted", "kinds": ["triggered"], "parameter": "",
                   "triggers": ["attacks alone"], "zones": [], "functions_in": [],
                   "durations": ["until end of turn"], "instances": None,
                   "amounts": ["+1/+1"]},
        "details": ["checked: +X/+Y per instance when exactly one creature attacks",
                    "checked: bonus duration"]}


def test_findings_of_the_shipped_sources(report):
    kinds = Counter(f.kind for f in report.findings)
    assert kinds == {"numbering": 1, "superseded-ruling": 2, "rules-change": 1}
    changed = next(f for f in report.findings if f.kind == "rules-change")
    assert changed.keyword == "cycling"  # dated by the documents: the 2008 FAQ, then the wiki
    assert changed.records == ["shards-of-alara-faq-2008:keyword:cycling",
                               "judge-wiki-keywords-appendix-c:keyword:cycling"]
    numbering = next(f for f in report.findings if f.kind == "numbering")
    assert numbering.records == ["keyword-abilities-faq-thread-2012:keyword:banding",
                                 "keyword-abilities-faq-thread-2012:keyword:rampage"]
    assert "labels both Banding and Rampage 702.20" in numbering.message
    assert "the source uses no 702.21" in numbering.message
    superseded = sorted(f.records[0] for f in report.findings if f.kind == "superseded-ruling")
    assert superseded == ["shards-of-alara-faq-2008:card:battlegrace-angel:ruling:1",
                          "shards-of-alara-faq-2008:card:titanic-ultimatum:ruling:2"]
    angel = next(f for f in report.findings if "battlegrace" in f.records[0])
    assert angel.keyword == "lifelink"
    assert angel.records[1] == "keyword-abilities-faq-thread-2012:keyword:lifelink"
    assert "Multiple instances of lifelink on the same object are redundant." in angel.message
    assert "lifelink became a static ability), first shown in cr-2009-07-11" in angel.message


def test_coverage_in_the_report(report):
    coverage = report.coverage
    assert coverage.defined == 97
    assert coverage.passing <= coverage.with_check <= coverage.defined
    assert coverage.passing >= 23
    assert all(name not in coverage.exceptions for name in FIRST_GROUP)
    text = report.format_text()
    assert f"Coverage: {coverage.line()}" in text


def _passing(records: list[Record]) -> list[Record]:
    return [r for r in records if r.kind == "keyword" and check_definition(r).status == "ok"]


def test_every_mutation_of_a_passing_definition_is_flagged(shipped):
    seen: Counter[str] = Counter()
    for record in _passing(shipped):
        for label, changed in mutations(record):
            result = check_definition(changed)
            assert result.status == "mismatch", (record.id, label)
            assert result.record == record.id
            seen[label.split()[0]] += 1
    for dimension in ("amount", "kind", "trigger", "zone", "duration", "parameter",
                      "instances"):
        assert seen[dimension] >= 4, (dimension, seen)


def test_no_rewording_of_a_passing_definition_is_flagged(shipped):
    seen: Counter[str] = Counter()
    passing = list(_passing(shipped))
    for record in passing:
        before = check_definition(record)
        for label, changed in rewordings(record):
            after = check_definition(changed)
            assert after.status == "ok", (record.id, label, after.details)
            assert after.claims == before.claims, (record.id, label)
            seen[label] += 1
    assert seen["spacing"] == len(passing) >= 130 and seen["curly quotes"] >= 20
    assert seen["single quotes"] >= 15 and seen["older wording"] >= 4


def test_mutations_in_the_comprehensive_rules(with_rules):
    group = [r for r in _passing(with_rules) if r.source.startswith("cr-")
             and r.title.lower() in FIRST_GROUP]
    # 2008: 26 of the group (no intimidate, hexproof, battle cry, annihilator, infect);
    # 2012: 30 (bands with other is part of banding)
    assert len(group) == 26 + 30
    for record in group:
        assert_mutations_mismatch(record, record.id, some=False)
        assert_rewordings_ok(record, record.id, labels=())


def test_findings_against_the_comprehensive_rules(with_rules):
    report = validate(with_rules)
    assert report.exit_code == 0
    numbering = [f for f in report.findings if f.kind == "numbering"]
    assert len(numbering) == 1
    assert numbering[0].message.endswith(
        "in cr-2012-10-01 702.20 is Banding, Rampage is 702.21")
    angel = next(f for f in report.findings if "battlegrace" in f.records[0])
    assert "it agreed with cr-2008-10-01:keyword:lifelink" in angel.message
    assert "cr-2012-10-01:keyword:lifelink" in angel.records
    assert not [f for f in report.findings if f.kind == "sources-disagree"]


def test_definitions_from_an_unknown_folder_still_validate(tmp_path: Path):
    assert validate([]).coverage.defined == 0
