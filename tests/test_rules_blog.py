"""The rules blog parser on the shipped Shards of Alara keyword rules post (2008)."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import CR_FILES, DATA, extra_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import registry, rules_blog
from ingest.prose_blocks import clean
from ingest.source import IngestError, Source, load_manifest, read_text
from kb.model import Record
from tests.parsing import assert_ids_sound

SOURCE_ID = "alara-keyword-rules-blog-2008"
BLOG_TEXT = read_text(DATA / "sources" / "alara-keyword-rules-blog-2008.txt")
BLOG_LINES = BLOG_TEXT.split("\n")
OTHER_SOURCES = ["shards-of-alara-faq-2008", "keyword-abilities-faq-thread-2012",
                 "rulings-db-abilities-2009", "judge-wiki-keywords-appendix-c"]


@pytest.fixture(scope="module")
def source() -> Source:
    """The manifest entry of the blog post."""
    return next(s for s in load_manifest(DATA) if s.id == SOURCE_ID)


@pytest.fixture(scope="module")
def records(source: Source) -> list[Record]:
    """Every record of the post, parsed once."""
    return rules_blog.parse(source, BLOG_TEXT)


@pytest.fixture(scope="module")
def by_id(records: list[Record]) -> dict[str, Record]:
    """The records by id."""
    return {record.id: record for record in records}


def test_counts(records: list[Record]) -> None:
    assert Counter(r.kind for r in records) == {"rule": 12, "keyword": 4, "ruling": 21}
    rules = [r for r in records if r.kind == "rule"]
    numbered = [r.rule for r in rules if r.rule and r.rule[-1].isalpha()]
    assert numbered == ["502.82a", "502.82b", "502.83a", "502.83b", "502.84a",
                        "502.18a", "502.18b", "502.18c"]  # the 8 numbered rules
    assert [r.rule for r in rules if r.rule not in numbered] == [
        "502.82", "502.83", "502.84", "502.18"]  # and the keyword headings above them
    rulings = Counter(r.meta["subject"] for r in records if r.kind == "ruling")
    assert rulings == {"Devour": 6, "Exalted": 7, "Unearth": 7, "Cycling": 1}


def test_keywords(records: list[Record]) -> None:
    keywords = [(r.id, r.meta["number"], r.keywords) for r in records if r.kind == "keyword"]
    assert keywords == [
        (f"{SOURCE_ID}:keyword:devour", "502.82", ["devour"]),
        (f"{SOURCE_ID}:keyword:exalted", "502.83", ["exalted"]),
        (f"{SOURCE_ID}:keyword:unearth", "502.84", ["unearth"]),
        (f"{SOURCE_ID}:keyword:cycling", "502.18", ["cycling"]),
    ]


def test_devour_ruling(by_id: dict[str, Record]) -> None:
    ruling = by_id[f"{SOURCE_ID}:keyword:devour:ruling:4"]
    assert ruling.to_dict() == {
        "id": f"{SOURCE_ID}:keyword:devour:ruling:4", "kind": "ruling", "source": SOURCE_ID,
        "title": "Devour \u2014 ruling 4",
        "text": "If you play a creature with devour as a spell, you choose how many and which "
                "creatures to devour as part of the resolution of that spell. (It can't be "
                "countered at this point.) The same is true of a spell or ability that lets "
                "you put a creature with devour into play.",
        "date": "2008-09-29", "rule": None, "keywords": ["devour"], "cards": [], "refs": [],
        "line_start": 21, "line_end": 21, "parent": f"{SOURCE_ID}:keyword:devour",
        "era": "2008-10-01", "meta": {"subject": "Devour"},
    }


def test_devour_rules_and_keyword(by_id: dict[str, Record]) -> None:
    heading = by_id[f"{SOURCE_ID}:502.82"]
    assert (heading.title, heading.text, heading.parent, heading.line_start) == (
        "502.82 Devour", "Devour", None, 9)
    rule = by_id[f"{SOURCE_ID}:502.82a"]
    assert rule.to_dict() == {
        "id": f"{SOURCE_ID}:502.82a", "kind": "rule", "source": SOURCE_ID,
        "title": "502.82a Devour",
        "text": 'Devour is a static ability. "Devour N" means "As this object comes into play, '
                'you may sacrifice any number of creatures. This permanent comes into play '
                'with N +1/+1 counters on it for each creature sacrificed this way."',
        "date": "2008-09-29", "rule": "502.82a", "keywords": ["devour"], "cards": [],
        "refs": [], "line_start": 11, "line_end": 11, "parent": f"{SOURCE_ID}:502.82",
        "era": "2008-10-01", "meta": {},
    }
    keyword = by_id[f"{SOURCE_ID}:keyword:devour"]
    assert (keyword.title, keyword.parent, keyword.line_start, keyword.line_end) == (
        "Devour", f"{SOURCE_ID}:502.82", 9, 13)
    assert keyword.text.split("\n")[0] == f"502.82a {rule.text}"


def test_exalted_rule_number_of_2008(by_id: dict[str, Record]) -> None:
    assert by_id[f"{SOURCE_ID}:502.83a"].text.startswith("Exalted is a triggered ability.")
    assert by_id[f"{SOURCE_ID}:keyword:exalted:ruling:7"].text.startswith(
        "In a Two-Headed Giant game")


def test_prose_and_footer_are_not_records(records: list[Record]) -> None:
    texts = " ".join(r.text for r in records)
    for prose in ("Here are the official rules", "First off", "Next, Bant", "No comments"):
        assert prose not in texts


def test_text_is_normalised(by_id: dict[str, Record]) -> None:
    ruling = by_id[f"{SOURCE_ID}:keyword:unearth:ruling:7"]
    assert "removed from the game instead \u2014 unless the spell" in ruling.text
    assert all("--" not in r.text for r in by_id.values())


def test_every_record_dated_and_in_era(records: list[Record], source: Source) -> None:
    assert {(r.source, r.date, r.era) for r in records} == {(SOURCE_ID, source.date, source.era)}


def test_line_spans_point_at_the_original(records: list[Record]) -> None:
    for record in records:
        first = BLOG_LINES[record.line_start - 1]
        assert record.line_start <= record.line_end, record.id
        if record.kind == "ruling":
            assert first.startswith("* ") and record.text == clean(first[2:]), record.id
        elif record.kind == "rule":
            assert first.startswith(record.rule), record.id
        else:
            assert first == f"{record.meta['number']}. {record.title}", record.id


def test_ids_stable_and_unique(source: Source, records: list[Record]) -> None:
    again = [r.id for r in rules_blog.parse(source, BLOG_TEXT)]
    assert again == [r.id for r in records] and len(set(again)) == len(again)


# --- sniff, describe, registry --------------------------------------------------------


def test_sniff_and_describe(source: Source) -> None:
    assert rules_blog.sniff(BLOG_TEXT)
    assert rules_blog.describe(BLOG_TEXT, source.path) == {
        "id": "shards-of-alara-keyword-ability-official-rules-2008",
        "title": "Shards of Alara Keyword Ability Official Rules",
        "date": "2008-09-29", "era": "2008-10-01",
    }


@pytest.mark.parametrize("other", OTHER_SOURCES)
def test_sniff_false_for_other_shipped_formats(other: str) -> None:
    path = next(s.path for s in load_manifest(DATA) if s.id == other)
    assert not rules_blog.sniff(read_text(path))


@pytest.mark.parametrize("version", sorted(CR_FILES))
def test_sniff_false_for_comprehensive_rules(version: str) -> None:
    assert not rules_blog.sniff(read_text(extra_file(CR_FILES[version])))


def test_sniff_false_without_rules_or_rulings() -> None:
    assert not rules_blog.sniff("Monday, September 29, 2008\n\nA post\n\n* just a list\n")
    assert not rules_blog.sniff("Monday, September 29, 2008\n\nA post\n\n502.82. Devour\n")


def test_registry_parses_it(source: Source, records: list[Record]) -> None:
    assert registry.parser_for("rules-blog") is rules_blog
    assert [r.id for r in registry.parse_source(source, BLOG_TEXT)] == [r.id for r in records]


def test_ruling_before_any_rule_names_the_line(source: Source) -> None:
    with pytest.raises(IngestError, match=r"alara-keyword-rules-blog-2008.txt:3:"):
        rules_blog.parse(source, "Monday, September 29, 2008\n\n* A stray ruling.\n")


def test_describe_without_date_and_title(source: Source) -> None:
    with pytest.raises(IngestError, match="alara-keyword-rules-blog-2008.txt"):
        rules_blog.describe("502.82. Devour\n", source.path)


# --- properties -----------------------------------------------------------------------

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])






@PROPERTY
@given(cut=st.integers(min_value=0, max_value=len(BLOG_TEXT)))
def test_truncated_post(source: Source, cut: int) -> None:
    assert_ids_sound(rules_blog, source, BLOG_TEXT[:cut])


@PROPERTY
@given(lines=st.lists(st.sampled_from(sorted(set(BLOG_LINES))), max_size=60))
def test_shuffled_post_lines(source: Source, lines: list[str]) -> None:
    assert_ids_sound(rules_blog, source, "\n".join(lines))
    assert_ids_sound(rules_blog, source, "\n".join(["502.82. Devour", *lines]))


@PROPERTY
@given(text=st.text())
def test_arbitrary_text(source: Source, text: str) -> None:
    assert_ids_sound(rules_blog, source, text)
    assert isinstance(rules_blog.sniff(text), bool)
