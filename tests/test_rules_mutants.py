"""The clause reader and the whole-text comparison on real definitions, and the mutation
generator (a sample of the shipped sources; the whole sweep with figures:
bench/bench_mutants.py): rewordings stay ok, changes of meaning of every kind are caught."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ingest.registry import parse_source
from ingest.source import load_manifest
from kb.rules.reader import read_clauses, tokens
from kb.rules.validate import check_definition, validate
from tests.rules_mutants import meaning_edits, rewordings, sweep

DATA = Path(__file__).resolve().parent.parent / "data"
FAMILIES = {"actor", "sign", "negation", "added effect", "removed clause", "number", "zone",
            "duration", "kind", "timing"}


@pytest.fixture(scope="module")
def shipped():
    return [r for source in load_manifest(DATA) for r in parse_source(source)
            if r.kind == "keyword"]


@pytest.fixture(scope="module")
def tally(shipped):
    return sweep(shipped[::23])


def _today(shipped, name):
    return next(r for r in shipped if r.source.startswith("cr-") and r.title == name)


def test_rewordings_keep_the_reading():
    same = [("This permanent can't be the target of spells your opponents control.",
             "This permanent cannot be targeted by spells your opponents control."),
            ("Each creature you control gets +1/+1.", "Every creature you control gets +1/+1."),
            ("When this creature comes into play, remove it from the game.",
             "When this creature enters the battlefield, exile it."),
            ("Its converted mana cost is 3.", "Its mana value is three.")]
    for one, other in same:
        assert sorted(tokens(one)) == sorted(tokens(other)), (one, other)


def test_changes_of_meaning_change_the_reading():
    base = "Whenever a creature you control attacks alone, it gets +1/+1 until end of turn."
    for changed in ("Whenever a creature an opponent controls attacks alone, it gets +1/+1 "
                    "until end of turn.",
                    "Whenever a creature you control attacks alone, it gets -1/-1 until end "
                    "of turn.",
                    "Whenever a creature you control blocks alone, it gets +1/+1 until end of "
                    "turn.",
                    "Whenever a creature you control attacks alone, it gets +1/+1 until your "
                    "next turn."):
        assert sorted(tokens(base)) != sorted(tokens(changed)), changed


def test_every_clause_is_read_with_its_label():
    clauses = read_clauses('702.83a Exalted is a triggered ability. "Exalted" means "Whenever '
                           'a creature you control attacks alone, that creature gets +1/+1 '
                           'until end of turn."\n702.83b A creature "attacks alone" if it\'s '
                           "the only creature declared as an attacker. See rule 506.5.",
                           "Exalted")
    assert [c.label for c in clauses] == ["702.83a", "702.83a", "702.83b", "702.83b"]
    assert clauses[0].reading.kind == ("trigger",)
    assert all(c.placed for c in clauses) and clauses[-1].pointer


def test_todays_rules_pass_and_their_changes_fail(shipped):
    trample = _today(shipped, "Trample")
    assert check_definition(trample).status == "ok"
    lost = replace(trample, text=trample.text.split("\n")[0])
    assert check_definition(lost).status == "mismatch"
    haste = _today(shipped, "Haste")
    negated = replace(haste, text=haste.text.replace("can attack", "can't attack"))
    result = check_definition(negated)
    assert result.status == "mismatch" and any("can't attack" in d for d in result.details)


def test_an_added_effect_is_a_mismatch_quoting_it(shipped):
    exalted = _today(shipped, "Exalted")
    added = replace(exalted, text=exalted.text.replace(
        "until end of turn.", "until end of turn. Then its controller loses 2 life.", 1))
    result = check_definition(added)
    assert result.status == "mismatch"
    assert any("loses 2 life" in d for d in result.details)


def test_a_wrong_rule_number_in_the_rules_is_a_mismatch(shipped):
    exalted = _today(shipped, "Exalted")
    number = exalted.text.split(" ")[0].rstrip("a")
    wrong = replace(exalted, text=exalted.text.replace(number, "702.7", 1))
    assert check_definition(wrong).status == "mismatch"


def test_the_shipped_sources_pass_with_no_unread_clause(shipped):
    report = validate(shipped)
    assert [d.record for d in report.definitions if d.status != "ok"] == []
    assert sum(len(d.unread) for d in report.definitions) == 0
    assert report.exit_code == 0


def test_the_generator_edits_in_every_family():
    from tests.rules_support import definition

    record = definition("Exalted", '702.83a Exalted is a triggered ability. "Exalted" means '
                        '"Whenever a creature you control attacks alone, that creature gets '
                        '+1/+1 until end of turn."\n702.83b A creature "attacks alone" if '
                        "it's the only creature declared as an attacker in a given combat "
                        "phase. Multiple instances of exalted each trigger.")
    labels = {label.split(":")[0] for label, _ in meaning_edits(record)}
    assert FAMILIES - {"zone"} <= labels
    assert {label.split(":")[0] for label, _ in rewordings(record)} >= {
        "quotes", "wrapping", "sentence order"}


def test_rewordings_of_real_definitions_stay_ok(tally):
    assert tally.rewordings > 30
    assert tally.false_flags == []


def test_changes_of_meaning_of_real_definitions_are_caught(tally):
    caught, total = sum(tally.caught.values()), sum(tally.meaning.values())
    assert total > 100 and caught >= 0.97 * total, tally.misses[:10]
