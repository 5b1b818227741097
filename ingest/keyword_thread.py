"""A forum thread "Keyword Abilities FAQ" saved as text: one section per keyword.

Layout: page navigation ("Jump Menu:", "Show More"); then per keyword a heading line (the
keyword's name, or several: "Banding and Bands with Other") and ONE long line holding the
whole section:

    Back to the Table of Contents [a note] Comprehensive Rules entry for this keyword:
    Show 702.81. Exalted 702.81a Exalted is ... Example: ... 702.81b ... [a note]
    Specific Questions Q: ... A: ... ----- Q: ... A: ... Back to the Table of Contents

A section without a rules entry holds only questions (Ability Words). Between sections
stand lone "Back to the Table of Contents" lines and notes that a section "has been
removed" (their keyword became an ability word, or no longer exists); the page ends
with the forum's reply box and viewer count.

Records:
- `rule` per quoted rule, split where a rule number of the section starts a rule (a
  number inside a text, "see rule 702.20j", does not), `Example:` texts kept with it;
- `keyword` per keyword heading among a section's rules (`rules_common.keyword_records`),
  `meta['section_heading']` the thread's heading, `meta['notes']` the thread's own notes
  (pointers to its main FAQ, "See also Storm"); numbers as the thread has them, even where
  wrong (it heads Rampage "702.20", which is Banding in its rules version);
- `qa` per question, under its section's keyword (`parent`), answer "" when unanswered;
- `section` for a section without a rules entry (the parent of its questions), and for
  each "This section has been removed" note, titled with the keyword the note names:
  the note says where that keyword went, which a reader searching for it wants to find.
Capture damage (card-name links lost with the text after them, lost mana-symbol images,
missing spaces, a section broken across two lines) goes to `meta['damage']`.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ingest import capture_damage as damage
from ingest.rules_common import keyword_records, make_rule
from ingest.source import IngestError, Source
from kb import rulenum
from kb.model import IdAllocator, Record, slugify
from kb.text import normalize

FORMAT = "keyword-thread"
TITLE = "Keyword Abilities FAQ (forum thread)"
# The capture states no date. Its rules entries are those of the Return to Ravnica
# Comprehensive Rules (Unleash 702.96, Populate 701.27): the version of 2012-10-01.
ERA = "2012-10-01"

NAV = "Back to the Table of Contents"
_LEADING_NAV = re.compile(r"^\s*(?:Back to the Table of Contents\s*)+")
_TRAILING_NAV = re.compile(r"(?:\s*Back to the Table of Contents)+\s*$")
ENTRY = re.compile(r"Comprehensive Rules entry for th(?:is|ese) keywords?:\s*(?:Show\b\s*)?")
QUESTIONS = re.compile(r"\bSpecific Questions\b\s*")
SEPARATOR = re.compile(r"\s*-{10,}\s*")
REMOVED = re.compile(r"^\s*This section has been removed\b")
REMOVED_NAME = re.compile(
    r"For information on ([A-Z][\w' -]*?), see|keyword it covered \(([^)]+)\)"
)
SEE_SECTION = re.compile(r"see the ([A-Z][\w' -]*?) section", re.I)
QUESTION = re.compile(r"^\s*Q:\s*")
ANSWER = re.compile(r"\bA:\s*")
PREVIOUS_WORD = re.compile(r"(\S+)\s*\Z")
RULE_NUMBER = re.compile(rf"(?<!\S)({rulenum.RULE})({rulenum.LETTER}?)(\.?)(?=\s|$)")
# words before a rule number that make it a reference, not the start of a rule
REFERENCE_WORDS = frozenset({"rule", "rules", "see", "and", "or", "through", "to", "of", "in"})
# the thread's pointer to its main FAQ after a keyword's last rule
FAQ_POINTER = re.compile(r"\s((?:For|See)\s[^.]*?\bQ&A FAQ\b[^.]*\.)\s*$")
EXAMPLE = re.compile(r"\s*\bExample:\s*")
HEADING_MAX = 80
SNIFF_CHARS = 5000


# ------------------------------------------------------------------ lines and sections

@dataclass(frozen=True)
class Body:
    """A section's lines joined by spaces, with the line each character came from."""

    text: str
    starts: tuple[int, ...]
    first_line: int

    @classmethod
    def of(cls, lines: list[str], first_line: int) -> Body:
        """The body made of `lines`, the first of which is line `first_line` of the file."""
        starts, offset = [], 0
        for line in lines:
            starts.append(offset)
            offset += len(line) + 1
        return cls(" ".join(lines), tuple(starts), first_line)

    def line_at(self, offset: int) -> int:
        """The 1-based file line of a character offset."""
        return self.first_line + max(0, bisect.bisect_right(self.starts, offset) - 1)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """File lines of `text[start:end]`."""
        return self.line_at(start), self.line_at(max(start, end - 1))

    def breaks(self, start: int, end: int) -> list[str]:
        """Damage: the line breaks inside `text[start:end]` (a section is one line)."""
        found = []
        for index, offset in enumerate(self.starts[1:], 1):
            if start < offset < end:
                before = self.text[max(0, offset - 40):offset - 1]
                after = self.text[offset:offset + 40]
                found.append(f"text lost at a line break: line {self.first_line + index - 1} "
                             f"ends {before.strip()!r}, the next goes on {after.strip()!r}")
        return found


