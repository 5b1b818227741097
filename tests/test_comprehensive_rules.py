"""The Comprehensive Rules parser on four real versions (2008, 2009, 2012, 2026)."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import comprehensive_rules as cr
from ingest.source import IngestError, Source, decode, read_text
from kb.model import Record
from tests.conftest import CR_FILES, DATA, MTGJSON_ALA, extra_file

VERSIONS = tuple(CR_FILES)
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"  # l and o are skipped
RULE_AT_LINE_START = re.compile(r"(?m)^\s*\d{3}\.\d+[a-z]?\.?\s")

# Measured on the files, then checked by eye and by independent counts (see the tests):
# rules = numbered lines of the body; glossary = term lines; keywords = 50x/70x headings.
COUNTS = {
    "2008-10-01": {"section": 6, "rule": 1259, "keyword": 92, "glossary": 399},
    "2009-10-01": {"section": 9, "rule": 1714, "keyword": 99, "glossary": 424},
    "2012-10-01": {"section": 9, "rule": 2032, "keyword": 121, "glossary": 470},
    "2026-01-16": {"section": 9, "rule": 3260, "keyword": 255, "glossary": 725},
}
KEYWORD_KINDS = {
    "2008-10-01": {"ability": 83, "action": 9},
    "2009-10-01": {"ability": 81, "action": 18},
    "2012-10-01": {"ability": 95, "action": 26},
    "2026-01-16": {"ability": 188, "action": 67},
}
EXAMPLES_IN_RULES = {"2008-10-01": 165, "2009-10-01": 195, "2012-10-01": 220, "2026-01-16": 276}
EXALTED = {"2008-10-01": "502.83", "2009-10-01": "702.80", "2012-10-01": "702.81",
           "2026-01-16": "702.83"}
EXALTED_A = ('Exalted is a triggered ability. "Exalted" means "Whenever a creature you control '
             'attacks alone, that creature gets +1/+1 until end of turn."')
# slips in the published files, kept as printed: a subrule under the wrong rule number
# (2008: 306.1c between 306.3b and 306.4) and a repeated letter (2009: two 702.30d)
LETTER_SLIPS = {"2008-10-01": {"306.1": ["c"]},
                "2009-10-01": {"702.30": ["a", "b", "c", "d", "d"]}}


@cache
def _text(version: str) -> str:
    return read_text(CR_FILES[version])


def source_for(version: str, text: str | None = None) -> Source:
    """The manifest entry `mtgkb ingest` would make for a CR file."""
    path = CR_FILES[version]
    info = cr.describe(_text(version) if text is None else text, path)
    return Source(id=info["id"], title=info["title"], path=path, format=cr.FORMAT,
                  date=info["date"], era=info["era"])


@cache
def _parsed(version: str) -> tuple[Record, ...]:
    return tuple(cr.parse(source_for(version), _text(version)))


@pytest.fixture(params=VERSIONS)
def version(request: pytest.FixtureRequest) -> str:
    extra_file(CR_FILES[request.param])
    return request.param


def records(version: str, kind: str | None = None) -> list[Record]:
    return [r for r in _parsed(version) if kind is None or r.kind == kind]


def by_id(version: str) -> dict[str, Record]:
    return {r.id: r for r in _parsed(version)}


def body_lines(version: str) -> list[str]:
    """The file's lines from the first section of the body to the glossary heading."""
    lines = _text(version).split("\n")
    glossary = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    first_rule = next(i for i, line in enumerate(lines) if re.match(r"\d{3}\.\d+", line))
    return lines[first_rule:glossary]


# ------------------------------------------------------------------ describe and sniff

@pytest.mark.parametrize(("version", "wording"), [
    ("2008-10-01", "These rules are current as of October 1, 2008."),
    ("2009-10-01", "These rules are effective as of October 1, 2009."),
    ("2012-10-01", "These rules are effective as of October 1, 2012."),
    ("2026-01-16", "These rules are effective as of January 16, 2026."),
])
def test_describe_reads_the_effective_date_line(version: str, wording: str) -> None:
    text = read_text(extra_file(CR_FILES[version]))
    assert wording in text.split("\n")[:5]
    assert cr.describe(text, CR_FILES[version]) == {
        "id": f"cr-{version}", "title": f"Comprehensive Rules (effective {version})",
        "date": version, "era": version}
    assert cr.effective_date(text) == version


