"""What every parser of numbered rules shares: rule numbers, rule records, keyword records.

Numbered rules appear in the Comprehensive Rules and quoted in FAQs, threads, blogs and
rulings dumps. Whatever the document, a rule becomes a `rule` Record built here, and the
keyword sections (502.x before the Magic 2010 renumbering, 702.x after; 501.x / 701.x for
keyword actions) also become one `keyword` Record per keyword, gathering its subrules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ingest.source import Source
from kb import rulenum
from kb.model import Record, slugify

# the M2010 update (effective 2009-07-11) moved keyword sections from 50x to 70x
RENUMBERING_DATE = "2009-07-11"


def keyword_section_kind(number: str, era: str) -> str | None:
    """'ability' or 'action' when `number` (a rule like `702.81`) heads a keyword in `era`."""
    if rulenum.level(number) != "rule":
        return None
    section = number.split(".")[0]
    modern = not era or era >= RENUMBERING_DATE
    abilities, actions = ("702", "701") if modern else ("502", "501")
    if section == abilities:
        return "ability"
    if section == actions:
        return "action"
    return None


def rule_title(number: str, heading: str) -> str:
    """Title of a rule record: its number and the heading it belongs to."""
    return f"{number} {heading}".strip() if heading else number


def make_rule(source: Source, allocate: Callable[[str], str], number: str, text: str,
              heading: str = "", examples: Iterable[str] = (), line_start: int = 0,
              line_end: int = 0, parent: str | None = None) -> Record:
    """A `rule` record with its examples appended to its text (and kept in meta)."""
    examples = [example for example in examples if example]
    body = "\n".join([text, *(f"Example: {example}" for example in examples)]).strip()
    return Record(
        id=allocate(f"{source.id}:{number}"), kind="rule", source=source.id,
        title=rule_title(number, heading), text=body, rule=number, date=source.date,
        era=source.era, line_start=line_start, line_end=line_end or line_start, parent=parent,
        meta={"examples": examples} if examples else {},
    )


def _subrules_by_rule(rules: list[Record]) -> dict[str, list[Record]]:
    """`702.81` -> its subrules (`702.81a`, `702.81b`, ...) among `rules`, in list order."""
    grouped: dict[str, list[Record]] = {}
    for rule in rules:
        number = rule.rule or ""
        if rulenum.level(number) == "subrule":
            grouped.setdefault(rulenum.parent(number) or "", []).append(rule)
    return grouped


def keyword_records(rules: list[Record], source: Source,
                    allocate: Callable[[str], str]) -> list[Record]:
    """One `keyword` record per keyword heading among `rules` (e.g. `702.81. Exalted`).

    Its text is the text of the keyword's subrules in order; `meta['number']` is the
    heading number and `meta['rules']` the ids of the rules it gathers. The heading rule
    and its subrules also get the keyword in their `keywords`.
    """
    found = []
    subrules = _subrules_by_rule(rules)
    for heading in rules:
        number = heading.rule or ""
        kind = keyword_section_kind(number, source.era)
        if not kind:
            continue
        name = heading.text.split("\n")[0].strip().rstrip(".")
        members = subrules.get(number, [])
        key = name.lower()
        for member in (heading, *members):
            if key not in member.keywords:
                member.keywords.append(key)
        body = "\n".join(f"{m.rule} {m.text}" for m in members) or heading.text
        found.append(Record(
            id=allocate(f"{source.id}:keyword:{slugify(name)}"), kind="keyword",
            source=source.id, title=name, text=body, date=source.date, era=source.era,
            keywords=[key], line_start=heading.line_start,
            line_end=max([heading.line_end, *(m.line_end for m in members)]),
            parent=heading.id,
            meta={"number": number, "rules": [heading.id, *(m.id for m in members)],
                  "keyword_kind": kind},
        ))
    return found
