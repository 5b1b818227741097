"""Building blocks of plain-text rules documents: set FAQs, blog posts and the like.

Such documents are paragraphs separated by blank lines (or `-----` rules), often wrapped at
a fixed width. Three kinds of paragraph recur and are read here:
- quoted numbered rules (`502.82. Devour`, `502.82a Devour is a static ability ...`),
- `* ` bullet rulings, whose `-- ` sub-items belong to the ruling above them,
- prose.
Also here: dates written in prose (`September 23, 2008`) and the rules era a document
of a given date speaks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from ingest.dates import MONTH, iso_date
from ingest.rules_common import make_rule
from ingest.source import Source
from kb import rulenum
from kb.model import Record
from kb.text import Stage, display, lines, per_line

SEPARATOR = re.compile(r"^\s*-{5,}\s*$")
BULLET = re.compile(r"^\*\s+")
SUB_ITEM = re.compile(r"^--\s")
# a quoted rule: `502.82. Devour` (a heading, with its dot) or `502.82a Devour is ...`
QUOTED_RULE = re.compile(rf"^({rulenum.DOTTED})(\.?)\s+(\S.*)$")
PROSE_DATE = re.compile(r"\b" + MONTH + r"\s+(\d{1,2}),\s*(\d{4})\b", re.I)
_MARKS = re.compile(r"\((?:TM|R)\)|[\u2122\u00ae]")
# two spaces between two words (not after a full stop): a link whose text the capture lost
# (here and below, what comes before a match is looked behind from its first character, so
# that the regex engine skips to that character instead of trying every place)
_LOST_LINK = re.compile(r" (?<=\w ) +(?=\w)")
_EMPHASIS = re.compile(r"\*(?<![\w*]\*)(\w(?:[^*\n]*?\w)?)\*(?![\w*])")

# Effective dates of the Comprehensive Rules versions mtgkb is tested on.
KNOWN_CR_VERSIONS: tuple[str, ...] = ("2008-10-01", "2009-10-01", "2012-10-01", "2026-01-16")
# A document this close to a rules update speaks it: previews quote the rules a set
# release brings (the update is in effect from the prerelease), and rulings published in
# the weeks after it follow it.
ERA_WINDOW_DAYS = 31


@dataclass(frozen=True)
class Block:
    """A run of consecutive non-blank lines; `start` is the 1-based number of the first."""

    lines: tuple[str, ...]
    start: int

    @property
    def end(self) -> int:
        """1-based number of the last line."""
        return self.start + len(self.lines) - 1


def blocks(lines: list[str], first: int = 0, last: int | None = None) -> list[Block]:
    """Paragraphs of `lines[first:last]` (0-based slice), split at blank and `-----` lines."""
    found: list[Block] = []
    current: list[str] = []
    start = 0
    stop = len(lines) if last is None else min(last, len(lines))
    for index in range(first, stop):
        line = lines[index].rstrip()
        if not line.strip() or SEPARATOR.match(line):
            if current:
                found.append(Block(tuple(current), start))
            current = []
            continue
        if not current:
            start = index + 1
        current.append(line)
    if current:
        found.append(Block(tuple(current), start))
    return found


def split_bullets(block: Block) -> list[Block]:
    """A block cut before each `* ` line: a leading non-bullet part (if any), then the bullets."""
    pieces: list[Block] = []
    begin = 0
    for offset, line in enumerate(block.lines):
        if offset and BULLET.match(line):
            pieces.append(Block(block.lines[begin:offset], block.start + begin))
            begin = offset
    pieces.append(Block(block.lines[begin:], block.start + begin))
    return pieces


def is_bullet(block: Block) -> bool:
    """Whether a block is a `* ` bullet (a ruling)."""
    return bool(BULLET.match(block.lines[0]))


def join_wrapped(lines: Iterable[str]) -> str:
    """Wrapped lines of one paragraph as one line; `-- ` sub-items each start a new line.

    A word hyphenated across the wrap (`three-` / `colored`) is joined without a space.
    """
    out: list[str] = []
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if not out or SUB_ITEM.match(line):
            out.append(line)
        elif re.search(r"[A-Za-z]-$", out[-1]) and line[0].isalpha():
            out[-1] += line
        else:
            out[-1] += " " + line
    return "\n".join(out)


marks = Stage("marks", lambda text: _MARKS.sub("", text))
emphasis = Stage("emphasis", lambda text: _EMPHASIS.sub(r"\1", text))
sub_item = Stage("sub_item", lambda line: SUB_ITEM.sub("\u2014 ", line.strip()))
# Line by line, so that a `-- ` sub-item (shown as `— `) keeps its own line.
_CLEAN = marks | emphasis | per_line(sub_item | display) | lines


def clean(text: str) -> str:
    """Display text: `display` line by line, no trademark marks, no `*emphasis*` asterisks;
    an en dash between digits is a range (`October 3–6`) and becomes a hyphen, not a dash."""
    return _CLEAN(text)


def lost_links(block: Block) -> list[str]:
    """Capture damage in a block: two spaces between words, where a link's text was lost."""
    found = []
    for offset, raw in enumerate(block.lines):
        line = raw.strip()
        for match in _LOST_LINK.finditer(line):
            context = line[max(0, match.start() - 20):match.end() + 20]
            found.append(f"line {block.start + offset}: text lost (a link?) in {context!r}")
    return found


