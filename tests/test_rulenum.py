"""The one grammar of rule numbers (kb.rulenum)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ingest.source import decode
from kb import rulenum
from kb.rulenum import LETTERS, RuleNumber

sections = st.integers(100, 999).map(str)
rules = st.integers(1, 300).map(str)
letters = st.sampled_from(LETTERS)
numbers = st.one_of(
    st.builds(RuleNumber, sections),
    st.builds(RuleNumber, sections, rules),
    st.builds(RuleNumber, sections, rules, letters),
)


@given(numbers)
def test_parse_and_format_round_trip(number: RuleNumber) -> None:
    text = str(number)
    assert rulenum.parse(text) == number
    assert str(rulenum.parse(text)) == text
    assert rulenum.is_number(text) and rulenum.is_label(text + ".")


@given(numbers, numbers)
def test_order_is_section_then_rule_then_letter(a: RuleNumber, b: RuleNumber) -> None:
    expected = ((int(a.section), int(a.rule or -1), a.letter) <
                (int(b.section), int(b.rule or -1), b.letter))
    assert (a < b) == expected
    assert (rulenum.sort_key(str(a)) < rulenum.sort_key(str(b))) == expected


@given(numbers)
def test_a_parent_sorts_before_its_children_and_is_a_prefix(number: RuleNumber) -> None:
    up = number.parent
    if number.level == "section":
        assert up is None and rulenum.parent(str(number)) is None
        return
    assert up is not None and up < number
    assert str(number).startswith(str(up)) and rulenum.parent(str(number)) == str(up)
    assert rulenum.ancestors(str(number))[1] == str(up)


def test_numeric_not_textual_order() -> None:
    shuffled = ["702.10", "702.9b", "702", "702.9", "701.2", "702.9a", "100.1"]
    assert sorted(shuffled, key=rulenum.sort_key) == [
        "100.1", "701.2", "702", "702.9", "702.9a", "702.9b", "702.10"]


@pytest.mark.parametrize("text", ["", "70", "7021", "702.", "702.1A", "702.1ab", "702 .1",
                                  "rule 702.1", "702.1a."])
def test_what_is_not_a_number(text: str) -> None:
    assert rulenum.read(text) is None
    with pytest.raises(rulenum.RuleNumberError):
        rulenum.parse(text)


def test_levels() -> None:
    assert [rulenum.level(n) for n in ("702", "702.83", "702.83b", "x")] == [
        "section", "rule", "subrule", None]


def test_letters_skip_l_and_o() -> None:
    assert "l" not in LETTERS and "o" not in LETTERS and len(LETTERS) == 24
    assert rulenum.next_letter("k") == "m" and rulenum.next_letter("n") == "p"
    assert rulenum.next_letter("z") is None


@given(sections, rules, st.integers(0, len(LETTERS) - 1), st.integers(0, len(LETTERS) - 1))
def test_letter_ranges_step_through_letters(section: str, rule: str, i: int, j: int) -> None:
    first, last = f"{section}.{rule}{LETTERS[i]}", f"{section}.{rule}{LETTERS[j]}"
    expanded = rulenum.expand_range(first, last)
    if i > j:
        assert expanded is None
        return
    assert expanded is not None
    assert expanded[0] == first and expanded[-1] == last and len(expanded) == j - i + 1
    assert expanded == sorted(expanded, key=rulenum.sort_key)
    assert not any(n.endswith(("l", "o")) for n in expanded)


@pytest.mark.parametrize(("item", "expected"), [
    ("510.1c-d", ["510.1c", "510.1d"]),
    ("601.2e\u2013g", ["601.2e", "601.2f", "601.2g"]),
    ("418.5b-418.5d", ["418.5b", "418.5c", "418.5d"]),
    ("119.7\u20138", ["119.7", "119.8"]),
    ("306-308", ["306", "307", "308"]),
    ("702.81a", ["702.81a"]),
    ("702.5-702.1", ["702.5", "702.1"]),  # no range: both ends as written
])
def test_expand_cited_items(item: str, expected: list[str]) -> None:
    assert rulenum.expand(item) == expected


def test_through_ranges() -> None:
    expanded = rulenum.expand_through("Rules 112.5a through Rule 112.5m")
    assert expanded is not None and expanded[-2:] == ["112.5k", "112.5m"] and len(expanded) == 12
    assert rulenum.expand_through("112.5a and 112.5m") is None


def test_ranges_need_matching_ends_and_a_short_span() -> None:
    assert rulenum.expand_range("112.5a", "113.5c") is None
    assert rulenum.expand_range("112.5", "112.5c") is None
    assert rulenum.expand_range("100", "200") is None  # longer than MAX_RANGE


def test_numbers_in_text() -> None:
    text = "See rule 702.83b (and 702), not 1702.8 or 2008."
    assert rulenum.find_numbers(text) == ["702.83b", "702"]
    assert rulenum.find_numbers(text, dotted=True) == ["702.83b"]
    assert rulenum.cited("  Rule 112.6H. ") == "112.6h"
    assert rulenum.cited("comp. rules 502") == "502"
    assert rulenum.cited("rule 112.6h and more") is None
    assert rulenum.strip_label("702.83b. Exalted") == "Exalted"
    assert rulenum.strip_label("Exalted 702") == "Exalted 702"


def _archive_sample(step: int = 25) -> list[Path]:
    folder = os.environ.get("MTGKB_CR_ARCHIVE")
    return sorted(Path(folder).glob("*.txt"))[::step] if folder else []


@pytest.mark.skipif(not _archive_sample(), reason="MTGKB_CR_ARCHIVE (a folder of CR texts) unset")
def test_the_grammar_reads_and_orders_the_archived_rules() -> None:
    """Every number an archived Comprehensive Rules labels a rule with is read, and the
    rules' own order is the grammar's order (a sample of the archive, 2003 on)."""
    for path in _archive_sample():
        raw = path.read_bytes()
        text = raw.decode("utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else decode(raw)
        start = text.index("\n100.1")  # after the contents
        labels = re.findall(rf"(?m)^({rulenum.DOTTED})\.? ", text[start:])
        assert len(labels) > 400, path.name
        assert all(rulenum.read(n) for n in labels)
        out_of_order = [(a, b) for a, b in zip(labels, labels[1:], strict=False)
                        if not rulenum.sort_key(a) < rulenum.sort_key(b)]
        assert out_of_order == [], path.name