def test_describe_without_a_date_line_falls_back_to_the_file_name(tmp_path: Path) -> None:
    text = "Magic: The Gathering Comprehensive Rules\n\n100.1. Text.\n"
    assert cr.describe(text, tmp_path / "MagicCompRules 20250404.txt")["id"] == "cr-2025-04-04"
    with pytest.raises(IngestError, match="rules.txt.*effective-date"):
        cr.describe(text, tmp_path / "rules.txt")


def test_sniff_true_for_every_cr_version(version: str) -> None:
    assert cr.sniff(_text(version))


@pytest.mark.parametrize("name", sorted(p.name for p in (DATA / "sources").glob("*.txt")
                                         if not p.name.startswith("MagicCompRules")))
def test_sniff_false_for_the_seed_formats(name: str) -> None:
    assert not cr.sniff(read_text(DATA / "sources" / name))


def test_sniff_false_for_mtgjson_and_for_a_title_without_rules() -> None:
    assert not cr.sniff(read_text(extra_file(MTGJSON_ALA)))
    assert not cr.sniff("Magic: The Gathering Comprehensive Rules\n\nIntroduction\n")
    assert not cr.sniff("Some notes\n100.1. A rule quoted in a post.\n")


# ----------------------------------------------------------------------------- counts

def test_counts_per_kind(version: str) -> None:
    counts: dict[str, int] = defaultdict(int)
    for record in records(version):
        counts[record.kind] += 1
    assert dict(counts) == COUNTS[version]


def test_rule_count_matches_the_numbered_lines_of_the_body(version: str) -> None:
    numbered = [line for line in body_lines(version)
                if re.match(r"\s{0,3}\d{3}\.(\d+[a-z]?)?\.?\s|\d{3}\.[a-z] ", line)]
    section_heads = 1  # the `NNN.` heading of the first rule's section precedes the slice
    assert len(records(version, "rule")) == len(numbered) + section_heads


def test_glossary_count_matches_the_term_lines(version: str) -> None:
    lines = _text(version).split("\n")
    start = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    end = next(i for i in range(start, len(lines)) if lines[i].strip() == "Credits")
    after_blank = [i for i in range(start + 1, end)
                   if lines[i].strip() and not lines[i - 1].strip()]
    run_on = 1 if version == "2008-10-01" else 0  # `Floor Rules` follows `Flip Cards` directly
    assert len(records(version, "glossary")) == len(after_blank) + run_on
    assert [r.line_start - 1 for r in records(version, "glossary")][:5] == after_blank[:5]


def test_keyword_count_matches_the_keyword_headings(version: str) -> None:
    prefix = "50" if version < "2009" else "70"
    headings = [line for line in _text(version).split("\n")
                if re.match(rf"{prefix}[12]\.([2-9]|\d\d+)\. ", line)]
    assert len(records(version, "keyword")) == len(headings)
    kinds: dict[str, int] = defaultdict(int)
    for keyword in records(version, "keyword"):
        kinds[keyword.meta["keyword_kind"]] += 1
    assert dict(kinds) == KEYWORD_KINDS[version]


def test_sections(version: str) -> None:
    sections = records(version, "section")
    assert [s.meta["number"] for s in sections] == [str(n) for n in range(1, len(sections) + 1)]
    assert sections[0].title in ("1. The Game", "1. Game Concepts")
    assert sections[0].text.split("\n")[1] == "100. General"
    assert all(s.id == f"cr-{version}:section:{s.meta['number']}" for s in sections)


def test_section_seven_of_2012_whole() -> None:
    extra_file(CR_FILES["2012-10-01"])
    section = by_id("2012-10-01")["cr-2012-10-01:section:7"]
    assert (section.title, section.meta) == (
        "7. Additional Rules", {"heading": "Additional Rules", "number": "7"})
    assert section.text.split("\n")[:4] == [
        "7. Additional Rules", "700. General", "701. Keyword Actions", "702. Keyword Abilities"]
    assert section.text.split("\n")[-1] == "717. Handling Illegal Actions"
    assert (section.line_start, section.line_end) == (2433, 3890)


# -------------------------------------------------------------------------- keywords

