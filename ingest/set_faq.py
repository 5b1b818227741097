"""The official set FAQ (plain text, as Wizards published them around 2008).

Layout: a header (title, compilers, "Document last modified <date>", release notes), then
"GENERAL NOTES": `***Title***` sections of prose with example cards, quoted rules and
`* ` rulings; then "CARD-SPECIFIC NOTES": card blocks separated by `-----` lines, each the
card (name, mana cost, type line, P/T or loyalty, rules text) and its `* ` rulings
(`-- ` sub-items belong to the ruling above them); a trademark footer.

Records: one `section` per general-notes section, with its quoted `rule`s (and a `keyword`
per keyword heading among them), its example `card`s and its `ruling`s; one `card` per
card block with its `ruling`s.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ingest.prose_blocks import (
    BULLET,
    SEPARATOR,
    Block,
    RuleReader,
    blocks,
    clean,
    head_lines,
    is_bullet,
    join_wrapped,
    lost_links,
    prose_date,
    rules_era,
    ruling_record,
    split_bullets,
)
from ingest.rules_common import keyword_records
from ingest.source import IngestError, Source
from kb.model import IdAllocator, Record, slugify

FORMAT = "set-faq"

GENERAL = "GENERAL NOTES"
CARD_NOTES = "CARD-SPECIFIC NOTES"
PART_HEADING = re.compile(r"^[ \t]*(GENERAL NOTES|CARD-SPECIFIC NOTES)[ \t]*$", re.M)
SECTION_HEADING = re.compile(r"^\*\*\*(.+?)\*\*\*$")
KEYWORD_HEADING = re.compile(r"\bKeyword Ability:\s*(.+)$", re.I)
LAST_MODIFIED = re.compile(r"last modified\s+(.+)$", re.I | re.M)

MANA_COST = re.compile(r"^(?:\{[^{}\s]+\})+$")
_TYPES = r"(?:Artifact|Creature|Enchantment|Instant|Land|Planeswalker|Sorcery|Tribal)"
TYPE_LINE = re.compile(
    rf"^(?:(?:Legendary|Basic|Snow|World)\s+)*{_TYPES}(?:\s+{_TYPES})*"
    r"(?:\s*(?:--|\u2014|\u2013)\s*\S.*)?$"
)
POWER_TOUGHNESS = re.compile(r"^([0-9X*+\-]+)/([0-9X*+\-]+)$")
LOYALTY = re.compile(r"^\d+$")
MAX_NAME = 60
SENTENCE_END = re.compile(r"[.!?][\"')]?$")
# how an ability's line begins: loyalty cost, mana or tap cost, trigger word, keyword with
# a cost, or any `cost: effect` (a colon before the first full stop)
ABILITY_START = re.compile(
    r"^(?:\[[+\-\u2212]?[\dX]+\]:|\{|(?:When|Whenever|At|As|Equip|Enchant)\b|[^.]*:)"
)


@dataclass
class CardText:
    """The printed parts of a card as the FAQ lists them (source text, not yet cleaned)."""

    name: str
    mana_cost: str
    type_line: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    rules: list[str]
    block: Block


@dataclass
class Section:
    """A general-notes section while it is being read: its record and its parts."""

    record: Record
    heading_keyword: str | None
    children: list[Record] = field(default_factory=list)
    rules: list[Record] = field(default_factory=list)
    ruling_blocks: list[Block] = field(default_factory=list)


def sniff(text: str) -> bool:
    """A "Frequently Asked Questions" title with GENERAL NOTES or CARD-SPECIFIC NOTES."""
    head = " ".join(head_lines(text, 10))
    return "Frequently Asked Questions" in head and bool(PART_HEADING.search(text))


def describe(text: str, path: Path) -> dict[str, str]:
    """Id, title, date and era as the FAQ states them (`shards-of-alara-faq-2008`)."""
    title = clean(next(head_lines(text, 1), ""))
    if not title:
        raise IngestError(f"{path}: empty file, not a set FAQ")
    modified = LAST_MODIFIED.search(text)
    when = prose_date(modified.group(1)) if modified else None
    when = when or prose_date(" ".join(head_lines(text, 10))) or ""
    slug = slugify(re.sub(r"frequently asked questions", "faq", title, flags=re.I))
    return {
        "id": f"{slug}-{when[:4]}" if when else slug,
        "title": title,
        "date": when,
        "era": rules_era(when) if when else "",
    }


def parse(source: Source, text: str) -> list[Record]:
    """All records of a set FAQ: general-notes sections, then card-specific notes."""
    lines = text.split("\n")
    parts = [(m.group(1), text.count("\n", 0, m.start(1))) for m in PART_HEADING.finditer(text)]
    if not parts:
        raise IngestError(f"{source.path}: no {GENERAL} or {CARD_NOTES} heading: not a set FAQ")
    allocate = IdAllocator()
    width = max(len(line) for line in lines)
    records: list[Record] = []
    for number, (name, index) in enumerate(parts):
        end = parts[number + 1][1] if number + 1 < len(parts) else len(lines)
        if name == GENERAL:
            records.extend(general_notes(source, allocate, lines, index + 1, end, width))
        else:
            records.extend(card_notes(source, allocate, lines, index + 1, end, width))
    return records


# --- general notes -------------------------------------------------------------------


def general_notes(source: Source, allocate: Callable[[str], str], lines: list[str],
                  first: int, last: int, width: int) -> list[Record]:
    """Records of the `***Title***` sections between lines[first:last]."""
    starts = [i for i in range(first, last) if SECTION_HEADING.match(lines[i].strip())]
    reader = RuleReader(source, allocate)
    sections = [
        read_section(source, allocate, reader, lines, start,
                     starts[n + 1] if n + 1 < len(starts) else last, width)
        for n, start in enumerate(starts)
    ]
    keywords = keyword_records(reader.rules, source, allocate)
    records: list[Record] = []
    for section in sections:
        records.extend(finish_section(source, allocate, section))
    return records + keywords


def read_section(source: Source, allocate: Callable[[str], str], reader: RuleReader,
                 lines: list[str], start: int, end: int, width: int) -> Section:
    """One section: prose into the section record; rules, example cards, rulings apart."""
    match = SECTION_HEADING.match(lines[start].strip())
    assert match is not None  # `start` was chosen for its heading
    title = clean(match.group(1))
    keyword = KEYWORD_HEADING.search(title)
    record = Record(
        id=allocate(f"{source.id}:section:{slugify(title)}"), kind="section", source=source.id,
        title=title, text="", date=source.date, era=source.era, line_start=start + 1,
        line_end=start + 1, meta={"heading": title},
    )
    section = Section(record, keyword.group(1).strip().lower() if keyword else None)
    prose: list[str] = []
    for block in blocks(lines, start + 1, end):
        record.line_end = block.end
        for piece in split_bullets(block):
            if is_bullet(piece):
                section.ruling_blocks.append(piece)
            elif (rule := reader.read(piece, record.id)) is not None:
                section.rules.append(rule)
                section.children.append(rule)
            elif (card := read_card(piece, width)) is not None:
                section.children.append(card_record(source, allocate, card, parent=record.id))
            else:
                prose.append(clean(join_wrapped(piece.lines)))
                if damage := lost_links(piece):
                    record.meta.setdefault("damage", []).extend(damage)
    record.text = "\n\n".join(prose) or title
    return section


def finish_section(source: Source, allocate: Callable[[str], str],
                   section: Section) -> list[Record]:
    """The section record with its keywords, then its rules, cards and rulings in order."""
    record = section.record
    names = [section.heading_keyword] if section.heading_keyword else []
    names += [name for rule in section.rules for name in rule.keywords]
    record.keywords = list(dict.fromkeys(names))
    rulings = [
        ruling_record(source, allocate, record.id, number, record.title, block,
                      keywords=record.keywords)
        for number, block in enumerate(section.ruling_blocks, 1)
    ]
    children = sorted(section.children + rulings, key=lambda r: r.line_start)
    return [record, *children]


# --- card-specific notes -------------------------------------------------------------


def card_notes(source: Source, allocate: Callable[[str], str], lines: list[str],
               first: int, last: int, width: int) -> list[Record]:
    """Records of the `-----`-separated card blocks between lines[first:last]."""
    records: list[Record] = []
    begin = first
    for index in range(first, last + 1):
        if index == last or SEPARATOR.match(lines[index]):
            records.extend(card_block(source, allocate, blocks(lines, begin, index), width))
            begin = index + 1
    return records


def card_block(source: Source, allocate: Callable[[str], str], paragraphs: list[Block],
               width: int) -> list[Record]:
    """A card and its rulings; nothing for a block that holds no card (the footer)."""
    pieces = [piece for block in paragraphs for piece in split_bullets(block)]
    card = read_card(pieces[0], width) if pieces else None
    if card is None:
        stray = next((piece for piece in pieces if is_bullet(piece)), None)
        if stray is not None:
            raise IngestError(f"{source.path}:{stray.start}: rulings without a card above them")
        return []
    record = card_record(source, allocate, card)
    name = card_name(card)
    rulings = [piece for piece in pieces[1:] if is_bullet(piece)]
    records = [record] + [
        ruling_record(source, allocate, record.id, number, name, piece, cards=[name])
        for number, piece in enumerate(rulings, 1)
    ]
    for piece in pieces[1:]:
        if not is_bullet(piece):
            record.meta.setdefault("damage", []).append(
                f"line {piece.start}: paragraph that is neither card text nor a ruling: "
                + clean(join_wrapped(piece.lines))
            )
    return records


# --- cards ---------------------------------------------------------------------------


def read_card(block: Block, width: int) -> CardText | None:
    """The card a block prints (name, [mana cost], type line, [P/T or loyalty], text)."""
    lines = [line.strip() for line in block.lines]
    name = lines[0]
    if (len(lines) < 2 or BULLET.match(name) or len(name) > MAX_NAME
            or name.endswith((".", ":", ",", ")"))):
        return None
    at = 2 if MANA_COST.match(lines[1]) else 1
    if at >= len(lines) or not TYPE_LINE.match(lines[at]):
        return None
    card = CardText(name, lines[1] if at == 2 else "", lines[at], None, None, None, [], block)
    at += 1
    if at < len(lines) and (pt := POWER_TOUGHNESS.match(lines[at])):
        card.power, card.toughness = pt.groups()
        at += 1
    elif at < len(lines) and "Planeswalker" in card.type_line and LOYALTY.match(lines[at]):
        card.loyalty = lines[at]
        at += 1
    card.rules = reflow(lines[at:], width)
    return card


def reflow(lines: list[str], width: int) -> list[str]:
    """Rules text lines with the wrapping undone: one line per ability.

    A line continues the one before while a parenthesis is still open, or when the wrap
    forced it there (the previous line plus its first word would not have fit in
    `width`) unless the previous line ended a sentence and this one starts an ability.
    """
    out: list[str] = []
    last_physical = ""
    for line in lines:
        forced = len(last_physical) + 1 + len(line.split(" ", 1)[0]) > width
        new_ability = bool(SENTENCE_END.search(last_physical) and ABILITY_START.match(line))
        if out and (out[-1].count("(") > out[-1].count(")") or (forced and not new_ability)):
            out[-1] = join_wrapped((out[-1], line))
        else:
            out.append(line)
        last_physical = line
    return out


def card_name(card: CardText) -> str:
    """The card's name as printed (display form)."""
    return clean(card.name)


def card_record(source: Source, allocate: Callable[[str], str], card: CardText,
                parent: str | None = None) -> Record:
    """The `card` record: a readable text block, the printed parts in meta."""
    name = card_name(card)
    type_line = clean(card.type_line)
    rules = [clean(line) for line in card.rules]
    meta: dict[str, object] = {"type_line": type_line, "rules_text": "\n".join(rules)}
    shown = [name]
    if card.mana_cost:
        meta["mana_cost"] = card.mana_cost
        shown.append(card.mana_cost)
    shown.append(type_line)
    if card.power is not None:
        meta["power"], meta["toughness"] = card.power, card.toughness
        shown.append(f"{card.power}/{card.toughness}")
    if card.loyalty is not None:
        meta["loyalty"] = card.loyalty
        shown.append(f"Loyalty: {card.loyalty}")
    return Record(
        id=allocate(f"{source.id}:card:{slugify(name)}"), kind="card", source=source.id,
        title=name, text="\n".join(shown + rules), date=source.date, era=source.era,
        cards=[name], line_start=card.block.start, line_end=card.block.end, parent=parent,
        meta=meta,
    )
