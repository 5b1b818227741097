"""Record text to escaped HTML: mentions become links, wording changes are marked.

A text is rendered line by line. Each mention the linker found (rule number, keyword,
card, glossary term) whose target has a home in the site becomes `<a href>`; a mention
without one stays plain text (the findings page lists it). Changes of wording against
another version (`kb.wording.WordChange`) become `<ins>` and `<del>`. Everything else is
escaped, so `<`, `>` and `&` in the sources show as they are.
"""

from __future__ import annotations

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


def _line_spans(start: int, end: int, links: list[tuple[int, int, str]],
                changes: Sequence[WordChange]) -> list[_Span]:
    cuts = {start, end}
    for a, b, _ in links:
        cuts.update(x for x in (a, b) if start < x < end)
    for change in changes:
        cuts.update(x for x in (change.start, change.end) if start < x < end)
    points = sorted(cuts)
    spans = []
    for a, b in zip(points, points[1:], strict=False):
        href = next((h for s, e, h in links if s <= a and b <= e), None)
        inserted = any(c.start <= a and b <= c.end and c.end > c.start for c in changes)
        spans.append(_Span(a, b, href, inserted))
    return spans


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
    lines = []
    pos = start
    while pos <= end:
        stop = text.find("\n", pos, end)
        stop = end if stop < 0 else stop
        line_changes = [c for c in changes if c.start <= stop and c.end >= pos]
        lines.append(_render_line(text, pos, stop, links, line_changes))
        pos = stop + 1
    return lines


def render(text: str, mentions: Sequence[Mention] = (), href: Href | None = None,
           changes: Sequence[WordChange] = (), start: int = 0, end: int | None = None) -> Markup:
    """Like `render_lines`, the lines joined with `<br>`."""
    return Markup("<br>\n").join(render_lines(text, mentions, href, changes, start, end))
