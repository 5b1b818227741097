"""The rulings-db parser on the shipped dump "General Rulings - 112 - Abilities" (Oct 2009)."""

from __future__ import annotations

import re

import pytest
from conftest import CR_FILES, DATA, extra_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import registry, rulings_db
from ingest.source import IngestError, Source, load_manifest, read_text
from kb.model import Record
from kb.text import normalize
from tests.parsing import parse_or_refuse

SOURCE_ID = "rulings-db-abilities-2009"
DUMP_TEXT = read_text(DATA / "sources" / f"{SOURCE_ID}.txt")
DUMP_LINES = DUMP_TEXT.split("\n")
OTHER_SOURCES = ["shards-of-alara-faq-2008", "alara-keyword-rules-blog-2008",
                 "keyword-abilities-faq-thread-2012", "judge-wiki-keywords-appendix-c"]
TEXT_112_6H = ("A trigger condition that can't trigger from the battlefield functions in all "
               "zones it can trigger from. Other trigger conditions of the same triggered "
               "ability may function in different zones.")
EXAMPLE_112_6H = (
    'Absolver Thrull has the ability "When Absolver Thrull enters the battlefield or the '
    'creature it haunts is put into a graveyard, destroy target enchantment." The first '
    "trigger condition triggers from the battlefield and the second trigger condition "
    'functions from the exile zone. (See Rule 702.52, "Haunt.")')


def rid(number: str) -> str:
    """The record id of a rule of this source."""
    return f"{SOURCE_ID}:{number}"


@pytest.fixture(scope="module")
def source() -> Source:
    """The manifest entry of the dump."""
    return next(s for s in load_manifest(DATA) if s.id == SOURCE_ID)


@pytest.fixture(scope="module")
def records(source: Source) -> list[Record]:
    """Every record of the dump, parsed once."""
    return rulings_db.parse(source, DUMP_TEXT)


@pytest.fixture(scope="module")
def by_rule(records: list[Record]) -> dict[str, Record]:
    """The records by rule number."""
    return {record.rule or "": record for record in records}


def test_counts(records: list[Record]) -> None:
    assert len(records) == 33
    assert {r.kind for r in records} == {"rule"}
    assert sum(len(r.meta.get("examples", [])) for r in records) == 4
    assert [r.rule for r in records if r.meta.get("examples")] == [
        "112.2a", "112.6h", "112.6i", "112.11"]


def test_112_6a_to_k_present(by_rule: dict[str, Record]) -> None:
    six = [number for number in by_rule if re.fullmatch(r"112\.6[a-z]", number)]
    assert six == [f"112.6{letter}" for letter in "abcdefghijk"]
    assert all(by_rule[n].parent == rid("112.6") for n in six)


def test_112_6h_whole_record(by_rule: dict[str, Record]) -> None:
    assert by_rule["112.6h"] == Record(
        id=rid("112.6h"), kind="rule", source=SOURCE_ID, title="112.6h Abilities",
        text=f"{TEXT_112_6H}\nExample: {EXAMPLE_112_6H}", date="2009-10-01", rule="112.6h",
        line_start=28, line_end=29, parent=rid("112.6"), era="2009-10-01",
        meta={"examples": [EXAMPLE_112_6H]},
    )


def test_the_rules_tag_dates_each_rule(by_rule: dict[str, Record]) -> None:
    assert by_rule["112.1"].date == "2009-07-08"
    assert by_rule["112.2c"].date == "2009-10-01"
    assert {r.date for r in by_rule.values()} == {"2009-07-08", "2009-10-01"}
    assert all(r.era == "2009-10-01" for r in by_rule.values())


def test_placeholder_marks_go_their_words_stay(by_rule: dict[str, Record]) -> None:
    assert by_rule["112.2a"].meta["examples"] == ['"This creature can\'t block" is an ability.']
    assert ('They are written as "Cost: Effect. Activation restriction (if any)."'
            in by_rule["112.3b"].text)
    assert '("permanent is characteristic value")' in by_rule["112.11"].text
    assert not any("<-" in r.text or "->" in r.text for r in by_rule.values())


def test_parents_and_titles(by_rule: dict[str, Record]) -> None:
    assert by_rule["112.1"].parent is None  # the dump does not hold rule 112 itself
    assert by_rule["112.1a"].parent == rid("112.1")
    assert by_rule["112.10"].parent is None
    assert by_rule["112.10"].title == "112.10 Abilities"


