"""Finding rule references in text, in every form the rules documents write them.

Forms (each found by `find_rule_refs`):
- `rule 702.20j`, `See rule 306.5.`, `Rule 609, "Effects."` (the quoted heading is part of
  the reference), `rules 704.5n and 704.5p`, `rules 205.1a-b, 305.7, and 613.1d`;
- ranges: `rules 510.1c-d`, `601.2e–g`, `418.5b-418.5g`, `Rules 112.5a through Rule 112.5j`
  (subrule letters skip l and o), `rules 119.7–8`, `rules 306-311`, `903.6–903.11`;
- sections: `Section 6, "Spells, Abilities, and Effects."` (a one-digit number is a section
  of the Comprehensive Rules); `section 702` is rule 702;
- bare numbers that a rules text cites without the word rule: `see 408.2d`,
  `in 601.2a-g`, `by 704.5m, then 704.5n`. A bare number needs its dot (`702.81a`, not
  `702`), so years, mana costs and power/toughness are never taken for rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb import rulenum
from kb.links.spans import FreeSpans
from kb.rulenum import expand_range

# a number not run into more digits or letters (the grammar itself is kb.rulenum's)
_NUM = rf"{rulenum.SECTION}(?!\d)(?:\.\d+{rulenum.LETTER}?(?![a-z\d]))?"
_DASH = rulenum.DASH
# the end of a dash range: a full number, the last part of one (`119.7–8`), or a letter
_RANGE_END = rf"(?:{_NUM}|\d{{1,2}}[a-z]?(?![\w.]\d)|[a-z](?![\w]))"
_ITEM = rf"{_NUM}(?:{_DASH}{_RANGE_END})?"
_SECTION_ITEM = r"[1-9](?![\d.]\d|\d)"
_TITLE = r"(?:,?\s*[\"\u201c][^\"\u201d\n]{1,80}?[\"\u201d])?"
_LEAD = r"(?:[Rr]ules?|RULES?|[Ss]ections?|SECTIONS?)\s+"
_SEP = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|and/or|through)\s+)"
_ANY_ITEM = rf"(?:{_ITEM}|{_SECTION_ITEM})"

# `\b{_LEAD}` with a first letter in every branch and the word boundary after it (a
# look-behind over the letter): a pattern whose every branch opens with a letter is
# sought by that letter (the regex engine skips to one), not tried at every character
_LED_START = "|".join(rf"{word[0]}(?<!\w{word[0]}){word[1:]}?\s+" for word in (
    "Rules", "rules", "RULES", "Sections", "sections", "SECTIONS"))
# a reference introduced by "rule(s)"/"section(s)", with any list or range that follows
LED_REF = re.compile(
    rf"(?:{_LED_START}){_ANY_ITEM}{_TITLE}(?:{_SEP}(?:{_LEAD})?{_ANY_ITEM}{_TITLE})*"
)
# a bare dotted number (`702.81a`), possibly a letter or number range: `(?<![\w.\-/])`
# before it, written after its first digit (a look-behind over the digit), so that the
# regex engine skips to digits instead of trying the pattern at every character
_NUM_REST = _NUM.removeprefix(rulenum.SECTION)  # what follows the section's digits
BARE_REF = re.compile(rf"\d(?<![\w.\-/]\d)\d\d{_NUM_REST}(?:{_DASH}{_RANGE_END})?"
                      if rulenum.SECTION == r"\d{3}" and _NUM_REST != _NUM else
                      rf"(?<![\w.\-/]){_NUM}(?:{_DASH}{_RANGE_END})?")
_THREE_DIGITS = re.compile(r"\d\d\d")
_BARE_NEEDS_DOT = re.compile(rf"{rulenum.SECTION}\.\d")
_PART = re.compile(
    rf"(?P<lead>{_LEAD})?(?P<item>{_ITEM}|{_SECTION_ITEM}){_TITLE}(?P<sep>{_SEP})?"
)


@dataclass(frozen=True)
class RuleRef:
    """One reference in a text: its span and what it names.

    `numbers` are rule numbers (`702.20j`; several for a range), `sections` section
    numbers (`6`). `text` is the text of the span as written (a quoted heading included).
    """

    start: int
    end: int
    text: str
    numbers: tuple[str, ...]
    sections: tuple[str, ...] = ()


def find_rule_refs(text: str) -> list[RuleRef]:
    """Every rule or section reference in `text`, in order, never overlapping.

    A list (`rules 704.5n and 704.5p`) gives one reference per item, each with its own
    span; a range (`510.1c-d`, `112.5a through Rule 112.5j`) is one reference naming
    every number in it.
    """
    if not _THREE_DIGITS.search(text) and "ection" not in text and "ECTION" not in text:
        return []
    found: list[RuleRef] = []
    taken: list[tuple[int, int]] = []
    for match in LED_REF.finditer(text):
        refs = _read_led(match.group(0), match.start())
        found += refs
        taken += [(ref.start, ref.end) for ref in refs]
    free = FreeSpans(taken)
    for match in BARE_REF.finditer(text):
        if not _BARE_NEEDS_DOT.match(match.group(0)):
            continue
        if not free.clear(match.start(), match.end()):
            continue
        numbers = rulenum.expand(match.group(0))
        found.append(RuleRef(match.start(), match.end(), match.group(0), tuple(numbers)))
    return sorted(found, key=lambda ref: ref.start)


def _read_led(phrase: str, offset: int) -> list[RuleRef]:
    """Read a `rule(s)/section(s) ...` phrase into one reference per item."""
    refs: list[RuleRef] = []
    kind = "rule"
    through = False
    for part in _PART.finditer(phrase):
        if part.group("lead"):
            kind = "section" if part.group("lead").lower().startswith("section") else "rule"
        item = part.group("item")
        start = part.start() if not refs or part.group("lead") else part.start("item")
        end = part.end("sep") - len(part.group("sep")) if part.group("sep") else part.end()
        if "." not in item and len(item) == 1:
            if kind == "section":
                refs.append(RuleRef(offset + start, offset + end, phrase[start:end], (), (item,)))
            through = False
            continue
        numbers = rulenum.expand(item)
        if through and refs and refs[-1].numbers:
            previous = refs.pop()
            numbers = (expand_range(previous.numbers[-1], numbers[-1])
                       or [*previous.numbers, *numbers])
            start = previous.start - offset
        refs.append(RuleRef(offset + start, offset + end, phrase[start:end], tuple(numbers)))
        through = "through" in (part.group("sep") or "")
    return refs
