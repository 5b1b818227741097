"""Parser for the Comprehensive Rules text as Wizards of the Coast publishes it (2003–today).

A CR file is: a title line, an effective-date line, an introduction, a table of contents,
the numbered rules under top-level sections (`1. Game Concepts`, `100. General`,
`100.1. ...`, `100.1a ...`, with `Example:` lines after a rule), a `Glossary` (a term line,
then its definition lines) and `Credits`. The words "Glossary" and "Credits" also appear
in the contents, which is skipped: the body starts at the section heading just above the
first numbered rule.

Reading goes in small steps over the decoded lines: find the document's parts
(`_bounds`), read the body line by line with one small handler per kind of line
(`_LINE_RULES`), then turn what was read into records (sections, rules, keywords,
glossary entries). Known slips of the published files are tolerated: a subrule with a
dot (`212.1b.`), a rule without one (`216.4 `), a lost number (`306.b`, read as the next
letter of the rule above and noted in `meta['damage']`), indented continuation
paragraphs, and a glossary term not separated from the entry above by a blank line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ingest.dates import MONTH, iso_date
from ingest.rules_common import keyword_records, make_rule
from ingest.source import IngestError, Source
from kb import rulenum
from kb.model import IdAllocator, Record, slugify
from kb.text import normalize

FORMAT = "comprehensive-rules"

# "These rules are effective as of October 1, 2009." / "... current as of ..." (2008)
_EFFECTIVE = re.compile(
    r"\b(?:effective|current|updated)\b[^\n]{0,30}?\b" + MONTH
    + r"\.?\s+(\d{1,2}),?\s+(\d{4})\b", re.IGNORECASE)
_ISO_IN_NAME = re.compile(r"((?:19|20)\d\d)-?([01]\d)-?([0-3]\d)")
_TITLE = re.compile(r"^(?:magic(?::\s*the\s+gathering)?\s*(?:\(r\)|\u00ae)?\s*)?"
                    r"comprehensive\s+rules\b", re.IGNORECASE)
_HEAD_LINES = 12

_SECTION = re.compile(r"^\s{0,3}(\d{1,2})\.\s+(\S.*)$")
# `100. General`, `100.1. Text`, `100.1a Text`; tolerates `212.1b.` and `216.4 Text`
_RULE = re.compile(
    rf"^\s{{0,3}}({rulenum.SECTION})\.(?:(\d+)({rulenum.LETTER}?))?\.?(?:\s+(\S.*))?$"
)
# `306.b Text`: a subrule whose middle number was lost
_LOST_NUMBER = re.compile(rf"^\s{{0,3}}({rulenum.SECTION})\.({rulenum.LETTER})\.?\s+(\S.*)$")
_EXAMPLE = re.compile(r"^\s*Examples?:\s*(.*)$")
_DETAIL_RULE = re.compile(rf"^\s{{0,3}}{rulenum.DOTTED}\.?\s")
_DETAIL_RULE_LINE = re.compile(rf"^\s{{0,3}}{rulenum.DOTTED}\.?\s+\S", re.MULTILINE)
_SENTENCE_END = re.compile(r"[.:;]$")
_CLOSERS = re.compile(r"[\"'\u201d\u2019)\]]+$")
_HEADING_MAX = 60


@dataclass
class _Block:
    """A numbered rule (or a top-level section) as read, before it becomes a record."""

    number: str
    line_start: int
    paragraphs: list[str] = field(default_factory=list)
    examples: list[list[str]] = field(default_factory=list)
    line_end: int = 0
    damage: list[str] = field(default_factory=list)

    def add(self, text: str, line: int) -> None:
        """Add a continuation paragraph: to the last example if any, else to the rule."""
        (self.examples[-1] if self.examples else self.paragraphs).append(text)
        self.line_end = line

    @property
    def text(self) -> str:
        """The rule's own text (paragraphs on their own lines), without examples."""
        return "\n".join(self.paragraphs)


@dataclass
class _Section:
    """A top-level section (`7. Additional Rules`) and the rules read under it."""

    number: str
    heading: str
    line_start: int
    rules: list[_Block] = field(default_factory=list)