def test_rules_quote_cr_2009(by_rule: dict[str, Record]) -> None:
    cr = read_text(extra_file(CR_FILES["2009-10-01"])).split("\n")
    differ = []
    for number, record in by_rule.items():
        line = next(line for line in cr if re.match(rf"{re.escape(number)}\.? ", line))
        quoted = normalize(re.sub(r"^\S+ ", "", line).replace("[", "").replace("]", ""))
        # the database writes "See Rule 609" where the rules write "See rule 609"
        if record.text.split("\n")[0].lower() != quoted.lower():
            differ.append(number)
    # a wording of the database's own: "Rules 112.5a through Rule 112.5j" for "rules
    # 112.5a-j", "613.12" for "614.12", a URL without its <>, 112.7 without a sentence
    assert differ == ["112.3a", "112.6f", "112.6j", "112.7"]


def test_provenance_spans_hold_the_text(records: list[Record]) -> None:
    for record in records:
        span = normalize(" ".join(DUMP_LINES[record.line_start - 1:record.line_end]))
        span = span.replace("<-", "").replace("->", "")
        for piece in record.text.split("\n"):
            assert piece in span, (record.id, piece[:60])


def test_section_number_quirk() -> None:
    assert rulings_db.section_number("112112") == "112"
    assert rulings_db.section_number("113") == "113"
    assert rulings_db.section_number("702702") == "702"


# ------------------------------------------------------------------ the parser interface

def test_sniff_knows_the_dump_only() -> None:
    assert rulings_db.sniff(DUMP_TEXT)
    for source in load_manifest(DATA):
        if source.id in OTHER_SOURCES:
            assert not rulings_db.sniff(read_text(source.path)), source.id


@pytest.mark.parametrize("version", sorted(CR_FILES))
def test_sniff_rejects_the_comprehensive_rules(version: str) -> None:
    assert not rulings_db.sniff(read_text(extra_file(CR_FILES[version])))


def test_describe() -> None:
    assert rulings_db.describe(DUMP_TEXT, DATA / "sources" / f"{SOURCE_ID}.txt") == {
        "id": "rulings-db-112-abilities-2009",
        "title": "General Rulings - 112 - Abilities (rulings database, Oct 23, 2009 release)",
        "date": "2009-10-23",
        "era": "2009-10-01",
    }


def test_registry_sniffs_and_parses_it(source: Source) -> None:
    assert registry.sniff(DUMP_TEXT, source.path) == "rulings-db"
    assert len(registry.parse_source(source)) == 33


def test_errors_name_the_file_and_line(source: Source) -> None:
    with pytest.raises(IngestError, match=str(source.path)):
        rulings_db.parse(source, "This search based on the Oct 23, 2009 release.\n")
    header = "General Rulings - 112112 - Abilities\n"
    with pytest.raises(IngestError, match=rf"{re.escape(str(source.path))}:2: an Example"):
        rulings_db.parse(source, header + "Example: no rule above\n")


# ------------------------------------------------------------------ properties



@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.floats(min_value=0, max_value=1), st.floats(min_value=0, max_value=1))
def test_truncated_dumps_parse_or_refuse(source: Source, start: float, end: float) -> None:
    low, high = sorted((int(start * len(DUMP_TEXT)), int(end * len(DUMP_TEXT))))
    for text in (DUMP_TEXT[:high], DUMP_TEXT[low:high]):
        found = parse_or_refuse(rulings_db, source, text)
        if found is not None:
            assert found and len({r.id for r in found}) == len(found)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("- 112.6ha[CompRules 2009/10/01]<->\nExample:"
                                              "General Rulings - 112 - Abilities"))))
def test_arbitrary_text_parses_or_refuses(source: Source, text: str) -> None:
    parse_or_refuse(rulings_db, source, text)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(range(4, 44)), max_size=12))
def test_ids_stable_and_unique(source: Source, picked: list[int]) -> None:
    # rule lines picked (and repeated) at will under the header
    text = "\n".join([DUMP_LINES[2], *(DUMP_LINES[n - 1] for n in picked
                                       if DUMP_LINES[n - 1].startswith("- "))])
    first = parse_or_refuse(rulings_db, source, text)
    again = parse_or_refuse(rulings_db, source, text)
    assert (first is None) == (again is None)
    if first is not None and again is not None:
        assert [r.id for r in first] == [r.id for r in again]
        assert len({r.id for r in first}) == len(first)
