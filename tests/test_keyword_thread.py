"""The keyword-thread parser on the shipped "Keyword Abilities FAQ" forum thread (CR 2012-10-01)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import CR_FILES, DATA, extra_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import keyword_thread, registry
from ingest.source import IngestError, Source, load_manifest, read_text
from kb.model import Record
from kb.text import normalize
from tests.parsing import parse_or_refuse

SOURCE_ID = "keyword-abilities-faq-thread-2012"
THREAD_TEXT = read_text(DATA / "sources" / f"{SOURCE_ID}.txt")
THREAD_LINES = THREAD_TEXT.split("\n")
OTHER_SOURCES = ["shards-of-alara-faq-2008", "alara-keyword-rules-blog-2008",
                 "rulings-db-abilities-2009", "judge-wiki-keywords-appendix-c"]
KEYWORD_ACTIONS = ["Scry", "Fateseal", "Regenerate", "Clash", "Proliferate", "Fight",
                   "Transform", "Detain", "Populate"]


def rid(suffix: str) -> str:
    """A record id of this source."""
    return f"{SOURCE_ID}:{suffix}"


@pytest.fixture(scope="module")
def source() -> Source:
    """The manifest entry of the thread."""
    return next(s for s in load_manifest(DATA) if s.id == SOURCE_ID)


@pytest.fixture(scope="module")
def records(source: Source) -> list[Record]:
    """Every record of the thread, parsed once."""
    return keyword_thread.parse(source, THREAD_TEXT)


@pytest.fixture(scope="module")
def by_id(records: list[Record]) -> dict[str, Record]:
    """The records by id."""
    return {record.id: record for record in records}


def of_kind(records: list[Record], kind: str) -> list[Record]:
    """The records of one kind, in document order."""
    return [r for r in records if r.kind == kind]


# ------------------------------------------------------------------ counts

def test_counts(records: list[Record]) -> None:
    assert Counter(r.kind for r in records) == {"rule": 356, "keyword": 96, "qa": 468,
                                                "section": 4}
    questions = of_kind(records, "qa")
    assert sum(1 for q in questions if q.meta["answer"]) == 467  # answered pairs
    assert [q.id for q in questions if not q.meta["answer"]] == [
        rid("section:ability-words:qa:1")]


def test_one_keyword_per_section_with_a_rules_entry(records: list[Record]) -> None:
    keywords = of_kind(records, "keyword")
    headings = [k.meta["section_heading"] for k in keywords]
    assert len(set(headings)) == 96 == THREAD_TEXT.count("Comprehensive Rules entry for th")
    assert headings[:5] == ["Banding and Bands with Other", "Rampage", "Cumulative Upkeep",
                            "Vigilance", "Phasing"]
    assert headings[-1] == "Unleash"
    # each heading is the line above its section
    for keyword in keywords:
        assert THREAD_LINES[keyword.line_start - 2].strip() == keyword.meta["section_heading"]


def test_keyword_actions_count_too(records: list[Record]) -> None:
    actions = [k for k in of_kind(records, "keyword") if k.meta["keyword_kind"] == "action"]
    assert [k.title for k in actions] == KEYWORD_ACTIONS
    assert all(k.meta["number"].startswith("701.") for k in actions)
    scry = next(k for k in actions if k.title == "Scry")
    assert scry.meta["number"] == "701.18"


# ------------------------------------------------------------------ whole records

def test_exalted_rule(by_id: dict[str, Record]) -> None:
    assert by_id[rid("702.81a")] == Record(
        id=rid("702.81a"), kind="rule", source=SOURCE_ID, title="702.81a Exalted",
        text='Exalted is a triggered ability. "Exalted" means "Whenever a creature you '
             'control attacks alone, that creature gets +1/+1 until end of turn."',
        date="2012-10-01", rule="702.81a", keywords=["exalted"], line_start=162,
        line_end=162, parent=rid("702.81"), era="2012-10-01",
    )


def test_exalted_keyword(by_id: dict[str, Record]) -> None:
    assert by_id[rid("keyword:exalted")] == Record(
        id=rid("keyword:exalted"), kind="keyword", source=SOURCE_ID, title="Exalted",
        text='702.81a Exalted is a triggered ability. "Exalted" means "Whenever a creature '
             'you control attacks alone, that creature gets +1/+1 until end of turn."\n'
             '702.81b A creature "attacks alone" if it\'s the only creature declared as an '
             "attacker in a given combat phase. See rule 506.5.",
        date="2012-10-01", keywords=["exalted"], line_start=162, line_end=162,
        parent=rid("702.81"), era="2012-10-01",
        meta={"number": "702.81", "rules": [rid("702.81"), rid("702.81a"), rid("702.81b")],
              "keyword_kind": "ability", "section_heading": "Exalted"},
    )


def test_a_question_with_its_answer(by_id: dict[str, Record]) -> None:
    answer = ("Yes. Each permanent's exalted ability triggers separately and gives the "
              "attacking creature its own bonus, and those bonuses add up.")
    assert by_id[rid("keyword:exalted:qa:2")] == Record(
        id=rid("keyword:exalted:qa:2"), kind="qa", source=SOURCE_ID,
        title="Is exalted cumulative?", text=f"Q: Is exalted cumulative?\nA: {answer}",
        date="2012-10-01", keywords=["exalted"], line_start=162, line_end=162,
        parent=rid("keyword:exalted"), era="2012-10-01",
        meta={"question": "Is exalted cumulative?", "answer": answer},
    )


def test_the_unanswered_question_stands_alone(by_id: dict[str, Record]) -> None:
    section = by_id[rid("section:ability-words")]
    assert (section.kind, section.title, section.line_start) == ("section", "Ability Words", 98)
    assert by_id[rid("section:ability-words:qa:1")] == Record(
        id=rid("section:ability-words:qa:1"), kind="qa", source=SOURCE_ID,
        title="What exactly is an ability word?", text="Q: What exactly is an ability word?",
        date="2012-10-01", line_start=99, line_end=99, parent=rid("section:ability-words"),
        era="2012-10-01", meta={"question": "What exactly is an ability word?", "answer": ""},
    )
    # nothing glued to it: the question before it ends Ripple's section, the one after it
    # starts Flash's
    assert "ability word" not in by_id[rid("keyword:ripple")].text
    flash_first = by_id[rid("keyword:flash:qa:1")]
    assert flash_first.line_start == 101 and "ability word" not in flash_first.text


def test_answers_after_a_question_mark_without_a_space(by_id: dict[str, Record]) -> None:
    qa = by_id[rid("keyword:vigilance:qa:2")]
    assert qa.meta["question"] == ("Does a creature with vigilance have to tap to pay for "
                                   "activated abilities with in the cost?")
    assert qa.meta["answer"].startswith("Yes. Vigilance only means")


# ------------------------------------------------------------------ splitting rules

def test_banding_rules_split_only_where_a_rule_starts(by_id: dict[str, Record]) -> None:
    keyword = by_id[rid("keyword:banding")]
    numbers = [by_id[i].rule for i in keyword.meta["rules"]]
    assert numbers == ["702.20", *(f"702.20{c}" for c in "abcdefghijkm")]
    # "see rule 702.20j" inside 702.20c does not start a rule
    assert by_id[rid("702.20c")].text.endswith(
        "(Defending players can't declare bands but may use banding in a different way; "
        "see rule 702.20j.)")
    assert by_id[rid("702.20j")].text == (
        "During the combat damage step, if an attacking creature is being blocked by a "
        'creature with banding, or by both a [quality] creature with "bands with other '
        '[quality]" and another [quality] creature, the defending player (rather than the '
        "active player) chooses how the attacking creature's damage is assigned. That player "
        "can divide that creature's combat damage as he or she chooses among any number of "
        "creatures blocking it. This is an exception to the procedure described in rule "
        "510.1c.")
    # the thread's pointer to its main FAQ is a note, not part of the last rule
    assert by_id[rid("702.20m")].text.endswith('of the same kind on the same creature are '
                                                "redundant.")
    assert keyword.meta["notes"] == [
        "For general information about the combat phase, check the Combat, Attacking, "
        "Blocking, and Combat Damage entries in the Main Rules Q&A FAQ."]
    assert keyword.keywords == ["banding", "bands with other"]
    assert keyword.meta["section_heading"] == "Banding and Bands with Other"


def test_a_subrule_number_with_a_stray_dot(by_id: dict[str, Record]) -> None:
    # the thread writes "702.93a. Soulbond is ..."
    assert by_id[rid("702.93")].text == "Soulbond"
    assert by_id[rid("702.93a")].text.startswith("Soulbond is a keyword that represents")


def test_examples_stay_with_their_rule(by_id: dict[str, Record]) -> None:
    rule = by_id[rid("702.24b")]
    assert len(rule.meta["examples"]) == 2
    assert rule.meta["examples"][1].startswith("You control a phased-out creature.")
    assert rule.text.split("\n")[1:] == [f"Example: {e}" for e in rule.meta["examples"]]


def test_rampage_keeps_the_number_the_thread_gives_it(by_id: dict[str, Record]) -> None:
    rampage = by_id[rid("keyword:rampage")]
    assert rampage.meta["number"] == "702.20"  # wrong in the source: 702.21 in CR 2012-10-01
    assert rampage.meta["section_heading"] == "Rampage"
    assert rampage.meta["rules"] == [rid("702.20~2"), rid("702.20a~2"), rid("702.20b~2"),
                                     rid("702.20c~2")]
    assert by_id[rid("702.20a~2")].title == "702.20a Rampage"
    assert by_id[rid("702.20a~2")].parent == rid("702.20~2")
    assert by_id[rid("702.20a")].text == ("Banding is a static ability that modifies the "
                                          "rules for combat.")
    assert len(by_id[rid("keyword:banding")].meta["rules"]) == 13  # no Rampage rules mixed in


def test_rules_quote_cr_2012(records: list[Record]) -> None:
    cr = rule_texts(read_text(extra_file(CR_FILES["2012-10-01"])))
    differ = [r.id for r in of_kind(records, "rule") if cr.get(r.rule or "") != r.text]
    assert differ == [
        rid("702.20~2"), rid("702.20a~2"), rid("702.20b~2"), rid("702.20c~2"),  # Rampage
        rid("702.22b"), rid("702.24b"), rid("702.32a"), rid("702.48a"),  # older wordings
    ]


def rule_texts(cr_text: str) -> dict[str, str]:
    """Rule number -> normalised text with its examples, from a Comprehensive Rules file."""
    texts: dict[str, list[str]] = {}
    current = None
    for line in cr_text.split("\n"):
        numbered = re.match(r"^(\d{3}\.\d+[a-z]?)\.? (.*)", line)
        if numbered:
            current = numbered.group(1)
            texts[current] = [numbered.group(2)]
        elif current and line.startswith("Example:"):
            texts[current].append(line)
        elif line.strip():
            current = None
    return {number: normalize("\n".join(parts)) for number, parts in texts.items()}


# ------------------------------------------------------------------ removed sections

def test_removal_notes_are_section_records(records: list[Record]) -> None:
    removed = [r for r in of_kind(records, "section") if r.meta.get("removed")]
    assert [(r.id, r.title, r.line_start, r.refs) for r in removed] == [
        (rid("section:threshold"), "Threshold", 30, [rid("section:ability-words")]),
        (rid("section:imprint"), "Imprint", 52, [rid("section:ability-words")]),
        (rid("section:substance"), "Substance", 82, []),
    ]
    assert removed[2].text == ("This section has been removed, as the keyword it covered "
                               "(Substance) no longer exists.")
    assert not any(r.rule for r in removed)


# ------------------------------------------------------------------ damage

def test_lost_card_links_are_noted(by_id: dict[str, Record]) -> None:
    banding = by_id[rid("keyword:banding:qa:1")]
    assert "attack you with Benalish Hero Creatures in a band" in banding.text  # kept as is
    assert any("Benalish Hero Creatures" in d for d in banding.meta["damage"])
    totem = by_id[rid("keyword:buyback:qa:5")]
    assert totem.meta["question"].endswith("(with, say, Grinning Totem")
    assert any("(with, say, Grinning Totem" in d for d in totem.meta["damage"])
    offering = by_id[rid("keyword:offering:qa:4")]
    assert any("10 image(s) left as '![]()'" in d for d in offering.meta["damage"])
    clash = by_id[rid("keyword:clash:qa:5")]
    assert sum("'an in'" in d for d in clash.meta["damage"]) == 2


def test_a_section_broken_over_two_lines(by_id: dict[str, Record]) -> None:
    first = by_id[rid("keyword:phasing:qa:1")]
    assert (first.line_start, first.line_end) == (13, 14)
    assert first.meta["damage"][0].startswith("text lost at a line break: line 13 ends "
                                              "'Now, this is where it gets complicated:'")
    second = by_id[rid("keyword:phasing:qa:2")]
    assert (second.line_start, second.line_end) == (14, 14)


def test_damage_only_where_noticed(records: list[Record]) -> None:
    damaged = [r for r in records if r.meta.get("damage")]
    assert {r.kind for r in damaged} == {"qa"}  # the quoted rules are whole (they match the CR)
    assert len(damaged) == 68
    assert sum(len(r.meta["damage"]) for r in damaged) == 101


# ------------------------------------------------------------------ provenance

def test_provenance_spans_hold_the_text(records: list[Record]) -> None:
    for record in records:
        span = normalize(" ".join(THREAD_LINES[record.line_start - 1:record.line_end]))
        if record.kind == "qa":
            pieces = [record.meta["question"], record.meta["answer"]]
        elif record.kind == "rule":
            pieces = record.text.split("\n")
        elif record.kind == "keyword":
            pieces = [record.title, *record.meta.get("notes", [])]
        else:
            pieces = [record.text]
        for piece in pieces:
            assert normalize(piece) in span, (record.id, piece[:60])


# ------------------------------------------------------------------ the parser interface

def test_sniff_knows_the_thread_only() -> None:
    assert keyword_thread.sniff(THREAD_TEXT)
    for source in load_manifest(DATA):
        if source.id in OTHER_SOURCES:
            assert not keyword_thread.sniff(read_text(source.path)), source.id


@pytest.mark.parametrize("version", sorted(CR_FILES))
def test_sniff_rejects_the_comprehensive_rules(version: str) -> None:
    assert not keyword_thread.sniff(read_text(extra_file(CR_FILES[version])))


def test_describe() -> None:
    path = DATA / "sources" / f"{SOURCE_ID}.txt"
    assert keyword_thread.describe(THREAD_TEXT, path) == {
        "id": SOURCE_ID, "title": "Keyword Abilities FAQ (forum thread)", "date": "",
        "era": "2012-10-01"}
    with pytest.raises(IngestError, match="not a keyword FAQ thread"):
        keyword_thread.describe("just some text\n", path)


def test_registry_sniffs_and_parses_it(source: Source) -> None:
    assert registry.sniff(THREAD_TEXT, source.path) == "keyword-thread"
    assert len(registry.parse_source(source)) == 924


def test_not_a_thread_is_an_ingest_error(source: Source) -> None:
    with pytest.raises(IngestError, match=str(source.path)):
        keyword_thread.parse(source, "|\nJump Menu:\nShow More\n")


# ------------------------------------------------------------------ properties

PROPERTY = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])




@PROPERTY
@given(st.floats(min_value=0, max_value=1), st.floats(min_value=0, max_value=1))
def test_truncated_threads_parse_or_refuse(source: Source, start: float, end: float) -> None:
    low, high = sorted((int(start * len(THREAD_TEXT)), int(end * len(THREAD_TEXT))))
    for text in (THREAD_TEXT[:high], THREAD_TEXT[low:high]):
        found = parse_or_refuse(keyword_thread, source, text)
        if found is not None:
            assert len({r.id for r in found}) == len(found)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Q:A 702.81abc-\nBack to the Table of Contents"
                                              "Comprehensive Rules entry for this keyword: "
                                              "Show Specific Questions ().?!XyZ"))))
def test_arbitrary_text_parses_or_refuses(source: Source, text: str) -> None:
    parse_or_refuse(keyword_thread, source, text)


HEADINGS = [n + 1 for n in range(len(THREAD_LINES)) if keyword_thread.is_heading(THREAD_LINES, n)]


@PROPERTY
@given(st.lists(st.sampled_from(HEADINGS), min_size=1, max_size=6))
def test_ids_stable_and_unique(source: Source, headings: list[int]) -> None:
    # sections picked (and repeated) at will: repeated ids must still come out unique
    text = "\n".join(line for n in headings for line in THREAD_LINES[n - 1:n + 1])
    first = keyword_thread.parse(source, text)
    again = keyword_thread.parse(source, text)
    assert [r.id for r in first] == [r.id for r in again]
    assert len({r.id for r in first}) == len(first)


def test_ids_stable_across_runs(source: Source, records: list[Record]) -> None:
    again = keyword_thread.parse(source, THREAD_TEXT)
    assert [r.to_dict() for r in again] == [r.to_dict() for r in records]
    assert len({r.id for r in records}) == len(records)