def test_exalted_at_its_number_in_every_version(version: str) -> None:
    number = EXALTED[version]
    keyword = next(k for k in records(version, "keyword") if k.title == "Exalted")
    assert keyword.id == f"cr-{version}:keyword:exalted"
    assert keyword.meta["number"] == number
    assert keyword.meta["rules"] == [f"cr-{version}:{number}{x}" for x in ("", "a", "b")]
    assert keyword.text.split("\n")[0] == f"{number}a {EXALTED_A}"
    assert keyword.parent == f"cr-{version}:{number}"
    rules = by_id(version)
    assert rules[f"cr-{version}:{number}"].title == f"{number} Exalted"
    assert rules[f"cr-{version}:{number}a"].text == EXALTED_A
    assert rules[f"cr-{version}:{number}a"].keywords == ["exalted"]
    see = "306.5" if version < "2009" else "506.5"
    assert rules[f"cr-{version}:{number}b"].text.endswith(f"See rule {see}.")


def test_exalted_rule_of_2012_whole() -> None:
    extra_file(CR_FILES["2012-10-01"])
    rule = by_id("2012-10-01")["cr-2012-10-01:702.81a"]
    assert rule.export() == {
        "id": "cr-2012-10-01:702.81a", "kind": "rule", "source": "cr-2012-10-01",
        "title": "702.81a Exalted", "rule": "702.81a", "text": EXALTED_A,
        "keywords": ["exalted"], "cards": [], "refs": [], "date": "2012-10-01"}
    assert (rule.parent, rule.line_start, rule.line_end, rule.era) == (
        "cr-2012-10-01:702.81", 3346, 3346, "2012-10-01")


def test_keyword_headings_with_odd_titles_and_no_non_heading_keywords() -> None:
    extra_file(CR_FILES["2026-01-16"])
    titles = {k.title for k in records("2026-01-16", "keyword")}
    assert {"Start Your Engines!", "For Mirrodin!", "Attach", "Exalted"} <= titles
    assert not any(k.meta["number"] in ("701.1", "702.1") for k in records("2026-01-16", "keyword"))


# ------------------------------------------------------------------------------ rules

def test_rule_titles_parents_and_headings(version: str) -> None:
    rules = by_id(version)
    first = rules[f"cr-{version}:100"]
    assert (first.title, first.text, first.parent) == (
        "100 General", "General", f"cr-{version}:section:1")
    assert rules[f"cr-{version}:100.1"].title == "100.1 General"
    assert rules[f"cr-{version}:100.1"].parent == f"cr-{version}:100"
    assert rules[f"cr-{version}:100.1a"].parent == f"cr-{version}:100.1"
    for rule in records(version, "rule"):
        assert rule.parent and rule.parent in rules, rule.id
        assert rule.title.startswith(rule.rule + " "), rule.id


def test_contents_make_no_duplicate_rules(version: str) -> None:
    rules = records(version, "rule")
    repeated = [r.id for r in rules if "~" in r.id]
    assert repeated == (["cr-2009-10-01:702.30d~2"] if version == "2009-10-01" else [])
    lines = _text(version).split("\n")
    contents = next(i for i, line in enumerate(lines) if line.strip() == "Contents")
    second_general = [i for i, line in enumerate(lines) if line.startswith("100. General")][1]
    assert contents < rules[0].line_start - 1 == second_general


def test_every_example_is_attached(version: str) -> None:
    in_file = sum(1 for line in body_lines(version) if re.match(r"\s*Example:", line))
    attached = [e for r in records(version, "rule") for e in r.meta.get("examples", [])]
    assert len(attached) == in_file == EXAMPLES_IN_RULES[version]
    for rule in records(version, "rule"):
        for example in rule.meta.get("examples", []):
            assert f"Example: {example}" in rule.text


def test_example_attached_to_the_rule_above() -> None:
    extra_file(CR_FILES["2009-10-01"])
    rule = by_id("2009-10-01")["cr-2009-10-01:101.2"]  # its Example line is indented
    assert rule.meta["examples"] == [
        'If one effect reads "You may play an additional land this turn" and another reads '
        '"You can\'t play land cards this turn," the effect that precludes you from playing '
        "lands wins."]
    assert (rule.line_start, rule.line_end) == (202, 203)


def test_no_rule_swallows_the_next(version: str) -> None:
    for record in records(version):
        assert not RULE_AT_LINE_START.search(record.text) or record.kind in (
            "keyword", "section"), record.id


