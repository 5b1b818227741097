"""History from the documents: earlier forms of a keyword's rules without typed dates, the
first version showing each change learned from the versions, era wording and capture
damage that must not make an unchanged definition fail."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

from kb.rules import history
from kb.rules.claims import extract_claims, lost_characters, parameter_shape
from kb.rules.keywords import REGISTRY, spec_for
from kb.rules.validate import check_definition, validate
from tests.rules_support import definition

LIFELINK_2008 = ('502.68a Lifelink is a triggered ability. "Lifelink" means "Whenever this '
                 'permanent deals damage, you gain that much life."\n502.68b If a '
                 "permanent has multiple instances of lifelink, each triggers separately.")
LIFELINK_2012 = ("702.14b Damage dealt by a source with lifelink causes that source's "
                 "controller, or its owner if it has no controller, to gain that much life (in "
                 "addition to any other results that damage causes).\n702.14e Multiple "
                 "instances of lifelink on the same object are redundant.")


def test_parameter_names_and_dashes_are_one_shape():
    for written in ("X", "[X]", "N"):
        assert parameter_shape(written) == "n"
    for written in ("N-[cost]", "N--[cost]", "N \u2014 [cost]", "N\u2014[cost]"):
        assert parameter_shape(written) == "n -- [cost]"
    assert parameter_shape("from [quality]") == "from [quality]"


def test_characters_lost_to_question_marks_are_restored():
    damaged = ('Bushido is a triggered ability. ?Bushido N? means ?Whenever this creature '
               'blocks or becomes blocked, it gets +N/+N until end of turn.? It can?t.')
    assert lost_characters(damaged) == (
        'Bushido is a triggered ability. "Bushido N" means "Whenever this creature blocks or '
        'becomes blocked, it gets +N/+N until end of turn." It can\'t.')
    assert lost_characters("Who controls it? The owner.") == "Who controls it? The owner."
    assert extract_claims(lost_characters(damaged), "bushido").parameter == "n"


def test_old_mana_symbols_read_as_today():
    text = ('Affinity is a static ability that functions while the card is on the stack. '
            '"Affinity for [text]" means "This spell costs you {o1} less to play for each '
            '[text] you control."')
    assert check_definition(definition("Affinity", text, era="2003-10-01")).status == "ok"


def test_an_earlier_form_passes_without_a_date_and_is_dated_by_the_documents():
    old = definition("Lifelink", LIFELINK_2008, era="", source="undated")
    assert check_definition(old).status == "ok"
    assert check_definition(old).before == "lifelink became a static ability"
    learned = history.learn([check_definition(definition("Lifelink", text, era=era,
                                                         source=f"cr-{era}"), dated=False)
                             for text, era in ((LIFELINK_2008, "2008-10-01"),
                                               (LIFELINK_2012, "2012-10-01"))], REGISTRY)
    assert learned["lifelink"]["lifelink became a static ability"] == {
        "first": "2012-10-01", "first_source": "cr-2012-10-01", "last_before": "2008-10-01"}


def test_the_shipped_table_dates_a_change_and_holds_each_era_to_its_form():
    when = history.change(spec_for("lifelink"), "lifelink became a static ability")
    assert when is not None and when["first_source"] == "cr-2009-07-11"
    assert check_definition(definition("Lifelink", LIFELINK_2008, era="2026-01-16")).status \
        == "mismatch"
    assert check_definition(definition("Lifelink", LIFELINK_2012, era="2008-10-01")).status \
        == "mismatch"


def test_a_later_definition_may_not_go_back_to_earlier_rules(monkeypatch):
    """Within one validation the versions date the change (here with no learned dates): a
    later text that shows the earlier rules again is a mismatch; the change itself is a
    dated finding."""
    monkeypatch.setattr(history, "table", lambda: {})
    report = validate([definition("Lifelink", LIFELINK_2012, era="", source="cr-a"),
                       definition("Lifelink", LIFELINK_2008, era="", source="cr-b")])
    assert [d.status for d in report.definitions] == ["ok", "ok"]  # no eras: no order
    records = [definition("Lifelink", LIFELINK_2008, era="2001-01-01", source="cr-a"),
               definition("Lifelink", LIFELINK_2012, era="2001-06-01", source="cr-b"),
               definition("Lifelink", LIFELINK_2008, era="2002-01-01", source="cr-c")]
    report = validate(records)
    assert [d.status for d in report.definitions] == ["ok", "ok", "mismatch"]
    change = next(f for f in report.findings if f.kind == "rules-change")
    assert "lifelink changed in cr-b" in change.message


FIRST_STRIKE_2007_02 = (
    '502.2a First strike is a static ability that modifies the rules for the combat damage '
    'step. (See rule 310, "Combat Damage Step.")\n502.2b At the start of the combat damage '
    "step, if at least one attacking or blocking creature has first strike or double strike "
    "(see rule 502.28), creatures without first strike or double strike don't assign combat "
    "damage. Instead of proceeding to end of combat, the phase gets a second combat damage "
    "step to handle the remaining creatures. In the second combat damage step, surviving "
    "attackers and blockers that didn't assign combat damage in the first step, plus any "
    "creatures with double strike, assign their combat damage.\n502.2c Adding or removing "
    "first strike after the first combat damage step won't prevent a creature from dealing "
    "combat damage or allow it to deal combat damage twice.\n502.2d Multiple instances of "
    "first strike on the same creature are redundant.")
FIRST_STRIKE_2007_05 = FIRST_STRIKE_2007_02.replace(
    "first strike after the first combat damage step", "first strike any time after combat "
    "damage has been put on the stack in the first combat damage step")


def test_a_text_silent_on_a_change_proves_neither_side_of_it(monkeypatch):
    """First strike 2007-02-01 says nothing of the stack (its form before the M2010 change
    and today's both agree with it); 2007-05-01 adds "put on the stack": the earlier rules,
    which 2007-02-01 never contradicted. Neither is a mismatch (they were 11 false alarms
    over the archive, 2007-05-01 to 2009-07-11)."""
    monkeypatch.setattr(history, "table", lambda: {})
    silent = definition("First strike", FIRST_STRIKE_2007_02, era="2007-02-01",
                        source="cr-2007-02-01")
    stack = definition("First strike", FIRST_STRIKE_2007_05, era="2007-05-01",
                       source="cr-2007-05-01")
    assert set(check_definition(silent).agrees) == {0, 1}
    assert check_definition(stack).agrees == (1,)
    report = validate([silent, stack])
    assert [d.status for d in report.definitions] == ["ok", "ok"]


ARCHIVE = os.environ.get("MTGKB_CR_ARCHIVE", "")
SAMPLE = ("2003-03-15", "2008-05-01", "2009-07-11", "2025-11-14")


@pytest.mark.skipif(not ARCHIVE, reason="MTGKB_CR_ARCHIVE is not set")
@pytest.mark.parametrize("version", SAMPLE)
def test_unchanged_rules_of_other_years_pass(version):
    """A sample of the archive (bench/bench_validate.py runs all of it): no mismatch."""
    from bench.bench_validate import read_version
    from ingest.registry import parse_source

    path = Path(ARCHIVE) / f"{version}.txt"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    source, text = read_version(path)
    report = validate(parse_source(source, text))
    bad = [(d.keyword, d.details[:1]) for d in report.definitions if d.status == "mismatch"]
    assert bad == []


def test_a_clause_every_version_states_may_not_go_missing():
    """Today's trample without its excess-damage clause: every rules version since 2003
    states it, so a full rules text of a later era that lacks it is a mismatch."""
    from ingest.registry import parse_source
    from ingest.source import load_manifest

    data = Path(__file__).resolve().parent.parent / "data"
    trample = next((r for s in load_manifest(data) if s.id.startswith("cr-")
                    for r in parse_source(s) if r.kind == "keyword" and r.title == "Trample"),
                   None)
    if trample is None:
        pytest.skip("no Comprehensive Rules among the shipped sources")
    assert check_definition(trample).status == "ok"
    sentence = next(s for s in re.split(r"(?<=\.) ", trample.text) if "excess" in s
                    or "remaining damage" in s)
    cut = replace(trample, text=trample.text.replace(sentence, ""))
    result = check_definition(cut)
    assert result.status == "mismatch", result.details
    assert "no longer states a clause" in result.details[0]
    other = check_definition(replace(cut, source="a-faq"))  # not a full rules text
    assert not any("no longer states" in d for d in other.details)