@dataclass
class Section:
    """A heading line and the body lines after it."""

    heading: str
    line: int
    lines: list[str] = field(default_factory=list)

    @property
    def closed(self) -> bool:
        """Whether its body ended with the "Back to the Table of Contents" link."""
        return bool(self.lines) and self.lines[-1].rstrip().endswith(NAV)

    @property
    def body(self) -> Body:
        """Its body lines as one text."""
        return Body.of(self.lines, self.line + 1)


@dataclass(frozen=True)
class RemovedNote:
    """A "This section has been removed" note, outside any section."""

    text: str
    line: int


def is_heading(lines: list[str], index: int) -> bool:
    """A short line followed by a section line ("Back to the Table of Contents" and more)."""
    line = lines[index].strip()
    if not line or len(line) > HEADING_MAX or line.startswith(NAV) or REMOVED.match(line):
        return False
    following = lines[index + 1].strip() if index + 1 < len(lines) else ""
    return following.startswith(NAV) and len(following) > len(NAV)


def split_sections(lines: list[str]) -> list[Section | RemovedNote]:
    """Sections and removal notes in document order; navigation and page chrome dropped.

    A section's body runs from the line after its heading until it ends with "Back to
    the Table of Contents"; a line after an unfinished body belongs to it (the capture
    broke it in two).
    """
    items: list[Section | RemovedNote] = []
    current: Section | None = None
    for index, line in enumerate(lines):
        if is_heading(lines, index):
            current = Section(line.strip(), index + 1)
            items.append(current)
        elif current is not None and not current.closed and line.strip():
            current.lines.append(line)
        elif REMOVED.match(line):
            items.append(RemovedNote(line.strip(), index + 1))
    return items


# ------------------------------------------------------------------ a section's parts

@dataclass(frozen=True)
class Piece:
    """A stretch of a section body: `body.text[start:end]`."""

    start: int
    end: int

    def text(self, body: Body) -> str:
        """Its text."""
        return body.text[self.start:self.end].strip()


@dataclass(frozen=True)
class QuotedRule:
    """A rule as the thread quotes it: number, text, examples and where it stands."""

    number: str
    text: str
    examples: tuple[str, ...]
    piece: Piece


def content(body: Body) -> Piece:
    """The body without its "Back to the Table of Contents" links at either end."""
    lead = _LEADING_NAV.match(body.text)
    start = lead.end() if lead else 0
    trail = _TRAILING_NAV.search(body.text, start)
    return Piece(start, trail.start() if trail else len(body.text))


def rule_starts(entry: str) -> Iterator[re.Match[str]]:
    """The rule numbers that start a rule in a rules entry.

    A number starts a rule unless a reference word ("rule", "see", "and") stands before
    it. A heading number (`702.81.`, with its dot) must have its own subrules after it;
    a subrule (`702.81a`) must belong to the current heading, its letter after the last.
    """
    heading, letter = "", ""
    for match in RULE_NUMBER.finditer(entry):
        number, sub, dot = match.groups()
        before = PREVIOUS_WORD.search(entry, max(0, match.start() - 40), match.start())
        if before and before.group(1).strip("(\"'").lower() in REFERENCE_WORDS:
            continue
        if sub:
            if number == heading and sub > letter:
                letter = sub
                yield match
        elif dot and re.search(rf"(?<!\S){re.escape(number)}a\.?\s", entry[match.end():]):
            heading, letter = number, ""
            yield match


