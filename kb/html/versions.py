"""Pages about rules versions: today's rules at a stable address, and each version whole.

- `rules/current/` holds today's Comprehensive Rules (the latest version in the knowledge
  base) again, at addresses that do not name the version: `rules/current/702.html#702.19b`
  for a rule, `rules/current/index.html#<section>` for a section, `rules/current/
  glossary.html#<term>` for a glossary entry, `rules/current/all.html` for the whole text.
  A link a judge pastes stays on today's rules when a newer version is added. Links on
  these pages to today's rules stay under `rules/current/`.
- `rules/<version>/all.html`: one page per version holding the whole document (rules,
  then glossary), for the browser's find; its rule references are anchors on the page.
- A banner on every rules page of another version points to today's version of its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.html.content import SiteContent
from kb.html.layout import CURRENT, Place, file_name, rules_folder, top_rule
from kb.html.pages import (
    Alias,
    Page,
    glossary_context,
    rule_depth,
    rules_context,
    source_context,
    source_label,
)
from kb.model import Record

WHOLE = "all.html"


def whole_page(source: str) -> str:
    """The page holding a whole rules version."""
    return f"{rules_folder(source)}{WHOLE}"


def current_alias(content: SiteContent, source: str) -> Alias:
    """Moves links to today's rules pages, glossary and contents under `rules/current/`."""
    folder = rules_folder(source)
    pages = {content.layout.glossary_page(source): CURRENT + "glossary.html",
             content.layout.source_page(source): CURRENT + "index.html"}

    def alias(place: Place) -> Place:
        if place.page.startswith(folder):
            return Place(CURRENT + place.page[len(folder):], place.anchor)
        if place.page in pages:
            return Place(pages[place.page], place.anchor)
        return place
    return alias


def whole_records(content: SiteContent, source: str) -> list[Record]:
    """The sections, rules and glossary entries of a version, in document order."""
    layout = content.layout
    homes = {layout.glossary_page(source), layout.source_page(source)}
    folder = rules_folder(source)
    return [r for r in content.by_source.get(source, [])
            if r.kind in ("rule", "glossary") or (r.kind == "section" and "number" in r.meta)
            if layout.home(r).page in homes or layout.home(r).page.startswith(folder)]


def whole_alias(content: SiteContent, source: str, records: list[Record]) -> Alias:
    """Moves links to the records a whole-document page holds onto that page."""
    layout = content.layout
    anchors = {layout.home(r).anchor for r in records}
    target = whole_page(source)

    def alias(place: Place) -> Place:
        if place.anchor in anchors and place.page != target and _of_version(place.page, source,
                                                                            layout):
            return Place(target, place.anchor)
        return place
    return alias


def _of_version(page: str, source: str, layout: Any) -> bool:
    return page.startswith(rules_folder(source)) or page in (
        layout.glossary_page(source), layout.source_page(source))


def whole_context(content: SiteContent, source: str, records: list[Record]) -> dict[str, Any]:
    """A whole rules version: its sections with their rules, then its glossary."""
    parts: list[dict[str, Any]] = []
    glossary = sorted((r for r in records if r.kind == "glossary"), key=lambda r: r.title.lower())
    sections = {r.id: r for r in records if r.kind == "section"}
    for record in records:
        if record.kind != "rule":
            continue
        section = _section_of(content, record, sections)
        if not parts or parts[-1]["section"] is not section:
            parts.append({"section": section, "rules": []})
        parts[-1]["rules"].append((record, rule_depth(record.rule or "")))
    return {"source": source, "parts": parts, "glossary": glossary,
            "contents": [p["section"] for p in parts if p["section"] is not None]}


def _section_of(content: SiteContent, rule: Record, sections: dict[str, Record]
                ) -> Record | None:
    top = content.by_id.get(f"{rule.source}:{top_rule(rule.rule or '')}")
    parent = (top or rule).parent or ""
    return sections.get(parent)


def version_pages(content: SiteContent) -> list[Page]:
    """Today's rules under `rules/current/`, and each version's whole-document page."""
    pages: list[Page] = []
    today = content.today
    for entry in content.rules_versions:
        source = entry["id"]
        records = whole_records(content, source)
        alias = whole_alias(content, source, records)
        label = source_label(entry)
        pages.append(Page(whole_page(source), "whole.html", "whole", f"{label} · whole document",
                          _bind(whole_context, content, source, records), alias))
        if source == today:
            current = current_alias(content, source)
            pages.append(Page(CURRENT + WHOLE, "whole.html", "current",
                              f"{label} · whole document",
                              _bind(whole_context, content, source, records),
                              _chain(alias, current)))
    if today is None:
        return pages
    current = current_alias(content, today)
    label = source_label(content.source(today))
    tops = content.rules_tops[today]
    for top in tops:
        pages.append(Page(CURRENT + f"{file_name(top)}.html", "rules.html", "current",
                          f"{top} · today's rules ({label})",
                          _bind(rules_context, content, today, top, tops), current))
    pages.append(Page(CURRENT + "index.html", "source.html", "current",
                      f"Today's rules ({label})", _bind(source_context, content, today),
                      current))
    if content.layout.glossary_page(today) in content.on_page:
        pages.append(Page(CURRENT + "glossary.html", "glossary.html", "current",
                          f"Glossary · today's rules ({label})",
                          _bind(glossary_context, content, today), current))
    return pages


def _bind(function: Callable[..., dict[str, Any]], *args: Any) -> Callable[[], dict[str, Any]]:
    return lambda: function(*args)


def _chain(first: Alias, second: Alias) -> Alias:
    return lambda place: second(first(place))
