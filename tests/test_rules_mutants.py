"""The mutation generator on real definitions (a sample of the shipped sources; the whole
sweep with figures: bench/bench_mutants.py): rewordings stay ok, changes of meaning of the
kinds the reader reads are caught, and an added sentence fails `--strict`."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.registry import parse_source
from ingest.source import load_manifest
from kb.rules.validate import check_definition
from tests.rules_mutants import meaning_edits, rewordings, sweep

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def sample():
    records = [r for source in load_manifest(DATA) for r in parse_source(source)
               if r.kind == "keyword"]
    return records[::6]


@pytest.fixture(scope="module")
def tally(sample):
    return sweep(sample)


def test_rewordings_of_real_definitions_stay_ok(tally):
    assert tally.rewordings > 50
    assert tally.false_flags == []


def test_kinds_zones_and_durations_are_caught(tally):
    for kind in ("kind", "zone", "duration"):
        assert tally.caught[kind] >= 0.75 * tally.meaning[kind], (kind, tally.misses)


def test_an_added_sentence_is_unread_under_strict():
    from tests.rules_support import definition

    text = ('702.10a Haste is a static ability.\n702.10b If a creature has haste, it can '
            'attack even if it hasn\'t been under its controller\'s control continuously '
            'since their most recent turn began.\n702.10d Multiple instances of haste on '
            'the same creature are redundant.')
    record = definition("Haste", text, source="cr-2026-01-16", era="2026-01-16")
    if check_definition(record).status != "ok":
        pytest.skip("haste has no check in this tree")
    added = definition("Haste", text + " Its controller loses 2 life.",
                       source="cr-2026-01-16", era="2026-01-16")
    assert check_definition(added, strict=True).status == "unread"
    assert any("loses 2 life" in d for d in check_definition(added, strict=True).details)


def test_the_generator_edits_what_the_reader_does_not_extract():
    from tests.rules_support import definition

    record = definition("Exalted", '702.83a Exalted is a triggered ability. "Exalted" means '
                        '"Whenever a creature you control attacks alone, that creature gets '
                        '+1/+1 until end of turn."')
    labels = {label.split(":")[0] for label, _ in meaning_edits(record)}
    assert {"actor", "sign", "added effect", "duration", "kind", "timing"} <= labels
    assert {label.split(":")[0] for label, _ in rewordings(record)} >= {"quotes", "wrapping"}