def quoted_rules(body: Body, entry: Piece) -> tuple[list[QuotedRule], list[str]]:
    """The rules of a rules entry, and the thread's notes around them."""
    text = body.text[entry.start:entry.end]
    starts = list(rule_starts(text))
    notes = [text[:starts[0].start()].strip()] if starts else [text.strip()]
    rules = []
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        rule_text = text[match.end():end]
        if index + 1 == len(starts):
            pointer = FAQ_POINTER.search(rule_text)
            if pointer:
                notes.append(pointer.group(1))
                end -= len(rule_text) - pointer.start()
                rule_text = rule_text[:pointer.start()]
        main, *examples = EXAMPLE.split(rule_text)
        number = match.group(1) + match.group(2)
        rules.append(QuotedRule(number, normalize(main), tuple(normalize(e) for e in examples),
                                Piece(entry.start + match.start(), entry.start + end)))
    return rules, [normalize(note) for note in notes if note.strip()]


def parts(body: Body) -> tuple[Piece | None, list[Piece]]:
    """A section's rules entry (or None) and its question chunks (split at `-----`)."""
    whole = content(body)
    entry_at = ENTRY.search(body.text, whole.start, whole.end)
    asked_from = whole.start
    entry = None
    prefix: list[Piece] = []
    if entry_at:
        if entry_at.start() > whole.start:
            prefix.append(Piece(whole.start, entry_at.start()))
        questions = QUESTIONS.search(body.text, entry_at.end(), whole.end)
        entry = Piece(entry_at.end(), questions.start() if questions else whole.end)
        asked_from = questions.end() if questions else whole.end
    chunks, start = [], asked_from
    for separator in SEPARATOR.finditer(body.text, asked_from, whole.end):
        chunks.append(Piece(start, separator.start()))
        start = separator.end()
    chunks.append(Piece(start, whole.end))
    return entry, prefix + [c for c in chunks if c.text(body)]


def question_and_answer(text: str) -> tuple[str, str] | None:
    """`(question, answer)` of a `Q: ... A: ...` chunk (answer "" if none), else None."""
    asked = QUESTION.match(text)
    if not asked:
        return None
    answered = ANSWER.search(text, asked.end())
    if not answered:
        return text[asked.end():].strip(), ""
    return text[asked.end():answered.start()].strip(), text[answered.end():].strip()


# ------------------------------------------------------------------ records

