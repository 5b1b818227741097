"""Rendering a record's text as HTML: each piece of a line takes the first link and any
change covering it, whatever the number of links, lines and changes (found in one sweep,
so a 200 KB ruling with thousands of links renders in time linear in its length)."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.html.text import _line_spans, _render_line, render_lines
from kb.wording import WordChange


@dataclass
class Mention:
    start: int
    end: int
    target: str | None


@st.composite
def marked_text(draw: st.DrawFn) -> tuple[str, list[tuple[int, int, str]], list[WordChange]]:
    text = draw(st.text(alphabet="ab <&\n", min_size=1, max_size=60))
    span = st.tuples(st.integers(0, len(text)), st.integers(0, len(text))).map(sorted)
    links = [(a, b, f"p{i}") for i, (a, b) in enumerate(draw(st.lists(span, max_size=8)))]
    changes = [WordChange(draw(st.sampled_from(["", "old"])), a, b)
               for a, b in draw(st.lists(span, max_size=4))]
    return text, links, changes


@settings(max_examples=300)
@given(marked_text())
def test_each_piece_takes_the_first_link_and_any_change_covering_it(
        marked: tuple[str, list[tuple[int, int, str]], list[WordChange]]) -> None:
    text, links, changes = marked
    start, end = 0, len(text)
    spans = _line_spans(start, end, links, changes)
    assert [s.start for s in spans] == [start, *(s.end for s in spans[:-1])]
    assert spans[-1].end == end
    for span in spans:
        for at in range(span.start, span.end):
            assert span.href == next((h for a, b, h in links if a <= at < b), None)
            assert span.inserted == any(c.start <= at < c.end for c in changes)


@settings(max_examples=300)
@given(marked_text())
def test_lines_render_as_each_line_with_every_link_and_change(
        marked: tuple[str, list[tuple[int, int, str]], list[WordChange]]) -> None:
    text, links, changes = marked
    mentions = [Mention(a, b, h) for a, b, h in links]
    lines = render_lines(text, mentions, lambda target: f"{target}.html", changes)
    every = [(a, b, f"{h}.html") for a, b, h in links]
    expected, pos = [], 0
    for line in text.split("\n"):
        expected.append(_render_line(text, pos, pos + len(line), every, changes))
        pos += len(line) + 1
    assert lines == expected
