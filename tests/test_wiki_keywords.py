"""The wiki-keywords parser on the shipped judge-wiki page "Appendix C (Judge Classes)"."""

from __future__ import annotations

import pytest
from conftest import CR_FILES, DATA, extra_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import capture_damage, registry, wiki_keywords
from ingest.source import IngestError, Source, load_manifest, read_text
from kb.model import Record
from kb.text import normalize
from tests.parsing import parse_or_refuse

SOURCE_ID = "judge-wiki-keywords-appendix-c"
WIKI_TEXT = read_text(DATA / "sources" / f"{SOURCE_ID}.txt")
WIKI_LINES = WIKI_TEXT.split("\n")
OTHER_SOURCES = ["shards-of-alara-faq-2008", "alara-keyword-rules-blog-2008",
                 "keyword-abilities-faq-thread-2012", "rulings-db-abilities-2009"]
NAMES = ["Cumulative Upkeep", "Buyback", "Shadow", "Cycling", "Echo", "Kicker", "Flashback",
         "Madness", "Fear", "Morph", "Storm", "Affinity", "Modular", "Sunburst", "Splice",
         "Convoke", "Dredge", "Transmute", "Haunt", "Replicate", "Forecast", "Split Second",
         "Suspend", "Champion", "Evoke", "Conspire", "Persist", "Exalted", "Unearth", "Cascade",
         "Annihilator", "Level Up", "Rebound", "Totem Armor", "Infect"]
GROUP = {"group": "Miscellaneous Abilities", "section": "702"}


def rid(slug: str) -> str:
    """The id of a keyword record of this source."""
    return f"{SOURCE_ID}:keyword:{slug}"


@pytest.fixture(scope="module")
def source() -> Source:
    """The manifest entry of the page."""
    return next(s for s in load_manifest(DATA) if s.id == SOURCE_ID)


@pytest.fixture(scope="module")
def records(source: Source) -> list[Record]:
    """Every record of the page, parsed once."""
    return wiki_keywords.parse(source, WIKI_TEXT)


@pytest.fixture(scope="module")
def by_title(records: list[Record]) -> dict[str, Record]:
    """The records by keyword name."""
    return {record.title: record for record in records}


def test_counts(records: list[Record]) -> None:
    assert len(records) == 35
    assert {r.kind for r in records} == {"keyword"}
    assert [r.title for r in records] == NAMES
    assert all(r.rule is None and r.keywords == [r.title.lower()] for r in records)
    assert all(r.meta["group"] == "Miscellaneous Abilities" for r in records)


def test_exalted_whole_record(by_title: dict[str, Record]) -> None:
    assert by_title["Exalted"] == Record(
        id=rid("exalted"), kind="keyword", source=SOURCE_ID, title="Exalted",
        text='Exalted is a triggered ability. "Exalted" means "Whenever a creature you control '
             'attacks alone, that creature gets +1/+1 until end of turn." A creature "attacks '
             "alone\" if it's the only creature declared as an attacker in a given combat "
             "phase.",
        date="2011-01-01", keywords=["exalted"], line_start=118, line_end=120,
        era="2011-01-01", meta=GROUP,
    )


def test_shadow_whole_record(by_title: dict[str, Record]) -> None:
    assert by_title["Shadow"] == Record(
        id=rid("shadow"), kind="keyword", source=SOURCE_ID, title="Shadow",
        text="Shadow is an evasion ability. A creature with shadow can't be blocked by "
             "creatures without shadow, and a creature without shadow can't be blocked by "
             "creatures with shadow. Multiple instances are redundant.",
        date="2011-01-01", keywords=["shadow"], line_start=18, line_end=20,
        era="2011-01-01", meta=GROUP,
    )


def test_header_and_chrome_make_no_records(records: list[Record]) -> None:
    texts = " ".join(r.title + " " + r.text for r in records)
    for chrome in ("Appendix C", "Judge Wiki", "Jump to", "Comp. Rules section", "|"):
        assert chrome not in texts


# ------------------------------------------------------------------ damage

def test_run_together_words_are_noted_not_repaired(by_title: dict[str, Record]) -> None:
    fear = by_title["Fear"]
    assert "A creature with fearcan't be blocked" in fear.text
    assert fear.meta["damage"] == ["run-together words: \"fearcan't\" (fear can't)"]
    assert "run-together words: 'anobject' (an object)" in by_title["Sunburst"].meta["damage"]
    assert "run-together words: 'cardis' (card is)" in by_title["Splice"].meta["damage"]
    assert "run-together words: 'couldcast' (could cast)" in by_title["Level Up"].meta["damage"]
    assert "missing space: '…it and,at the…'" in by_title["Rebound"].meta["damage"]


