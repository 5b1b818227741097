"""A judge-wiki page of keyword definitions ("Appendix C (Judge Classes)") saved as text.

Layout: the page title, "From Judge Wiki (English)", "Jump to: navigation, search"; a
group heading ("Miscellaneous Abilities") and the rules section it covers ("(Comp. Rules
section 702)"); then per keyword its name on a line, a blank line, and its definition
paragraph (the rules' wording, without rule numbers); a "|" of page chrome at the end.

Records: one `keyword` per name and definition: title the name, keywords its lower-case
form, text the definition, no rule number; `meta['group']` and `meta['section']` from the
group heading above it. The capture ran some words together ("fearcan't", "anobject")
and cut the last definition short; `meta['damage']` lists what is noticed (see
`capture_damage`), the text stays as captured.
"""

from __future__ import annotations

import re
from pathlib import Path

from ingest import capture_damage as damage
from ingest.prose_blocks import Block, blocks, head_lines
from ingest.source import IngestError, Source
from kb import rulenum
from kb.model import IdAllocator, Record, slugify
from kb.text import normalize

FORMAT = "wiki-keywords"
# The page states no date. Its keywords end with infect (Scars of Mirrodin, October 2010)
# and its wording is that of the rules of that time ("cast", "enters the battlefield"):
# the rules of around 2011 (the date the manifest gives it).
ERA = "2011-01-01"

SECTION_MARKER = re.compile(rf"^\(Comp\. Rules section ({rulenum.SECTION})\)$")
WIKI_LINE = re.compile(r"^From (.*Wiki.*?)(?: \(\w+\))?$")
NAME = re.compile(r"^[A-Z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*){0,3}$")
NAME_MAX = 40
SNIFF_LINES = 12


def is_name(block: Block) -> bool:
    """A keyword-name paragraph: one short line of words, no punctuation."""
    return (len(block.lines) == 1 and len(block.lines[0].strip()) <= NAME_MAX
            and bool(NAME.match(block.lines[0].strip())))


def paragraph(block: Block) -> str:
    """A paragraph's lines as one line of text."""
    return " ".join(line.strip() for line in block.lines)


def marker_index(paragraphs: list[Block], path: Path | str) -> int:
    """Index of the first "(Comp. Rules section N)" paragraph, where definitions begin."""
    for index, block in enumerate(paragraphs):
        if SECTION_MARKER.match(paragraph(block)):
            return index
    raise IngestError(f"{path}: no \"(Comp. Rules section N)\" line: not a wiki keyword page")


class DefinitionReader:
    """Turns name + definition paragraphs into `keyword` records, noting capture damage."""

    def __init__(self, source: Source, text: str) -> None:
        self.source = source
        self.allocate = IdAllocator()
        others = damage.shipped_vocabulary(FORMAT)
        # without other documents' words there is no honest basis to call a word run together
        self.known = damage.document_vocabulary(text, others) if others else frozenset()

    def damage(self, definition: str) -> list[str]:
        """Run-together words, missing spaces, a definition cut short."""
        joined = damage.run_together(definition, self.known) if self.known else []
        return [*joined,
                *damage.missing_spaces(definition), *damage.cut_off(definition)]

    def keyword(self, name_block: Block, definition_block: Block, group: str,
                section: str) -> Record:
        """The `keyword` record of one name and its definition."""
        name = normalize(paragraph(name_block))
        raw = paragraph(definition_block)
        found = self.damage(raw)
        return Record(
            id=self.allocate(f"{self.source.id}:keyword:{slugify(name)}"), kind="keyword",
            source=self.source.id, title=name, text=normalize(raw), date=self.source.date,
            era=self.source.era, keywords=[name.lower()], line_start=name_block.start,
            line_end=definition_block.end,
            meta={"group": group, "section": section, **({"damage": found} if found else {})},
        )


# ------------------------------------------------------------------ the parser interface

def sniff(text: str) -> bool:
    """A "From ... Wiki" line and a "(Comp. Rules section N)" line near the top."""
    head = list(head_lines(text, SNIFF_LINES))
    return (any(WIKI_LINE.match(line) for line in head)
            and any(SECTION_MARKER.match(line) for line in head))


def describe(text: str, path: Path) -> dict[str, str]:
    """Title and id from the page title and wiki name; the page states no date."""
    head = list(head_lines(text, SNIFF_LINES))
    if not head or not sniff(text):
        raise IngestError(f"{path}: no wiki title and \"(Comp. Rules section N)\" line: "
                          "not a wiki keyword page")
    wiki = next((m.group(1) for m in map(WIKI_LINE.match, head) if m), "")
    title = normalize(head[0])
    return {"id": slugify(f"{wiki} {title}"), "title": f"{title}, {wiki}" if wiki else title,
            "date": "", "era": ERA}


def parse(source: Source, text: str) -> list[Record]:
    """One `keyword` record per name and definition after the section line."""
    paragraphs = blocks(text.split("\n"))
    start = marker_index(paragraphs, source.path)
    reader = DefinitionReader(source, text)
    group = paragraph(paragraphs[start - 1]) if start else ""
    section = SECTION_MARKER.match(paragraph(paragraphs[start]))
    number = section.group(1) if section else ""
    records: list[Record] = []
    index = start + 1
    while index + 1 < len(paragraphs):
        name, following = paragraphs[index], paragraphs[index + 1]
        marker = SECTION_MARKER.match(paragraph(following))
        if is_name(name) and marker:
            group, number = paragraph(name), marker.group(1)
        elif is_name(name) and not is_name(following):
            records.append(reader.keyword(name, following, group, number))
        else:
            index += 1
            continue
        index += 2
    if not records:
        raise IngestError(f"{source.path}: no keyword name and definition after the "
                          "\"(Comp. Rules section N)\" line")
    return records