@dataclass
class _State:
    """What the body reader has read so far."""

    sections: list[_Section] = field(default_factory=list)
    current: _Block | None = None

    def open(self, block: _Block) -> None:
        """Start a new rule under the current section (a section is made if there is none)."""
        if not self.sections:
            self.sections.append(_Section("", "", block.line_start))
        self.sections[-1].rules.append(block)
        self.current = block


# ---------------------------------------------------------------------------- the head

def effective_date(text: str) -> str:
    """The ISO date of the document's effective-date line, or "" when it has none."""
    head = "\n".join(text.split("\n", 60)[:60])
    match = _EFFECTIVE.search(head) or _EFFECTIVE.search(text)
    if not match:
        return ""
    return iso_date(*match.groups()) or ""


def _head(text: str) -> list[str]:
    """The first few non-blank lines, italics marks and trademark signs removed."""
    lines = []
    for line in text.split("\n", 200)[:200]:
        clean = line.replace("_", "").replace("\ufeff", "").strip()
        if clean:
            lines.append(clean)
        if len(lines) >= _HEAD_LINES:
            break
    return lines


def sniff(text: str) -> bool:
    """A Comprehensive Rules text: a title line near the top and numbered rules."""
    if not any(_TITLE.match(line) for line in _head(text)):
        return False
    return _DETAIL_RULE_LINE.search(text) is not None


def describe(text: str, path: Path) -> dict[str, str]:
    """id `cr-YYYY-MM-DD`, title, date and era, all from the effective-date line."""
    date = effective_date(text)
    if not date:
        named = _ISO_IN_NAME.search(path.name)
        if not named:
            raise IngestError(f"{path}: no effective-date line "
                              "(\"These rules are effective as of ...\")")
        date = "-".join(named.groups())
    return {"id": f"cr-{date}", "title": f"Comprehensive Rules (effective {date})",
            "date": date, "era": date}


# ------------------------------------------------------------------------- the parts

def _bounds(lines: list[str]) -> tuple[int, int, int, int]:
    """0-based (body start, body end, glossary start, glossary end) of a CR's lines.

    The body starts at the section heading (or rule heading) right above the first
    numbered rule, so the contents before it, which repeats the headings, is skipped; it
    ends at `Glossary` (or `Credits`); the glossary ends at `Credits`. Absent parts are
    empty ranges at the end.
    """
    end = len(lines)
    first = next((i for i, line in enumerate(lines) if _DETAIL_RULE.match(line)), end)
    start = first
    i = first - 1
    while i >= 0 and (not lines[i].strip() or _RULE.match(lines[i]) or _SECTION.match(lines[i])):
        if lines[i].strip():
            start = i
            if not _RULE.match(lines[i]):
                break
        i -= 1
    glossary = _find(lines, "glossary", first, end)
    credits = _find(lines, "credits", glossary if glossary < end else first, end)
    if glossary < end:
        return start, glossary, glossary + 1, credits
    return start, credits, end, end


def missing_parts(text: str) -> list[str]:
    """The parts every published CR has after its rules and this text lacks: a `Glossary`
    and then `Credits` (a file cut off mid-way lacks one or both)."""
    lines = text.split("\n")
    end = len(lines)
    first = next((i for i, line in enumerate(lines) if _DETAIL_RULE.match(line)), end)
    glossary = _find(lines, "glossary", first, end)
    credits = _find(lines, "credits", glossary if glossary < end else first, end)
    return [part for part, at in (("a glossary", glossary), ("credits", credits)) if at == end]


def _find(lines: list[str], word: str, start: int, end: int) -> int:
    """Index of the first line in lines[start:end] that is just `word`, else `end`.

    Only the lines holding the word are looked at: the block is searched for it as
    `_bare` reads it (a text of a few thousand lines, searched once)."""
    block = "\n".join(lines[start:end]).replace("_", "").lower()
    at, line, counted = block.find(word), start, 0
    while at >= 0:
        line += block.count("\n", counted, at)
        counted = at
        if _bare(lines[line]) == word:
            return line
        at = block.find(word, at + 1)
    return end


def _bare(line: str) -> str:
    """A line lower-cased without white space and italics marks (for `Glossary`)."""
    return line.replace("_", "").strip().lower()


# -------------------------------------------------------------------- the body reader

