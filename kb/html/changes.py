"""One page per pair of consecutive rules versions: what changed (`kb.diff`).

`changes/<old>--<new>.html` lists, for rules, glossary entries and keywords, what was
added, removed, renumbered and reworded, each entry linked to its record in both versions
and reworded ones shown with their word changes. Each listed entry has an anchor, so a
rule's history links straight to its entry (`SiteContent.change_places`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kb.diff import PARTS, Entry, VersionDiff, diff_records
from kb.html.content import SiteContent
from kb.html.layout import Place, file_name, safe_name
from kb.html.pages import Page, source_label

KINDS = ("renumbered", "changed", "added", "removed")
KIND_LABELS = {"renumbered": "Renumbered", "changed": "Reworded", "added": "Added",
               "removed": "Removed"}


def changes_page(old: str, new: str) -> str:
    """The page of the changes from one version to the next."""
    return f"changes/{file_name(old)}--{file_name(new)}.html"


def entry_anchor(part: str, entry: Entry) -> str:
    """The anchor of an entry on its changes page."""
    return safe_name(f"{part}-{entry.new_id or entry.old_id}")


def change_pages(content: SiteContent) -> list[Page]:
    """A changes page per pair of consecutive rules versions (oldest first); fills
    `content.change_places` for the entries they list."""
    versions = [s["id"] for s in reversed(content.rules_versions)]
    lineage = content.lineage
    pages = []
    for old, new in zip(versions, versions[1:], strict=False):
        diff = diff_records(content.by_source.get(old, []), content.by_source.get(new, []),
                            lambda record_id: lineage.get(record_id, []))
        path = changes_page(old, new)
        content.change_pages[(old, new)] = path
        for part in PARTS:
            for kind in KINDS:
                for entry in getattr(getattr(diff, part), kind):
                    if entry.old_id and entry.new_id:
                        content.change_places[(entry.old_id, entry.new_id)] = Place(
                            path, entry_anchor(part, entry))
        title = (f"Changes from {source_label(content.source(old))} to "
                 f"{source_label(content.source(new))}")
        pages.append(Page(path, "changes.html", "changes", title,
                          partial(changes_context, content, diff, old, new)))
    return pages


def changes_context(content: SiteContent, diff: VersionDiff, old: str, new: str
                    ) -> dict[str, Any]:
    """Per part and kind of change, the entries with their records and marked wording."""
    parts = []
    for part in PARTS:
        found = getattr(diff, part)
        groups = []
        for kind in KINDS:
            rows = []
            for entry in getattr(found, kind):
                before = content.by_id.get(entry.old_id or "")
                after = content.by_id.get(entry.new_id or "")
                body = None
                if before is not None and after is not None and kind in ("changed",
                                                                         "renumbered"):
                    worded, same = content.worded(before, after)
                    body = None if same else worded
                rows.append({"entry": entry, "anchor": entry_anchor(part, entry),
                             "before": before, "after": after, "body": body})
            if rows:
                groups.append((kind, KIND_LABELS[kind], rows))
        parts.append((part, found.counts(), groups))
    return {"old": old, "new": new, "parts": parts}