def test_continuation_paragraphs_are_kept() -> None:
    extra_file(CR_FILES["2012-10-01"])
    rule = by_id("2012-10-01")["cr-2012-10-01:509.1b"]
    paragraphs = rule.text.split("\n")
    assert len(paragraphs) == 3
    assert paragraphs[1].startswith("A restriction may be created by an evasion ability")
    assert paragraphs[2].startswith("Example: An attacking creature with flying and shadow")


def test_subrule_letters_in_order(version: str) -> None:
    letters: dict[str, list[str]] = defaultdict(list)
    for rule in records(version, "rule"):
        if rule.rule and rule.rule[-1].isalpha():
            letters[rule.rule[:-1]].append(rule.rule[-1])
    out_of_order = {number: found for number, found in letters.items()
                    if found != list(SUBRULE_LETTERS[:len(found)])}
    assert out_of_order == LETTER_SLIPS.get(version, {})


def test_lost_number_is_repaired_and_noted() -> None:
    extra_file(CR_FILES["2008-10-01"])
    rule = by_id("2008-10-01")["cr-2008-10-01:306.3b"]
    assert rule.meta["damage"] == ["number printed as 306.b"]
    assert rule.text.startswith("If an effect would put a creature into play attacking")
    assert rule.line_start == 837


def test_text_is_normalised(version: str) -> None:
    for record in records(version):
        assert not re.search("[\u2018\u2019\u201c\u201d\ufeff]", record.text + record.title)
        assert "_Magic_" not in record.text


def test_records_carry_the_effective_date(version: str) -> None:
    assert {r.date for r in records(version)} == {version}
    assert {r.era for r in records(version)} == {version}


def test_parse_uses_the_given_source_id_and_era() -> None:
    path = extra_file(CR_FILES["2012-10-01"])
    source = Source(id="cr-rtr", title="CR", path=path, format=cr.FORMAT, era="2012-10-01")
    parsed = cr.parse(source, _text("2012-10-01"))
    assert parsed[0].id == "cr-rtr:section:1"
    assert {r.era for r in parsed} == {"2012-10-01"}
    assert {r.date for r in parsed} == {"2012-10-01"}  # read from the file


# --------------------------------------------------------------------------- glossary

def test_glossary_entries_whole(version: str) -> None:
    entries = {r.title: r for r in records(version, "glossary")}
    zone = entries["Zone"]
    assert zone.id == f"cr-{version}:glossary:zone"
    assert zone.meta == {"term": "Zone"}
    assert zone.kind == "glossary" and zone.parent is None
    if version == "2008-10-01":
        assert zone.text == 'A zone is any place that Magic cards can be during a game. ' \
            'See rule 217, "Zones."'
    else:
        assert zone.text == 'A place where objects can be during a game. See section 4, "Zones."'
    assert list(entries)[-1] == "Zone-Change Triggers"  # credits are not a term


def test_glossary_numbered_definitions_and_run_on_term() -> None:
    extra_file(CR_FILES["2026-01-16"])
    ability = by_id("2026-01-16")["cr-2026-01-16:glossary:ability"]
    assert ability.text.split("\n") == [
        "1. Text on an object that explains what that object does or can do.",
        "2. An activated or triggered ability on the stack. This kind of ability is an object.",
        'See rule 113, "Abilities," and section 6, "Spells, Abilities, and Effects."']
    assert (ability.line_start, ability.line_end) == (7007, 7010)
    extra_file(CR_FILES["2008-10-01"])
    old = by_id("2008-10-01")
    assert old["cr-2008-10-01:glossary:floor-rules"].line_start == 3318
    assert old["cr-2008-10-01:glossary:flip-cards"].line_end == 3317


# ---------------------------------------------------------- encodings and line endings

def _slice(version: str) -> str:
    """Head, contents, some rules with examples, the exalted rules, glossary, credits."""
    lines = _text(version).split("\n")
    exalted = next(i for i, line in enumerate(lines) if line.startswith(EXALTED[version] + "."))
    glossary = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    return "\n".join(lines[:420] + lines[exalted - 2:exalted + 12]
                     + lines[glossary:glossary + 60] + lines[-40:])


def _comparable(parsed: list[Record]) -> list[dict]:
    return [r.to_dict() for r in parsed]


