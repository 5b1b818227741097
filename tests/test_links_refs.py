"""Rule references in text (`kb.links.refs`), on sentences of the real documents."""

from __future__ import annotations

import pytest

from kb.links.refs import expand_range, find_rule_refs


def refs(text: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    return [(r.text, r.numbers, r.sections) for r in find_rule_refs(text)]


@pytest.mark.parametrize("text, expected", [
    # 2008 FAQ / blog, 502.83b
    ("it's the only creature declared as an attacker in a given combat phase. See rule 306.5.",
     [("rule 306.5", ("306.5",), ())]),
    # 2012 thread, 702.20c
    ("(Defending players can't declare bands but may use banding in a different way; "
     "see rule 702.20j.)", [("rule 702.20j", ("702.20j",), ())]),
    # 2012 thread, 702.2b
    ("regardless of that creature's toughness. See rules 510.1c-d.",
     [("rules 510.1c-d", ("510.1c", "510.1d"), ())]),
    # 2009 rulings dump, 112.1a
    ('Abilities generate effects. (See Rule 609, "Effects.") [CompRules 2009/07/08]',
     [('Rule 609, "Effects."', ("609",), ())]),
    # 2009 rulings dump, 112.1b
    ('This kind of ability is an object. (See Section 6, "Spells, Abilities, and Effects.")',
     [('Section 6, "Spells, Abilities, and Effects."', (), ("6",))]),
    # judge wiki
    ("(Comp. Rules section 702)", [("section 702", ("702",), ())]),
    # 2012 thread, 702.24h
    ("State-based actions apply as appropriate. (See rules 704.5n and 704.5p.)",
     [("rules 704.5n", ("704.5n",), ()), ("704.5p", ("704.5p",), ())]),
    # 2012 thread, 702.27a (buyback)
    ("follows the rules for paying additional costs in rules 601.2b and 601.2e-g.",
     [("rules 601.2b", ("601.2b",), ()), ("601.2e-g", ("601.2e", "601.2f", "601.2g"), ())]),
    # 2012 thread, 702.35c (morph)
    ('(See rule 613, "Interaction of Continuous Effects," and rule 706, "Copying Objects.")',
     [('rule 613, "Interaction of Continuous Effects,"', ("613",), ()),
      ('rule 706, "Copying Objects."', ("706",), ())]),
])
def test_reference_forms(text, expected):
    assert refs(text) == expected


def test_rules_through_rule_is_a_letter_range_skipping_l_and_o():
    # 2009 rulings dump, 112.3a
    text = ("a static ability that fits the criteria described in Rules 112.5a through "
            "Rule 112.5j. [CompRules 2009/07/08]")
    (ref,) = find_rule_refs(text)
    assert ref.text == "Rules 112.5a through Rule 112.5j"
    assert ref.numbers == tuple(f"112.5{c}" for c in "abcdefghij")
    assert expand_range("702.20j", "702.20p") == ["702.20j", "702.20k", "702.20m",
                                                  "702.20n", "702.20p"]


def test_a_rule_number_then_see_rule():
    # the thread's one-line rules: "702.35e See rule 707, ..." (the bare number is a rule too)
    text = '702.35e See rule 707, "Face-Down Spells and Permanents," for more information'
    assert refs(text) == [("702.35e", ("702.35e",), ()),
                          ('rule 707, "Face-Down Spells and Permanents,"', ("707",), ())]


@pytest.mark.parametrize("text, numbers", [
    ("rules 306-311 and rule 500", ("306", "307", "308", "309", "310", "311")),  # CR 2008
    ("(rules 119.7\u20138).", ("119.7", "119.8")),                                # CR 2026
    ("rules 418.5b-418.5g).", ("418.5b", "418.5c", "418.5d", "418.5e", "418.5f", "418.5g")),
    ("rules 903.6\u2013903.11.", tuple(f"903.{n}" for n in range(6, 12))),
    ("described in 601.2a-g are completed", tuple(f"601.2{c}" for c in "abcdefg")),
])
def test_ranges(text, numbers):
    assert find_rule_refs(text)[0].numbers == numbers


def test_bare_numbers_in_rules_text():
    # CR 2012, 704.3: "... as described by 704.5m, then 704.5n, then 704.5p"
    text = "in the order described by 704.5m, then 704.5n, then 704.5p, for example"
    assert [r.numbers for r in find_rule_refs(text)] == [("704.5m",), ("704.5n",), ("704.5p",)]


@pytest.mark.parametrize("text", [
    "[CompRules 2009/10/01]",                  # a date, not rule 200
    "Rules 2009 and a 3/3 for {2}{U}",         # a year
    "Skullmulcher {4}{G} Creature -- Elemental 3/3 Devour 1",
    "Shards of Alara set contains 249 cards (20 basic land, 101 common)",
])
def test_numbers_that_are_not_rules(text):
    assert find_rule_refs(text) == []


def test_spans_point_into_the_text():
    text = "Abilities generate effects. (See Rule 609, \"Effects.\") More: see rule 115."
    for ref in find_rule_refs(text):
        assert text[ref.start:ref.end] == ref.text
