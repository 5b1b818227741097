"""Rule numbers of the Comprehensive Rules: one grammar for every module that reads them.

A rule number has up to three parts: a three-digit section (`702`), a rule within it
(`702.83`) and a subrule letter (`702.83b`). Subrule letters skip `l` and `o` (they look
like `1` and `0`), so `702.83k` is followed by `702.83m`. Texts cite numbers singly, with a
trailing full stop (`702.83b.`), and as ranges (`510.1c-d`, `119.7–8`, `306-311`,
`112.5a through 112.5j`).

This module is at the bottom of the project: of `kb` and `ingest` it imports only
`kb.errors`.
The pattern pieces (`NUMBER`, `DOTTED`, `SECTION`, `LETTER`) are plain strings so that a
reader can build its own boundaries around them; everything else takes and gives `str`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from kb.errors import MtgkbError
from kb.patterns import lazy

# subrule letters as the rules use them: l and o are skipped
LETTERS = "abcdefghijkmnpqrstuvwxyz"
MAX_RANGE = 40  # a longer "range" is a misreading, not a reference

# Pattern pieces (no groups, no boundaries). A reader accepts any lower-case letter, so a
# stray `l` is still read as a subrule; only ranges and successors follow LETTERS.
SECTION = r"\d{3}"
LETTER = r"[a-z]"
RULE = rf"{SECTION}\.\d+"  # a rule without its subrule letter: `702.83`
DOTTED = rf"{RULE}{LETTER}?"  # a rule or a subrule: `702.83`, `702.83b`
NUMBER = rf"{SECTION}(?:\.\d+{LETTER}?)?"  # any level: `702`, `702.83`, `702.83b`
DASH = r"\s?[-\u2013\u2014]\s?"  # between the ends of a range: hyphen, en or em dash

_PARTS = lazy(rf"({SECTION})(?:\.(\d+)({LETTER}?))?")
_LABEL = lazy(rf"{NUMBER}\.?")
_LEADING_LABEL = lazy(rf"^{NUMBER}\.?\s*")
# a number standing as a word of a text; DOTTED_IN_TEXT: rules and subrules only
IN_TEXT = lazy(rf"\b{NUMBER}\b")
DOTTED_IN_TEXT = lazy(rf"\b{DOTTED}\b")
# a number as a user cites it: `702.81a`, `rule 112.6h`, `Comp. rules 502.83.`
_CITED = lazy(rf"^\s*(?:(?:comp(?:rehensive)?\.?\s+)?rules?\s+)?({NUMBER})\.?\s*$",
                    re.IGNORECASE)


class RuleNumberError(MtgkbError, ValueError):
    """A text that is not a rule number."""


@functools.total_ordering
@dataclass(frozen=True)
class RuleNumber:
    """A parsed rule number; parts are kept as written, so `str()` gives the text back."""

    section: str
    rule: str = ""
    letter: str = ""

    def __str__(self) -> str:
        if not self.rule:
            return self.section
        return f"{self.section}.{self.rule}{self.letter}"

    @property
    def level(self) -> str:
        """'section' (`702`), 'rule' (`702.83`) or 'subrule' (`702.83b`)."""
        return "subrule" if self.letter else "rule" if self.rule else "section"

    @property
    def parent(self) -> RuleNumber | None:
        """`702.83b` -> `702.83` -> `702` -> None."""
        if self.letter:
            return RuleNumber(self.section, self.rule)
        if self.rule:
            return RuleNumber(self.section)
        return None

    @property
    def key(self) -> tuple[int, int, int]:
        """Sort key in the order of the rules: a number before its subrules, 702.9 < 702.10."""
        return (int(self.section), int(self.rule) if self.rule else -1,
                _letter_index(self.letter))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self.key < other.key


def _letter_index(letter: str) -> int:
    """Alphabetical, which is LETTERS order; a letter the rules skip still sorts in place."""
    return ord(letter) - ord("a") if letter else -1


@functools.lru_cache(maxsize=1 << 16)
def read(text: str) -> RuleNumber | None:
    """The rule number `text` is exactly (`702.83b`), else None (remembered: a build reads
    each number of every rules version several times, and the versions share them)."""
    match = _PARTS.fullmatch(text)
    if match is None:
        return None
    section, rule, letter = match.groups()
    return RuleNumber(section, rule or "", letter or "")


def parse(text: str) -> RuleNumber:
    """The rule number `text` is exactly; RuleNumberError when it is none."""
    number = read(text)
    if number is None:
        raise RuleNumberError(f"not a rule number: {text!r}")
    return number


def is_number(text: str) -> bool:
    """Whether `text` is exactly a rule number (`702`, `702.83`, `702.83b`)."""
    return _PARTS.fullmatch(text) is not None


def is_label(word: str) -> bool:
    """Whether `word` is a rule number as a rule is labelled, a full stop allowed (`702.83b.`)."""
    return _LABEL.fullmatch(word) is not None


def level(number: str) -> str | None:
    """'section', 'rule' or 'subrule' for a rule number, None for any other text."""
    parsed = read(number)
    return parsed.level if parsed else None


def parent(number: str) -> str | None:
    """`702.81a` -> `702.81`, `702.81` -> `702`, `702` -> None (None too for a non-number)."""
    parsed = read(number)
    up = parsed.parent if parsed else None
    return str(up) if up else None


def ancestors(number: str) -> list[str]:
    """The number and each parent in turn: `702.81a` -> [702.81a, 702.81, 702]."""
    chain: list[str] = []
    current: str | None = number if is_number(number) else None
    while current:
        chain.append(current)
        current = parent(current)
    return chain


def sort_key(number: str) -> tuple[int, int, int]:
    """Key that sorts rule numbers in rules order; other texts sort first."""
    parsed = read(number)
    return parsed.key if parsed else (-1, -1, -1)


def next_letter(letter: str) -> str | None:
    """The subrule letter after `letter` (`k` -> `m`), None after `z` or for a skipped one."""
    index = LETTERS.find(letter) if letter else -1
    return LETTERS[index + 1] if 0 <= index < len(LETTERS) - 1 else None


def cited(text: str) -> str | None:
    """The number a user's text cites and nothing else: `702.81a`, `rule 112.6h`, `502.83.`
    -> the number (lower case); anything else -> None."""
    match = _CITED.match(text)
    return match.group(1).lower() if match else None


def strip_label(text: str) -> str:
    """A title without its leading rule number: `702.83b. Exalted` -> `Exalted`."""
    return _LEADING_LABEL.sub("", text)


def find_numbers(text: str, dotted: bool = False) -> list[str]:
    """Rule numbers standing as words in `text`, in order; `dotted`: rules and subrules only
    (a bare `702` may be a year or a cost)."""
    return (DOTTED_IN_TEXT if dotted else IN_TEXT).findall(text)


def iter_numbers(text: str) -> Iterator[re.Match[str]]:
    """Matches of the rule numbers standing as words in `text`."""
    return IN_TEXT.finditer(text)


# --- ranges ---------------------------------------------------------------------------------

def expand_range(first: str, last: str) -> list[str] | None:
    """Every rule number from `first` to `last` inclusive, or None if that is no range.

    `112.5a`..`112.5j` steps through the subrule letters (skipping l and o); `119.7`..`119.9`
    and `306`..`311` step through the numbers. Both ends must share everything but the part
    that steps.
    """
    a, b = read(first), read(last)
    if a is None or b is None or a.level != b.level:
        return None
    if a.level == "section":
        return _numeric(int(a.section), int(b.section), lambda n: f"{n:03d}")
    if a.section != b.section:
        return None
    if a.level == "subrule":
        i, j = LETTERS.find(a.letter), LETTERS.find(b.letter)
        if a.rule == b.rule and 0 <= i <= j:
            return [f"{a.section}.{a.rule}{letter}" for letter in LETTERS[i:j + 1]]
        return None
    return _numeric(int(a.rule), int(b.rule), lambda n: f"{a.section}.{n}")


def _numeric(first: int, last: int, render: Callable[[int], str]) -> list[str] | None:
    """`render(n)` for n from `first` to `last`, or None if that is no (short) range."""
    if first >= last or last - first > MAX_RANGE:
        return None
    return [render(n) for n in range(first, last + 1)]


def range_end(first: str, end: str) -> str:
    """The full number a range's end stands for: (`510.1c`, `d`) -> `510.1d`, (`119.7`, `8`)
    -> `119.8`, (`119.7a`, `8a`) -> `119.8a`; a full number stays itself."""
    if re.fullmatch(LETTER, end):
        return first[:-1] + end if first[-1].isalpha() else first + end
    if re.fullmatch(rf"\d{{1,2}}{LETTER}?", end) and "." in first:
        return first.split(".")[0] + "." + end
    return end


def expand(item: str) -> list[str]:
    """A cited item as the numbers it names: `510.1c-d` -> 510.1c, 510.1d; `119.7–8` ->
    119.7, 119.8; `702.81a` -> itself; ends that make no range -> both ends."""
    parts = re.split(DASH, item, maxsplit=1)
    first = parts[0]
    if len(parts) == 1:
        return [first]
    end = range_end(first, parts[1])
    return expand_range(first, end) or [first, end]


def expand_through(text: str) -> list[str] | None:
    """`112.5a through 112.5j` (a `rule`/`rules` word allowed before each end) as every number
    it names; None when `text` is no such range."""
    match = re.fullmatch(rf"(?:[Rr]ules?\s+)?({NUMBER})\s+through\s+(?:[Rr]ules?\s+)?({NUMBER})",
                         text.strip())
    return expand_range(match.group(1), match.group(2)) if match else None
