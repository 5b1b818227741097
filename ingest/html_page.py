"""Pages saved from a browser: recognise them and reduce them to the text they show.

The reduction follows what a browser's `innerText` gives: the text inside the markup,
white space collapsed as HTML collapses it (kept as is inside `<pre>`), `<br>` a line
break, a block element (`<div>`, `<li>`, `<h1>`, ...) on lines of its own and a `<p>`
set off by a blank line. Page furniture (`script`, `style`, `nav`, `header`, `footer`,
`noscript`, the `head`) is dropped. A text document written out as HTML with one `<p>`
per paragraph and `<br>` between its lines comes back as the text it was, so the text
parsers read the page into the same records.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # bs4 is imported only to read a page (recognising one needs none)
    from bs4.element import Tag

_DROP = ("script", "style", "nav", "header", "footer", "noscript", "head", "template",
         "iframe", "svg", "button", "select", "object")
# elements a browser lays out as blocks: each starts and ends a line
_BLOCKS = frozenset(
    "address article aside blockquote body caption center dd details dialog div dl dt "
    "fieldset figcaption figure form h1 h2 h3 h4 h5 h6 hgroup hr html li main menu ol pre "
    "section summary table tbody tfoot thead tr ul".split())
_CELLS = frozenset(("td", "th"))
_HTML_START = re.compile(
    r"^\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html|head|body|meta|title"
    r"|p|div|pre|table|h[1-6]|br|ul|ol|section|article|main)\b", re.IGNORECASE | re.DOTALL)
_HTML_SPACE = re.compile(r"[ \t\n\r\f]+")


def looks_like_html(text: str) -> bool:
    """Whether a decoded file is an HTML page (it starts with a doctype or an HTML tag)."""
    return _HTML_START.match(text.lstrip("\ufeff")[:4096]) is not None


class _Output:
    """The text being written: runs of text and the line breaks required between them."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pending = 0  # line breaks required before the next text (max, not sum)
        self.line_start = True

    def breaks(self, count: int) -> None:
        """Require `count` line breaks (1: a new line, 2: a blank line) before more text."""
        if self.parts:
            self.pending = max(self.pending, count)

    def newline(self) -> None:
        """A forced line break (`<br>`)."""
        self._flush()
        self._trim()
        self.parts.append("\n")
        self.line_start = True

    def text(self, text: str, pre: bool = False) -> None:
        """Append text: white space collapsed unless it comes from `<pre>`."""
        if not pre:
            text = _HTML_SPACE.sub(" ", text)
            if self.line_start or self.pending or (self.parts and self.parts[-1][-1] == " "):
                text = text.lstrip(" ")
        if not text:
            return
        self._flush()
        self.parts.append(text)
        self.line_start = text.endswith("\n")

    def _flush(self) -> None:
        if self.pending:
            self._trim()
            self.parts.append("\n" * self.pending)
            self.pending = 0
            self.line_start = True

    def _trim(self) -> None:
        """Drop spaces at the end of the current line."""
        while self.parts and self.parts[-1].endswith(" "):
            self.parts[-1] = self.parts[-1].rstrip(" ")
            if not self.parts[-1]:
                self.parts.pop()

    def result(self) -> str:
        """The text, each line's trailing spaces removed."""
        self._trim()
        return "".join(self.parts)


def _walk(node: Tag, out: _Output, pre: bool) -> None:
    """Write the text of `node`'s children to `out`."""
    from bs4.element import CData, NavigableString, PreformattedString, Tag

    for child in node.children:
        if isinstance(child, PreformattedString) and not isinstance(child, CData):
            continue  # comments, the doctype, processing instructions
        if isinstance(child, NavigableString):
            out.text(str(child), pre)
            continue
        if not isinstance(child, Tag) or child.name in _DROP or child.has_attr("hidden"):
            continue
        name = child.name
        if name == "br":
            out.newline()
        elif name == "p":
            out.breaks(2)
            _walk(child, out, pre)
            out.breaks(2)
        elif name == "pre":
            out.breaks(1)
            _skip_leading_newline(child)
            _walk(child, out, True)
            out.breaks(1)
        elif name in _BLOCKS:
            out.breaks(1)
            _walk(child, out, pre)
            out.breaks(1)
        elif name in _CELLS:
            out.text(" ")
            _walk(child, out, pre)
            out.text(" ")
        else:
            _walk(child, out, pre)


def _skip_leading_newline(pre: Tag) -> None:
    """HTML ignores a line break right after `<pre>`."""
    from bs4.element import NavigableString

    first = next(iter(pre.children), None)
    if type(first) is NavigableString and first.startswith(("\r\n", "\n")):
        first.replace_with(first[2:] if first.startswith("\r\n") else first[1:])


def html_to_text(text: str) -> str:
    """The text a browser shows for an HTML page, lines as it lays them out."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(text, "html.parser")
    out = _Output()
    _walk(soup, out, pre=False)
    return out.result()