def _on_blank(state: _State, line: str, number: int) -> bool:
    """A blank line separates rules and says nothing more (pages saved as HTML may add or
    drop them)."""
    return not line.strip()


def _on_rule(state: _State, line: str, number: int) -> bool:
    """`100.`, `100.1.`, `100.1a`: a new rule."""
    match = _RULE.match(line)
    if not match:
        return False
    base, middle, letter, text = match.groups()
    block = _Block(f"{base}.{middle}{letter}" if middle else base, number, line_end=number)
    if text:
        block.paragraphs.append(text.strip())
    state.open(block)
    return True


def _on_lost_number(state: _State, line: str, number: int) -> bool:
    """`306.b` after `306.3a`: the subrule `306.3b` with its middle number lost."""
    match = _LOST_NUMBER.match(line)
    current = state.current
    if not match or current is None or not current.number.startswith(match.group(1) + "."):
        return False
    base = current.number.rstrip("abcdefghijklmnopqrstuvwxyz")
    block = _Block(base + match.group(2), number, [match.group(3).strip()], line_end=number,
                   damage=[f"number printed as {match.group(1)}.{match.group(2)}"])
    state.open(block)
    return True


def _on_section(state: _State, line: str, number: int) -> bool:
    """`7. Additional Rules`: a new top-level section."""
    match = _SECTION.match(line)
    if not match:
        return False
    state.sections.append(_Section(match.group(1), match.group(2).strip(), number))
    state.current = None
    return True


def _on_example(state: _State, line: str, number: int) -> bool:
    """`Example: ...` belongs to the rule above it."""
    match = _EXAMPLE.match(line)
    if not match or state.current is None:
        return False
    state.current.examples.append([match.group(1).strip()])
    state.current.line_end = number
    return True


def _on_continuation(state: _State, line: str, number: int) -> bool:
    """Any other line is a further paragraph of the rule (or example) above; CR files
    are not wrapped, so each line is a paragraph (indented or not, as pages vary)."""
    if state.current is not None:
        state.current.add(line.strip(), number)
    return True  # text between a section heading and its first rule: nothing to keep


_LINE_RULES: tuple[Callable[[_State, str, int], bool], ...] = (
    _on_blank, _on_rule, _on_lost_number, _on_section, _on_example, _on_continuation,
)


def _read_body(lines: list[str], start: int, end: int) -> list[_Section]:
    """The sections and rules of lines[start:end], each line given to the first handler
    that takes it."""
    state = _State()
    for index in range(start, end):
        line = lines[index]
        for rule in _LINE_RULES:
            if rule(state, line, index + 1):
                break
    return state.sections


# ------------------------------------------------------------------------- the records

def _is_heading(block: _Block, blocks: list[_Block], position: int) -> bool:
    """Whether a rule is a heading: `100. General`, or `702.81. Exalted` (a short title
    without a sentence end, with subrules under it)."""
    if "." not in block.number:
        return True
    if block.number[-1].isalpha() or len(block.paragraphs) != 1 or block.examples:
        return False
    text = block.paragraphs[0]
    if len(text) > _HEADING_MAX or _SENTENCE_END.search(text):
        return False
    following = blocks[position + 1] if position + 1 < len(blocks) else None
    return following is not None and following.number[:-1] == block.number


def _rule_records(sections: list[_Section], source: Source,
                  allocate: Callable[[str], str]) -> tuple[list[Record], list[Record], set[str]]:
    """Section records, rule records, and the ids of `NNN.N` rules that are not headings
    (`702.1. Most abilities ...`), which must not be taken for keywords."""
    section_records: list[Record] = []
    rules: list[Record] = []
    plain: set[str] = set()
    latest: dict[str, str] = {}
    for section in sections:
        # rules before any section heading (a slice of a file) have no section record
        section_id = allocate(f"{source.id}:section:{section.number}") if section.number else None
        headings: dict[str, str] = {}
        blocks = section.rules
        for position, block in enumerate(blocks):
            heading = _is_heading(block, blocks, position)
            if heading:
                headings[block.number] = normalize(block.text)
            record = make_rule(
                source, allocate, block.number, normalize(block.text),
                heading=_heading_for(block.number, headings),
                examples=[normalize("\n".join(example)) for example in block.examples],
                line_start=block.line_start, line_end=block.line_end,
                parent=_parent_id(block.number, latest) or section_id)
            if block.damage:
                record.meta["damage"] = block.damage
            if not heading and not block.number[-1].isalpha():
                plain.add(record.id)
            latest[block.number] = record.id
            rules.append(record)
        if section_id:
            section_records.append(_section_record(section, section_id, source, headings))
    return section_records, rules, plain


