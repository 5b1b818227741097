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
from collections.abc import Callable
from dataclasses import dataclass

# subrule letters as the rules use them: l and o are skipped
LETTERS = "abcdefghijkmnpqrstuvwxyz"
MAX_RANGE = 40  # a longer "range" is a misreading, not a reference

_NUM = r"\d{3}(?!\d)(?:\.\d+[a-z]?(?![a-z\d]))?"
_DASH = r"\s?[-\u2013\u2014]\s?"
# the end of a dash range: a full number, the last part of one (`119.7–8`), or a letter
_RANGE_END = rf"(?:{_NUM}|\d{{1,2}}[a-z]?(?![\w.]\d)|[a-z](?![\w]))"
_ITEM = rf"{_NUM}(?:{_DASH}{_RANGE_END})?"
_SECTION_ITEM = r"[1-9](?![\d.]\d|\d)"
_TITLE = r"(?:,?\s*[\"\u201c][^\"\u201d\n]{1,80}?[\"\u201d])?"
_LEAD = r"(?:[Rr]ules?|RULES?|[Ss]ections?|SECTIONS?)\s+"
_SEP = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|and/or|through)\s+)"
_ANY_ITEM = rf"(?:{_ITEM}|{_SECTION_ITEM})"

# a reference introduced by "rule(s)"/"section(s)", with any list or range that follows
LED_REF = re.compile(
    rf"\b{_LEAD}{_ANY_ITEM}{_TITLE}(?:{_SEP}(?:{_LEAD})?{_ANY_ITEM}{_TITLE})*"
)
# a bare dotted number (`702.81a`), possibly a letter or number range
BARE_REF = re.compile(rf"(?<![\w.\-/]){_NUM}(?:{_DASH}{_RANGE_END})?")
_THREE_DIGITS = re.compile(r"\d\d\d")
_BARE_NEEDS_DOT = re.compile(r"\d{3}\.\d")
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
    for match in BARE_REF.finditer(text):
        if not _BARE_NEEDS_DOT.match(match.group(0)):
            continue
        if any(start < match.end() and match.start() < end for start, end in taken):
            continue
        numbers = _expand_item(match.group(0))
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
        numbers = _expand_item(item)
        if through and refs and refs[-1].numbers:
            previous = refs.pop()
            numbers = (expand_range(previous.numbers[-1], numbers[-1])
                       or [*previous.numbers, *numbers])
            start = previous.start - offset
        refs.append(RuleRef(offset + start, offset + end, phrase[start:end], tuple(numbers)))
        through = "through" in (part.group("sep") or "")
    return refs


def _expand_item(item: str) -> list[str]:
    """`510.1c-d` -> 510.1c, 510.1d; `119.7–8` -> 119.7, 119.8; `702.81a` -> itself."""
    parts = re.split(_DASH, item, maxsplit=1)
    first = parts[0]
    if len(parts) == 1:
        return [first]
    end = parts[1]
    if re.fullmatch(r"[a-z]", end):
        end = first[:-1] + end if first[-1].isalpha() else first + end
    elif re.fullmatch(r"\d{1,2}[a-z]?", end) and "." in first:
        end = first.split(".")[0] + "." + end
    return expand_range(first, end) or [first, end]


def expand_range(first: str, last: str) -> list[str] | None:
    """Every rule number from `first` to `last` inclusive, or None if that is no range.

    `112.5a`..`112.5j` steps through the subrule letters (skipping l and o); `119.7`..`119.9`
    and `306`..`311` step through the numbers. Both ends must share everything but the part
    that steps.
    """
    a, b = _split_number(first), _split_number(last)
    if a is None or b is None:
        return None
    (a_base, a_mid, a_letter), (b_base, b_mid, b_letter) = a, b
    if a_base != b_base:
        if a_mid is None and b_mid is None and not a_letter and not b_letter:
            return _numeric(int(a_base), int(b_base), lambda n: f"{n:03d}")
        return None
    if a_mid is not None and a_mid == b_mid and a_letter and b_letter:
        i, j = LETTERS.find(a_letter), LETTERS.find(b_letter)
        if 0 <= i <= j:
            return [f"{a_base}.{a_mid}{letter}" for letter in LETTERS[i:j + 1]]
        return None
    if a_mid is not None and b_mid is not None and not a_letter and not b_letter:
        return _numeric(a_mid, b_mid, lambda n: f"{a_base}.{n}")
    return None


def _numeric(first: int, last: int, render: Callable[[int], str]) -> list[str] | None:
    """`render(n)` for n from `first` to `last`, or None if that is no (short) range."""
    if first >= last or last - first > MAX_RANGE:
        return None
    return [render(n) for n in range(first, last + 1)]


def _split_number(number: str) -> tuple[str, int | None, str] | None:
    match = re.fullmatch(r"(\d{3})(?:\.(\d+)([a-z]?))?", number)
    if not match:
        return None
    mid = int(match.group(2)) if match.group(2) else None
    return match.group(1), mid, match.group(3) or ""
