"""A rules blog post: a dated post quoting numbered rules, each followed by `* ` rulings.

Layout (one paragraph per line, blank lines between): the post date (`Monday, September
29, 2008`), the title, prose introducing each keyword, the quoted rules (`502.82. Devour`,
`502.82a ...`), the `* ` rulings on that keyword, and the blog's footer ("No comments:").

Records: the quoted `rule`s, one `keyword` per keyword heading among them, and the
`ruling`s, each under the keyword whose rules it follows. The prose (the introduction, a
sentence leading into each keyword, the footer) says nothing the rules and rulings do not,
so it makes no record; the title and date describe the source.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from ingest.prose_blocks import (
    BULLET,
    QUOTED_RULE,
    Block,
    RuleReader,
    blocks,
    clean,
    head_lines,
    is_bullet,
    prose_date,
    rules_era,
    ruling_record,
    split_bullets,
)
from ingest.rules_common import keyword_records
from ingest.source import IngestError, Source
from kb.model import IdAllocator, Record, slugify

FORMAT = "rules-blog"

POST_DATE = re.compile(
    r"^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,\s+[A-Z][a-z]+\s+\d{1,2},\s*\d{4}$"
)
# what other formats have and a blog post does not
NOT_A_BLOG = re.compile(
    r"^[ \t]*(?:GENERAL NOTES|CARD-SPECIFIC NOTES|Glossary|\*\*\*.+\*\*\*)[ \t]*$", re.M
)
HEAD_LINES = 3


def sniff(text: str) -> bool:
    """A post date among the first lines, quoted numbered rules and `* ` rulings."""
    head = list(head_lines(text, HEAD_LINES))
    if not any(POST_DATE.match(line) for line in head):
        return False
    lines = text.split("\n")
    return (any(QUOTED_RULE.match(line.strip()) for line in lines)
            and any(BULLET.match(line) for line in lines)
            and not NOT_A_BLOG.search(text))


def describe(text: str, path: Path) -> dict[str, str]:
    """Id (title slug and year), title and date as the post states them."""
    head = list(head_lines(text, HEAD_LINES + 1))
    dated = next((n for n, line in enumerate(head) if POST_DATE.match(line)), None)
    if dated is None or dated + 1 >= len(head):
        raise IngestError(f"{path}: no post date and title at the top: not a rules blog post")
    when = prose_date(head[dated]) or ""
    title = clean(head[dated + 1])
    return {
        "id": f"{slugify(title)}-{when[:4]}" if when else slugify(title),
        "title": title,
        "date": when,
        "era": rules_era(when) if when else "",
    }


def parse(source: Source, text: str) -> list[Record]:
    """The quoted rules, their keywords and the rulings under each keyword."""
    allocate = IdAllocator()
    reader = RuleReader(source, allocate)
    pending: list[tuple[Record, Block]] = []
    current: Record | None = None
    for block in blocks(text.split("\n")):
        for piece in split_bullets(block):
            if is_bullet(piece):
                if current is None:
                    raise IngestError(f"{source.path}:{piece.start}: a ruling before any rule")
                pending.append((current, piece))
            elif (rule := reader.read(piece)) is not None:
                current = reader.heading_of(rule) or rule
    keywords = keyword_records(reader.rules, source, allocate)
    rulings = attach_rulings(source, allocate, pending, keywords)
    return sorted([*reader.rules, *keywords, *rulings], key=lambda record: record.line_start)


def attach_rulings(source: Source, allocate: Callable[[str], str],
                   pending: list[tuple[Record, Block]], keywords: list[Record]) -> list[Record]:
    """Ruling records under the keyword of the rule each follows (else under that rule)."""
    by_heading = {keyword.parent: keyword for keyword in keywords}
    counts: Counter[str] = Counter()
    rulings = []
    for heading, block in pending:
        keyword = by_heading.get(heading.id)
        parent = keyword.id if keyword else heading.id
        counts[parent] += 1
        rulings.append(ruling_record(
            source, allocate, parent, counts[parent],
            keyword.title if keyword else heading.rule or heading.title, block,
            keywords=keyword.keywords if keyword else heading.keywords,
        ))
    return rulings