def bullet_text(block: Block) -> str:
    """The display text of a `* ` bullet block, its sub-items on lines of their own."""
    first = BULLET.sub("", block.lines[0], count=1)
    return clean(join_wrapped((first, *block.lines[1:])))


def quoted_rule(block: Block) -> tuple[str, str, bool] | None:
    """`(number, text, is_heading)` of a block that quotes a numbered rule, else None.

    A heading is a rule number with its dot and a short name alone on its line
    (`502.82. Devour`), as keyword sections are headed.
    """
    match = QUOTED_RULE.match(block.lines[0].strip())
    if not match:
        return None
    number, dot, rest = match.groups()
    text = clean(join_wrapped((rest, *block.lines[1:])))
    heading = (bool(dot) and not number[-1].isalpha() and len(block.lines) == 1
               and len(text) <= 60 and not text.endswith("."))
    return number, text, heading


class RuleReader:
    """Turns quoted-rule blocks into `rule` records, each under the rule it belongs to.

    A heading (`502.82. Devour`) becomes a rule whose text is its name; a subrule
    (`502.82a ...`) gets the heading's name in its title and its parent rule as `parent`.
    Rules whose parent rule the document does not quote get `default_parent`.
    """

    def __init__(self, source: Source, allocate: Callable[[str], str]) -> None:
        self.source = source
        self.allocate = allocate
        self.rules: list[Record] = []
        self._by_number: dict[str, Record] = {}
        self._names: dict[str, str] = {}

    def read(self, block: Block, default_parent: str | None = None) -> Record | None:
        """The rule record of a block, or None when the block is not a quoted rule."""
        parsed = quoted_rule(block)
        if parsed is None:
            return None
        number, text, is_heading = parsed
        parent_num = rulenum.parent(number) or ""
        parent_rule = self._by_number.get(parent_num)
        name = text if is_heading else self._names.get(parent_num, "")
        record = make_rule(
            self.source, self.allocate, number, text, heading=name,
            line_start=block.start, line_end=block.end,
            parent=parent_rule.id if parent_rule else default_parent,
        )
        self._by_number.setdefault(number, record)
        if is_heading:
            self._names[number] = text
        self.rules.append(record)
        return record

    def heading_of(self, rule: Record) -> Record | None:
        """The heading rule a rule belongs to (itself for a heading), if quoted."""
        number = rule.rule or ""
        for candidate in (number, rulenum.parent(number) or ""):
            if candidate in self._names:
                return self._by_number[candidate]
        return None


def ruling_record(source: Source, allocate: Callable[[str], str], parent_id: str, number: int,
                  subject: str, block: Block, cards: Iterable[str] = (),
                  keywords: Iterable[str] = ()) -> Record:
    """The `ruling` record of a `* ` bullet: id `{parent_id}:ruling:{number}`."""
    damage = lost_links(block)
    return Record(
        id=allocate(f"{parent_id}:ruling:{number}"), kind="ruling", source=source.id,
        title=f"{subject} \u2014 ruling {number}", text=bullet_text(block), date=source.date,
        era=source.era, cards=list(cards), keywords=list(keywords), line_start=block.start,
        line_end=block.end, parent=parent_id,
        meta={"subject": subject, **({"damage": damage} if damage else {})},
    )


def prose_date(text: str) -> str | None:
    """The ISO form of the first `Month D, YYYY` date in `text`, or None."""
    for match in PROSE_DATE.finditer(text):
        if found := iso_date(*match.groups()):
            return found
    return None


def rules_era(iso_date: str) -> str:
    """The rules version a document of this date speaks (the era field of a source).

    The known Comprehensive Rules version nearest the date when it is within
    `ERA_WINDOW_DAYS` (a set FAQ of 2008-09-23 speaks the 2008-10-01 rules its set brought);
    otherwise the date itself, which still orders the document against rules changes
    such as the 2009 renumbering.
    """
    try:
        when = date.fromisoformat(iso_date)
    except ValueError:
        return iso_date
    window = timedelta(days=ERA_WINDOW_DAYS)
    near = [v for v in KNOWN_CR_VERSIONS if abs(date.fromisoformat(v) - when) <= window]
    return min(near, key=lambda v: abs(date.fromisoformat(v) - when)) if near else iso_date


def head_lines(text: str, count: int) -> Iterator[str]:
    """The first `count` non-blank lines of a text, stripped."""
    seen = 0
    for line in text.split("\n"):
        if line.strip():
            yield line.strip()
            seen += 1
            if seen >= count:
                return