def _heading_for(number: str, headings: dict[str, str]) -> str:
    """The heading a rule belongs to: its own, its rule's (`702.81`), or its section's."""
    while number:
        if number in headings:
            return headings[number]
        number = rulenum.parent(number) or ""
    return ""


def _parent_id(number: str, latest: dict[str, str]) -> str | None:
    """The id of the nearest enclosing rule read so far (`702.81a` -> `…:702.81`)."""
    parent = rulenum.parent(number)
    while parent:
        if parent in latest:
            return latest[parent]
        parent = rulenum.parent(parent)
    return None


def _section_record(section: _Section, section_id: str, source: Source,
                    headings: dict[str, str]) -> Record:
    """`7. Additional Rules`, its text the section heading and its rules' headings."""
    title = normalize(f"{section.number}. {section.heading}")
    contents = [f"{number}. {text}" for number, text in headings.items() if "." not in number]
    end = max([section.line_start, *(block.line_end for block in section.rules)])
    return Record(
        id=section_id, kind="section", source=source.id, title=title,
        text="\n".join([title, *contents]), date=source.date, era=source.era,
        line_start=section.line_start, line_end=end,
        meta={"heading": normalize(section.heading), "number": section.number},
    )


def _glossary_entries(lines: list[str], start: int, end: int) -> list[tuple[int, list[str]]]:
    """(line index, [term, definition lines...]) for each entry of lines[start:end]."""
    entries: list[tuple[int, list[str]]] = []
    current: list[str] | None = None
    for index in range(start, end):
        line = lines[index]
        if not line.strip():
            current = None
        elif current is None or _starts_term(line, current, lines, index, end):
            current = [line]
            entries.append((index, current))
        else:
            current.append(line)
    return [(index, entry) for index, entry in entries if len(entry) > 1]


def _starts_term(line: str, entry: list[str], lines: list[str], index: int, end: int) -> bool:
    """A term line with no blank line before it (`Floor Rules` in the 2008 glossary):
    short, no sentence end, after a definition's last sentence, before a definition."""
    text = line.strip()
    return (len(entry) > 1 and _SENTENCE_END.search(_CLOSERS.sub("", entry[-1].strip()))
            is not None and len(text) <= _HEADING_MAX
            and not _SENTENCE_END.search(_CLOSERS.sub("", text))
            and not _EXAMPLE.match(line) and not text[:1].isdigit()
            and index + 1 < end and bool(lines[index + 1].strip()))


def _glossary_records(lines: list[str], start: int, end: int, source: Source,
                      allocate: Callable[[str], str]) -> list[Record]:
    """One `glossary` record per term: title the term, text its definition."""
    records = []
    for index, (term, *definition) in _glossary_entries(lines, start, end):
        name = normalize(term)
        records.append(Record(
            id=allocate(f"{source.id}:glossary:{slugify(name)}"), kind="glossary",
            source=source.id, title=name, text=normalize("\n".join(definition)),
            date=source.date, era=source.era, line_start=index + 1,
            line_end=index + 1 + len(definition), meta={"term": name},
        ))
    return records


def parse(source: Source, text: str) -> list[Record]:
    """Sections, rules, keywords and glossary entries of a Comprehensive Rules text."""
    date = effective_date(text) or source.date
    source = source.with_(date=date, era=source.era or date)
    lines = text.split("\n")
    start, body_end, glossary, glossary_end = _bounds(lines)
    allocate = IdAllocator()
    sections, rules, plain = _rule_records(_read_body(lines, start, body_end), source, allocate)
    keywords = keyword_records([rule for rule in rules if rule.id not in plain], source, allocate)
    entries = _glossary_records(lines, glossary, glossary_end, source, allocate)
    return [*sections, *rules, *keywords, *entries]
