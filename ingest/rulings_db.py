"""A rulings-database search result: the "General Rulings" on one Comprehensive Rules section.

Layout (one item per line):

    This search based on the Oct 23, 2009 release of the Rulings.
    General Rulings - 112112 - Abilities
    - 112.6h - A trigger condition that ... [CompRules 2009/10/01]
    Example: Absolver Thrull has the ability ... [CompRules 2009/07/08]
    ...
    This search based on the Oct 23, 2009 release of the Rulings.

The header names the section; the capture doubles its number ("112112" for 112). Each
`- number - text [CompRules date]` line is a rule as that rules version words it; an
`Example:` line belongs to the rule above it; `<-...->` marks a placeholder the rules
print in brackets ("<-This creature-> can't block"); the marks go, the words stay.

Records: one `rule` per rule line (via `rules_common.make_rule`), dated by its
`[CompRules date]` tag, titled with the section's name ("112.6h Abilities"), each under
the rule it belongs to when the dump has that rule (112.6h under 112.6).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from ingest.rules_common import make_rule
from ingest.source import IngestError, Source
from kb import rulenum
from kb.model import IdAllocator, Record, slugify
from kb.text import normalize

FORMAT = "rulings-db"

RELEASE = re.compile(
    r"^This search based on the ((\w{3})\w*\.? (\d{1,2}), (\d{4})) release\b", re.M
)
HEADER = re.compile(r"^General Rulings - (\d+) - (.+?)\s*$", re.M)
RULE_LINE = re.compile(
    rf"^- ({rulenum.NUMBER}) - (.*?)\s*(?:\[CompRules (\d{{4}})/(\d{{2}})/(\d{{2}})\])?\s*$"
)
EXAMPLE_LINE = re.compile(r"^Example:\s*(.*?)\s*(?:\[CompRules \d{4}/\d{2}/\d{2}\])?\s*$")
TAG = re.compile(r"\[CompRules (\d{4})/(\d{2})/(\d{2})\]")
PLACEHOLDER = re.compile(r"<-(.*?)->")
SNIFF_LINES = 10


def section_number(captured: str) -> str:
    """The section number of the header: "112112" (the capture doubles it) -> "112"."""
    half = len(captured) // 2
    if len(captured) % 2 == 0 and captured[:half] == captured[half:]:
        return captured[:half]
    return captured


def display(text: str) -> str:
    """Display text of a rule or example: placeholder marks dropped, typography evened."""
    return normalize(PLACEHOLDER.sub(r"\1", text))


def release_date(text: str) -> str:
    """ISO date of "based on the Oct 23, 2009 release", or ""."""
    found = RELEASE.search(text)
    if not found:
        return ""
    _, month, day, year = found.groups()
    try:
        return datetime.strptime(f"{month} {day} {year}", "%b %d %Y").date().isoformat()
    except ValueError:
        return ""


def tag_date(year: str | None, month: str | None, day: str | None) -> str:
    """ISO form of a `[CompRules yyyy/mm/dd]` tag, or "" without one."""
    return f"{year}-{month}-{day}" if year and month and day else ""


class RuleLines:
    """Collects rule lines and the `Example:` lines under each, then builds records."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.pending: list[dict] = []

    def rule(self, match: re.Match[str], line: int) -> None:
        """A `- number - text [CompRules date]` line."""
        number, text, *tag = match.groups()
        self.pending.append({"number": number, "text": display(text), "date": tag_date(*tag),
                             "examples": [], "start": line, "end": line})

    def example(self, text: str, line: int) -> None:
        """An `Example:` line: it belongs to the rule above it."""
        if not self.pending:
            raise IngestError(f"{self.source.path}:{line}: an Example: line before any rule")
        self.pending[-1]["examples"].append(display(text))
        self.pending[-1]["end"] = line

    def records(self, heading: str) -> list[Record]:
        """One `rule` record per rule line, in document order."""
        allocate = IdAllocator()
        by_number: dict[str, Record] = {}
        records = []
        for item in self.pending:
            parent = by_number.get(rulenum.parent(item["number"]) or "")
            record = make_rule(
                self.source, allocate, item["number"], item["text"], heading=heading,
                examples=item["examples"], line_start=item["start"], line_end=item["end"],
                parent=parent.id if parent else None,
            )
            record.date = item["date"] or record.date
            by_number.setdefault(item["number"], record)
            records.append(record)
        return records


def header(text: str, path: Path | str) -> tuple[str, str]:
    """`(section number, section name)` from "General Rulings - 112112 - Abilities"."""
    found = HEADER.search(text)
    if not found:
        raise IngestError(f"{path}: no \"General Rulings - <section> - <name>\" header: "
                          "not a rulings-database dump")
    return section_number(found.group(1)), normalize(found.group(2))


# ------------------------------------------------------------------ the parser interface

def sniff(text: str) -> bool:
    """A "General Rulings - N - Name" header near the top and `- N.N - ... [CompRules]` lines."""
    head = text.split("\n", SNIFF_LINES)[:SNIFF_LINES]
    return (any(HEADER.match(line) for line in head)
            and any(RULE_LINE.match(line) and TAG.search(line) for line in head))


def describe(text: str, path: Path) -> dict[str, str]:
    """id `rulings-db-<section>-<name>-<year>`, title, release date, era (newest rules tag)."""
    number, name = header(text, path)
    released = release_date(text)
    stated = RELEASE.search(text)
    tags = sorted(tag_date(*m.groups()) for m in TAG.finditer(text))
    title = f"General Rulings - {number} - {name}"
    if released and stated:
        title += f" (rulings database, {stated.group(1)} release)"
    year = released[:4] or (tags[-1][:4] if tags else "")
    return {
        "id": "-".join(part for part in ("rulings-db", number, slugify(name), year) if part),
        "title": title,
        "date": released,
        "era": tags[-1] if tags else "",
    }


def parse(source: Source, text: str) -> list[Record]:
    """The rules of the dump, each with its examples and its own rules date."""
    number, name = header(text, source.path)
    collected = RuleLines(source)
    for index, line in enumerate(text.split("\n"), 1):
        rule = RULE_LINE.match(line.strip())
        if rule:
            collected.rule(rule, index)
            continue
        example = EXAMPLE_LINE.match(line.strip())
        if example:
            collected.example(example.group(1), index)
    records = collected.records(name)
    if not records:
        raise IngestError(f"{source.path}: no rule lines (\"- {number}.1 - ... [CompRules ...]\")")
    return records
