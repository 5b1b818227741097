"""Record text to escaped HTML: mentions become links, wording changes are marked.

A text is rendered line by line. Each mention the linker found (rule number, keyword,
card, glossary term) whose target has a home in the site becomes `<a href>`; a mention
without one stays plain text (the findings page lists it). Changes of wording against
another version (`kb.wording.WordChange`) become `<ins>` and `<del>`. Everything else is
escaped, so `<`, `>` and `&` in the sources show as they are.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from kb import rulenum
from kb.links.types import Mention
from kb.model import Record
from kb.wording import WordChange, number_blind, word_changes

Href = Callable[[str], str | None]

# NUL and other control characters (tab and line break kept), and the bidirectional
# embedding, override and isolate marks that can make a page read backwards
_UNSAFE_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
                           r"\ufffe\uffff]")


def clean(text: str) -> str:
    """Text without the characters a page must never carry (see `_UNSAFE_CHARS`)."""
    return _UNSAFE_CHARS.sub("", text)


def make_linker(records: list[Record]):  # noqa: ANN201 - kb.links.Linker
    """The cross-reference finder shared with the rest of mtgkb."""
    from kb.links import Linker

    return Linker(records)


def mentions_of(linker, record: Record) -> list[Mention]:  # noqa: ANN001
    """The mentions in a record's text, sorted and without overlaps."""
    found = sorted(linker.mentions(record.text, record), key=lambda m: (m.start, -m.end))
    kept: list[Mention] = []
    for mention in found:
        if mention.end > mention.start and (not kept or mention.start >= kept[-1].end):
            kept.append(mention)
    return kept


def changes_against(old: str, new: str) -> list[WordChange]:
    """Wording changes from `old` to `new`, ignoring renumbering and rule numbers that
    one side has and the other lacks (a definition quoted without its numbers)."""
    return [change for change in word_changes(old, new, key=number_blind)
            if not _numbers_only(change.removed.split() + new[change.start:change.end].split())]


def _numbers_only(words: list[str]) -> bool:
    return all(rulenum.is_label(word) for word in words)


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    href: str | None
    inserted: bool


def _covering(points: list[int], ranges: Sequence[tuple[int, int]]) -> list[int | None]:
    """For each piece between consecutive `points` (every range's start and end inside
    them among the points), the first range (by position in `ranges`) covering it, in one
    sweep: ranges enter when the sweep reaches their start and leave at their end."""
    order = sorted(range(len(ranges)), key=lambda i: ranges[i][0])
    active: dict[int, int] = {}  # range index -> its end
    found: list[int | None] = []
    nxt = 0
    for a in points[:-1]:
        while nxt < len(order) and ranges[order[nxt]][0] <= a:
            active[order[nxt]] = ranges[order[nxt]][1]
            nxt += 1
        for gone in [i for i, e in active.items() if e <= a]:
            del active[gone]
        found.append(min(active) if active else None)
    return found


def _line_spans(start: int, end: int, links: list[tuple[int, int, str]],
                changes: Sequence[WordChange]) -> list[_Span]:
    cuts = {start, end}
    for a, b, _ in links:
        cuts.update(x for x in (a, b) if start < x < end)
    for change in changes:
        cuts.update(x for x in (change.start, change.end) if start < x < end)
    points = sorted(cuts)
    linked = _covering(points, [(a, b) for a, b, _ in links])
    inserted = _covering(points, [(c.start, c.end) for c in changes if c.end > c.start])
    return [_Span(a, b, None if link is None else links[link][2], change is not None)
            for a, b, link, change in zip(points, points[1:], linked, inserted, strict=False)]


def _by_line(ranges: Sequence[tuple[int, int]], starts: list[int]) -> list[list[int]]:
    """The indexes of the ranges meeting each line (`starts`: where each line begins),
    each range listed on the lines from its start's to its end's."""
    lines: list[list[int]] = [[] for _ in starts]
    for index, (a, b) in enumerate(ranges):
        first = max(bisect.bisect_right(starts, a) - 1, 0)
        last = max(bisect.bisect_right(starts, b) - 1, 0)
        for line in range(first, last + 1):
            lines[line].append(index)
    return lines


def _render_line(text: str, start: int, end: int, links: list[tuple[int, int, str]],
                 changes: Sequence[WordChange]) -> Markup:
    deletions: dict[int, list[str]] = {}
    for change in changes:
        if change.removed and start <= change.start <= end:
            deletions.setdefault(change.start, []).append(change.removed)
    out: list[str] = []
    href: str | None = None
    inserted = False
    for span in _line_spans(start, end, links, changes):
        if span.start in deletions:
            if inserted:
                out.append("</ins>")
                inserted = False
            out += [f"<del>{escape(d)}</del> " for d in deletions.pop(span.start)]
        if span.href != href:
            if inserted:
                out.append("</ins>")
                inserted = False
            if href is not None:
                out.append("</a>")
            if span.href is not None:
                out.append(f'<a href="{escape(span.href)}">')
            href = span.href
        if span.inserted != inserted:
            out.append("<ins>" if span.inserted else "</ins>")
            inserted = span.inserted
        out.append(str(escape(text[span.start:span.end])))
    if inserted:
        out.append("</ins>")
    if href is not None:
        out.append("</a>")
    out += [f" <del>{escape(d)}</del>" for at in sorted(deletions) for d in deletions[at]]
    return Markup("".join(out))


def render_lines(text: str, mentions: Sequence[Mention] = (), href: Href | None = None,
                 changes: Sequence[WordChange] = (), start: int = 0,
                 end: int | None = None) -> list[Markup]:
    """`text[start:end]` as escaped HTML, one item per line, with links and changes."""
    end = len(text) if end is None else end
    links = []
    for mention in mentions:
        if start <= mention.start and mention.end <= end and mention.target and href:
            target = href(mention.target)
            if target:
                links.append((mention.start, mention.end, target))
    bounds = []
    pos = start
    while pos <= end:
        stop = text.find("\n", pos, end)
        stop = end if stop < 0 else stop
        bounds.append((pos, stop))
        pos = stop + 1
    starts = [a for a, _ in bounds]
    links_at = _by_line([(a, b) for a, b, _ in links], starts)
    changes_at = _by_line([(c.start, c.end) for c in changes], starts)
    return [_render_line(text, pos, stop, [links[i] for i in links_at[line]],
                         [changes[i] for i in changes_at[line]])
            for line, (pos, stop) in enumerate(bounds)]


def render(text: str, mentions: Sequence[Mention] = (), href: Href | None = None,
           changes: Sequence[WordChange] = (), start: int = 0, end: int | None = None) -> Markup:
    """Like `render_lines`, the lines joined with `<br>`."""
    return Markup("<br>\n").join(render_lines(text, mentions, href, changes, start, end))