@pytest.mark.parametrize("version", ["2008-10-01", "2026-01-16"])
def test_same_records_from_every_encoding_and_line_ending(version: str, tmp_path: Path) -> None:
    extra_file(CR_FILES[version])
    text = _slice(version)
    variants = {
        "lf.txt": text.encode("utf-8"),
        "crlf.txt": text.replace("\n", "\r\n").encode("utf-8"),
        "cr.txt": text.replace("\n", "\r").encode("utf-8"),
        "mixed.txt": "".join(line + ("\r\n" if n % 2 else "\r")
                             for n, line in enumerate(text.split("\n"))).encode("utf-8"),
        "bom.txt": b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"),
        "cp1252.txt": text.replace("\n", "\r\n").encode("cp1252"),
    }
    expected = _comparable(cr.parse(source_for(version, text), text))
    assert len([r for r in expected if r.get("kind") == "glossary"]) > 15
    for name, raw in variants.items():
        (tmp_path / name).write_bytes(raw)
        decoded = read_text(tmp_path / name)
        assert decoded.rstrip("\n") == text.rstrip("\n"), name
        assert _comparable(cr.parse(source_for(version, decoded), decoded)) == expected, name


# ------------------------------------------------------------------- property tests

@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.floats(min_value=0, max_value=1), start=st.floats(min_value=0, max_value=1))
def test_truncated_files_parse_without_crashing(cut: float, start: float) -> None:
    extra_file(CR_FILES["2008-10-01"])
    text = _text("2008-10-01")
    begin = int(len(text) * start * 0.2)
    piece = text[begin:begin + int((len(text) - begin) * cut)]
    source = Source(id="cr-x", title="CR", path=Path("cut.txt"), format=cr.FORMAT)
    first = cr.parse(source, piece)
    assert [r.to_dict() for r in first] == [r.to_dict() for r in cr.parse(source, piece)]
    assert len({r.id for r in first}) == len(first)
    cr.sniff(piece)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789. abcl\nExample:Glossary\tCredits_")),
               max_size=400) | st.text(max_size=200))
def test_arbitrary_text_never_crashes(text: str) -> None:
    source = Source(id="cr-x", title="CR", path=Path("x.txt"), format=cr.FORMAT)
    parsed = cr.parse(source, decode(text.encode("utf-8")))
    assert len({r.id for r in parsed}) == len(parsed)
    cr.sniff(text)
    try:
        cr.describe(text, Path("x.txt"))
    except IngestError as exc:
        assert "x.txt" in str(exc)


def test_a_slice_without_contents_or_section_headings() -> None:
    text = ("Magic: The Gathering Comprehensive Rules\n\n"
            "702.81. Exalted\n\n"
            "702.81a Exalted is a triggered ability.\n"
            "Example: A creature attacks alone.\n"
            "It gets +1/+1.\n\n"
            "702.81b A creature \"attacks alone\" if it's the only attacker.\n")
    source = Source(id="cr-x", title="CR", path=Path("x.txt"), format=cr.FORMAT,
                    era="2012-10-01")
    parsed = {r.id: r for r in cr.parse(source, text)}
    assert list(parsed) == ["cr-x:702.81", "cr-x:702.81a", "cr-x:702.81b", "cr-x:keyword:exalted"]
    assert parsed["cr-x:702.81"].parent is None
    assert parsed["cr-x:702.81a"].meta["examples"] == ["A creature attacks alone.\nIt gets +1/+1."]
    assert (parsed["cr-x:702.81a"].line_start, parsed["cr-x:702.81a"].line_end) == (5, 7)
    assert parsed["cr-x:keyword:exalted"].meta["rules"] == [
        "cr-x:702.81", "cr-x:702.81a", "cr-x:702.81b"]


def test_missing_parts_finds_the_glossary_and_credits_lines_only() -> None:
    text = read_text(DATA / "sources" / "MagicCompRules-2026-01-16.txt")
    assert cr.missing_parts(text) == []
    lines = text.split("\n")
    glossary = next(i for i, line in enumerate(lines) if line.strip() == "Glossary"
                    and i > len(lines) // 2)
    assert cr.missing_parts("\n".join(lines[:glossary])) == ["a glossary", "credits"]
    # a heading in italics marks is the heading; a rule that names the glossary is not
    italic = [*lines[:glossary], "See the glossary and the credits.", "_Glossary_",
              *lines[glossary + 1:]]
    assert cr.missing_parts("\n".join(italic)) == []
    credits = max(i for i, line in enumerate(italic) if line.strip() == "Credits")
    assert cr.missing_parts("\n".join(italic[:credits])) == ["credits"]