def test_damage_counts(records: list[Record]) -> None:
    found = [d for r in records for d in r.meta.get("damage", [])]
    assert sum(d.startswith("run-together words") for d in found) == 26
    assert sum(d.startswith("missing space") for d in found) == 4
    assert len(found) == 30
    assert sum(1 for r in records if r.meta.get("damage")) == 16
    assert "damage" not in by_name(records, "Exalted").meta


def by_name(records: list[Record], name: str) -> Record:
    """The record of one keyword."""
    return next(r for r in records if r.title == name)


def test_vocabulary_comes_from_the_other_documents() -> None:
    known = capture_damage.shipped_vocabulary(wiki_keywords.FORMAT)
    assert "fearcan't" not in known and "anobject" not in known
    assert {"fear", "can't", "an", "object", "card", "is"} <= known
    assert capture_damage.split_in_two("fearcan't", known) == ("fear", "can't")
    assert capture_damage.split_in_two("battlefield", known) is None  # a known word


# ------------------------------------------------------------------ provenance

def test_provenance_spans_hold_the_text(records: list[Record]) -> None:
    for record in records:
        span = WIKI_LINES[record.line_start - 1:record.line_end]
        assert span[0].strip() == record.title
        assert normalize(" ".join(span)).endswith(record.text)


# ------------------------------------------------------------------ the parser interface

def test_sniff_knows_the_page_only() -> None:
    assert wiki_keywords.sniff(WIKI_TEXT)
    for source in load_manifest(DATA):
        if source.id in OTHER_SOURCES:
            assert not wiki_keywords.sniff(read_text(source.path)), source.id


@pytest.mark.parametrize("version", sorted(CR_FILES))
def test_sniff_rejects_the_comprehensive_rules(version: str) -> None:
    assert not wiki_keywords.sniff(read_text(extra_file(CR_FILES[version])))


def test_describe() -> None:
    path = DATA / "sources" / f"{SOURCE_ID}.txt"
    assert wiki_keywords.describe(WIKI_TEXT, path) == {
        "id": "judge-wiki-appendix-c-judge-classes",
        "title": "Appendix C (Judge Classes), Judge Wiki", "date": "", "era": "2011-01-01"}
    with pytest.raises(IngestError, match="not a wiki keyword page"):
        wiki_keywords.describe("Some page\n\nShadow\n\nShadow is evasion.\n", path)


def test_registry_sniffs_and_parses_it(source: Source) -> None:
    assert registry.sniff(WIKI_TEXT, source.path) == "wiki-keywords"
    assert len(registry.parse_source(source)) == 35


def test_no_section_line_is_an_ingest_error(source: Source) -> None:
    with pytest.raises(IngestError, match=str(source.path)):
        wiki_keywords.parse(source, "Shadow\n\nShadow is an evasion ability.\n")


# ------------------------------------------------------------------ properties



@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.floats(min_value=0, max_value=1), st.floats(min_value=0, max_value=1))
def test_truncated_pages_parse_or_refuse(source: Source, start: float, end: float) -> None:
    low, high = sorted((int(start * len(WIKI_TEXT)), int(end * len(WIKI_TEXT))))
    for text in (WIKI_TEXT[:high], WIKI_TEXT[low:high]):
        found = parse_or_refuse(wiki_keywords, source, text)
        if found is not None:
            assert found and len({r.id for r in found}) == len(found)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("(Comp. Rules section 702)\n Shadow is.|Fear"))))
def test_arbitrary_text_parses_or_refuses(source: Source, text: str) -> None:
    parse_or_refuse(wiki_keywords, source, text)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(range(10, 147, 4)), max_size=10))
def test_ids_stable_and_unique(source: Source, picked: list[int]) -> None:
    # definitions picked (and repeated) at will under the header
    body = [line for n in picked for line in (*WIKI_LINES[n - 1:n + 2], "")]
    text = "\n".join([*WIKI_LINES[:9], *body])
    first = parse_or_refuse(wiki_keywords, source, text)
    again = parse_or_refuse(wiki_keywords, source, text)
    assert (first is None) == (again is None) == (not picked)
    if first is not None and again is not None:
        assert [r.id for r in first] == [r.id for r in again]
        assert len({r.id for r in first}) == len(first) == len(picked)