class ThreadReader:
    """Builds the records of one thread, sharing the id allocator and damage statistics."""

    def __init__(self, source: Source, text: str) -> None:
        self.source = source
        self.allocate: Callable[[str], str] = IdAllocator()
        self.openers = damage.SentenceOpeners(text)

    def section(self, section: Section) -> list[Record]:
        """The records of one section: rules, keywords (or a section record), questions."""
        body = section.body
        entry, chunks = parts(body)
        rules, notes = quoted_rules(body, entry) if entry else ([], [])
        records = self.rules(section, body, rules)
        owners = keyword_records(records, self.source, self.allocate)
        pairs = [(c, question_and_answer(c.text(body))) for c in chunks]
        notes += [normalize(c.text(body)) for c, qa in pairs if qa is None]
        if owners:
            self.annotate_keywords(owners, section, notes)
        else:
            owners = [self.section_record(section, body, notes)]
        questions = [self.qa(owners[0], body, c, qa, n)
                     for n, (c, qa) in enumerate(((c, qa) for c, qa in pairs if qa), 1)]
        return records + owners + questions

    def rules(self, section: Section, body: Body, rules: list[QuotedRule]) -> list[Record]:
        """`rule` records, each subrule under its heading rule."""
        records: list[Record] = []
        heading: Record | None = None
        for rule in rules:
            is_heading = not rule.number[-1].isalpha()
            name = rule.text if is_heading else (heading.text if heading else section.heading)
            start, end = body.span(rule.piece.start, rule.piece.end)
            record = make_rule(
                self.source, self.allocate, rule.number, rule.text, heading=name,
                examples=rule.examples, line_start=start, line_end=end,
                parent=None if is_heading or heading is None else heading.id,
            )
            record.meta.update(self.damage(body.breaks(rule.piece.start, rule.piece.end)))
            if is_heading:
                heading = record
            records.append(record)
        return records

    def annotate_keywords(self, keywords: list[Record], section: Section,
                          notes: list[str]) -> None:
        """The thread's heading, notes and the names its heading gives, on each keyword."""
        names = [name.strip().lower() for name in re.split(r"\band\b", section.heading)]
        for keyword in keywords:
            keyword.meta["section_heading"] = section.heading
            if notes:
                keyword.meta["notes"] = notes
            for name in names:
                if name and name not in keyword.keywords:
                    keyword.keywords.append(name)

    def section_record(self, section: Section, body: Body, notes: list[str]) -> Record:
        """A `section` record for a section without a rules entry."""
        start, end = body.span(0, len(body.text))
        return Record(
            id=self.allocate(f"{self.source.id}:section:{slugify(section.heading)}"),
            kind="section", source=self.source.id, title=section.heading,
            text="\n".join(notes) or section.heading, date=self.source.date,
            era=self.source.era, line_start=section.line, line_end=end,
            meta={"heading": section.heading, **({"notes": notes} if notes else {})},
        )

    def qa(self, owner: Record, body: Body, chunk: Piece, pair: tuple[str, str],
           number: int) -> Record:
        """A `qa` record under its section's keyword (or section)."""
        question, answer = (normalize(part) for part in pair)
        start, end = body.span(chunk.start, chunk.end)
        raw = chunk.text(body)
        found = [*body.breaks(chunk.start, chunk.end), *damage.lost_symbols(raw),
                 *damage.missing_spaces(raw), *damage.unclosed_parentheses(pair[0]),
                 *damage.unclosed_parentheses(pair[1]), *damage.breaks_off_at_name(pair[0]),
                 *self.openers.missing_breaks(raw)]
        return Record(
            id=self.allocate(f"{owner.id}:qa:{number}"), kind="qa", source=self.source.id,
            title=question, text=f"Q: {question}\nA: {answer}" if answer else f"Q: {question}",
            date=self.source.date, era=self.source.era,
            keywords=list(owner.keywords), line_start=start, line_end=end, parent=owner.id,
            meta={"question": question, "answer": answer, **self.damage(found)},
        )

    def removed(self, note: RemovedNote) -> Record:
        """A `section` record for a "This section has been removed" note."""
        named = REMOVED_NAME.search(note.text)
        name = next((g for g in named.groups() if g), "") if named else ""
        slug = slugify(name) if name else f"removed-{note.line}"
        return Record(
            id=self.allocate(f"{self.source.id}:section:{slug}"), kind="section",
            source=self.source.id, title=name or "Removed section", text=normalize(note.text),
            date=self.source.date, era=self.source.era,
            keywords=[name.lower()] if name else [], line_start=note.line, line_end=note.line,
            meta={"heading": name, "removed": True},
        )

    @staticmethod
    def damage(found: list[str]) -> dict[str, list[str]]:
        """`{'damage': found}` when anything was found, else nothing."""
        return {"damage": found} if found else {}


def link_removed_notes(records: list[Record]) -> None:
    """A removal note that says "see the X section" refers to that section's record."""
    by_title = {r.title.lower(): r.id for r in records if r.kind == "section"}
    for record in records:
        if record.kind == "section" and record.meta.get("removed"):
            for match in SEE_SECTION.finditer(record.text):
                target = by_title.get(match.group(1).lower())
                if target and target not in record.refs:
                    record.refs.append(target)


# ------------------------------------------------------------------ the parser interface

def sniff(text: str) -> bool:
    """Sections that start "Back to the Table of Contents Comprehensive Rules entry"."""
    head = text[:SNIFF_CHARS]
    return bool(re.search(rf"^{NAV}\s.*?{ENTRY.pattern}", head, re.M))


def describe(text: str, path: Path) -> dict[str, str]:
    """Id from the file name, the thread's title, the rules version it quotes; no date.

    The capture names neither itself nor a date: the title is the thread's, the era the
    rules version of its rules entries (`ERA`).
    """
    if not sniff(text):
        raise IngestError(f"{path}: no keyword sections: not a keyword FAQ thread")
    return {"id": slugify(path.stem), "title": TITLE, "date": "", "era": ERA}


def parse(source: Source, text: str) -> list[Record]:
    """Rules, keywords and Q&A of every section; sections for removal notes."""
    items = split_sections(text.split("\n"))
    if not any(isinstance(item, Section) for item in items):
        raise IngestError(f"{source.path}: no keyword sections (a heading line followed by "
                          f"\"{NAV} ...\"): not a keyword FAQ thread")
    reader = ThreadReader(source, text)
    records: list[Record] = []
    for item in items:
        if isinstance(item, Section):
            records.extend(reader.section(item))
        else:
            records.append(reader.removed(item))
    link_removed_notes(records)
    return records
