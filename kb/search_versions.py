"""One answer per rule across versions: the same rule, glossary entry or keyword in several
rules versions (lineage from the store; glossary entries and keywords by name) is one hit,
shown in the version asked for (the newest, the one in force on an `--as-of` date, or the
one of `--source`), the other versions listed. A group none of whose versions is in the
newest Comprehensive Rules at hand (the mana burn rules of 2008) is obsolete, and so is a
glossary entry marked "(Obsolete)" unless the query says its term.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb import rulenum
from kb.era import obsolete_term
from kb.index import stems


def is_rules_version(source: str) -> bool:
    """Whether a source id names a Comprehensive Rules version (`cr-YYYY-MM-DD`)."""
    return source.startswith("cr-")


@dataclass
class Group:
    """Records that are one rule / entry across versions, and the best score among them."""

    key: tuple[str, ...]
    score: float
    parts: dict[str, float]
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    members: list[str] = field(default_factory=list)

    def obsolete(self, newest_cr: str, said: set[str] | None = None) -> bool:
        """Only in rules versions older than the newest one at hand, or a glossary entry
        marked "(Obsolete)" whose term the query (`said`, its stems) does not say: asked
        by its term, it is today's word on the old term and live."""
        shown = list(self.records.values())
        if any(r["kind"] == "glossary" and (term := obsolete_term(r["title"])) is not None
               and not set(stems(term)) <= (said or set())
               for r in shown):
            return True
        sources = [m.split(":", 1)[0] for m in self.members] or [r["source"] for r in shown]
        return bool(newest_cr) and all(is_rules_version(s) for s in sources) \
            and newest_cr not in sources

    def pick(self, as_of: str | None, source: str | None) -> dict[str, Any] | None:
        """The version to show: of `source`, else the latest not after `as_of`, else the
        newest (the Comprehensive Rules first among records of one date)."""
        versions = list(self.records.values())
        if source:
            versions = [r for r in versions if r["source"] == source] or versions
        if as_of:
            versions = [r for r in versions if (r.get("date") or "") <= as_of]
        if not versions:
            return None
        return max(versions, key=lambda r: (r.get("date") or "", is_rules_version(r["source"])))


class Versions:
    """Lineage and records from the knowledge base's store (absent store: no lineage)."""

    def __init__(self, store_path: Path) -> None:
        self._kb: Any = None
        self.newest_cr = ""
        if store_path.is_file():
            from kb.store import KnowledgeBase

            self._kb = KnowledgeBase(store_path)
            crs = [s for s in self._kb.sources() if is_rules_version(s["id"])]
            self.newest_cr = max(crs, key=lambda s: s.get("date") or "")["id"] if crs else ""

    def close(self) -> None:
        """Release the store."""
        if self._kb is not None:
            self._kb.close()

    def lineage(self, record_id: str) -> list[str]:
        """The record's lineage group (itself alone when it has none)."""
        return (self._kb.lineage(record_id) if self._kb is not None else []) or [record_id]

    def fetch(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        """Export dicts of records by id."""
        if self._kb is None:
            return {}
        return {r.id: r.export() for r in self._kb.get_many(ids)}

    def children(self, record_id: str) -> list[dict[str, Any]]:
        """Export dicts of a record's children (a rule's subrules), in order."""
        if self._kb is None:
            return []
        return [r.export() for r in self._kb.children(record_id)]

    def group(self, ranked: list[tuple[float, dict[str, float], dict[str, Any]]]) -> list[Group]:
        """Ranked candidates to ranked groups (a group at its best member's rank)."""
        groups: dict[tuple[str, ...], Group] = {}
        for score, parts, record in ranked:
            members = self.lineage(record["id"])
            key = ("lineage", members[0]) if len(members) > 1 else (
                _name_key(record) or _text_key(record))
            if key not in groups:
                groups[key] = Group(key, score, parts, members=list(members))
            group = groups[key]
            group.records.setdefault(record["id"], record)
            group.members += [m for m in members if m not in group.members]
        return list(groups.values())

    def complete(self, group: Group) -> None:
        """Fetch the group's versions that were not among the candidates."""
        missing = [m for m in group.members if m not in group.records]
        group.records.update(self.fetch(missing))


def _name_key(record: dict[str, Any]) -> tuple[str, ...] | None:
    """Glossary entries and keyword definitions of the rules are one across versions by
    name."""
    if record["kind"] in ("glossary", "keyword") and is_rules_version(record["source"]):
        title = record["title"]
        return (record["kind"], (obsolete_term(title) or title).lower())
    return None


def _text_key(record: dict[str, Any]) -> tuple[str, ...]:
    """Records whose kind, title and text repeat word for word, rule numbers aside; for
    rulings, the text alone (one ruling printed for every card of a cycle is one answer)."""
    text = rulenum.IN_TEXT.sub("#", " ".join(record["text"].lower().split()))
    if record["kind"] == "ruling":
        return (record["kind"], text)
    return (record["kind"], rulenum.IN_TEXT.sub("#", record["title"].lower()), text)
