"""The site's offline search index: a JavaScript file the pages load from disk.

A page opened from `file://` may not `fetch()` a JSON file, but it may load a script, so
the index is `search-index.js`, which sets `window.MTGKB_SEARCH` to
`{kinds, sources, entries}`; each entry is `[title, kind, source, url, snippet]`
(kind and source as positions in their lists, url relative to the site's root).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from kb import rulenum
from kb.html.content import SiteContent
from kb.html.layout import relative
from kb.html.pages import source_label
from kb.model import Record

SEARCH_INDEX = "search-index.js"
SNIPPET = 90
KINDS = ("keyword", "card", "rule", "glossary", "section", "source", "ruling", "qa")


def snippet(record: Record) -> str:
    """The start of a record's text, without the title it repeats, on one line."""
    text = re.sub(r"\s+", " ", record.text).strip()
    title = rulenum.strip_label(record.title).strip()
    if title and text.lower().startswith(title.lower()):
        text = text[len(title):].lstrip(" .:-—")
    return text[:SNIPPET] + ("…" if len(text) > SNIPPET else "")


def entries(content: SiteContent) -> tuple[list[str], list[list[str | int]]]:
    """The source labels and the index entries, pages first, then every record."""
    labels = [source_label(s) for s in content.sources]
    position = {s["id"]: n for n, s in enumerate(content.sources)}
    kind = {name: n for n, name in enumerate(KINDS)}
    layout = content.layout
    out: list[list[str | int]] = []
    for name, group in sorted(content.keywords.items()):
        out.append([group[-1].title, kind["keyword"], -1, layout.keyword_page(name),
                    snippet(group[-1])])
    for name, group in sorted(content.cards.items()):
        out.append([group[0].title, kind["card"], -1, layout.card_page(name),
                    snippet(group[0])])
    for source in content.sources:
        out.append([source_label(source), kind["source"], position[source["id"]],
                    layout.source_page(source["id"]), str(source.get("title", ""))])
    for record in content.records:
        if record.kind in ("keyword", "card"):
            continue
        place = layout.home(record)
        out.append([re.sub(r"\s+", " ", record.title)[:120], kind[record.kind],
                    position.get(record.source, -1), relative("", place), snippet(record)])
    return labels, out


def write_search_index(content: SiteContent, path: Path) -> None:
    """Write `search-index.js`."""
    labels, rows = entries(content)
    data = json.dumps({"kinds": KINDS, "sources": labels, "entries": rows},
                      ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    path.write_text(f"window.MTGKB_SEARCH={data};\n", encoding="utf-8")
